"""What a larger model or beam search would buy (docs/model.md, "Larger models and beam search").

    python -m benchmarks.model_size            # CPU of one recorded pass: the shipped en-zh against larger sizes
    python -m benchmarks.model_size --bleu     # test.tsv BLEU of en-zh and zh-en, greedy against beam search

The sizes are random-weight models with the shipped vocabularies, each fed the shipped model's own translation
(teacher forcing), so every size does the same work per keystroke; the models are interleaved in one process.
"""
from __future__ import annotations

import argparse
import dataclasses
import time
from pathlib import Path

import torch

from model.checkpoint import CHECKPOINT_DIR, Bundle, load_bundle, parameter_count
from model.decoding import DecodeOptions
from model.tatoeba import DEFAULT_CORPUS
from model.trace import run_with_trace
from model.transformer import Transformer

SIZES = [(128, 4, 1024), (192, 6, 768), (256, 8, 1024)]  # (d_model, h, d_ff), N = 3 + 3: the largest is 256, 8
TEXTS = ["the animal did not cross the street because it was too tired .",
         "the teacher gave my friend two old books at school yesterday .",
         "my mother drinks hot tea with my father every morning ."]


def sized(shipped: Bundle, d_model: int, h: int, d_ff: int) -> Bundle:
    """A random-weight model of this size with the shipped model's vocabularies and other settings."""
    torch.manual_seed(0)
    cfg = dataclasses.replace(shipped.config, d_model=d_model, h=h, d_ff=d_ff)
    return Bundle(f"d_model {d_model}, h {h}, d_ff {d_ff}", Transformer(cfg).eval(), shipped.src_vocab,
                  shipped.tgt_vocab)


def keystrokes() -> list[str]:
    """The sentence box after each pair of keys while typing TEXTS, three times (a different ending each time)."""
    return [text[:k] + "x" * rep for rep in range(3) for text in TEXTS for k in range(8, len(text) + 1, 2)]


def pass_seconds(bundle: Bundle, text: str, out_ids: list[int]) -> float:
    """CPU seconds of one recorded encoder pass and teacher-forced decoder pass over out_ids."""
    src = torch.tensor([bundle.src_vocab.encode(text, bundle.config.max_len).ids])  # (1, S)
    tgt = torch.tensor([out_ids]).clamp(max=bundle.config.tgt_vocab_size - 1)  # (1, T)
    start = time.process_time()
    with torch.no_grad(), bundle.transformer.recording():
        memory = bundle.transformer.encode(src)  # (1, S, d_model)
        bundle.transformer.decode(memory, src, tgt)  # (1, T, V_tgt)
    return time.process_time() - start


def size_costs(reference: Path) -> None:
    """Print each size's CPU per recorded pass, against the shipped en-zh and the grammar-only reference."""
    shipped = load_bundle("en-zh")
    bundles = [load_bundle("en-zh-sinusoidal", reference), shipped] + [sized(shipped, *s) for s in SIZES]
    cost = [0.0] * len(bundles)
    texts = keystrokes()
    for text in texts:
        out_ids = [1] + [i for i in run_with_trace(shipped, text).decoded.ids if i > 3]  # <bos> y1 … yn
        for i, bundle in enumerate(bundles):
            cost[i] += pass_seconds(bundle, text, out_ids)
    for bundle, seconds in zip(bundles, cost):
        print(f"{bundle.name:28s} {parameter_count(bundle.transformer) / 1e6:5.2f} M parameters  "
              f"{seconds / len(texts) * 1000:6.2f} ms per pass  {seconds / cost[1]:4.2f}× the shipped en-zh  "
              f"{seconds / cost[0]:4.2f}× the grammar-only")


def beam_bleu(corpus: Path) -> None:
    """Print test.tsv BLEU and chrF of en-zh and zh-en decoded greedily (the app's default) and by beam search."""
    import sacrebleu

    from model import tatoeba

    rows = tatoeba.rows("test", corpus)
    for name in ("en-zh", "zh-en"):
        bundle = load_bundle(name)
        to_zh = bundle.src_lang == "en"
        sources, refs = [r.en if to_zh else r.zh for r in rows], [r.zh if to_zh else r.en for r in rows]
        for opts in (DecodeOptions(), DecodeOptions(method="beam", beam_width=4)):
            hyps = [run_with_trace(bundle, s, opts).output_text for s in sources]
            bleu = sacrebleu.corpus_bleu(hyps, [refs], tokenize="zh" if to_zh else "13a")
            chrf = sacrebleu.corpus_chrf(hyps, [refs])
            print(f"{name} {opts.method:6s} BLEU {bleu.score:5.2f}  chrF {chrf.score:5.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bleu", action="store_true", help="greedy against beam search on test.tsv instead")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = ap.parse_args()
    torch.set_num_threads(1)
    if args.bleu:
        beam_bleu(args.corpus)
    else:
        size_costs(CHECKPOINT_DIR / "after_2017")


if __name__ == "__main__":
    main()
