"""New keystrokes answered in one process, without a server: CPU per keystroke of a checkout's keystroke route.

    python -m benchmarks.keystrokes --page self_attention                  # this checkout
    python benchmarks/keystrokes.py --app /tmp/f5cbc73 --page decoding     # another checkout's code, same sentences
    farm-bench -n 3 --vs "python benchmarks/keystrokes.py --app /tmp/f5cbc73" -- python benchmarks/keystrokes.py

Types the last 20 characters of `--texts` 16-token sentences (benchmarks.load.cost_text, new to the process) one key
at a time into the route's answer function, each with the previous text as its draft and the page's hidden charts
(as live.js sends them on the page opened afresh: BROWSER_HIDES) and gzip accepted, after a warm-up sentence; prints
the process CPU per keystroke. `--app` runs another checkout's code (its route, models and checkpoints) on the same
sentences: a second instrument beside `benchmarks.load --cost --vs`, which counts a whole server's CPU over HTTP.
`--split` (this checkout's code only) also prints where the CPU went: encoding, the decoder's full passes and its
cached one-row steps, the payloads and gzip, each timed with the thread's CPU clock around it, and the rest (the page's
elements, the trace's arrays, the route's parsing).
"""
from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections import Counter
from pathlib import Path

# What a browser's live.js adds to every keystroke on a page opened afresh (not in presenter view): the chart elements
# it does not show, in tabs that are not open (tests/e2e/test_live.py checks that Chromium sends exactly this).
BROWSER_HIDES = {"overview": "grid-cross,grid-decoder"}


def cost_text(i: int) -> str:
    """benchmarks.load.cost_text's i-th sentence, written out here so that another checkout's code reads the same."""
    rng = random.Random(i)
    subjects = ("i", "you", "we", "they", "he", "she", "my friend", "the teacher", "the students", "my mother")
    verbs = ("like", "want", "see", "buy", "read", "find", "need", "have")
    objects = ("a cat", "two books", "hot tea", "apples", "a dog", "the park", "my school", "some water", "a red car")
    endings = ("every day", "at home", "very much", "in the morning", "with my friend", "at school", "after class")

    def own() -> str:
        return f"{rng.choice(subjects)} {rng.choice(verbs)} {rng.choice(objects)} {rng.choice(endings)} ."

    words = f"{own()[:-2]} and {own()[:-2]}".split()[:15]
    return " ".join(words) + " ."


def browser_hides(page: str) -> dict[str, str]:
    """The `hide` a browser sends with a keystroke on `page` opened afresh (none on most pages)."""
    return {"hide": BROWSER_HIDES[page]} if page in BROWSER_HIDES else {}


def timed(owner, name: str, label: str, spent: Counter, calls: Counter) -> None:
    """Wrap owner.name so that each call adds its thread CPU seconds to spent[label] and one to calls[label]."""
    inner = getattr(owner, name)

    @functools.wraps(inner)
    def wrapper(*args, **kwargs):
        start = time.thread_time()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[label] += time.thread_time() - start
            calls[label] += 1

    setattr(owner, name, wrapper)


def split(spent: Counter, calls: Counter) -> tuple[Counter, Counter]:
    """Time this checkout's parts of a keystroke (none nests in another) into spent and calls; returns both."""
    from model import transformer
    from ui import payload

    for owner, name, label in ((transformer.Transformer, "encode", "encoding"),
                               (transformer.Transformer, "decode", "decoder passes"),
                               (transformer.Transformer, "decode_step", "cached one-row steps"),
                               (payload, "build", "payloads"), (payload, "gzipped", "gzip")):
        timed(owner, name, label, spent, calls)
    return spent, calls


def main(argv=None) -> None:
    """Answer the keystrokes and print CPU per keystroke."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--app", type=Path, default=Path(__file__).resolve().parents[1], help="the checkout to run")
    ap.add_argument("--page", default="self_attention")
    ap.add_argument("--texts", type=int, default=10)
    ap.add_argument("--split", action="store_true", help="also print where the CPU went (this checkout only)")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(args.app))
    import torch

    torch.set_num_threads(1)
    from ui import route

    answer = getattr(route, "body", None) or route.answer  # today's name, or an older build's
    spent, calls = split(Counter(), Counter()) if args.split else (Counter(), Counter())
    keys, cpu = 0, 0.0
    for n, text in enumerate([cost_text(999)] + [cost_text(5000 + i) for i in range(args.texts)]):
        previous, start = "", time.process_time()
        for k in range(len(text) - 20, len(text) + 1):
            answer(args.page, {"s": text[:k], "p": previous} | browser_hides(args.page), True)
            previous = text[:k]
            keys += n > 0
        cpu += (time.process_time() - start) if n > 0 else 0.0
        if n == 0:  # the warm-up sentence is not counted
            spent.clear()
            calls.clear()
    print(f"{args.app.name} {args.page}: {1000 * cpu / keys:.2f} ms CPU per new keystroke ({keys} keys)")
    for label, seconds in spent.items():
        print(f"  {label}: {1000 * seconds / keys:.2f} ms, {calls[label] / keys:.2f} calls per keystroke")
    if spent:
        print(f"  the rest: {1000 * (cpu - sum(spent.values())) / keys:.2f} ms per keystroke")


if __name__ == "__main__":
    main()
