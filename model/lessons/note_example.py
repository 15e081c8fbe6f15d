"""The worked example of «CV攻城狮入门VIT(vision transformer)之旅» computed exactly: its weights and outputs, its Q, K,
V, the output's width."""
from __future__ import annotations

import numpy as np

from model.attention import softmax

# The worked example of «CV攻城狮入门VIT(vision transformer)之旅»: scores QKᵀ of its 3×4 input (3 tokens), its V, the
# softmax it rounds to one decimal, and the outputs it prints from those rounded weights. No ÷√d_k in that note.
NOTE_SCORES = np.array([[2.0, 4.0, 4.0], [4.0, 16.0, 12.0], [4.0, 12.0, 10.0]])
NOTE_V = np.array([[1.0, 2.0, 3.0], [2.0, 8.0, 0.0], [2.0, 6.0, 3.0]])
NOTE_ROUNDED_WEIGHTS = np.array([[0.0, 0.5, 0.5], [0.0, 1.0, 0.0], [0.0, 0.9, 0.1]])
NOTE_ROUNDED_OUTPUT = np.array([[2.0, 7.0, 1.5], [2.0, 8.0, 0.0], [2.0, 7.8, 0.3]])
# The same note's input x (3 tokens × 4) and its weight matrices w_query, w_key, w_value (4 × 3), as it writes them.
NOTE_X = np.array([[1.0, 0.0, 1.0, 0.0], [0.0, 2.0, 0.0, 2.0], [1.0, 1.0, 1.0, 1.0]])
NOTE_W_Q = np.array([[1.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
NOTE_W_K = np.array([[0.0, 0.0, 1.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]])
NOTE_W_V = np.array([[0.0, 2.0, 0.0], [0.0, 3.0, 0.0], [1.0, 0.0, 3.0], [1.0, 1.0, 0.0]])


def worked_example() -> dict[str, np.ndarray]:
    """The note's example computed exactly: softmax(QKᵀ)V (as in the note, unscaled), the weights rounded to one
    decimal as the note means to (it prints other numbers), and with ÷√3 (d_k = 3)."""
    exact = softmax(NOTE_SCORES)  # (3, 3)
    scaled = softmax(NOTE_SCORES / np.sqrt(3.0))  # (3, 3)
    honest = np.round(exact, 1)  # (3, 3)
    return {"weights": exact, "output": exact @ NOTE_V, "scaled_weights": scaled, "scaled_output": scaled @ NOTE_V,
            "rounded_output": NOTE_ROUNDED_WEIGHTS @ NOTE_V, "honest_weights": honest, "honest_output": honest @ NOTE_V}


def note_qkv() -> dict[str, np.ndarray]:
    """The note's Q = x·w_query, K = x·w_key, V = x·w_value (3 × 3 each) and the scores QKᵀ, computed."""
    q, k, v = NOTE_X @ NOTE_W_Q, NOTE_X @ NOTE_W_K, NOTE_X @ NOTE_W_V  # (3, 3) each
    return {"q": q, "k": k, "v": v, "scores": q @ k.T}


def widened_outputs(extra: int = 2, seed: int = 0) -> dict[str, tuple[int, ...]]:
    """Shapes of the note's attention output when w_query and w_key, or w_value, get `extra` more (random) columns:
    the output's width is w_value's alone."""
    rng = np.random.default_rng(seed)
    more = rng.normal(size=(NOTE_X.shape[1], extra))  # (4, extra)
    w_q, w_k = np.hstack([NOTE_W_Q, more]), np.hstack([NOTE_W_K, more])  # (4, 3 + extra) each
    w_v = np.hstack([NOTE_W_V, more])  # (4, 3 + extra)

    def out(wq: np.ndarray, wk: np.ndarray, wv: np.ndarray) -> tuple[int, ...]:
        return (softmax((NOTE_X @ wq) @ (NOTE_X @ wk).T) @ (NOTE_X @ wv)).shape

    return {"note": out(NOTE_W_Q, NOTE_W_K, NOTE_W_V), "wider_qk": out(w_q, w_k, NOTE_W_V),
            "wider_v": out(NOTE_W_Q, NOTE_W_K, w_v), "input": NOTE_X.shape, "qk": w_q.shape, "v": w_v.shape}


def key_spread(pattern: np.ndarray) -> tuple[int, int, int]:
    """One head's weights (L_q, L_k): the key whose weight differs most between queries, then the query giving it
    the least and the one giving it the most; -> (key, q_least, q_most)."""
    w = np.asarray(pattern, dtype=np.float64)
    key = int((w.max(0) - w.min(0)).argmax())
    return key, int(w[:, key].argmin()), int(w[:, key].argmax())
