"""The Playground's "this sentence" preset over Streamlit's protocol: it follows the sentence as it is typed (its
charts are the keystroke route's bytes and the model's numbers, recomputed here in NumPy) until a cell is edited;
the edits then stay, and "Reset to preset" follows the sentence again. Other presets never follow it."""
import json

import numpy as np
import pytest

from benchmarks.protocol import Session, run
from model.checkpoint import load_bundle
from model.playground import DECIMALS
from model.trace import run_with_trace
from model.transformer import AttnOptions
from tests.protocol.test_fuzz import editor_shape
from tests.protocol.test_route import ROUTE, arrays, assert_same, get, header, page_payloads, target, with_sentence

FIRST, SECOND, THIRD = "i have two cats", "my friend drinks hot tea", "we like apples"
EDIT = {"edited_rows": {"0": {"f1": "5"}}, "added_rows": [], "deleted_rows": []}


def expected(sentence: str, side: str, layer: int, head: int, scale: bool) -> dict[str, np.ndarray]:
    """Q, K, V, scores, weights and output in float64 NumPy from the model's own layer input, weights and biases,
    each rounded to DECIMALS as the grids show them, the bias folded in as the grids fold it (X gets a column of ones,
    each W its bias as a last row); the model run with the view's ÷√d_k, as Self-attention's."""
    bundle = load_bundle("en-zh")
    attn = run_with_trace(bundle, sentence, attn=AttnOptions(scale, 1.0)).attn(side, layer)
    mha = getattr(bundle.transformer, side)[layer].self_attn
    d_k = attn.q.shape[-1]  # q: (h, L, d_k)
    cols = slice(head * d_k, (head + 1) * d_k)
    X = np.round(attn.x_q.astype(np.float64), DECIMALS)  # (L, d_model)
    X = np.hstack([X, np.ones((len(X), 1))])  # (L, d_model + 1)
    W = {n: np.round(np.vstack([getattr(mha, n).weight.detach().numpy().T[:, cols],
                                getattr(mha, n).bias.detach().numpy()[None, cols]]).astype(np.float64), DECIMALS)
         for n in ("W_Q", "W_K", "W_V")}  # (d_model + 1, d_k) each
    Q, K, V = X @ W["W_Q"], X @ W["W_K"], X @ W["W_V"]  # (L, d_k) each
    scores = Q @ K.T  # (L, L)
    logits = np.where(attn.mask, scores / (np.sqrt(d_k) if scale else 1.0), -np.inf)
    weights = np.exp(logits - logits.max(1, keepdims=True))
    weights /= weights.sum(1, keepdims=True)
    return {"Q": Q, "K": K, "V": V, "scores": scores, "weights": weights, "output": weights @ V,
            "tokens": attn.queries}


def shown(rerun) -> dict[str, np.ndarray]:
    """The Playground's charts by export name: the values each draws."""
    out = {}
    for payload in page_payloads(rerun):
        head, data = header(payload), arrays(payload)
        for name, spec in zip(head["names"], head["charts"], strict=True):
            out[name] = data[spec["values"]["array"]].astype(np.float64)
    return out


def live_of(rerun) -> set[str]:
    """The keystroke routes the page's charts name (an empty string: not drawn by the route)."""
    return {header(p)["live"] for p in page_payloads(rerun)}


def assert_numbers(rerun, sentence: str, side: str = "encoder", layer: int = 0, head: int = 0, scale: bool = True):
    """The charts show the model's numbers for the sentence, to float32 precision, but for an entry of X that lies
    within float32 noise of a rounding boundary (the server's run and this one may round it apart by 10^-DECIMALS:
    Q, K, V then move by < 10^-DECIMALS · max|W| and a score by < 20 · 10^-DECIMALS)."""
    want, got = expected(sentence, side, layer, head, scale), shown(rerun)
    for name in ("Q", "K", "V", "scores", "weights", "output"):
        np.testing.assert_allclose(got[f"pg-{name}"], want[name], rtol=1e-5, atol=20 * 10.0**-DECIMALS, err_msg=name)


def pickers(rerun) -> list[str]:
    """The keys of the block, layer and head pickers the page shows."""
    keys = [wid.rsplit("-", 1)[-1] for wid, _ in rerun.widgets("button_group")]
    return [key for key in keys if key in ("w_block", "w_layer", "w_head")]


async def type_text(tab: Session, rerun, text: str):
    """Type a sentence into the shared box."""
    tab.set(rerun.sentence_id(), "json_value", {"value": text})
    return await tab.rerun()


def test_the_sentence_preset_follows_typing_until_a_cell_is_edited_and_reset_follows_again(server):
    async def session() -> list:
        async with Session(server.url) as tab:
            first = await tab.rerun("playground", with_sentence("preset=sentence", FIRST))
            typed = await type_text(tab, first, SECOND)
            editor_id = typed.widgets("dataframe")[0][0]
            tab.set(editor_id, "string_value", json.dumps(EDIT))
            edited = await tab.rerun()
            after = await type_text(tab, edited, THIRD)
            (reset_id, _), = [(i, b) for i, b in after.widgets("button") if "pg_reset" in i]  # not the header's
            tab.set(reset_id, "trigger_value", True)
            return [first, typed, edited, after, await tab.rerun()]

    first, typed, edited, after, reset = run(session())
    assert all(r.exceptions == [] for r in (first, typed, edited, after, reset))
    assert not any("at most" in a or "Showing the last" in a for r in (first, typed) for a in r.alerts())
    assert_numbers(first, FIRST)
    assert_numbers(typed, SECOND)
    assert editor_shape(typed.widgets("dataframe")[0][1])[1] == len(SECOND.split()), "X has a row per token"
    assert live_of(first) == live_of(typed) == {ROUTE.format(page="playground")}
    assert shown(edited)["pg-Q"][0] != pytest.approx(shown(typed)["pg-Q"][0]), "the edit is drawn"
    assert live_of(edited) == live_of(after) == {""}, "edited: the route no longer draws these charts"
    for name, values in shown(edited).items():
        np.testing.assert_array_equal(shown(after)[name], values, err_msg=f"{name} changed with the sentence")
    assert editor_shape(after.widgets("dataframe")[0][1])[1] == len(SECOND.split()), "the edited grid stays"
    assert pickers(typed) == ["w_block", "w_layer", "w_head"] and pickers(after) == [], "no picker for edited numbers"
    assert any("Edited by hand" in a for a in after.alerts())
    assert_numbers(reset, THIRD)
    assert live_of(reset) == {ROUTE.format(page="playground")}


@pytest.mark.parametrize(("view", "where", "sentence"), [
    ("side=decoder&layer=1&head=3&scale=false", ("decoder", 1, 3, False), SECOND),
    ("side=cross&layer=1&head=2", ("encoder", 1, 2, True), SECOND),
    ("head=1", ("encoder", 0, 1, True), "the cat saw the dog and the bird")])
def test_the_preset_takes_the_views_block_layer_head_and_scaling(server, view, where, sentence):
    """Cross-attention has two sequences: the layer's encoder self-attention stands in, and the page says so; a
    repeated word is one more row and column of the mask grid."""
    async def opened():
        async with Session(server.url) as tab:
            return await tab.rerun("playground", with_sentence(f"preset=sentence&{view}", sentence))

    rerun = run(opened())
    assert rerun.exceptions == []
    assert_numbers(rerun, sentence, *where)
    side = {"encoder": "Encoder self", "decoder": "Decoder masked self"}[where[0]]
    assert any(a.startswith(f"{side}, layer {where[1]}, head {where[2]}:") for a in rerun.alerts()), rerun.alerts()
    mask_columns, rows = editor_shape(rerun.widgets("dataframe")[-1][1])
    assert len(mask_columns) == rows == len(expected(sentence, *where)["tokens"])
    query = with_sentence(f"preset=sentence&{view}", sentence)
    assert_same("playground", get(server, target("playground", query))[:2], rerun, sentence)


@pytest.mark.parametrize("preset", ["seed004", "random"])
def test_other_presets_do_not_follow_the_sentence(server, preset):
    """Their charts name no route, typing leaves their numbers as they are, and the route answers 204."""
    async def session():
        async with Session(server.url) as tab:
            first = await tab.rerun("playground", with_sentence(f"preset={preset}", FIRST))
            return first, await type_text(tab, first, SECOND)

    first, typed = run(session())
    assert first.exceptions == typed.exceptions == []
    assert live_of(first) == live_of(typed) == {""}
    for name, values in shown(first).items():
        np.testing.assert_array_equal(shown(typed)[name], values, err_msg=name)
    assert get(server, target("playground", with_sentence(f"preset={preset}", SECOND)))[:2] == (204, b"")


def test_the_pickers_on_the_page_choose_the_block_layer_and_head(server):
    """Picking decoder, layer 1, head 2 on the Playground reloads its numbers from there (and puts them in the link);
    only the two self-attention blocks are offered."""
    async def session():
        async with Session(server.url) as tab:
            last = await tab.rerun("playground", with_sentence("preset=sentence", SECOND))
            ids = dict((wid.rsplit("-", 1)[-1], wid) for wid, _ in last.widgets("button_group"))
            sides = [o.content for wid, el in last.widgets("button_group") if wid == ids["w_block"] for o in el.options]
            for key, value in (("w_block", "Decoder masked self"), ("w_layer", "1"), ("w_head", "2")):
                tab.set(ids[key], "string_array_value", [value])
                last = await tab.rerun()
            return sides, last, tab.query

    sides, picked, query = run(session())
    assert sides == ["Encoder self", "Decoder masked self"]
    assert picked.exceptions == []
    assert_numbers(picked, SECOND, "decoder", 1, 2)
    assert {"side=decoder", "layer=1", "head=2"} <= set(query.split("&"))
