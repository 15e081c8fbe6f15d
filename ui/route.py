"""The keystroke route: a live page's charts for the text in the sentence box, without a Streamlit rerun.

    GET <base>/_al/live/<page>?<the page's query string, with s = the box's text and p = the previous request's
                                [and hide = the names of chart elements the browser does not show, comma-separated]>
    → 200: the page's chart payloads, each as uint32 LE length + payload (viz/wire.py); 204: nothing to draw here

A keystroke pays for what the page shows: a builder may leave out an element the browser hides (View.shows; the
Overview's maps of a block whose tab is not open, so that typing with the encoder's tab open never decodes). live.js
asks again for such an element when it is shown, and the rerun after the typing pause builds every element.

A keystroke's rerun re-renders every element of the page in the browser (~1 ms each, several times per rerun) before
the last chart can be drawn; this route's answer is drawn straight into the chart elements the page already shows
(ui/static/live.js). The query string is read exactly like a link (ui/url.from_url: every value checked, text
cleaned and cut) into the View a rerun builds from its session (ui/view.py), and the page's chart builder and the
payloads are the rerun's own functions called with it: the same bytes by construction. A request has no session
(shared with other requests and script runs are only the read-only caches and the draft store below, whose drafts
decoding verifies), and any failure answers 204 and is logged, never a traceback.

What one visitor types must not be observable by another (issue 54): a cached answer comes back in a few ms, a
computed one in tens, so timing the route for a guessed text would tell whether someone typed it. On the route a
visitor types into (PATH; not FOLLOW, the lecturer's text the whole class is shown anyway) an answer therefore
takes at least as long as computing it took the first time (a text typed on a live page came through here), and
at least the lower quartile of the recent computations of texts of its length on its page (a text only a rerun
computed: its trace is kept, its answer not): a text someone typed comes back no faster than one nobody did. The
lower quartile, not the median: on a busy server the median of a group includes answers that waited for reruns, and
holding every keystroke to it slowed typing (docs/serving.md has the measurements).
"""
from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict, deque

from starlette.requests import Request
from starlette.responses import Response

from ui import data, instrument, live, url
from ui.payload import Answer, answer
from ui.registry import BY_PATH
from ui.shared import Drafts
from ui.view import View

HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
GZIPPED = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
PACED_TEXTS = 65536  # texts whose first computing time the route remembers (~100 bytes each)
PACED_RECENT = 31  # recent computing times (per page and length) whose lower quartile is the least time of an answer
PACED_CHARS = 32  # texts are grouped by length in steps of this many characters
HIDDEN_MAX = 16  # names of hidden chart elements a request may give (more are ignored), each at most HIDDEN_CHARS
HIDDEN_CHARS = 200


class Pace:
    """How long the route took to compute answers: each text's first time, and the recent ones of each group (a
    page and a text length)."""

    def __init__(self) -> None:
        self._lock, self._first, self._recent = threading.Lock(), OrderedDict(), {}

    def least(self, group: tuple, key: tuple) -> float:
        """The least time an answer for `key` may take: its own first time, or its group's recent lower quartile."""
        with self._lock:
            recent = sorted(self._recent.get(group, ()))
            return max(self._first.get(key, 0.0), recent[len(recent) // 4] if recent else 0.0)

    def took(self, group: tuple, key: tuple, seconds: float) -> None:
        """An answer for `key` took `seconds` (remembered for its first request only)."""
        with self._lock:
            if key in self._first:
                return
            self._first[key] = seconds
            if len(self._first) > PACED_TEXTS:
                self._first.popitem(last=False)
            self._recent.setdefault(group, deque(maxlen=PACED_RECENT)).append(seconds)


PACE = Pace()


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
    """The View of a query string on `page`: the rerun's, with this request's drafts (p: the previous text) and the
    chart elements its browser hides (hide)."""
    values, _ = url.from_url(params)
    drafts = Drafts(url.clean_text(params.get("p", ""))[0], values["sentence"])
    return View.of(values, url_for(page, values), drafts, hidden(params.get("hide", "")))


def hidden(names: str) -> frozenset[str]:
    """The chart element names of a request's `hide` (comma-separated; too many or too long ones left out)."""
    return frozenset(n for n in names.split(",")[:HIDDEN_MAX] if n and len(n) <= HIDDEN_CHARS)


def page_answer(page: str, v: View) -> Answer | None:
    """`page`'s answer in view `v` (ui/payload.py: built once per page and View), or None where the route does not
    apply (no sentence, the naive renderer, a pretrained model)."""
    if not v.live or v.model not in data.models():
        return None
    reads = BY_PATH[page].sentence
    trace = data.view_trace(v) if reads else None  # a page with its own input draws with the sentence box empty
    return answer(BY_PATH[page].elements, trace, v) if trace is not None or not reads else None


def payloads(page: str, params: dict[str, str]) -> list[bytes]:
    """The chart payloads of `page` for a query string, in the order of its elements; none if nothing to draw."""
    drawn = page_answer(page, view(page, params))
    return list(drawn.payloads.values()) if drawn is not None else []


def body(page: str, params: dict[str, str], zipped: bool = False) -> bytes:
    """The route's body for a query string (its payloads framed), gzipped if asked; b"" if nothing to draw."""
    drawn = page_answer(page, view(page, params))
    return b"" if drawn is None else drawn.zipped if zipped else drawn.body


def endpoint(request: Request) -> Response:
    """GET handler (sync: Starlette runs it in its thread pool, beside the script threads)."""
    page = request.path_params["page"]
    if page not in BY_PATH or not BY_PATH[page].live:
        return Response(status_code=404, headers=HEADERS)
    params, start = dict(request.query_params), time.perf_counter()
    zipped = "gzip" in request.headers.get("accept-encoding", "")
    paced = "/_al/follow/" not in request.url.path
    key = (page, zipped, tuple(sorted((k, v) for k, v in params.items() if k != "p")))
    group = (page, (len(params.get("s", "")) + len(params.get("ink", ""))) // PACED_CHARS)  # ink: a drawing's text
    least = PACE.least(group, key) if paced else 0.0
    try:
        sent = body(page, params, zipped)
    except Exception:  # a hostile or unlucky request must not take anything down
        logging.exception("keystroke route failed for %s", page)
        return Response(status_code=204, headers=HEADERS)
    took = time.perf_counter() - start
    instrument.route(page, params.get("s", ""), took, len(sent))
    if paced:
        PACE.took(group, key, took)
        time.sleep(max(0.0, least - took))  # no faster than computing it: nobody learns what others typed
    if not sent:
        return Response(status_code=204, headers=HEADERS)
    headers = HEADERS | GZIPPED if zipped else HEADERS  # unzipped: Streamlit's middleware adds Vary
    return Response(sent, media_type="application/octet-stream", headers=headers)

