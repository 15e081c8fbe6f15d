"""The class routes, beside the keystroke route on the app's own server (ui/server.py):

    GET  <base>/_al/class/<code>/events?client=<id>  a student's stream of the lecturer's view (server-sent events);
                                                     without a client, the projector window's (not counted)
    POST <base>/_al/class/<code>/steer               the lecturer's keystroke (X-AL-Key: the lecturer key)

A lecture is pushed to every open stream of its class in this process the moment the store hands it over (Redis
pub/sub from any replica, or the in-process store): one JSON event, the same for all; the student's page draws it
through the keystroke route, whose answer nginx keeps once for the whole class (deploy/nginx.conf.template). A stream
pings every PING seconds (the student's sign of life) and closes when the class ends; a browser whose stream broke
opens it again with Last-Event-ID and gets the current lecture if it missed one.

Light on purpose, like ui/server.py: the view parameters are checked (ui/classroom/follow.py, which loads the model
stack's declarations) only when a lecturer steers.

Hostile requests cost little and tell nothing: a steer body is refused by its Content-Length and read at most
MAX_BODY bytes (413); a malformed header or body is a 400 and a log line; an unknown code and a wrong key get the
same 403; an address (the peer, or nginx's X-Real-IP when the peer is loopback) gets REFUSALS refusals per
minute, then 429 for the rest of the minute, STEERS steers per second, and STREAMS_PER_ADDRESS open streams; a class
holds STREAMS_PER_CLASS open streams in this process.
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import os
import re
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Mapping

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from ui.classroom.store import Lecture, Refused, store, well_formed

EVENTS, STEER = "/_al/class/{code}/events", "/_al/class/{code}/steer"
PING = 15.0  # seconds between a stream's keep-alive comments
CLIENT = re.compile(r"[A-Za-z0-9_-]{8,40}")
MAX_BODY = 16_384  # bytes of a steer body (nginx: client_max_body_size 16k on the class routes)
DIGITS = re.compile(r"[0-9]{1,18}")  # a Last-Event-ID (a sequence number) or a Content-Length
REFUSALS = 30  # refused class requests per address per minute (a guessed code, a wrong key); then 429
STEERS = 40  # steers per address per second (a lecturer types at most ~15 keystrokes a second)
STREAMS_PER_ADDRESS = 400  # open event streams per address in this process (a classroom behind one NAT)
STREAMS_PER_CLASS = 600  # open event streams per class in this process
# Peers whose X-Real-IP is believed: nginx on this machine (deploy/serve.py), and the networks named in
# ATTENTION_LAB_PROXIES (comma-separated, e.g. the ingress controller's pods: deploy/kubernetes.yaml).
PROXIES = tuple(ipaddress.ip_network(n.strip(), strict=False) for n in
                ("127.0.0.0/8,::1/128," + os.environ.get("ATTENTION_LAB_PROXIES", "")).split(",") if n.strip())
HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
STREAM_HEADERS = HEADERS | {"X-Accel-Buffering": "no"}  # nginx passes each event on at once


class Limiter:
    """At most n events per key in any `per` seconds (a sliding window per key; keys idle for `per` s dropped)."""

    def __init__(self, n: int, per: float) -> None:
        self.n, self.per, self._lock, self._times, self._swept = n, per, threading.Lock(), {}, 0.0

    def _window(self, key: str, now: float) -> deque:
        """The key's events within the window (caller holds the lock); idle keys are swept at most once a window."""
        if len(self._times) > 1000 and now - self._swept > self.per:
            self._times = {k: q for k, q in self._times.items() if q and now - q[-1] < self.per}
            self._swept = now
        q = self._times.setdefault(key, deque())
        while q and now - q[0] >= self.per:
            q.popleft()
        return q

    def full(self, key: str) -> bool:
        """Whether the key has had n events in the window."""
        with self._lock:
            return len(self._window(key, time.monotonic())) >= self.n

    def take(self, key: str) -> bool:
        """Count one event for the key; False (nothing counted) if the window is full."""
        with self._lock:
            now = time.monotonic()
            q = self._window(key, now)
            if len(q) >= self.n:
                return False
            q.append(now)
            return True


REFUSED, STEERED = Limiter(REFUSALS, 60.0), Limiter(STEERS, 1.0)


def proxy(peer: str) -> bool:
    """Whether the peer is a proxy whose X-Real-IP is believed (PROXIES)."""
    try:
        return any(ipaddress.ip_address(peer) in network for network in PROXIES)
    except ValueError:
        return False


def address_of(peer: str | None, headers: Mapping[str, str]) -> str:
    """Who asks: the peer's address, or the X-Real-IP a proxy of ours sets (a peer in PROXIES; None: loopback, as
    Streamlit's context says for it)."""
    peer = peer or "127.0.0.1"
    if proxy(peer):
        forwarded = headers.get("x-real-ip", "").strip()
        return forwarded[:64] if forwarded else peer
    return peer


def address(request: Request) -> str:
    """The address a class request comes from (`address_of`)."""
    return address_of(request.client.host if request.client else None, request.headers)


def refuse(status: int, reason: str, request: Request, why: str) -> Response:
    """A 4xx with a log line (the address, the route, why); a refusal counts against the address."""
    who = address(request)
    logging.warning("class route %r refused %s for %r: %r", request.url.path[-60:], status, who, why[:120])
    if status in (403, 404):
        REFUSED.take(who)
    return Response(reason, status, headers=HEADERS)


class Stream:
    """One student's open event stream: the newest lecture handed to it, and a wake-up."""

    def __init__(self, code: str, loop: asyncio.AbstractEventLoop, who: str = "") -> None:
        self.code, self.loop, self.who, self.latest, self.wake = code, loop, who, None, asyncio.Event()

    def take(self, lecture: Lecture) -> None:
        """Keep `lecture` if newer than what is waiting, and wake the stream (on its loop)."""
        if self.latest is None or lecture.seq > self.latest.seq:
            self.latest = lecture
        self.wake.set()


class Hub:
    """This process's open streams by class; `hand` (the store's listener, any thread) wakes them all at once."""

    def __init__(self) -> None:
        self._lock, self._streams, self._by_address = threading.Lock(), {}, {}

    def open(self, code: str, who: str = "") -> Stream | None:
        """A new stream of the class, or None if the class or the address has all the streams it may hold."""
        stream = Stream(code, asyncio.get_running_loop(), who)
        with self._lock:
            group = self._streams.setdefault(code, set())
            if len(group) >= STREAMS_PER_CLASS or self._by_address.get(who, 0) >= STREAMS_PER_ADDRESS:
                if not group:
                    del self._streams[code]
                return None
            group.add(stream)
            self._by_address[who] = self._by_address.get(who, 0) + 1
        return stream

    def close(self, stream: Stream) -> None:
        with self._lock:
            group = self._streams.get(stream.code, set())
            if stream in group:
                group.discard(stream)
                left = self._by_address.pop(stream.who, 1) - 1
                if left:
                    self._by_address[stream.who] = left
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
    """One server-sent event: the lecture, its sequence number as the event id (U+2028 and U+2029 escaped: one
    line of JSON whatever reads it)."""
    data = lecture.json().replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f"id: {lecture.seq}\ndata: {data}\n\n"


async def events(request: Request) -> Response:
    """GET: a student's stream of the lecturer's view; 404 if there is no such class, 400 for a malformed request,
    429 past a limit, 503 if the store is down."""
    code, client = request.path_params["code"], request.query_params.get("client", "")
    last_id = request.headers.get("last-event-id", "")
    if REFUSED.full(address(request)):
        return refuse(429, "too many requests", request, "refusals")
    if not well_formed(code) or client and not CLIENT.fullmatch(client):
        return refuse(404, "no such class", request, "malformed code or client")
    if last_id and not DIGITS.fullmatch(last_id):
        return refuse(400, "bad request", request, "malformed Last-Event-ID")
    try:
        lecture = await run_in_threadpool(store().lecture, code)
    except Exception:
        logging.warning("class store unavailable", exc_info=True)
        return Response("class store unavailable", 503, headers=HEADERS)
    if lecture is None:
        return refuse(404, "no such class", request, "unknown code")
    stream = hub().open(code, address(request))
    if stream is None:
        return refuse(429, "too many streams", request, "streams per class or address")
    return StreamingResponse(stream_of(stream, client, lecture, int(last_id or 0)), media_type="text/event-stream",
                             headers=STREAM_HEADERS)


async def stream_of(stream: Stream, client: str, lecture: Lecture, since: int) -> AsyncIterator[str]:
    """The events of one stream: the current lecture if newer than `since`, then each new one; a ping every PING s."""
    try:
        yield "retry: 1000\n\n"
        await run_in_threadpool(sign_of_life, stream.code, client, stream.who)
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
        if client:
            threading.Thread(target=gone, args=(stream.code, client), daemon=True).start()


def sign_of_life(code: str, client: str, who: str | None = None) -> bool:
    """Tell the store the student is here (and, as a stream opens, from which address); a stream without a client
    (the lecturer's projector window) is no student and only asks whether the class is there. False only if the
    class is gone (a store that is down is not)."""
    try:
        if not client:
            return store().lecture(code) is not None
        return store().seen(code, client, address=who)
    except Exception:
        logging.info("class store unavailable", exc_info=True)
        return True


def gone(code: str, client: str) -> None:
    """A student's stream closed."""
    try:
        store().left(code, client)
    except Exception:
        logging.info("class store unavailable", exc_info=True)


async def body_of(request: Request) -> bytes | None:
    """The request body, or None if it is longer than MAX_BODY: refused by its Content-Length before anything is
    read, else read no further than MAX_BODY + 1 bytes. ValueError for a malformed Content-Length."""
    length = request.headers.get("content-length")
    if length is not None and not DIGITS.fullmatch(length.strip()):
        raise ValueError("malformed Content-Length")
    if length is not None and int(length) > MAX_BODY:
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    return bytes(body)


def asked_of(body: bytes) -> tuple[str, str]:
    """(page, query) of a steer body; ValueError unless it is a JSON object with both (nesting too deep included)."""
    try:
        asked = json.loads(body)
        return str(asked["page"]), str(asked["query"])
    except (KeyError, TypeError, RecursionError) as e:
        raise ValueError("not a steer") from e


async def steer(request: Request) -> Response:
    """POST {"page": …, "query": …} with X-AL-Key: the lecturer's keystroke; 204, or a 4xx: 403 (the same for an
    unknown code as for a wrong key), 400 (malformed), 413 (too long), 429 (past a limit)."""
    code, key, who = request.path_params["code"], request.headers.get("x-al-key", ""), address(request)
    if REFUSED.full(who) or not STEERED.take(who):
        return refuse(429, "too many requests", request, "rate")
    try:
        body = await body_of(request)
        if body is None:
            return refuse(413, "too large", request, "body over MAX_BODY")
        page, query = asked_of(body)
    except ValueError as e:
        return refuse(400, "bad request", request, str(e))
    except ClientDisconnect:
        return refuse(400, "bad request", request, "the body ended before its Content-Length")
    if not well_formed(code):
        return refuse(403, "refused", request, "malformed code")
    try:
        await run_in_threadpool(steered, code, key, page, query)
    except Refused as refused:
        return refuse(403, "refused", request, str(refused))
    except ValueError as e:
        return refuse(400, "bad request", request, f"page or query: {e}")
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
