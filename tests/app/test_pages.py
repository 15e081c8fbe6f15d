"""Every page runs for every kind of input, shows the typed sentence, and restores its view from the URL."""
import json

import numpy as np
import pytest

from model.checkpoint import load_bundle
from model.trace import run_with_trace
from tests.app.conftest import MIN_CHARTS, PAGES, array, by_title, open_page, payloads, specs, ticktext

SENTENCES = {
    "english": "I have a cat",
    "chinese_in_english_model": "我有一只猫",
    "empty": "",
    "very_long": " ".join(["i eat apples every day ."] * 20),
    "unknown": "my zebra reads quantum books",
    "script": "<script>alert(1)</script> <img src=x onerror=alert(1)>",
}


@pytest.mark.parametrize("page_name", PAGES)
@pytest.mark.parametrize("kind", list(SENTENCES))
def test_every_page_runs_without_exception(page_name, kind):
    at = open_page(page_name, s=SENTENCES[kind])
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]  # the page-level fallback message counts as a failure
    if kind == "empty" and page_name not in ("embeddings", "playground", "paper", "patches"):  # these need no sentence
        assert any("Type a sentence" in i.value for i in at.info)


def test_unknown_words_are_flagged_with_the_closest_known_words():
    at = open_page("overview", s="my teachr reads mitochondria books")
    warning = " ".join(w.value for w in at.warning)
    assert "teachr (→ teacher" in warning and "mitochondria" in warning and "mitochondria (→" not in warning
    assert "same <unk> token" in warning and "copies in the source word" in warning
    assert "It knows " in warning and ", a, " not in warning  # no sample of unrelated known words


@pytest.mark.parametrize("page_name", ["overview", "decoding"])
def test_an_unknown_name_is_copied_into_the_translation_and_marked(page_name):
    """"My name is Anna." -> 我叫Anna。: the model writes <unk> for Anna (a name it has not learnt; it has learnt 汤姆
    for Tom), the chip shows Anna marked as a copy, and the Decoding page says which source position the
    cross-attention pointed to."""
    at = open_page(page_name, s="My name is Anna.")
    html = " ".join(h.proto.body for h in at.get("html"))
    assert 'class="al-chip copy"' in html and "<span>Anna<small>2</small></span>" in html
    warning = " ".join(w.value for w in at.warning)
    assert "Anna (→ similar" in warning  # named as typed; a name gets no spelling hint (it would come right after)
    if page_name == "decoding":
        caption = " ".join(c.value for c in at.caption)
        assert "wrote <unk>" in caption and "source position 3, **Anna**" in caption


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_unknown_word_the_translation_leaves_out_is_struck_through_and_named(lang):
    """"This is my friend Anna." -> 这是我的朋友。: the model writes no <unk> for Anna, so nothing copies it; the chip
    row shows Anna struck through after the translation and the notice names it (the trace computed here agrees)."""
    text = "This is my friend Anna."
    trace = run_with_trace(load_bundle("en-zh"), text)
    assert [trace.src.typed(i) for i in trace.uncopied] == ["Anna"] and "Anna" not in trace.output_text
    at = open_page("overview", s=text, lang=lang)
    html = " ".join(h.proto.body for h in at.get("html"))
    assert '<span class="al-chip miss"' in html and "<span>Anna</span>" in html
    warning = " ".join(w.value for w in at.warning)
    assert ("Left out of the translation: Anna." if lang == "en" else "译文漏掉了：Anna。") in warning
    named = open_page("overview", s="My name is Anna.")  # copied: nothing is left out
    assert "al-chip miss" not in " ".join(h.proto.body for h in named.get("html"))
    assert "Left out" not in " ".join(w.value for w in named.warning)


def test_long_input_says_it_was_truncated():
    at = open_page("overview", s=" ".join(["cat"] * 80))
    assert any("Only the first 64 of 80 tokens" in w.value for w in at.warning)


def test_script_text_is_escaped_in_chips():
    at = open_page("overview", s="<b>bold</b> cat")
    html = " ".join(h.proto.body for h in at.get("html"))
    assert "&lt;" in html and "<b>bold" not in html


def test_charts_follow_the_sentence():
    a = by_title(open_page("self_attention", s="I have a cat"))
    b = by_title(open_page("self_attention", s="we read books at home"))
    title = "softmax → attention weights (rows sum to 1)"
    assert ticktext(a[title]) == ["i", "have", "a", "cat"]
    assert ticktext(b[title]) == ["we", "read", "books", "at", "home"]
    assert array(a[title]["data"][0]["z"]).shape != array(b[title]["data"][0]["z"]).shape


def test_self_attention_numbers_match_an_independent_numpy_computation():
    """The softmax figure shows softmax(q kᵀ/√d_k) of the model's own Q and K, recomputed here with NumPy."""
    at = open_page("self_attention", s="I have a cat", layer=1, head=2)
    fig = by_title(at)["softmax → attention weights (rows sum to 1)"]
    trace = run_with_trace(load_bundle("en-zh"), "I have a cat")
    q = trace["encoder.1.self_attn.hook_q"][2].astype(np.float64)
    k = trace["encoder.1.self_attn.hook_k"][2].astype(np.float64)
    s = q @ k.T / np.sqrt(q.shape[1])
    expected = np.exp(s - s.max(1, keepdims=True))
    expected /= expected.sum(1, keepdims=True)
    np.testing.assert_allclose(array(fig["data"][0]["z"]).astype(float), expected, atol=1e-5)


def test_decoder_masked_scores_show_minus_infinity_above_the_diagonal():
    at = open_page("self_attention", s="I have a cat", side="decoder")
    fig = by_title(at)["Masked scores"]
    z = array(fig["data"][0]["z"]).astype(float)
    upper = np.triu_indices(z.shape[0], 1)
    assert np.isnan(z[upper]).all() and np.isfinite(z[np.tril_indices(z.shape[0])]).all()
    text = array(fig["data"][0]["text"])
    assert (text[upper] == "−∞").all()


def test_url_state_restores_the_view():
    at = open_page("self_attention", s="why do we work ?", side="cross", layer=1, head=3, scale="false", temp="2.0")
    assert at.toggle[0].value is False
    assert at.slider[0].value == 2.0
    titles = by_title(at)
    assert "QKᵀ ÷ 1 · T=2" in titles
    assert any("(head 3)" in t for t in titles)
    assert ticktext(titles["Masked scores"], "xaxis") == ["why", "do", "we", "work", "?"]
    assert at.query_params["side"] == "cross" and at.query_params["head"] == "3"


def test_view_state_survives_switching_pages():
    at = open_page("self_attention", s="I have a cat", head=1)
    at.switch_page("pages/overview.py").run()
    at.switch_page("pages/multi_head.py").run()
    assert any("head 1" in t for t in by_title(at))
    assert at.query_params["head"] == "1"


def test_playground_seed_004_preset_reproduces_the_seed():
    at = open_page("playground")
    figs = by_title(at)
    np.testing.assert_array_equal(array(figs["Q = X·W_Q"]["data"][0]["z"]), [[1, 0, 2], [2, 2, 2], [2, 1, 3]])
    np.testing.assert_array_equal(array(figs["K = X·W_K"]["data"][0]["z"]), [[0, 1, 1], [4, 4, 0], [2, 3, 1]])
    np.testing.assert_array_equal(array(figs["V = X·W_V"]["data"][0]["z"]), [[1, 2, 3], [2, 8, 0], [2, 6, 3]])
    np.testing.assert_array_equal(array(figs["Scores QKᵀ"]["data"][0]["z"]), [[2, 4, 4], [4, 16, 12], [4, 12, 10]])
    expected = [[6.3379e-02, 4.6831e-01, 4.6831e-01], [6.0337e-06, 9.8201e-01, 1.7986e-02],
                [2.9539e-04, 8.8054e-01, 1.1917e-01]]
    np.testing.assert_allclose(array(figs["softmax weights"]["data"][0]["z"]), expected, rtol=1e-4)
    code = " ".join(c.value for c in at.code)
    assert "q(x1)·k(x1) = 1×0 + 0×1 + 2×1 = 2" in code


def test_playground_rejects_bad_cells_and_keeps_the_last_result():
    at = open_page("playground")
    before = array(by_title(at)["softmax weights"]["data"][0]["z"])
    assert at.success, "the valid preset says so"
    # an edit as the browser sends it: row 0, column "f1" of X becomes "abc"
    at.session_state["pg_X_0"] = {"edited_rows": {0: {"f1": "abc"}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert any("X, row 1, column 1: 'abc' is not a number" in e.value for e in at.error)
    np.testing.assert_array_equal(array(by_title(at)["softmax weights"]["data"][0]["z"]), before)


def test_playground_names_an_empty_cell_of_an_added_row():
    """A row added to X with one cell typed: the first empty cell is named (not read as the text "<NA>")."""
    at = open_page("playground")
    at.session_state["pg_X_0"] = {"edited_rows": {}, "added_rows": [{"f1": "2"}], "deleted_rows": []}
    at.run()
    assert any("X, row 4, column 2 is empty: type a number" in e.value for e in at.error), [e.value for e in at.error]


def test_every_page_draws_its_charts():
    counts = {p: len(specs(open_page(p, s="I have a cat"))) for p in PAGES}
    assert all(n >= MIN_CHARTS.get(p, 3) for p, n in counts.items()), counts
    assert json.dumps(counts)


def test_masked_cells_are_exactly_the_masked_keys_not_underflowed_weights():
    """Padding columns are grey in the weights figure; tiny-but-real weights stay numbers."""
    at = open_page("masks", s="i eat apples every day .", s2="you like tea")
    fig = by_title(at)["Encoder layer 0, head 0: weights"]
    z = array(fig["data"][0]["z"]).astype(float)
    keys = fig["layout"]["xaxis"]["ticktext"]
    pad = np.array([k == "&lt;pad&gt;" for k in keys])
    assert pad.sum() == 3
    assert np.isnan(z[:, pad]).all() and not np.isnan(z[:, ~pad]).any()


def test_both_renderers_draw_the_same_figures():
    """The in-place element (default) and st.plotly_chart (?renderer=naive) get identical figure specs."""
    inplace = open_page("self_attention", s="I have a cat")
    naive = open_page("self_attention", s="I have a cat", renderer="naive")
    assert not inplace.get("plotly_chart") and naive.get("plotly_chart")
    a, b = by_title(inplace), by_title(naive)
    assert a.keys() == b.keys()
    title = "softmax → attention weights (rows sum to 1)"
    np.testing.assert_array_equal(array(a[title]["data"][0]["z"]), array(b[title]["data"][0]["z"]))


def test_presenter_view_enlarges_every_figure_and_hides_the_sidebar():
    """The element gets zoom 1.45 (ui/static draws sizes and fonts × zoom, one chart per row); the naive
    reference gets Plotly figures enlarged by the same factor from the same specs."""
    normal_at = open_page("self_attention", s="I have a cat")
    at = open_page("self_attention", s="I have a cat", presenter="true")
    assert {p["zoom"] for p in payloads(normal_at)} == {1.0} and {p["zoom"] for p in payloads(at)} == {1.45}
    normal, big = by_title(normal_at), by_title(at)
    assert big.keys() == normal.keys()
    naive = by_title(open_page("self_attention", s="I have a cat", presenter="true", renderer="naive"))
    assert naive.keys() == normal.keys()
    for title, fig in naive.items():
        assert fig["layout"]["meta"]["zoom"] == 1.45
        assert fig["layout"]["height"] == int(normal[title]["layout"]["height"] * 1.45)
        assert fig["layout"]["font"]["size"] == round(normal[title]["layout"]["font"]["size"] * 1.45)
    css = " ".join(h.proto.body for h in at.get("html"))
    assert '[data-testid="stSidebar"]' in css and "display:none" in css


def test_teacher_forcing_table_takes_a_reference_shorter_than_the_output():
    """The free-running output is longer than a one-character reference: the table's number column is padded
    with empty cells, not with text (which Arrow cannot put in a number column)."""
    at = open_page("decoding", s="I have a cat")
    box = next(w for w in at.text_input if w.label.startswith("Reference translation"))
    box.set_value("我").run()
    assert not at.exception and not at.error, [e.value for e in at.exception] + [e.value for e in at.error]
    table = next(df.value for df in at.dataframe if "p(target)" in df.value.columns)
    p = table["p(target)"]
    assert p.notna().sum() == 2 and p.isna().sum() == len(table) - 2  # 我 and <eos>; the rest empty


def test_the_word_still_being_typed_gets_no_spelling_hint():
    """A pause in the middle of a word names it as unknown without guessing (the hint comes once a space or a mark
    follows it); finished misspellings keep their hint."""
    at = open_page("overview", s="my teachr reads boo")
    warning = " ".join(w.value for w in at.warning)
    assert "teachr (→ teacher" in warning and "boo" in warning and "boo (→" not in warning
    at = open_page("overview", s="my teachr reads boo .")
    assert "boo (→" in " ".join(w.value for w in at.warning)


def test_the_decoding_page_traces_the_twin_only_when_asked():
    """Off by default (a second model on every keystroke); the toggle shows both twins' last cross-attention layer,
    each under its own translation, and keeps the choice in the URL."""
    sentence = "I have a cat"
    at = open_page("decoding", s=sentence)
    twin_titles = [t for t in by_title(at) if t.startswith("en-zh-unguided · ")]
    assert not twin_titles and not any("learned on its own:" in m.value for m in at.markdown)
    at.toggle(key="w_twin").set_value(True).run()
    assert not at.exception
    titles = by_title(at)
    N = load_bundle("en-zh").config.N
    assert {f"en-zh · Layer {N - 1}", f"en-zh-unguided · Layer {N - 1}"} <= set(titles)
    for name in ("en-zh", "en-zh-unguided"):
        own = run_with_trace(load_bundle(name), sentence).output_text
        assert any(f"**{name}**" in m.value and own in m.value for m in at.markdown), name
    assert at.query_params["twin"] == "True"  # as the other toggles write it (url.from_url reads it back)
