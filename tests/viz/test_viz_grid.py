"""attention_grid: one figure, R*C heatmaps, one shared [0,1] colour axis, non-overlapping domains."""


import numpy as np
import pytest

from viz import style
from viz.grid import attention_grid
from viz.plotly import to_plotly
from viz.style import distinct

LAYERS, HEADS = ["enc L0", "enc L1"], ["head 0", "head 1", "head 2", "head 3"]


def patterns(rng, r=2, c=4, lq=5, lk=5):
    """Random row-stochastic attention patterns of shape (r, c, lq, lk)."""
    x = np.exp(rng.normal(size=(r, c, lq, lk)))
    return x / x.sum(-1, keepdims=True)


def build(lq=5, lk=5, **kw):
    """Grid over random patterns with token labels t0.. / k0.."""
    p = patterns(np.random.default_rng(0), lq=lq, lk=lk)
    return to_plotly(attention_grid(
        p, [f"t{i}" for i in range(lq)], [f"k{i}" for i in range(lk)], row_names=LAYERS, col_names=HEADS, **kw
    ))


def overlaps(a, b):
    """True when two [start, end] intervals overlap by more than a touch."""
    return min(a[1], b[1]) - max(a[0], b[0]) > 1e-9


def test_one_heatmap_per_layer_and_head_sharing_one_colour_axis():
    fig = build().to_dict()
    traces = fig["data"]
    assert len(traces) == 8 and all(t["type"] == "heatmap" for t in traces)
    assert {t["coloraxis"] for t in traces} == {"coloraxis"}
    assert not any("zmin" in t or "zmax" in t or t.get("showscale") for t in traces)
    axis = fig["layout"]["coloraxis"]
    assert (axis["cmin"], axis["cmax"]) == (0.0, 1.0)
    assert "colorbar" in axis
    assert [k for k in fig["layout"] if k.startswith("coloraxis")] == ["coloraxis"]


def test_each_trace_has_its_own_axes_with_valid_non_overlapping_domains():
    fig = build().to_dict()
    layout = fig["layout"]
    boxes = []
    for t in fig["data"]:
        xa = layout["xaxis" + t["xaxis"][1:]]
        ya = layout["yaxis" + t["yaxis"][1:]]
        assert xa["anchor"] == t["yaxis"] and ya["anchor"] == t["xaxis"]
        for dom in (xa["domain"], ya["domain"]):
            assert 0.0 <= dom[0] < dom[1] <= 1.0
        boxes.append((xa["domain"], ya["domain"]))
    assert len({(t["xaxis"], t["yaxis"]) for t in fig["data"]}) == 8
    for i, (xa, ya) in enumerate(boxes):
        for xb, yb in boxes[i + 1 :]:
            assert not (overlaps(xa, xb) and overlaps(ya, yb))


def test_first_layer_is_the_top_row_and_subplot_titles_come_from_the_names():
    fig = build().to_dict()
    layout = fig["layout"]
    titles = [a["text"] for a in layout["annotations"]]
    assert titles == [f"{r} · {c}" for r in LAYERS for c in HEADS]
    assert [t["name"] for t in fig["data"]] == titles
    top = layout["yaxis"]["domain"]
    bottom = layout["yaxis" + fig["data"][4]["yaxis"][1:]]["domain"]
    assert top[0] > bottom[1]


def test_token_labels_and_query_key_titles_on_the_outer_axes():
    fig = build().to_dict()
    layout = fig["layout"]
    for k, t in enumerate(fig["data"]):
        r, c = divmod(k, 4)
        xa = layout["xaxis" + t["xaxis"][1:]]
        ya = layout["yaxis" + t["yaxis"][1:]]
        assert xa["showticklabels"] is (r == 1)
        assert ya["showticklabels"] is (c == 0)
        assert ya["autorange"] == "reversed"
        if r == 1:
            assert "key" in xa["title"]["text"]
        if c == 0:
            assert "query" in ya["title"]["text"]
    assert list(fig["data"][0]["y"]) == [f"t{i}" for i in range(5)]
    assert list(fig["data"][0]["x"]) == [f"k{i}" for i in range(5)]


def test_masked_cells_are_nan_on_a_grey_background(arr):
    mask = np.triu(np.ones((5, 5), bool), 1)
    fig = build(masked=mask).to_dict()
    for t in fig["data"]:
        z = arr(t["z"])
        assert np.isnan(z[mask]).all() and np.isfinite(z[~mask]).all()
    assert fig["layout"]["plot_bgcolor"] == style.MASK_GREY
    assert all(t["hoverongaps"] is False for t in fig["data"])


def test_cross_attention_shapes_and_hover_names_the_subplot(arr):
    fig = build(lq=3, lk=6).to_dict()
    assert arr(fig["data"][0]["z"]).shape == (3, 6)
    assert fig["data"][5]["hovertemplate"].startswith("<b>enc L1 · head 1</b>")
    assert "%{y}" in fig["data"][0]["hovertemplate"] and "%{x}" in fig["data"][0]["hovertemplate"]


def test_duplicate_tokens_stay_separate_categories(arr):
    tokens = ["the", "cat", "saw", "the", "dog"]
    assert distinct(tokens) == ["the·0", "cat", "saw", "the·3", "dog"]
    p = patterns(np.random.default_rng(1))
    fig = to_plotly(attention_grid(p, tokens, tokens, row_names=LAYERS, col_names=HEADS)).to_dict()
    t = fig["data"][0]
    assert len(set(t["y"])) == 5 and arr(t["z"]).shape == (5, 5)
    assert list(fig["layout"]["yaxis"]["categoryarray"]) == list(t["y"])


def test_chinese_tokens_pass_through():
    tokens = ["我", "爱", "猫"]
    p = patterns(np.random.default_rng(2), lq=3, lk=3)
    fig = to_plotly(attention_grid(p, tokens, tokens, row_names=LAYERS, col_names=HEADS)).to_dict()
    assert list(fig["data"][0]["x"]) == tokens


def test_name_count_mismatch_is_rejected():
    with pytest.raises(ValueError):
        to_plotly(attention_grid(np.zeros((2, 4, 3, 3)), list("abc"), list("abc"), row_names=["L0"], col_names=HEADS))


def test_two_layers_four_heads_at_64_tokens_stays_light():
    """Size, not time (timings belong to `python -m benchmarks.latency`): eight 64 × 64 maps stay under 600 KB."""
    p = patterns(np.random.default_rng(3), lq=64, lk=64)
    tokens = [f"w{i}" for i in range(64)]
    fig = to_plotly(attention_grid(p, tokens, tokens, row_names=LAYERS, col_names=HEADS))
    assert len(fig.to_json()) < 600_000
