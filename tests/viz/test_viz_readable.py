"""Readable charts, the Python side: the smallest text sizes and the full-label count travel in every spec's look, an
axis of up to 24 labels is labelled in full, a thinned axis says so (in the caller's words), and the Plotly figures
(exports, the naive renderer, curves) write no text under the minimum in either view. The chart element's own rules
(growing, reflowing, thinning, value labels) are tested in Chromium: tests/e2e/test_readable.py."""
from __future__ import annotations

import json
import struct

import numpy as np
import pytest

from lesson.catalogue import viz_words
from viz.bars import grouped_bars, layernorm_stats, likeliest_bar
from viz.curves import line_chart, training_curves
from viz.grid import attention_grid
from viz.head_view import head_view
from viz.heatmap import matrix_heatmap
from viz.paths import recurrence_and_attention
from viz.plotly import to_plotly
from viz.spec import axis, full, note_of, step_of, ticks
from viz.style import ENGLISH, LOOK, Words
from viz.wire import pack

PRESENTER_ZOOM = 1.45  # ui.payload.PRESENTER_ZOOM (tests/e2e/test_readable.py checks the app's)
NOTE = Words(thinned="<{n}>")


def test_the_look_names_the_smallest_sizes_and_the_full_label_count():
    assert (LOOK.min_size, LOOK.min_size_presenter, LOOK.full_labels) == (13, 18, 24)
    for size in (LOOK.tick_size, LOOK.font_size, LOOK.title_size):
        assert size >= LOOK.min_size and size * PRESENTER_ZOOM >= LOOK.min_size_presenter


@pytest.mark.parametrize("n,cap,every", [(4, None, True), (24, None, True), (25, None, False), (64, None, False),
                                         (24, 8, False), (8, 8, True)])
def test_an_axis_is_labelled_in_full_up_to_24_labels_unless_capped(n, cap, every):
    ax = axis("token", [f"t{i}" for i in range(n)], cap)
    assert full(len(ax.labels), ax.ticks) is every
    assert (ax.ticks == tuple(range(n))) is (every or n > 24 and cap is None)


def test_ticks_caps_and_steps():
    assert ticks(64, 16) == tuple(range(0, 64, 4)) and step_of(ticks(64, 16)) == 4
    assert ticks(24, None) == tuple(range(24)) and step_of(ticks(24, None)) == 1
    assert step_of((0,)) == 1 and step_of(()) == 1


def test_a_thinned_title_carries_its_note():
    assert note_of("key", ENGLISH.thinned, 1) == "key"
    assert note_of("key", ENGLISH.thinned, 2) == "key · 1 in 2 labels shown"
    assert note_of("", ENGLISH.thinned, 3) == "1 in 3 labels shown"
    assert note_of("key", "", 3) == "key", "no note without words for it"


def test_every_builder_takes_the_note_from_the_callers_words():
    toks = [f"t{i}" for i in range(30)]
    heat = matrix_heatmap(np.eye(30), toks, toks, words=NOTE)
    assert heat.rows.note == heat.cols.note == "<{n}>"
    grid = attention_grid(np.full((1, 2, 30, 30), 1 / 30), toks, toks, row_names=["L0"], col_names=["h0", "h1"],
                          words=NOTE)
    assert grid.rows.note == grid.cols.note == "<{n}>"
    assert head_view(np.eye(30), toks, toks, words=NOTE).note == "<{n}>"
    assert layernorm_stats(*(np.zeros(30),) * 4, toks, words=NOTE).note == "<{n}>"
    assert grouped_bars(toks, {"a": np.zeros(30)}, words=NOTE).note == "<{n}>"
    assert matrix_heatmap(np.eye(2), ["a", "b"], ["a", "b"]).rows.note == ENGLISH.thinned, "English by default"


def test_the_note_says_how_many_in_both_languages():
    """Needs lesson/catalogue.py's viz_words to read viz.thinned (the patch handed over with this change)."""
    english, chinese = viz_words("en").thinned, viz_words("zh").thinned
    assert english == ENGLISH.thinned and "{n}" in english
    assert "{n}" in chinese and chinese != english and "标签" in chinese


def test_the_payload_carries_the_sizes_and_notes_the_chart_element_reads():
    toks = [f"t{i}" for i in range(30)]
    data = pack([matrix_heatmap(np.eye(30), toks, toks)], zoom=1.45)
    n = struct.unpack("<I", data[4:8])[0]
    chart = json.loads(data[8:8 + n])["charts"][0]
    assert chart["look"]["min_size"] == 13 and chart["look"]["min_size_presenter"] == 18
    assert chart["look"]["full_labels"] == 24 and chart["rows"]["note"] == ENGLISH.thinned


def test_plotly_heatmaps_say_when_an_axis_is_thinned():
    thinned = to_plotly(matrix_heatmap(np.zeros((2, 64)), ["a", "b"], [f"d{i}" for i in range(64)],
                                       col_title="dimension", col_ticks=16)).to_dict()["layout"]
    assert [a["text"] for a in thinned["annotations"]] == ["dimension · 1 in 4 labels shown"]
    assert thinned["xaxis"]["title"]["text"] == "dimension", "axis titles stay the words given"
    both = to_plotly(matrix_heatmap(np.zeros((64, 64)), [f"p{i}" for i in range(64)], [f"d{i}" for i in range(64)],
                                    row_title="position", col_title="dimension", col_ticks=16, row_ticks=32,
                                    words=Words(thinned="<{n}>"))).to_dict()["layout"]
    assert [a["text"] for a in both["annotations"]] == ["dimension · &lt;4&gt;; position · &lt;2&gt;"]
    toks = [f"t{i}" for i in range(24)]
    every = to_plotly(matrix_heatmap(np.eye(24), toks, toks)).to_dict()["layout"]
    assert every["xaxis"]["ticktext"] == toks and "annotations" not in every


def font_sizes(node, key: str = "") -> list[tuple[str, float]]:
    """Every text size in a figure: font sizes and uniformtext's smallest size, with where they are."""
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "size" and key.endswith("font") and isinstance(v, (int, float)):
                out.append((key, v))
            elif k == "minsize" and key == "uniformtext":
                out.append((key, v))
            else:
                out += font_sizes(v, k)
    elif isinstance(node, list):
        for v in node:
            out += font_sizes(v, key)
    return out


def every_figure():
    toks = [f"t{i}" for i in range(24)]
    rng = np.random.default_rng(0)
    return [
        matrix_heatmap(rng.random((4, 4)), toks[:4], toks[:4], title="t"),
        attention_grid(np.full((1, 2, 4, 4), 0.25), toks[:4], toks[:4], row_names=["L0"], col_names=["h0", "h1"]),
        likeliest_bar(toks[:5], rng.dirichlet(np.ones(5)), title="t"),
        layernorm_stats(*(rng.random(24),) * 4, toks, title="t"),
        grouped_bars(toks, {"a": rng.random(24), "b": rng.random(24)}, title="t"),
        head_view(np.eye(4), toks[:4], toks[:4], title="t"),
        line_chart([1, 10, 100, 1000], {"a": [1, 5, 50, 300]}, log_x=True, log_y=True, title="t"),
        recurrence_and_attention(toks, title="t", recurrent=("RNN", "a\nb"), attention=("SA", "c\nd")),
        training_curves({"run": ([1, 10, 100], [3.0, 2.0, 1.0], [10, 100], [0.1, 0.9])}, 10, title="t"),
    ]


@pytest.mark.parametrize("zoom,least", [(1.0, LOOK.min_size), (PRESENTER_ZOOM, LOOK.min_size_presenter)])
def test_plotly_figures_write_no_text_under_the_minimum(zoom, least):
    for spec in every_figure():
        fig = to_plotly(spec, zoom=zoom).to_dict()
        small = [(where, size) for where, size in font_sizes(fig) if size < least]
        assert not small, f"{type(spec).__name__}: {small}"


def test_log_axes_label_decades_only():
    """Plotly writes the 2s and 5s between a log axis' decades at 3/4 of the tick size (16.5 px in presenter view)."""
    layout = to_plotly(line_chart([1, 10, 100], {"a": [1, 10, 100]}, log_x=True, log_y=True)).to_dict()["layout"]
    assert layout["xaxis"]["dtick"] == 1 and layout["yaxis"]["dtick"] == 1
    curves = to_plotly(every_figure()[-1]).to_dict()["layout"]
    assert curves["xaxis"]["type"] == "log" and curves["xaxis"]["dtick"] == 1


def test_bar_values_hide_rather_than_shrink_or_overlap_in_plotly():
    layout = to_plotly(grouped_bars(["a", "b"], {"x": [0.001, 0.002]}), zoom=PRESENTER_ZOOM).to_dict()["layout"]
    assert layout["uniformtext"] == {"minsize": round(LOOK.tick_size * PRESENTER_ZOOM), "mode": "hide"}
