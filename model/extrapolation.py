"""Past the longest training sentence: how sinusoidal PE, RoPE and ALiBi read inputs longer than any they were trained
on (training sources have at most 16 tokens, targets at most 24). Held-out pairs are joined into inputs of two or
more sentences (every bucket, so that a sentence boundary, which no training input has, is in all of them alike), and
each model's mean loss per target token (teacher forced) is measured by source length:
`python -m model.extrapolation` writes checkpoints/after_2017/extrapolation.json, which the RoPE & ALiBi page reads."""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import torch

from model.checkpoint import VARIANT_DIR, Bundle, load_bundle
from model.corpus.phrase import Pair
from model.data import to_batch
from model.evaluate import held_out
from model.tokenizer import PAD_ID

MODELS = ("en-zh-sinusoidal", "en-zh-rope", "en-zh-alibi")  # in checkpoints/after_2017, trained alike
BUCKETS = (12, 16, 24, 32, 40, 48, 56, 64)  # source lengths: up to 12 tokens, 13–16, 17–24, …
PATH = VARIANT_DIR / "extrapolation.json"
TRAIN_MAX_SRC = 16  # the longest training source, in tokens (model.corpus, 400,000 pairs)


def joined(pairs: list[Pair]) -> Pair:
    """Several pairs as one: the sentences one after another on both sides (no alignment)."""
    en = tuple(t for p in pairs for t in p.en)
    zh = tuple(t for p in pairs for t in p.zh)
    return Pair(en, zh, tuple([None] * len(zh)))


def long_inputs(n_per_bucket: int, seed: int = 0) -> dict[int, list[Pair]]:
    """n inputs per length bucket, each joining two or more held-out pairs until its source reaches the bucket."""
    rng, pool = random.Random(seed), held_out(2000)
    out: dict[int, list[Pair]] = {b: [] for b in BUCKETS}
    low = 0
    for bucket in BUCKETS:
        while len(out[bucket]) < n_per_bucket:
            parts: list[Pair] = []
            while len(parts) < 2 or sum(len(p.en) for p in parts) <= low:
                parts.append(rng.choice(pool))
            pair = joined(parts)
            if len(pair.en) <= bucket and len(pair.zh) < 63:
                out[bucket].append(pair)
        low = bucket
    return out


@torch.no_grad()
def loss_per_token(bundle: Bundle, pairs: list[Pair]) -> float:
    """Mean cross-entropy of the reference's tokens (and <eos>), teacher forced, in nats."""
    src, tgt_in, tgt_out, _ = to_batch(pairs, bundle.src_vocab, bundle.tgt_vocab)
    logits = bundle.transformer(src, tgt_in)  # (B, T, V)
    return float(torch.nn.functional.cross_entropy(logits.transpose(1, 2), tgt_out, ignore_index=PAD_ID))


def measure(n_per_bucket: int) -> dict:
    """Each model's loss per target token by source-length bucket."""
    inputs = long_inputs(n_per_bucket)
    bundles = {name: load_bundle(name, VARIANT_DIR) for name in MODELS}
    return {"buckets": list(BUCKETS), "train_max_src": TRAIN_MAX_SRC, "n_per_bucket": n_per_bucket,
            "loss": {name: [round(loss_per_token(b, inputs[k]), 4) for k in BUCKETS] for name, b in bundles.items()}}


def load(path: Path = PATH) -> dict | None:
    """The measurement shipped with the variants, or None before it is made."""
    return json.loads(path.read_text()) if path.exists() else None


def main(argv=None) -> None:
    """Measure and write the JSON."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--n", type=int, default=64, help="inputs per length bucket")
    args = p.parse_args(argv)
    torch.set_num_threads(1)  # as every process that runs the model: a busy 2-core machine stalls two threads
    torch.manual_seed(0)
    result = measure(args.n)
    PATH.write_text(json.dumps(result, indent=1))
    for name, losses in result["loss"].items():
        print(f"{name:12s} " + "  ".join(f"≤{b}: {x:.2f}" for b, x in zip(BUCKETS, losses)))
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
