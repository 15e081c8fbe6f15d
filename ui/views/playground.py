"""The Playground's results and charts for one set of matrices, and its "this sentence" preset (no widgets: the page
and the keystroke route both build them here; the route only while the preset follows the sentence unedited)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model.attention import AttentionResult
from model.explain import project_and_attend
from model.playground import from_trace
from model.trace import Trace
from ui import data
from ui.view import Element, View, within_model
from viz.heatmap import matrix_heatmap

SELF_ATTENTION = ("encoder", "decoder")  # one X for queries and keys: cross-attention has two


@dataclass(frozen=True)
class Result:
    """Q, K, V and the attention result of one set of matrices, with a name per row."""

    Q: np.ndarray  # (L, d_k)
    K: np.ndarray  # (L, d_k)
    V: np.ndarray  # (L, d_v)
    r: AttentionResult
    names: list[str]


def sentence_preset(trace: Trace, v: View) -> dict:
    """The sentence's X, head slices of W_Q/W_K/W_V with the biases folded in (X·W = the model's X·W + b: Q, K, V as
    the Self-attention page shows them) and mask at the view's block, layer and head (cross-attention's
    queries and keys come from two sequences: its layer's encoder self-attention stands in), and that place."""
    m = within_model(trace, v)
    block, layer, head = m.block if m.block in SELF_ATTENTION else "encoder", m.layer, m.head
    return from_trace(trace, data.bundle(trace.model).transformer, block, layer, head) | {"where": (block, layer, head)}


def attend(mats: dict, keep: np.ndarray, scale: bool, tokens: list[str]) -> Result:
    """Project and attend; rows beyond the tokens (added by hand) are named x4, x5, …"""
    Q, K, V, r = project_and_attend(mats["X"], mats["W_Q"], mats["W_K"], mats["W_V"], keep, scale)
    n = len(Q)
    return Result(Q, K, V, r, (tokens + [f"x{i + 1}" for i in range(len(tokens), n)])[:n])


def decimals(m: np.ndarray) -> int:
    """0 for integer matrices (seed 004 reads 1, not 1.00), else 2."""
    return 0 if np.allclose(m, np.round(m)) else 2


def result_elements(res: Result, scale: bool, v: View) -> dict[str, Element]:
    """Q, K, V in one element; the scores and the scaled, masked scores in one; the weights and the output in one."""
    names, dims = res.names, lambda M: [f"d{i}" for i in range(M.shape[1])]
    tokens = dict(row_title=v.t("axis.token"), col_title=v.t("axis.dimension"), words=v.words())
    axes = dict(row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col"), height=320, words=v.words())
    qkv = [matrix_heatmap(M, names, dims(M), title=title, height=300, decimals=decimals(M), **tokens)
           for title, M in (("Q = X·W_Q", res.Q), ("K = X·W_K", res.K), ("V = X·W_V", res.V))]
    scores = [matrix_heatmap(res.r.scores, names, names, title=v.t("pg.fig_scores"), decimals=decimals(res.r.scores),
                             hover_formula="q({row})·k({col})", **axes),
              matrix_heatmap(res.r.masked_scores, names, names, **axes,
                             title=v.t("pg.fig_scaled_mask" if scale else "pg.fig_masked_unscaled"))]
    weights = [matrix_heatmap(res.r.pattern, names, names, kind="prob", title=v.t("pg.fig_weights"), decimals=3,
                              **axes),
               matrix_heatmap(res.r.z, names, dims(res.V), title=v.t("pg.fig_output"), height=320, **tokens)]
    return {"qkv": Element(qkv, "pg-qkv", ["pg-Q", "pg-K", "pg-V"]),
            "scores": Element(scores, "pg-scores", ["pg-scores", "pg-masked"]),
            "weights": Element(weights, "pg-weights", ["pg-weights", "pg-output"])}



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """The route's charts: the "this sentence" preset's for the typed text (the page asks only while it follows the
    sentence unedited), nothing for the other presets."""
    if v.preset != "sentence":
        return {}
    p = sentence_preset(trace, v)
    return result_elements(attend(p, p["mask"].astype(bool), v.attn.scale, p["tokens"]), v.attn.scale, v)
