"""The typed chart contract: specs hold what the numbers demand (checked against NumPy), every word comes from the
caller, and the element's binary payload carries the arrays unchanged."""
import dataclasses
import json
import struct

import numpy as np
import pytest

from viz import style
from viz.bars import layernorm_stats, likeliest_bar
from viz.grid import attention_grid
from viz.head_view import head_view
from viz.heatmap import matrix_heatmap
from viz.plotly import to_plotly
from viz.positional import pe_heatmap
from viz.style import Words
from viz.wire import pack

EVIL = "<img src=x onerror=alert(1)>"
ZH = Words(value="数值", probability="概率", weight="权重", mean="均值", variance="方差", token="词元", query="查询",
           key="键", before_ln="LayerNorm 之前", after_ln="LayerNorm 之后", masked="−∞（已掩码）")


def causal(rng, n=5):
    """Scaled scores with −∞ above the diagonal."""
    scores = rng.normal(size=(n, n)) * 2
    return np.where(np.triu(np.ones((n, n), bool), 1), -np.inf, scores)


def test_heatmap_values_mask_and_labels_are_the_inputs():
    scores = causal(np.random.default_rng(0))
    masked = np.zeros((5, 5), bool)
    masked[4, 0] = True  # a finite cell masked by hand
    spec = matrix_heatmap(scores, list("abcde"), [EVIL, "b", "c", "d", "e"], masked=masked)
    assert spec.values.dtype == np.float32 and spec.values.shape == (5, 5)
    np.testing.assert_array_equal(spec.values, scores.astype(np.float32))
    np.testing.assert_array_equal(spec.mask, np.isneginf(scores) | masked)
    assert spec.cols.labels[0] == EVIL, "labels stay plain text; only Plotly output escapes them"
    assert spec.rows.labels == tuple("abcde") and spec.rows.ticks == (0, 1, 2, 3, 4)


def test_signed_colour_range_is_the_largest_unmasked_magnitude():
    scores = causal(np.random.default_rng(1))
    masked = np.zeros((5, 5), bool)
    masked[3, 1] = True
    scores[3, 1] = -50.0  # masked: must not stretch the scale
    spec = matrix_heatmap(scores, list("abcde"), list("abcde"), masked=masked)
    visible = scores[~(np.isneginf(scores) | masked)]
    bound = np.abs(visible).max()
    assert (spec.colours.vmin, spec.colours.vmax) == pytest.approx((-bound, bound))
    assert spec.colours.stops == style.SIGNED_COLOURS


def test_probabilities_use_zero_to_one_whatever_the_values():
    spec = matrix_heatmap(np.full((2, 2), 0.3), ["a", "b"], ["a", "b"], kind="prob")
    assert (spec.colours.vmin, spec.colours.vmax, spec.colours.title) == (0.0, 1.0, "p")
    assert spec.colours.stops == style.PROB_COLOURS


def test_words_come_from_the_caller():
    heat = matrix_heatmap(causal(np.random.default_rng(2)), list("abcde"), list("abcde"), words=ZH)
    assert heat.colours.title == "数值" and heat.mask_hover.endswith("= −∞（已掩码）")
    assert heat.mask_text == style.MASK_TEXT
    grey = matrix_heatmap(np.eye(2), ["a", "b"], ["a", "b"], masked=np.eye(2, dtype=bool), grey=("—", "unshared"))
    assert (grey.mask_text, grey.mask_hover.endswith("= unshared")) == ("—", True)
    bars = likeliest_bar(["猫", "狗"], [0.7, 0.3], chosen="狗", words=ZH)
    assert bars.value_title == "概率" and bars.highlight == 1
    panels = layernorm_stats([0, 1], [1, 2], [0, 0], [1, 1], ["a", "b"], words=ZH)
    assert [p.title for p in panels.panels] == ["均值", "方差"] and panels.label_title == "词元"
    assert [s.name for s in panels.panels[0].series] == ["LayerNorm 之前", "LayerNorm 之后"]
    view = head_view(np.eye(2), ["a", "b"], ["a", "b"], words=ZH)
    assert (view.query_title, view.key_title, view.weight_title) == ("查询", "键", "权重")
    pe = pe_heatmap(np.zeros((3, 4)), [0, 1, 2], words=Words(position="位置", dimension="维度"))
    assert (pe.rows.title, pe.cols.title) == ("位置", "维度")
    fig = to_plotly(bars).to_dict()
    assert fig["layout"]["xaxis"]["title"]["text"] == "概率"


def test_grid_holds_every_map_with_its_mask():
    rng = np.random.default_rng(3)
    p = rng.dirichlet(np.ones(4), size=(2, 3, 4))  # (2 layers, 3 heads, 4 queries, 4 keys)
    causal_mask = np.triu(np.ones((4, 4), bool), 1)
    spec = attention_grid(p, list("abcd"), list("abcd"), row_names=["L0", "L1"], col_names=["h0", "h1", "h2"],
                          masked=causal_mask)
    np.testing.assert_allclose(spec.values, p, rtol=1e-6)
    assert spec.mask.shape == p.shape and (spec.mask == causal_mask).all()
    assert (spec.colours.vmin, spec.colours.vmax) == (0.0, 1.0)


def test_head_view_treats_masked_weights_as_zero():
    spec = head_view(np.array([[1.0, -np.inf], [np.nan, 0.5]]), ["a", "b"], ["a", "b"])
    np.testing.assert_array_equal(spec.weights, [[1.0, 0.0], [0.0, 0.5]])


def test_specs_are_frozen_plain_data():
    spec = matrix_heatmap(np.eye(2), ["a", "b"], ["a", "b"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.title = "x"
    with pytest.raises(ValueError):
        spec.values[0, 0] = 5.0


def read(payload: bytes) -> tuple[dict, list[np.ndarray]]:
    """An independent reader of the payload layout documented in viz/wire.py."""
    assert payload[:4] == b"ALC1"
    (n,) = struct.unpack("<I", payload[4:8])
    assert n % 4 == 0
    header = json.loads(payload[8:8 + n].decode("utf-8"))
    arrays = []
    for a in header["arrays"]:
        assert a["offset"] % 4 == 0
        dtype = {"f4": "<f4", "u1": "u1"}[a["dtype"]]
        arrays.append(np.frombuffer(payload, dtype, int(np.prod(a["shape"])), 8 + n + a["offset"]).reshape(a["shape"]))
    return header, arrays


def test_payload_carries_the_arrays_as_binary_and_every_other_field_as_json():
    scores = causal(np.random.default_rng(4), 3)
    heat = matrix_heatmap(scores, ["我", "有", EVIL], ["我", "有", EVIL], title="分数", words=ZH)
    bars = likeliest_bar(["猫", "狗"], [0.7, 0.3])
    header, arrays = read(pack([heat, bars], sentence="我有", zoom=1.45))
    assert (header["sentence"], header["zoom"]) == ("我有", 1.45)
    first, second = header["charts"]
    assert (first["kind"], second["kind"]) == ("heatmap", "bars")
    assert first["title"] == "分数" and first["rows"]["labels"][2] == EVIL
    np.testing.assert_array_equal(arrays[first["values"]["array"]], scores.astype(np.float32))
    np.testing.assert_array_equal(arrays[first["mask"]["array"]].astype(bool), np.isneginf(scores))
    np.testing.assert_array_equal(arrays[second["values"]["array"]], np.float32([0.7, 0.3]))
    assert first["look"]["mask_grey"] == style.MASK_GREY and first["look"]["font_family"] == style.FONT_FAMILY
    assert first["colours"]["vmax"] == pytest.approx(heat.colours.vmax)


def test_a_line_chart_with_a_marker_is_a_figure_plotly_accepts():
    """The vertical marker line has a colour Plotly validates (an empty one made st.plotly_chart raise on RoPE &
    ALiBi's loss chart with ?renderer=naive)."""
    import plotly.graph_objects as go

    from viz.curves import line_chart

    spec = line_chart(np.array([8, 16, 32]), {"a": np.array([1.0, 2.0, 3.0])}, marker_x=16.0)
    figure = go.Figure(to_plotly(spec).to_dict())
    assert [shape.line.color for shape in figure.layout.shapes] == [style.ACCENT]
