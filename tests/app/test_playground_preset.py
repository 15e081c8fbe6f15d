"""The Playground's "this sentence" preset on the page: its grids fold the biases in (X ends in a column "1", each W in
a row b_Q, b_K, b_V), and the Q, K, V, scores and weights it draws are the model's own, read from the trace's hooks
and recomputed here in NumPy, within what the grids' rounding can change; editing a cell changes what it multiplies
and nothing else."""
import numpy as np
import pytest

from model.checkpoint import load_bundle
from model.hooks import act_name
from model.playground import DECIMALS
from model.trace import run_with_trace
from tests.app.conftest import open_page, payloads
from tests.model.test_trace_access import rounding_bound

S = "my friend drinks hot tea"
EPS = 0.5 * 10.0**-DECIMALS  # how far the grids' rounding moves an entry


def drawn(at) -> dict[str, np.ndarray]:
    """The page's charts by export name: the values each draws."""
    return {name: np.asarray(chart["values"], dtype=np.float64)
            for header in payloads(at) for name, chart in zip(header["names"], header["charts"], strict=True)}


def model_head(side: str, layer: int, head: int) -> dict:
    """What the model computes for the head, independently of the app: its layer input with a column of ones, its
    weights with the bias as a last row, and the recorded q, k, v, scores, scaled scores, weights and mask."""
    bundle = load_bundle("en-zh")
    trace = run_with_trace(bundle, S)
    attn = trace.attn(side, layer)
    mha = getattr(bundle.transformer, side)[layer].self_attn
    d_k = trace.config.d_k
    cols = slice(head * d_k, (head + 1) * d_k)
    out = {"X": np.hstack([attn.x_q.astype(np.float64), np.ones((len(attn.x_q), 1))]),  # (L, d_model + 1)
           "mask": attn.mask, "tokens": attn.queries}
    for name in ("W_Q", "W_K", "W_V"):
        linear = getattr(mha, name)
        W, b = linear.weight.detach().numpy().T[:, cols], linear.bias.detach().numpy()[None, cols]  # x·W + b
        out[name] = np.vstack([W, b]).astype(np.float64)  # (d_model + 1, d_k)
    for hook in ("q", "k", "v", "scores", "scaled", "pattern"):
        out[hook] = trace[act_name(hook, layer, side)][head].astype(np.float64)
    return out


@pytest.mark.parametrize(("side", "layer", "head"), [("encoder", 0, 0), ("decoder", 1, 3)])
def test_the_preset_draws_the_models_own_q_k_v_scores_and_weights(side, layer, head):
    at = open_page("playground", s=S, preset="sentence", side=side, layer=layer, head=head)
    assert not at.exception and not at.error
    got, m = drawn(at), model_head(side, layer, head)
    bound = {}
    for chart, hook, W in (("pg-Q", "q", "W_Q"), ("pg-K", "k", "W_K"), ("pg-V", "v", "W_V")):
        bound[hook] = rounding_bound(m["X"], m[W], EPS)  # (L, d_k)
        error = np.abs(got[chart] - m[hook])
        assert (error <= bound[hook]).all(), (chart, float(error.max()), float(bound[hook].min()))
        assert error.max() < 0.005, "Q, K, V as the Self-attention page shows them, to their last decimal"
    raw = np.abs(got["pg-Q"]) @ bound["k"].T + bound["q"] @ np.abs(got["pg-K"]).T + bound["q"] @ bound["k"].T
    keep = m["mask"]
    assert (np.abs(got["pg-scores"] - m["scores"])[keep] <= raw[keep] + 1e-4).all()
    scaled = raw / np.sqrt(m["q"].shape[1]) + 1e-4
    assert (np.abs(got["pg-masked"] - m["scaled"])[keep] <= scaled[keep]).all()
    assert np.isneginf(got["pg-masked"][~keep]).all()
    delta = np.where(keep, scaled, 0).max(1, keepdims=True)  # a row's logits move by at most this
    assert (np.abs(got["pg-weights"] - m["pattern"]) <= got["pg-weights"] * np.expm1(2 * delta) + 1e-5).all()
    info = " ".join(i.value for i in at.info)
    assert f"rounded to {DECIMALS} decimals" in info and "X·W_Q + b_Q" in info and "left out" not in info


def test_the_grids_are_headed_and_hold_the_rounded_numbers():
    """X: columns f1 … f96 and "1" (all ones); each W: columns c1 … c24, rows f1 … f96 and its bias; every cell is the
    model's number rounded to DECIMALS, and its text reads back as exactly that number."""
    at = open_page("playground", s=S, preset="sentence")
    m = model_head("encoder", 0, 0)
    X, *Ws = (frame.value for frame in at.dataframe[:4])
    d = m["X"].shape[1] - 1
    assert list(X.columns) == [f"f{j + 1}" for j in range(d)] + ["1"] and (X["1"] == "1").all()
    np.testing.assert_array_equal(X.to_numpy(dtype=float), np.round(m["X"], DECIMALS) + 0.0)
    for name, W in zip(("W_Q", "W_K", "W_V"), Ws, strict=True):
        assert list(W.index) == [f"f{j + 1}" for j in range(d)] + ["b" + name[1:]]
        assert list(W.columns) == [f"c{j + 1}" for j in range(m[name].shape[1])]
        np.testing.assert_array_equal(W.to_numpy(dtype=float), np.round(m[name], DECIMALS) + 0.0, err_msg=name)
    captions = " ".join(str(md.value) for md in at.markdown)
    assert "the last row is the bias b_Q" in captions and "d features and a 1" in captions


def test_a_zero_in_the_ones_column_takes_that_tokens_bias_away_and_changes_nothing_else():
    at = open_page("playground", s=S, preset="sentence")
    before = drawn(at)
    at.session_state["pg_X_0"] = {"edited_rows": {1: {"1": "0"}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception and not at.error
    after, m = drawn(at), model_head("encoder", 0, 0)
    assert any("Edited by hand" in i.value for i in at.info)
    for chart, W in (("pg-Q", "W_Q"), ("pg-K", "W_K"), ("pg-V", "W_V")):
        bias = np.round(m[W][-1], DECIMALS)
        np.testing.assert_allclose(after[chart][1], before[chart][1] - bias, atol=2e-6, err_msg=chart)
        rest = np.arange(len(m["tokens"])) != 1
        np.testing.assert_array_equal(after[chart][rest], before[chart][rest], err_msg=f"{chart}: other tokens")


def test_the_fold_is_explained_in_chinese_too():
    from lesson import catalogue

    at = open_page("playground", s=S, preset="sentence", lang="zh")
    info = " ".join(i.value for i in at.info)
    assert info.endswith("。" + catalogue.lookup("pg.bias_fold", "zh")), "one sentence after the note, no space between"
    assert f"保留 {DECIMALS} 位小数" in info
    captions = " ".join(str(md.value) for md in at.markdown)
    assert catalogue.lookup("pg.caption_w_bias", "zh", bias="b_V") in captions
