"""Multi-head's charts for one trace and the view state (no widgets: the page and the keystroke route both build
them here)."""
from __future__ import annotations

from model import pretrained
from model.explain import SUBSCRIPTS, projection_weights
from model.trace import Trace
from ui import data
from ui.view import Block, View, block_view
from viz.grid import attention_grid, wrap
from viz.headview import head_view
from viz.heatmap import matrix_heatmap


def wide(trace: Trace, side: str) -> bool:
    """True for a pretrained model's many heads: the grid shows the picked layer's heads, in full rows."""
    return trace.n_layers(side) * trace.config.h > 16


def z_last(trace: Trace) -> str:
    """The last head's output as written in the captions (Z₇)."""
    return "Z" + str(trace.config.h - 1).translate(SUBSCRIPTS)


def grid_block(trace: Trace, side: str, layer: int, v: View) -> Block:
    """Every head of every layer (or, for a pretrained model, of the picked layer)."""
    attn, h = trace.attn(side, layer), trace.config.h
    rows, cols = attn.queries, attn.keys
    axes = dict(row_title=v.t("axis.query"), col_title=v.t("axis.key"), words=v.words())
    if wide(trace, side):
        n_r, n_c = wrap(h)
        spec = attention_grid(attn.pattern.reshape(n_r, n_c, len(rows), len(cols)), rows, cols,
                              row_names=[""] * n_r, col_names=[""] * n_c,
                              cell_names=[[v.t("label.head", i=r * n_c + c) for c in range(n_c)] for r in range(n_r)],
                              title=v.t("hf.fig_layer_heads", side=v.side_label(side), h=h, layer=layer), **axes)
    else:
        spec = attention_grid(trace.patterns(side), rows, cols,
                              row_names=[v.t("label.layer", i=i) for i in range(trace.n_layers(side))],
                              col_names=[v.t("label.head", i=j) for j in range(h)],
                              title=v.t("mh.fig_grid", side=v.side_label(side)), **axes)
    return Block([spec], f"mh-grid-{side}")


def concat_labels(trace: Trace) -> list[str]:
    """Concat(head_0 … head_h-1)'s columns: head · dimension."""
    d_k = trace.config.d_k
    return [f"h{i // d_k}·{i % d_k}" for i in range(trace.config.d_model)]


def output_weights(trace: Trace, side: str, layer: int, head: int, v: View) -> tuple:
    """(W_O rows shown, their labels, title): all of W_O, or a pretrained model's picked head's d_k rows (d_model²
    cells would be ~1 MB per keystroke)."""
    d_k, concat_cols = trace.config.d_k, concat_labels(trace)
    if v.pretrained:
        W_O = pretrained.output_weights(data.pretrained_model(v.hf_model), side, layer)[head * d_k:(head + 1) * d_k]
        return W_O, concat_cols[head * d_k:(head + 1) * d_k], v.t("hf.fig_wo_head", head=head, d_k=d_k)
    return projection_weights(data.bundle(trace.model).model, side, layer)["W_O"], concat_cols, "W_O"


def blocks(trace: Trace, side: str, layer: int, head: int, v: View) -> dict[str, Block]:
    """Every chart element of the page, by section."""
    attn, h, d_model = trace.attn(side, layer), trace.config.h, trace.config.d_model
    rows, cols = attn.queries, attn.keys
    concat_cols, dims = concat_labels(trace), [f"d{i}" for i in range(d_model)]
    W_O, wo_rows, wo_title = output_weights(trace, side, layer, head, v)
    return {
        "grid": grid_block(trace, side, layer, v),
        "heads": Block([head_view(attn.pattern[head], rows, cols, title=v.t("mh.fig_head_view", layer=layer, head=head),
                                  words=v.words()),
                        matrix_heatmap(attn.pattern.mean(0), rows, cols, kind="prob",
                                       title=v.t("mh.fig_average", h=h, layer=layer),
                                       hover_formula=v.t("mh.hover_average"), row_title=v.t("axis.query_row"),
                                       col_title=v.t("axis.key_col"), words=v.words())],
                       f"hv-{side}", [f"hv-{side}-{layer}-{head}", f"avg-{side}-{layer}"]),
        "concat": Block([matrix_heatmap(attn.concat, rows, concat_cols,
                                        title=v.t("mh.fig_concat", z_last=z_last(trace)),
                                        row_title=v.t("axis.query_token"), col_title=v.t("axis.head_dimension"),
                                        show_values=False, col_ticks=16, words=v.words())], f"concat-{side}-{layer}"),
        "output": Block([matrix_heatmap(W_O, wo_rows, dims, title=wo_title, row_title=v.t("axis.concat_dimension"),
                                        col_title=v.t("axis.output_dimension"), show_values=False, col_ticks=16,
                                        row_ticks=16, height=520, words=v.words()),
                         matrix_heatmap(attn.out, rows, dims, title=v.t("mh.fig_output"),
                                        row_title=v.t("axis.query_token"), col_title=v.t("axis.dimension"),
                                        show_values=False, col_ticks=16, words=v.words())],
                        f"wo-{side}", [f"wo-{side}-{layer}", f"out-{side}-{layer}"]),
    }


def charts(trace: Trace, v: View) -> list[Block]:
    """Every chart element of the page for the view (what the keystroke route sends)."""
    return list(blocks(trace, *block_view(trace, v), v).values())
