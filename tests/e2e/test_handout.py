"""The HTML handout opened from a file:// URL in Chromium: every chart draws, offline, without errors or script."""
import pytest

from lesson.handout import build_handout, render_handout
from model.checkpoint import load_bundle
from model.trace import run_with_trace
from viz.heatmap import matrix_heatmap
from viz.plotly import to_plotly

pytestmark = pytest.mark.e2e
EVIL = "<script>alert(1)</script><img src=x onerror=alert(1)>"
DRAWN = "() => Array.from(document.querySelectorAll('.js-plotly-plot'), gd => !!gd._fullLayout)"
# per formula: typeset by KaTeX, without a parse error, and its height in px
TYPESET = """() => Array.from(document.querySelectorAll('.formula .tex'), (t) => [!!t.querySelector('.katex-html'),
  !!t.querySelector('.katex-error'), t.querySelector('.katex-display')?.getBoundingClientRect().height ?? 0])"""


def open_offline(page, path):
    """Open a local file, recording every URL the page requests; returns that list."""
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return requests


def assert_offline_and_drawn(page, requests, n_sections: int) -> None:
    """Every section's chart drew, nothing came from a network, nothing failed."""
    page.wait_for_function(f"() => document.querySelectorAll('.js-plotly-plot').length === {n_sections}",
                           timeout=30_000)
    assert page.evaluate(DRAWN) == [True] * n_sections
    assert page.locator("section").count() == n_sections
    assert requests and all(url.startswith(("file:", "data:")) for url in requests), requests
    assert not page.errors, page.errors
    assert not page.dialogs, page.dialogs


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_handout_of_i_have_a_cat_draws_every_chart_offline(page, tmp_path, lang):
    from lesson.tour import WITH_CHAPTER as steps  # the tour and its chapter After 2017

    bundle = load_bundle("en-zh")
    path = tmp_path / f"handout-{lang}.html"
    path.write_text(build_handout(run_with_trace(bundle, "I have a cat"), lang, bundle.align_weight), encoding="utf-8")
    requests = open_offline(page, path)
    assert_offline_and_drawn(page, requests, len(steps))
    assert page.locator("h1").inner_text() == "I have a cat → 我有一只猫"


def test_handout_typesets_every_formula_and_marks_the_copied_name_offline(page, tmp_path):
    """"My name is Anna." → 我叫Anna。: Anna is marked in the sentence as unknown and in the translation as a copy (with
    where it comes from), as the app's chips mark them; every step's formula is typeset by KaTeX from the file."""
    from lesson.tour import WITH_CHAPTER as steps

    bundle = load_bundle("en-zh")
    trace = run_with_trace(bundle, "My name is Anna.")
    assert trace.decoded.copied_from.count(3) == 1, "the shipped model copies Anna"
    path = tmp_path / "anna.html"
    path.write_text(build_handout(trace, "en", bundle.align_weight), encoding="utf-8")
    requests = open_offline(page, path)
    assert_offline_and_drawn(page, requests, len(steps))
    heading = page.locator("h1")
    assert heading.inner_text() == "My name is Anna. → 我叫Anna。"
    assert heading.locator(".copy").inner_text() == "Anna" and heading.locator(".unk").inner_text() == "Anna"
    assert "position 3" in heading.locator(".copy").get_attribute("title")
    formulas = page.evaluate(TYPESET)
    assert len(formulas) == len(steps) and all(html and not error and h > 20 for html, error, h in formulas), formulas
    fonts = page.evaluate("() => document.fonts.check('20px KaTeX_Main')")
    assert fonts, "KaTeX's own font, from the file"


def test_hostile_text_in_a_handout_stays_text(page, tmp_path):
    figure = to_plotly(matrix_heatmap([[1.0, 0.0], [0.5, 0.5]], [EVIL, "b"], ["a", "</script>"], kind="prob",
                                      title=EVIL))
    sections = [(EVIL, EVIL, r"\text{" + EVIL + "}", figure.to_json())] * 2
    path = tmp_path / "hostile.html"
    path.write_text(render_handout(EVIL, EVIL, sections, "en"), encoding="utf-8")
    requests = open_offline(page, path)
    assert_offline_and_drawn(page, requests, 2)
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator("h2").first.inner_text() == f"1 · {EVIL}"
    assert EVIL in page.locator(".formula .tex").first.inner_text().replace("\xa0", " ")  # typeset as text


def test_charts_fit_the_paper_when_printed_and_refill_the_window_after(page, tmp_path):
    figure = to_plotly(matrix_heatmap([[1.0, 0.0], [0.5, 0.5]], ["a", "b"], ["a", "b"], kind="prob", title="weights"))
    path = tmp_path / "print.html"
    path.write_text(render_handout("print", "", [("step", "text", "x", figure.to_json())] * 2, "en"), encoding="utf-8")
    assert_offline_and_drawn(page, open_offline(page, path), 2)
    widths = "() => Array.from(document.querySelectorAll('.js-plotly-plot'), gd => gd._fullLayout.width)"
    screen = page.evaluate(widths)
    assert min(screen) > 680
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    assert page.evaluate(widths) == [680, 680]
    page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
    assert page.evaluate(widths) == screen
