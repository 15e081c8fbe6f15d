"""New keystrokes answered in one process, without a server: CPU per keystroke of a checkout's keystroke route.

    python -m benchmarks.keystrokes --page self_attention                  # this checkout
    python benchmarks/keystrokes.py --app /tmp/f5cbc73 --page decoding     # another checkout's code, same sentences
    farm-bench -n 3 --vs "python benchmarks/keystrokes.py --app /tmp/f5cbc73" -- python benchmarks/keystrokes.py

Types the last 20 characters of `--texts` 16-token sentences (benchmarks.load.cost_text, new to the process) one key
at a time into the route's answer function, each with the previous text as its draft (as live.js sends it) and gzip
accepted, after a warm-up sentence; prints the process CPU per keystroke. `--app` runs another checkout's code (its
route, models and checkpoints) on the same sentences: a second instrument beside `benchmarks.load --cost --vs`, which
counts a whole server's CPU over HTTP.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path


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


def main(argv=None) -> None:
    """Answer the keystrokes and print CPU per keystroke."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--app", type=Path, default=Path(__file__).resolve().parents[1], help="the checkout to run")
    ap.add_argument("--page", default="self_attention")
    ap.add_argument("--texts", type=int, default=10)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(args.app))
    import torch

    torch.set_num_threads(1)
    from ui import route

    answer = getattr(route, "body", None) or route.answer  # today's name, or an older build's
    keys, cpu = 0, 0.0
    for n, text in enumerate([cost_text(999)] + [cost_text(5000 + i) for i in range(args.texts)]):
        previous, start = "", time.process_time()
        for k in range(len(text) - 20, len(text) + 1):
            answer(args.page, {"s": text[:k], "p": previous}, True)
            previous = text[:k]
            keys += n > 0
        cpu += (time.process_time() - start) if n > 0 else 0.0
    print(f"{args.app.name} {args.page}: {1000 * cpu / keys:.2f} ms CPU per new keystroke ({keys} keys)")


if __name__ == "__main__":
    main()
