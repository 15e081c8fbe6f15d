"""Positional encoding in the notes and in the paper: the notes' PE code and range of i, simple index codes,
concatenation vs addition, shifts of the sinusoids."""
from __future__ import annotations

import numpy as np
import torch

from model.positional import sinusoidal_encoding


def note_pe(max_seq_len: int, embed_dim: int) -> np.ndarray:
    """The PE code of «Transformer 学习笔记», verbatim: row 0 left all zeros, and i runs over every dimension."""
    positional_encoding = np.array([
        [pos / np.power(10000, 2 * i / embed_dim) for i in range(embed_dim)]
        if pos != 0 else np.zeros(embed_dim) for pos in range(max_seq_len)])
    positional_encoding[1:, 0::2] = np.sin(positional_encoding[1:, 0::2])
    positional_encoding[1:, 1::2] = np.cos(positional_encoding[1:, 1::2])
    return positional_encoding


def pe_periods(d_model: int) -> tuple[np.ndarray, np.ndarray]:
    """Wavelength (in positions) of each dimension: the paper's (pairs share one) and the note's code (each its own)."""
    dims = np.arange(d_model)
    paper = 2 * np.pi * np.power(10000.0, 2 * (dims // 2) / d_model)
    note = 2 * np.pi * np.power(10000.0, 2 * dims / d_model)
    return paper, note


def i_ranges(d_model: int) -> dict[str, int]:
    """How many values of i each reading gives for d_model: the paper's 0 … d/2 − 1, and the notes' readings."""
    return {"paper": d_model // 2, "all_dims": d_model, "inclusive_half": d_model // 2 + 1}


def index_codes(length: int, d_model: int) -> dict[str, np.ndarray]:
    """The notes' simple alternatives for a sentence of `length`: the index pos added to every dimension (its norm
    pos·√d_model) and pos/len, for this length and for a sentence twice as long."""
    pos = np.arange(length, dtype=np.float64)
    return {"index_norm": pos * np.sqrt(d_model), "frac": pos / length, "frac_double": pos / (2 * length)}


def concat_vs_add(x: np.ndarray, seed: int = 0) -> dict[str, np.ndarray | float]:
    """[xᵢ; pᵢ]·[Wᴵ; Wᴾ] against xᵢWᴵ + pᵢWᴾ with pᵢ one-hot (position i) and random Wᴵ, Wᴾ; x (L, d)."""
    L, d = x.shape
    rng = np.random.default_rng(seed)
    W_I, W_P = rng.normal(size=(d, d)) / np.sqrt(d), rng.normal(size=(L, d))  # (d, d), (L, d)
    p = np.eye(L)  # (L, L) one-hot positions
    concat = np.concatenate([x, p], axis=1) @ np.concatenate([W_I, W_P], axis=0)  # (L, d)
    added = x @ W_I + p @ W_P  # (L, d); p @ W_P is row i of W_P: a learned position table
    return {"concat": concat, "added": added, "max_diff": float(np.abs(concat - added).max())}


def pe_shift_similarity(positions: list[int], k: int, d_model: int) -> np.ndarray:
    """PE[p]·PE[p + k] for each p: the same number at every p, however far beyond the training lengths."""
    pe = sinusoidal_encoding(max(positions) + k + 1, d_model)
    return np.array([pe[p] @ pe[p + k] for p in positions])


def pe_shift(d_model: int, pos: int, k: int) -> dict[str, float]:
    """PE(pos + k) two ways: as a rotation of PE(pos) by angle k·ωᵢ in each (sin, cos) pair (exact), and as the best
    linear combination a·PE(pos) + b·PE(k) (least squares); -> max errors and a, b."""
    pe = sinusoidal_encoding(pos + k + 1, d_model).astype(np.float64)  # (pos + k + 1, d)
    omega = 1.0 / np.power(10000.0, np.arange(0, d_model, 2) / d_model)  # (d/2,)
    s, c = pe[pos, 0::2], pe[pos, 1::2]
    rotated = np.empty(d_model)
    rotated[0::2] = s * np.cos(k * omega) + c * np.sin(k * omega)  # sin(a + b)
    rotated[1::2] = c * np.cos(k * omega) - s * np.sin(k * omega)  # cos(a + b)
    basis = np.stack([pe[pos], pe[k]], axis=1)  # (d, 2)
    (a, b), *_ = np.linalg.lstsq(basis, pe[pos + k], rcond=None)
    return {"rotation_err": float(np.abs(rotated - pe[pos + k]).max()),
            "combo_err": float(np.abs(basis @ np.array([a, b]) - pe[pos + k]).max()), "a": float(a), "b": float(b)}


def div_term_check(d_model: int) -> dict[str, float]:
    """The annotated code's div_term: the exponents arange(0, d_model, 2) end at d_model − 2 (not d_model − 1), its
    smallest value 10000^(−(d_model−2)/d_model) is far from any underflow, and the power written directly gives
    the same float32 numbers as exp(·log)."""
    i = torch.arange(0, d_model, 2, dtype=torch.float32)
    via_log = torch.exp(i * -(np.log(10000.0) / d_model))
    direct = torch.pow(torch.tensor(10000.0), -i / d_model)
    return {"last": int(i[-1]), "count": len(i), "smallest": float(via_log.min()),
            "diff": float((via_log - direct).abs().max())}


def pe_nonlinear(d_model: int) -> float:
    """max |PE(2) − 2·PE(1)|: the encoding is not a linear function of the position."""
    pe = sinusoidal_encoding(3, d_model).astype(np.float64)
    return float(np.abs(pe[2] - 2 * pe[1]).max())
