"""A new visitor's first chart, sooner: an ASGI middleware on the app's server (app.py's st.App).

A new visitor's first chart used to wait on a chain: Streamlit's bundle → the server's base path, found by trying
the page's own path first (one wasted health check, ~80 ms) → the script's elements → the chart element's loader →
chart.js → the modules it imports → the font (fetched twice: its response could not be reused), each request
starting when the one before it ended. The middleware
- adds to a page's HTML the server's base path (Streamlit's `window.__streamlit.BACKEND_BASE_URL`), so the first
  health check is the right one, and `<link rel="modulepreload">` / `<link rel="preload">` for chart.js, every module
  it imports and the font, so they load beside Streamlit's bundle instead of after it;
- adds a script that asks the keystroke route (ui/route.py) for the link's charts while Streamlit's bundle loads,
  and has chart.js draw the first of them before Streamlit has drawn the page (its element chunks, KaTeX's and the
  code highlighter's, take seconds to load and run on a busy machine); the page's own chart elements, the same
  bytes, take its place once drawn;
- puts the page's font rules (viz/fonts.page_css: the shipped font's @font-face, and after KaTeX's fonts in
  formulas) in that HTML's <head>, so they hold from the first element on. The script's own copy (widgets.font_css,
  an st.html <style>) is drawn only once Streamlit has loaded its HTML element's code, a chunk fetched on first use
  like KaTeX's: when KaTeX's came first, a formula's Chinese was drawn with KaTeX's fonts alone (boxes without a
  CJK font) for seconds, 2.5 to 5 s measured on a busy machine;
- marks the app's versioned files (`/component/…?v=<hash of the bytes>`, ui/chart.py) as immutable, so the font
  is downloaded once per visitor and a returning visitor's browser asks for none of them again, and sends the
  chart's code and the font from memory, gzipped once (Streamlit's route gzipped a large file on the event loop for
  every new visitor: ~100 ms for the 4.8 MB plotly.js the charts once needed, during which no session's messages
  went out).
Light on purpose, like ui/live.py: the server imports it at start-up. The chart's URLs are only known once a script
run has imported ui/chart.py (which registers the files with Streamlit's component route and calls `preload`);
until then a page gets the base path alone, never a preload the server could not answer yet (nor the font rules:
the first page after a restart has the script's copy only).
"""
from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import anyio

from ui.assets import component_js
from ui.live import PATH, base_path

_PRELOADS: tuple[str, ...] = ()  # the <link> tags for the chart code and font, the font's <style> (set by ui/chart.py)
_CHART = ""  # chart.js's URL, which draws a new visitor's first chart (set by ui/chart.py)
PAGE = re.compile(r"^[A-Za-z0-9_-]*$")  # a page's URL path segment (no dot: not a file)
UNWANTED = {b"accept-encoding", b"if-none-match", b"if-modified-since"}  # a page is always sent whole, uncompressed
STALE = {b"content-length", b"etag", b"last-modified"}  # the file's, not the page's as sent
IMMUTABLE = (b"cache-control", b"public, max-age=31536000, immutable")
BASE_URL_JS = component_js("base_url")
FIRST_CHART_JS = component_js("first_chart")
KEPT = (".js", ".woff2")  # the versioned files kept in memory: the chart's modules and the font


def preload(modules: list[str], font: str, css: str = "", chart: str = "") -> None:
    """Have every page ask for these module URLs and this font URL as soon as its HTML arrives, hold `css` (the
    font's rules) before its first element, and draw its first chart with `chart` (chart.js's URL)."""
    global _PRELOADS, _CHART
    _CHART = chart
    links = [f'<link rel="modulepreload" href="{url}">' for url in modules]
    style = (f"<style>{css}</style>",) if css else ()
    _PRELOADS = (*links, f'<link rel="preload" href="{font}" as="font" type="font/woff2" crossorigin>', *style)


def base_script(pages: list[str], default: str = "") -> str:
    """The script giving Streamlit the server's base URL (ui/static/components/base_url.js) for these page names and
    this default page."""
    given = f"({json.dumps(sorted(pages))}, {json.dumps(default)})"
    return "<script>" + BASE_URL_JS.replace("(PAGES, HOME)", given) + "</script>"


def first_script(pages: list[str], default: str, live: Sequence[str]) -> str:
    """The script drawing a page's first chart from the keystroke route (ui/static/components/first_chart.js) on the
    `live` pages (the route's: on another page it would answer 404), or "" while chart.js's URL or the default page
    is not known."""
    if not (_CHART and default):
        return ""
    routed = {page: page in live for page in sorted(pages)}
    given = f"({json.dumps(routed)}, {json.dumps(default)}, {json.dumps(PATH)}, {json.dumps(_CHART)})"
    return "<script>" + FIRST_CHART_JS.replace("(PAGES, HOME, ROUTE, CHART_URL)", given) + "</script>"


def inject(html: bytes, pages: list[str], default: str = "", live: Sequence[str] = ()) -> bytes:
    """Streamlit's index.html with the base path, the preloads, the font's rules and the first chart's script (on
    the `live` pages) at the end of its <head> (the scripts run before Streamlit's, a module script, which waits for
    the whole document)."""
    tags = base_script(pages, default) + "".join(_PRELOADS) + first_script(pages, default, live)
    return html.replace(b"</head>", tags.encode() + b"</head>", 1)


def below_base(path: str) -> str:
    """`path` without the server's base URL path."""
    base = base_path()
    return path[len(base):] if base and path.startswith(base) else path


def is_page(below: str) -> bool:
    """True if a path below the base path can only be answered with index.html: "/" or "/<page>"."""
    return below.count("/") <= 1 and PAGE.match(below.lstrip("/")) is not None


def is_versioned(below: str, query: bytes) -> bool:
    """True for one of the app's files named by the hash of its bytes (ui/chart.py's URLs)."""
    return below.startswith("/component/") and query.startswith(b"v=")


def plain(scope) -> dict:
    """The request without compression or a conditional header: answered whole, then changed or kept."""
    return scope | {"headers": [(k, v) for k, v in scope["headers"] if k.lower() not in UNWANTED]}


def accepts_gzip(scope) -> bool:
    """True if the request accepts a gzip body."""
    return any(k.lower() == b"accept-encoding" and b"gzip" in v.lower() for k, v in scope["headers"])


@dataclass(frozen=True)
class File:
    """A versioned file as sent: its type, bytes and (for text) gzip bytes, compressed once instead of per request
    (Streamlit's gzip middleware compresses on the event loop for every request)."""

    content_type: bytes
    body: bytes
    gzipped: bytes | None

    @classmethod
    def of(cls, content_type: bytes, body: bytes) -> File:
        """The file with its gzip bytes, unless it is a font (woff2 is compressed already)."""
        text = not content_type.startswith(b"font/") and len(body) > 1024
        return cls(content_type, body, gzip.compress(body, 6, mtime=0) if text else None)

    async def send(self, send, gzip_ok: bool) -> None:
        """Send the file: immutable, gzipped when the client accepts it and it is text."""
        body = self.gzipped if gzip_ok and self.gzipped is not None else self.body
        headers = [(b"content-type", self.content_type), (b"content-length", str(len(body)).encode()), IMMUTABLE,
                   (b"vary", b"accept-encoding"), (b"x-content-type-options", b"nosniff")]
        if body is self.gzipped:
            headers.append((b"content-encoding", b"gzip"))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})


FILES: dict[str, File] = {}  # path -> the file (only paths Streamlit answered with 200: files that exist; one server
# serves one version of each, so the query is not part of the key and an invented ?v= cannot grow this)


async def collect(app, scope, receive) -> tuple[dict, bytes]:
    """Run the app for one request; return its response start message and whole body."""
    start, body = {}, []

    async def capture(message) -> None:
        if message["type"] == "http.response.start":
            start.update(message)
        else:
            body.append(message.get("body", b""))

    await app(scope, receive, capture)
    return start, b"".join(body)


class FirstPaint:
    """ASGI middleware: pages get `inject`'s tags (uncompressed: 4 KB); versioned files are immutable, and the
    chart's code and the font are sent from memory, compressed once."""

    def __init__(self, app, pages: Callable[[], Sequence[str]], live: Callable[[], Sequence[str]]) -> None:
        self.app, self.pages, self.live, self.known = app, pages, live, None

    async def __call__(self, scope, receive, send) -> None:
        below = below_base(scope["path"]) if scope["type"] == "http" and scope["method"] == "GET" else None
        if below is not None and is_versioned(below, scope["query_string"]):
            await (self.versioned(scope, receive, send) if below.endswith(KEPT)
                   else self.app(scope, receive, self.immutable(send)))
        elif below is not None and is_page(below):
            await self.respond(*await collect(self.app, plain(scope), receive), send, named=below.strip("/") != "")
        else:
            await self.app(scope, receive, send)

    async def versioned(self, scope, receive, send) -> None:
        """A versioned file from memory; the first request for it asks Streamlit's component route."""
        file = FILES.get(scope["path"])
        if file is None:
            start, body = await collect(self.app, plain(scope), receive)
            if start.get("status") != 200:
                await send(start)
                await send({"type": "http.response.body", "body": body})
                return
            content_type = dict(start["headers"]).get(b"content-type", b"application/octet-stream")
            file = FILES.setdefault(scope["path"], await anyio.to_thread.run_sync(File.of, content_type, body))
        await file.send(send, accepts_gzip(scope))

    @staticmethod
    def immutable(send):
        """`send` with a successful response's Cache-Control made immutable."""
        async def wrapped(message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 200:
                headers = [(k, v) for k, v in message["headers"] if k.lower() != IMMUTABLE[0]]
                message = message | {"headers": [*headers, IMMUTABLE]}
            await send(message)
        return wrapped

    async def page_paths(self, wait: bool) -> tuple[Sequence[str], Sequence[str]]:
        """The app's page paths, the default first, and those of its live pages; or ((), ()) while they are not read
        and not `wait`. Read once, in a worker thread: it may wait for the page registry's import, which the server's
        start-up began (ui/server.py)."""
        if self.known is None and wait:
            self.known = await anyio.to_thread.run_sync(lambda: (self.pages(), self.live()))
        return self.known or ((), ())

    async def respond(self, start: dict, body: bytes, send, named: bool) -> None:
        """Send the collected response, with the tags when it is HTML. A page named in the URL waits for the page
        list (is it a page? the default one?); the base URL is its own base whatever the pages, so it never waits."""
        if dict(start["headers"]).get(b"content-type", b"").startswith(b"text/html"):
            pages, live = await self.page_paths(wait=named)
            body = inject(body, list(pages), pages[0] if pages else "", live)
            headers = [(k, v) for k, v in start["headers"] if k.lower() not in STALE]
            start = start | {"headers": [*headers, (b"content-length", str(len(body)).encode())]}
        await send(start)
        await send({"type": "http.response.body", "body": body})
