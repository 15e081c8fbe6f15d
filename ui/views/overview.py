"""The overview's attention maps for one trace (the page places `elements`' charts by key, the keystroke route sends
them all)."""
from __future__ import annotations

from model.trace import Trace
from ui.view import Element, View, attention_blocks
from viz.grid import attention_grid, wrap


def focus(trace: Trace, block: str, v: View) -> tuple[int, int]:
    """(query, key) whose labels a thinned map of `block` keeps: the view's query token and the key it attends most in
    the view's layer and head (on the projector, "it → animal" stays readable)."""
    layer, head = min(v.layer, trace.n_layers(block) - 1), min(v.head, trace.config.h - 1)
    pattern = trace.attn(block, layer).pattern[head]  # (L_q, L_k)
    q = min(v.query, pattern.shape[0] - 1)
    return q, int(pattern[q].argmax())


def grid_name(block: str) -> str:
    """The name of a block's maps (its chart element's, and its export file's)."""
    return f"grid-{block}"


def tab_title(block: str, v: View) -> str:
    """The tab (and grid) title of one attention block."""
    return v.t(f"ov.tab_{block}")


def maps_element(trace: Trace, block: str, v: View) -> Element:
    """Every layer × head map of one block; for a pretrained model's many heads, each layer's mean over heads."""
    N, h, title = trace.n_layers(block), trace.config.h, tab_title(block, v)
    rows, cols = trace.tokens_for(block)
    patterns = trace.patterns(block)  # (N, h, L_q, L_k)
    axes = dict(row_title=v.t("axis.query"), col_title=v.t("axis.key"), focus=focus(trace, block, v), words=v.words())
    if N * h <= 16:
        return Element([attention_grid(patterns, rows, cols, row_names=[v.t("label.layer", i=i) for i in range(N)],
                                       col_names=[v.t("label.head", i=j) for j in range(h)], title=title, **axes)],
                       grid_name(block))
    n_r, n_c = wrap(N)
    means = patterns.mean(1).reshape(n_r, n_c, len(rows), len(cols))  # (n_r, n_c, L_q, L_k)
    return Element([attention_grid(means, rows, cols, row_names=[""] * n_r, col_names=[""] * n_c,
                                   cell_names=[[v.t("label.layer", i=r * n_c + c) for c in range(n_c)]
                                               for r in range(n_r)],
                                   title=v.t("hf.fig_layer_means", block=title, h=h), **axes)], grid_name(block))



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every attention block's maps, by block, but a block in a tab the browser hides (a keystroke with the encoder's
    tab open reads the encoder alone: no decoding)."""
    return {block: maps_element(trace, block, v) for block in attention_blocks(trace) if v.shows(grid_name(block))}
