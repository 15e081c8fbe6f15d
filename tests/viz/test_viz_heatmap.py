"""matrix_heatmap: scales, masks, cell text, hover formulas, duplicate and Chinese labels."""

import numpy as np
import pytest

from viz import style
from viz.heatmap import matrix_heatmap
from viz.plotly import to_plotly
from viz.positional import pe_heatmap

TOKENS = ["the", "cat", "on", "the"]


def causal_scores(rng, n=4):
    """Random scores with -inf above the diagonal, plus the boolean mask used."""
    scores = rng.normal(size=(n, n)) * 3
    mask = np.triu(np.ones((n, n), bool), 1)
    return np.where(mask, -np.inf, scores), mask


def test_single_heatmap_trace_and_axis_titles_name_query_and_key():
    fig = to_plotly(matrix_heatmap(np.zeros((4, 4)), TOKENS, TOKENS)).to_dict()
    assert [t["type"] for t in fig["data"]] == ["heatmap"]
    assert "query" in fig["layout"]["yaxis"]["title"]["text"]
    assert "row" in fig["layout"]["yaxis"]["title"]["text"]
    assert "key" in fig["layout"]["xaxis"]["title"]["text"]
    assert "column" in fig["layout"]["xaxis"]["title"]["text"]


def test_given_axis_titles_are_used():
    fig = to_plotly(matrix_heatmap(
        np.zeros((4, 3)), TOKENS, ["d0", "d1", "d2"], row_title="token", col_title="dimension"
    )).to_dict()
    assert fig["layout"]["yaxis"]["title"]["text"] == "token"
    assert fig["layout"]["xaxis"]["title"]["text"] == "dimension"


def test_prob_scale_is_fixed_zero_to_one_whatever_the_data():
    fig = to_plotly(matrix_heatmap(np.full((4, 4), 0.25), TOKENS, TOKENS, kind="prob")).to_dict()
    trace = fig["data"][0]
    assert (trace["zmin"], trace["zmax"]) == (0.0, 1.0)
    assert trace["colorscale"][0][1] == style.PROB_COLOURS[0][1]


def test_signed_scale_is_symmetric_around_zero_ignoring_minus_inf(arr):
    values, _ = causal_scores(np.random.default_rng(0))
    values[3, 0] = -7.5  # the largest magnitude is negative
    expected = np.max(np.abs(values[np.isfinite(values)]))
    trace = to_plotly(matrix_heatmap(values, TOKENS, TOKENS)).to_dict()["data"][0]
    assert trace["zmin"] == pytest.approx(-expected)
    assert trace["zmax"] == pytest.approx(expected)
    assert expected == pytest.approx(7.5)


def test_signed_scale_of_an_all_zero_or_all_masked_matrix_is_valid():
    for values in (np.zeros((2, 2)), np.full((2, 2), -np.inf)):
        trace = to_plotly(matrix_heatmap(values, ["a", "b"], ["a", "b"])).to_dict()["data"][0]
        assert trace["zmin"] == -trace["zmax"] and trace["zmax"] > 0


def test_raw_kind_spans_the_unmasked_values_and_unknown_kind_is_rejected():
    values = np.array([[3.0, -1.0], [7.5, 100.0]])
    masked = np.array([[False, False], [False, True]])  # the 100 is masked, so it does not stretch the scale
    trace = to_plotly(matrix_heatmap(values, ["a", "b"], ["a", "b"], kind="raw", masked=masked)).to_dict()["data"][0]
    assert (trace["zmin"], trace["zmax"]) == (-1.0, 7.5)
    with pytest.raises(ValueError):
        matrix_heatmap(np.ones((2, 2)), ["a", "b"], ["a", "b"], kind="probability")


def test_masked_cells_are_nan_with_minus_infinity_text_and_others_show_rounded_values(arr):
    values, mask = causal_scores(np.random.default_rng(1))
    fig = to_plotly(matrix_heatmap(values, TOKENS, TOKENS, decimals=2)).to_dict()
    trace, overlay = fig["data"]
    z, text = arr(trace["z"]), arr(trace["text"])
    assert np.isnan(z[mask]).all()
    assert np.isfinite(z[~mask]).all()
    assert (text[mask] == "−∞").all()
    for i, j in np.argwhere(~mask):
        assert text[i, j] == f"{values[i, j]:.2f}"
    assert trace["texttemplate"] == "%{text}"
    # the grey overlay covers exactly the masked cells and says −∞
    oz = arr(overlay["z"])
    assert (oz[mask] == 1).all() and np.isnan(oz[~mask]).all()
    otext = arr(overlay["text"])
    assert (otext[mask] == "−∞").all() and (otext[~mask] == "").all() and not overlay["showscale"]
    assert {c for _, c in overlay["colorscale"]} == {style.MASK_GREY}


def test_explicit_mask_marks_finite_cells_too(arr):
    probs = np.full((2, 2), 0.5)
    masked = np.array([[False, True], [False, False]])
    trace = to_plotly(matrix_heatmap(probs, ["a", "b"], ["a", "b"], kind="prob", masked=masked)).to_dict()["data"][0]
    z, text = arr(trace["z"]), arr(trace["text"])
    assert np.isnan(z[0, 1]) and text[0, 1] == "0"  # a masked weight is exp(−∞) = 0
    assert z[1, 1] == 0.5 and text[1, 1] == "0.50"


def test_unmasked_figure_has_no_mask_overlay():
    fig = to_plotly(matrix_heatmap(np.ones((2, 2)), ["a", "b"], ["a", "b"])).to_dict()
    assert len(fig["data"]) == 1 and fig["layout"]["plot_bgcolor"] == "white"


def test_rounding_never_shows_negative_zero(arr):
    trace = to_plotly(matrix_heatmap(np.array([[-0.001, 0.004]]), ["a"], ["x", "y"])).to_dict()["data"][0]
    assert list(arr(trace["text"])[0]) == ["0.00", "0.00"]


def test_hover_formula_names_the_cells_tokens():
    """Plotly fills %{y}/%{x} with the cell's row/column token and formats %{z} in the browser."""
    values = np.zeros((4, 4))
    fig = to_plotly(matrix_heatmap(values, ["a", "cat", "on", "mat"], ["a", "cat", "on", "mat"],
                         hover_formula="q_{row}·k_{col}")).to_dict()
    trace = fig["data"][0]
    assert trace["hovertemplate"] == "q_%{y}·k_%{x} = %{z:.3~f}<extra></extra>"
    assert trace["y"] == ["a", "cat", "on", "mat"] and trace["x"] == ["a", "cat", "on", "mat"]
    assert trace["hoverongaps"] is False


def test_hover_on_a_masked_cell_says_minus_infinity():
    values, _ = causal_scores(np.random.default_rng(2))
    fig = to_plotly(matrix_heatmap(values, TOKENS, TOKENS, hover_formula="softmax(S)[{row}, {col}]")).to_dict()
    overlay = fig["data"][1]
    assert overlay["hovertemplate"] == "softmax(S)[%{y}, %{x}] = −∞ (masked)<extra></extra>"
    assert overlay["hoverongaps"] is False  # unmasked cells show the main trace's hover


def test_duplicate_labels_keep_distinct_rows_and_columns(arr):
    values = np.arange(16, dtype=float).reshape(4, 4)
    fig = to_plotly(matrix_heatmap(values, TOKENS, TOKENS)).to_dict()
    trace, layout = fig["data"][0], fig["layout"]
    assert arr(trace["z"]).shape == (4, 4)
    assert trace["y"] == ["the·0", "cat", "on", "the·3"] and len(set(trace["x"])) == 4
    for axis in (layout["xaxis"], layout["yaxis"]):
        assert axis["type"] == "category" and axis["categoryarray"] == ["the·0", "cat", "on", "the·3"]
        assert list(axis["ticktext"]) == TOKENS  # ticks show the plain tokens
    assert layout["yaxis"]["autorange"] == "reversed"  # first query on top


def test_values_shown_only_for_small_matrices():
    small = to_plotly(matrix_heatmap(np.zeros((10, 15)), list("abcdefghij"), [f"d{i}" for i in range(15)]))
    large = to_plotly(matrix_heatmap(np.zeros((12, 13)), [f"t{i}" for i in range(12)], [f"d{i}" for i in range(13)]))
    assert small.to_dict()["data"][0].get("texttemplate") == "%{text}"
    assert "texttemplate" not in large.to_dict()["data"][0]
    forced = to_plotly(matrix_heatmap(
        np.zeros((12, 13)), [f"t{i}" for i in range(12)], [f"d{i}" for i in range(13)], show_values=True
    ))
    assert forced.to_dict()["data"][0].get("texttemplate") == "%{text}"


def test_chinese_labels_pass_through_unchanged():
    tokens = ["我", "爱", "猫", "。"]
    fig = to_plotly(matrix_heatmap(np.eye(4), tokens, tokens, kind="prob", hover_formula="α[{row}, {col}]")).to_dict()
    assert list(fig["layout"]["yaxis"]["ticktext"]) == tokens
    assert list(fig["layout"]["xaxis"]["ticktext"]) == tokens
    assert fig["data"][0]["y"] == tokens and fig["data"][0]["hovertemplate"].startswith("α[%{y}, %{x}]")


def test_tick_thinning_keeps_every_cell_but_labels_every_kth():
    fig = to_plotly(matrix_heatmap(np.zeros((2, 64)), ["a", "b"], [f"d{i}" for i in range(64)], col_ticks=16)).to_dict()
    axis = fig["layout"]["xaxis"]
    assert len(fig["data"][0]["x"]) == 64
    assert axis["ticktext"] == [f"d{i}" for i in range(0, 64, 4)] and axis["tickvals"] == axis["ticktext"]


def test_projector_readable_fonts_and_stable_uirevision():
    layout = to_plotly(matrix_heatmap(np.eye(2), ["a", "b"], ["a", "b"], title="t")).to_dict()["layout"]
    assert layout["font"]["size"] >= 14
    assert "Noto Sans CJK SC" in layout["font"]["family"]
    assert layout["xaxis"]["tickfont"]["size"] >= 14 and layout["yaxis"]["tickfont"]["size"] >= 14
    assert layout["uirevision"] == "attention-lab"
    assert "modebar" not in layout


def test_label_count_mismatch_is_rejected():
    with pytest.raises(ValueError):
        to_plotly(matrix_heatmap(np.zeros((2, 3)), ["a", "b"], ["x", "y"]))


def test_empty_sentence_does_not_crash():
    fig = to_plotly(matrix_heatmap(np.zeros((0, 0)), [], [], kind="prob"))
    assert fig.to_dict()["data"][0]["type"] == "heatmap"


def test_pe_heatmap_uses_fixed_minus_one_to_one_range():
    pe = np.sin(np.arange(20).reshape(5, 4) / 3) * 0.3
    fig = to_plotly(pe_heatmap(pe, [str(i) for i in range(5)], title="PE")).to_dict()
    trace = fig["data"][0]
    assert (trace["zmin"], trace["zmax"]) == (-1.0, 1.0)
    assert list(fig["layout"]["xaxis"]["ticktext"]) == ["d0", "d1", "d2", "d3"]
    assert fig["layout"]["yaxis"]["title"]["text"] == "position"
