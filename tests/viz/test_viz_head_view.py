"""head_view: queries left, keys right, lines bucketed by weight, one trace per used bucket."""

import numpy as np

from viz.head_view import N_BUCKETS, head_view
from viz.plotly import to_plotly

QUERIES = ["the", "cat", "the"]
KEYS = ["le", "chat", "猫", "。"]
PATTERN = np.array(
    [
        [0.95, 0.05, 0.00, 0.00],
        [0.30, 0.30, 0.39, 0.01],
        [0.00, 0.50, 0.25, 0.25],
    ]
)


def line_traces(fig):
    """Scatter traces drawing lines (not the token columns)."""
    return [t for t in fig["data"] if t["mode"] == "lines"]


def segments(trace):
    """(query index, key index) pairs of one bucket trace, checked for None separators and x ends."""
    x, y = list(trace["x"]), list(trace["y"])
    assert len(x) % 3 == 0 and x[2::3] == [None] * (len(x) // 3) and y[2::3] == x[2::3]
    assert set(x[0::3]) == {0.0} and set(x[1::3]) == {1.0}
    return list(zip(map(int, y[0::3]), map(int, y[1::3]), strict=True))


def test_one_line_per_weight_at_or_above_min_weight_and_none_for_zero():
    fig = to_plotly(head_view(PATTERN, QUERIES, KEYS)).to_dict()
    drawn = sorted(p for t in line_traces(fig) for p in segments(t))
    rows, cols = np.nonzero(PATTERN >= 0.02)
    expected = sorted(zip(rows.tolist(), cols.tolist(), strict=True))
    assert drawn == expected
    assert (0, 2) not in drawn and (1, 3) not in drawn  # weight 0 and weight 0.01 < min_weight


def test_lines_are_batched_one_trace_per_used_bucket():
    fig = to_plotly(head_view(PATTERN, QUERIES, KEYS)).to_dict()
    lines = line_traces(fig)
    assert len(lines) <= N_BUCKETS
    assert all(len(segments(t)) >= 1 for t in lines)


def test_max_weight_draws_the_thickest_most_opaque_line():
    fig = to_plotly(head_view(PATTERN, QUERIES, KEYS)).to_dict()
    lines = line_traces(fig)
    thickest = max(lines, key=lambda t: t["line"]["width"])
    assert (0, 0) in segments(thickest)
    assert thickest["opacity"] == max(t["opacity"] for t in lines)
    widths = [t["line"]["width"] for t in lines]
    opacities = [t["opacity"] for t in lines]
    assert widths == sorted(widths) and opacities == sorted(opacities)


def test_heavier_pairs_never_draw_thinner_than_lighter_pairs():
    rng = np.random.default_rng(0)
    w = rng.dirichlet(np.ones(6) * 0.5, size=6)
    fig = to_plotly(head_view(w, list("abcdef"), list("uvwxyz"), min_weight=0.0)).to_dict()
    width_of = {p: t["line"]["width"] for t in line_traces(fig) for p in segments(t)}
    pairs = sorted(width_of, key=lambda p: w[p])
    assert [width_of[p] for p in pairs] == sorted(width_of[p] for p in pairs)


def test_min_weight_filters_lines():
    fig = to_plotly(head_view(PATTERN, QUERIES, KEYS, min_weight=0.3)).to_dict()
    drawn = {p for t in line_traces(fig) for p in segments(t)}
    assert drawn == {(0, 0), (1, 0), (1, 1), (1, 2), (2, 1)}


def test_token_columns_queries_left_keys_right_with_duplicates_and_chinese_kept():
    fig = to_plotly(head_view(PATTERN, QUERIES, KEYS)).to_dict()
    columns = [t for t in fig["data"] if t["mode"] == "markers+text"]
    left, right = columns
    assert set(left["x"]) == {0.0} and list(left["text"]) == QUERIES
    assert set(right["x"]) == {1.0} and list(right["text"]) == KEYS
    assert list(left["y"]) == [0, 1, 2]  # the two "the" stay on separate rows
    assert left["textposition"] == "middle left" and right["textposition"] == "middle right"


def test_masked_weights_draw_nothing():
    w = np.array([[1.0, -np.inf], [np.nan, 1.0]])
    fig = to_plotly(head_view(w, ["a", "b"], ["a", "b"])).to_dict()
    assert {p for t in line_traces(fig) for p in segments(t)} == {(0, 0), (1, 1)}


def test_all_zero_pattern_has_only_token_columns_and_no_legend():
    fig = to_plotly(head_view(np.zeros((2, 2)), ["a", "b"], ["a", "b"])).to_dict()
    assert line_traces(fig) == []
    assert fig["layout"]["showlegend"] is False
    assert fig["layout"]["uirevision"] == "attention-lab"
