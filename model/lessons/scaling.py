"""Why ÷√d_k: the softmax's Jacobian without and with the scaling, and the variance of q·k."""
from __future__ import annotations

import functools

import numpy as np

from model.attention import softmax
from model.trace import read_only


def softmax_jacobian(w: np.ndarray) -> np.ndarray:
    """∂softmax(s)/∂s at the weights w = softmax(s): diag(w) − w wᵀ, (L, L); masked keys (w = 0) give zero rows."""
    w = np.asarray(w, dtype=np.float64)
    return np.diag(w) - np.outer(w, w)


def softmax_gradient_norms(scores: np.ndarray, keep: np.ndarray, d_k: int) -> tuple[float, float]:
    """Frobenius norm of the softmax's Jacobian for one row of scores q·k (L,), without and with ÷√d_k; keep (L,)
    marks the visible keys. A saturated softmax (one weight near 1) has a Jacobian near 0: vanishing gradients."""
    s = np.asarray(scores, dtype=np.float64)
    keep = np.asarray(keep, bool)
    out = []
    for z in (s, s / np.sqrt(d_k)):
        out.append(float(np.linalg.norm(softmax_jacobian(softmax(np.where(keep, z, -np.inf))))))
    return out[0], out[1]


def scaling_rows(scores: np.ndarray, keep: np.ndarray, d_k: int) -> tuple[np.ndarray, np.ndarray]:
    """‖J‖ of every row of every head's scores q·k (h, L_q, L_k), unscaled and ÷√d_k; keep (L_q, L_k) marks the
    visible keys; -> (h, L_q) twice."""
    norms = np.array([[softmax_gradient_norms(row, keep[i], d_k) for i, row in enumerate(head)]
                      for head in np.asarray(scores, dtype=np.float64)])  # (h, L_q, 2)
    return norms[..., 0], norms[..., 1]


def jacobian_norms(w: np.ndarray) -> np.ndarray:
    """‖diag(w) − w·wᵀ‖_F of each row of softmax weights w (..., L), in closed form: Σᵢ wᵢ²(1 − wᵢ)² on the diagonal
    plus Σ_{i≠j} wᵢ²wⱼ² off it."""
    squares = (w**2).sum(-1)  # (...,)
    return np.sqrt(np.maximum((w**2 * (1 - w) ** 2).sum(-1) + squares**2 - (w**4).sum(-1), 0.0))  # ≥ 0 up to rounding


@functools.lru_cache(maxsize=64)
def random_scaling_share(n_keys: int, d_k: int, draws: int = 4000, seed: int = 0) -> float:
    """Share of random rows of scores q·k (q and n_keys keys k with independent N(0, 1) components) whose softmax
    Jacobian is larger after ÷√d_k than before: the paper's statistical argument, measured at d_k. Given q, the
    scores K·q are independent N(0, ‖q‖²) with ‖q‖² ~ χ²(d_k), so a row is drawn as ‖q‖ times n_keys N(0, 1)."""
    rng = np.random.default_rng(seed)
    s = np.sqrt(rng.chisquare(d_k, (draws, 1))) * rng.standard_normal((draws, n_keys))  # (draws, n_keys)
    return float((jacobian_norms(softmax(s / np.sqrt(d_k))) > jacobian_norms(softmax(s))).mean())


@functools.lru_cache(maxsize=8)
def dot_variance(d_ks: tuple[int, ...], n: int = 4000, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Variance of q·k and of q·k/√d_k over n random pairs with independent N(0, 1) components, per d_k
    (cached, read-only)."""
    rng = np.random.default_rng(seed)
    raw, scaled = [], []
    for d_k in d_ks:
        dots = np.einsum("nd,nd->n", rng.standard_normal((n, d_k)), rng.standard_normal((n, d_k)))  # (n,)
        raw.append(dots.var())
        scaled.append((dots / np.sqrt(d_k)).var())
    return read_only(np.array(raw)), read_only(np.array(scaled))
