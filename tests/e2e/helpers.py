"""Reading the app's Plotly charts from the page (works for every renderer that leaves Plotly graph divs)."""
from __future__ import annotations

import time
import urllib.parse

from benchmarks.harness import IDLE

CHARTS_JS = """() => {
  const own = Array.from(document.querySelectorAll('[data-al-chart]')).map(el => el.__alChart || {sentence: undefined, title: ''});
  const naive = Array.from(document.querySelectorAll('.js-plotly-plot')).filter(gd => !gd.closest('[data-al-chart]'))
    .map(gd => { const L = gd._fullLayout || {};
      return {title: (L.title && L.title.text) || '', sentence: L.meta && L.meta.sentence, y: (L.yaxis && L.yaxis.ticktext) || [],
              x: (L.xaxis && L.xaxis.ticktext) || [], renderer: 'naive',
              z: gd._fullData && gd._fullData[0] && gd._fullData[0].z ? Array.from(gd._fullData[0].z, r => Array.from(r)) : null}; });
  return own.concat(naive);
}"""

# every chart element the page shows has drawn (the sentence box and key listener are the isolated components; one in a
# tab that is not open draws when it is opened)
ELEMENTS_DRAWN_JS = """() => Array.from(document.querySelectorAll('[data-testid="stBidiComponentRegular"]'))
  .filter(el => el.checkVisibility()).every(el => el.querySelector('.al-charts'))"""
# at one moment: the script idle, every chart element drawn and every chart showing the sentence (each alone is not
# enough: a chart element draws after the run ends, one at a time, and a run stopped for a rerun reads as idle)
# (title, texts) => a chart's title as drawn (with a thinned chart's note after it) among the texts recorded on its
# canvas (test_readable.RECORD_JS): its lines (one run of fillText calls), their sizes, and the lines that start
# inside one of its words (neither after a space nor at a boundary of the browser's word segmenter)
TITLE_LINES_JS = r"""(title, texts) => {
  const squeeze = (s) => s.replace(/\s/g, ''), words = new Intl.Segmenter('zh', {granularity: 'word'});
  const whole = squeeze(title), strings = texts.map((t) => squeeze(t.text));
  for (let i = 0; i < texts.length; i++) {
    for (let j = i, joined = ''; j < texts.length && whole.startsWith(joined.slice(0, whole.length)); j++) {
      if (!(joined += strings[j]).startsWith(whole)) continue;
      const lines = texts.slice(i, j + 1), starts = new Set(Array.from(words.segment(title), (w) => w.index));
      let end = 0;
      const inside = lines.map((t) => { const k = title.indexOf(t.text, end); end = k + t.text.length; return k; })
        .filter((k) => k > 0 && !starts.has(k) && !/\s/.test(title[k - 1]));
      return {title, sizes: lines.map((t) => t.size), inside: inside.map((k) => title.slice(0, k) + ' / ' + title.slice(k))};
    }
  }
  return {title, sizes: [], inside: []};
}"""
ALL_PAINTED_JS = ("sentence => { const c = (" + CHARTS_JS + ")(); return c.length > 0 && c.every(x => x.sentence === sentence)"
                  " && (" + ELEMENTS_DRAWN_JS + ")() && !!document.querySelector('" + IDLE + "'); }")
# until() polls every POLL_MS: Playwright's default for wait_for_function polls on every animation frame, which keeps
# Chromium drawing frames for the whole wait (on an idle page over 8 s: 0.7 s of CPU, against 0.05–0.2 s polled every
# 100 ms), CPU the app server that is being waited for needs.
POLL_MS = 50
SETTLE_MS = 200  # wait_painted: how long the page must stay at rest


def until(page, js: str, arg=None, timeout: float = 30_000) -> None:
    """Wait until the JavaScript function `js` (given `arg`) returns a truthy value, polling every POLL_MS."""
    page.wait_for_function(js, arg=arg, timeout=timeout, polling=POLL_MS)


def wait_rerun(page, sentence: str) -> None:
    """Wait until a rerun has taken `sentence` (the URL holds it), has finished, and every chart shows it."""
    until(page, "s => new URLSearchParams(location.search).get('s') === s", sentence)
    page.wait_for_selector(IDLE, timeout=30_000)
    wait_painted(page, sentence)


def url_of(base: str, page: str, **params) -> str:
    """A page URL with query parameters."""
    return f"{base}/{page}?" + urllib.parse.urlencode(params)


def open_app(page, url: str) -> None:
    """Go to a URL and wait until the script has finished, a chart is painted and every chart element has drawn
    (the chart code is preloaded, so the first charts can be drawn before the page's other elements are shown)."""
    page.goto(url)
    page.wait_for_selector(IDLE, timeout=60_000)
    until(page, "() => (" + CHARTS_JS + ")().length > 0", timeout=60_000)
    until(page, ELEMENTS_DRAWN_JS, timeout=60_000)


def charts(page) -> list[dict]:
    """Every chart's title, revision (the sentence it shows), tick labels and first trace's z."""
    return page.evaluate(CHARTS_JS)


def wait_charts(page, n: int, timeout: float = 30_000) -> list[dict]:
    """The page's charts once at least n of them are drawn (elements of one run may mount a frame apart)."""
    try:
        until(page, "(n) => (" + CHARTS_JS + ")().length >= n", n, timeout)
    except Exception:
        pass  # the caller's assertion says what is missing
    return charts(page)


def chart(page, title: str) -> dict:
    """The chart with this title."""
    found = [c for c in charts(page) if c["title"] == title]
    assert found, f"no chart titled {title!r}; have {[c['title'] for c in charts(page)]}"
    return found[0]


def sentence_box(page):
    """The shared per-keystroke sentence input."""
    return page.locator("input.al-sentence__input")


def wait_painted(page, sentence: str, timeout: float = 30_000) -> None:
    """Wait until the page is at rest with every chart showing `sentence`, twice SETTLE_MS apart with the same charts
    (a rerun's start can follow a run's end by a moment); the error lists what they show instead."""
    deadline = time.monotonic() + timeout / 1000
    try:
        while True:
            until(page, ALL_PAINTED_JS, sentence, max(1.0, deadline - time.monotonic()) * 1000)
            drawn = [c["title"] for c in charts(page)]
            page.wait_for_timeout(SETTLE_MS)
            if page.evaluate(ALL_PAINTED_JS, sentence) and [c["title"] for c in charts(page)] == drawn:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"the page never stayed at rest for {SETTLE_MS} ms")
    except Exception as err:
        shown = sorted({str(c["sentence"]) for c in charts(page)})
        raise AssertionError(f"charts never all showed {sentence!r} at rest; they show {shown}; url {page.url}") from err


def retype(page, text: str, delay: float = 60) -> None:
    """Clear the sentence box and type text one key at a time."""
    box = sentence_box(page)
    box.click()
    box.press("Control+a")
    box.press("Backspace")
    box.press_sequentially(text, delay=delay)


def context_page(browser, width: int = 1280, height: int = 720):
    """A page in a fresh browser context (default: a projector's 1280×720) that records page errors."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def query(page) -> dict[str, str]:
    """The page's URL parameters."""
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(page.url).query))


def start_class(page, url: str) -> str:
    """Open a `?class=new` link, read the join code off the dialog that opens, close the dialog; the code."""
    page.goto(url)
    code = page.locator(".al-class-code")
    code.wait_for(timeout=60_000)
    joined = code.inner_text().strip()
    page.keyboard.press("Escape")
    return joined
