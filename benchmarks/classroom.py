"""A class of followers, browser-less: each opens the class's event stream as a browser's EventSource does
(reconnecting after a second with Last-Event-ID), and on each lecture fetches the page's charts from the keystroke
route as ui/static/live.js `follow` does; a lecturer types a sentence key by key (POST steer, as
ui/static/components/classroom.js does). Reports lecturer keystroke → follower receipt of the event, and → the
charts' bytes received, p50/p95 over every (follower, keystroke), with every error counted, beside the lecturer's
own keystroke → charts in the same run, and the share of the machine's cores this process used itself (what the
servers did not have).

    python -m benchmarks.classroom --followers 300 --replicas 2     # nginx + 2 replicas + Redis (deploy/serve.py)
    python -m benchmarks.classroom --url http://host:8080 --redis redis://host:6479/0   # a running cluster

The class is created in the cluster's Redis (ui/classroom/store.py), as the app's "Start a class" does. Used by
tests/deploy/test_classroom_cluster.py (kill a replica, restart Redis, mid-class).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import time
import urllib.parse
from dataclasses import dataclass, field

SENTENCE = "The animal didn't cross the street because it was too tired"
PAGE = "self_attention"
RETRY = 1.0  # seconds before a dropped stream is opened again (the stream's `retry:`)


@dataclass
class Follower:
    """One student's stream: when each lecture arrived, when its charts did, and what went wrong."""

    name: str
    received: dict[int, float] = field(default_factory=dict)  # seq -> monotonic time of the event
    drawn: dict[int, float] = field(default_factory=dict)  # seq -> time the route's answer was read whole
    errors: list[str] = field(default_factory=list)
    reconnects: list[tuple[float, float]] = field(default_factory=list)  # (dropped, events again) times
    last_id: int = 0
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    fetches: set = field(default_factory=set)  # chart requests on their way


async def request(host: str, port: int, raw: bytes) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, int]:
    """Open a connection, send a raw request, read the status line and headers; (reader, writer, status)."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(raw)
    await writer.drain()
    status = int((await reader.readline()).split()[1])
    while (await reader.readline()) not in (b"\r\n", b""):
        pass
    return reader, writer, status


def get(path: str, host: str, headers: dict | None = None) -> bytes:
    extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}Connection: keep-alive\r\n\r\n".encode()


async def charts(base: tuple[str, int], lecture: dict, lang: str, route: str = "follow") -> int:
    """Fetch the charts for a lecture (the student's language) as a student's page does (`route` "follow"), or as
    the lecturer's own keystroke does ("live"); the answer's length."""
    host, port = base
    query = urllib.parse.urlencode(lecture["params"] | {"lang": lang})
    raw = (f"GET /_al/{route}/{lecture['page']}?{query} HTTP/1.1\r\nHost: {host}\r\nAccept-Encoding: gzip\r\n"
           f"Connection: close\r\n\r\n").encode()
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(raw)
    await writer.drain()
    data = await reader.read()
    writer.close()
    if not data.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(data[:40].decode(errors="replace"))
    return len(data)


async def follow(f: Follower, base: tuple[str, int], code: str, lang: str, fetch: bool, stop: asyncio.Event) -> None:
    """Keep one student's stream open until `stop`; on each lecture note the time and fetch its charts."""
    host, port = base
    dropped = None
    while not stop.is_set():
        try:
            headers = {"Accept": "text/event-stream"} | ({"Last-Event-ID": str(f.last_id)} if f.last_id else {})
            reader, writer, status = await request(host, port, get(
                f"/_al/class/{code}/events?client={f.name}", f"{host}:{port}", headers))
            if status != 200:
                raise RuntimeError(f"events answered {status}")
            f.connected.set()
            await read_events(f, reader, base, lang, fetch, stop, dropped)
            dropped = None
            writer.close()
        except (OSError, RuntimeError, asyncio.IncompleteReadError, ValueError) as err:
            if stop.is_set():
                return
            dropped = dropped or time.monotonic()
            f.errors.append(f"stream: {err!r}")
            await asyncio.sleep(RETRY)


async def read_events(f: Follower, reader, base, lang: str, fetch: bool, stop: asyncio.Event, dropped) -> None:
    """Read a chunked event stream until it ends or `stop`."""
    buffer = b""
    while not stop.is_set():
        line = await asyncio.wait_for(reader.readline(), 30)
        if not line:
            raise RuntimeError("stream closed")
        size = int(line.strip() or b"0", 16)
        if size == 0:
            raise RuntimeError("stream ended")
        buffer += await reader.readexactly(size + 2)
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            lecture = event_of(block.replace(b"\r\n", b"\n").decode())
            if lecture is None:
                continue
            now = time.monotonic()
            if dropped:
                f.reconnects.append((dropped, now))
                dropped = None
            f.received[lecture["seq"]], f.last_id = now, lecture["seq"]
            if fetch:
                f.fetches.add(asyncio.ensure_future(fetched(f, lecture, base, lang)))


async def fetched(f: Follower, lecture: dict, base, lang: str) -> None:
    try:
        await charts(base, lecture, lang)
        f.drawn[lecture["seq"]] = time.monotonic()
    except (OSError, RuntimeError) as err:
        f.errors.append(f"charts: {err!r}")


def event_of(block: str) -> dict | None:
    """The lecture of one event block, or None (a ping, the retry line, the end)."""
    data = [line[6:] for line in block.split("\n") if line.startswith("data: ")]
    if not data or "event: end" in block:
        return None
    return json.loads("".join(data))


async def steer(base: tuple[str, int], code: str, key: str, page: str, query: str) -> int:
    """One lecturer keystroke (POST steer); the status."""
    host, port = base
    body = json.dumps({"page": page, "query": query}).encode()
    raw = (f"POST /_al/class/{code}/steer HTTP/1.1\r\nHost: {host}\r\nX-AL-Key: {key}\r\n"
           f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(raw + body)
    await writer.drain()
    status = int((await reader.readline()).split()[1])
    writer.close()
    return status


@dataclass
class Lecture:
    """What the lecturer sent: the time of each keystroke by the sequence number the class gave it."""

    sent: dict[int, float] = field(default_factory=dict)
    own: list[float] = field(default_factory=list)  # ms from each keystroke to the lecturer's own charts
    errors: list[str] = field(default_factory=list)


async def type_sentence(base, store, code: str, key: str, text: str, every: float, lecture: Lecture,
                        page: str = PAGE) -> None:
    """Type `text` key by key, `every` seconds apart, as the lecturer's page does: each keystroke asks the route for
    the lecturer's own charts and steers the class at once (the yardstick: the lecturer's own keystroke → charts).
    A refused or failed steer is an error, and tried again."""
    for i in range(1, len(text) + 1):
        params = {"s": text[:i]}
        t0 = time.monotonic()
        own = asyncio.ensure_future(charts(base, {"page": page, "params": params}, "en", "live"))
        for _ in range(20):
            try:
                if await steer(base, code, key, page, urllib.parse.urlencode(params)) == 204:
                    break
                lecture.errors.append("steer refused")
            except OSError as err:
                lecture.errors.append(f"steer: {err!r}")
            await asyncio.sleep(0.25)
        seq = (await asyncio.to_thread(store.lecture, code)).seq
        lecture.sent.setdefault(seq, t0)
        own.add_done_callback(lambda task, t0=t0: lecture.own.append(1000 * (time.monotonic() - t0))
                              if not task.exception() else lecture.errors.append(f"own charts: {task.exception()!r}"))
        await asyncio.sleep(every)


def latencies(followers: list[Follower], lecture: Lecture, what: str) -> list[float]:
    """ms from each keystroke to each follower's receipt (`received`) or charts (`drawn`)."""
    out = []
    for f in followers:
        times = getattr(f, what)
        out += [1000 * (times[seq] - t0) for seq, t0 in lecture.sent.items() if seq in times]
    return out


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    q = statistics.quantiles(values, n=20) if len(values) > 1 else values * 19
    return f"p50 {statistics.median(values):.0f} ms, p95 {q[18]:.0f} ms, max {max(values):.0f} ms (n={len(values)})"


async def open_class(base, store, n: int, fetchers: int, langs=("en", "zh")):
    """A class in the store and n followers connected to it, the first `fetchers` of them fetching each lecture's
    charts; (code, key, followers, tasks, stop)."""
    code, key = await asyncio.to_thread(store.create, PAGE, {"s": "I have a cat"})
    stop = asyncio.Event()
    followers = [Follower(f"student-{i:04d}") for i in range(n)]
    tasks = [asyncio.ensure_future(follow(f, base, code, langs[i % len(langs)], i < fetchers, stop))
             for i, f in enumerate(followers)]
    await asyncio.wait_for(asyncio.gather(*(f.connected.wait() for f in followers)), 120)
    return code, key, followers, tasks, stop


async def finish(followers: list[Follower], tasks: list, stop: asyncio.Event, wait: float) -> None:
    """Let the chart requests on their way finish (up to `wait` s), then close every stream."""
    pending = [t for f in followers for t in f.fetches if not t.done()]
    if pending:
        await asyncio.wait(pending, timeout=wait)
    stop.set()
    for t in tasks + [t for f in followers for t in f.fetches]:
        t.cancel()
    await asyncio.gather(*tasks, *(t for f in followers for t in f.fetches), return_exceptions=True)


async def benchmark(base, store, n: int, text: str, every: float, fetchers: int) -> dict:
    """n followers, one sentence typed; the latency summaries, the error count and this process's CPU and wall time."""
    cpu, start = time.process_time(), time.monotonic()
    code, key, followers, tasks, stop = await open_class(base, store, n, fetchers)
    await asyncio.sleep(1.0)
    lecture = Lecture()
    await type_sentence(base, store, code, key, text, every, lecture)
    await asyncio.sleep(2.0)
    await finish(followers, tasks, stop, 30.0)
    last = max(lecture.sent)
    return {"followers": n, "fetchers": fetchers, "keystrokes": len(lecture.sent),
            "receipt": latencies(followers, lecture, "received"), "charts": latencies(followers, lecture, "drawn"),
            "own": lecture.own, "missed_last": sum(1 for f in followers if f.last_id < last),
            "errors": sum(len(f.errors) for f in followers) + len(lecture.errors),
            "generator_cpu": time.process_time() - cpu, "wall": time.monotonic() - start}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--followers", type=int, default=300)
    ap.add_argument("--replicas", type=int, default=2)
    ap.add_argument("--every", type=float, default=0.15, help="seconds between the lecturer's keystrokes")
    ap.add_argument("--fetchers", type=int, default=None,
                    help="how many followers also fetch each lecture's charts (default: all; this one process "
                         "makes every follower's requests, so on a small machine it measures itself too)")
    ap.add_argument("--url", help="a running cluster's nginx (else one is started)")
    ap.add_argument("--redis", help="that cluster's Redis URL")
    args = ap.parse_args(argv)
    from ui.classroom.store import RedisStore

    def run(url: str, redis_url: str) -> dict:
        parts = urllib.parse.urlsplit(url)
        fetchers = args.followers if args.fetchers is None else args.fetchers
        return asyncio.run(benchmark((parts.hostname, parts.port), RedisStore(redis_url), args.followers, SENTENCE,
                                     args.every, fetchers))

    if args.url:
        result = run(args.url, args.redis)
    else:
        from benchmarks.harness import free_port
        from deploy.serve import cluster

        with cluster(args.replicas, free_port(), replica_ports=[free_port() for _ in range(args.replicas)],
                     redis_port=free_port()) as c:
            result = run(c.url, c.redis.url)
    print(f"{result['followers']} followers ({result['fetchers']} fetching charts), {result['keystrokes']} keystrokes, "
          f"{args.replicas} replicas + nginx + Redis")
    print(f"  lecturer keystroke → event received by a follower: {summary(result['receipt'])}")
    print(f"  lecturer keystroke → charts received by a follower: {summary(result['charts'])}")
    print(f"  yardstick, lecturer keystroke → the lecturer's own charts: {summary(result['own'])}")
    print(f"  followers without the last keystroke: {result['missed_last']}; errors: {result['errors']}")
    cores = len(os.sched_getaffinity(0))
    share = result["generator_cpu"] / (result["wall"] * cores)
    print(f"  the load generator (this process) used {result['generator_cpu']:.1f} s of CPU in {result['wall']:.1f} s: "
          f"{100 * share:.0f} % of the machine's {cores} cores, which the servers did not have")


if __name__ == "__main__":
    main()
