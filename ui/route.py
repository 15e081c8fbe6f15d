"""The keystroke route: a live page's charts for the text in the sentence box, without a Streamlit rerun.

    GET <base>/_al/live/<page>?<the page's query string, with s = the box's text and p = the previous request's>
    → 200: the page's chart payloads, each as uint32 LE length + payload (viz/wire.py); 204: nothing to draw here

A keystroke's rerun re-renders every element of the page in the browser (~1 ms each, several times per rerun) before
the last chart can be drawn; this route's answer is drawn straight into the chart elements the page already shows
(ui/static/live.js). The query string is read exactly like a link (ui/state.from_url: every value checked, text
cleaned and cut) into the View a rerun builds from its session (ui/view.py), and the page's chart builder and the
payloads are the rerun's own functions called with it: the same bytes by construction. A request has no session
(shared with other requests and script runs are only the read-only caches and the draft store below, whose drafts
decoding verifies), and any failure answers 204 and is logged, never a traceback.
"""
from __future__ import annotations

import logging
import struct
import threading
import time
from collections import OrderedDict

from starlette.requests import Request
from starlette.responses import Response

from ui import data, instrument, live, state
from ui.registry import BY_PATH
from ui.view import Block, View
from ui.widgets import block_payload

HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


class Drafts:
    """Greedy outputs of recent route requests, by (model, text): the previous keystroke's output lets decoding
    verify it as a draft in a pass or two instead of one pass per token (18 → 3 ms at 16 tokens). A draft is only a
    hint — decoding checks every token of it — so requests from different sessions can share them; bounded, locked."""

    def __init__(self, size: int = 256) -> None:
        self.size, self.lock, self.ids = size, threading.Lock(), OrderedDict()

    def get(self, key: tuple[str, str]) -> list[int] | None:
        """The output stored for key, or None."""
        with self.lock:
            ids = self.ids.get(key)
        return list(ids) if ids is not None else None

    def put(self, key: tuple[str, str], ids: list[int]) -> None:
        """Remember key's output, forgetting the oldest beyond `size`."""
        with self.lock:
            self.ids[key] = tuple(ids)
            self.ids.move_to_end(key)
            while len(self.ids) > self.size:
                self.ids.popitem(last=False)


class RequestDrafts:
    """One request's drafts, as data.drafted uses a session's dict: the previous text's are read, this one's kept."""

    def __init__(self, previous: str, text: str) -> None:
        self.previous, self.text = previous, text

    def get(self, model: str) -> list[int] | None:
        """The output of `model` for the previous text, if a request stored one."""
        return DRAFTS.get((model, self.previous))

    def __setitem__(self, model: str, ids: list[int]) -> None:
        DRAFTS.put((model, self.text), ids)


DRAFTS = Drafts()


def applies(page: str, values: dict) -> bool:
    """True if the route draws `page`'s charts in a view state: not with the naive reference renderer (the
    benchmark's baseline stays a plain rerun per keystroke) nor with a pretrained model (its traces are not the
    route's)."""
    naive, pretrained = values["renderer"] == "naive", values["model"] == data.PRETRAINED
    return page in BY_PATH and BY_PATH[page].live and not naive and not pretrained


def url_for(page: str, values: dict) -> str:
    """The route serving `page`'s charts in a view state, or "" if only reruns draw them."""
    return live.base_path() + live.PATH.format(page=page) if applies(page, values) else ""


def view(page: str, params: dict[str, str]) -> View:
    """The View of a query string on `page`: the rerun's, with this request's drafts (p: the previous text)."""
    values, _ = state.from_url(params)
    drafts = RequestDrafts(state.clean_text(params.get("p", ""))[0], values["sentence"])
    return state.view_of(values, url_for(page, values), drafts)


def blocks(page: str, v: View) -> list[Block]:
    """The blocks `page` shows in view `v` (none where the route does not apply: no sentence, the naive renderer,
    a pretrained model)."""
    if not v.live or v.model not in data.models():
        return []
    trace = data.view_trace(v)
    return BY_PATH[page].chart_builder()(trace, v) if trace is not None else []


def payloads(page: str, params: dict[str, str]) -> list[bytes]:
    """The chart payloads of `page` for a query string."""
    v = view(page, params)
    return [block_payload(b, v) for b in blocks(page, v)]


def frame(chunks: list[bytes]) -> bytes:
    """Payloads as one body: each preceded by its length (uint32 LE)."""
    return b"".join(struct.pack("<I", len(c)) + c for c in chunks)


def endpoint(request: Request) -> Response:
    """GET handler (sync: Starlette runs it in its thread pool, beside the script threads)."""
    page = request.path_params["page"]
    if page not in BY_PATH or not BY_PATH[page].live:
        return Response(status_code=404, headers=HEADERS)
    params, start = dict(request.query_params), time.perf_counter()
    try:
        chunks = payloads(page, params)
    except Exception:  # a hostile or unlucky request must not take anything down
        logging.exception("keystroke route failed for %s", page)
        return Response(status_code=204, headers=HEADERS)
    instrument.route(page, params.get("s", ""), time.perf_counter() - start, len(chunks))
    if not chunks:
        return Response(status_code=204, headers=HEADERS)
    return Response(frame(chunks), media_type="application/octet-stream", headers=HEADERS)
