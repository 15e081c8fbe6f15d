"""The lessons on the pages: every number shown recomputed here with NumPy from the model's own arrays."""
import json
import re

import numpy as np
import pytest

from model.checkpoint import load_bundle
from model.positional import sinusoidal_encoding
from model.trace import run_batch_trace, run_with_trace
from tests.app.conftest import array, by_title, open_page
from ui.pinyin import readings

S = "I have a cat"


def texts(at) -> str:
    """Every markdown and caption of the page, joined."""
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "info") for e in getattr(at, kind))


def numbers(pattern: str, text: str) -> list[float]:
    """The numbers captured by a regex's groups in the page text."""
    found = re.search(pattern, text)
    assert found, pattern
    return [float(g.replace(",", "")) for g in found.groups()]


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def test_masks_page_switches_between_the_notes_product_and_the_papers_sum():
    scores, keep = np.array([[2, 4, 4], [4, 16, 12], [4, 12, 10.0]]), np.tril(np.ones((3, 3)))
    mul = by_title(open_page("masks", s=S, mask_mode="mul"))["softmax(S ⊙ M): the note"]
    np.testing.assert_allclose(array(mul["data"][0]["z"]), softmax(scores * keep), atol=1e-6)
    at = open_page("masks", s=S, mask_mode="add")
    add = by_title(at)["softmax(S + M): the paper"]
    z = array(add["data"][0]["z"]).astype(float)
    assert np.isnan(z[keep == 0]).all()  # masked cells are drawn grey
    np.testing.assert_allclose(z[2], softmax(scores[2]), atol=1e-6)
    page = texts(at)
    assert "row 0 keeps **0.107** on each masked key" in page
    assert "uniform row [0.333, 0.333, 0.333]" in page and "[NaN, NaN, NaN]" in page
    assert "returns [0.000, 0.000, 0.000]" in page


@pytest.mark.parametrize("pe_on", ["false", "true"])
def test_shuffle_demo_reports_the_measured_difference(pe_on):
    at = open_page("embeddings", s="the cat is on the table", pe_on=pe_on, shuffle=3)
    page = texts(at)
    attn, memory = numbers(r"max \|difference\| ([\d.e+-]+) after the first self-attention, ([\d.e+-]+) at", page)
    if pe_on == "false":
        assert attn < 1e-5 and memory < 1e-5
    else:
        assert attn > 0.05 and memory > 0.05
    fig = by_title(at)["|shuffled output − original output, shuffled| at the encoder's output"]
    assert np.nanmax(array(fig["data"][0]["z"]).astype(float)) == pytest.approx(memory, rel=0.06)


def test_embedding_and_pe_norms_match_numpy():
    bundle = load_bundle("en-zh")
    page = texts(open_page("embeddings", s=S))
    lo, hi, pe = numbers(r"‖embedding × √d_model‖ is ([\d.]+) – ([\d.]+) per token and ‖PE‖ is ([\d.]+)", page)
    ids = bundle.src_vocab.encode(S, 64).ids
    norms = np.linalg.norm(bundle.model.src_lut.weight.detach().double().numpy()[ids] * np.sqrt(96), axis=1)
    assert lo == pytest.approx(norms.min(), abs=0.051) and hi == pytest.approx(norms.max(), abs=0.051)
    assert pe == pytest.approx(np.sqrt(48), abs=0.006)
    far, far_norm = numbers(r"at position (\d+) its norm is (\d+)", page)
    assert far_norm == pytest.approx(far * np.sqrt(96), abs=0.5)
    (sim,) = numbers(r"PE\[p\]·PE\[p\+1\] is ([\d.]+)", page)
    pe_table = sinusoidal_encoding(1002, 96)
    assert sim == pytest.approx(pe_table[1000] @ pe_table[1001], abs=5e-4)


def test_variance_plot_and_row_softmax_match_numpy():
    at = open_page("self_attention", s=S, layer=1, head=2, query=1)
    figs = by_title(at)
    var = figs["Variance of q·k for random unit-variance q, k"]
    d_k = np.array(var["data"][0]["x"] if isinstance(var["data"][0]["x"], list) else array(var["data"][0]["x"]))
    np.testing.assert_allclose(array(var["data"][0]["y"]), d_k, rtol=0.1)
    np.testing.assert_allclose(array(var["data"][1]["y"]), 1, rtol=0.1)
    row = figs["softmax of query have's row (Encoder self, layer 1, head 2)"]
    trace = run_with_trace(load_bundle("en-zh"), S)
    q, k = trace["encoder.1.self_attn.hook_q"][2, 1].astype(float), trace["encoder.1.self_attn.hook_k"][2].astype(float)
    np.testing.assert_allclose(array(row["data"][0]["y"]), softmax(k @ q), atol=1e-5)
    np.testing.assert_allclose(array(row["data"][1]["y"]), softmax(k @ q / np.sqrt(24)), atol=1e-5)


def test_attention_is_the_weighted_values_not_the_weights():
    page = texts(open_page("self_attention", s=S))
    trace = run_with_trace(load_bundle("en-zh"), S)
    w = trace["encoder.0.self_attn.hook_pattern"][0].astype(float)
    v = trace["encoder.0.self_attn.hook_v"][0].astype(float)
    assert "the weights are 4 × 4; Attention(Q, K, V) is 4 × 24" in page
    shown = numbers(r"= \[([-\d.]+), ([-\d.]+), ([-\d.]+)\]", page)
    np.testing.assert_allclose(shown, (w[0] @ v)[:3], atol=6e-4)


@pytest.mark.parametrize("model", ["en-zh", "en-zh-pre"])
def test_add_norm_caption_follows_the_model_and_the_measured_norms(model):
    page = texts(open_page("add_norm", s=S, model=model))
    trace = run_with_trace(load_bundle(model), S)
    shown = [float(x) for x in re.search(r"\(encoder\): ([\d. →]+?)[.:] ", page).group(1).split(" → ")]
    expected = [np.linalg.norm(trace.layer_output("encoder", i).astype(float), axis=-1).mean() for i in (-1, 0, 1)]
    np.testing.assert_allclose(shown, expected, atol=0.051)
    if model == "en-zh":
        assert "This model is Post-Norm" in page and "√d_model = 9.8" in page
    else:
        assert "This model is Pre-Norm" in page and "size grows with depth" in page
        (ratio,) = numbers(r"the stream grew ×([\d.]+) over 2 layers", page)
        assert ratio == pytest.approx(expected[-1] / expected[0], abs=0.051)
    assert "keeps a steady scale however many layers" not in page


def test_layernorm_vs_batchnorm_statistics_match_numpy():
    at = open_page("add_norm", s=S, s2="you like tea")
    batch = run_batch_trace(load_bundle("en-zh"), [S, "you like tea"])
    x = batch.arrays["encoder.0.hook_resid_mid"].astype(float)  # (2, L, d)
    real = np.array([[t != "<pad>" for t in row] for row in batch.src_rows])
    figs = by_title(at)
    np.testing.assert_allclose(array(figs["BatchNorm: one mean per feature (over B × L)"]["data"][0]["y"]),
                               x[real].mean(0), atol=1e-5)
    np.testing.assert_allclose(array(figs["LayerNorm: one mean per token (over d_model)"]["data"][0]["y"]),
                               x[real].mean(-1), atol=1e-5)
    (bn,) = numbers(r"changes its BatchNorm output by up to ([\d.]+)", texts(at))
    alone = (x[0] - x[0].mean(0)) / np.sqrt(x[0].var(0) + 1e-5)
    batch_y = (x[0] - x[real].mean(0)) / np.sqrt(x[real].var(0) + 1e-5)
    assert bn == pytest.approx(np.abs(alone - batch_y).max(), abs=6e-4)


def test_paper_page_counts_parameters_by_part_from_the_model():
    at = open_page("paper", s=S)
    model = load_bundle("en-zh").model
    table = at.dataframe[1].value
    counted = [int(v.replace(",", "")) for v in table.iloc[:, 3]]
    assert counted[-1] == sum(p.numel() for p in model.parameters())
    projections = (".W_Q.", ".W_K.", ".W_V.", ".W_O.")
    attention = sum(p.numel() for n, p in model.named_parameters() if any(w in n for w in projections))
    assert counted[0] == attention == 3 * 2 * (4 * 96 * 96 + 4 * 96)
    memory = by_title(at)["Score matrix QKᵀ (MB)"]
    n = array(memory["data"][0]["x"]).astype(float)
    np.testing.assert_allclose(array(memory["data"][0]["y"]), 4 * n * n * 4 / 2**20, rtol=1e-6)
    assert "**Attention itself has no parameters.**" in texts(at)


def test_bert_gpt_page_next_token_losses_match_numpy():
    at = open_page("bert_gpt", s=S)
    trace = run_with_trace(load_bundle("en-zh"), S)
    probs = softmax(trace["hook_logits"].astype(float))
    ids = trace.decoded.ids + [load_bundle("en-zh").tgt_vocab.itos.index("<eos>")]
    losses = -np.log(probs[np.arange(len(ids)), ids])
    table = [f for f in at.dataframe if "−log p" in f.value.columns][0].value
    np.testing.assert_allclose(table["−log p"].astype(float), losses, atol=6e-4)
    (mean,) = numbers(r"Mean loss ([\d.]+)", texts(at))
    assert mean == pytest.approx(losses.mean(), abs=6e-4)
    masks = by_title(at)
    dec = array(masks["Decoder self-attention (GPT-style): mask"]["data"][0]["z"]).astype(float)
    assert np.isnan(dec[np.triu_indices(len(dec), 1)]).all() and (dec[np.tril_indices(len(dec))] == 0).all()
    enc = array(masks["Encoder self-attention (BERT-style): mask"]["data"][0]["z"]).astype(float)
    assert (enc == 0).all()  # M = 0 everywhere: every key visible


def test_notes_page_shows_every_panel_with_its_numbers():
    at = open_page("notes", s=S)
    page = texts(at)
    trace = run_with_trace(load_bundle("en-zh"), S)
    assert page.count("**In this app**") == 12
    assert "seed" not in page.lower()
    (v, total) = numbers(r"to every one of the (\d+) words \(their sum is ([\d,]+)\)", page)
    assert v == total == trace["probs"].shape[1]
    (passes,) = numbers(r"This translation took \*\*(\d+)\*\* decoder passes", page)
    assert passes == len(trace.decoded.tokens) + 1
    rounding = [f for f in at.dataframe if "exact, unscaled" in f.value.columns][0].value
    S3, V = np.array([[2, 4, 4], [4, 16, 12], [4, 12, 10.0]]), np.array([[1, 2, 3], [2, 8, 0], [2, 6, 3.0]])
    shown = np.array([[float(x) for x in cell.strip("[]").split(", ")] for cell in rounding["exact, unscaled"]])
    np.testing.assert_allclose(shown, softmax(S3) @ V, atol=6e-4)


def test_multi_head_formula_counts_heads_from_zero_and_shows_the_biases():
    at = open_page("multi_head", s=S)
    latex = " ".join(e.value for e in at.latex)
    assert r"\mathrm{head}_0" in latex and r"\mathrm{head}_{h-1}" in latex and "b^O" in latex
    assert "Z₀…Z₃" in texts(at) and "Z_" not in texts(at)
    assert "Concat(Z₀ … Z₃): columns grouped by head" in by_title(at)


def test_next_token_hover_names_the_source_as_a_condition():
    fig = by_title(open_page("decoding", s=S))["Next-token probabilities (top-k)"]
    assert "P(我 | &lt;bos&gt;, source)" in fig["data"][0]["hovertext"][0]


def test_pinyin_of_known_characters():
    assert readings(["我", "有", "一", "只", "猫"]) == ["wǒ", "yǒu", "yī", "zhī", "māo"]
    assert readings(["银", "行"]) == ["yín", "háng"] and readings(["行", "走"]) == ["xíng", "zǒu"]
    assert readings(["cat", "<eos>", "→ 猫"]) == ["", "", "māo"]


def test_pinyin_chips_and_placeholder_follow_the_model():
    at = open_page("overview", s="我有一只猫", model="zh-en", pinyin="1")
    chips = " ".join(h.proto.body for h in at.get("html"))
    assert 'class="al-py">wǒ<' in chips and 'class="al-py">māo<' in chips
    assert "class=\"al-py\"" not in " ".join(h.proto.body for h in open_page("overview", s=S).get("html"))
    box = [json.loads(el.proto.json) for el in at.get("bidi_component")
           if el.proto.component_name.endswith("sentence_box")]
    assert box[0]["placeholder"] == "Type a sentence, e.g. 我有一只猫"
