"""The keystroke route in Chromium: live pages draw each keystroke's charts before the debounced rerun, which then
leaves the page as a fresh load would; other pages still rerun per keystroke and never ask the route."""
import time
import urllib.parse

import pytest
from playwright.sync_api import expect

from benchmarks.harness import IDLE
from benchmarks.keystrokes import BROWSER_HIDES
from lesson import catalogue
from tests.e2e.helpers import CHARTS_JS, chart, charts, open_app, sentence_box, until, url_of, wait_painted, wait_rerun

pytestmark = pytest.mark.e2e
START, TYPED = "I have a", " cat"
FINAL = START + TYPED
ROW_CHART = "softmax of query i's row (Encoder self, layer 0, head {head})"  # Self-attention's "var" element


class Outbox:
    """The page's websocket messages to the server, passed on or held back: a held rerun request never starts."""

    def __init__(self, page):
        self.page, self.server, self.held, self.holding = page, None, [], False
        page.route_web_socket("**/_stcore/stream", self.connect)

    def connect(self, ws) -> None:
        """Connect the page's socket to the server and take over the page's messages."""
        self.server = ws.connect_to_server()
        ws.on_message(self.send)

    def send(self, message) -> None:
        """Pass a message on, or hold it."""
        (self.held.append if self.holding else self.server.send)(message)

    def wait(self, n: int, timeout: float = 30) -> None:
        """Wait until n messages are held (30 s: under CI's load the second once took more than 10)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.held) >= n:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{len(self.held)} messages held, expected {n}")

    def pass_first(self) -> None:
        """Send the first held message; keep holding the rest."""
        self.server.send(self.held.pop(0))

    def release(self) -> None:
        """Send every held message, in order, and stop holding."""
        self.holding = False
        while self.held:
            self.pass_first()


def url_sentence(url: str) -> str:
    """The sentence a URL holds."""
    return urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["s"][0]


def live_requests(page) -> list[str]:
    """The sentences the page asks the keystroke route for, filled in as it asks."""
    asked = []
    page.on("request", lambda r: asked.append(url_sentence(r.url)) if "/_al/live/" in r.url else None)
    return asked


def prefixes(start: str, typed: str) -> list[str]:
    """The box's text after each key of `typed`."""
    return [start + typed[:i] for i in range(1, len(typed) + 1)]


def type_at_end(page, typed: str, delay: float = 40) -> None:
    """Type after the sentence box's text, one key at a time."""
    box = sentence_box(page)
    box.click()
    box.press("End")
    box.press_sequentially(typed, delay=delay)


def shown(page) -> dict:
    """What the page shows: every chart as the helpers read it, the token chips and the sentence box."""
    return {"charts": charts(page), "chips": page.locator(".al-chip").all_inner_texts(),
            "box": sentence_box(page).input_value()}


def fresh(browser, url: str) -> dict:
    """What a new visitor opening `url` sees."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    open_app(page, url)
    sentence = url_sentence(url)
    wait_painted(page, sentence)
    expect(sentence_box(page)).to_have_value(sentence, timeout=30_000)  # its element may show after the charts
    seen = settled(page, sentence)
    context.close()
    return seen


def settled(page, sentence: str, timeout: float = 30) -> dict:
    """What the page shows once every chart shows `sentence` and nothing changed for 0.5 s (chart elements mount
    one by one, and the charts drawn by Plotly wait for plotly.js)."""
    deadline, seen = time.monotonic() + timeout, None
    while time.monotonic() < deadline:
        now = shown(page)
        if now == seen and all(c["sentence"] == sentence for c in now["charts"]):
            return now
        seen = now
        page.wait_for_timeout(500)
    return seen


def head_button(page, head: int) -> tuple[float, float]:
    """The centre of the head picker's button `head`, scrolled into view, in one call (a click needs no checks)."""
    button = page.locator(".st-key-w_head").get_by_role("radio", name=str(head), exact=True)
    return button.evaluate("el => { el.scrollIntoView({block: 'nearest'}); const r = el.getBoundingClientRect();"
                           " return [r.x + r.width / 2, r.y + r.height / 2]; }")


def open_held(page, app_url: str, name: str, **view) -> Outbox:
    """Open a page at START with its messages to the server routed through an Outbox (not holding yet)."""
    outbox = Outbox(page)
    open_app(page, url_of(app_url, name, s=START, **view))
    wait_painted(page, START)
    return outbox


def test_fast_keystrokes_ask_the_route_once_each_and_are_drawn_before_any_rerun(page, app_url):
    outbox = open_held(page, app_url, "self_attention")
    asked = live_requests(page)
    outbox.holding = True
    type_at_end(page, TYPED)
    wait_painted(page, FINAL)  # no rerun can have started: every message to the server is held
    assert asked == prefixes(START, TYPED)
    outbox.wait(1)  # the debounced rerun, asked for once typing paused
    outbox.release()
    wait_rerun(page, FINAL)
    assert asked == prefixes(START, TYPED), "the rerun asks the route nothing"
    assert not page.errors, page.errors


def test_every_keystroke_is_painted_before_any_rerun(page, app_url):
    outbox = open_held(page, app_url, "self_attention")
    outbox.holding = True
    for sentence in prefixes(START, TYPED):
        type_at_end(page, sentence[-1])
        wait_painted(page, sentence)
    assert url_sentence(page.url) == START, "no rerun has taken any of it"
    outbox.release()
    wait_rerun(page, FINAL)
    assert not page.errors, page.errors


@pytest.mark.parametrize("name, view", [("self_attention", {}), ("multi_head", {}),
                                        ("multi_head", {"side": "decoder", "layer": 1, "head": 2}),
                                        ("embeddings", {"shuffle": 3}), ("masks", {"cm": "6.1", "head": 2}),
                                        ("notes", {"mask_mode": "mul"}), ("bert_gpt", {}), ("paper", {"lang": "zh"}),
                                        ("lab_timeline", {"snap": 1}), ("lab_knockout", {}), ("lab_pairs", {}),
                                        ("playground", {"preset": "sentence"})])
def test_after_typing_the_page_equals_a_fresh_load(browser, page, app_url, name, view):
    outbox = open_held(page, app_url, name, **view)
    outbox.holding = True
    type_at_end(page, TYPED)
    wait_painted(page, FINAL)
    drawn = charts(page)  # by the route alone
    outbox.release()
    wait_rerun(page, FINAL)
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(page.url).query))
    assert query == {"s": FINAL} | {k: str(v) for k, v in view.items()}, page.url
    typed = shown(page)
    assert typed["charts"] == drawn, "the rerun left the route's charts as they were"
    assert typed == fresh(browser, page.url)
    assert not page.errors, page.errors


def test_a_head_picked_while_the_rerun_waits_leaves_no_stale_chart(browser, page, app_url):
    outbox = open_held(page, app_url, "self_attention")
    outbox.holding = True
    type_at_end(page, TYPED)
    page.mouse.click(*head_button(page, 2))  # measured after the typing, which may scroll the page
    outbox.wait(2)  # the head's rerun, then the sentence's once the debounce fired
    assert FINAL.encode() not in outbox.held[0], "the debounce fired before the click: too slow a machine for this"
    outbox.pass_first()  # the head's rerun runs to its end with the sentence before the typing
    page.wait_for_function("() => location.search.includes('head=2')", timeout=30_000)
    page.wait_for_selector(IDLE, timeout=30_000)
    outbox.release()
    wait_rerun(page, FINAL)
    titles = [c["title"] for c in charts(page)]
    assert "Q (head 2)" in titles and ROW_CHART.format(head=2) in titles, titles
    assert shown(page) == fresh(browser, page.url)
    assert not page.errors, page.errors


def test_a_late_route_answer_does_not_undo_a_head_picked_since(page, app_url):
    open_app(page, url_of(app_url, "self_attention", s=START))
    wait_painted(page, START)
    parked = []  # the keystroke's request (not the first chart's, asked by the page's HTML: ui/first_load.py)
    page.route("**/_al/live/**", lambda route: parked.append(route))  # answered after both reruns below
    type_at_end(page, "s")
    wait_rerun(page, START + "s")
    page.locator(".st-key-w_head").get_by_role("radio", name="2", exact=True).click()
    page.wait_for_function("t => (" + CHARTS_JS + ")().some(c => c.title === t)", arg=ROW_CHART.format(head=2))
    page.wait_for_selector(IDLE, timeout=30_000)
    (route,) = parked  # the keystroke's
    with page.expect_request_finished(lambda r: "/_al/live/" in r.url):
        route.continue_()
    page.wait_for_timeout(500)  # the answer, if drawn, is drawn in the next animation frame
    titles = [c["title"] for c in charts(page)]
    assert ROW_CHART.format(head=2) in titles and ROW_CHART.format(head=0) not in titles, titles


def test_typing_on_the_playground_after_a_live_page_never_asks_the_route_and_the_charts_follow(page, app_url):
    open_app(page, url_of(app_url, "self_attention", s=START))
    wait_painted(page, START)
    page.get_by_test_id("stSidebarNav").get_by_text(catalogue.lookup("nav.playground", "en"), exact=True).click()
    page.wait_for_url("**/playground?*")
    wait_painted(page, START)
    asked = live_requests(page)
    type_at_end(page, TYPED)
    wait_rerun(page, FINAL)
    assert asked == []
    assert not page.errors, page.errors


def edit_cell(page, key: str, value: str, row: int) -> None:
    """Type a value into the first column of a playground grid's `row` (0-based), as a user does: double-click the
    cell, wait for the grid's cell editor, type, Enter."""
    grid = page.locator(f".st-key-{key}")
    grid.locator("canvas").first.wait_for(timeout=30_000)
    page.wait_for_selector(IDLE, timeout=30_000)
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    page.mouse.dblclick(box["x"] + 60, box["y"] + 30 + 35 * (row + 0.5))  # past the row markers and the header
    cell = page.locator("textarea.gdg-input")
    expect(cell).to_be_visible()  # the editor opened on the cell; on a busy machine it can take the focus late,
    cell.fill(value)  # and fill() gives it the focus before it types
    cell.press("Enter")


def test_a_cell_edited_on_the_playground_stops_it_following_the_sentence(page, app_url):
    """The "this sentence" preset is drawn by the route while it follows the sentence; once a cell of X is edited in
    the grid, typing asks the route nothing and leaves the charts as the edit made them."""
    open_app(page, url_of(app_url, "playground", s=START, preset="sentence"))
    wait_painted(page, START)
    edit_cell(page, "pg_X_0", "5", 1)
    edited = catalogue.lookup("pg.edited", "en", block="Encoder self", layer=0, head=0)
    page.get_by_text(edited).wait_for(timeout=30_000)
    page.wait_for_selector(IDLE, timeout=30_000)
    edited = chart(page, "Q = X·W_Q")["z"]
    asked = live_requests(page)
    type_at_end(page, TYPED)
    wait_rerun(page, FINAL)
    assert asked == []
    assert chart(page, "Q = X·W_Q")["z"] == edited
    assert page.locator(".al-chip").all_inner_texts()[-1].startswith("cat")
    assert not page.errors, page.errors


def grid_sentences(page) -> list[str]:
    """The sentence each of the Overview's three maps (encoder, decoder, cross-attention) shows, in that order."""
    titles = [catalogue.lookup(f"ov.tab_{block}", "en") for block in ("encoder", "decoder", "cross")]
    drawn = charts(page)
    return [next((c["sentence"] for c in drawn if c["title"].startswith(title[:20])), None) for title in titles]


def test_the_overview_asks_for_its_open_tab_alone_and_a_tab_opened_before_the_rerun_is_drawn_at_once(page, app_url):
    outbox = open_held(page, app_url, "overview")
    hides = []
    page.on("request", lambda r: hides.append(dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(r.url).query))
                                              .get("hide")) if "/_al/live/" in r.url else None)
    assert grid_sentences(page) == [START, None, None], "a tab not open is not drawn"
    outbox.holding = True
    type_at_end(page, TYPED)
    until(page, f"s => ({CHARTS_JS})().some(c => c.sentence === s)", FINAL)
    page.wait_for_timeout(300)  # any other answer
    assert hides == [BROWSER_HIDES["overview"]] * len(TYPED), "the benchmarks send what a browser sends"
    page.get_by_role("tab").nth(2).click()  # cross-attention, before any rerun
    deadline = time.monotonic() + 30
    while grid_sentences(page)[2] != FINAL and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert grid_sentences(page) == [FINAL, None, FINAL], "the tab opened is drawn by the route at once"
    assert hides[-1] == "grid-decoder,grid-encoder"
    assert url_sentence(page.url) == START, "no rerun has run"
    outbox.release()
    wait_rerun(page, FINAL)
    assert grid_sentences(page) == [FINAL, None, FINAL], "the rerun draws no hidden chart"
    page.get_by_role("tab").nth(1).click()
    until(page, f"s => ({CHARTS_JS})().filter(c => c.sentence === s).length === 3", FINAL)
    assert grid_sentences(page) == [FINAL] * 3
    assert not page.errors, page.errors
