"""The drawn test set of the digits ViT: digits drawn stroke by stroke on the page's canvas in Chromium.

    python -m tools.draw_digits [--per-digit 12] [--seed 0] [--out checkpoints/vit-digits/drawn.json]

A script, not a person: each digit is a template of pen strokes (below), bent by a random slant, rotation, aspect,
size, place and wobble, and drawn with Playwright's mouse (pointer events, as a pen or finger would send them) on
the "From words to patches" canvas of a running app. What the canvas sent the keystroke route after the last stroke
(its ink text) is stored with the label, and the shipped ViT classifies those texts (model.vit.classify).
"""
from __future__ import annotations

import argparse
import json
import math
import urllib.parse
from pathlib import Path

import numpy as np
import torch

from benchmarks.harness import IDLE, launch, streamlit_server
from model.vit import DRAWN, VIT_DIR, classify, load_vit


def arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float, n: int = 24) -> list[tuple]:
    """Points on an ellipse from angle start to end (radians; 0 is right, π/2 down)."""
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in np.linspace(start, end, n)]


def eight() -> list[tuple]:
    """A figure eight in one stroke (a 1:2 Lissajous curve), from the top."""
    return [(0.5 + 0.32 * math.sin(2 * t), 0.5 - 0.5 * math.cos(t)) for t in np.linspace(0, 2 * math.pi, 48)]


# each digit: strokes of (x, y) in a unit box, y down
TEMPLATES: dict[int, list[list[tuple]]] = {
    0: [arc(0.5, 0.5, 0.34, 0.5, -math.pi / 2, 1.55 * math.pi, 40)],
    1: [[(0.3, 0.2), (0.55, 0.0), (0.52, 1.0)]],
    2: [arc(0.5, 0.28, 0.34, 0.28, 1.1 * math.pi, 2.15 * math.pi, 16) + [(0.45, 0.68), (0.1, 1.0), (0.9, 1.0)]],
    3: [arc(0.45, 0.25, 0.33, 0.25, 1.15 * math.pi, 2.5 * math.pi, 16)
        + arc(0.45, 0.75, 0.38, 0.25, 1.5 * math.pi, 2.85 * math.pi, 16)],
    4: [[(0.55, 0.0), (0.1, 0.65), (0.9, 0.65)], [(0.65, 0.3), (0.65, 1.0)]],
    5: [[(0.85, 0.0), (0.25, 0.0), (0.2, 0.45)] + arc(0.5, 0.7, 0.36, 0.3, 1.25 * math.pi, 2.8 * math.pi, 18)],
    6: [[(0.75, 0.0), (0.45, 0.15)] + arc(0.5, 0.7, 0.32, 0.3, 1.0 * math.pi, 3.0 * math.pi, 24)],
    7: [[(0.1, 0.0), (0.9, 0.0), (0.4, 1.0)]],
    8: [eight()],
    9: [arc(0.5, 0.28, 0.32, 0.28, -0.1 * math.pi, -2.1 * math.pi, 24) + [(0.8, 0.3), (0.7, 1.0)]],
}


def varied(strokes: list[list[tuple]], rng: np.random.Generator) -> list[np.ndarray]:
    """The template bent as one hand varies: slant, rotation, aspect, size, place on the canvas and wobble."""
    slant, angle = rng.uniform(-0.25, 0.25), rng.uniform(-0.15, 0.15)
    aspect, size = rng.uniform(0.65, 1.1), rng.uniform(0.45, 0.85)
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    out = []
    for s in strokes:
        p = np.asarray(s, dtype=np.float64) - 0.5  # (n, 2) around the centre
        p[:, 0] = (p[:, 0] - slant * p[:, 1]) * aspect
        p = p @ rot.T + rng.normal(0, 0.015, p.shape)
        out.append(p * size)
    centre = rng.uniform(0.5 - (1 - size) / 2.5, 0.5 + (1 - size) / 2.5, 2)
    return [np.clip(p + centre, 0.02, 0.98) for p in out]


def draw(page, box: dict, strokes: list[np.ndarray]) -> None:
    """Each stroke with the mouse: press, move along its points (several pointer moves between two), release."""
    def at(p: np.ndarray) -> tuple[float, float]:
        return box["x"] + p[0] * box["width"], box["y"] + p[1] * box["height"]

    for s in strokes:
        page.mouse.move(*at(s[0]))
        page.mouse.down()
        for p in s[1:]:
            page.mouse.move(*at(p), steps=3)
        page.mouse.up()


def last_ink(page, sent: list[str], n_strokes: int) -> str:
    """The ink text of the canvas's last request to the keystroke route, once it holds all n strokes."""
    for _ in range(400):
        page.wait_for_timeout(50)
        inks = [urllib.parse.parse_qs(urllib.parse.urlparse(u).query).get("ink", [""])[0] for u in sent]
        if inks and inks[-1].count(".") + 1 == n_strokes:
            return inks[-1]
    raise RuntimeError(f"the canvas never sent {n_strokes} strokes")


def drawn_set(url: str, per_digit: int, seed: int) -> list[dict]:
    """Draw per_digit of each digit on the page at `url`; each one's label and the ink text the canvas last sent."""
    from playwright.sync_api import sync_playwright

    rng, sent, digits = np.random.default_rng(seed), [], []
    with sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("request", lambda r: sent.append(r.url) if "/_al/live/patches" in r.url else None)
        page.goto(f"{url}/patches")
        page.wait_for_selector(IDLE, timeout=120_000)
        canvas = page.locator("canvas.al-ink__canvas")
        canvas.wait_for(timeout=60_000)
        page.wait_for_function("() => document.querySelectorAll('[data-al-chart]').length >= 7 && Array.from("
                               "document.querySelectorAll('[data-al-chart]')).every((el) => el.__alChart)",
                               timeout=120_000)  # the charts are drawn: the canvas's strokes have a route to ask
        for i in range(per_digit * 10):
            label = i % 10
            page.locator("button.al-ink__clear").click()
            box = canvas.bounding_box()
            sent.clear()
            strokes = varied(TEMPLATES[label], rng)
            draw(page, box, strokes)
            digits.append({"label": label, "ink": last_ink(page, sent, len(strokes))})
            if i % 20 == 19:
                print(f"{i + 1} drawn", flush=True)
        browser.close()
    return digits


def main() -> None:
    """Command line: draw, classify, write the set with its accuracy."""
    torch.set_num_threads(1)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-digit", type=int, default=12)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=VIT_DIR / DRAWN)
    args = ap.parse_args()
    with streamlit_server() as (url, _):
        digits = drawn_set(url, args.per_digit, args.seed)
    labels = np.array([d["label"] for d in digits])
    predicted = classify(load_vit(), [d["ink"] for d in digits])
    accuracy = float((predicted == labels).mean())
    wrong = {int(d): int(((labels == d) & (predicted != d)).sum()) for d in range(10)}
    args.out.write_text(json.dumps({
        "method": "scripted pen strokes along digit templates with random slant, rotation, aspect, size, place and "
                  "wobble (tools/draw_digits.py), drawn with Playwright's mouse on the page's canvas in Chromium; the "
                  "ink text is what the canvas sent the keystroke route after the last stroke",
        "seed": args.seed, "accuracy": accuracy, "wrong_by_digit": wrong, "digits": digits}, indent=0))
    print(f"{len(digits)} drawn digits, accuracy {accuracy:.3f}, wrong by digit {wrong}")


if __name__ == "__main__":
    main()
