"""Time of one traced forward pass per sentence: `python -m benchmarks.trace_time [--model en-zh] [--repeat 30]`."""
from __future__ import annotations

import argparse
import statistics
import time

import torch

from model.checkpoint import load_bundle
from model.decoding import DecodeOptions
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
    print(f"{'tokens':>6}  {'encoder+decoder trace, fixed 1-step decode':>44}  {'full run_with_trace (greedy)':>30}")
    for n in (16, 64):
        text = sentence_of(n)
        one_step = DecodeOptions(max_steps=1)
        med1, max1 = timed(lambda: run_with_trace(bundle, text, one_step), args.repeat)  # noqa: B023
        med2, max2 = timed(lambda: run_with_trace(bundle, text), args.repeat)  # noqa: B023
        steps = len(run_with_trace(bundle, text).decoded.steps)
        print(f"{n:>6}  {med1:>30.1f} / {max1:<11.1f}  {med2:>16.1f} / {max2:<6.1f} ({steps} decoding steps)")


if __name__ == "__main__":
    main()
