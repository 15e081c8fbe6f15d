"""The paper page's charts: the sentence through a recurrent layer and through self-attention (Table 1's sequential
operations and path lengths), and attention's cost against sentence length (the page and the keystroke route both build
them here). The times are measured once per model and server, so every rerun and route request sends the same bytes."""
from __future__ import annotations

import numpy as np

from model import lessons
from model.trace import Trace
from ui import data
from ui.view import Element, View, per_view
from viz.lines import line_chart
from viz.paths import recurrence_and_attention


def lengths(points: tuple[lessons.CostPoint, ...]) -> np.ndarray:
    """The measured sentence lengths n."""
    return np.array([p.n for p in points])  # (len(data.COST_LENGTHS),)


def score_mb(points: tuple[lessons.CostPoint, ...]) -> np.ndarray:
    """The score matrix's size at each n, in MB."""
    return np.array([p.score_bytes for p in points]) / 2**20  # (len(data.COST_LENGTHS),)


@per_view
def time_element(points: tuple[lessons.CostPoint, ...], v: View) -> Element:
    """Attention's and the FFN's time against n."""
    return Element([line_chart(lengths(points), {v.t("paper.trace_attention"): [p.attention_ms for p in points],
                                                 v.t("paper.trace_ffn"): [p.ffn_ms for p in points]},
                               title=v.t("paper.fig_time"), x_title=v.t("paper.axis_n"), y_title=v.t("paper.axis_ms"))],
                   "paper-time")


@per_view
def memory_element(points: tuple[lessons.CostPoint, ...], v: View) -> Element:
    """The score matrix's memory against n."""
    return Element([line_chart(lengths(points), {v.t("paper.trace_scores"): score_mb(points)},
                               title=v.t("paper.fig_memory"), x_title=v.t("paper.axis_n"),
                               y_title=v.t("paper.axis_mb"))],
                   "paper-memory")


def table1(trace: Trace | None, d: int, k: int = 3) -> tuple[int, dict[str, tuple[int, int, int]]]:
    """n (the sentence's source tokens; 10 without a sentence) and the paper's Table 1 evaluated for it, d and a
    convolution kernel of k."""
    n = len(trace.src.ids) if trace is not None else 10
    return n, lessons.layer_costs(n, d, k)


@per_view
def paths_element(trace: Trace, v: View) -> Element:
    """The sentence's tokens through a recurrent layer (the chain x₁ → h₁ → … → hₙ) and through self-attention (every
    x to every z at once), each headed by its row of Table 1 for this n: sequential operations, maximum path length."""
    _, costs = table1(trace, trace.config.d_model)
    heading = {name: v.t("paper.paths_counts", seq=costs[name][1], path=costs[name][2])
               for name in ("recurrent", "self_attention")}
    spec = recurrence_and_attention(trace.src.tokens, title=v.t("paper.fig_paths"),
                                    recurrent=(v.t("paper.paths_rnn"), heading["recurrent"]),
                                    attention=(v.t("paper.paths_attention"), heading["self_attention"]),
                                    recurrent_hover=v.t("paper.paths_rnn_hover"),
                                    attention_hover=v.t("paper.paths_attention_hover"), words=v.words())
    return Element([spec], "paper-paths")


def charts(trace: Trace, v: View) -> list[Element]:
    """Every chart element of the page for the view (what the keystroke route sends): the sentence through a
    recurrent layer and through self-attention, and attention's measured cost (which does not depend on the sentence,
    but carries it as its sentence)."""
    points = data.attention_cost(trace.model)
    return [paths_element(trace, v), time_element(points, v), memory_element(points, v)]
