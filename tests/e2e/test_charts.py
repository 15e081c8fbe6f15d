"""The chart element in Chromium: grey masked cells, hover values, presenter enlargement, exports, translated tips."""
import urllib.parse

import numpy as np
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from lesson import catalogue
from tests.e2e.helpers import TITLE_LINES_JS, chart, open_app, wait_painted
from tests.e2e.test_readable import RECORD_JS
from viz import style

pytestmark = pytest.mark.e2e
SENTENCE = "I have a cat"
HOVER_TRIES = 5

CELL_JS = """([title, i, j]) => {
  const el = Array.from(document.querySelectorAll('[data-al-chart]')).find(e => e.__alChart.title === title);
  el.scrollIntoView({block: 'center'});
  const canvas = el.querySelector('canvas'), r = canvas.getBoundingClientRect(), [R, C] = el.__al.spec.values.shape;
  const b = el.__al.box, x = b.left + (j + 0.5) * b.cw, y = b.top + (i + 0.5) * b.ch, k = canvas.width / r.width;
  const px = canvas.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data;
  return {rgb: [px[0], px[1], px[2]], x: r.left + x, y: r.top + y, rows: R, cols: C};
}"""


def url(base: str, page: str, **params) -> str:
    """A page URL with query parameters."""
    return f"{base}/{page}?" + urllib.parse.urlencode(params)


def grey_rgb() -> list[int]:
    """The mask grey of viz.style as [r, g, b]."""
    return [int(style.MASK_GREY[i:i + 2], 16) for i in (1, 3, 5)]


def hover(page, js: str, arg) -> tuple[dict, str]:
    """Move the pointer to the point `js` (given `arg`) finds and return it with the tip it shows; the point is found
    again and the move repeated while no tip shows (a chart repainted between finding the point and the move)."""
    tip = page.locator("[data-al-chart] .al-tip:visible")
    for _ in range(HOVER_TRIES):
        point = page.evaluate(js, arg)
        page.mouse.move(point["x"], point["y"])
        try:
            return point, tip.text_content(timeout=2_000)
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"no tip after {HOVER_TRIES} moves to {point}")


def test_masked_cells_are_grey_and_hover_says_minus_infinity(page, app_url):
    open_app(page, url(app_url, "self_attention", s=SENTENCE, side="decoder"))
    wait_painted(page, SENTENCE)
    title = "Masked scores"
    masked, text = hover(page, CELL_JS, [title, 0, 1])  # row 0 sees only itself: column 1 is masked
    assert masked["rgb"] == grey_rgb() and text.endswith("= −∞ (masked)")
    visible, text = hover(page, CELL_JS, [title, 1, 0])
    assert visible["rgb"] != grey_rgb()
    shown = chart(page, title)["z"][1][0]
    value = float(text.rsplit("= ", 1)[1].replace("−", "-"))
    assert value == pytest.approx(shown, abs=5e-4)
    assert not page.errors, page.errors


def canvas_heights(page) -> dict[str, float]:
    """CSS height of every chart's canvas off presenter view's stage, by title."""
    return page.evaluate("() => Object.fromEntries(Array.from(document.querySelectorAll('[data-al-chart]'))"
                         ".filter(e => e.querySelector('canvas') && !e.closest('.st-key-al-stage'))"
                         ".map(e => [e.__alChart.title, e.querySelector('canvas').getBoundingClientRect().height]))")


ROWS_JS = """() => Array.from(document.querySelectorAll('.al-charts')).filter(b => b.children.length > 1)
  .map(b => [getComputedStyle(b).gridTemplateColumns.split(' ').length, !!b.closest('.st-key-al-stage'),
             Array.from(b.children, c => Math.round(c.getBoundingClientRect().left))])"""

STAGED_ROW_JS = ("() => Array.from(document.querySelectorAll('.st-key-al-stage .al-charts'))"
                 ".some(b => b.children.length > 1)")


def test_presenter_view_enlarges_every_canvas_and_stacks_a_rows_charts_but_the_stages(browser, app_url):
    """Presenter view draws charts ×1.45 and one per row, except the stage's: the page's main figure keeps its
    charts side by side and is fitted to the first screen (tests/e2e/test_presenter.py)."""
    heights = []
    for presenter in (False, True):
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        open_app(page, url(app_url, "self_attention", s=SENTENCE, presenter=presenter))
        wait_painted(page, SENTENCE)
        if presenter:  # the stage's row is laid out once the page's rerun has put the stage up
            page.wait_for_function(STAGED_ROW_JS, timeout=30_000)
        heights.append(canvas_heights(page))
        boxes = page.evaluate(ROWS_JS)
        assert presenter or any(columns > 1 for columns, _, _ in boxes), "some element holds a row of charts"
        assert presenter == any(staged for _, staged, _ in boxes), "the stage is presenter view's"
        for columns, staged, lefts in boxes:  # side by side: as many as the element's columns; else one per row
            assert len(set(lefts)) == (1 if presenter and not staged else min(columns, len(lefts))), boxes
            assert staged or not presenter or columns == 1, boxes
        context.close()
    normal, big = heights
    shared = [t for t in big if t in normal]
    only_normal = {catalogue.lookup("sa.fig_masked", "en"), catalogue.lookup("sa.fig_softmax", "en")}
    assert len(shared) >= 4 and set(normal) - set(big) == only_normal
    np.testing.assert_allclose([big[t] for t in shared], [normal[t] * 1.45 for t in shared], rtol=0.01)


def test_download_tips_and_grid_svg_follow_the_language(page, app_url):
    open_app(page, url(app_url, "multi_head", s=SENTENCE, lang="zh"))
    wait_painted(page, SENTENCE)
    element = page.locator("[data-al-chart]").first
    element.hover()
    button = element.get_by_role("button", name="SVG")
    assert button.get_attribute("title") == catalogue.lookup("viz.download", "zh", format="SVG")
    with page.expect_download() as download:
        button.click()
    svg = open(download.value.path(), encoding="utf-8").read()
    n_cells = 2 * 4 * 4 * 4  # layers × heads × queries × keys
    assert svg.startswith("<svg") and svg.count("<rect") >= n_cells
    assert f">{catalogue.lookup('label.layer', 'zh', i=0)} · {catalogue.lookup('label.head', 'zh', i=0)}</text>" in svg
    assert not page.errors, page.errors


TIP_JS = """([title, i]) => {
  const el = Array.from(document.querySelectorAll('[data-al-chart]')).find(e => e.__alChart.title === title);
  el.scrollIntoView({block: 'center'});
  const r = el.querySelector('canvas').getBoundingClientRect(), b = el.__al.box, p = el.__al.spec.points;
  const at = (v) => (v + b.reach) / (2 * b.reach) * b.side;  // x from the plot's left, y from its bottom
  const along = (v) => at(v) * 0.9 + at(0) * 0.1;  // nine tenths of the way along the shaft
  return {x: r.left + b.left + along(p[2 * i]), y: r.top + b.top + b.side - along(p[2 * i + 1])};
}"""


def test_rope_arrows_are_drawn_on_canvas_with_numpys_turned_pairs(page, app_url):
    """RoPE's q pair 0 of encoder layer 0, head 0: each arrow's tip is the word's raw pair turned by position × 1 rad
    (θ₀ = 10000⁰), computed here from the model's unturned q; hovering an arrow's shaft names its word."""
    from model.checkpoint import VARIANT_DIR, load_bundle
    from model.trace import run_with_trace

    words = "the cat sees the dog"
    open_app(page, url(app_url, "positions", s=words))
    wait_painted(page, words)
    title = "q, pair 0, turned by position"
    shown = chart(page, title)
    assert shown["renderer"] == "canvas"
    raw = run_with_trace(load_bundle("en-zh-rope", VARIANT_DIR), words).arrays["encoder.0.self_attn.hook_q"][0]
    turned = (raw[:, 0] + 1j * raw[:, 1]).astype(np.complex128) * np.exp(1j * np.arange(len(raw)))  # (S,)
    np.testing.assert_allclose(np.array(shown["z"]), np.stack([turned.real, turned.imag], 1), atol=1e-4)
    assert shown["x"] == [f"{p}:{w}" for p, w in enumerate(words.split())]
    _, text = hover(page, TIP_JS, [title, 2])
    name, values = text.replace("−", "-").split(None, 1)
    assert name == "2:sees"
    tip_values = [float(v) for v in values.strip("()").split(",")]
    assert tip_values == pytest.approx([turned[2].real, turned[2].imag], abs=0.006)
    assert not page.errors, page.errors


CURVE_POINT_JS = """([title, line, i]) => {
  const el = Array.from(document.querySelectorAll('[data-al-chart]')).find(e => e.__alChart.title === title);
  el.scrollIntoView({block: 'center'});
  const r = el.querySelector('canvas').getBoundingClientRect(), b = el.__al.box, l = el.__al.spec.lines[line];
  return {x: r.left + b.left + b.x.at(l.x[i]) * b.plotW, y: r.top + b.top + (1 - b.y.at(l.y[i])) * b.plotH, n: l.x[i]};
}"""

LAST_OUTPUT_JS = """(title) => {
  const el = Array.from(document.querySelectorAll('[data-al-chart]')).find(e => e.__alChart.title === title);
  el.scrollIntoView({block: 'center'});
  const r = el.querySelector('canvas').getBoundingClientRect(), b = el.__al.box, j = el.__al.spec.tokens.length - 1;
  return {x: r.left + b.columns[1][1], y: r.top + b.top + (j + 0.5) * b.rowH, hover: el.__al.spec.panels[1].hover[j]};
}"""


def test_curves_and_wirings_are_drawn_on_canvas_and_plotly_js_is_never_fetched(page, app_url):
    """The paper page's cost curves and its recurrent layer beside self-attention: canvas charts like the others
    (plotly.js is not fetched); hovering a curve's point writes its series, n and value, hovering self-attention's
    last output writes its path length from x₁ (one link)."""
    open_app(page, url(app_url, "paper", s=SENTENCE))
    wait_painted(page, SENTENCE)
    kinds = page.evaluate("() => Array.from(document.querySelectorAll('[data-al-chart]'), "
                          "e => [e.__al.spec.kind, e.__alChart.renderer])")
    assert {"curves", "wirings"} <= {kind for kind, _ in kinds} and {r for _, r in kinds} == {"canvas"}
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map(r => r.name)")
    assert not [name for name in fetched if "plotly" in name]

    title = catalogue.lookup("paper.fig_memory", "en")
    point, text = hover(page, CURVE_POINT_JS, [title, 0, 2])
    series, where = text.split("\n")
    n, value = where.split(": ")
    assert series == catalogue.lookup("paper.trace_scores", "en") and n == str(int(point["n"]))
    heads = 4  # the shipped models' h: the score matrix holds h·n² float32
    assert float(value) == pytest.approx(heads * point["n"] ** 2 * 4 / 2**20, abs=5e-4)

    node, text = hover(page, LAST_OUTPUT_JS, catalogue.lookup("paper.fig_paths", "en"))
    assert text == node["hover"] and node["hover"].endswith("path length 1")
    assert not page.errors, page.errors


ELEMENT_TITLES_JS = """() => Array.from(document.querySelectorAll('.al-charts'), (box) =>
  Array.from(box.querySelectorAll(':scope > [data-al-chart]')).filter((slot) => slot.__al.spec?.title)
    .map((slot) => (""" + TITLE_LINES_JS + """)(slot.__al.spec.title, slot.querySelector('canvas').__texts || [])))
  .filter((titles) => titles.length > 1)"""


@pytest.mark.parametrize(("page_name", "lang"), [("add_norm", "en"), ("decoding", "zh"), ("trust", "en")])
def test_the_charts_of_an_element_side_by_side_have_their_titles_at_one_size(browser, app_url, page_name, lang):
    """Off the stage too, an element's charts side by side title themselves at one size (Add & Norm's "Before
    LayerNorm…" was drawn smaller than "After LayerNorm…" beside it), never broken inside a word."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.add_init_script(RECORD_JS)
    page = context.new_page()
    open_app(page, url(app_url, page_name, s=SENTENCE, lang=lang))
    wait_painted(page, SENTENCE)
    elements = page.evaluate(ELEMENT_TITLES_JS)
    assert elements, "no element with two titled charts"
    for titles in elements:
        assert all(t["sizes"] for t in titles), titles
        assert len({round(size, 1) for t in titles for size in t["sizes"]}) == 1, titles
        assert not [t["inside"] for t in titles if t["inside"]], titles
    context.close()
