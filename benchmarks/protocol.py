"""A browser-less Streamlit client: speaks the app's websocket protocol, as the frontend does.

Used by the load benchmark and by the protocol-level tests (fuzz, concurrent sessions, memory). Each `Session`
is one browser tab: it asks for reruns with a page, a query string and widget values, and collects what the
server sends back until the script run finishes: the page's elements by delta path, traceback elements, the
query string the app wrote, and the bytes received.
"""
from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

DONE = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_WITH_COMPILE_ERROR,
        ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}


@dataclass
class Run:
    """What one rerun sent back."""

    elements: dict[tuple[int, ...], object] = field(default_factory=dict)  # delta path -> Element or Block
    exceptions: list[str] = field(default_factory=list)  # traceback elements: "Type: message"
    query: str | None = None  # the query string the app wrote (None: unchanged)
    ms: float = 0.0
    nbytes: int = 0
    raw: list[bytes] = field(default_factory=list)

    def widgets(self, kind: str) -> list[tuple[str, object]]:
        """(widget id, element) of every element of a type, e.g. "dataframe", in page order."""
        out = []
        for path in sorted(self.elements):
            el = self.elements[path]
            if getattr(el, "WhichOneof", None) and el.DESCRIPTOR.name == "Element" and el.WhichOneof("type") == kind:
                inner = getattr(el, kind)
                if getattr(inner, "id", ""):
                    out.append((inner.id, inner))
        return out

    def sentence_id(self) -> str | None:
        """The id of the shared sentence box (ui/sentence_box.py)."""
        for wid, el in self.widgets("component_instance") + self.widgets("bidi_component"):
            if "sentence_box" in getattr(el, "component_name", ""):
                return wid
        return None

    def texts(self) -> list[str]:
        """The markdown/alert texts on the page (headers, captions, notices), in page order."""
        out = []
        for path in sorted(self.elements):
            el = self.elements[path]
            if el.DESCRIPTOR.name != "Element":
                continue
            kind = el.WhichOneof("type")
            if kind in ("markdown", "alert", "heading"):
                out.append(getattr(el, kind).body)
        return out

    def alerts(self) -> list[str]:
        """The warning/error boxes' texts."""
        return [el.alert.body for _, el in sorted(self.elements.items())
                if el.DESCRIPTOR.name == "Element" and el.WhichOneof("type") == "alert"]


def run(coroutine):
    """Run a coroutine to completion on a fresh event loop in its own thread (the caller's thread may already
    have a loop running, e.g. Playwright's sync API); return its result."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def widget_state(msg: BackMsg, wid: str, kind: str, value) -> None:
    """Add one widget value to a rerun request; kind is the WidgetState field (e.g. "string_value")."""
    w = msg.rerun_script.widget_states.widgets.add()
    w.id = wid
    if kind == "json_value":
        w.json_value = json.dumps(value)
    elif kind.endswith("_array_value"):  # e.g. a segmented control's picked indices
        getattr(w, kind).data.extend(value)
    else:
        setattr(w, kind, value)


def page_cookies(url: str) -> dict[str, str]:
    """GET a page as a browser does first, and return the cookies it sets (e.g. a load balancer's replica key)."""
    with urllib.request.urlopen(url, timeout=30) as r:
        r.read()
        pairs = [c.split(";", 1)[0].split("=", 1) for c in r.headers.get_all("Set-Cookie") or []]
    return {k.strip(): v.strip() for k, v in pairs}


class Session:
    """One browser tab on the app, over Streamlit's websocket protocol.

    With `browser=True` the tab first loads the page over HTTP and sends the cookies it got with the websocket
    (behind deploy/serve.py's nginx that keeps the tab on one replica), and `rerun_reconnecting` reconnects
    when the connection drops and asks again for the same page, link and widget values, as the frontend does."""

    def __init__(self, url: str, browser: bool = False) -> None:
        self.url = url
        self.ws_url = url.replace("http", "ws", 1) + "/_stcore/stream"
        self.ws = None
        self.query = ""
        self.page = ""
        self.widgets: dict[str, tuple[str, object]] = {}  # id -> (kind, value): sent with every rerun, like a tab
        self.browser = browser
        self.cookies: dict[str, str] = {}
        self.reconnects = 0
        self.session_id = ""  # the server's id of this tab's session (from its new_session message)

    async def __aenter__(self) -> Session:
        await self.connect()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.ws.close()

    async def connect(self, resume: bool = False) -> None:
        """Open the websocket (loading the page first for its cookies, once, if this tab is a browser); with
        `resume`, ask for this tab's previous session back, as the frontend does after a dropped connection."""
        import websockets

        if self.browser and not self.cookies:
            self.cookies = await asyncio.to_thread(page_cookies, f"{self.url}/{self.page}?{self.query}")
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else None
        protocols = ["streamlit", "no-xsrf-token", self.session_id] if resume and self.session_id else ["streamlit"]
        self.ws = await websockets.connect(self.ws_url, subprotocols=protocols, max_size=None,
                                           additional_headers=headers, open_timeout=30)

    async def rerun_reconnecting(self, page: str | None = None, query: str | None = None, tries: int = 20) -> Run:
        """A rerun that survives a dropped connection: reconnect (1 s apart, as the frontend retries) and ask
        again for the same page, link and widget values; self.reconnects counts the reconnections."""
        import websockets

        for attempt in range(tries):
            try:
                return await self.rerun(page, query)
            except (TimeoutError, websockets.ConnectionClosed, OSError):
                if attempt == tries - 1:
                    raise
            page = query = None  # the tab keeps where it is
            self.reconnects += 1
            await asyncio.sleep(1.0)
            try:
                await self.ws.close()
                await self.connect()
            except (TimeoutError, websockets.InvalidHandshake, websockets.ConnectionClosed, OSError):
                continue
        raise AssertionError("unreachable")

    def set(self, wid: str, kind: str, value) -> None:
        """Set a widget's value for the next rerun (and keep it, as the browser does)."""
        self.widgets[wid] = (kind, value)

    async def rerun(self, page: str | None = None, query: str | None = None) -> Run:
        """Ask for a rerun of `page` with `query` (default: where the tab is now) and collect the answer."""
        self.page = self.page if page is None else page
        self.query = self.query if query is None else query
        msg = BackMsg()
        msg.rerun_script.query_string = self.query
        msg.rerun_script.page_name = self.page
        for wid, (kind, value) in self.widgets.items():
            widget_state(msg, wid, kind, value)
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        run = await self.collect()
        run.ms = 1000 * (time.perf_counter() - start)
        if run.query is not None:
            self.query = run.query
        return run

    async def collect(self) -> Run:
        """Read ForwardMsgs until the script run is finished."""
        run = Run()
        while True:
            data = await self.ws.recv()
            run.nbytes += len(data)
            run.raw.append(data)
            msg = ForwardMsg()
            msg.ParseFromString(data)
            kind = msg.WhichOneof("type")
            if kind == "new_session":
                run.elements.clear()
                self.session_id = msg.new_session.initialize.session_id or self.session_id
            elif kind == "delta":
                self.apply(run, msg)
            elif kind == "page_info_changed":
                run.query = msg.page_info_changed.query_string
            elif kind == "script_finished" and msg.script_finished in DONE:
                return run

    @staticmethod
    def apply(run: Run, msg: ForwardMsg) -> None:
        """Record one delta at its path."""
        path = tuple(msg.metadata.delta_path)
        delta = msg.delta
        which = delta.WhichOneof("type")
        if which == "new_element":
            el = delta.new_element
            run.elements[path] = el
            if el.WhichOneof("type") == "exception":
                run.exceptions.append(f"{el.exception.type}: {el.exception.message}")
        elif which == "add_block":
            run.elements[path] = delta.add_block
