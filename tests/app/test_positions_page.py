"""The RoPE & ALiBi page and the KV cache page's grouped-query section: each chart checked against the variants'
own traces, NumPy written here, or the shipped measurement."""
import re

import numpy as np
import pytest

from model.checkpoint import VARIANT_DIR, load_bundle
from model.extrapolation import load as load_extrapolation
from model.trace import run_with_trace
from tests.app.conftest import array, by_title, element_specs, open_page
from tests.model.test_variants import alibi_numpy, first_layer_numpy

S = "the animal did not cross the street because it was too tired ."
REFERENCE = "en-zh-sinusoidal"  # the grammar-trained en-zh the variants were trained alike with
FOLDERS = {REFERENCE: VARIANT_DIR, "en-zh-rope": VARIANT_DIR, "en-zh-alibi": VARIANT_DIR}
NAMES = {REFERENCE: "Sinusoidal PE (2017)", "en-zh-rope": "RoPE", "en-zh-alibi": "ALiBi"}


def traces() -> dict:
    """The sentence through each of the three models, traced here."""
    return {name: run_with_trace(load_bundle(name, folder), S) for name, folder in FOLDERS.items()}


def charts(at) -> dict:
    """The page's heatmaps and arrow charts by title."""
    return {getattr(c, "title", ""): c for c in element_specs(at) if hasattr(c, "title")}


@pytest.mark.parametrize(("params", "block", "layer", "head"), [
    ({}, "encoder", 0, 0), ({"side": "decoder", "layer": "1", "head": "3"}, "decoder", 1, 3),
    ({"side": "cross", "head": "9"}, "encoder", 0, 3)])  # cross is not offered: the encoder's; head clamped
def test_the_three_maps_are_each_models_own_weights(params, block, layer, head):
    at = open_page("positions", s=S, **params)
    assert not at.exception and not at.error
    shown, runs = charts(at), traces()
    label = {"encoder": "Encoder self", "decoder": "Decoder masked self"}[block]
    for name, run in runs.items():
        np.testing.assert_allclose(shown[f"{NAMES[name]} · {label} L{layer} h{head}"].values,
                                   run.attn(block, layer).pattern[head], atol=1e-6)


def test_the_arrows_are_q_and_k_pairs_turned_by_position():
    """Pair 2 of layer 1, head 1: each word's unturned q (and k) pair times e^{i p θ}, θ = 10000^(−4/d_k)."""
    at = open_page("positions", s=S, layer="1", head="1", pair="2")
    rope = run_with_trace(load_bundle("en-zh-rope", VARIANT_DIR), S)
    d_k = rope.config.d_k
    figures = by_title(at)
    for name, title in (("q", "q, pair 2, turned by position"), ("k", "k, pair 2, turned by position")):
        raw = rope.arrays[f"encoder.1.self_attn.hook_{name}"][1].astype(np.float64)  # (S, d_k)
        turned = (raw[:, 4] + 1j * raw[:, 5]) * np.exp(1j * np.arange(len(raw)) * 10000.0 ** (-4 / d_k))
        ends = np.array([[array(line["x"])[1], array(line["y"])[1]] for line in figures[title]["data"]])
        np.testing.assert_allclose(ends, np.stack([turned.real, turned.imag], 1), atol=1e-4)
    assert f"θ = 10000^(−4/{d_k}) = {10000.0 ** (-4 / d_k):.3g} rad per position" in \
        "\n".join(str(c.value) for c in at.caption)


def test_the_shift_maps_and_caption_match_numpy():
    """With 5 fillers: each model's change in head 2's scores equals NumPy's from the weights; the caption's largest
    changes are NumPy's over every head."""
    at = open_page("positions", s=S, shift="5", head="2")
    shown = charts(at)
    caption = "\n".join(str(c.value) for c in at.caption)
    for name, folder in FOLDERS.items():
        bundle = load_bundle(name, folder)
        ids = bundle.src_vocab.encode(S, 64).ids
        with np.errstate(invalid="ignore"):  # −inf − −inf = NaN: a pair ALiBi's one-way head masks, shown grey
            gap = first_layer_numpy(bundle, [bundle.src_vocab.stoi["so"]] * 5 + ids)[:, 5:, 5:] - \
                first_layer_numpy(bundle, ids)
        np.testing.assert_allclose(shown[f"{NAMES[name]}: change in scores after the shift"].values, gap[2],
                                   atol=2e-4)
        written = float(re.search(rf"{re.escape(NAMES[name])} (\d\.\de[+-]\d+)", caption).group(1))
        assert written == pytest.approx(np.nanmax(np.abs(gap)), rel=0.06, abs=2e-4)


def test_alibi_bias_maps_are_the_encoders_split_heads():
    at = open_page("positions", s=S)
    shown = charts(at)
    n = len(load_bundle(REFERENCE, VARIANT_DIR).src_vocab.encode(S, 64).ids)
    bias = alibi_numpy(4, n, symmetric=False)
    for h, (side, m) in enumerate([("left", 4), ("left", 64), ("right", 16), ("right", 256)]):
        chart = shown[f"Encoder head {h}: looks {side}, −1/{m} per position"]
        np.testing.assert_allclose(chart.values, bias[h], atol=1e-6)
        np.testing.assert_array_equal(chart.mask, np.isinf(bias[h]))


def test_left_or_right_shows_both_alibi_models_on_the_sentence_and_backwards():
    """The symmetric model translates the sentence and its mirror alike (its memory is a mirror), the page says
    how far each encoder is from a mirror, and the model with a slope per side translates them differently."""
    from model.relative import backwards, mirror_gap

    text = "the cat sees the dog ."
    at = open_page("positions", s=text)
    assert not at.exception and not at.error
    caption = next(str(m.value) for m in at.markdown if "read backwards" in str(m.value))
    symmetric, directed = load_bundle("en-zh-alibi-sym", VARIANT_DIR), load_bundle("en-zh-alibi", VARIANT_DIR)
    assert backwards(text, symmetric) in caption
    for bundle, label in ((symmetric, "ALiBi, one slope on both sides"), (directed, "ALiBi")):
        written = float(re.search(rf"{re.escape(label)} (\d\.\de[+-]\d+)", caption).group(1))
        assert written == pytest.approx(mirror_gap(bundle, text), rel=0.06, abs=1e-7)
    names = [str(m.value) for m in at.markdown]
    assert "**ALiBi, one slope on both sides**" in names and "**ALiBi**" in names


def test_the_long_input_chart_is_the_shipped_measurement():
    result = load_extrapolation()
    assert result is not None, "checkpoints/after_2017/extrapolation.json ships with the variants"
    at = open_page("positions", s=S)
    lines = {line["name"]: line for line in by_title(at)["Loss per target token against source length"]["data"]}
    for name, losses in result["loss"].items():
        np.testing.assert_allclose(array(lines[NAMES[name]]["y"]), losses, rtol=1e-5)
        np.testing.assert_allclose(array(lines[NAMES[name]]["x"]), result["buckets"])


def test_a_chinese_sentence_gets_a_clear_message_and_the_length_chart():
    at = open_page("positions", s="我有一只猫", model="zh-en", lang="zh")
    assert not at.exception and not at.error
    assert any("英语 → 中文" in str(i.value) for i in at.info)


def test_grouped_query_section_holds_each_models_cache_and_the_grouped_heads():
    """Bars: 2 · N · h_kv · d_k · (T + S) for each model's own translation; the maps: en-zh-gqa2's decoder heads at
    layer 1, titled by the K/V head each reads (head // 2)."""
    at = open_page("kv_cache", s=S, layer="1")
    assert not at.exception and not at.error
    runs = {n: run_with_trace(load_bundle(n, VARIANT_DIR), S) for n in (REFERENCE, "en-zh-gqa2", "en-zh-gqa1")}
    bars = charts(at)["Numbers the cache holds at the last step"]
    expected = [2 * r.config.N * kv * r.config.d_k * (len(r.tgt_input_tokens) + len(r.src.tokens))
                for r, kv in zip(runs.values(), (4, 2, 1))]
    np.testing.assert_allclose(bars.panels[0].series[0].values, expected)
    attn = runs["en-zh-gqa2"].attn("decoder", 1)
    for head in range(4):
        np.testing.assert_allclose(charts(at)[f"Grouped model, decoder L1: head {head} reads K/V head {head // 2}"]
                                   .values, attn.pattern[head], atol=1e-6)
