"""The paper page's charts: attention's cost against sentence length (the page and the keystroke route both build
them here). The times are measured once per model and server, so every rerun and route request sends the same bytes."""
from __future__ import annotations

import numpy as np
import streamlit as st

from model import lessons
from model.trace import Trace
from ui import data
from ui.i18n import t
from ui.widgets import Block
from viz.lines import line_chart

LENGTHS = (32, 64, 128, 256, 512, 1024)
REPEATS = 3


@st.cache_resource(show_spinner=False)
def cost(name: str) -> tuple[lessons.CostPoint, ...]:
    """The attention cost measured once per model and server (about a second), then shared by every session."""
    return tuple(lessons.attention_cost(data.bundle(name).model, list(LENGTHS), REPEATS))


def lengths(points: tuple[lessons.CostPoint, ...]) -> np.ndarray:
    """The measured sentence lengths n."""
    return np.array([p.n for p in points])  # (len(LENGTHS),)


def score_mb(points: tuple[lessons.CostPoint, ...]) -> np.ndarray:
    """The score matrix's size at each n, in MB."""
    return np.array([p.score_bytes for p in points]) / 2**20  # (len(LENGTHS),)


def time_block(points: tuple[lessons.CostPoint, ...]) -> Block:
    """Attention's and the FFN's time against n."""
    return Block([line_chart(lengths(points), {t("paper.trace_attention"): [p.attention_ms for p in points],
                                               t("paper.trace_ffn"): [p.ffn_ms for p in points]},
                             title=t("paper.fig_time"), x_title=t("paper.axis_n"), y_title=t("paper.axis_ms"))],
                 "paper-time")


def memory_block(points: tuple[lessons.CostPoint, ...]) -> Block:
    """The score matrix's memory against n."""
    return Block([line_chart(lengths(points), {t("paper.trace_scores"): score_mb(points)}, title=t("paper.fig_memory"),
                             x_title=t("paper.axis_n"), y_title=t("paper.axis_mb"))], "paper-memory")


def charts(trace: Trace) -> list[Block]:
    """Every chart element of the page for the view state (what the keystroke route sends): neither depends on the
    sentence, but each carries it as its rev."""
    points = cost(trace.model)
    return [time_block(points), memory_block(points)]
