"""Hiding special tokens: their rows and columns leave attention maps, each remaining row is divided by its sum;
other charts, and maps with no special token, are untouched. Checked against NumPy written here."""
import numpy as np

from model.checkpoint import load_bundle
from model.trace import run_with_trace
from tests.app.conftest import element_specs, open_page
from viz.bars import grouped_bars
from viz.heatmap import matrix_heatmap
from viz.specials import is_special, without_specials

NOTE = "specials hidden"


def test_special_labels():
    assert all(is_special(x) for x in ("<bos>", "</s>", "[CLS]", "[SEP]", "0:<bos>", "<pad>", "<eos>"))
    assert not any(is_special(x) for x in ("cat", "<", "a<b>c", "0:cat", "[cls]", "< bos >", "→ <bos>"))


def test_rows_and_columns_go_and_rows_add_up_to_one_again():
    rng = np.random.default_rng(0)
    weights = rng.dirichlet(np.ones(5), size=5)  # (5, 5) rows sum to 1
    causal = np.triu(np.ones((5, 5), bool), 1)
    weights[causal] = 0
    weights /= weights.sum(1, keepdims=True)
    tokens = ["<bos>", "the", "cat", "</s>", "sat"]
    spec = without_specials(matrix_heatmap(weights, tokens, tokens, kind="prob", masked=causal, title="t"), NOTE)
    keep = np.array([False, True, True, False, True])
    expected = weights[keep][:, keep]
    expected = expected / expected.sum(1, keepdims=True)
    np.testing.assert_allclose(spec.values, expected, atol=1e-6)
    assert spec.rows.labels == spec.cols.labels == ("the", "cat", "sat")
    np.testing.assert_array_equal(spec.mask, causal[keep][:, keep])
    assert spec.title == "t · " + NOTE and max(spec.rows.ticks) < 3


def test_other_charts_and_maps_without_specials_are_untouched():
    scores = matrix_heatmap(np.ones((2, 2)), ["<bos>", "a"], ["<bos>", "a"], title="scores")  # not weights
    plain = matrix_heatmap(np.full((2, 2), 0.5), ["a", "b"], ["a", "b"], kind="prob", title="p")
    bars = grouped_bars(["<bos>", "a"], {"w": np.array([0.5, 0.5])}, title="bars")
    only = matrix_heatmap(np.ones((1, 1)), ["<bos>"], ["<bos>"], kind="prob", title="only")
    for spec in (scores, plain, bars, only):
        assert without_specials(spec, NOTE) is spec


def test_the_self_attention_page_hides_bos_from_the_decoders_weights():
    """nosp=1 on the decoder block: the weights map is the trace's pattern without <bos>, rows renormalised."""
    s = "the animal did not cross the street because it was too tired ."
    at = open_page("self_attention", s=s, side="decoder", layer="1", head="2", nosp="1")
    assert not at.exception and not at.error
    pattern = run_with_trace(load_bundle("en-zh"), s).attn("decoder", 1).pattern[2].astype(np.float64)  # (T, T)
    expected = pattern[1:, 1:] / pattern[1:, 1:].sum(1, keepdims=True)
    maps = [c for c in element_specs(at) if getattr(c, "title", "").endswith("rows renormalised")
            and getattr(c, "values", np.zeros(0)).shape == expected.shape]
    assert maps, "the weights map is drawn without <bos>"
    np.testing.assert_allclose(maps[0].values, expected, atol=1e-5)
