"""The lessons on the pages: every number shown recomputed here with NumPy from the model's own arrays."""
import json
import re
from pathlib import Path

import numpy as np
import pytest
import torch

from model.checkpoint import load_bundle
from model.positional import sinusoidal_encoding
from model.trace import run_batch_trace, run_with_trace
from tests.app.conftest import array, by_title, open_page, with_demos_open
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


@pytest.mark.parametrize("model, text, lang", [("en-zh", "I have a cat", "en"), ("zh-en", "我有一只猫", "zh")])
def test_shuffle_finding_measures_the_translations_invariance_on_the_live_model(model, text, lang):
    import torch

    from model.tokenizer import BOS_ID

    at = open_page("notes", s=text, model=model, shuffle=3, lang=lang)
    page = texts(at)
    pattern = (r"max \|Δ logit\| = \*\*([\d.e+-]+)\*\* with the source PE removed .* and \*\*([\d.]+)\*\* with it"
               if lang == "en" else r"\|Δ\| = \*\*([\d.e+-]+)\*\*.*加上位置编码时为 \*\*([\d.]+)\*\*")
    no_pe, pe = numbers(pattern, page)
    bundle = load_bundle(model)
    trace = run_with_trace(bundle, text)
    src, tgt = trace.src.ids, [BOS_ID] + trace.decoded.ids
    order = np.random.default_rng(3).permutation(len(src))  # lessons.shuffle_order(…, 3): not the identity here
    assert (order != np.arange(len(src))).any()
    shuffled = [src[i] for i in order]
    m = bundle.transformer

    def logits(ids, with_pe):  # the source PE removed by zeroing the encoder's PE table, not by a hook edit
        saved = m.pe.clone()
        with torch.no_grad():
            if not with_pe:
                m.pe.zero_()
            try:
                memory = m.encode(torch.tensor([ids]))
            finally:
                m.pe.copy_(saved)
            return m.decode(memory, torch.tensor([ids]), torch.tensor([tgt]))[0].double().numpy()

    assert no_pe == pytest.approx(np.abs(logits(shuffled, False) - logits(src, False)).max(), abs=5e-6)
    assert pe == pytest.approx(np.abs(logits(shuffled, True) - logits(src, True)).max(), abs=0.006)
    assert no_pe < 1e-4 < 0.3 < pe


def test_embedding_and_pe_norms_match_numpy():
    bundle = load_bundle("en-zh")
    page = texts(open_page("embeddings", s=S))
    lo, hi, pe = numbers(r"‖embedding × √d_model‖ is ([\d.]+) – ([\d.]+) per token and ‖PE‖ is ([\d.]+)", page)
    ids = bundle.src_vocab.encode(S, 64).ids
    d_model = bundle.config.d_model
    norms = np.linalg.norm(bundle.transformer.src_lut.weight.detach().double().numpy()[ids] * np.sqrt(d_model), axis=1)
    assert lo == pytest.approx(norms.min(), abs=0.051) and hi == pytest.approx(norms.max(), abs=0.051)
    assert pe == pytest.approx(np.sqrt(d_model / 2), abs=0.006)
    far, far_norm = numbers(r"at position (\d+) its norm is (\d+)", page)
    assert far_norm == pytest.approx(far * np.sqrt(d_model), abs=0.5)
    (sim,) = numbers(r"PE\[p\]·PE\[p\+1\] is ([\d.]+)", page)
    pe_table = sinusoidal_encoding(1002, d_model)
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
    np.testing.assert_allclose(array(row["data"][1]["y"]), softmax(k @ q / np.sqrt(trace.config.d_k)), atol=1e-5)


def jacobian_norm_by_finite_differences(s, eps=1e-6):
    """‖∂softmax(s)/∂s‖_F by central differences, one score at a time."""
    cols = [(softmax(s + eps * e) - softmax(s - eps * e)) / (2 * eps) for e in np.eye(len(s))]
    return np.linalg.norm(np.array(cols))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_softmax_gradient_norm_of_the_query_row_with_and_without_scaling_matches_numpy(lang):
    page = texts(open_page("self_attention", s=S, layer=1, head=2, query=1, lang=lang))
    pattern = (r"‖J‖ = \*\*([\d.]+)\*\* on the unscaled scores and \*\*([\d.]+)\*\*" if lang == "en"
               else r"范数 ‖J‖ = \*\*([\d.]+)\*\*，在 ÷√d_k 之后的分数上为 \*\*([\d.]+)\*\*")
    plain, scaled = numbers(pattern, page)
    trace = run_with_trace(load_bundle("en-zh"), S)
    q, k = trace["encoder.1.self_attn.hook_q"][2, 1].astype(float), trace["encoder.1.self_attn.hook_k"][2].astype(float)
    assert plain == pytest.approx(jacobian_norm_by_finite_differences(k @ q), abs=6e-5)
    assert scaled == pytest.approx(jacobian_norm_by_finite_differences(k @ q / np.sqrt(trace.config.d_k)), abs=6e-5)


def test_attention_is_the_weighted_values_not_the_weights():
    page = texts(open_page("self_attention", s=S))
    trace = run_with_trace(load_bundle("en-zh"), S)
    w = trace["encoder.0.self_attn.hook_pattern"][0].astype(float)
    v = trace["encoder.0.self_attn.hook_v"][0].astype(float)
    assert f"the weights are 4 × 4; Attention(Q, K, V) is 4 × {trace.config.d_k}" in page
    shown = numbers(r"= \[([-\d.]+), ([-\d.]+), ([-\d.]+)\]", page)
    np.testing.assert_allclose(shown, (w[0] @ v)[:3], atol=6e-4)


@pytest.mark.parametrize("model", ["en-zh", "en-zh-pre"])
def test_add_norm_caption_follows_the_model_and_the_measured_norms(model):
    page = texts(open_page("add_norm", s=S, model=model))
    trace = run_with_trace(load_bundle(model), S)
    N, d_model = trace.config.N, trace.config.d_model
    shown = [float(x) for x in re.search(r"\(encoder\): ([\d. →]+?)[.:] ", page).group(1).split(" → ")]
    expected = [np.linalg.norm(trace.layer_output("encoder", i).astype(float), axis=-1).mean() for i in range(-1, N)]
    np.testing.assert_allclose(shown, expected, atol=0.051)
    if model == "en-zh":
        assert "This model is Post-Norm" in page and f"√d_model = {np.sqrt(d_model):.1f}" in page
    else:
        assert "This model is Pre-Norm" in page and "size grows with depth" in page
        (ratio,) = numbers(rf"the stream grew ×([\d.]+) over {N} layers", page)
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
    model = load_bundle("en-zh").transformer
    table = at.dataframe[1].value
    counted = [int(v.replace(",", "")) for v in table.iloc[:, 3]]
    assert counted[-1] == sum(p.numel() for p in model.parameters())
    projections = (".W_Q.", ".W_K.", ".W_V.", ".W_O.")
    attention = sum(p.numel() for n, p in model.named_parameters() if any(w in n for w in projections))
    N, d_model = model.config.N, model.config.d_model
    assert counted[0] == attention == 3 * N * (4 * d_model * d_model + 4 * d_model)  # 3 blocks × 4 projections
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


def test_notes_page_shows_every_finding_with_its_numbers():
    at = open_page("notes", s=S)
    page = texts(at)
    trace = run_with_trace(load_bundle("en-zh"), S)
    from lesson.notes import MISTAKES, REMARKS

    assert page.count("**In this app**") == len(MISTAKES) + len(REMARKS)
    assert "seed" not in page.lower()
    (v, total) = numbers(r"to every one of the (\d+) words \(their sum is ([\d,]+)\)", page)
    assert v == total == trace["probs"].shape[1]
    (passes,) = numbers(r"This translation took \*\*(\d+)\*\* decoder passes", page)
    assert passes == len(trace.decoded.tokens) + 1
    rounding = [f.value for f in at.dataframe if "exact" in f.value.columns][1]  # the outputs, after the weights
    S3, V = np.array([[2, 4, 4], [4, 16, 12], [4, 12, 10.0]]), np.array([[1, 2, 3], [2, 8, 0], [2, 6, 3.0]])
    shown = np.array([[float(x) for x in cell.strip("[]").split(", ")] for cell in rounding["exact"]])
    np.testing.assert_allclose(shown, softmax(S3) @ V, atol=6e-4)


def test_multi_head_formula_counts_heads_from_zero_and_shows_the_biases():
    at = open_page("multi_head", s=S)
    latex = " ".join(e.value for e in at.latex)
    assert r"\mathrm{head}_0" in latex and r"\mathrm{head}_{h-1}" in latex and "b^O" in latex
    assert "Z₀…Z₃" in texts(at) and "Z_" not in texts(at)
    assert "Concat(Z₀ … Z₃): columns grouped by head" in by_title(at)


def test_next_token_hover_names_the_source_as_a_condition():
    from model.decoding import N_LIKELIEST

    fig = by_title(open_page("decoding", s=S))[f"Next-token probabilities: the {N_LIKELIEST} most likely"]
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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_mistakes_page_lists_every_finding_and_its_numbers_match_numpy(lang):
    from lesson.messages import CATALOGUE as MESSAGES
    from lesson.notes import MISTAKES, NOTE_TITLES, REMARKS

    at = open_page("notes", s=S, lang=lang)
    assert not at.exception
    page = texts(at)
    titles = "\n".join(str(e.value) for e in at.markdown)
    for key, (_, quotes) in (MISTAKES | REMARKS).items():
        assert MESSAGES[f"notes.{key}.title"][lang] in titles, key
        for note, (first, last), _, _ in quotes:  # each quote under its note's title and its lines
            where = f"{first}–{last}" if first < last else str(first)
            assert {"en": f"«{NOTE_TITLES[note]}», line{'s' if first < last else ''} {where}",
                    "zh": f"«{NOTE_TITLES[note]}»，第 {where} 行"}[lang] in titles, (key, where)
    columns = {"en": {"lines", "page"}, "zh": {"行", "页面"}}[lang]
    index = [f.value for f in at.table if columns <= set(f.value.columns)]
    assert [len(i) for i in index] == [len(MISTAKES), len(REMARKS)]
    assert at.header[0].value == {"en": "Mistakes found in the notes", "zh": "笔记中发现的错误"}[lang]
    if lang == "zh":
        return
    bundle = load_bundle("en-zh")
    trace, d, h = run_with_trace(bundle, S), bundle.config.d_model, bundle.config.h
    plain_p, plain_keys, listed, list_keys = numbers(
        r"yields ([\d,]+) parameters and `state_dict` has (\d+) entries .*?, ([\d,]+) parameters and (\d+) entries",
        page)
    assert (plain_p, plain_keys, listed, list_keys) == (d * d + d, 2, 4 * d * d + 4 * d, 3 * h * 2 + 2)
    emb = np.linalg.norm(bundle.transformer.src_lut.weight.detach().double().numpy()[trace.src.ids], axis=1)
    raw_lo, raw_hi, pe = numbers(r"without × √d_model is ([\d.]+) – ([\d.]+) per token, against ‖PE‖ = ([\d.]+)", page)
    assert (raw_lo, raw_hi, pe) == pytest.approx((emb.min(), emb.max(), np.sqrt(d / 2)), abs=0.006)
    T = len(trace.decoded.ids) + 1
    t_shown, masked = numbers(r"causal mask is (\d+) × \d+ and hides (\d+) cells", page)
    assert (t_shown, masked) == (T, T * (T - 1) // 2)
    (asym,) = numbers(r"max \|S − Sᵀ\| = ([\d.]+)", page)
    scores = trace["encoder.0.self_attn.hook_scores"][0].astype(float)
    assert asym == pytest.approx(np.abs(scores - scores.T).max(), abs=6e-4)


@pytest.mark.parametrize("model, text", [("en-zh", "I have a cat"), ("zh-en", "我有一只猫")])
def test_decoding_caption_names_the_models_own_second_row(model, text):
    page = texts(open_page("decoding", s=text, model=model))
    trace = run_with_trace(load_bundle(model), text)
    inp, out = trace.tgt_input_tokens[1], (trace.decoded.tokens + ["<eos>"])[1]
    assert f"Row “{inp} → {out}” is the decoder position whose input is {inp} and which predicts {out}" in page
    assert "我 → 有" not in page or (inp, out) == ("我", "有")


def test_paper_page_explains_the_three_way_sharing_with_computed_counts():
    page = texts(open_page("paper", s=S))
    d, v, N, d_ff = 512, 37000, 6, 2048
    formula = 3 * N * (4 * d * d + 4 * d) + 2 * N * (2 * d * d_ff + d_ff + d) + 5 * N * 2 * d + v * d
    emb, three, gap = numbers(r"counts its ([\d,]+) parameters once; counted three times the total would be ([\d,]+)\. "
                              r"Table 3 gives 65M without a breakdown, ([\d.]+)M above", page)
    assert (emb, three) == (v * d, formula + 2 * v * d)
    assert gap == pytest.approx(65 - formula / 1e6, abs=0.05)


def test_paper_page_evaluates_table_1_for_this_sentence_and_the_learning_rate():
    at = open_page("paper", s="the cat is on the table")
    page = texts(at)
    bundle = load_bundle("en-zh")
    n, d = len(bundle.src_vocab.encode("the cat is on the table", 64).ids), bundle.config.d_model
    table = [f.value for f in at.dataframe if "operations per layer" in f.value.columns][0]
    ops = [int(x.replace(",", "")) for x in table["operations per layer"]]
    assert ops == [n * n * d, n * d * d, 3 * n * d * d, 3 * n * d]
    assert [int(x) for x in table["sequential operations"]] == [1, n, 1, 1]
    assert [int(x) for x in table["maximum path length"]] == [1, n, int(np.ceil(np.log(n) / np.log(3))), n - 1]
    assert table["layer type"].iloc[3] == "restricted self-attention: r·n·d, 1, n/r"
    assert f"after ⌈(n − 1)/((r − 1)/2)⌉ = {n - 1} layers here" in page
    peak, later, ours = numbers(r"the peak, at step 4,000, is ([\d.e+-]+); at step 100,000 it is ([\d.e+-]+)\. .* "
                                r"would peak at ([\d.e+-]+)\.", page)
    assert peak == pytest.approx(512 ** -0.5 * 4000 ** -0.5, rel=5e-3)
    assert later == pytest.approx(512 ** -0.5 * 100_000 ** -0.5, rel=5e-3)
    assert ours == pytest.approx(d ** -0.5 * 4000 ** -0.5, rel=5e-3)


def test_paper_page_draws_the_sentence_through_a_recurrent_chain_and_through_self_attention():
    """Beside Table 1: the typed sentence's tokens through a recurrent layer (x_i → h_i, h_1 → … → h_n) and through
    self-attention (every x to every z); read back as graphs, its nodes, edges, sequential operations and longest paths
    are n and the Table 1 function's numbers for this n, which its headings and the table show too."""
    from model import lessons
    from tests.viz.test_viz_paths import graphs, sequential_operations, shortest

    text = "the cat is on the table"
    at = open_page("paper", s=text)
    tokens = run_with_trace(load_bundle("en-zh"), text).src.tokens
    n = len(tokens)
    costs = lessons.layer_costs(n, load_bundle("en-zh").config.d_model)
    figure = by_title(at)["This sentence through one layer: recurrence against self-attention"]
    rnn, attention = graphs(figure)
    assert rnn["labels"][0] == attention["labels"][0] == tokens
    assert rnn["labels"][1] == [f"h{chr(0x2080 + i)}" for i in range(1, n + 1)]
    assert rnn["A"].sum() == 2 * n - 1 and attention["A"].sum() == n * n
    assert shortest(rnn["A"])[n, 2 * n - 1] == n - 1, "h₁ → hₙ along the chain"
    table = [f.value for f in at.dataframe if "maximum path length" in f.value.columns][0]
    headings = [a["text"] for a in figure["layout"]["annotations"]]
    for g, name, row, heading in ((rnn, "recurrent", 1, headings[0]), (attention, "self_attention", 0, headings[1])):
        _, sequential, longest = costs[name]
        assert sequential_operations(g["A"], n) == sequential and shortest(g["A"])[:n, n:].max() == longest
        assert len(g["path"]) == longest, "the red path is the longest one"
        assert f"sequential operations: {sequential}<br>maximum path length (red): {longest}" in heading
        assert (int(table["sequential operations"][row]), int(table["maximum path length"][row])) == (sequential,
                                                                                                     longest)
    assert f"n − 1 = {n - 1} more links, a path of {n} in all" in texts(at)


def test_bert_gpt_page_counts_loss_terms_and_sizes_gpt_2_and_3_from_their_configurations():
    at = open_page("bert_gpt", s=S)
    page = texts(at)
    k, n, terms = numbers(r"here (\d+) of (\d+) positions give a loss term, against (\d+) for next-token", page)
    trace = run_with_trace(load_bundle("en-zh"), S)
    assert (k, n, terms) == (int(np.ceil(0.15 * len(trace.src.tokens))), len(trace.src.tokens),
                             len(trace.decoded.ids) + 1)
    table = [f.value for f in at.dataframe if "parameters (from the configuration)" in f.value.columns][0]
    counts = dict(zip(table["model"], table["parameters (from the configuration)"]))

    def gpt(layers, d, vocab, positions):  # token + position embeddings, layers of 12d² + 13d, tied output
        return (vocab + positions) * d + layers * (12 * d * d + 13 * d)

    assert int(counts["GPT-2 (largest)"].replace(",", "")) == gpt(48, 1600, 50257, 1024)
    assert int(counts["GPT-3 (largest)"].replace(",", "")) == gpt(96, 12288, 50257, 2048)


@pytest.mark.parametrize("length", [2, 3, 128])
def test_the_relative_shift_works_at_every_length_of_the_slider(length):
    """The shortest PE table (2 positions) leaves one position to shift from: the page shows the rotation, no error
    (a user journey found the position box's default above its maximum)."""
    at = open_page("embeddings", s=S, pe_len=length)
    assert not at.exception and not at.error
    pos, shift = (int(n.value) for n in at.number_input[:2])
    assert 0 <= pos <= length - 2 and 1 <= shift <= length - 1 - pos
    assert any("checkmark" in str(m.value) for m in at.latex), "M · PE[pos] = PE[pos + k]"


@pytest.fixture(scope="module")
def mistakes_page():
    """The Mistakes page on S in English with every demonstration opened, its text, the model and the sentence's
    trace."""
    at = with_demos_open(open_page("notes", s=S))
    bundle = load_bundle("en-zh")
    return at, texts(at), bundle, run_with_trace(bundle, S)


def test_scale_grad_counts_the_rows_scaling_helps_and_names_the_row_it_does_not(mistakes_page):
    _, page, bundle, trace = mistakes_page
    d_k = bundle.config.d_k
    scores = trace["encoder.0.self_attn.hook_scores"].astype(float)  # (h, S, S)
    plain = np.array([[jacobian_norm_by_finite_differences(r) for r in head] for head in scores])
    scaled = np.array([[jacobian_norm_by_finite_differences(r / np.sqrt(d_k)) for r in head] for head in scores])
    raised, rows, lowered = numbers(r"d_k = (?:\d+)\): the scaling raises ‖J‖ in \*\*(\d+) of (\d+)\*\* rows and "
                                    r"lowers it in (\d+)\.", page)
    assert (raised, rows, lowered) == ((scaled > plain).sum(), plain.size, (scaled <= plain).sum())
    assert f"(every head and query row, d_k = {d_k})" in page
    assert "Without the scaling the gradient is smaller" not in page
    if lowered:
        head, row = np.unravel_index(np.argmax(np.where(scaled <= plain, plain - scaled, -np.inf)), plain.shape)
        shown = numbers(rf"For instance head {head}, query “{trace.src.tokens[row]}”: ‖J‖ = ([\d.]+) unscaled against "
                        r"([\d.]+) scaled", page)
        assert shown == pytest.approx([plain[head, row], scaled[head, row]], abs=6e-4)
    shares = numbers(r"scaling raises ‖J‖ in (\d+)% of the rows at this model's d_k = \d+, (\d+)% at the paper's "
                     r"d_k = 64 and (\d+)% at d_k = 512", page)
    rng, n = np.random.default_rng(7), scores.shape[-1]
    for shown, width in zip(shares, (d_k, 64, 512)):  # an independent draw of q and k, N(0, 1) components
        s = np.einsum("nd,nkd->nk", rng.standard_normal((2000, width)), rng.standard_normal((2000, n, width)))
        expected = np.mean([jacobian_norm_by_finite_differences(r / np.sqrt(width))
                            > jacobian_norm_by_finite_differences(r) for r in s[:600]])
        assert shown / 100 == pytest.approx(expected, abs=0.06)


def test_rounding_and_the_worked_examples_rows_match_numpy(mistakes_page):
    at, page, _, _ = mistakes_page
    S3 = np.array([[2, 4, 4], [4, 16, 12], [4, 12, 10.0]])
    w = softmax(S3)
    assert f"the first weight, {w[0, 0]:.4f}, rounds to 0.1, not 0.0, so row 0 should read [0.1, 0.5, 0.5], which " \
           "sums to 1.1" in page
    weights = [f.value for f in at.dataframe if "1 decimal" in f.value.columns][0]
    shown = np.array([[float(x) for x in c.strip("[]").split(", ")] for c in weights["1 decimal"]])
    np.testing.assert_allclose(shown, np.floor(w * 10 + 0.5) / 10)
    x = np.array([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1.0]])
    q = x @ np.array([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1.0]])
    k = x @ np.array([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0.0]])
    rows = [", ".join(str(int(v)) for v in q[i] @ k.T) for i in range(3)]
    assert f"q₁·Kᵀ = [{rows[0]}], q₂·Kᵀ = [{rows[1]}], q₃·Kᵀ = [{rows[2]}]" in page


def test_the_notes_code_the_padding_and_the_models_parts_match_numpy(mistakes_page):
    _, page, bundle, trace = mistakes_page
    model, cfg, n = bundle.transformer, bundle.config, len(trace.src.tokens)
    assert (f"({n} tokens, d_model = {cfg.d_model}, h = {cfg.h}): `NameError: name 'sz_b' is not defined`" in page
            and f"the same code runs and returns 1 × {n} × {cfg.d_model}" in page)
    def count(*parts):
        return sum(p.numel() for name, p in model.named_parameters() if any(part in name for part in parts))

    shown = numbers(r"W_O ([\d,]+) \([\d.]+%\), feed-forward networks ([\d,]+) \([\d.]+%\), embeddings ([\d,]+)", page)
    assert shown == [count(".W_Q.", ".W_K.", ".W_V.", ".W_O."), count(".ffn."), count("_lut")]
    d = cfg.d_model
    assert numbers(r"has ([\d,]+) with kernel 3, ([\d,]+) with kernel 5 and ([\d,]+) with kernel 7", page) == [
        k * d * d + d for k in (3, 5, 7)]
    assert numbers(r"a 3 × 3 2-D convolution, as on images, has ([\d,]+)", page) == [9 * d * d + d]
    short = bundle.src_vocab.encode("you like tea", 64).ids  # the Masks page's second sentence
    assert len(short) < n, "the second sentence is the shorter one, padded to this sentence's length"
    x = model.embed(torch.tensor([short]), model.src_lut, (model.hook_src_embed, model.hook_pos_enc,
                                                           model.hook_src_input))[0].detach().double().numpy()
    pe = model.pe[len(short):n].double().numpy()  # the padding: <pad>'s embedding + its positions
    pad = model.src_lut.weight[0].detach().double().numpy() * np.sqrt(d) + pe
    mha = model.encoder[0].self_attn
    W = {w: (getattr(mha, w).weight.detach().double().numpy(), getattr(mha, w).bias.detach().double().numpy())
         for w in ("W_Q", "W_K")}
    full = np.vstack([x, pad])
    q, k = ((full @ W[w][0].T + W[w][1]).reshape(len(full), cfg.h, cfg.d_k).transpose(1, 0, 2) for w in ("W_Q", "W_K"))
    weights = softmax(q @ k.transpose(0, 2, 1) / np.sqrt(cfg.d_k))  # (h, S, S), every key visible
    (pad_weight,) = numbers(r"its queries in encoder layer 0 give the padding ([\d.]+) of their weight", page)
    assert pad_weight == pytest.approx(weights[:, :len(short), len(short):].sum(-1).mean(), abs=6e-4)


def test_score_importance_embeddings_and_the_blind_decoder_match_numpy(mistakes_page):
    _, page, bundle, trace = mistakes_page
    w = trace["encoder.0.self_attn.hook_pattern"][0].astype(float)  # (S, S)
    key = int((w.max(0) - w.min(0)).argmax())
    tokens = trace.src.tokens
    assert (f"the key “{tokens[key]}” gets weight {w[:, key].min():.3f} from the query “{tokens[w[:, key].argmin()]}” "
            f"and {w[:, key].max():.3f} from “{tokens[w[:, key].argmax()]}”") in page
    table = bundle.transformer.src_lut.weight.detach().double().numpy()
    unit = table / np.maximum(np.linalg.norm(table, axis=1, keepdims=True), 1e-12)
    i = trace.src.ids[0]
    cos = unit[4:] @ unit[i]
    cos[i - 4] = -2
    j = int(cos.argmax()) + 4
    assert f"its nearest word is “{bundle.src_vocab.itos[j]}” (cosine {cos.max():.3f})" in page
    memory = torch.zeros(1, len(trace.src.ids), bundle.config.d_model)
    ys = [1]
    with torch.no_grad():
        while len(ys) <= bundle.config.max_len and ys[-1] != 2:
            logits = bundle.transformer.decode(memory, torch.tensor([trace.src.ids]), torch.tensor([ys]))  # (1, t, V)
            ys.append(int(logits[0, -1].argmax()))
    blind = "".join(bundle.tgt_vocab.itos[t] for t in ys[1:] if t != 2)
    (shown,) = re.search(r"it writes \*\*(.+?)\*\*\.", page).groups()
    assert shown.replace("\\", "") == blind.replace("\\", "") != trace.output_text


def test_a_convolution_sees_the_shuffle_that_self_attention_does_not(mistakes_page):
    from model import lessons

    _, page, _, trace = mistakes_page
    attn, conv = numbers(r"originals shuffled \(max \|difference\| ([\d.e+-]+), float32 rounding\), while a random "
                         r"convolution of kernel 3 over the same embeddings, also computed at every position at once, "
                         r"changes by up to (\d+\.\d+)", page)
    assert attn < 1e-5 and conv > 0.1
    x = trace["hook_src_embed"].astype(float)
    order = lessons.shuffle_order(len(x), lessons.visible_shuffle(trace.src.ids))
    kernel, bias = lessons.conv_kernel(3, x.shape[1], x.shape[1])

    def convolve(z):  # y_i = b + Σ_o z_{i+o} W_o, zero outside
        return np.array([bias + sum(z[i + o] @ kernel[o + 1] for o in (-1, 0, 1) if 0 <= i + o < len(z))
                         for i in range(len(z))])

    assert conv == pytest.approx(np.abs(convolve(x[order]) - convolve(x)[order]).max(), abs=0.006)


def test_paper_page_works_a_convolution_as_fixed_attention_beside_the_models_restricted_weights():
    text = "the cat is on the table"
    at = open_page("paper", s=text)
    trace = run_with_trace(load_bundle("en-zh"), text)
    n = len(trace.src.tokens)
    (diff,) = numbers(r"and the heads are added \(max \|difference\| ([\d.e+-]+)\)", texts(at))
    assert diff < 1e-9
    figs = by_title(at)
    band = np.abs(np.arange(n)[:, None] - np.arange(n)[None, :]) <= 1
    conv = array(figs["Convolution, k = 3: any sentence"]["data"][0]["z"])
    np.testing.assert_array_equal(np.isnan(conv.astype(float)), ~band)  # grey outside the kernel's reach
    scores = trace.attn("encoder", 0).masked_scores[0].astype(float)
    expected = np.where(band, softmax(np.where(band, scores, -np.inf)), np.nan)
    shown = array(figs["Restricted, r = 3: this sentence"]["data"][0]["z"]).astype(float)
    np.testing.assert_allclose(shown, expected, atol=1e-6)
    full = array(figs["Full self-attention: this sentence"]["data"][0]["z"]).astype(float)
    np.testing.assert_allclose(full, softmax(scores), atol=1e-6)


def test_bert_gpt_page_builds_gpt1s_inputs_and_wordpiece_on_this_sentence():
    text = "I have a zorbly cat"
    at = open_page("bert_gpt", s=text, s2="you like tea")
    assert not at.exception and not at.error
    bundle = load_bundle("en-zh")
    a = bundle.src_vocab.encode(text, 64).tokens
    b = bundle.src_vocab.encode("you like tea", 64).tokens
    gpt1 = [f.value for f in at.dataframe if "classifier head" in f.value.columns][0]
    entail = gpt1[gpt1["task"].str.startswith("entailment")].iloc[0]
    assert entail["input sequence"] == " ".join(["<start>", *a, "<delim>", *b, "<extract>"])
    assert entail["tokens"] == str(len(a) + len(b) + 3)
    assert entail["new parameters"] == f"{768 * 3 + 3 * 768:,}"  # W_y: 768 × 3, <start> <delim> <extract>: 3 × 768
    trace = run_with_trace(bundle, text)
    T = len(trace.tgt_input_tokens)
    assert f"the last row of this app's decoder sees {T} of its {T} tokens, its first row 1" in texts(at)
    pieces = [f.value for f in at.dataframe if "WordPiece" in f.value.columns][0]
    rows = dict(zip(pieces["word"], zip(pieces["this app's model"], pieces["WordPiece"])))
    assert rows["unaffable"][1] == "un ##aff ##able" and rows["cat"][1] == "cat"
    assert rows["zorbly"][0] == "<unk>" and rows["cat"][0] == "in its vocabulary"
    assert rows["zorbly"][1] == "z ##o ##r ##b ##ly"  # longest first: no "zo…" piece, then ##o, ##r, ##b, ##ly
    assert "**zorbly**, step by step:" in texts(at)


def test_the_layernorm_symbols_the_papers_sizes_and_the_causal_diagonal_match_numpy(mistakes_page):
    _, page, bundle, trace = mistakes_page
    norm = bundle.transformer.encoder[0].sub1.norm
    gamma, beta = norm.weight.detach().double().numpy(), norm.bias.detach().double().numpy()
    assert (f"ε = {norm.eps:g}. A new `nn.LayerNorm({bundle.config.d_model})` has γ = 1 and β = 0 in every "
            f"dimension; training moved them to γ from {gamma.min():.3f} to {gamma.max():.3f} and β from "
            f"{beta.min():.3f} to {beta.max():.3f}") in page
    flat = np.full(8, 0.5)
    with np.errstate(invalid="ignore"):
        bare = (flat - flat.mean()) / np.sqrt(flat.var())  # 0/0 without ε
    assert np.isnan(bare).all() and not (flat - flat.mean()).any()
    assert "with ε its x̂ is [0, 0, 0, …], without ε it is [NaN, NaN, NaN, …] (0/0)" in page
    d, d_ff = 512, 2048  # the paper's base model: attention 4d² + 4d, FFN 2·d·d_ff + d_ff + d, two LayerNorms 4d
    layer = 4 * d * d + 4 * d + 2 * d * d_ff + d_ff + d + 4 * d
    assert numbers(r"base model has ([\d,]+) parameters, so the note's two extra layers add ([\d,]+) to the ([\d,]+) "
                   r"of the paper's encoder", page) == [layer, 2 * layer, 6 * layer]
    w = trace["decoder.0.self_attn.hook_pattern"][0].astype(float)  # (T, T) head 0
    T = len(w)
    assert f"causal mask ({T} × {T}): the rows keep {', '.join(str(i + 1) for i in range(T))} keys" in page
    assert np.allclose(np.triu(w, 1), 0) and w[0, 0] == pytest.approx(1)
    (first, diag) = numbers(r"<bos>, puts weight ([\d.]+) on itself, the one key it sees; on average a position puts "
                            r"([\d.]+) of its weight on itself", page)
    assert (first, diag) == pytest.approx((w[0, 0], np.diag(w).mean()), abs=6e-4)


def test_extrapolation_div_term_and_the_concatenated_heads_match_numpy(mistakes_page):
    _, page, bundle, trace = mistakes_page
    measured = json.loads((Path(__file__).resolve().parents[2] / "checkpoints/after_2017/extrapolation.json")
                          .read_text())
    sinus = measured["loss"]["en-zh-sinusoidal"]
    assert f"the sinusoidal model {sinus[1]:.2f} up to 16 tokens, {sinus[2]:.2f} at 17–24 and {sinus[-1]:.2f} at " \
           "57–64" in page
    d = bundle.config.d_model
    pe = np.zeros(d)
    angle = 101 / 10000 ** (np.arange(0, d, 2) / d)  # (d/2,) position 101 at each pair's frequency
    pe[0::2], pe[1::2] = np.sin(angle), np.cos(angle)
    assert f"PE(101) at d_model = {d} has the norm of every position, √(d_model/2) = {np.linalg.norm(pe):.3f}" in page
    n, diff = numbers(r"the (\d+) values of div_term take [\d.]+ µs by the power and [\d.]+ µs by exp\(·log\) \(the "
                      r"fastest of 200 calls each\), and differ by at most (\d\.\de[+-]\d+)", page)
    assert n == d // 2 and diff < 1e-6
    concat = trace["encoder.0.self_attn.hook_concat"].astype(float)
    w_o = bundle.transformer.encoder[0].self_attn.W_O
    out = concat @ w_o.weight.detach().double().numpy().T + w_o.bias.detach().double().numpy()  # Concat · W_O
    S, cfg = len(concat), bundle.config
    assert (f"the {cfg.h} heads concatenated are {S} × {cfg.h * cfg.d_k} (h·d_v = {cfg.h} × {cfg.d_k}); × W^O "
            f"({d} × {d}) gives {S} × {d}, and not the concatenation: the two differ by up to "
            f"{np.abs(out - concat).max():.3f}") in page


def test_the_unshifted_target_position_0_convolution_mlm_and_gpt1_match_numpy(mistakes_page):
    from model.tokenizer import BOS_ID

    _, page, bundle, trace = mistakes_page
    targets = [*trace.decoded.tokens, "<eos>"]
    row = "[" + ", ".join(tok.replace("<", "\\<").replace(">", "\\>") for tok in targets) + "]"
    assert f"Fed as in the note: input {row} → targets {row}; all {len(targets)} positions see" in page
    model, src = bundle.transformer, torch.tensor([trace.src.ids])
    with torch.no_grad():
        memory = model.encode(src)
        own, blind = (model.decode(m, src, torch.tensor([[BOS_ID]]))[0, 0].double().numpy()
                      for m in (memory, torch.zeros_like(memory)))
    itos = bundle.tgt_vocab.itos
    assert (f"the decoder predicts **{itos[own.argmax()]}** (P = {softmax(own).max():.3f}). With the encoder's output "
            f"zeroed, the same <bos> and no source, it predicts **{itos[blind.argmax()]}** (P = "
            f"{softmax(blind).max():.3f}); position 0's logits move by up to {np.abs(own - blind).max():.2f}") in page
    w = trace["encoder.0.self_attn.hook_pattern"][0].astype(float)  # (S, S)
    left = [w[i, i - 1] for i in range(1, len(w))]
    far = np.mean([sum(w[i, j] for j in range(len(w)) if abs(i - j) > 1) for i in range(len(w))])
    assert (f"(offset −1) runs from {min(left):.3f} to {max(left):.3f} across the queries, where a convolution has one "
            f"fixed weight per offset; and {far:.3f} of a query's weight") in page
    n = len(trace.src.tokens)
    (picked,) = numbers(rf"This sentence, {n} tokens: masked-language modelling at 15% predicts (\d+) of them", page)
    assert picked == int(np.ceil(0.15 * n)) and f"replaced-token detection gives a loss term at all {n}" in page
    assert "GPT-1's warm-up: 6.25e-05 after 500 updates, 1.25e-04 after 1,000, 2.50e-04 after 2,000" in page
    assert "`AdamW`, β₁, β₂ = (0.9, 0.98), ε = 1e-09" in page


def test_the_input_without_the_square_root_and_the_concatenated_position_match_numpy(mistakes_page):
    _, page, bundle, trace = mistakes_page
    d, ids = bundle.config.d_model, trace.src.ids
    raw = bundle.transformer.src_lut.weight.detach().double().numpy()[ids]  # (S, d) the bare embedding
    angle = np.arange(len(ids))[:, None] / 10000 ** (np.arange(0, d, 2) / d)  # (S, d/2)
    pe = np.zeros((len(ids), d))
    pe[:, 0::2], pe[:, 1::2] = np.sin(angle), np.cos(angle)
    model_input = trace["hook_src_input"].astype(float)  # (S, d) what the model computed
    np.testing.assert_allclose(model_input, raw * np.sqrt(d) + pe, atol=1e-5)  # the paper's × √d_model
    raw_norm, norm = np.linalg.norm(raw, axis=1), np.linalg.norm(raw * np.sqrt(d), axis=1)
    assert (f"norms are {raw_norm.min():.2f}–{raw_norm.max():.2f} as the note adds them and {norm.min():.2f}–"
            f"{norm.max():.2f} × √{d}, against ‖PE‖ = {np.sqrt(d / 2):.2f}; the note's formula gives an input that "
            f"differs from the model's by up to {np.abs(raw + pe - model_input).max():.2f}") in page
    S = len(ids)
    assert (f"x^i has {d} numbers, the one-hot p^i {S}, and their concatenation x_p^i {d + S}. With random W^I "
            f"({d} × {d}) and W^P ({S} × {d})") in page
    rng = np.random.default_rng(1)
    W_I, W_P = rng.standard_normal((d, d)), rng.standard_normal((S, d))
    joined = np.hstack([raw, np.eye(S)]) @ np.vstack([W_I, W_P])  # [x^i p^i]·[W^I; W^P]
    np.testing.assert_allclose(joined, raw @ W_I + W_P, atol=1e-9)  # = x^i·W^I + row i of W^P
    (diff,) = numbers(r"x\^i·W\^I \+ p\^i·W\^P differ by at most (\d\.\de[+-]\d+): the same numbers", page)
    assert diff < 1e-9
