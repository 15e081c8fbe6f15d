"""Small NumPy computations behind the app's explanations (pages show, they do not compute)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from model.attention import masked_softmax, scaled_dot_product_attention

SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")  # Z_0 -> Z₀ in plain-text labels


@dataclass
class QueryWalkthrough:
    """Seed 004's steps for one query: q·k for each key, softmax, weighted sum of v."""

    q: np.ndarray  # (d_k,)
    products: np.ndarray  # (L_k, d_k) element-wise q ⊙ k_j
    scores: np.ndarray  # (L_k,) q · k_j
    masked_scores: np.ndarray  # (L_k,) divided by √d_k (if scaling) and temperature; −inf where masked
    pattern: np.ndarray  # (L_k,) softmax weights
    weighted_v: np.ndarray  # (L_k, d_k) weight_j · v_j
    z: np.ndarray  # (d_k,) Σ_j weight_j v_j


def query_walkthrough(q, K, V, keep=None, scale=True, temperature=1.0) -> QueryWalkthrough:
    """Walk one query vector q (d_k,) through attention over K, V (L_k, d_k)."""
    q, K, V = (np.asarray(a, dtype=np.float64) for a in (q, K, V))
    keep = np.ones(len(K), bool) if keep is None else np.asarray(keep, bool)
    r = scaled_dot_product_attention(q[None], K, V, keep[None], scale, temperature)
    w = r.pattern[0]  # (L_k,)
    return QueryWalkthrough(q, q[None] * K, r.scores[0], r.masked_scores[0], w, w[:, None] * V, r.z[0])


def project_and_attend(X, W_Q, W_K, W_V, keep=None, scale=True) -> tuple:
    """(Q, K, V, AttentionResult) for Q = X W_Q, K = X W_K, V = X W_V; ValueError if shapes don't multiply."""
    X, W_Q, W_K, W_V = (np.asarray(a, dtype=np.float64) for a in (X, W_Q, W_K, W_V))
    check_shapes(X, W_Q, W_K, W_V, keep)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V  # (L, d_k), (L, d_k), (L, d_v)
    return Q, K, V, scaled_dot_product_attention(Q, K, V, keep, scale)


class InputError(ValueError):
    """Hand-typed input that cannot be used: a message key and its fields, which the UI words in its language."""

    def __init__(self, key: str, **fields) -> None:
        super().__init__(key, fields)
        self.key, self.fields = key, fields


def check_shapes(X, W_Q, W_K, W_V, keep) -> None:
    """Explain, in words, why a hand-edited set of matrices cannot be multiplied."""
    L, d = X.shape
    for name, W in (("W_Q", W_Q), ("W_K", W_K), ("W_V", W_V)):
        if W.shape[0] != d:
            raise InputError("err_x_w", d=d, name=name, rows=W.shape[0])
    if W_Q.shape[1] != W_K.shape[1]:
        raise InputError("err_q_k", q=W_Q.shape[1], k=W_K.shape[1])
    if keep is not None and np.shape(keep) != (L, L):
        raise InputError("err_mask_shape", n=L, shape="×".join(map(str, np.shape(keep))))


def score_formula(q: np.ndarray, k: np.ndarray, row: str, col: str, scale: bool, decimals: int = 2) -> str:
    """The dot product for one score cell written out with its numbers, e.g. q·k = 1×0 + 0×1 + 2×1 = 2."""
    terms = " + ".join(f"{fmt(a, decimals)}×{fmt(b, decimals)}" for a, b in zip(q, k))
    dot = float(np.dot(q, k))
    text = f"q({row})·k({col}) = {terms} = {fmt(dot, decimals)}"
    if scale:
        text += f";  ÷ √{len(q)} = {fmt(dot / np.sqrt(len(q)), decimals)}"
    return text


def fmt(x: float, decimals: int = 2) -> str:
    """Round for display, dropping a trailing .0 on integers."""
    x = float(x)
    return str(int(round(x))) if abs(x - round(x)) < 1e-9 else f"{x:.{decimals}f}"


def fmt_all(values: np.ndarray, decimals: int = 2) -> np.ndarray:
    """`fmt` of every entry of a float array, in one NumPy pass (a grid of thousands of cells); -> str array."""
    whole = np.abs(values - np.round(values)) < 1e-9
    return np.where(whole, np.round(values).astype(np.int64).astype(str), np.char.mod(f"%.{decimals}f", values))


def layer_norm_stats(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-token mean and (biased) variance over d_model; x (L, d_model) -> (L,), (L,)."""
    x = np.asarray(x, dtype=np.float64)
    return x.mean(-1), x.var(-1)


def pe_similarity(pe: np.ndarray) -> np.ndarray:
    """Dot product of every pair of positional encodings; (L, d) -> (L, L)."""
    return pe @ pe.T


def head_slice(W: np.ndarray, head: int, d_k: int) -> np.ndarray:
    """Columns of a (d_model_in, d_model) projection that belong to one head; -> (d_model_in, d_k)."""
    return W[:, head * d_k : (head + 1) * d_k]


def projection_weights(model, side: str, layer: int) -> dict[str, np.ndarray]:
    """W_Q, W_K, W_V, W_O (and biases b_*) of one attention block, in the x @ W convention; (d_model, d_model)."""
    block = (model.encoder if side == "encoder" else model.decoder)[layer]
    mha = block.cross_attn if side == "cross" else block.self_attn
    out = {}
    for name in ("W_Q", "W_K", "W_V", "W_O"):
        linear = getattr(mha, name)
        out[name] = linear.weight.detach().numpy().T.astype(np.float64)
        out["b" + name[1:]] = linear.bias.detach().numpy().astype(np.float64)
    return out


def apply_mask(scaled: np.ndarray, keep: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Masked scores (−inf where not kept) and their renormalised softmax; (L_q, L_k) each."""
    masked = np.where(np.asarray(keep, bool), np.asarray(scaled, dtype=np.float64), -np.inf)
    return masked, masked_softmax(torch.from_numpy(masked)).numpy()
