"""A student's phone (390×844, no presenter view): the Overview's maps come right after the sentence, before the
architecture diagram, and Self-attention's formula fits its box."""
import urllib.parse

import pytest

from tests.e2e.helpers import context_page, open_app, until

pytestmark = pytest.mark.e2e
PHONE = (390, 844)
DEMO = "The animal didn't cross the street because it was too tired"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_overviews_maps_come_before_the_diagram_on_a_phone(browser, app_url, lang):
    page = context_page(browser, *PHONE)  # the first map started 2,369 px down, under the diagram and the links
    open_app(page, f"{app_url}/?" + urllib.parse.urlencode({"s": DEMO, "lang": lang}))
    until(page, "() => !!document.querySelector('.st-key-ov-maps [data-al-chart] canvas') && !!document.querySelector("
                "'.al-chip') && !!document.querySelector('[data-testid=\"stGraphVizChart\"]')", timeout=60_000)
    seen = page.evaluate("""() => ({
      map: document.querySelector('.st-key-ov-maps [data-al-chart]').getBoundingClientRect().top,
      chips: document.querySelector('.al-chip').getBoundingClientRect().bottom,  // the sentence's tokens
      diagram: document.querySelector('[data-testid="stGraphVizChart"]').getBoundingClientRect().top})""")
    assert seen["chips"] < seen["map"] < seen["diagram"], seen
    assert seen["map"] < 1.25 * PHONE[1], seen  # the first screen's foot, right under the page's title
    assert not page.errors, page.errors
    page.context.close()


def test_self_attentions_formula_fits_a_phones_width(browser, app_url):
    page = context_page(browser, *PHONE)
    open_app(page, f"{app_url}/self_attention?s=I+have+a+cat")
    page.locator(".katex-display").first.wait_for(timeout=60_000)
    js = "() => Array.from(document.querySelectorAll('.katex-display'), e => [e.scrollWidth, e.clientWidth])"
    try:  # the page's CSS (the phone's formula size) is an element of the same run, possibly a frame later
        until(page, f"() => ({js})().every(([scroll, box]) => scroll <= box)", timeout=15_000)
    except Exception:
        pass  # the assertion says by how much
    widths = page.evaluate(js)
    assert widths and all(scroll <= box for scroll, box in widths), widths  # it was 397 px in a 358 px box
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("path", ["masks", "add_norm", "embeddings"])
def test_a_formula_wider_than_a_phone_scrolls_sideways_instead_of_being_cut(browser, app_url, path):
    page = context_page(browser, *PHONE)  # Masks' formula is 481 px, Add & Norm's 565, Embeddings' 368: box 358
    open_app(page, f"{app_url}/{path}?s=I+have+a+cat")
    page.locator(".katex-display").first.wait_for(timeout=60_000)
    boxes = page.evaluate("""() => Array.from(document.querySelectorAll('.katex-display'), e => ({
      wide: e.scrollWidth > e.clientWidth, scrolls: ['auto', 'scroll'].includes(getComputedStyle(e).overflowX),
      right: e.getBoundingClientRect().right}))""")
    assert any(box["wide"] for box in boxes), boxes  # else this page no longer needs the rule: test another
    assert all(box["scrolls"] for box in boxes if box["wide"]), boxes
    assert all(box["right"] <= PHONE[0] for box in boxes), boxes  # the box itself stays on the screen
    scrolled = page.evaluate("() => { const e = Array.from(document.querySelectorAll('.katex-display'))"
                             ".find(e => e.scrollWidth > e.clientWidth); e.scrollLeft = e.scrollWidth;"
                             " return e.scrollLeft + e.clientWidth >= e.scrollWidth - 1; }")
    assert scrolled  # a finger reaches the formula's right end
    assert not page.errors, page.errors
    page.context.close()
