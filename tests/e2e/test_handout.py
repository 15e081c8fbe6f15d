"""The HTML handout opened from a file:// URL in Chromium: every chart drawn by the app's chart modules, offline,
without errors or script; printed at the size it is drawn."""
from functools import partial
from pathlib import Path

import numpy as np
import pytest

from lesson.catalogue import lookup
from lesson.handout import build_handout, chart_payload, render_handout
from model.checkpoint import load_bundle
from model.trace import run_with_trace
from viz.heatmap import matrix_heatmap

pytestmark = pytest.mark.e2e
EVIL = "<script>alert(1)</script><img src=x onerror=alert(1)>"
# per section: the title its chart element published once drawn (ui/static/instrument.js), and how many of its
# canvas's pixels are not white
DRAWN = """() => Array.from(document.querySelectorAll('section'), (s) => {
  const slot = s.querySelector('.chart [data-al-chart][data-al-sentence]'), canvas = slot?.querySelector('canvas');
  if (!canvas) return [null, 0];
  const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let ink = 0;
  for (let i = 0; i < px.length; i += 4) ink += px[i] + px[i + 1] + px[i + 2] < 750;
  return [slot.__alChart.title, ink];
})"""
# per formula: typeset by KaTeX, without a parse error, and its height in px
TYPESET = """() => Array.from(document.querySelectorAll('.formula .tex'), (t) => [!!t.querySelector('.katex-html'),
  !!t.querySelector('.katex-error'), t.querySelector('.katex-display')?.getBoundingClientRect().height ?? 0])"""
WIDTHS = "() => Array.from(document.querySelectorAll('.chart canvas'), (c) => [c.clientWidth, c.width])"


def open_offline(page, path):
    """Open a local file, recording every URL the page requests; returns that list."""
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return requests


def assert_offline_and_drawn(page, requests, titles: list[str]) -> None:
    """Every section's chart drew its title and its cells, nothing came from a network, nothing failed."""
    page.wait_for_function(f"() => document.querySelectorAll('.chart [data-al-sentence]').length === {len(titles)}",
                           timeout=30_000)
    drawn = page.evaluate(DRAWN)
    assert [title for title, _ in drawn] == titles
    assert all(ink > 500 for _, ink in drawn), drawn
    assert requests and all(url.startswith(("file:", "data:")) for url in requests), requests
    assert not page.errors, page.errors
    assert not page.dialogs, page.dialogs


def figure(title: str, labels: list[str]) -> bytes:
    """The payload of a small heatmap titled `title`."""
    spec = matrix_heatmap(np.array([[1.0, 0.0], [0.5, 0.5]]), labels, labels[::-1], kind="prob", title=title)
    return chart_payload(spec, "weights", "a b", "en")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_handout_of_i_have_a_cat_draws_every_chart_offline(page, tmp_path, lang):
    from lesson.tour import WITH_CHAPTER as steps  # the tour and its chapters (trained and scored, trust, After 2017)

    bundle = load_bundle("en-zh")
    trace = run_with_trace(bundle, "I have a cat")
    path = tmp_path / f"handout-{lang}.html"
    path.write_text(build_handout(trace, lang, bundle.align_weight), encoding="utf-8")
    requests = open_offline(page, path)
    titles = [step.figure(trace, partial(lookup, language=lang)).title for step in steps]
    assert_offline_and_drawn(page, requests, titles)
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
    en = partial(lookup, language="en")
    assert_offline_and_drawn(page, requests, [step.figure(trace, en).title for step in steps])
    heading = page.locator("h1")
    assert heading.inner_text() == "My name is Anna. → 我叫Anna。"
    assert heading.locator(".copy").inner_text() == "Anna" and heading.locator(".unk").inner_text() == "Anna"
    assert "position 3" in heading.locator(".copy").get_attribute("title")
    formulas = page.evaluate(TYPESET)
    assert len(formulas) == len(steps) and all(html and not error and h > 20 for html, error, h in formulas), formulas
    fonts = page.evaluate("() => document.fonts.check('20px KaTeX_Main')")
    assert fonts, "KaTeX's own font, from the file"


def test_hostile_text_in_a_handout_stays_text(page, tmp_path):
    sections = [(EVIL, EVIL, r"\text{" + EVIL + "}", figure(EVIL, [EVIL, "</script>"]))] * 2
    path = tmp_path / "hostile.html"
    path.write_text(render_handout(EVIL, EVIL, sections, "en"), encoding="utf-8")
    requests = open_offline(page, path)
    assert_offline_and_drawn(page, requests, [EVIL, EVIL])
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator("h2").first.inner_text() == f"1 · {EVIL}"
    assert EVIL in page.locator(".formula .tex").first.inner_text().replace("\xa0", " ")  # typeset as text


def test_charts_are_drawn_at_the_papers_width_and_print_as_vector_drawings(page, tmp_path):
    path = tmp_path / "print.html"
    sections = [("step", "text", "x", figure("weights", ["a", "b"])), ("step", "text", "x", figure(EVIL, [EVIL, "b"]))]
    path.write_text(render_handout("print", "", sections, "en"), encoding="utf-8")
    assert_offline_and_drawn(page, open_offline(page, path), ["weights", EVIL])
    screen = page.evaluate(WIDTHS)
    assert [css for css, _ in screen] == [680, 680], "A4 or Letter less the margins, in a 1400 px window"
    page.evaluate("() => [1, 2].forEach(() => window.dispatchEvent(new Event('beforeprint')))")  # printed twice
    page.emulate_media(media="print")
    papers = page.locator(".chart .al-paper svg")
    assert papers.count() == 2 and all(papers.nth(i).is_visible() for i in range(2))
    assert [papers.nth(i).get_attribute("width") for i in range(2)] == ["680", "680"]
    assert papers.first.locator("text", has_text="weights").count() == 1, "the chart's own title, as text"
    assert papers.last.locator("text", has_text=EVIL).count() == 3, "title, a query's and a key's label, as text"
    assert page.locator('img[src="x"]').count() == 0
    assert not page.locator(".chart canvas").first.is_visible(), "paper shows the vector drawing, not the canvas"
    assert not page.locator(".al-toolbar").first.is_visible(), "no download buttons on paper"
    assert page.pdf(format="A4").startswith(b"%PDF-")  # Chromium's own beforeprint and afterprint
    page.emulate_media(media="screen")
    assert page.locator(".al-paper").count() == 0 and page.evaluate(WIDTHS) == screen
    assert page.locator(".chart canvas").first.is_visible()
    assert not page.errors, page.errors


def test_each_charts_downloads_work_offline_and_its_svg_carries_the_handouts_font(page, tmp_path):
    path = tmp_path / "downloads.html"
    path.write_text(render_handout("downloads", "", [("step", "text", "x", figure("weights", ["猫", "b"]))], "en"),
                    encoding="utf-8")
    assert_offline_and_drawn(page, open_offline(page, path), ["weights"])
    slot = page.locator(".chart [data-al-chart]")
    slot.hover()
    files = {}
    for button in ("PNG", "SVG", "CSV"):
        with page.expect_download() as download:
            slot.locator(f"button[data-format={button}]").click()
        files[download.value.suggested_filename] = Path(download.value.path()).read_bytes()
    assert set(files) == {"weights.png", "weights.svg", "weights.csv"}
    assert files["weights.png"].startswith(b"\x89PNG")
    svg = files["weights.svg"].decode("utf-8")
    assert svg.count("@font-face") == 1 and 'font-family: "Attention Lab Sans"' in svg, svg[:300]
    assert 'url("data:font/woff2;base64,' in svg and ">猫</text>" in svg, "the Chinese label with its font"
    assert files["weights.csv"].decode("utf-8").splitlines()[1].startswith("猫,")
    assert not page.errors, page.errors
