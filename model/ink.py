"""A drawing as text (strokes of points on a 64×64 grid) and its 8×8 image, made as UCI optdigits made its own."""
from __future__ import annotations

import numpy as np

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"  # one character per coordinate, 0–63
LEVELS = len(ALPHABET)
MAX_INK = 2400  # characters read (800 points); the canvas stops taking strokes before this
BOX = 32  # optdigits: a 32×32 bitmap, the digit scaled to fill it, then 4×4 blocks counted (0–16)
PEN = 2.2  # pen radius in the 32×32 bitmap's pixels: strokes about as thick as optdigits' scanned ones
_INDEX = {c: i for i, c in enumerate(ALPHABET)}


def parse(ink: str) -> list[np.ndarray]:
    """'.'-separated strokes of two-character points → [(n, 2) x, y]; other characters and a lone character dropped."""
    strokes = []
    for part in ink[:MAX_INK].split("."):
        values = [_INDEX[c] for c in part if c in _INDEX]
        if len(values) >= 2:
            strokes.append(np.asarray(values[: len(values) // 2 * 2], dtype=np.float64).reshape(-1, 2))
    return strokes


def encode(strokes: list[np.ndarray]) -> str:
    """[(n, 2) x, y in 0–63] → the ink text (the inverse of parse for in-range points)."""
    return ".".join("".join(ALPHABET[int(v)] for v in np.clip(np.rint(s), 0, LEVELS - 1).ravel()) for s in strokes)


def _dense(strokes: list[np.ndarray], step: float) -> np.ndarray:
    """Points every `step` along each stroke's segments: (m, 2)."""
    out = []
    for s in strokes:
        out.append(s[:1])
        for a, b in zip(s[:-1], s[1:]):
            n = max(1, int(np.ceil(np.linalg.norm(b - a) / step)))
            out.append(a + (b - a) * (np.arange(1, n + 1)[:, None] / n))  # (n, 2)
    return np.concatenate(out)


def placement(strokes: list[np.ndarray]) -> tuple[np.ndarray, float, np.ndarray]:
    """(lo, scale, shift) placing the drawing in the 32×32 bitmap as `bitmap` does: pixel = (point − lo)·scale + shift
    (the canvas draws the patch grid with the same numbers, ui/static/components/ink_canvas.js frame)."""
    pts = _dense(strokes, 0.25)  # (m, 2) in canvas units
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    scale = (BOX - 2 * PEN) / max(float((hi - lo).max()), 1.0)  # the longer side fills the box, pen inside it
    size = (hi - lo) * scale  # (2,) the digit's width and height in pixels
    shift = np.clip(BOX / 2 - ((pts - lo) * scale).mean(axis=0), PEN, BOX - PEN - size)  # ink's centre of mass to
    return lo, scale, shift  # the centre, but never past the box


def bitmap(strokes: list[np.ndarray]) -> np.ndarray:
    """(32, 32) bool: the strokes scaled so the longer side fills the box, centred by ink mass, drawn PEN thick."""
    lo, scale, shift = placement(strokes)
    pts = (_dense(strokes, 0.25) - lo) * scale + shift  # (m, 2) in bitmap pixels
    centres = np.arange(BOX) + 0.5  # (32,) pixel centres
    gx, gy = np.meshgrid(centres, centres)  # (32, 32) each
    grid = np.stack([gx.ravel(), gy.ravel()], axis=1)  # (1024, 2)
    near = np.zeros(BOX * BOX, dtype=bool)
    for chunk in np.array_split(pts, max(1, len(pts) // 512)):  # (≤ 1024, 2): bounded memory
        d2 = ((grid[:, None] - chunk[None]) ** 2).sum(axis=-1)  # (1024, len(chunk))
        near |= (d2 <= PEN ** 2).any(axis=1)
    return near.reshape(BOX, BOX)


def counts(bits: np.ndarray) -> np.ndarray:
    """(32, 32) bool → (8, 8) on-pixels per 4×4 block, 0–16 (optdigits' features)."""
    return bits.reshape(8, 4, 8, 4).sum(axis=(1, 3)).astype(np.float32)


def to_image(ink: str) -> np.ndarray | None:
    """The ink text → the model's (8, 8) input in [0, 1] (counts / 16); None for a blank canvas."""
    strokes = parse(ink)
    if not strokes:
        return None
    return counts(bitmap(strokes)) / 16.0
