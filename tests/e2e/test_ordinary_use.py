"""Ordinary clicks a lecture makes in its first minutes, one test per defect found by using the app as a lecturer:
switching the language back and forth, typing a second sentence, changing the model, formulas with Chinese."""
import re
import urllib.parse

import pytest

from benchmarks.harness import IDLE
from model.checkpoint import load_bundle
from tests.e2e.helpers import CHARTS_JS, open_app, sentence_box, until
from tests.e2e.test_fonts import ABSENT

BROKEN = "could not be drawn"
ZH_CAT = "我有一只猫"


def settle(page) -> None:
    """Wait for the rerun a click started to finish."""
    page.wait_for_timeout(400)
    page.wait_for_selector(IDLE, timeout=60_000)


def assert_whole(page) -> None:
    """No traceback and no view that failed to draw."""
    traceback = page.locator('[data-testid="stException"]')
    assert traceback.count() == 0, traceback.first.inner_text()
    assert page.get_by_text(BROKEN).count() == 0, page.url


def type_sentence(page, text: str) -> None:
    """Type a sentence, then wait for its rerun and for every chart drawn from the sentence to show it (a chart
    that does not depend on the sentence, such as the variance of q·k, keeps the revision it was drawn at)."""
    sentence_box(page).fill(text)
    sentence_box(page).press("Enter")
    until(page, "s => new URLSearchParams(location.search).get('s') === s", text)
    settle(page)
    drawn = "s => (" + CHARTS_JS + ")().filter(c => c.renderer === 'canvas').every(c => c.sentence === s)"
    until(page, drawn, text)


def language(page, name: str) -> None:
    """Click the language switch's option `name` ("English" or "中文")."""
    page.locator('[data-testid="stButtonGroup"] button', has_text=name).first.click()
    settle(page)


@pytest.mark.parametrize("path", ["overview", "tour", "before_2017", "self_attention", "decoding"])
def test_switching_the_language_back_and_forth_keeps_every_page(page, app_url, path):
    open_app(page, f"{app_url}/{path}?s=I+have+a+cat")
    for name in ("中文", "English", "中文", "English"):
        language(page, name)
        assert_whole(page)
    params = urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)
    assert params.get("model", ["en-zh"]) == ["en-zh"], page.url  # the model is still a model, not its label
    type_sentence(page, "he likes tea")
    assert_whole(page)


def test_self_attention_takes_a_second_and_third_sentence(page, app_url):
    open_app(page, f"{app_url}/self_attention?s=I+have+a+cat")
    for text in ("The dog is big.", "She likes tea.", "I have two cats"):
        type_sentence(page, text)
        assert_whole(page)
        query = urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query).get("query", ["0"])
        assert query[0].isdigit(), page.url  # the query token is an index, never the box's label


def test_the_query_picker_follows_a_new_sentence(page, app_url):
    open_app(page, f"{app_url}/self_attention?s=The+dog+is+big.&query=3")
    type_sentence(page, "She likes tea.")
    shown = page.locator('[data-testid="stSelectbox"] input[aria-label="Query token"]').input_value()
    assert shown == "3: .", shown  # the new sentence's token, not the old "3: big"
    assert_whole(page)


def switch_model(page, label: str) -> None:
    """Pick a model in the header's Model box."""
    page.locator('[data-testid="stSelectbox"]', has_text="Model").first.click()
    page.locator('[role="option"]', has_text=label).first.click()
    settle(page)


@pytest.mark.parametrize("path,text", [("masks", "你喜欢茶"), ("add_norm", "你喜欢茶"), ("lab_pairs", "我有两只猫")])
def test_after_switching_to_zh_en_second_sentences_are_chinese(page, app_url, path, text):
    open_app(page, f"{app_url}/{path}?s=I+have+a+cat")
    switch_model(page, "中文 → English")
    assert_whole(page)
    params = urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)
    assert params["model"] == ["zh-en"], page.url
    main = page.locator('[data-testid="stMain"]')
    boxes = " ".join(main.locator("input").evaluate_all("els => els.map(e => e.value)"))
    assert text in main.inner_text() + boxes, f"{text} not on {path}"
    assert "you like tea" not in boxes and "two cats" not in boxes, boxes  # (the translations are English)


@pytest.mark.parametrize("path", ["masks", "multi_head", "decoding", "bert_gpt"])
def test_after_typing_a_sentence_and_switching_the_model_every_chart_shows_the_new_models_sentence(page, app_url,
                                                                                                    path):
    """The route drew the typed sentence; the model switch puts another sentence in the box. While its rerun sends
    the charts, the box can still show the typed text: those charts are the new sentence's, not older ones."""
    open_app(page, f"{app_url}/{path}")
    type_sentence(page, "The cat sat on the mat.")
    switch_model(page, "中文 → English")
    assert_whole(page)
    try:
        page.wait_for_function("s => (" + CHARTS_JS + ")().every(c => c.sentence === s)", arg=ZH_CAT,
                               timeout=15_000)
    except Exception:
        stale = [c["title"] for c in page.evaluate(CHARTS_JS) if c["sentence"] != ZH_CAT]
        raise AssertionError(f"charts still showing the English sentence on {path}: {stale}") from None


def test_minimal_pair_presets_are_in_the_source_language(page, app_url):
    open_app(page, f"{app_url}/lab_pairs?model=zh-en&s={urllib.parse.quote(ZH_CAT)}")
    page.locator('[data-testid="stSelectbox"]').nth(2).click()  # header: examples, model; then the presets
    options = page.locator('[role="option"]').all_inner_texts()
    assert options and all("/" in o for o in options), options
    assert not any(ch.isascii() and ch.isalpha() for o in options for ch in o), options  # Chinese pairs only


KATEX_CJK_JS = """async () => {
  const out = [];
  for (const el of document.querySelectorAll('.katex-html *')) {
    for (const node of el.childNodes) {
      if (node.nodeType !== 3) continue;
      for (const ch of node.textContent) {
        if (ch < '\\u3400' || ch > '\\u9fff') continue;
        const cs = getComputedStyle(el);
        await document.fonts.load(`${cs.fontStyle} 40px ${cs.fontFamily}`, ch);
        out.push([ch, `${cs.fontStyle} 40px ${cs.fontFamily}`]);
      }
    }
  }
  return out;
}"""
GLYPH_IN_FONT_JS = """([font, ch]) => {
  const canvas = document.createElement('canvas'); canvas.width = 120; canvas.height = 60;
  const ctx = canvas.getContext('2d'); ctx.font = font; ctx.fillText(ch, 10, 45);
  return Array.from(ctx.getImageData(0, 0, 120, 60).data.filter((_, i) => i % 4 === 3)).join(',');
}"""


@pytest.mark.parametrize("params", [{"tour": 0, "lang": "zh", "model": "zh-en", "s": ZH_CAT},
                                    {"tour": 99, "lang": "en", "s": "I have a cat"}])
def test_formulas_draw_chinese_with_the_shipped_font(bare_browser, app_url, params):
    page = bare_browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{app_url}/tour?" + urllib.parse.urlencode(params))
    page.wait_for_selector(".katex", timeout=60_000)
    page.wait_for_selector(IDLE, timeout=60_000)
    assert_formula_chinese_drawn(page)
    page.context.close()


def assert_formula_chinese_drawn(page) -> None:
    """Every Chinese character in the page's formulas draws, in its element's font, as a glyph and not as a box."""
    found = page.evaluate(KATEX_CJK_JS)
    assert found, "this step's formula has Chinese in it"
    for ch, font in found:
        box = page.evaluate(GLYPH_IN_FONT_JS, [font, ABSENT[0]])  # a character no font here has, in the same font
        glyph = page.evaluate(GLYPH_IN_FONT_JS, [font, ch])
        assert glyph != box and any(v != "0" for v in glyph.split(",")), f"{ch} in {font} is a box"


def test_formulas_draw_chinese_with_the_shipped_font_before_streamlit_draws_any_html_element(bare_browser, app_url):
    """The page's font rules come with its HTML (ui/first_load.py), not only with the script's st.html <style>: that
    one is drawn once Streamlit has fetched its HTML element's code, fetched on first use like KaTeX's, and when
    KaTeX's came first a formula's Chinese was drawn with KaTeX's fonts alone (boxes here). The HTML element's code
    is held back here until the formula is checked: the order that made the test above fail now and then. The
    server has run the script once before (the font's URL is known from its first run on)."""
    params = {"tour": 99, "lang": "en", "s": "I have a cat"}
    warm = bare_browser.new_page()
    warm.goto(f"{app_url}/tour?" + urllib.parse.urlencode(params))
    warm.wait_for_selector(".katex", timeout=60_000)
    warm.context.close()
    page = bare_browser.new_page(viewport={"width": 1400, "height": 1000})
    held = []
    page.route(re.compile(r"/static/js/Html\.[^/]+\.js$"), lambda route: held.append(route))  # never answered
    page.goto(f"{app_url}/tour?" + urllib.parse.urlencode(params))
    page.wait_for_selector(".katex", timeout=60_000)
    page.wait_for_selector(IDLE, timeout=60_000)
    assert held and page.locator('[data-testid="stHtml"]').count() == 0, "Streamlit's HTML element not drawn yet"
    assert_formula_chinese_drawn(page)
    page.context.close()


def test_export_names_the_shape_of_the_sentence_now_in_the_box(page, app_url):
    page.goto(f"{app_url}/export?s=I+have+a+cat")  # a page without charts
    page.wait_for_selector('input[aria-label="Matrix (hook point)"]', timeout=60_000)
    settle(page)
    hook = page.locator('[data-testid="stSelectbox"] input[aria-label="Matrix (hook point)"]')
    hook.click()
    page.locator('[role="option"]').nth(3).click()  # the user picks a matrix
    settle(page)
    first = hook.input_value()
    d_k = load_bundle("en-zh").config.d_k
    assert first.endswith(f"(4, 4, {d_k})"), first  # h × 4 tokens × d_k
    sentence_box(page).fill("I have two cats and a dog")
    sentence_box(page).press("Enter")
    page.wait_for_function("s => new URLSearchParams(location.search).get('s') === s", arg="I have two cats and a dog")
    settle(page)
    now = hook.input_value()
    assert now == first.replace(f"(4, 4, {d_k})", f"(4, 7, {d_k})"), (first, now)  # the pick kept, its new shape
    assert_whole(page)


def test_the_overview_opened_by_name_is_the_overview(page, app_url):
    """The default page lives at "/": a link to /overview (the page's name) must not say "Page not found"."""
    for _ in range(2):  # the first visit of a fresh server is served differently (legacy pages mode)
        open_app(page, f"{app_url}/overview?s=I+have+a+cat")
        page.wait_for_timeout(1000)
        assert page.get_by_text("Page not found").count() == 0
        assert urllib.parse.urlparse(page.url).path == "/", page.url
        assert_whole(page)


def test_clearing_and_retyping_at_full_speed_shows_no_connection_error(page, app_url):
    """Select-all, delete and retype a long sentence without a pause, fifteen times, on Export (its reruns send the
    largest messages): no "Cached ForwardMsg MISS" dialog (Streamlit's message cache is off, .streamlit/config.toml)
    and the page ends on the last sentence."""
    page.goto(f"{app_url}/export?s=a")  # Export draws no charts: wait for the script only
    settle(page)
    box = sentence_box(page)
    text = "the children see two big dogs in the park every day"
    for _ in range(15):
        box.click()
        box.press("Control+A")
        box.press("Backspace")
        box.type(text, delay=0)
    box.press("Enter")
    page.wait_for_function("s => new URLSearchParams(location.search).get('s') === s", arg=text, timeout=30_000)
    settle(page)
    assert page.get_by_text("ForwardMsg").count() == 0
    assert page.get_by_text("Connection error").count() == 0
    assert_whole(page)
