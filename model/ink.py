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


def segments(strokes: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(S, 2) starts and (S, 2) ends of every stroke's segments; a one-point stroke is a segment from it to itself."""
    a = np.concatenate([s[:-1] if len(s) > 1 else s for s in strokes])
    b = np.concatenate([s[1:] if len(s) > 1 else s for s in strokes])
    return a, b


def placement(strokes: list[np.ndarray]) -> tuple[np.ndarray, float, np.ndarray]:
    """(lo, scale, shift) placing the drawing in the 32×32 bitmap as `bitmap` does: pixel = (point − lo)·scale + shift
    (the canvas draws the patch grid with the same numbers, ui/static/components/ink_canvas.js frame)."""
    a, b = segments(strokes)
    lo, hi = np.minimum(a, b).min(axis=0), np.maximum(a, b).max(axis=0)
    scale = (BOX - 2 * PEN) / max(float((hi - lo).max()), 1.0)  # the longer side fills the box, pen inside it
    weight = np.linalg.norm(b - a, axis=1) + 1e-9  # (S,) ink along each segment (dots: next to none)
    mass = ((a + b) / 2 * weight[:, None]).sum(axis=0) / weight.sum()  # (2,) the ink's centre of mass
    size = (hi - lo) * scale  # (2,) the digit's width and height in pixels
    shift = np.clip(BOX / 2 - (mass - lo) * scale, PEN, BOX - PEN - size)  # that centre to the box's, inside it
    return lo, scale, shift


def bitmap(strokes: list[np.ndarray]) -> np.ndarray:
    """(32, 32) bool: the strokes scaled so the longer side fills the box, centred by ink mass, drawn PEN thick (a
    pixel is inked if its centre lies within PEN of a segment)."""
    lo, scale, shift = placement(strokes)
    a, b = ((p - lo) * scale + shift for p in segments(strokes))  # (S, 2) each, in bitmap pixels
    centres = np.arange(BOX) + 0.5  # (32,) pixel centres
    gx, gy = np.meshgrid(centres, centres)  # (32, 32) each
    grid = np.stack([gx.ravel(), gy.ravel()], axis=1)  # (1024, 2)
    ab = b - a  # (S, 2)
    length2 = np.maximum((ab ** 2).sum(axis=1), 1e-12)  # (S,)
    t = np.clip(((grid[:, None] - a[None]) * ab[None]).sum(axis=-1) / length2, 0.0, 1.0)  # (1024, S)
    d2 = ((grid[:, None] - (a[None] + t[..., None] * ab[None])) ** 2).sum(axis=-1)  # (1024, S)
    return (d2 <= PEN ** 2).any(axis=1).reshape(BOX, BOX)


def counts(bits: np.ndarray) -> np.ndarray:
    """(32, 32) bool → (8, 8) on-pixels per 4×4 block, 0–16 (optdigits' features)."""
    return bits.reshape(8, 4, 8, 4).sum(axis=(1, 3)).astype(np.float32)


def to_image(ink: str) -> np.ndarray | None:
    """The ink text → the model's (8, 8) input in [0, 1] (counts / 16); None for a blank canvas."""
    strokes = parse(ink)
    if not strokes:
        return None
    return counts(bitmap(strokes)) / 16.0
