"""Self-attention's charts and numbers for one trace and the view (no widgets: the page places `elements`' charts
by key, the keystroke route sends them all)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model import lessons
from model.attention import softmax
from model.explain import QueryWalkthrough, query_walkthrough
from model.trace import Trace
from ui.view import Element, View, within_model
from viz.bars import grouped_bars
from viz.curves import line_chart
from viz.heatmap import matrix_heatmap

D_KS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)


@dataclass(frozen=True)
class Focus:
    """What the page looks at: block, layer, head, query token, the ÷√d_k and temperature toggles, the worked query."""

    block: str
    layer: int
    head: int
    query: int
    scale: bool
    temperature: float
    walk: QueryWalkthrough
    plain_w: np.ndarray  # (L_k,) the query's softmax without ÷√d_k
    scaled_w: np.ndarray  # (L_k,) … and with it

    @property
    def tag(self) -> str:
        """The block, layer and head in element keys and file names."""
        return f"{self.block}-L{self.layer}-h{self.head}"


def toggles(v: View) -> tuple[bool, float]:
    """(÷√d_k, temperature): as picked, except that a pretrained model runs as trained."""
    return (True, 1.0) if v.pretrained else (v.attn.scale, v.attn.temperature)


def focus(trace: Trace, v: View) -> Focus:
    """The view applied to this trace (indices kept inside it)."""
    m = within_model(trace, v)
    block, layer, head = m.block, m.layer, m.head
    scale, temp = toggles(v)
    attn = trace.attn(block, layer)
    qi = min(m.query, len(attn.queries) - 1)  # the query kept inside the sentence (never below 0: View's declaration)
    keep = attn.mask[qi]  # (L_k,)
    scores = attn.scores[head][qi].astype(np.float64)  # (L_k,)
    walk = query_walkthrough(attn.q[head][qi], attn.k[head], attn.v[head], keep, scale, temp)
    return Focus(block, layer, head, qi, scale, temp, walk, softmax(np.where(keep, scores, -np.inf)),
                softmax(np.where(keep, scores / np.sqrt(trace.config.d_k), -np.inf)))


def divisor(s: Focus) -> str:
    """What the scores are divided by, as shown: √d_k or 1, times T when it is not 1."""
    return ("√d_k" if s.scale else "1") + (f" · T={s.temperature:g}" if s.temperature != 1 else "")


def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view, by section."""
    s = focus(trace, v)
    attn, d_k, tag = trace.attn(s.block, s.layer), trace.config.d_k, s.tag
    rows, cols, head = attn.queries, attn.keys, s.head
    dims = [f"d{i}" for i in range(d_k)]
    axes = dict(row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col"), words=v.words())
    x_q = attn.x_q  # (L_q, d_model)
    return {
        "x": Element([matrix_heatmap(x_q, rows, [f"x{i}" for i in range(x_q.shape[1])], title=v.t("sa.fig_x"),
                                     row_title=v.t("axis.token"), col_title=v.t("axis.feature"), show_values=False,
                                     col_ticks=16, height=300, words=v.words())], f"x-{tag}"),
        "qkv": Element([matrix_heatmap(getattr(attn, name)[head], toks, dims,
                                       title=v.t("sa.fig_qkv", name=name.upper(), head=head),
                                       row_title=v.t("axis.token"),
                                       col_title=v.t("axis.dimension"), show_values=False, col_ticks=8, words=v.words())
                        for name, toks in (("q", rows), ("k", cols), ("v", cols))],
                       f"qkv-{tag}", [f"{name}-{tag}" for name in "qkv"]),
        "scores": Element([matrix_heatmap(attn.scores[head], rows, cols, title=v.t("sa.fig_raw"),
                                          hover_formula="q({row})·k({col})", **axes),
                           matrix_heatmap(attn.scaled[head], rows, cols, title=f"QKᵀ ÷ {divisor(s)}",
                                          hover_formula=f"q({{row}})·k({{col}}) ÷ {divisor(s)}", **axes)],
                          f"scores-{tag}", [f"scores-{tag}", f"scaled-{tag}"]),
        "masked": Element([matrix_heatmap(attn.masked_scores[head], rows, cols, title=v.t("sa.fig_masked"),
                                          hover_formula=v.t("sa.hover_masked"), **axes),
                           matrix_heatmap(attn.pattern[head], rows, cols, kind="prob", masked=~attn.mask,
                                          title=v.t("sa.fig_softmax"), hover_formula=v.t("sa.hover_softmax"), **axes)],
                          f"masked-{tag}", [f"masked-{tag}", f"pattern-{tag}"]),
        "z": Element([matrix_heatmap(attn.z[head], rows, dims, title=v.t("sa.fig_z", head=head),
                                     row_title=v.t("axis.query_token"), col_title=v.t("axis.dimension"),
                                     show_values=False, col_ticks=16, words=v.words())], f"z-{tag}"),
        "walk": walk_element(attn, s, dims, v),
        "variance": variance_element(attn, s, v),
    }


def walk_element(attn, s: Focus, dims: list[str], v: View) -> Element:
    """The worked query: q ⊙ k per key, then the weighted values and their sum z, one chart per row."""
    rows, cols, tag = attn.queries, attn.keys, s.tag
    weighted = list(s.walk.weighted_v) + [s.walk.z]
    titles = v.t("sa.fig_products", query=rows[s.query]), v.t("sa.fig_weighted", query=rows[s.query])
    return Element([matrix_heatmap(s.walk.products, cols, dims, title=titles[0],
                                   row_title=v.t("axis.key_token"), col_title=v.t("axis.dimension"), show_values=False,
                                   col_ticks=16, words=v.words()),
                    matrix_heatmap(weighted, list(cols) + ["Σ = z"], dims, row_title=v.t("sa.row_weighted"),
                                   col_title=v.t("axis.dimension"), title=titles[1],
                                   show_values=False, col_ticks=16, words=v.words())],
                   f"walk-{tag}", [f"prod-{tag}", f"wv-{tag}"], columns=1)


def variance_element(attn, s: Focus, v: View) -> Element:
    """The paper's reason for ÷√d_k on random vectors, and the query's row with and without it."""
    raw, scaled = lessons.dot_variance(D_KS)
    row_title = v.t("var.fig_row", query=attn.queries[s.query], block=v.block_label(s.block), layer=s.layer,
                    head=s.head)
    return Element([line_chart(D_KS, {v.t("var.raw"): raw, v.t("var.scaled"): scaled}, title=v.t("var.fig"),
                               x_title=v.t("var.x"), y_title=v.t("var.y"), log_x=True, log_y=True),
                    grouped_bars(attn.keys, {v.t("var.without"): s.plain_w, v.t("var.with"): s.scaled_w},
                                 title=row_title, y_title=v.t("viz.weight"), y_range=(0, 1.15), words=v.words())],
                   "var", ["var-dk", "var-row"])

