"""The class routes, beside the keystroke route on the app's own server (ui/server.py):

    GET  <base>/_al/class/<code>/events?client=<id>  a student's stream of the lecturer's view (server-sent events)
    POST <base>/_al/class/<code>/steer               the lecturer's keystroke (X-AL-Key: the lecturer key)

A lecture is pushed to every open stream of its class in this process the moment the store hands it over (Redis
pub/sub from any replica, or the in-process store): one JSON event, the same for all; the student's page draws it
through the keystroke route, whose answer nginx keeps once for the whole class (deploy/nginx.conf.template). A stream
pings every PING seconds (the student's sign of life) and closes when the class ends; a browser whose stream broke
opens it again with Last-Event-ID and gets the current lecture if it missed one.

Light on purpose, like ui/server.py: the view parameters are checked (ui/classroom/follow.py, which loads the model
stack's declarations) only when a lecturer steers.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from collections.abc import AsyncIterator

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from ui.classroom.store import Lecture, Refused, store, well_formed

EVENTS, STEER = "/_al/class/{code}/events", "/_al/class/{code}/steer"
PING = 15.0  # seconds between a stream's keep-alive comments
CLIENT = re.compile(r"[A-Za-z0-9_-]{8,40}")
MAX_BODY = 16_384
HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
STREAM_HEADERS = HEADERS | {"X-Accel-Buffering": "no"}  # nginx passes each event on at once


class Stream:
    """One student's open event stream: the newest lecture handed to it, and a wake-up."""

    def __init__(self, code: str, loop: asyncio.AbstractEventLoop) -> None:
        self.code, self.loop, self.latest, self.wake = code, loop, None, asyncio.Event()

    def take(self, lecture: Lecture) -> None:
        """Keep `lecture` if newer than what is waiting, and wake the stream (on its loop)."""
        if self.latest is None or lecture.seq > self.latest.seq:
            self.latest = lecture
        self.wake.set()


class Hub:
    """This process's open streams by class; `hand` (the store's listener, any thread) wakes them all at once."""

    def __init__(self) -> None:
        self._lock, self._streams = threading.Lock(), {}

    def open(self, code: str) -> Stream:
        stream = Stream(code, asyncio.get_running_loop())
        with self._lock:
            self._streams.setdefault(code, set()).add(stream)
        return stream

    def close(self, stream: Stream) -> None:
        with self._lock:
            group = self._streams.get(stream.code, set())
            group.discard(stream)
            if not group:
                self._streams.pop(stream.code, None)

    def count(self, code: str) -> int:
        """Open streams of a class in this process."""
        with self._lock:
            return len(self._streams.get(code, ()))

    def hand(self, code: str, lecture: Lecture) -> None:
        """A class's new lecture: to each of its streams, one call per event loop."""
        with self._lock:
            streams = list(self._streams.get(code, ()))
        loops = {s.loop for s in streams}
        for loop in loops:
            mine = [s for s in streams if s.loop is loop]
            loop.call_soon_threadsafe(lambda group=mine: [s.take(lecture) for s in group])


HUB = Hub()
_LISTENING = threading.Lock()
_listening: list[bool] = []


def hub() -> Hub:
    """The hub, listening to the store from the first stream on."""
    with _LISTENING:
        if not _listening:
            store().listen(HUB.hand)
            _listening.append(True)
    return HUB


def event(lecture: Lecture) -> str:
    """One server-sent event: the lecture, its sequence number as the event id."""
    return f"id: {lecture.seq}\ndata: {lecture.json()}\n\n"


async def events(request: Request) -> Response:
    """GET: a student's stream of the lecturer's view; 404 if there is no such class, 503 if the store is down."""
    code, client = request.path_params["code"], request.query_params.get("client", "")
    if not well_formed(code) or not CLIENT.fullmatch(client):
        return Response("no such class", 404, headers=HEADERS)
    try:
        lecture = await run_in_threadpool(store().lecture, code)
    except Exception:
        logging.warning("class store unavailable", exc_info=True)
        return Response("class store unavailable", 503, headers=HEADERS)
    if lecture is None:
        return Response("no such class", 404, headers=HEADERS)
    since = int(request.headers.get("last-event-id", "0") or 0) if request.headers.get(
        "last-event-id", "").isdigit() else 0
    stream = hub().open(code)
    return StreamingResponse(stream_of(stream, client, lecture, since), media_type="text/event-stream",
                             headers=STREAM_HEADERS)


async def stream_of(stream: Stream, client: str, lecture: Lecture, since: int) -> AsyncIterator[str]:
    """The events of one stream: the current lecture if newer than `since`, then each new one; a ping every PING s."""
    try:
        yield "retry: 1000\n\n"
        await run_in_threadpool(sign_of_life, stream.code, client)
        if lecture.seq > since:
            since = lecture.seq
            yield event(lecture)
        while True:
            try:
                await asyncio.wait_for(stream.wake.wait(), PING)
            except TimeoutError:
                if not await run_in_threadpool(sign_of_life, stream.code, client):
                    yield "event: end\ndata: {}\n\n"
                    return
                yield ": ping\n\n"
                continue
            stream.wake.clear()
            if stream.latest is not None and stream.latest.ended:
                yield "event: end\ndata: {}\n\n"
                return
            if stream.latest is not None and stream.latest.seq > since:
                since = stream.latest.seq
                yield event(stream.latest)
    finally:
        HUB.close(stream)
        threading.Thread(target=gone, args=(stream.code, client), daemon=True).start()


def sign_of_life(code: str, client: str) -> bool:
    """Tell the store the student is here; False only if the class is gone (a store that is down is not)."""
    try:
        return store().seen(code, client)
    except Exception:
        logging.info("class store unavailable", exc_info=True)
        return True


def gone(code: str, client: str) -> None:
    """A student's stream closed."""
    try:
        store().left(code, client)
    except Exception:
        logging.info("class store unavailable", exc_info=True)


async def steer(request: Request) -> Response:
    """POST {"page": …, "query": …} with X-AL-Key: the lecturer's keystroke; 204, or 403 / 404 / 400 with a reason."""
    code, key = request.path_params["code"], request.headers.get("x-al-key", "")
    body = await request.body()
    if not well_formed(code) or len(body) > MAX_BODY:
        return Response("bad request", 400, headers=HEADERS)
    try:
        asked = json.loads(body)
        page, query = str(asked["page"]), str(asked["query"])
    except (ValueError, KeyError, TypeError):
        return Response("bad request", 400, headers=HEADERS)
    try:
        await run_in_threadpool(steered, code, key, page, query)
    except Refused as refused:
        status = 403 if str(refused) == "class.refused_key" else 404
        return Response(str(refused), status, headers=HEADERS)
    except ValueError:
        return Response("bad request", 400, headers=HEADERS)
    return Response(status_code=204, headers=HEADERS)


def steered(code: str, key: str, page: str, query: str) -> Lecture:
    """The lecturer's keystroke into the store: the page checked against the registry, the query like a link."""
    from ui.classroom.follow import checked
    from ui.registry import PATHS

    if page not in PATHS:
        raise ValueError(page)
    return store().steer(code, key, page, checked(query))


def routes(base: str) -> list[Route]:
    """The class routes under the server's base path."""
    return [Route(base + EVENTS, events, methods=["GET"]), Route(base + STEER, steer, methods=["POST"])]
