"""The app in a real Chromium: typing, navigation, URL state, the playground, escaping, isolation."""

import pytest

from benchmarks.harness import IDLE as IDLE_SELECTOR
from lesson import catalogue
from model.checkpoint import trained_alike
from tests.app.conftest import MIN_CHARTS, PAGES
from tests.e2e.helpers import (
    chart,
    charts,
    open_app,
    retype,
    sentence_box,
    url_of,
    wait_charts,
    wait_painted,
    wait_rerun,
)

pytestmark = pytest.mark.e2e
SOFTMAX = "softmax → attention weights (rows sum to 1)"


def test_typing_updates_the_token_labels_in_the_charts(page, app_url):
    open_app(page, url_of(app_url, "self_attention", s="cat"))
    retype(page, "I have")
    wait_painted(page, "I have")
    assert chart(page, SOFTMAX)["y"] == ["i", "have"]
    sentence_box(page).press_sequentially(" a cat", delay=60)
    wait_painted(page, "I have a cat")
    assert chart(page, SOFTMAX)["y"] == ["i", "have", "a", "cat"]
    assert chart(page, "QKᵀ (raw scores)")["x"] == ["i", "have", "a", "cat"]
    assert sentence_box(page).input_value() == "I have a cat"
    assert not page.errors


def test_every_page_opens_from_the_navigation_and_draws_charts(page, app_url):
    open_app(page, url_of(app_url, "", s="I have a cat"))
    for name in PAGES:
        page.get_by_test_id("stSidebarNav").get_by_text(catalogue.lookup(f"nav.{name}", "en"), exact=True).click()
        page.wait_for_url(f"**/{'' if name == 'overview' else name}*")
        wait_painted(page, "I have a cat")
        if name == "overview":  # two of its three maps are in tabs not open: drawn once opened
            for tab in page.get_by_role("tab").all()[1:]:
                tab.click()
        assert len(wait_charts(page, MIN_CHARTS.get(name, 3))) >= MIN_CHARTS.get(name, 3), name
        assert "s=I+have+a+cat" in page.url, "the sentence stays in the URL"
    assert not page.errors, page.errors


def test_url_restores_the_view_in_a_fresh_context(browser, app_url):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    open_app(page, url_of(app_url, "self_attention", s="why do we work ?", side="cross", layer=1, head=3))
    wait_painted(page, "why do we work ?")
    titles = [c["title"] for c in charts(page)]
    assert "Q (head 3)" in titles
    assert chart(page, "Masked scores")["x"] == ["why", "do", "we", "work", "?"]
    assert chart(page, "Masked scores")["y"][0] == "<bos>", "labels are plain text, drawn as text"
    assert sentence_box(page).input_value() == "why do we work ?"
    context.close()


def test_playground_preset_shows_seed_004(page, app_url):
    open_app(page, url_of(app_url, "playground"))
    page.wait_for_function("() => document.querySelectorAll('[data-al-chart]').length >= 7")
    assert chart(page, "Q = X·W_Q")["z"] == [[1, 0, 2], [2, 2, 2], [2, 1, 3]]
    assert chart(page, "Scores QKᵀ")["z"] == [[2, 4, 4], [4, 16, 12], [4, 12, 10]]
    weights = chart(page, "softmax weights")["z"]
    assert abs(weights[0][1] - 0.46831) < 1e-4 and abs(weights[1][1] - 0.98201) < 1e-4
    page.get_by_text("q(x1)·k(x1) = 1×0 + 0×1 + 2×1 = 2").wait_for(timeout=15_000)


def test_html_in_the_sentence_is_text_not_markup(page, app_url):
    open_app(page, url_of(app_url, "", s="cat"))
    evil = "<img src=x onerror=alert(1)>"
    retype(page, evil, delay=20)
    wait_rerun(page, evil)  # the chips come with the rerun (the charts may come first, from the keystroke route)
    assert not page.dialogs
    assert page.locator('img[src="x"]').count() == 0
    chips = page.locator(".al-chip").all_inner_texts()
    assert any(c.startswith("<") for c in chips) and any(c.startswith("onerror") for c in chips)
    assert not page.errors


def test_two_visitors_never_see_each_others_sentence(browser, app_url):
    pages = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        pages.append(context.new_page())
    a, b = pages
    open_app(a, url_of(app_url, "self_attention", s="x"))
    open_app(b, url_of(app_url, "self_attention", s="y"))
    retype(a, "I have a cat", delay=30)
    retype(b, "we read books", delay=30)
    wait_painted(a, "I have a cat")
    wait_painted(b, "we read books")
    assert chart(a, SOFTMAX)["y"] == ["i", "have", "a", "cat"]
    assert chart(b, SOFTMAX)["y"] == ["we", "read", "books"]
    for p in pages:
        p.context.close()


def chart_locator(page, title: str):
    """The element of the chart with this title."""
    index = page.evaluate("t => Array.from(document.querySelectorAll('[data-al-chart]'))"
                          ".findIndex(el => el.__alChart && el.__alChart.title === t)", title)
    assert index >= 0, title
    return page.locator("[data-al-chart]").nth(index)


def test_chart_csv_and_svg_downloads_hold_the_numbers_shown(page, app_url):
    import csv
    import io

    open_app(page, url_of(app_url, "self_attention", s="I have a cat"))
    wait_painted(page, "I have a cat")
    element = chart_locator(page, SOFTMAX)
    element.hover()
    with page.expect_download() as download:
        element.get_by_role("button", name="CSV").click()
    rows = list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
    assert rows[0] == ["", "i", "have", "a", "cat"] and [r[0] for r in rows[1:]] == ["i", "have", "a", "cat"]
    shown = chart(page, SOFTMAX)["z"]
    for r, z_row in zip(rows[1:], shown):
        assert [round(float(x), 5) for x in r[1:]] == [round(float(x), 5) for x in z_row]
        assert abs(sum(float(x) for x in r[1:]) - 1) < 1e-4
    with page.expect_download() as download:
        element.get_by_role("button", name="SVG").click()
    svg = open(download.value.path(), encoding="utf-8").read()
    assert svg.startswith("<svg") and svg.count("<rect") >= 17 and ">cat</text>" in svg
    assert '@font-face{font-family:"Attention Lab Sans";src:url(data:font/woff2;base64,' in svg, "font embedded"


def test_arrow_keys_move_between_pages_and_keep_the_view(page, app_url):
    open_app(page, url_of(app_url, "masks", s="we read books", head=2))
    wait_painted(page, "we read books")
    page.locator("h2").first.click()  # focus the page, not the sentence box
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**/decoding?*")
    wait_painted(page, "we read books")
    assert "head=2" in page.url
    page.keyboard.press("ArrowLeft")
    page.wait_for_url("**/masks?*")
    sentence_box(page).click()
    page.keyboard.press("ArrowLeft")  # inside the sentence box an arrow moves the caret, not the page
    page.wait_for_timeout(500)
    assert "/masks" in page.url


def test_a_hostile_link_shows_a_notice_and_keeps_the_rest_of_the_view(page, app_url):
    query = ("s=why%20do%20we%20work%20%3F&side=cross&layer=1e3&head=2&temp=nan&pe_len=99999999&lang=xx"
             "&query=%3Cimg%20src%3Dx%3E&decode=%ED%A0%80")
    open_app(page, f"{app_url}/self_attention?{query}")
    wait_painted(page, "why do we work ?")
    alerts = page.get_by_test_id("stAlert").all_inner_texts()
    for name in ("layer", "temp", "lang", "query", "decode"):
        assert any(f"“{name}”" in a for a in alerts), (name, alerts)
    assert page.get_by_test_id("stException").count() == 0
    assert "Q (head 2)" in [c["title"] for c in charts(page)], "the valid parts of the link are kept"
    assert "side=cross" in page.url and "layer=" not in page.url
    assert not page.errors


def test_lab_timeline_shows_both_twins_and_plays_through_the_snapshots(page, app_url):
    open_app(page, url_of(app_url, "lab_timeline", s="I have a cat", snap=0))
    wait_painted(page, "I have a cat")
    titles = [c["title"] for c in charts(page)]
    twins = trained_alike("en-zh", "en-zh-unguided")  # else en-zh alone, its sibling learned from other data
    assert titles.count("Encoder self-attention, step 0") == (2 if twins else 1), titles
    page.get_by_test_id("stMainBlockContainer").get_by_role("button", name="Play").click()
    page.wait_for_function("() => location.search.includes('snap=2')", timeout=30_000)
    page.get_by_test_id("stMainBlockContainer").get_by_role("button", name="Stop").click()
    page.wait_for_selector(IDLE_SELECTOR, timeout=30_000)
    assert not page.errors, page.errors
