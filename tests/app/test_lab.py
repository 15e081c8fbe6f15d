"""The training-timeline lab page: curves from the training log, both twins' attention at the chosen snapshot."""
import json

import numpy as np

from model.checkpoint import CHECKPOINT_DIR
from model.snapshots import load_snapshot
from model.trace import run_with_trace
from tests.app.conftest import array, by_title, open_page, specs


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
    assert len(grids) == 2, "one grid per twin"
    chips = " ".join(h.proto.body for h in at.get("html"))
    for name, grid in zip(("en-zh", "en-zh-unguided"), grids):
        want = run_with_trace(load_snapshot(name, step), "the cat is cute")
        shown = [np.asarray(array(d["z"]), float) for d in grid["data"] if "z" in d]  # layer-major, then heads
        for layer in range(2):
            pattern = want[f"decoder.{layer}.cross_attn.hook_pattern"]  # (h, T, S)
            for head in range(4):
                np.testing.assert_allclose(shown[layer * 4 + head], pattern[head], atol=1e-6, err_msg=name)
        assert all(f">{tok}<" in chips for tok in want.decoded.tokens), (name, want.decoded.tokens)


def test_models_without_snapshots_say_so():
    at = open_page("lab_timeline", s="我有一只猫", model="zh-en")
    assert any("Training snapshots are shipped for" in i.value for i in at.info)
