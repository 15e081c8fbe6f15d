"""Presenter view on a projector: for every page and every step of the guided tour (the chapter After 2017 too), at
1280×720 and 1920×1080, in English and 中文, for the sentences lecturers type (13 tokens in both languages, 16 Chinese
characters, an unknown word), the first screen holds the sentence box, one row of token chips and the page's main
figure whole: its box, every text it draws (axis labels, colour bar, titles) inside the viewport and inside its own
canvas. Every text on the page is at least 18 px, nothing is cut (the model's name, "Go deeper" links, formulas, the
notice), the notice is one line, the Playground's three W editors are wide enough to use and the page keys are told.

One browser page per walk (a sentence in a language) walks the app as a lecturer does, with → (the tour's steps,
then every page); each state is measured at one size, the window resized (the stage fits again, no rerun) and
measured at the other."""
import urllib.parse

import pytest

from benchmarks.harness import IDLE
from lesson import catalogue
from lesson.tour import WITH_CHAPTER
from model.snapshots import snapshots
from tests.e2e.helpers import CHARTS_JS, ELEMENTS_DRAWN_JS, TITLE_LINES_JS, until
from tests.e2e.test_readable import RECORD_JS, collisions
from ui.registry import PATHS

pytestmark = pytest.mark.e2e
SCREENS = [(1280, 720), (1920, 1080)]
LEAST = 18  # px: every text in presenter view (docs/pages.md)
SENTENCES = {
    "long": ("en-zh", "The animal didn't cross the street because it was too tired."),  # 13 tokens
    "chinese": ("zh-en", "那只动物没有过马路因为它太累了。"),  # 16 characters
    "unknown": ("en-zh", "My name is Tom."),  # "Tom" is unknown to the shipped models, copied into the translation
}
TOUR_STEPS = len(WITH_CHAPTER)  # the tour's 17 steps and its chapters' 18 (Before 2017 … From words to patches)
WITHOUT_FIGURE = {"notes"}  # panels and tables


CANVAS_FIGURE = "patches"  # its main figure is the drawing canvas (checked on the first screen by check())


def without_figure(page: str, model: str) -> bool:
    """Pages that draw no main chart on the stage for this model: the RoPE/ALiBi variants and the recurrent models
    of Before 2017 are en→zh only, and the training snapshots ship for some models only (the page says so instead);
    From words to patches' figure is its drawing canvas."""
    if page in WITHOUT_FIGURE | {CANVAS_FIGURE} or (page in ("positions", "before_2017") and model != "en-zh"):
        return True
    return page == "lab_timeline" and not snapshots(model)


# Everything measured on the page as it stands (args: the least text size in px).
MEASURE_JS = r"""(least) => {
  const W = innerWidth, H = innerHeight, out = {charts: 0, outside: [], small: [], cut: [], overlaps: [], titles: []};
  const titleLines = """ + TITLE_LINES_JS + r""";
  const inside = (x0, y0, x1, y1, r) => x0 >= r.left - 1 && y0 >= r.top - 1 && x1 <= r.right + 1 && y1 <= r.bottom + 1;
  const screen = {left: 0, top: 0, right: W, bottom: H};
  for (const slot of document.querySelectorAll('.st-key-al-stage [data-al-chart]')) {
    const canvas = slot.querySelector('canvas'), plot = slot.querySelector('.js-plotly-plot'), el = canvas || plot;
    const r = el && el.getBoundingClientRect();
    if (!r || !r.height) continue;
    out.charts++;
    const name = (slot.__al.spec && slot.__al.spec.title) || slot.__al.name;
    if (!inside(r.left, r.top, r.right, r.bottom, screen)) out.outside.push(`${name}: box ${Math.round(r.top)}–${Math.round(r.bottom)} px`);
    const texts = canvas ? (canvas.__texts || []).map((t) => ({text: t.text, corners: t.corners.map(([x, y]) => [x + r.left, y + r.top])}))
      : Array.from(plot.querySelectorAll('text')).filter((t) => t.textContent.trim()).map((t) => {
          const b = t.getBoundingClientRect(), e = b.height * 0.2; // an SVG text's box holds the font's whole line: its ink is inside
          return {text: t.textContent, corners: [[b.left, b.top + e], [b.right, b.bottom - e]]}; });
    for (const t of texts.filter((t) => t.text.trim())) {
      const xs = t.corners.map((c) => c[0]), ys = t.corners.map((c) => c[1]), box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
      if (!inside(...box, screen)) out.outside.push(`${name}: ${JSON.stringify(t.text)} at y ${Math.round(box[1])}–${Math.round(box[3])}`);
      else if (!inside(...box, r)) out.outside.push(`${name}: ${JSON.stringify(t.text)} cut by the chart's edge`);
    }
    if (canvas) out.overlaps.push([name, canvas.__texts || []]);
    if (canvas && slot.__al.spec?.title) out.titles.push(titleLines(slot.__al.spec.title, canvas.__texts || []));
  }
  const small = new Set(), note = (text, size, where) => {
    if (size < least - 0.05) small.add(`${where}: ${JSON.stringify(text.trim().slice(0, 30))} ${size.toFixed(1)} px`);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('script, style, noscript, .katex-mathml')) continue;
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const range = document.createRange(); range.selectNodeContents(n);
    const b = range.getBoundingClientRect();
    if (b.width < 1 || b.height < 1) continue;
    const m = el instanceof SVGElement && el.getScreenCTM(), scale = m ? Math.hypot(m.a, m.b) : 1; // a scaled diagram
    note(n.textContent, parseFloat(getComputedStyle(el).fontSize) * scale, el.closest('[data-testid]')?.dataset.testid || el.tagName);
  }
  for (const c of document.querySelectorAll('[data-al-chart] canvas')) {
    for (const t of c.__texts || []) note(t.text, t.size, `chart ${c.closest('[data-al-chart]').__al.spec?.title}`);
  }
  for (const b of document.querySelectorAll('.al-toolbar button')) note(b.textContent, parseFloat(getComputedStyle(b).fontSize), 'chart button');
  for (const i of document.querySelectorAll('.al-chip small')) note(i.textContent, parseFloat(getComputedStyle(i).fontSize), 'token index');
  out.small = Array.from(small);
  // cut text: a formula wider than its place, a link's title cut, the model's name wider than its box
  for (const el of document.querySelectorAll('.katex-display, [data-testid="stPageLink"] p, .al-notice')) {
    if (el.checkVisibility() && el.scrollWidth > el.clientWidth + 4) out.cut.push(`${el.textContent.slice(0, 40)}…: ${el.scrollWidth} > ${el.clientWidth} px`);
  }
  const box = document.querySelector('.st-key-w_model input'), ctx = document.createElement('canvas').getContext('2d');
  if (box) {
    const st = getComputedStyle(box); ctx.font = `${st.fontSize} ${st.fontFamily}`;
    const room = box.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
    if (ctx.measureText(box.value).width > room + 1) out.cut.push(`model box: ${box.value}`);
  }
  const chips = Array.from(document.querySelectorAll('.al-fit .al-chip'), (c) => c.getBoundingClientRect());
  out.chips = {rows: new Set(chips.map((r) => Math.round(r.top))).size, bottom: Math.max(0, ...chips.map((r) => r.bottom))};
  const notice = document.querySelector('.al-fit .al-notice');
  out.flagged = document.querySelectorAll('.al-fit .al-chip.unk, .al-fit .al-chip.unc').length;
  out.notice = notice && {lines: Math.round(notice.getBoundingClientRect().height / parseFloat(getComputedStyle(notice).lineHeight)), text: notice.textContent};
  out.editors = Array.from(document.querySelectorAll('[class*="st-key-pg_W_"]'), (e) => e.getBoundingClientRect().width);
  const keys = document.querySelector('.al-keys');
  out.keys = keys && keys.checkVisibility() ? keys.textContent : null;
  const hosts = Array.from(document.querySelectorAll('*')).filter((el) => el.shadowRoot); // isolated components
  const input = hosts.map((el) => el.shadowRoot.querySelector('input.al-sentence__input')).find(Boolean);
  out.box = input ? parseFloat(getComputedStyle(input).fontSize) : 0;
  return out;
}"""

# the script is idle, presenter view's header is on the page, the stage's charts have drawn, and every chart shows
# this sentence
READY_JS = """([sentence, figure]) => !!document.querySelector('""" + IDLE + """')
  && !!document.querySelector('.al-fit .al-chip') && !!document.querySelector('.al-keys') && (""" + ELEMENTS_DRAWN_JS + """)()
  && (!figure || document.querySelectorAll('.st-key-al-stage [data-al-chart] canvas, .st-key-al-stage .js-plotly-plot').length > 0)
  && (""" + CHARTS_JS + """)().every((c) => c.sentence === sentence)"""


def settle(page, sentence: str, figure: bool, where: str, loaded: bool = False) -> None:
    """Wait until the page's rerun has finished with its charts drawn for the sentence (`loaded`, a page just
    opened: and no other rerun follows within a moment, as a new session's first may)."""
    try:
        for _ in range(2 if loaded else 1):
            until(page, READY_JS, [sentence, figure], 60_000)
            frames(page)  # the rerun's last payloads are drawn in the next frame
            page.wait_for_timeout(300 if loaded else 0)
        until(page, READY_JS, [sentence, figure], 60_000)
    except Exception as err:
        shown = sorted({str(c["sentence"]) for c in page.evaluate(CHARTS_JS)})
        raise AssertionError(f"{where}: charts not drawn for {sentence!r} (they show {shown}), {page.url}") from err


def frames(page) -> None:
    """Two animation frames and a moment: what a rerun or a resize scheduled is drawn (Plotly's a little later)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_timeout(50)


def check(page, where: str, figure: bool) -> list[str]:
    """What is wrong on the first screen and in the page's texts, as messages naming `where`."""
    seen = page.evaluate(MEASURE_JS, LEAST)
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    at = f"{where} @ {width}×{height}"
    failures = [f"{at}: {x}" for x in seen["outside"] + seen["small"][:6] + seen["cut"]]
    if figure and not seen["charts"]:
        failures.append(f"{at}: no main figure on the stage")
    if where == CANVAS_FIGURE:
        box = page.locator(".st-key-ink_canvas .al-ink__canvas").bounding_box()
        if not box or box["height"] < 100 or box["y"] + box["height"] > height + 1:
            failures.append(f"{at}: the drawing canvas is not on the first screen ({box})")
    failures += [f"{at}: {name}: overlapping {pairs[:3]}" for name, texts in seen["overlaps"]
                 if (pairs := collisions(texts))]
    sizes = {round(size, 1) for t in seen["titles"] for size in t["sizes"]}
    if len(sizes) > 1:
        failures.append(f"{at}: the stage's titles at {len(sizes)} sizes {sorted(sizes)}: {[t['title'] for t in seen['titles']]}")
    failures += [f"{at}: a title broken inside a word: {t['inside']}" for t in seen["titles"] if t["inside"]]
    failures += [f"{at}: {t['title']!r} not drawn as one run of lines" for t in seen["titles"] if not t["sizes"]]
    if seen["chips"]["rows"] != 1 or seen["chips"]["bottom"] > height / 4:
        failures.append(f"{at}: token chips in {seen['chips']['rows']} rows down to {seen['chips']['bottom']:.0f} px")
    if seen["flagged"] and not seen["notice"]:
        failures.append(f"{at}: {seen['flagged']} chips marked, no notice names them")
    if seen["notice"] and seen["notice"]["lines"] > 1:
        failures.append(f"{at}: the notice takes {seen['notice']['lines']} lines")
    if seen["editors"] and min(seen["editors"]) < width / 4:
        failures.append(f"{at}: W_Q, W_K, W_V editors {seen['editors']} px wide")
    if not seen["keys"]:
        failures.append(f"{at}: no hint for the page keys")
    if seen["box"] < 30:
        failures.append(f"{at}: sentence box text {seen['box']} px")
    return failures


def press(page, key: str) -> None:
    """A key pressed on the page (not in the sentence box), as a clicker sends it."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press(key)


def walk(page, base: str, query: dict, sentence: str, model: str) -> list[str]:
    """Every tour step, then every page (→ moves), each measured at both screen sizes; the failures."""
    failures, sizes = [], SCREENS

    def measured(where: str, figure: bool, loaded: bool = False) -> None:
        nonlocal sizes
        settle(page, sentence, figure, where, loaded)
        failures.extend(check(page, where, figure))
        page.set_viewport_size(dict(zip(("width", "height"), sizes[1])))
        frames(page)  # the resize handler has fitted the stage again
        failures.extend(check(page, where, figure))
        sizes = sizes[::-1]  # the next state starts at this size

    page.goto(f"{base}/tour?" + urllib.parse.urlencode(query | {"more": 1}))
    for n in range(TOUR_STEPS):
        if n:
            press(page, "ArrowRight")
            until(page, "n => new URLSearchParams(location.search).get('tour') === n", str(n))
        measured(f"tour step {n + 1}", True, n == 0)
    for name in PATHS[PATHS.index("tour") + 1:]:
        opened = name == PATHS[PATHS.index("tour") + 1]
        if opened:
            page.goto(f"{base}/{name}?" + urllib.parse.urlencode(query))
        else:
            press(page, "ArrowRight")
            page.wait_for_url(f"**/{name}?**")
        measured(name, not without_figure(name, model), opened)
    page.goto(f"{base}/{PATHS[0]}?" + urllib.parse.urlencode(query))
    measured(PATHS[0], True, True)
    return failures


# the long sentence in both languages, the others in one each (every sentence, and two sentences per language); a
# sentence's walks one after the other, on one test worker (xdist_group): its app server's caches are warm
WALKS = [("long", "en"), ("long", "zh"), ("chinese", "en"), ("unknown", "zh")]


@pytest.mark.parametrize(("kind", "lang"), [pytest.param(kind, lang, marks=pytest.mark.xdist_group(f"presenter-{kind}"))
                                            for kind, lang in WALKS])
def test_every_page_and_tour_step_fits_the_first_screen_readably(browser, app_url, kind, lang):
    model, sentence = SENTENCES[kind]
    context = browser.new_context(viewport=dict(zip(("width", "height"), SCREENS[0])))
    context.add_init_script(RECORD_JS)
    page = context.new_page()
    query = {"s": sentence, "model": model, "lang": lang, "presenter": 1}
    failures = walk(page, app_url, query, sentence, model)
    context.close()
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures[:60])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_model_switch_keeps_the_sentence_and_the_model_box_shows_the_whole_name(browser, app_url, lang):
    """Post-Norm against Pre-Norm (and the unguided twin) on one sentence: the box keeps it, every chart shows it,
    and the projector shows which model is on, "(Pre-Norm)" included."""
    sentence = "The cat sat on the mat."
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(RECORD_JS)
    page = context.new_page()
    page.goto(f"{app_url}/self_attention?" + urllib.parse.urlencode({"s": sentence, "presenter": 1, "lang": lang}))
    settle(page, sentence, True, "self_attention", loaded=True)
    failures = []
    for model in ("en-zh-pre", "en-zh-unguided"):
        page.locator(".st-key-w_model").click()
        page.locator('[role="option"]', has_text=catalogue.lookup(f"model.{model}", lang)).first.click()
        until(page, "m => new URLSearchParams(location.search).get('model') === m", model)
        settle(page, sentence, True, model)
        seen = page.evaluate(MEASURE_JS, LEAST)
        failures += [f"{model}: {x}" for x in seen["cut"] + seen["outside"]]
        assert page.locator("input.al-sentence__input").input_value() == sentence, model
        assert urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)["s"] == [sentence]
    context.close()
    assert not failures, failures


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_view_popover_stacks_its_controls_one_under_another(browser, app_url, lang):
    """Presenter view keeps the language, presenter, pinyin and special-token controls one click away: opened, they
    stand one under another, left-aligned and close together (a row of them wrapped with gaps of ~120 px)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/self_attention?presenter=1&" + urllib.parse.urlencode(
        {"s": "I have a cat"} if lang == "en" else {"model": "zh-en", "s": "我有一只猫", "lang": "zh"}))
    page.wait_for_selector(IDLE, timeout=60_000)
    page.locator('[data-testid="stPopover"] button').first.click()
    body = page.locator('[data-testid="stPopoverBody"]')
    body.locator('[data-testid="stCheckbox"]').last.wait_for()
    controls = body.locator('[data-testid="stButtonGroup"], [data-testid="stCheckbox"]')
    boxes = None
    for _ in range(20):  # the popover opens with an animation: its boxes once they stop moving
        before, boxes = boxes, [el.bounding_box() for el in controls.all()]
        if boxes == before:
            break
        page.wait_for_timeout(150)
    context.close()
    assert len(boxes) == 4, boxes  # the language switch and three toggles
    tops, lefts = [b["y"] for b in boxes], [b["x"] for b in boxes]
    assert tops == sorted(tops) and all(0 < b - a < 70 for a, b in zip(tops, tops[1:])), tops
    assert max(lefts) - min(lefts) < 5, lefts

