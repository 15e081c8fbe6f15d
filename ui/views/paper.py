"""The paper page's charts: the sentence through a recurrent layer and through self-attention (Table 1's sequential
operations and path lengths), a convolution next to restricted and full self-attention on the sentence, and attention's
cost against sentence length (the page and the keystroke route both build them here). The times are measured once per
model and server, so every rerun and route request sends the same bytes."""
from __future__ import annotations

import numpy as np

from model import lessons
from model.trace import Trace
from ui import data
from ui.view import Element, View
from viz.curves import line_chart
from viz.heatmap import matrix_heatmap
from viz.paths import recurrence_and_attention

K = R = 3  # Table 1's convolution kernel and restricted neighbourhood, the same width for the comparison


def lengths(points: tuple[lessons.CostPoint, ...]) -> np.ndarray:
    """The measured sentence lengths n."""
    return np.array([p.n for p in points])  # (len(data.COST_LENGTHS),)


def score_mb(points: tuple[lessons.CostPoint, ...]) -> np.ndarray:
    """The score matrix's size at each n, in MB."""
    return np.array([p.score_bytes for p in points]) / 2**20  # (len(data.COST_LENGTHS),)


def time_element(points: tuple[lessons.CostPoint, ...], v: View) -> Element:
    """Attention's and the FFN's time against n."""
    return Element([line_chart(lengths(points), {v.t("paper.trace_attention"): [p.attention_ms for p in points],
                                                 v.t("paper.trace_ffn"): [p.ffn_ms for p in points]},
                               title=v.t("paper.fig_time"), x_title=v.t("paper.axis_n"), y_title=v.t("paper.axis_ms"))],
                   "paper-time")


def memory_element(points: tuple[lessons.CostPoint, ...], v: View) -> Element:
    """The score matrix's memory against n."""
    return Element([line_chart(lengths(points), {v.t("paper.trace_scores"): score_mb(points)},
                               title=v.t("paper.fig_memory"), x_title=v.t("paper.axis_n"),
                               y_title=v.t("paper.axis_mb"))],
                   "paper-memory")


def table1(trace: Trace | None, d: int) -> tuple[int, dict[str, tuple[int, int, int]]]:
    """n (the sentence's source tokens; 10 without a sentence) and the paper's Table 1 evaluated for it and d, with a
    convolution kernel of K and a restricted neighbourhood of R."""
    n = len(trace.src.ids) if trace is not None else 10
    return n, lessons.layer_costs(n, d, K, R)


def conv_check(trace: Trace) -> float:
    """max |a random convolution of kernel K − the same as K fixed one-hot attention heads| on the sentence's encoder
    input."""
    x = trace.embedding("source").x.astype(np.float64)  # (S, d_model)
    kernel, bias = lessons.conv_kernel(K, x.shape[1], x.shape[1])
    return float(np.abs(lessons.convolve(x, kernel, bias) - lessons.conv_as_attention(x, kernel, bias)).max())


def cnn_element(trace: Trace, v: View) -> Element:
    """The keys a convolution of kernel K reads (fixed), the model's weights restricted to the R keys around each
    query, and its full weights (encoder layer 0, head 0)."""
    attn, tokens = trace.attn("encoder", 0), trace.src.tokens
    restricted, keep = lessons.restricted_weights(attn.masked_scores[0], R)  # (S, S) twice
    band = lessons.offset_heads(len(tokens), K).sum(0)  # (S, S) 1 where some offset head reads

    def grid(values, title: str, masked=None, kind: str = "prob"):
        return matrix_heatmap(values, tokens, tokens, kind=kind, title=title, masked=masked,
                              decimals=2 if kind == "prob" else 0, row_title=v.t("axis.query_row"),
                              col_title=v.t("axis.key_col"), words=v.words())

    return Element([grid(np.zeros_like(band), v.t("paper.fig_conv", k=K), masked=band == 0, kind="mask"),
                    grid(restricted, v.t("paper.fig_restricted", r=R), masked=~keep),
                    grid(attn.pattern[0], v.t("paper.fig_full"))], "paper-cnn", columns=3)


def paths_element(trace: Trace, v: View, name: str = "paper-paths") -> Element:
    """The sentence's tokens through a recurrent layer (the chain x₁ → h₁ → … → hₙ) and through self-attention (every
    x to every z at once), each headed by its row of Table 1 for this n: sequential operations, maximum path length
    (`name`: the element's, for another page that shows it)."""
    _, costs = table1(trace, trace.config.d_model)
    heading = {name: v.t("paper.paths_counts", seq=costs[name][1], path=costs[name][2])
               for name in ("recurrent", "self_attention")}
    spec = recurrence_and_attention(trace.src.tokens, title=v.t("paper.fig_paths"),
                                    recurrent=(v.t("paper.paths_rnn"), heading["recurrent"]),
                                    attention=(v.t("paper.paths_attention"), heading["self_attention"]),
                                    recurrent_hover=v.t("paper.paths_rnn_hover"),
                                    attention_hover=v.t("paper.paths_attention_hover"), words=v.words())
    return Element([spec], name)



def elements(trace: Trace | None, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view: the sentence through a recurrent layer and through
    self-attention, a convolution as attention (none without a sentence), and attention's measured cost (which does
    not depend on the sentence, but carries it as its sentence)."""
    points = data.attention_cost(v.model)
    own = {"paths": paths_element(trace, v), "cnn": cnn_element(trace, v)} if trace is not None else {}
    return own | {"time": time_element(points, v), "memory": memory_element(points, v)}
