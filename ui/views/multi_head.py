"""Multi-head's charts for one trace and the view state (no widgets: the page and the keystroke route both build
them here)."""
from __future__ import annotations

from model import pretrained
from model.explain import SUBSCRIPTS, projection_weights
from model.trace import Trace
from ui import data
from ui.view import Element, View, within_model
from ui.views.overview import focus
from viz.grid import attention_grid, wrap
from viz.head_view import head_view
from viz.heatmap import matrix_heatmap


def wide(trace: Trace, block: str) -> bool:
    """True for a pretrained model's many heads: the grid shows the picked layer's heads, in full rows."""
    return trace.n_layers(block) * trace.config.h > 16


def z_last(trace: Trace) -> str:
    """The last head's output as written in the captions (Z₇)."""
    return "Z" + str(trace.config.h - 1).translate(SUBSCRIPTS)


def grid_element(trace: Trace, block: str, layer: int, v: View) -> Element:
    """Every head of every layer (or, for a pretrained model, of the picked layer)."""
    attn, h = trace.attn(block, layer), trace.config.h
    rows, cols = attn.queries, attn.keys
    axes = dict(row_title=v.t("axis.query"), col_title=v.t("axis.key"), focus=focus(trace, block, v), words=v.words())
    if wide(trace, block):
        n_r, n_c = wrap(h)
        spec = attention_grid(attn.pattern.reshape(n_r, n_c, len(rows), len(cols)), rows, cols,
                              row_names=[""] * n_r, col_names=[""] * n_c,
                              cell_names=[[v.t("label.head", i=r * n_c + c) for c in range(n_c)] for r in range(n_r)],
                              title=v.t("hf.fig_layer_heads", block=v.block_label(block), h=h, layer=layer), **axes)
    else:
        spec = attention_grid(trace.patterns(block), rows, cols,
                              row_names=[v.t("label.layer", i=i) for i in range(trace.n_layers(block))],
                              col_names=[v.t("label.head", i=j) for j in range(h)],
                              title=v.t("mh.fig_grid", block=v.block_label(block)), **axes)
    return Element([spec], f"mh-grid-{block}")


def concat_labels(trace: Trace) -> list[str]:
    """Concat(head_0 … head_h-1)'s columns: head · dimension."""
    d_k = trace.config.d_k
    return [f"h{i // d_k}·{i % d_k}" for i in range(trace.config.d_model)]


def output_weights(trace: Trace, block: str, layer: int, head: int, v: View) -> tuple:
    """(W_O rows shown, their labels, title): all of W_O, or a pretrained model's picked head's d_k rows (d_model²
    cells would be ~1 MB per keystroke)."""
    d_k, concat_cols = trace.config.d_k, concat_labels(trace)
    if v.pretrained:
        W_O = pretrained.output_weights(data.pretrained_model(v.hf_model), block, layer)[head * d_k:(head + 1) * d_k]
        return W_O, concat_cols[head * d_k:(head + 1) * d_k], v.t("hf.fig_wo_head", head=head, d_k=d_k)
    return projection_weights(data.bundle(trace.model).transformer, block, layer)["W_O"], concat_cols, "W_O"


def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view, by section."""
    m = within_model(trace, v)
    block, layer, head = m.block, m.layer, m.head
    attn, h, d_model = trace.attn(block, layer), trace.config.h, trace.config.d_model
    rows, cols = attn.queries, attn.keys
    concat_cols, dims = concat_labels(trace), [f"d{i}" for i in range(d_model)]
    W_O, wo_rows, wo_title = output_weights(trace, block, layer, head, v)
    return {
        "grid": grid_element(trace, block, layer, v),
        "heads": Element([head_view(attn.pattern[head], rows, cols,
                                    title=v.t("mh.fig_head_view", layer=layer, head=head),
                                    words=v.words()),
                          matrix_heatmap(attn.pattern.mean(0), rows, cols, kind="prob",
                                         title=v.t("mh.fig_average", h=h, layer=layer),
                                         hover_formula=v.t("mh.hover_average"), row_title=v.t("axis.query_row"),
                                         col_title=v.t("axis.key_col"), words=v.words())],
                         f"hv-{block}", [f"hv-{block}-{layer}-{head}", f"avg-{block}-{layer}"]),
        "concat": Element([matrix_heatmap(attn.concat, rows, concat_cols,
                                          title=v.t("mh.fig_concat", z_last=z_last(trace)),
                                          row_title=v.t("axis.query_token"), col_title=v.t("axis.head_dimension"),
                                          show_values=False, col_ticks=16, words=v.words())],
                          f"concat-{block}-{layer}"),
        "output": Element([matrix_heatmap(W_O, wo_rows, dims, title=wo_title, row_title=v.t("axis.concat_dimension"),
                                          col_title=v.t("axis.output_dimension"), show_values=False, col_ticks=16,
                                          row_ticks=16, height=520, words=v.words()),
                           matrix_heatmap(attn.out, rows, dims, title=v.t("mh.fig_output"),
                                          row_title=v.t("axis.query_token"), col_title=v.t("axis.dimension"),
                                          show_values=False, col_ticks=16, words=v.words())],
                          f"wo-{block}", [f"wo-{block}-{layer}", f"out-{block}-{layer}"]),
    }

