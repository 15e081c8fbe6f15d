"""Time of one traced forward pass per sentence: `python -m benchmarks.trace_time [--model en-zh] [--repeat 30]`."""
from __future__ import annotations

import argparse
import statistics
import time

import torch

from model.ablation import importance, mean_z, run_knockout
from model.checkpoint import load_bundle
from model.decoding import DecodeOptions
from model.evaluate import held_out
from model.snapshots import load_snapshot, snapshots
from model.trace import run_with_trace

BASE = "i read books at school every day . my friend drinks a cup of hot tea in the morning ."


def sentence_of(n_tokens: int) -> str:
    """A sentence of exactly n_tokens English tokens (repeating a known sentence)."""
    words = (BASE.split() * (n_tokens // len(BASE.split()) + 1))[:n_tokens]
    return " ".join(words)


def timed(fn, repeat: int) -> tuple[float, float]:
    """Median and max wall time of fn() in milliseconds (after one warm-up call)."""
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def cold(bundle) -> None:
    """Forget what followed each token in the bundle's recent translations (the guess after a used-up draft), so
    a run repeated 30 times does not guess itself whole."""
    bundle.follows.clear()


def main(argv=None) -> None:
    """Print a table of trace times for 16 and 64 source tokens."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--model", default="en-zh")
    p.add_argument("--repeat", type=int, default=30)
    p.add_argument("--threads", type=int, default=1, help="torch threads (the app uses 1)")
    args = p.parse_args(argv)
    torch.set_num_threads(args.threads)
    bundle = load_bundle(args.model)
    print(f"model {args.model}, torch threads {args.threads}, {args.repeat} runs each (median / max, ms)")
    header = f"{'1-step decode':>16}  {'greedy, no draft':>18}  {'greedy, previous keystroke as draft':>36}"
    print(f"{'tokens':>6}  {header}")
    for n in (16, 64):
        text = sentence_of(n)
        draft = run_with_trace(bundle, text[:-1]).decoded.ids  # the translation one keystroke earlier
        one_step = DecodeOptions(max_steps=1)
        a = timed(lambda: run_with_trace(bundle, text, one_step), args.repeat)  # noqa: B023
        b = timed(lambda: cold(bundle) or run_with_trace(bundle, text), args.repeat)  # noqa: B023
        c = timed(lambda: cold(bundle) or run_with_trace(bundle, text, draft=draft), args.repeat)  # noqa: B023
        steps = len(run_with_trace(bundle, text).decoded.steps)
        print(f"{n:>6}  {a[0]:>8.1f} / {a[1]:<5.1f}  {b[0]:>9.1f} / {b[1]:<6.1f}  {c[0]:>20.1f} / {c[1]:<6.1f}"
              f"  ({steps} decoding steps)")
    lab(bundle, args.repeat)


def lab(bundle, repeat: int) -> None:
    """The lab's server-side costs at 16 tokens: one head knocked out, the all-heads importance table, and a
    move of the training slider (both twins' snapshots traced on a sentence not seen before)."""
    text = sentence_of(16)
    means = mean_z(bundle, held_out(256))
    own = run_with_trace(bundle, text).decoded.ids
    knock = timed(lambda: run_knockout(bundle, text, [("cross", 1, 0)], "mean", means), repeat)
    table = timed(lambda: importance(bundle, text, own, "mean", means), repeat)
    twins = [(name, [s.step for s in snapshots(name)]) for name in ("en-zh", "en-zh-unguided")]
    loaded = {(name, step): load_snapshot(name, step) for name, steps in twins for step in steps}
    move = timed(lambda: [run_with_trace(loaded[(name, steps[4])], text) for name, steps in twins], repeat)
    print(f"\nlab at 16 tokens (median / max, ms): knock out one head (full greedy trace) {knock[0]:.1f} / "
          f"{knock[1]:.1f}; importance of all {bundle.config.N * bundle.config.h * 3} heads {table[0]:.1f} / "
          f"{table[1]:.1f};"
          f" training slider, both twins {move[0]:.1f} / {move[1]:.1f}")


if __name__ == "__main__":
    main()
