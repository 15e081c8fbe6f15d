"""Add & Norm's charts for one trace and the view state (the page places `elements`' charts by key, the keystroke
route sends them all)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model import lessons
from model.explain import layer_norm_stats
from model.trace import BatchEncoding, Trace
from ui import data
from ui.view import Element, View, clamp
from viz.bars import grouped_bars, layernorm_stats
from viz.curves import line_chart
from viz.heatmap import matrix_heatmap

SUBLAYERS = {"encoder": ["an.sub_self", "an.sub_ffn"],  # sublayer names (messages)
             "decoder": ["an.sub_masked_self", "an.sub_cross", "an.sub_ffn"]}


@dataclass(frozen=True)
class Place:
    """Which stack, layer and sublayer the page shows."""

    stack: str
    layer: int
    sub: int


def place(trace: Trace, v: View) -> Place:
    """The view's stack, layer and sublayer, kept inside this model (its N layers, the stack's sublayers)."""
    return Place(v.stack, clamp(v.layer, 0, trace.config.N - 1), clamp(v.sublayer, 0, len(SUBLAYERS[v.stack]) - 1))


def tokens(trace: Trace, stack: str) -> list[str]:
    """The stack's tokens (the source, or the decoder's inputs)."""
    return trace.src.tokens if stack == "encoder" else trace.tgt_input_tokens


def norm_elements(trace: Trace, p: Place, v: View) -> dict[str, Element]:
    """The sublayer's stream before and after its LayerNorm, their statistics, and the layer's FFN activations."""
    toks, dims = tokens(trace, p.stack), [f"d{i}" for i in range(trace.config.d_model)]
    sublayer = trace.sublayer(p.stack, p.layer, p.sub)
    before, after = sublayer.before_norm, sublayer.ln  # (L, d_model) each
    what = v.t("an.what_post" if trace.post_norm else "an.what_pre")
    axes = dict(row_title=v.t("axis.token"), col_title=v.t("axis.dimension"), show_values=False, col_ticks=16,
                words=v.words())
    hidden = trace.ffn_hidden(p.stack, p.layer)  # (L, d_ff)
    where = v.t("label.stack_layer", stack=v.t(f"label.{p.stack}"), layer=p.layer)
    named = dict(where=where, sublayer=v.t(SUBLAYERS[p.stack][p.sub]))  # the titles name what the pickers picked
    return {
        "before_after": Element([matrix_heatmap(before, toks, dims, title=v.t("an.fig_before", what=what, **named),
                                                **axes),
                                 matrix_heatmap(after, toks, dims, title=v.t("an.fig_after", **named), **axes)],
                                "an-before-after", ["an-before", "an-after"]),
        "stats": Element([layernorm_stats(*layer_norm_stats(before), *layer_norm_stats(after), toks,
                                          title=v.t("an.fig_stats"), words=v.words())], "an-stats"),
        "ffn": Element([matrix_heatmap(hidden, toks, [f"h{i}" for i in range(hidden.shape[1])], kind="raw",
                                       title=v.t("an.fig_ffn", where=where), row_title=v.t("axis.token"),
                                       col_title=v.t("axis.hidden_unit"), show_values=False, col_ticks=16,
                                       words=v.words())], "ffn-hidden"),
    }


@dataclass(frozen=True)
class BatchNorms:
    """LayerNorm against BatchNorm on a batch of two: the normalised input, real-token mask and both statistics."""

    x: np.ndarray  # (B, L, d_model) what the LayerNorm of the first encoder sublayer normalises
    real: np.ndarray  # (B, L) True for real tokens, False for padding
    ln_mu: np.ndarray  # (B, L) LayerNorm's per-token means
    bn: np.ndarray  # (B, L, d_model) BatchNorm's output
    bn_mu: np.ndarray  # (d_model,) BatchNorm's per-feature means


def batch_norms(trace: Trace, b: BatchEncoding) -> BatchNorms:
    """LayerNorm (per token, over d_model) and BatchNorm (per feature, over B × L) of the batch."""
    x = b.norm_input(trace.post_norm).astype(np.float64)  # (B, L, d_model)
    real = np.array([[tok != "<pad>" for tok in row] for row in b.src_rows])  # (B, L)
    bn, bn_mu, _ = lessons.batch_norm(x, real)
    return BatchNorms(x, real, lessons.layer_norm(x)[1], bn, bn_mu)


def batch_element(b: BatchEncoding, n: BatchNorms, v: View) -> Element:
    """Per-token LayerNorm means against per-feature BatchNorm means."""
    labels = [f"{i + 1}·{tok}" for i, row in enumerate(b.src_rows) for tok, r in zip(row, n.real[i]) if r]
    return Element([grouped_bars(labels, {v.t("ln.axis_mean"): n.ln_mu[n.real]}, title=v.t("ln.fig_ln_stats"),
                                 y_title=v.t("ln.axis_mean"), words=v.words()),
                    line_chart(np.arange(n.x.shape[-1]), {v.t("ln.axis_mean"): n.bn_mu}, title=v.t("ln.fig_bn_stats"),
                               x_title=v.t("ln.axis_feature"), y_title=v.t("ln.axis_mean"))],
                   "ln-bn", ["ln-token-means", "bn-feature-means"])



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view: the picked sublayer's and, with a second sentence that makes a
    batch, LayerNorm against BatchNorm."""
    b = data.second_encoding(trace, v)
    return norm_elements(trace, place(trace, v), v) | (
        {"batch": batch_element(b, batch_norms(trace, b), v)} if b is not None else {})
