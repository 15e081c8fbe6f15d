"""Evaluate a shipped model on held-out generated pairs: `python -m model.evaluate --model en-zh`."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import torch

from model.checkpoint import CHECKPOINT_DIR, Bundle, available_models, load_bundle
from model.corpus import generate
from model.data import sides, to_batch
from model.decoding import greedy_batch

EVAL_SEED = 4321


def held_out(n: int) -> list:
    """n distinct held-out pairs (test split, disjoint from training sentences)."""
    seen, out = set(), []
    for p in generate(n * 4, seed=EVAL_SEED, split="test"):
        if p.en not in seen:
            seen.add(p.en)
            out.append(p)
        if len(out) == n:
            break
    return out


@torch.no_grad()
def exact_match(bundle: Bundle, pairs: list, batch_size: int = 256) -> float:
    """Fraction of pairs whose greedy translation equals the reference token for token."""
    hits = 0
    for i in range(0, len(pairs), batch_size):
        chunk = pairs[i : i + batch_size]
        src, *_ = to_batch(chunk, bundle.src_vocab, bundle.tgt_vocab)
        outputs = greedy_batch(bundle.model, src, bundle.cfg.max_len)
        for p, out in zip(chunk, outputs):
            hits += bundle.tgt_vocab.decode(out) == list(sides(p, bundle.src_lang)[1])
    return hits / len(pairs)


@torch.no_grad()
def alignment_accuracy(bundle: Bundle, pairs: list, batch_size: int = 256) -> list[float]:
    """Per decoder layer: how often the head-averaged cross-attention argmax, on the row that predicts a
    target token (teacher forcing), is that token's gold source word."""
    N = bundle.cfg.N
    hits, total = torch.zeros(N), 0
    for i in range(0, len(pairs), batch_size):
        src, tgt_in, _, align = to_batch(pairs[i : i + batch_size], bundle.src_vocab, bundle.tgt_vocab)
        with bundle.model.recording() as cache:
            bundle.model(src, tgt_in)
        keep = align >= 0  # (B, T)
        total += int(keep.sum())
        for layer in range(N):
            avg = cache[f"decoder.{layer}.cross_attn.hook_pattern"].mean(1)  # (B, T, S)
            hits[layer] += int(((avg.argmax(-1) == align) & keep).sum())
    return (hits / max(total, 1)).tolist()


def evaluate(name: str, n: int, root: Path = CHECKPOINT_DIR) -> dict:
    """Exact match and alignment accuracy of one model."""
    bundle = load_bundle(name, root)
    pairs = held_out(n)
    return {"model": name, "pairs": len(pairs), "exact_match": exact_match(bundle, pairs),
            "alignment_by_layer": alignment_accuracy(bundle, pairs)}


def main(argv=None) -> None:
    """Print the evaluation table (and JSON with --json)."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--model", action="append", help="checkpoint name (repeatable); default: all shipped")
    p.add_argument("--n", type=int, default=2000, help="number of held-out pairs")
    p.add_argument("--dir", type=Path, default=CHECKPOINT_DIR, help="folder holding the checkpoints")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    results = [evaluate(m, args.n, args.dir) for m in (args.model or available_models(args.dir))]
    if args.json:
        print(json.dumps(results, indent=1))
        return
    for r in results:
        layers = "  ".join(f"L{i}: {a:.1%}" for i, a in enumerate(r["alignment_by_layer"]))
        print(f"{r['model']:8s} held-out pairs {r['pairs']}  exact match {r['exact_match']:.2%}  "
              f"cross-attention alignment {layers}  (best {max(r['alignment_by_layer']):.1%})")


if __name__ == "__main__":
    main()
