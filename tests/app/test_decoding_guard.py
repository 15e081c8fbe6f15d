"""The Decoding page's repetition guard: on by default and said so in the page's language, switchable in one toggle
kept in the URL, and the step where it kept the model from looping names the token it left out."""
from model.checkpoint import load_bundle
from model.decoding import DecodeOptions
from model.trace import run_with_trace
from tests.app.conftest import open_page

LOOPING = "He tends to sleep."  # en-zh writes 他往往往往往会睡觉。 on its own


def test_the_guard_is_on_by_default_and_the_toggle_shows_the_models_own_loop():
    on = run_with_trace(load_bundle("en-zh"), LOOPING)
    off = run_with_trace(load_bundle("en-zh"), LOOPING, DecodeOptions(guard=False))
    assert "往往往" in off.output_text and "往往往" not in on.output_text
    at = open_page("decoding", s=LOOPING)
    assert at.toggle(key="w_no_repeat").value is True
    assert any("**No loops** is on" in c.value for c in at.caption)
    assert at.slider(key="w_step").max == len(on.decoded.steps) - 1  # the page decodes as the guard does
    at.toggle(key="w_no_repeat").set_value(False).run()
    assert not at.exception and at.query_params["norep"] == "False"
    assert any("**No loops** is off" in c.value for c in at.caption)
    assert at.slider(key="w_step").max == len(off.decoded.steps) - 1 != len(on.decoded.steps) - 1


def test_the_step_the_guard_changed_names_the_token_it_left_out_in_either_language():
    bundle = load_bundle("en-zh")
    on = run_with_trace(bundle, LOOPING)
    off = run_with_trace(bundle, LOOPING, DecodeOptions(guard=False))
    step = next(t for t, (a, b) in enumerate(zip(off.decoded.ids, on.decoded.ids)) if a != b)
    p = on.probs[step][off.decoded.ids[step]]  # the model's own probability of the token it would have written
    at = open_page("decoding", s=LOOPING, step=step)
    assert any(f"would have written **{off.decoded.tokens[step]}** here (p = {p:.3f})" in c.value for c in at.caption)
    at = open_page("decoding", s=LOOPING, step=step, lang="zh")
    assert any("**防止循环**已开启" in c.value for c in at.caption)
    assert any(f"会写出**{off.decoded.tokens[step]}**（p = {p:.3f}）" in c.value for c in at.caption)
    at = open_page("decoding", s=LOOPING, step=step - 1)
    assert not any("would have written" in c.value for c in at.caption)
