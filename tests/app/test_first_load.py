"""ui/first_load.py's middleware, driven as ASGI over Starlette's StaticFiles (the component route's file serving)."""
import asyncio
import gzip
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from starlette.middleware.exceptions import ExceptionMiddleware
from starlette.routing import Mount, Router
from starlette.staticfiles import StaticFiles

from ui import first_load

PAGES = ["overview", "self_attention", "export"]
LIVE = ["overview", "self_attention"]  # the pages the keystroke route draws
INDEX = b"<!DOCTYPE html><html><head><meta charset='UTF-8'><title>t</title></head><body></body></html>"


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A downstream app: index.html for every other path (as Streamlit), and files under /component/files/."""
    files = tmp_path / "files"
    files.mkdir()
    (files / "code.js").write_text("export const x = 1;\n" * 400)
    (files / "font.woff2").write_bytes(bytes(range(256)) * 40)
    (files / "index.html").write_bytes(INDEX)
    static = StaticFiles(directory=files)

    async def index(scope, receive, send):
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/html; charset=utf-8"), (b"etag", b'"abc"'),
                                (b"content-length", str(len(INDEX)).encode())]})
        await send({"type": "http.response.body", "body": INDEX})

    monkeypatch.setattr(first_load, "FILES", {})
    monkeypatch.setattr(first_load, "_PRELOADS", ())
    monkeypatch.setattr(first_load, "_CHART", "")
    router = Router([Mount("/component/files", static), Mount("/", index)])
    return files, first_load.FirstPaint(ExceptionMiddleware(router), pages=lambda: PAGES, live=lambda: LIVE)


def get(app, path: str, query: bytes = b"", headers=(), method: str = "GET") -> tuple[int, dict, bytes]:
    """One request through the ASGI app: status, headers (lower-case names), body."""
    scope = {"type": "http", "method": method, "path": path, "raw_path": path.encode(), "query_string": query,
             "headers": [(k.encode(), v.encode()) for k, v in headers], "root_path": "", "scheme": "http",
             "server": ("test", 80), "http_version": "1.1"}
    out, asked = {"body": b""}, []

    async def receive():  # the request, then nothing until the client would leave (as a server's receive)
        if asked:
            await asyncio.sleep(3600)
        asked.append(1)
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        if message["type"] == "http.response.start":
            out["status"], out["headers"] = message["status"], {k.decode().lower(): v.decode()
                                                                 for k, v in message["headers"]}
        else:
            out["body"] += message.get("body", b"")

    with ThreadPoolExecutor(1) as thread:  # its own event loop, also where a browser test left one running here
        thread.submit(asyncio.run, app(scope, receive, send)).result()
    return out["status"], out["headers"], out["body"]


def test_a_page_gets_the_base_path_and_after_a_run_the_preloads(site):
    _, app = site
    status, headers, body = get(app, "/self_attention", headers=[("accept-encoding", "gzip"),
                                                                  ("if-none-match", '"abc"')])
    assert status == 200 and "content-encoding" not in headers and "etag" not in headers
    assert int(headers["content-length"]) == len(body)
    assert b"BACKEND_BASE_URL" in body and b"modulepreload" not in body, "no preload before ui/chart.py registered"
    first_load.preload(["/component/x/chart.js?v=1", "/component/x/colour.js?v=1"], "/component/f/font.woff2?v=2")
    body = get(app, "/")[2]
    links = re.findall(rb'<link rel="(modulepreload|preload)" href="([^"]+)"', body)
    assert links == [(b"modulepreload", b"/component/x/chart.js?v=1"),
                     (b"modulepreload", b"/component/x/colour.js?v=1"), (b"preload", b"/component/f/font.woff2?v=2")]
    assert body.index(b"modulepreload") < body.index(b"</head>") and body.count(b"<head>") == 1
    assert body.replace(first_load.inject(b"</head>", PAGES, PAGES[0])[:-7], b"") == INDEX, "nothing else changed"


def test_after_a_run_a_page_holds_the_font_rules_in_its_head(site):
    """The page's font rules (the shipped font, and after KaTeX's fonts in formulas) are in the HTML itself: the
    script's st.html copy is drawn only once Streamlit has loaded its HTML element's code, which may come after
    KaTeX's, and a formula drawn before it shows its Chinese as boxes on a machine without CJK fonts."""
    from viz import fonts

    _, app = site
    font = "/component/f/font.woff2?v=2"
    first_load.preload(["/component/x/chart.js?v=1"], font, fonts.page_css(font))
    body = get(app, "/self_attention")[2]
    head = body[:body.index(b"</head>")]
    assert f"<style>{fonts.page_css(font)}</style>".encode() in head
    assert b'[data-testid=stApp] .katex{font-family:KaTeX_Main,"Attention Lab Sans"' in head
    assert head.count(f'src:url("{font}")'.encode()) == 3, "the font's family and Source Sans's CJK faces"


def test_only_pages_are_rewritten(site):
    _, app = site
    for path in ("/favicon.png", "/_stcore/health", "/a/b"):
        assert b"BACKEND_BASE_URL" not in get(app, path)[2], path
    assert get(app, "/self_attention", method="HEAD")[0] == 200


def test_the_page_list_is_read_by_the_first_page_named_and_once(site):
    """The server reads the registry (which imports the model stack) when a page named in the URL is first asked
    for, not when it starts, nor for the base URL (its own base whatever the pages), nor for other requests; the
    default page, listed first, is sent to its base URL."""
    _, app = site
    asked = []
    lazy = first_load.FirstPaint(app.app, pages=lambda: asked.append(1) or PAGES, live=lambda: LIVE)
    get(lazy, "/_stcore/health")
    assert get(lazy, "/")[2] == first_load.inject(INDEX, [], "") and not asked
    named, base = get(lazy, "/self_attention")[2], get(lazy, "/")[2]
    assert asked == [1]
    assert named == base == first_load.inject(INDEX, PAGES, "overview", LIVE)
    assert b'(["export", "overview", "self_attention"], "overview");' in named, "the default page goes to its base URL"


def test_versioned_files_are_whole_gzipped_once_and_immutable(site):
    files, app = site
    code = (files / "code.js").read_bytes()
    status, headers, body = get(app, "/component/files/code.js", b"v=1", [("accept-encoding", "gzip, br")])
    assert status == 200 and headers["content-encoding"] == "gzip" and gzip.decompress(body) == code
    assert headers["cache-control"] == "public, max-age=31536000, immutable" and headers["vary"] == "accept-encoding"
    assert int(headers["content-length"]) == len(body) < len(code)
    status, headers, body = get(app, "/component/files/code.js", b"v=1")
    assert body == code and "content-encoding" not in headers, "a client without gzip gets the bytes"
    status, headers, body = get(app, "/component/files/font.woff2", b"v=1", [("accept-encoding", "gzip")])
    assert body == (files / "font.woff2").read_bytes() and "content-encoding" not in headers, "woff2: compressed"
    assert set(first_load.FILES) == {"/component/files/code.js", "/component/files/font.woff2"}
    (files / "code.js").write_text("changed")  # one server serves one version: the kept bytes are sent
    assert gzip.decompress(get(app, "/component/files/code.js", b"v=1", [("accept-encoding", "gzip")])[2]) == code


def test_invented_versions_and_files_keep_nothing_more(site):
    _, app = site
    for v in range(20):
        assert get(app, "/component/files/code.js", f"v={v}".encode())[0] == 200
        assert get(app, f"/component/files/missing{v}.js", b"v=1")[0] == 404
    assert list(first_load.FILES) == ["/component/files/code.js"], "one entry per file that exists, whatever its ?v="
    assert "cache-control" not in get(app, "/component/files/code.js")[1], "no ?v=: not versioned, not kept"


def test_after_a_run_a_page_asks_the_route_for_its_first_chart(site):
    """The page's HTML asks the keystroke route for the link's charts while Streamlit's bundle loads, and has chart.js
    draw the first (ui/static/components/first_chart.js), after the base URL is set; not before ui/chart.py has
    registered chart.js, nor while the default page is not known (the base URL before the page list is read)."""
    _, app = site
    first_load.preload(["/component/x/chart.js?v=1"], "/component/f/font.woff2?v=2")
    assert b"first(answer)" not in get(app, "/self_attention")[2], "no chart.js URL: no first chart"
    first_load.preload(["/component/x/chart.js?v=1"], "/component/f/font.woff2?v=2", chart="/component/x/chart.js?v=1")
    lazy = first_load.FirstPaint(app.app, pages=lambda: PAGES, live=lambda: LIVE)
    assert b"first(answer)" not in get(lazy, "/")[2], "the default page not known yet"
    body = get(lazy, "/self_attention")[2]
    head = body[:body.index(b"</head>")]
    given = (b'({"export": false, "overview": true, "self_attention": true}, "overview", "/_al/live/{page}", '
             b'"/component/x/chart.js?v=1");')
    assert head.count(given) == 1 and head.index(b"BACKEND_BASE_URL") < head.index(given)
    assert b"(PAGES, HOME, ROUTE, CHART_URL)" not in head
