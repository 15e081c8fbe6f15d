"""likeliest_bar, layernorm_stats."""

import numpy as np

from viz import style
from viz.bars import layernorm_stats, likeliest_bar
from viz.plotly import to_plotly

TOKENS = ["猫", "cat", "dog", "<eos>", "。"]
PROBS = [0.6, 0.2, 0.1, 0.06, 0.04]


def test_likeliest_bar_is_horizontal_on_a_fixed_probability_axis(arr):
    fig = to_plotly(likeliest_bar(TOKENS, PROBS)).to_dict()
    bar = fig["data"][0]
    assert bar["type"] == "bar" and bar["orientation"] == "h"
    assert np.allclose(arr(bar["x"]), PROBS)
    lo, hi = fig["layout"]["xaxis"]["range"]
    assert lo == 0 and hi >= 1
    assert list(bar["text"]) == ["0.60", "0.20", "0.10", "0.06", "0.04"]


def test_likeliest_bar_highlights_the_chosen_token_by_name_or_index():
    for chosen in ("cat", 1):
        colors = list(to_plotly(likeliest_bar(TOKENS, PROBS, chosen=chosen)).to_dict()["data"][0]["marker"]["color"])
        assert colors[1] == style.ACCENT
        assert all(c != style.ACCENT for i, c in enumerate(colors) if i != 1)


def test_likeliest_bar_without_choice_highlights_nothing():
    colors = to_plotly(likeliest_bar(TOKENS, PROBS)).to_dict()["data"][0]["marker"]["color"]
    assert style.ACCENT not in list(colors)
    colors = to_plotly(likeliest_bar(TOKENS, PROBS, chosen="absent")).to_dict()["data"][0]["marker"]["color"]
    assert style.ACCENT not in list(colors)


def test_likeliest_bar_labels_pass_through_top_first():
    layout = to_plotly(likeliest_bar(TOKENS, PROBS)).to_dict()["layout"]
    assert list(layout["yaxis"]["ticktext"]) == [t.replace("<", "&lt;").replace(">", "&gt;") for t in TOKENS]
    assert layout["yaxis"]["range"][0] > layout["yaxis"]["range"][1]
    assert layout["yaxis"]["tickfont"]["size"] >= 14


def test_layernorm_stats_compares_before_and_after_per_token(arr):
    tokens = ["the", "猫", "the"]
    stats = layernorm_stats([1.0, -2.0, 0.5], [4.0, 0.25, 2.0], [0.0, 0.0, 0.0], [1.0, 1.0, 1.0], tokens)
    fig = to_plotly(stats).to_dict()
    bars = fig["data"]
    assert [b["type"] for b in bars] == ["bar"] * 4
    assert [b["name"] for b in bars] == ["before LayerNorm", "after LayerNorm"] * 2
    assert [b["yaxis"] for b in bars] == ["y", "y", "y2", "y2"]
    assert np.allclose(arr(bars[2]["y"]), [4.0, 0.25, 2.0])
    layout = fig["layout"]
    assert layout["barmode"] == "group"
    assert list(layout["xaxis"]["ticktext"]) == tokens and list(layout["xaxis"]["tickvals"]) == [0, 1, 2]
    assert {(s["yref"], s["y0"]) for s in layout["shapes"]} == {("y", 0.0), ("y2", 1.0)}
    assert not overlapping(layout["xaxis"]["domain"], layout["xaxis2"]["domain"])


def overlapping(a, b):
    """True when two [start, end] intervals overlap."""
    return min(a[1], b[1]) > max(a[0], b[0])


def test_plotly_bar_panels_write_whole_values_without_decimals_as_the_canvas_does():
    """A panel of cache sizes prints 22272, not 22272.00 (the handout's Plotly path); a fractional panel keeps two."""
    from viz.spec import BarPanels, Panel, Series

    whole = Panel("bytes", (Series("K/V", np.array([22272, 11136, 5568], dtype=np.float32), "#000"),), None, True)
    part = Panel("share", (Series("p", np.array([0.5, 0.25, 0.125], dtype=np.float32), "#000"),), None, True)
    spec = BarPanels("cache", ("MHA", "GQA", "MQA"), "heads", (whole, part), "{series} {label} {value}",
                     guide_colour="#888", height=300, show_values=True)
    texts = [list(trace["text"]) for trace in to_plotly(spec).to_dict()["data"]]
    assert texts == [["22272", "11136", "5568"], ["0.50", "0.25", "0.12"]]
