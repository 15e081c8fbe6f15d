"""Head knockout's chart for one trace and the view state (the page and the keystroke route both build it here)."""
from __future__ import annotations

import numpy as np

from model.ablation import BLOCKS
from model.trace import Trace
from ui import data
from ui.view import Element, View
from viz.heatmap import matrix_heatmap

BOUND_FLOOR = 1.0  # the colour map spans at least ±1 nat: a drop too small to matter stays pale, not deep blue


def importance(trace: Trace, v: View) -> np.ndarray:
    """Drop in log P(own translation) per head knocked out alone, in the view's mode; (blocks, N, h)."""
    return data.head_importance(trace.model, v.sentence, v.knockout_mode)


def importance_element(trace: Trace, drops: np.ndarray, v: View) -> Element:
    """The drops as one heatmap: a row per block and layer, a column per head."""
    N, h = trace.config.N, trace.config.h
    rows = [f"{v.t(f'ko.block_{block}')} · L{layer}" for block in BLOCKS for layer in range(N)]
    return Element([matrix_heatmap(drops.reshape(len(BLOCKS) * N, h), rows, [f"h{j}" for j in range(h)],
                                   title=v.t("ko.fig_importance"), row_title=v.t("ko.axis_block"),
                                   col_title=v.t("ko.axis_head"), hover_formula="Δ log P", words=v.words(),
                                   bound=max(BOUND_FLOOR, float(np.abs(drops).max())))],
                   "ko-importance")



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view: each head's importance."""
    return {"importance": importance_element(trace, importance(trace, v), v)}
