"""The head-knockout lab page: its numbers against an independent recomputation through the hooks."""
import numpy as np

from model.ablation import importance, mean_z, run_knockout, sequence_log_probs
from model.checkpoint import load_bundle
from model.evaluate import held_out
from model.trace import run_with_trace
from tests.app.conftest import array, by_title, open_page

TEXT = "she has two cats and a dog"


def test_importance_table_and_log_probability_match_a_recomputation():
    bundle = load_bundle("en-zh")
    means = mean_z(bundle, held_out(256))
    own = run_with_trace(bundle, TEXT).decoded.ids
    at = open_page("lab_knockout", s=TEXT, ko="c1.0,c1.1,bogus,e9.9", ko_mode="mean")
    assert not at.exception and not at.error
    drops = array(by_title(at)["Drop in log P(own translation) when one head is knocked out"]["data"][0]["z"])
    want = importance(bundle, TEXT, own, "mean", means).reshape(3 * bundle.config.N, bundle.config.h)  # (blocks × N, h)
    np.testing.assert_allclose(np.asarray(drops, float), want, atol=1e-4)
    heads = [("cross", 1, 0), ("cross", 1, 1)]
    base, ablated = sequence_log_probs(bundle, TEXT, own, [[], heads], "mean", means)
    assert any(f"{base:.3f} → {ablated:.3f}" in m.value for m in at.markdown)
    assert at.multiselect[0].value == ["c1.0", "c1.1"], "unknown head codes from the link are dropped"
    chips = " ".join(h.proto.body for h in at.get("html"))
    knocked = run_knockout(bundle, TEXT, heads, "mean", means)
    assert all(f">{tok}<" in chips for tok in knocked.decoded.tokens)


def test_knock_out_the_most_important_picks_the_largest_drop():
    at = open_page("lab_knockout", s=TEXT, ko_mode="zero")
    shape = (load_bundle("en-zh").config.N, load_bundle("en-zh").config.h)
    figure = by_title(at)["Drop in log P(own translation) when one head is knocked out"]
    drops = np.asarray(array(figure["data"][0]["z"]), float)
    at.button(key="ko_most").click().run()
    block, layer, head = np.unravel_index(int(np.argmax(drops)), (3, *shape))
    assert at.multiselect[0].value == [f"{'edc'[block]}{layer}.{head}"]
