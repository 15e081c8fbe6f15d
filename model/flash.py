"""FlashAttention's online softmax (Milakov & Gimelshein, 2018, "Online normalizer calculation for softmax"; Dao et
al., 2022, "FlashAttention"): softmax(S)·V for one head, computed one tile of keys at a time. Each query keeps only a
running maximum m, a running sum ℓ of exp(s − m) and an unnormalised output O. When a tile raises m, what was summed
so far is rescaled by exp(m_old − m_new). The whole n × n matrix is never held."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Tiles:
    """The running state after each tile of keys."""

    starts: tuple[int, ...]  # the first key of each tile
    tile: int  # keys per tile (the last may hold fewer)
    n_keys: int
    m: np.ndarray  # (T, L_q) running maximum of the scores seen
    ell: np.ndarray  # (T, L_q) ℓ, the running sum of exp(s − m)
    rescale: np.ndarray  # (T, L_q) exp(m_before − m_after): what the tile multiplied the earlier sums by
    out: np.ndarray  # (T, L_q, d_k) O / ℓ: the output if the keys ended with this tile

    def end(self, t: int) -> int:
        """One past the last key of tile t."""
        return min(self.starts[t] + self.tile, self.n_keys)


def scale_factor(m_old: np.ndarray, m_new: np.ndarray) -> np.ndarray:
    """exp(m_old − m_new) per query; 1 where no key has been visible yet (both −∞)."""
    same = m_old == m_new  # covers −∞ = −∞, whose difference would be NaN
    return np.where(same, 1.0, np.exp(np.where(same, 0.0, m_old - m_new)))


def online_softmax(scores: np.ndarray, v: np.ndarray, tile: int) -> Tiles:
    """softmax(scores)·v tile by tile (scores (L_q, L_k), −∞ where masked; v (L_k, d_k)), in float64."""
    s, v = np.asarray(scores, dtype=np.float64), np.asarray(v, dtype=np.float64)
    L_q, L_k = s.shape
    m, ell, o = np.full(L_q, -np.inf), np.zeros(L_q), np.zeros((L_q, v.shape[1]))  # (L_q,), (L_q,), (L_q, d_k)
    starts, ms, ls, rescales, outs = tuple(range(0, L_k, tile)), [], [], [], []
    for start in starts:
        block = s[:, start : start + tile]  # (L_q, B)
        m_new = np.maximum(m, block.max(axis=1))  # (L_q,)
        alpha = scale_factor(m, m_new)  # (L_q,)
        p = np.where(np.isfinite(block), np.exp(block - np.where(np.isfinite(m_new), m_new, 0.0)[:, None]), 0.0)
        ell = ell * alpha + p.sum(axis=1)
        o = o * alpha[:, None] + p @ v[start : start + tile]  # (L_q, d_k)
        m = m_new
        ms.append(m.copy())
        ls.append(ell.copy())
        rescales.append(alpha)
        outs.append(np.divide(o, ell[:, None], out=np.zeros_like(o), where=ell[:, None] > 0))
    return Tiles(starts, tile, L_k, np.array(ms), np.array(ls), np.array(rescales), np.array(outs))


def floats_held(n: int, d_k: int, tile: int) -> tuple[int, int]:
    """Numbers one head holds at once for n queries and n keys: (the ordinary way: the n × n scores and the n × d_k
    output; tile by tile: one n × tile block of scores, m and ℓ, and the output)."""
    return n * n + n * d_k, n * min(tile, n) + 2 * n + n * d_k
