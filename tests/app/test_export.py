"""Exports: the HTML handout (escaping, the app's chart modules and KaTeX inlined once, one chart payload per step,
marked copies), matrices as CSV, the export page."""
import base64
import html
import io
import json
import re
import struct
from functools import partial

import numpy as np
import pandas as pd
import pytest
from streamlit.runtime.media_file_manager import MediaFileManager

from lesson import catalogue
from lesson.handout import (
    BARE,
    ENTRY,
    STATIC,
    build_handout,
    chart_payload,
    hook_matrix,
    import_map,
    katex,
    matrix_csv,
    render_handout,
    sentence_heading,
)
from model.checkpoint import load_bundle
from model.trace import run_with_trace
from tests.app.conftest import open_page
from viz.heatmap import matrix_heatmap
from viz.wire import MAGIC

EVIL = "<script>alert(1)</script>"
PAYLOAD_SCRIPT = re.compile(r'<script type="application/octet-stream" class="al-payload"[^>]*>(.*?)</script>', re.S)


@pytest.fixture(scope="module")
def bundle():
    """The English → Chinese model."""
    return load_bundle("en-zh")


@pytest.fixture(scope="module")
def trace(bundle):
    """The trace of "I have a cat"."""
    return run_with_trace(bundle, "I have a cat")


def figure(title: str = "weights") -> bytes:
    """The payload of a small real chart, as the app's chart element receives it."""
    spec = matrix_heatmap(np.eye(3), ["a", "b", "c"], ["a", "b", "c"], kind="prob", title=title)
    return chart_payload(spec, "weights", "a b c", "en")


def handout(*sections, lang: str = "en") -> str:
    """render_handout of (heading, text, formula, chart payload) sections."""
    return render_handout("I have a cat → 我有一只猫", "subtitle", list(sections), lang)


def payloads(page: str) -> list[bytes]:
    """The chart payloads embedded in a handout, in order."""
    return [base64.b64decode(body, validate=True) for body in PAYLOAD_SCRIPT.findall(page)]


def header(payload: bytes) -> dict:
    """The JSON header of a chart payload (viz/wire.py)."""
    assert payload[:4] == MAGIC
    (n,) = struct.unpack("<I", payload[4:8])
    return json.loads(payload[8:8 + n])


def modules(page: str) -> dict[str, str]:
    """The handout's import map: bare module name -> the module's code."""
    (body,) = re.findall(r'<script type="importmap">(.*?)</script>', page, re.S)
    prefix = "data:text/javascript;base64,"
    imports = json.loads(body)["imports"]
    assert all(url.startswith(prefix) for url in imports.values())
    return {name: base64.b64decode(url[len(prefix):]).decode() for name, url in imports.items()}


def frame(csv: str) -> pd.DataFrame:
    """A CSV download parsed back (first column = row labels)."""
    return pd.read_csv(io.StringIO(csv), index_col=0, keep_default_na=False)


# ---------------------------------------------------------------- the handout


def test_the_chart_modules_are_inlined_once_and_nothing_is_loaded_from_outside():
    page = handout(*[("step", "text", "x", figure())] * 3)
    assert "plotly" not in page.lower()
    assert page.count(import_map()) == 1
    assert page.count("<script") == 3 + 3, "KaTeX, the import map, three payloads, the module that draws them"
    assert page.endswith(f'<script type="module">import "{BARE}handout.js";</script></body></html>')
    markup = re.sub(r"(<script[^>]*>).*?</script>", r"\1", page, flags=re.S)  # the page, not its scripts' code
    assert not re.search(r"<(script|link|img)[^>]*(src|href)=", markup)
    assert '<meta charset="utf-8">' in page and '"Noto Sans CJK SC","Microsoft YaHei","PingFang SC",sans-serif' in page
    assert page.count('font-family:"Attention Lab Sans";src:url("data:font/woff2;base64,') == 1
    urls = re.findall(r"url\((.{0,30})", "".join(re.findall(r"<style>(.*?)</style>", page, re.S)))
    assert urls and all(u.lstrip('"').startswith("data:font/woff2;base64,") for u in urls), "every font is inlined"
    assert "@media print" in page


def test_the_handout_inlines_the_chart_element_and_every_module_it_imports_with_bare_names():
    code = modules(handout())
    assert code.pop(BARE + "handout.js") == ENTRY.read_text(encoding="utf-8"), "the module that draws the charts"
    assert {BARE + "chart.js", BARE + "heatmap.js", BARE + "curves.js", BARE + "export.js"} <= set(code)
    for name, module in code.items():
        original = (STATIC / name.removeprefix(BARE)).read_text(encoding="utf-8")
        assert module == original.replace('"./', f'"{BARE}'), f"{name}: the module, its imports bare"
        assert not re.search(r"""(from|import)\s*\(?\s*["']\./""", module), name
        assert set(re.findall(rf'"({BARE}[\w.]+\.js)"', module)) <= set(code), f"{name} imports only inlined modules"


def test_one_chart_div_and_payload_per_section_in_order():
    page = handout(("first", "a", "x", figure("one")), ("second", "b", "y", figure("two")))
    assert re.findall(r'<div class="chart" id="(chart-\d+)"></div>', page) == ["chart-1", "chart-2"]
    assert payloads(page) == [figure("one"), figure("two")], "each payload's exact bytes"
    assert [header(p)["charts"][0]["title"] for p in payloads(page)] == ["one", "two"]
    assert re.findall(r'data-target="(chart-\d+)"', page) == ["chart-1", "chart-2"]


def test_section_text_is_escaped_everywhere():
    page = render_handout(EVIL, EVIL, [(EVIL, EVIL, r"\text{" + EVIL + "}", figure())], "en")
    assert "<script>alert(1)" not in page
    assert page.count("&lt;script&gt;alert(1)&lt;/script&gt;") == 7, "title, h1, subtitle, heading, text, formula ×2"
    assert page.count(r"\text{&lt;script&gt;alert(1)&lt;/script&gt;}") == 2, "the formula and its LaTeX source"


def test_a_payload_cannot_close_its_script_element():
    hostile = figure("</script><script>alert(1)</script><!-- <script>")
    page = handout(("step", "text", "x", hostile))
    assert "</script><script>alert(1)" not in page and "<!--" not in page
    assert payloads(page) == [hostile], "the browser's atob reads back the same bytes"


def test_html_lang_follows_the_handout_language():
    assert '<html lang="zh-CN">' in handout(lang="zh") and '<html lang="en">' in handout(lang="en")
    assert catalogue.lookup("handout.footer", "zh") in handout(lang="zh")


def test_formula_is_typeset_by_the_katex_streamlit_ships_and_its_source_is_kept():
    page = handout(("step", "text", r"\frac{q \cdot k}{\sqrt{d_k}} < 1", figure()))
    assert r'<div class="tex">\frac{q \cdot k}{\sqrt{d_k}} &lt; 1</div>' in page  # typeset when the page opens
    assert r"<code>\frac{q \cdot k}{\sqrt{d_k}} &lt; 1</code>" in page
    script, css = katex()
    assert page.count(script) == 1 and "window.katex=" in script and "export{" not in script[-200:]
    assert "renderToString" in script and ".katex-display" in css and css.count("@font-face") >= 19
    assert "url(../media" not in css and css.count("url(data:font/woff2;base64,") == css.count("@font-face")


def test_the_heading_marks_copied_and_unknown_words_as_the_app_does(bundle):
    copied = run_with_trace(bundle, "My name is Anna.")
    assert copied.output_text == "我叫Anna。" and copied.decoded.copied_from == [None, None, 3, None]
    assert sentence_heading(copied, "en") == (
        f'My name is <span class="unk" title="{html.escape(catalogue.lookup("chip.unknown_tip", "en"))}">Anna</span>. '
        f'→ 我叫'
        f'<span class="copy" title="{html.escape(catalogue.lookup("chip.copied_tip", "en", pos=3))}">Anna</span>。')
    left_out = run_with_trace(bundle, "This is my friend Anna.")
    assert left_out.uncopied == [4]
    assert sentence_heading(left_out, "zh").endswith(
        f'<span class="legend">{catalogue.lookup("chip.missing_label", "zh")}</span> <span class="miss">Anna</span>')
    evil = sentence_heading(run_with_trace(bundle, "I have a <b>cat</b>"), "en")
    assert "<b>" not in evil and html.unescape(re.sub(r"<[^>]+>", "", evil)).startswith("I have a <b>cat</b> → ")


# ---------------------------------------------------------------- matrices as CSV


def test_csv_of_a_hidden_state_has_token_rows_and_dimension_columns(trace, bundle):
    csv = matrix_csv(trace, "encoder.0.hook_ln1", 0, bundle.tgt_vocab.itos)
    assert csv.startswith("\ufeff"), "Excel reads the BOM as UTF-8"
    table = frame(csv)
    assert list(table.index) == ["i", "have", "a", "cat"]
    assert list(table.columns) == [f"d{i}" for i in range(trace.config.d_model)]
    np.testing.assert_allclose(table.to_numpy(float), trace["encoder.0.hook_ln1"], rtol=1e-6)


def test_csv_of_one_cross_attention_head_is_target_rows_by_source_columns(trace, bundle):
    table = frame(matrix_csv(trace, "decoder.1.cross_attn.hook_pattern", 2, bundle.tgt_vocab.itos))
    assert list(table.index) == ["<bos>", "我", "有", "一", "只", "猫"]
    assert list(table.columns) == ["i", "have", "a", "cat"]
    np.testing.assert_allclose(table.to_numpy(float), trace["decoder.1.cross_attn.hook_pattern"][2], rtol=1e-6)
    np.testing.assert_allclose(table.sum(axis=1), 1, atol=1e-5)


def test_csv_of_keys_values_queries_and_logits_label_the_right_axes(trace, bundle):
    itos = bundle.tgt_vocab.itos
    assert list(frame(matrix_csv(trace, "decoder.0.cross_attn.hook_k", 0, itos)).index) == ["i", "have", "a", "cat"]
    assert list(frame(matrix_csv(trace, "decoder.0.cross_attn.hook_q", 0, itos)).index)[0] == "<bos>"
    logits = frame(matrix_csv(trace, "hook_logits", 0, itos))
    assert list(logits.columns) == itos and list(logits.index) == trace.tgt_input_tokens
    np.testing.assert_allclose(logits.to_numpy(float), trace["hook_logits"], rtol=1e-6)


def test_csv_keeps_masks_as_0_1_and_masked_scores_as_minus_infinity(trace, bundle):
    mask = frame(matrix_csv(trace, "decoder.0.self_attn.hook_mask", 0, bundle.tgt_vocab.itos)).to_numpy(float)
    np.testing.assert_array_equal(mask, np.tril(np.ones((6, 6))))
    scores = frame(matrix_csv(trace, "decoder.0.self_attn.hook_masked_scores", 1, bundle.tgt_vocab.itos))
    z = scores.to_numpy(float)
    assert np.isneginf(z[np.triu_indices(6, 1)]).all()
    np.testing.assert_allclose(z[np.tril_indices(6)], trace["decoder.0.self_attn.hook_masked_scores"][1][
        np.tril_indices(6)], rtol=1e-6)


def test_repeated_tokens_get_distinct_labels(bundle):
    repeated = run_with_trace(bundle, "the cat and the dog")
    table = frame(matrix_csv(repeated, "encoder.0.self_attn.hook_pattern", 0, bundle.tgt_vocab.itos))
    assert list(table.index) == ["the·0", "cat", "and", "the·3", "dog"] == list(table.columns)


@pytest.mark.parametrize("model, sentence", [("en-zh", "I have a cat"), ("zh-en", "我有一只猫"),
                                             ("en-zh-pre", "we read books")])
def test_every_hook_and_head_exports_to_csv_with_its_exact_numbers(model, sentence):
    bundle = load_bundle(model)
    run = run_with_trace(bundle, sentence)
    for name, array in run.arrays.items():
        for head in range(array.shape[0] if array.ndim == 3 else 1):
            matrix = hook_matrix(run, name, head)
            table = frame(matrix_csv(run, name, head, bundle.tgt_vocab.itos))
            assert table.shape == matrix.shape, name
            np.testing.assert_array_equal(table.to_numpy(matrix.dtype), matrix, err_msg=f"{name} is exact")


# ---------------------------------------------------------------- the handout of a real trace


@pytest.fixture(scope="module")
def steps():
    """The guided tour's steps and its chapter After 2017."""
    from lesson.tour import WITH_CHAPTER

    return WITH_CHAPTER


def test_handout_has_one_chart_per_tour_step(trace, steps):
    page = build_handout(trace, "en", 0.5)
    assert len(payloads(page)) == len(steps) == page.count('<div class="chart"')
    assert "<h1>I have a cat → 我有一只猫</h1>" in page
    for payload, step in zip(payloads(page), steps):
        head = header(payload)
        en = partial(catalogue.lookup, language="en")
        assert [c["kind"] for c in head["charts"]] == [step.figure(trace, en).kind]
        assert head["arrays"] and head["sentence"] == "I have a cat" and head["font"] == "" and head["live"] == ""


def test_handout_says_whether_the_cross_attention_was_trained_to_align(trace, steps):
    assert "was trained to align" in build_handout(trace, "en", 0.5)
    unguided = build_handout(trace, "en", 0.0)
    assert "learned on its own" in unguided and "trained to align" not in unguided
    assert "经过对齐训练" in build_handout(trace, "zh", 0.5)


def test_handout_in_chinese_has_chinese_headings(trace, steps):
    page = build_handout(trace, "zh", 0.5)
    headings = re.findall(r"<h2>\d+ · (.*?)</h2>", page)
    assert len(headings) == len(steps)
    for heading, step in zip(headings, steps):
        assert heading == html.escape(catalogue.lookup(f"tour.{step.key}.title", "zh"))
        assert re.search(r"[\u4e00-\u9fff]", heading), heading
    assert '<html lang="zh-CN">' in page and catalogue.lookup("handout.formula", "zh") in page


# ---------------------------------------------------------------- the export page


@pytest.fixture
def downloads(monkeypatch):
    """file name -> the callable each deferred download button registered (what a click would run)."""
    files = {}
    original = MediaFileManager.add_deferred

    def record(self, data_callable, mimetype, coordinates, file_name=None, **kwargs):
        files[file_name] = data_callable
        return original(self, data_callable, mimetype, coordinates, file_name=file_name, **kwargs)

    monkeypatch.setattr(MediaFileManager, "add_deferred", record)
    return files


@pytest.fixture
def built(monkeypatch):
    """Names of the expensive builders called so far (they still run)."""
    import lesson.handout
    import model.trace

    calls = []

    def counted(name, original):
        """`original`, noting each call."""
        def run(*args):
            calls.append(name)
            return original(*args)
        return run

    for module, name in ((model.trace, "trace_to_json"), (lesson.handout, "build_handout")):
        monkeypatch.setattr(module, name, counted(name, getattr(module, name)))
    return calls


def test_export_page_offers_three_downloads_built_only_on_click(downloads, built, trace):
    at = open_page("export", s="I have a cat")
    assert not at.exception and not at.error, [e.value for e in at.exception] + [e.value for e in at.error]
    assert [b.label for b in at.download_button] == [catalogue.lookup("export.trace.button", "en"),
                                                    catalogue.lookup("export.matrix.button", "en"),
                                                    catalogue.lookup("export.handout.button", "en")]
    assert set(downloads) == {"attention-lab-trace.json", "attention-lab-hook_src_embed.csv",
                              "attention-lab-handout.html"}
    assert built == [], "nothing expensive is built while the page renders"
    assert any("PNG, SVG and CSV" in i.value for i in at.info)
    exported = json.loads(downloads["attention-lab-trace.json"]())
    assert built == ["trace_to_json"]
    assert exported["text"] == "I have a cat" and exported["output"]["text"] == "我有一只猫"
    assert [h["name"] for h in exported["hooks"]] == list(trace.arrays)


def test_export_page_csv_follows_the_picked_matrix_and_head(downloads, trace):
    at = open_page("export", s="I have a cat")
    at.selectbox(key="export_hook").set_value("encoder.1.self_attn.hook_pattern").run()
    at.selectbox(key="w_head").set_value(3).run()
    assert not at.exception
    table = frame(downloads["attention-lab-encoder.1.self_attn.hook_pattern-head3.csv"]())
    assert list(table.columns) == ["i", "have", "a", "cat"]
    np.testing.assert_allclose(table.to_numpy(float), trace["encoder.1.self_attn.hook_pattern"][3], atol=1e-5)
    assert at.query_params["head"] == "3", "the head is the URL's head"


def test_export_page_handout_language_defaults_to_the_ui_language(downloads):
    at = open_page("export", s="I have a cat", lang="zh")
    assert at.radio[0].value == "zh"
    assert at.header[0].value == catalogue.lookup("export.header", "zh")
    at.radio[0].set_value("en").run()
    assert not at.exception and at.radio[0].value == "en"


def test_export_page_handout_download_is_the_offline_handout(downloads, steps):
    open_page("export", s="I have a cat", lang="zh")
    page = downloads["attention-lab-handout.html"]()
    assert '<html lang="zh-CN">' in page and len(payloads(page)) == len(steps)


@pytest.mark.parametrize("sentence", ["", "<script>alert(1)</script> <img src=x onerror=alert(1)>"])
def test_export_page_handles_empty_and_hostile_input(sentence):
    at = open_page("export", s=sentence)
    assert not at.exception and not at.error
    if not sentence:
        assert any(catalogue.lookup("notice.type_sentence", "en") in i.value for i in at.info)
        assert not at.download_button
