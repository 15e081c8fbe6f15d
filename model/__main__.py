"""Command line: `python -m model trace "I have a cat" [--model NAME] [--decode greedy|sample|beam] --json`."""
from __future__ import annotations

import argparse
import sys

import torch

from model.checkpoint import available_models, load_bundle
from model.decoding import METHODS, DecodeOptions
from model.trace import run_with_trace, trace_to_json
from model.transformer import AttnOptions


def parse_args(argv=None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(prog="python -m model", description="Run the model with a full trace.")
    sub = p.add_subparsers(dest="command", required=True)
    t = sub.add_parser("trace", help="translate a sentence and print every intermediate")
    t.add_argument("text")
    t.add_argument("--model", default="en-zh", help=f"checkpoint name ({', '.join(available_models())})")
    t.add_argument("--decode", choices=METHODS, default="greedy")
    t.add_argument("--temperature", type=float, default=1.0, help="sampling temperature")
    t.add_argument("--top-k", type=int, default=0)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--beam-width", type=int, default=4)
    t.add_argument("--no-scale", action="store_true", help="do not divide scores by √d_k")
    t.add_argument("--reference", help="reference translation for teacher forcing")
    t.add_argument("--json", action="store_true", help="print the whole trace as JSON")
    return p.parse_args(argv)


def main(argv=None) -> int:
    """Run the trace command; print JSON or a short summary."""
    args = parse_args(argv)
    torch.set_num_threads(1)  # two intra-op threads on a busy 2-core machine stall a trace for seconds
    bundle = load_bundle(args.model)
    opts = DecodeOptions(args.decode, args.temperature, args.top_k, args.seed, args.beam_width)
    try:
        trace = run_with_trace(bundle, args.text, opts, AttnOptions(scale=not args.no_scale), args.reference)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(trace_to_json(trace))
        return 0
    marks = [f"{t}?" if u else t for t, u in zip(trace.src.tokens, trace.src.unknown)]
    print("source :", " ".join(marks) + ("  (truncated)" if trace.src.truncated else ""))
    print("output :", trace.output_text)
    print(f"hooks  : {len(trace.arrays)} arrays, {len(trace.decoded.steps)} decoding steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
