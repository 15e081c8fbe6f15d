"""The keystroke route: a live page's charts for the text in the sentence box, without a Streamlit rerun.

    GET <base>/_al/live/<page>?<the page's query string, with s = the box's text>
    → 200: the page's chart payloads, each as uint32 LE length + payload (viz/wire.py); 204: nothing to draw here

A keystroke's rerun re-renders every element of the page in the browser (~1 ms each, several times per rerun) before
the last chart can be drawn; this route's answer is drawn straight into the chart elements the page already shows
(ui/static/live.js). The query string is read exactly like a link (ui/state.from_url: every value checked, text
cleaned and cut), each request runs in its own context (no session, no state shared with a script run but the
read-only caches), and any failure answers 204 and is logged, never a traceback.
"""
from __future__ import annotations

import contextvars
import logging
import struct
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ui import data, instrument, live, state
from ui.views import multi_head, self_attention
from ui.widgets import Block, block_payload

PAGES: dict[str, Callable] = {  # page url path -> charts(trace) -> blocks, as the page draws them
    "self_attention": self_attention.charts,
    "multi_head": multi_head.charts,
}
HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


def url_for(page: str) -> str:
    """The route serving `page`'s charts, or "" if only reruns draw them."""
    return live.base() + live.PATH.format(page=page) if page in PAGES else ""


def blocks(page: str, params: dict[str, str]) -> list[Block]:
    """The blocks `page` shows for a query string (none where the route does not apply: no sentence, the naive
    renderer, a pretrained model)."""
    values, _ = state.from_url(params)
    state.begin_view(values)
    live.enter(url_for(page))
    name = state.get("model")
    if instrument.naive() or name not in data.models():  # the reference renderer, or a pretrained model
        return []
    try:  # no session here, so no greedy draft: the trace cache's key does not include it, the result is the same
        trace = data.trace(name, state.get("sentence"), data.attn_options(), data.decode_options())
    except ValueError:  # no tokens
        return []
    return PAGES[page](trace)


def payloads(page: str, params: dict[str, str]) -> list[bytes]:
    """The chart payloads of `page` for a query string, computed in a context of their own."""
    return contextvars.Context().run(lambda: [block_payload(b) for b in blocks(page, params)])


def frame(chunks: list[bytes]) -> bytes:
    """Payloads as one body: each preceded by its length (uint32 LE)."""
    return b"".join(struct.pack("<I", len(c)) + c for c in chunks)


def endpoint(request: Request) -> Response:
    """GET handler (sync: Starlette runs it in its thread pool, beside the script threads)."""
    page = request.path_params["page"]
    if page not in PAGES:
        return Response(status_code=404, headers=HEADERS)
    try:
        chunks = payloads(page, dict(request.query_params))
    except Exception:  # a hostile or unlucky request must not take anything down
        logging.exception("keystroke route failed for %s", page)
        return Response(status_code=204, headers=HEADERS)
    if not chunks:
        return Response(status_code=204, headers=HEADERS)
    return Response(frame(chunks), media_type="application/octet-stream", headers=HEADERS)


def routes() -> list[Route]:
    """The route, under the server's base URL path."""
    return [Route(live.base() + live.PATH, endpoint, methods=["GET"])]
