"""Sinusoidal positional encoding from "Attention Is All You Need" (section 3.5)."""
from __future__ import annotations

import numpy as np


def sinusoidal_encoding(max_len: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """PE[pos, 2i] = sin(pos / base^(2i/d_model)), PE[pos, 2i+1] = cos(same); shape (max_len, d_model)."""
    if max_len < 0 or d_model < 1:
        raise ValueError("max_len must be >= 0 and d_model >= 1")
    pos = np.arange(max_len, dtype=np.float64)[:, None]  # (max_len, 1)
    two_i = np.arange(0, d_model, 2, dtype=np.float64)  # (ceil(d_model/2),)
    angle = pos / np.power(base, two_i / d_model)  # (max_len, ceil(d_model/2))
    pe = np.zeros((max_len, d_model), dtype=np.float64)
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle[:, : d_model // 2])
    return pe


def relative_shift_matrix(k: int, d_model: int, i: int, base: float = 10000.0) -> np.ndarray:
    """The 2x2 rotation M_k with [PE[pos+k, 2i], PE[pos+k, 2i+1]] = M_k @ [PE[pos, 2i], PE[pos, 2i+1]]."""
    w = 1.0 / base ** (2 * i / d_model)
    c, s = np.cos(k * w), np.sin(k * w)
    return np.array([[c, s], [-s, c]])


def rope_angles(positions: np.ndarray, d_k: int, base: float = 10000.0) -> np.ndarray:
    """RoPE's angles θ[pos, i] = pos · base^(−2i/d_k), one per 2-D pair (2i, 2i+1) of a head; (L, d_k/2)."""
    freq = base ** (-np.arange(0, d_k, 2, dtype=np.float64) / d_k)  # (d_k/2,)
    return np.asarray(positions, dtype=np.float64)[:, None] * freq  # (L, d_k/2)


def alibi_slopes(h: int) -> np.ndarray:
    """ALiBi's per-head slopes m = 2^(−8/h), 2^(−16/h), …, 2^(−8) (Press et al., 2022, for h a power of 2); (h,)."""
    return 2.0 ** (-8.0 * np.arange(1, h + 1) / h)


def alibi_bias(h: int, L_q: int, L_k: int, offset: int = 0, symmetric: bool = False) -> np.ndarray:
    """ALiBi's bias added to head h's scaled scores (query i at position offset + i); (h, L_q, L_k).

    Keys to the left cost −m · (i − j), as in the paper's causal attention. Where keys on the right are not masked
    (an encoder), the first half of the heads looks left only and the second half right only (−inf on the other
    side, −m · (j − i) on its own), so each head is causal one way and an encoder can tell left from right and
    where a word sits; the halves take every other slope, so each has a near- and a far-looking head.
    `symmetric` gives every head −m_h · |i − j| on both sides instead."""
    i = np.arange(L_q)[:, None] + offset  # (L_q, 1)
    j = np.arange(L_k)[None, :]  # (1, L_k)
    d = (i - j)[None]  # (1, L_q, L_k)
    if symmetric:
        return -alibi_slopes(h)[:, None, None] * np.abs(d)  # (h, L_q, L_k)
    m = split_slopes(h)[:, None, None]  # (h, 1, 1)
    left = np.arange(h)[:, None, None] < h // 2  # (h, 1, 1) heads that look left
    own_side = np.where(left, d >= 0, d <= 0)  # (h, L_q, L_k)
    return np.where(own_side, -m * np.abs(d), -np.inf)  # (h, L_q, L_k)


def split_slopes(h: int) -> np.ndarray:
    """The slopes of the split heads: the left-looking half takes the paper's slopes 0, 2, 4 …, the right-looking
    half 1, 3, 5 … (h = 4: 1/4, 1/64 left; 1/16, 1/256 right); (h,)."""
    m = alibi_slopes(h)
    return np.concatenate([m[0::2], m[1::2]])
