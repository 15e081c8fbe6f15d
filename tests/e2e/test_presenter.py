"""Presenter view on a projector: the first screen of every page holds the sentence box (large), the token chips and
the page's main figure, whole, at 1280×720 and 1920×1080, in both languages."""
import urllib.parse

import pytest

from benchmarks.harness import IDLE
from tests.e2e.helpers import CHARTS_JS

PAGES = ["overview", "embeddings", "self_attention", "multi_head", "masks", "decoding", "add_norm", "paper",
         "bert_gpt", "playground", "lab_knockout", "lab_pairs", "lab_timeline", "after_2017", "kv_cache",
         "sliding_window", "positions"]
SCREENS = [(1280, 720), (1920, 1080)]
LINKS = {"en": {"s": "I have a cat"}, "zh": {"model": "zh-en", "s": "我有一只猫", "lang": "zh"}}
# training snapshots ship for en-zh only, and so do the RoPE and ALiBi variants: the pages say so instead
NO_FIGURE = {("lab_timeline", "zh"), ("positions", "zh")}

# the chips' and the stage's charts' boxes, in page pixels
FIRST_SCREEN_JS = """() => {
  const chips = document.querySelector('.al-chip');
  const stage = document.querySelector('.st-key-al-stage');
  const rect = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, height: r.height};
  };
  const drawn = document.querySelectorAll('.st-key-al-stage canvas, .st-key-al-stage .js-plotly-plot');
  return {chips: rect(chips), stage: rect(stage), charts: Array.from(drawn).map(rect)};
}"""


@pytest.mark.parametrize("lang", list(LINKS))
@pytest.mark.parametrize("width,height", SCREENS)
def test_the_first_screen_shows_box_chips_and_the_main_figure(browser, app_url, width, height, lang):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    failures = []
    for name in [p for p in PAGES if (p, lang) not in NO_FIGURE]:
        page.goto(f"{app_url}/{name}?presenter=1&" + urllib.parse.urlencode(LINKS[lang]))
        page.wait_for_selector(IDLE, timeout=60_000)
        page.wait_for_function("() => (" + CHARTS_JS + ")().length > 0", timeout=60_000)
        page.wait_for_timeout(300)
        page.wait_for_selector(IDLE, timeout=60_000)
        seen = page.evaluate(FIRST_SCREEN_JS)
        font = page.locator("input.al-sentence__input").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        if font < 30:  # the chips are ~40 px
            failures.append(f"{name}: sentence box text {font} px")
        if not seen["chips"] or seen["chips"]["bottom"] > height:
            failures.append(f"{name}: chips not on the first screen {seen['chips']}")
        charts = [c for c in seen["charts"] if c and c["height"] > 0]
        if not charts:
            failures.append(f"{name}: no main figure in the stage")
        elif charts[0]["top"] > height * 0.5 or charts[0]["bottom"] > height + 1:
            failures.append(f"{name}: main figure at {charts[0]} on a {height} px screen")
    context.close()
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("lang", list(LINKS))
def test_the_view_popover_stacks_its_controls_one_under_another(browser, app_url, lang):
    """Presenter view keeps the language, presenter, pinyin and special-token controls one click away: opened, they
    stand one under another, left-aligned and close together (a row of them wrapped with gaps of ~120 px)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/self_attention?presenter=1&" + urllib.parse.urlencode(LINKS[lang]))
    page.wait_for_selector(IDLE, timeout=60_000)
    page.locator('[data-testid="stPopover"] button').first.click()
    body = page.locator('[data-testid="stPopoverBody"]')
    body.locator('[data-testid="stCheckbox"]').last.wait_for()
    controls = body.locator('[data-testid="stButtonGroup"], [data-testid="stCheckbox"]')
    boxes = [el.bounding_box() for el in controls.all()]
    context.close()
    assert len(boxes) == 4, boxes  # the language switch and three toggles
    tops, lefts = [b["y"] for b in boxes], [b["x"] for b in boxes]
    assert tops == sorted(tops) and all(0 < b - a < 70 for a, b in zip(tops, tops[1:])), tops
    assert max(lefts) - min(lefts) < 5, lefts
