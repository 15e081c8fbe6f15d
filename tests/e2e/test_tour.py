"""The guided tour in Chromium: → / ← move between steps (also in presenter view), every formula renders."""
import urllib.parse

import pytest

from benchmarks.harness import IDLE
from lesson import catalogue
from lesson.tour import STEPS
from model.checkpoint import load_bundle
from tests.e2e.helpers import CHARTS_JS, open_app, sentence_box, until

pytestmark = pytest.mark.e2e
NASTY = r"a $x_1^2 {y} % # & ~ \ <b>"


def tour_url(base: str, **params) -> str:
    """The tour's URL with query parameters."""
    return f"{base}/tour?" + urllib.parse.urlencode(params)


def title(n: int) -> str:
    """The English title of step n."""
    return catalogue.lookup(f"tour.{STEPS[n].key}.title", "en")


def press(page, key: str) -> None:
    """Press a key with the focus on the page body (not in the sentence box)."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press(key)


def wait_step(page, n: int) -> None:
    """Wait until step n is shown: its title, its figure and the URL."""
    page.locator("h1", has_text=title(n)).wait_for(timeout=30_000)
    page.wait_for_selector(IDLE, timeout=30_000)
    figure = catalogue.lookup(f"tour.fig.{STEPS[n].key}", "en", head=0, layer=load_bundle("en-zh").config.N - 1, n=1)
    until(page, "t => (" + CHARTS_JS + ")().some(c => c.title === t)", figure)
    query = urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)
    assert query.get("tour", ["0"]) == [str(n)], page.url


def test_arrow_keys_move_to_the_next_and_previous_step(page, app_url):
    open_app(page, tour_url(app_url, s="I have a cat"))
    wait_step(page, 0)
    press(page, "ArrowRight")
    wait_step(page, 1)
    assert page.locator("h1", has_text=title(0)).count() == 0
    press(page, "ArrowLeft")
    wait_step(page, 0)
    assert not page.errors, page.errors


def test_arrow_keys_in_the_sentence_box_do_not_move(page, app_url):
    open_app(page, tour_url(app_url, s="I have a cat", tour=3))
    wait_step(page, 3)
    box = sentence_box(page)
    box.click()
    box.press("ArrowLeft")
    box.press("ArrowRight")
    page.wait_for_timeout(1500)
    page.wait_for_selector(IDLE, timeout=30_000)
    wait_step(page, 3)


def test_presenter_view_hides_the_sidebar_and_arrows_still_work(page, app_url):
    open_app(page, tour_url(app_url, s="I have a cat", presenter=True))
    wait_step(page, 0)
    assert not page.get_by_test_id("stSidebar").is_visible()
    press(page, "ArrowRight")
    wait_step(page, 1)
    press(page, "ArrowRight")
    wait_step(page, 2)
    press(page, "ArrowLeft")
    wait_step(page, 1)
    assert "presenter=True" in page.url
    assert not page.errors, page.errors


def test_every_formula_renders_even_for_special_characters(page, app_url):
    open_app(page, tour_url(app_url, s=NASTY))
    for n in range(len(STEPS)):
        wait_step(page, n)
        page.locator(".katex").first.wait_for(timeout=30_000)
        assert page.locator(".katex-error").count() == 0, STEPS[n].key
        if n < len(STEPS) - 1:
            press(page, "ArrowRight")
    assert page.get_by_role("button", name=catalogue.lookup("tour.next", "en")).is_disabled()
    assert not page.errors, page.errors


FIT_JS = """() => { const box = document.querySelector('.st-key-tour-text');
  const sizes = Array.from(box.querySelectorAll('p')).map(p => parseFloat(getComputedStyle(p).fontSize));
  return {bottom: box.getBoundingClientRect().bottom + window.scrollY, smallest: Math.min(...sizes)}; }"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_training_and_trust_chapters_fit_the_projector_with_their_figures(browser, app_url, lang, tmp_path):
    """Presenter view at 1280×720 with the chapters on: each step of "trained and scored" and "trust" shows its title,
    draws its figure and ends its text on the screen in 18 px type or more (a screenshot of each is kept)."""
    from lesson.tour import TRAINING, TRUST, WITH_CHAPTER

    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    sentence, failures = "The animal didn't cross the street because it was too tired", []
    for step in TRAINING + TRUST:
        n = WITH_CHAPTER.index(step)
        open_app(page, tour_url(app_url, s=sentence, presenter=1, more=1, lang=lang, tour=n))
        page.locator("h1", has_text=catalogue.lookup(f"tour.{step.key}.title", lang)).wait_for(timeout=60_000)
        page.wait_for_selector(IDLE, timeout=60_000)
        until(page, "() => (" + CHARTS_JS + ")().length > 0")
        page.wait_for_timeout(800)  # the text is fitted a moment after the step is drawn
        seen = page.evaluate(FIT_JS)
        page.screenshot(path=str(tmp_path / f"{lang}-{n:02d}-{step.key}.png"))
        if seen["bottom"] > 720 or seen["smallest"] < 18:
            failures.append(f"{step.key}: text ends at {seen['bottom']:.0f} px, {seen['smallest']} px type")
    assert not failures, failures
    assert not page.errors, page.errors
    context.close()
