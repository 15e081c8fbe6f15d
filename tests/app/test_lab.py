"""The training-timeline lab page: curves from the training log, both twins' attention at the chosen snapshot."""
import html
import json
import re

import numpy as np

from model.checkpoint import CHECKPOINT_DIR, trained_alike
from model.snapshots import load_snapshot
from model.trace import run_with_trace
from tests.app.conftest import array, by_title, open_page, specs
from ui.shared import Drafts


def log(name: str) -> dict:
    return json.loads((CHECKPOINT_DIR / name / "train_log.json").read_text())


def test_curves_show_the_logged_exact_match_with_a_marker_at_the_chosen_step():
    shots = log("en-zh")["snapshots"]
    at = open_page("lab_timeline", s="I have a cat", snap=3)
    assert not at.exception and not at.error
    curves = by_title(at)["Loss and exact match during training"]
    exact = [d for d in curves["data"] if d["name"] == "en-zh: exact match (held-out)"][0]
    np.testing.assert_allclose(array(exact["y"]), [s["exact_match"] for s in shots])
    np.testing.assert_array_equal(array(exact["x"]), [s["step"] + 1 for s in shots])
    assert curves["layout"]["shapes"][0]["x0"] == shots[3]["step"] + 1


def test_each_twin_is_run_live_on_the_sentence_at_that_snapshot():
    index = len(log("en-zh")["snapshots"]) - 2
    step = log("en-zh")["snapshots"][index]["step"]
    at = open_page("lab_timeline", s="the cat is cute", snap=index, side="cross")
    grids = [f for f in specs(at) if f["layout"].get("title", {}).get("text") == f"Cross-attention, step {step:,}"]
    names = ["en-zh"] + (["en-zh-unguided"] if trained_alike("en-zh", "en-zh-unguided") else [])
    assert len(grids) == len(names), "one grid per twin; the model alone when its sibling is not its twin"
    chips = " ".join(h.proto.body for h in at.get("html"))
    for name, grid in zip(names, grids):
        want = run_with_trace(load_snapshot(name, step), "the cat is cute")
        shown = [np.asarray(array(d["z"]), float) for d in grid["data"] if "z" in d]  # layer-major, then heads
        h = want.config.h
        assert len(shown) == want.config.N * h
        for layer in range(want.config.N):
            pattern = want[f"decoder.{layer}.cross_attn.hook_pattern"]  # (h, T, S)
            for head in range(h):
                np.testing.assert_allclose(shown[layer * h + head], pattern[head], atol=1e-6, err_msg=name)
        assert all(f">{tok}<" in chips for tok in want.decoded.tokens), (name, want.decoded.tokens)


def test_models_without_snapshots_say_so():
    at = open_page("lab_timeline", s="我有一只猫", model="zh-en")
    assert any("Training snapshots are shipped for" in i.value for i in at.info)


def shown_translations(at) -> list[list[str]]:
    """The tokens of every chip row after the sentence's own (the twins' translations), in page order."""
    bodies = [h.proto.body for h in at.get("html") if "al-chips" in h.proto.body]
    rows = [re.findall(r"<span>(.*?)<small>\d+</small>", body) for body in bodies]
    return [[html.unescape(tok) for tok in row] for row in rows[1:]]


def test_typing_verifies_each_snapshots_previous_output_and_shows_plain_greedy():
    """Keystroke after keystroke, each twin's snapshot trace gets that snapshot's previous output as a draft (kept per
    session); the translations shown are exactly those of an undrafted greedy run of the new sentence."""
    index = len(log("en-zh")["snapshots"]) - 1
    step = log("en-zh")["snapshots"][index]["step"]
    at = open_page("lab_timeline", s="the cat", snap=index)
    for gen, text in enumerate(["the cat is", "the cat is cute", "my friend drinks tea", "i"], start=1):
        view = at.session_state["_view_state"]
        view["sentence"] = text
        at.session_state["_view_state"] = view
        at.session_state["sentence_gen"] = gen  # a fresh sentence box shows the new text, as state.set_sentence does
        at.run()
        assert not at.exception and not at.error
        names = ["en-zh"] + (["en-zh-unguided"] if trained_alike("en-zh", "en-zh-unguided") else [])
        want = {name: run_with_trace(load_snapshot(name, step), text).decoded for name in names}
        assert shown_translations(at) == [want[n].tokens or ["(empty)"] for n in want], text
        drafts = Drafts("", text)
        assert {n: drafts[f"{n}@{step}"] for n in want} == {n: d.ids for n, d in want.items()}, "the next draft"
