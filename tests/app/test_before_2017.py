"""The Before 2017 page: RNNenc and RNNsearch beside the Transformer, every number it shows recomputed here with NumPy
from the models' own weights and traces."""
import json
import re

import numpy as np
import pytest
import torch

from lesson import catalogue
from model.checkpoint import CHECKPOINT_DIR, load_bundle
from model.rnn import ENCODE_LENGTHS, RNN_DIR, load_rnn, run_rnn
from model.trace import run_with_trace
from tests.app.conftest import element_specs, open_page

S = "The agreement on the European Economic Area was signed in August 1992."
torch.set_num_threads(1)


def texts(at) -> str:
    """Every markdown and caption of the page, joined."""
    return "\n".join(str(e.value) for kind in ("markdown", "caption") for e in getattr(at, kind))


def charts(at) -> dict:
    """The page's charts by title."""
    return {c.title: c for c in element_specs(at) if hasattr(c, "title")}


def table(at, header: str) -> list[tuple[str, float, float]]:
    """The rows (word, number, number) of the markdown table whose header row starts with `header`."""
    md = next(str(m.value) for m in at.markdown if str(m.value).startswith(f"| {header}"))
    rows = [line.strip("|").split("|") for line in md.splitlines()[2:]]
    return [(re.sub(r"\\(.)", r"\1", w.strip()), float(a), float(b)) for w, a, b in rows]


def t(key, **fields):
    return catalogue.lookup(key, "en", **fields)


@pytest.fixture(scope="module")
def page():
    return open_page("before_2017", s=S, step="2")


def test_the_additive_scores_and_weights_shown_are_numpys(page):
    """Step 2's table: e_j = v_aᵀ tanh(W_a s_1 + U_a h_j) and α = softmax(e), computed here from the model's matrices,
    its decoder state and its encoder states; the charts hold the same numbers and the context Σ α_j h_j."""
    assert not page.exception and not page.error
    b = load_rnn("rnnsearch-en-zh")
    tr = run_rnn(b, S)
    W_a, U_a = b.model.W_a.weight.detach().double().numpy(), b.model.U_a.weight.detach().double().numpy()
    v_a = b.model.v_a.weight.detach().double().numpy()[0]
    s, h = tr.states[2].astype(np.float64), tr.annotations.astype(np.float64)
    hidden = np.tanh(s @ W_a.T + h @ U_a.T)  # (S, attn)
    e = hidden @ v_a
    alpha = np.exp(e - e.max()) / np.exp(e - e.max()).sum()
    rows = table(page, t("b17.col_word") + " | " + t("b17.col_score"))
    assert [w for w, _, _ in rows] == tr.src.tokens
    np.testing.assert_allclose([x for _, x, _ in rows], e, atol=1e-3)
    np.testing.assert_allclose([a for _, _, a in rows], alpha, atol=1e-3)
    shown = charts(page)
    np.testing.assert_allclose(shown[t("b17.fig_scores")].values, np.vstack([e, alpha]), atol=1e-4)
    np.testing.assert_allclose(shown[t("b17.fig_hidden")].values, hidden, atol=1e-4)
    states = shown[t("b17.fig_states", step=tr.rows[2])].values
    np.testing.assert_allclose(states[0], s, atol=1e-5)
    np.testing.assert_allclose(states[1:-1], h, atol=1e-5)
    np.testing.assert_allclose(states[-1], alpha @ h, atol=1e-4)
    assert f"Step 2 ({tr.rows[2]})" in texts(page).replace("\\", "")


def test_the_transformer_step_beside_it_is_q_dot_k_over_root_d_k(page):
    """The same step through en-zh's last cross-attention layer: q·k/√d_k per head and its softmax, recomputed from
    the trace's q and k; the table shows their head averages."""
    tr = run_with_trace(load_bundle("en-zh"), S)
    attn = tr.attn("cross", tr.config.N - 1)
    q, k = attn.q[:, 2].astype(np.float64), attn.k.astype(np.float64)  # (h, d_k), (h, S, d_k)
    scaled = np.einsum("hd,hsd->hs", q, k) / np.sqrt(q.shape[-1])
    weights = np.exp(scaled - scaled.max(1, keepdims=True))
    weights /= weights.sum(1, keepdims=True)
    np.testing.assert_allclose(weights, attn.pattern[:, 2], atol=1e-5)  # the model's own softmax
    rows = table(page, t("b17.col_word") + " | " + t("b17.col_qk"))
    np.testing.assert_allclose([x for _, x, _ in rows], scaled.mean(0), atol=1e-3)
    np.testing.assert_allclose([a for _, _, a in rows], weights.mean(0), atol=1e-3)
    row = f"{tr.tgt_input_tokens[2]} → {(tr.decoded.tokens + ['<eos>'])[2]}"
    shown = charts(page)
    np.testing.assert_allclose(shown[t("b17.fig_qk", step=row, layer=tr.config.N - 1)].values, scaled, atol=1e-4)


def test_the_alignment_maps_are_rnnsearchs_alpha_and_the_twins_cross_attention(page):
    """RNNsearch's α (each row a softmax over the source), en-zh's and en-zh-unguided's last cross-attention layer
    averaged over heads, each on its own translation."""
    shown = charts(page)
    alpha = shown[t("b17.fig_alpha")].values
    np.testing.assert_allclose(alpha, run_rnn(load_rnn("rnnsearch-en-zh"), S).weights, atol=1e-6)
    np.testing.assert_allclose(alpha.sum(1), 1, atol=1e-5)
    for name in ("en-zh", "en-zh-unguided"):
        tr = run_with_trace(load_bundle(name), S)
        N = tr.config.N
        np.testing.assert_allclose(shown[t("b17.fig_cross", model=name, layer=N - 1)].values,
                                   tr.attn("cross", N - 1).pattern.mean(0), atol=1e-5)


def test_the_translations_are_each_models_own(page):
    page_text = texts(page)
    for name, key in (("rnnenc-en-zh", "b17.rnnenc_line"), ("rnnsearch-en-zh", "b17.rnnsearch_line")):
        out = run_rnn(load_rnn(name), S).output_text
        assert t(key, output=out) in page_text.replace("\\", "")
    assert t("b17.transformer_line", model="en-zh") in page_text


def test_bleu_by_length_is_each_models_recorded_figure_with_the_sentence_marked(page):
    """The chart's lines are the test.tsv BLEU by length bucket in each model's scores.json, the vertical line at the
    sentence's 12 words (test.tsv's buckets count words between spaces); the longest bucket of RNNsearch is scored
    again here with sacrebleu."""
    import sacrebleu

    from model import tatoeba

    curve = charts(page)[t("b17.fig_bleu")]
    assert curve.marker_x == 12
    lines = {line.name: line for line in curve.lines}
    for name, root in (("rnnenc-en-zh", RNN_DIR), ("rnnsearch-en-zh", RNN_DIR), ("en-zh", CHECKPOINT_DIR)):
        buckets = json.loads((root / name / "scores.json").read_text())["by_length"]
        np.testing.assert_allclose(lines[name].y, [b["bleu"] for b in buckets], atol=1e-3)
        np.testing.assert_allclose(lines[name].x, [b["mean_words"] for b in buckets], atol=1e-3)
    last = json.loads((RNN_DIR / "rnnsearch-en-zh" / "scores.json").read_text())["by_length"][-1]
    rows = [r for r in tatoeba.rows("test") if len(r.en.split()) >= last["low"]]
    b = load_rnn("rnnsearch-en-zh")
    hyps = [run_rnn(b, r.en).output_text for r in rows]
    assert sacrebleu.corpus_bleu(hyps, [[r.zh for r in rows]], tokenize="zh").score == \
        pytest.approx(last["bleu"], abs=0.01)
    assert len(rows) == last["pairs"]


def test_table_1_counts_the_sentence_and_times_both_encoders(page):
    """n = 13 tokens: 13 sequential steps and a path of 13 through the recurrent layer, 1 and 1 through
    self-attention; the timing curve covers the measured lengths with the sentence's marked."""
    wiring = charts(page)[t("paper.fig_paths")]
    recurrent, attention = wiring.panels
    assert (recurrent.caption, attention.caption) == (t("paper.paths_counts", seq=13, path=13),
                                                      t("paper.paths_counts", seq=1, path=1))
    assert (len(recurrent.path) - 1, len(attention.path) - 1) == (13, 1)  # the edges drawn on the longest path
    assert re.search(r"Your sentence has n = 13 tokens\. A recurrent layer needs 13 sequential steps", texts(page))
    speed = charts(page)[t("b17.fig_speed")]
    assert speed.marker_x == 13 and list(speed.lines[0].x) == list(ENCODE_LENGTHS)
    assert all((line.y > 0).all() for line in speed.lines)


def test_the_last_step_is_kept_inside_the_translation():
    at = open_page("before_2017", s="I have a cat", step="99")
    assert not at.exception and not at.error
    tr = run_rnn(load_rnn("rnnsearch-en-zh"), "I have a cat")
    last = len(tr.states) - 1
    assert f"Step {last} ({tr.rows[last]})" in texts(at).replace("\\", "")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_zh_en_model_gets_a_notice_and_the_charts_that_need_no_recurrent_model(lang):
    at = open_page("before_2017", s="我有一只猫", model="zh-en", lang=lang)
    assert not at.exception and not at.error
    assert any(catalogue.lookup("b17.en_only", lang) in i.value for i in at.info)
    titles = set(charts(at))
    assert {catalogue.lookup("b17.fig_bleu", lang), catalogue.lookup("b17.fig_speed", lang)} <= titles
    assert catalogue.lookup("b17.fig_alpha", lang) not in titles


def test_a_hostile_sentence_is_shown_as_text_in_both_languages():
    for lang in ("en", "zh"):
        at = open_page("before_2017", s="<script>alert(1)</script> <img src=x onerror=alert(1)>", lang=lang)
        assert not at.exception and not at.error
        assert "<img" not in texts(at) and "<script>" not in texts(at)
        assert catalogue.lookup("b17.fig_alpha", lang) in charts(at)


def test_an_empty_sentence_asks_for_one():
    at = open_page("before_2017", s="")
    assert not at.exception and not at.error
    assert any(catalogue.lookup("notice.type_sentence", "en") in i.value for i in at.info)
    assert not element_specs(at)


def test_the_tour_chapter_draws_rnnsearchs_weights_and_writes_the_first_steps_score():
    """Before 2017 in the tour: on an English sentence the figure is RNNsearch's α and the formula the first step's
    largest additive score, recomputed here in NumPy; through zh→en the figure is the model's own last cross-attention
    layer; the bottleneck step counts the sentence's tokens and RNNenc's vector."""
    from lesson.tour import BEFORE

    bottleneck, additive = BEFORE
    trace = run_with_trace(load_bundle("en-zh"), S)
    b = load_rnn("rnnsearch-en-zh")
    tr = run_rnn(b, S)
    np.testing.assert_allclose(additive.figure(trace, t).values, tr.weights, atol=1e-6)
    W_a, U_a = b.model.W_a.weight.detach().double().numpy(), b.model.U_a.weight.detach().double().numpy()
    v_a = b.model.v_a.weight.detach().double().numpy()[0]
    e = np.tanh(tr.states[0].astype(np.float64) @ W_a.T + tr.annotations.astype(np.float64) @ U_a.T) @ v_a
    j = int(e.argmax())
    assert rf"e_{{1,{j + 1}}} = {e[j]:.3f}" in additive.formula(trace)
    zh = run_with_trace(load_bundle("zh-en"), "我有一只猫")
    np.testing.assert_allclose(additive.figure(zh, t).values, zh.attn("cross", zh.config.N - 1).pattern.mean(0),
                               atol=1e-6)
    assert r"c = h_{13} \in \mathbb{R}^{256}" in bottleneck.formula(trace)
    assert bottleneck.figure(trace, t).panels[0].title == t("paper.paths_rnn")


def test_a_keystroke_that_keeps_the_source_ids_decodes_nothing_again_and_keeps_its_own_words():
    """Typing inside a word the vocabulary lacks leaves the source ids as they were: RNNsearch's steps are decoded
    once for both texts, and each text's translation is still what run_rnn makes of it alone (its own word copied
    for the <unk>, its own tokens on the charts)."""
    from ui.views import before_2017 as b17

    bundle = load_rnn("rnnsearch-en-zh")
    a, b = "I saw Zorbl", "I saw Zorbla"
    assert bundle.src_vocab.encode(a, 64).ids == bundle.src_vocab.encode(b, 64).ids  # the case this is about
    ta, tb = b17.rnn_trace(b17.RNNSEARCH, a), b17.rnn_trace(b17.RNNSEARCH, b)
    assert ta.weights is tb.weights  # one decoding
    for text, tr in ((a, ta), (b, tb)):
        own = run_rnn(bundle, text)
        assert (tr.output_text, tr.src.tokens, tr.rows) == (own.output_text, own.src.tokens, own.rows)
        np.testing.assert_array_equal(tr.weights, own.weights)
    assert ta.output_text != tb.output_text  # each copies its own spelling of the unknown word


def test_the_encoders_are_timed_once_per_sentence_length(monkeypatch):
    """Table 1's caption times the two encoders once per token count and process: a keystroke that keeps the
    count, or comes back to it, measures nothing."""
    from ui.views import before_2017 as b17

    lengths, real = [], b17.encode_times
    monkeypatch.setattr(b17, "encode_times", lambda rnn, tf, ns: lengths.append(ns) or real(rnn, tf, ns))
    b17.timed.clear()
    first, other, again = b17.timed(7), b17.timed(8), b17.timed(7)
    assert lengths == [(7,), (8,)] and again == first
    assert all(ms > 0 for ms in first + other)
