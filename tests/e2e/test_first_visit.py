"""A new visitor's first load (ui/first_load.py, ui/sentence_box.py): the chart's code and font arrive beside
Streamlit's bundle, once each; the server's base path is known at once; the first chart is drawn from the keystroke
route before Streamlit has run the page; and the page runs its script once."""
import urllib.parse

from benchmarks.harness import IDLE
from tests.e2e.helpers import open_app, url_of, wait_painted

CHART = "/component/ui.chart."


def visit(browser, url: str) -> tuple[list[dict], list[str]]:
    """Open `url` as a new visitor; its resource timings (name, start) and the websocket messages it sent."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)))
    open_app(page, url)
    wait_painted(page, "we read books")
    page.wait_for_timeout(1000)  # time for any message sent after the page looked done
    timings = page.evaluate("() => performance.getEntriesByType('resource').map(r => ({name: r.name, "
                            "start: r.startTime}))")
    context.close()
    return timings, sent


def path(entry: dict) -> str:
    """A resource's path and query."""
    parts = urllib.parse.urlsplit(entry["name"])
    return parts.path + ("?" + parts.query if parts.query else "")


def test_a_new_visitor_gets_the_chart_code_and_font_preloaded_once_each(browser, app_url):
    open_app(browser.new_page(), url_of(app_url, "overview", s="I have a cat"))  # a run registers the chart's files
    timings, _ = visit(browser, url_of(app_url, "self_attention", s="we read books"))
    chart = [t for t in timings if path(t).startswith(CHART)]
    names = [path(t) for t in chart]
    assert any("/chart.js?v=" in n for n in names) and any(n.endswith(".woff2", 0, n.index("?")) for n in names)
    assert len(names) == len(set(names)), "each file fetched once (the font used to be fetched twice)"
    health = [t for t in timings if path(t).endswith("/_stcore/health")]
    assert [path(t) for t in health] == ["/_stcore/health"], "the first health check is the right one"
    assert max(t["start"] for t in chart) < health[0]["start"], "all asked for before Streamlit's bundle connected"


def test_a_new_visitor_runs_the_page_once(browser, app_url):
    """The sentence box does not send back the text the server gave it (streamlit-keyup did: a second rerun)."""
    _, sent = visit(browser, url_of(app_url, "self_attention", s="we read books"))
    reruns = [f for f in sent if isinstance(f, bytes) and b"we+read+books" in f]
    assert len(reruns) == 1, f"{len(reruns)} reruns asked for"


def test_the_first_chart_is_drawn_before_the_page_runs_and_gives_way_to_the_page_s_own(browser, app_url):
    """With Streamlit's websocket held (no script run, no element), the page's first chart is drawn from the keystroke
    route's answer; once the page has run, its own first chart shows the same numbers and the stand-in is gone."""
    open_app(browser.new_page(), url_of(app_url, "overview", s="I have a cat"))  # a run registers the chart's files
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    held, sent = [], []

    def hold(ws) -> None:
        held.append(ws)
        ws.on_message(lambda message: sent.append(message))  # a handler, not a builtin (Playwright marks it)

    page.route_web_socket("**/_stcore/stream", hold)
    page.goto(url_of(app_url, "self_attention", s="we read books"))
    page.wait_for_function("() => document.querySelector('[data-al-first]')?.__alChart?.sentence === 'we read books'",
                           timeout=60_000)
    first = page.evaluate("() => document.querySelector('[data-al-first]').__alChart")
    assert len(held) == 1 and sent, "the page asked for its run, which is held"
    assert page.evaluate("() => document.querySelectorAll('[data-al-chart]').length") == 0, "no chart element yet"
    server = held[0].connect_to_server()
    held[0].on_message(lambda message: server.send(message))
    for message in sent:
        server.send(message)
    wait_painted(page, "we read books", timeout=60_000)
    own = page.evaluate("() => document.querySelector('[data-al-chart]').__alChart")
    assert {k: own[k] for k in ("title", "sentence", "z")} == {k: first[k] for k in ("title", "sentence", "z")}
    assert page.evaluate("() => document.querySelectorAll('[data-al-first]').length") == 0, "the stand-in is gone"
    context.close()


def test_a_page_the_route_does_not_draw_does_not_ask_it(browser, app_url):
    """Export's charts are not the keystroke route's: its HTML asks the route for nothing (the route's 404 would be a
    console error)."""
    open_app(browser.new_page(), url_of(app_url, "overview", s="I have a cat"))  # a run registers the chart's files
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/_al/live/" in r.url else None)
    page.goto(url_of(app_url, "export", s="we read books"))
    page.wait_for_selector(IDLE, timeout=60_000)
    assert asked == []
    context.close()
