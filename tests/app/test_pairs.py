"""The minimal-pairs lab page: both sentences' attention and their difference on the shared tokens."""
import numpy as np

from model.checkpoint import load_bundle
from model.trace import run_with_trace
from tests.app.conftest import array, by_title, open_page


def test_difference_is_first_minus_second_on_the_shared_tokens():
    bundle = load_bundle("en-zh")
    a, b = run_with_trace(bundle, "I have a cat"), run_with_trace(bundle, "I have two cats")
    at = open_page("lab_pairs", s="I have a cat", mp="I have two cats", layer=1, head=2)
    assert not at.exception and not at.error
    figs = by_title(at)
    z = np.asarray(array(figs["First − second (shared tokens)"]["data"][0]["z"]), float)  # (4, 4)
    p_a, p_b = a["encoder.1.self_attn.hook_pattern"][2], b["encoder.1.self_attn.hook_pattern"][2]
    np.testing.assert_allclose(z[:2, :2], p_a[:2, :2] - p_b[:2, :2], atol=1e-6)  # "i have" in both
    assert np.isnan(z[2:, :]).all() and np.isnan(z[:, 2:]).all(), "a / cat have no partner: masked"
    second = figs["Second sentence · Encoder self · layer 1 · head 2"]  # the title names the block, layer and head
    np.testing.assert_allclose(np.asarray(array(second["data"][0]["z"]), float), p_b, atol=1e-6)
    assert any(a.output_text in m.value for m in at.markdown) and any(b.output_text in m.value for m in at.markdown)


def test_a_preset_fills_both_sentences():
    at = open_page("lab_pairs", s="I have a cat")
    at.selectbox(key="mp_preset").set_value(1).run()
    assert [w.value for w in at.text_input if w.key.startswith("mp_text_")] == ["he does not like tea"]
    assert at.session_state["_view_state"]["sentence"] == "he likes tea"
