"""A class at once, sending what browsers send: students typing through nginx into N replicas.

    python -m benchmarks.load --replicas 4 --students 300 --duration 120   # one class
    python -m benchmarks.load --curve 100,200,300 --replicas-list 1,2,4   # the capacity curve
    python -m benchmarks.load --cost                                      # server CPU per keystroke and pause
    python -m benchmarks.load --cost --vs /tmp/f5cbc73 --pages self_attention,decoding,overview   # two builds

Each student is a browser tab (benchmarks/protocol.py over Streamlit's websocket, with the page loaded over HTTP
first for nginx's replica cookie) on the live page the lecturer opened (`--pages`: Self-attention, or several). It
types a sentence from an empty box the way ui/static/live.js and the sentence box make a browser talk to the server:
every keystroke is one GET of the keystroke route (`/_al/live/<page>?s=<text>&p=<previous text>`, on a keep-alive
connection, a new one while the previous request is still out, as a browser does), and the box sends its value for a
rerun once typing pauses for ui/live.DEBOUNCE_MS. A student types at 3–8 keys/s (its own speed, each gap ±30 %),
then reads for 20–40 s and types the next sentence. Most of a class types what the lecturer put on the screen
(`CLASS`); `--own` of them type sentences of their own (made up from words, so the server has most likely never seen
them).

nginx keeps the route's answers (deploy/nginx.conf.template), so a keystroke another student already typed is
answered by nginx without reaching a replica. Keystroke → charts is the route's answer time (request sent → whole
body read), what a browser waits for before it draws; the rerun after the pause (chips, captions) is timed as
keystroke → rerun finished. `--browsers` real Chromium tabs (their own process) type alongside as an independent
measurement: keystroke → every chart repainted. Prints p50/p95, errors (route answers other than 200/204, traceback
elements, reruns that never came back), and server CPU per keystroke; `--curve` prints one line per (replicas,
students).

`--cost --vs DIR` compares this checkout's app with another checkout's (an older build, `git worktree add`), in one
run: rounds alternate the builds, each a fresh `streamlit run app.py` without nginx, typing the same new sentences on
each page of `--pages`; it prints server CPU per new keystroke and per typing pause, the answers' p50/p95 and RSS, and
the ratios per round (this machine's speed drifts 3–7× between sessions: only a same-run ratio compares builds).

`--cost` measures the CPU of one replica and of nginx in front of it (from /proc, over 200+ keystrokes on a quiet
machine) on Self-attention at 16 tokens: per keystroke for sentences it has not seen, per keystroke for the same
sentences again (a class typing one sentence), and per typing pause (the debounced rerun after a keystroke the
route has already drawn).
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.harness import IDLE, free_port, launch
from benchmarks.keystrokes import browser_hides
from benchmarks.latency import FIRST_CHART_JS, OBSERVE_JS, PAINTED_JS, cpu_seconds, pct, rss_mb
from benchmarks.protocol import Session, run
from deploy.serve import cluster
from ui.live import DEBOUNCE_MS, PATH

ACCEPT_ENCODING = "gzip, deflate, br, zstd"  # what Chromium sends with live.js's fetch: the answer comes gzipped

PAGES = ("self_attention", "multi_head", "decoding", "overview")  # --pages: where the class is
CLASS = ("the animal did not cross the street because it was too tired .",  # what the lecturer puts up
         "the teacher gave my friend two old books at school yesterday .",
         "my mother drinks hot tea with my father every morning .",
         "the students read a long book in the library every day .")
SUBJECTS = ("i", "you", "we", "they", "he", "she", "my friend", "the teacher", "the students", "my mother")
VERBS = ("like", "want", "see", "buy", "read", "find", "need", "have")
OBJECTS = ("a cat", "two books", "hot tea", "apples", "a dog", "the park", "my school", "some water", "a red car")
ENDINGS = ("every day", "at home", "very much", "in the morning", "with my friend", "at school", "after class")
SPEED = (3.0, 8.0)  # keys per second, one speed per student
JITTER = 0.3  # each gap between keys is the student's mean gap × (1 ± JITTER)
READING = (20.0, 40.0)  # seconds between sentences
CONNECTIONS = 6  # a browser's connections per host


@dataclass
class Tally:
    """What the students saw."""

    charts: list[float] = field(default_factory=list)  # ms, keystroke → the route's answer read
    computed: list[float] = field(default_factory=list)  # ms, the same for answers nginx had not kept (a replica's)
    sent: list[float] = field(default_factory=list)  # when each of them was asked (time.monotonic())
    reruns: list[float] = field(default_factory=list)  # ms, the pause's rerun sent → finished
    opens: list[float] = field(default_factory=list)  # ms, a tab's first run of its page
    keys: int = 0
    route_errors: int = 0  # answers other than 200 / 204, or a connection that failed
    error_kinds: Counter = field(default_factory=Counter)  # what they were (status or exception type)
    exceptions: int = 0  # traceback elements on a page
    failed: int = 0  # students whose rerun never came back (connection lost for good)
    reconnects: int = 0
    browser_ms: list[float] = field(default_factory=list)
    browser_missed: int = 0  # browser keystrokes whose charts did not all show the sentence within 30 s


def own_sentence(rng: random.Random) -> str:
    """A sentence of the student's own."""
    return f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} {rng.choice(ENDINGS)} ."


class Connection:
    """One keep-alive HTTP/1.1 connection, as a browser keeps to the server."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port, self.reader, self.writer = host, port, None, None

    async def get(self, target: str, cookie: str) -> tuple[int, bytes, str]:
        """GET target; (status, body, nginx's X-AL-Cache: HIT, MISS, … or "" when nginx kept nothing)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.write(f"GET {target} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nCookie: {cookie}\r\n"
                          f"Accept-Encoding: {ACCEPT_ENCODING}\r\nConnection: keep-alive\r\n\r\n".encode())
        await self.writer.drain()
        status = int((await self.reader.readline()).split()[1])
        length, cache = 0, ""
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
            elif name.strip().lower() == "x-al-cache":
                cache = value.strip()
        return status, await self.reader.readexactly(length) if length else b"", cache

    def close(self) -> None:
        """Close the socket."""
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class Tab:
    """A student's browser tab on a live page: the websocket session, and the route's keep-alive connections."""

    def __init__(self, url: str, page: str) -> None:
        parts = urllib.parse.urlsplit(url)
        self.session, self.page = Session(url, browser=True), page
        self.session.page, self.session.query = page, ""
        self.host, self.port, self.prefix = parts.hostname, parts.port, parts.path.rstrip("/")
        self.idle: list[Connection] = []
        self.busy = 0
        self.box: str | None = None
        self.previous = ""
        self.rerun_lock = asyncio.Lock()
        self.rerun_text: str | None = None  # the text the next rerun must send (None: nothing waiting)

    async def open(self, tally: Tally) -> None:
        """Load the page and run it once (an empty box: the student is about to type)."""
        await self.session.connect()
        first = await self.session.rerun_reconnecting()
        tally.opens.append(first.ms)
        self.box = first.sentence_id()

    def cookie(self) -> str:
        """The cookies the page load set (nginx's replica key)."""
        return "; ".join(f"{k}={v}" for k, v in self.session.cookies.items())

    async def keystroke(self, text: str, tally: Tally) -> None:
        """What live.js sends for one keystroke: the route's GET with s (the box), p (the previous request) and hide
        (the charts in tabs not open)."""
        query = urllib.parse.urlencode({"s": text, "p": self.previous} | browser_hides(self.page))
        self.previous = text
        target = f"{self.prefix}{PATH.format(page=self.page)}?{query}"
        conn = self.idle.pop() if self.idle else Connection(self.host, self.port)
        start = time.perf_counter()
        try:
            try:
                status, _, cache = await conn.get(target, self.cookie())
            except (asyncio.IncompleteReadError, IndexError, ConnectionError):  # a kept-alive connection the
                conn.close()  # server closed meanwhile (nginx: 1,000 requests each): a browser asks again on a new one
                conn = Connection(self.host, self.port)
                status, _, cache = await conn.get(target, self.cookie())
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as err:
            conn.close()
            tally.route_errors += 1
            tally.error_kinds[type(err).__name__ + (f" {err.errno}" if isinstance(err, OSError) else "")] += 1
            return
        tally.charts.append(1000 * (time.perf_counter() - start))
        if cache not in ("HIT", "UPDATING", "STALE"):  # a replica computed it (or another request's computation
            tally.computed.append(tally.charts[-1])  # it waited for, which nginx reports as a MISS too)
        tally.sent.append(time.monotonic())
        tally.keys += 1
        if status not in (200, 204):
            tally.route_errors += 1
            tally.error_kinds[f"HTTP {status}"] += 1
        if len(self.idle) < CONNECTIONS:
            self.idle.append(conn)
        else:
            conn.close()

    async def pause(self, text: str, tally: Tally) -> None:
        """The box's debounced value: a rerun with it (one at a time; a newer text replaces one waiting)."""
        self.rerun_text = text
        async with self.rerun_lock:
            if self.rerun_text is None:
                return  # a rerun sent while this one waited already carried the newest text
            self.session.set(self.box, "json_value", {"value": self.rerun_text})
            self.rerun_text = None
            result = await self.session.rerun_reconnecting()
            tally.exceptions += len(result.exceptions)
            tally.reruns.append(result.ms)

    def close(self) -> None:
        """Close every connection."""
        for conn in self.idle:
            conn.close()


async def type_sentence(tab: Tab, text: str, speed: float, rng: random.Random, end: float, tally: Tally,
                        pending: set) -> None:
    """Type `text` into an empty box at `speed` keys/s: a route request per key, a rerun after each pause."""
    debounce = DEBOUNCE_MS / 1000
    for k in range(1, len(text) + 1):
        if time.monotonic() >= end:
            return
        pending.add(asyncio.ensure_future(tab.keystroke(text[:k], tally)))
        gap = rng.uniform(1 - JITTER, 1 + JITTER) / speed
        if gap > debounce or k == len(text):
            await asyncio.sleep(debounce)
            pending.add(asyncio.ensure_future(tab.pause(text[:k], tally)))
            gap -= debounce
        await asyncio.sleep(max(0.0, gap))


async def student(url: str, c: int, start: float, end: float, own: float, pages: tuple[str, ...],
                  tally: Tally) -> None:
    """One tab: open a live page, then type sentences with reading pauses until `end`."""
    rng = random.Random(c)
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    tab, pending = Tab(url, pages[c % len(pages)]), set()
    speed = rng.uniform(*SPEED)
    try:
        await tab.open(tally)
        await asyncio.sleep(rng.uniform(0, READING[0]))  # the class does not start in the same second
        while time.monotonic() < end:
            text = own_sentence(rng) if rng.random() < own else rng.choice(CLASS)
            await type_sentence(tab, text, speed, rng, end, tally, pending)
            await asyncio.sleep(rng.uniform(*READING))
        await asyncio.gather(*pending)
    except Exception:  # a rerun that never came back counts as an error; the run goes on
        tally.failed += 1
    finally:
        tally.reconnects += tab.session.reconnects
        tab.close()
        if tab.session.ws is not None:
            await tab.session.ws.close()


async def students(url: str, n: int, ramp: float, duration: float, own: float, pages: tuple[str, ...],
                   tally: Tally) -> None:
    """n students opening the link over `ramp` seconds, all typing until the window closes."""
    t0 = time.monotonic()
    end = t0 + ramp + duration
    await asyncio.gather(*(student(url, c, t0 + ramp * c / n, end, own, pages, tally) for c in range(n)))


async def warm(url: str) -> None:
    """One session on a replica visits every page: models loaded, pages compiled, chart element registered."""
    async with Session(url) as tab:
        for page in PAGES:
            first = await tab.rerun(page, "s=i+like+tea")
            for text in ("i like tea e", "i like tea ev"):
                tab.set(first.sentence_id(), "json_value", {"value": text})
                await tab.rerun()


def browsers(url: str, n: int, duration: float, out) -> None:
    """n Chromium tabs (in their own process) open the link, say "ready" on `out`, then type through nginx for
    `duration` seconds, timing keystroke → every chart repainted; the timings go back on `out`."""
    from playwright.sync_api import sync_playwright

    tally = Tally()
    with sync_playwright() as p:
        browser = launch(p)
        tabs = []
        for i in range(n):
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            context.add_init_script(OBSERVE_JS)  # the keydown time, before any page script
            page = context.new_page()
            text = f"{SUBJECTS[i]} like hot tea"
            page.goto(f"{url}/self_attention?s={urllib.parse.quote(text)}")
            page.wait_for_selector(IDLE, timeout=120_000)
            page.wait_for_function(FIRST_CHART_JS, timeout=120_000)
            box = page.locator("input.al-sentence__input")
            box.click()
            box.press("End")
            tabs.append([page, text])
        out.put("ready")
        until = time.monotonic() + duration
        typed = " every day at school with my friend"
        k = 0
        while time.monotonic() < until:
            for tab in tabs:  # the tabs take turns, one keystroke each
                page, text = tab
                ch = typed[k % len(typed)]
                tab[1] = text = text + ch
                page.keyboard.press(ch if ch != " " else "Space")
                ms = page.evaluate(PAINTED_JS, [text, 30_000])
                if ms >= 0:
                    tally.browser_ms.append(ms)
                else:
                    tally.browser_missed += 1
                page.wait_for_timeout(300)
            k += 1
        browser.close()
    out.put((tally.browser_ms, tally.browser_missed))


def sample_rss(pids: list[int], stop: threading.Event, peaks: dict[int, float]) -> None:
    """Track each replica's peak RSS every 2 s."""
    while not stop.wait(2.0):
        for pid in pids:
            try:
                peaks[pid] = max(peaks.get(pid, 0.0), rss_mb(pid))
            except OSError:
                pass


@dataclass
class Outcome:
    """One class's figures."""

    replicas: int
    students: int
    tally: Tally
    wall: float
    cpu: dict[int, float]
    rss: dict[int, tuple[float, float, float]]  # pid -> (warm, peak, end) MB
    own_cpu: float = 0.0  # s, this process (the students)
    nginx_cpu: float = 0.0  # s, nginx (its master and worker), which answers repeated keystrokes from its cache


def one_class(replicas: int, n: int, duration: float, ramp: float, own: float, n_browsers: int,
              pages: tuple[str, ...] = PAGES[:1]) -> Outcome:
    """Run one class against a fresh cluster of `replicas` and return what it saw."""
    with cluster(replicas, free_port(), replica_ports=[free_port() for _ in range(replicas)],
                 redis_port=free_port()) as c:
        for r in c.replicas:
            run(warm(r.url))
        pids = [r.proc.pid for r in c.replicas]
        tally, peaks, stop = Tally(), {}, threading.Event()
        results = multiprocessing.Queue()
        chromium = multiprocessing.Process(target=browsers, args=(c.url, n_browsers, ramp + duration, results)) \
            if n_browsers else None
        if chromium:  # the tabs are open before the class arrives; they type all through it
            chromium.start()
            assert results.get(timeout=300) == "ready"
        warm_rss = {pid: rss_mb(pid) for pid in pids}
        cpu0, nginx0 = {pid: cpu_seconds(pid) for pid in pids}, sum(map(cpu_seconds, c.nginx_pids()))
        sampler = threading.Thread(target=sample_rss, args=(pids, stop, peaks), daemon=True)
        sampler.start()
        t0, own0 = time.monotonic(), os.times()
        run(students(c.url, n, ramp, duration, own, pages, tally))
        wall, own1 = time.monotonic() - t0, os.times()
        if chromium:
            tally.browser_ms, tally.browser_missed = results.get(timeout=300)
            chromium.join()
        stop.set()
        cpu = {pid: cpu_seconds(pid) - cpu0[pid] for pid in pids}
        nginx_cpu = sum(map(cpu_seconds, c.nginx_pids())) - nginx0
        rss = {pid: (warm_rss[pid], peaks.get(pid, 0.0), rss_mb(pid)) for pid in pids}
    return Outcome(replicas, n, tally, wall, cpu, rss, own1.user + own1.system - own0.user - own0.system, nginx_cpu)


def line(o: Outcome) -> str:
    """One row of the capacity curve."""
    t = o.tally
    errors = t.route_errors + t.exceptions + t.failed
    return (f"{o.replicas} replica(s), {o.students} students: keystroke → charts p50 {statistics.median(t.charts):.0f}"
            f" / p95 {pct(t.charts, 95):.0f} ms over {t.keys} keystrokes ({t.keys / o.wall:.0f}/s; the "
            f"{len(t.computed)} nginx had not kept: p50 {statistics.median(t.computed or [0]):.0f} / p95 "
            f"{pct(t.computed or [0], 95):.0f} ms); pause → rerun "
            f"p50 {statistics.median(t.reruns):.0f} / p95 {pct(t.reruns, 95):.0f} ms ({len(t.reruns)}); errors "
            f"{errors}; server CPU {sum(o.cpu.values()) / o.wall * 100:.0f} % of a core, "
            f"{1000 * sum(o.cpu.values()) / max(t.keys, 1):.1f} ms per keystroke (reruns included; nginx "
            f"{1000 * o.nginx_cpu / max(t.keys, 1):.2f} ms more)")


def report(o: Outcome, own: float) -> None:
    """Print one class's figures in full."""
    t = o.tally
    print(f"\n{o.students} students ({own:.0%} typing sentences of their own) over {o.replicas} replica(s) behind "
          f"nginx, {o.wall:.0f} s")
    print("  " + line(o))
    print(f"  keystroke → charts max {max(t.charts):.0f} ms; page opened → first run p50 "
          f"{statistics.median(t.opens):.0f} / p95 {pct(t.opens, 95):.0f} ms ({len(t.opens)} tabs)")
    print(f"  errors: {t.route_errors} route {dict(t.error_kinds)}, {t.exceptions} exception elements, {t.failed} "
          f"students whose rerun never finished, {t.reconnects} reconnects")
    if t.browser_ms:
        print(f"  Chromium keystroke → every chart repainted: p50 {statistics.median(t.browser_ms):.0f} ms, "
              f"p95 {pct(t.browser_ms, 95):.0f} ms over {len(t.browser_ms)} keystrokes "
              f"({t.browser_missed} not repainted within 30 s)")
    t0 = min(t.sent)
    windows = {}
    for when, ms in zip(t.sent, t.charts):
        windows.setdefault(int((when - t0) // 20) * 20, []).append(ms)
    print("  keystroke → charts p95 per 20 s: " + ", ".join(f"{w}s {pct(v, 95):.0f} ms ({len(v)})"
                                                            for w, v in sorted(windows.items())))
    print(f"  the load generator itself (same 2 cores): {o.own_cpu:.0f} s CPU")
    for pid, (warm_mb, peak, end) in o.rss.items():
        print(f"  replica pid {pid}: RSS warm {warm_mb:.0f} → peak {peak:.0f} → end {end:.0f} MB; "
              f"CPU {o.cpu[pid]:.0f} s")


def cost_text(i: int) -> str:
    """The i-th sentence of 16 tokens (15 words and a full stop) for --cost."""
    rng = random.Random(i)
    words = f"{own_sentence(rng)[:-2]} and {own_sentence(rng)[:-2]}".split()[:15]
    return " ".join(words) + " ."


async def cost_phase(tab: Tab, texts: list[str], pids: list[int], tally: Tally, reruns: bool) -> float:
    """Server CPU (ms) per keystroke over typing each text's last 20 characters onto its first part (16 tokens
    at the end), one key at a time, waiting for each answer. With `reruns`, per typing pause instead: each text's
    keystrokes first (unmeasured; as in a browser, the route has drawn a text before its pause's rerun), then the
    rerun of each of them, measured. `pids`: the replica and nginx's processes, whose CPU is summed (a process that
    has ended meanwhile, such as nginx's cache loader a minute after the start, is left out)."""
    spent, count = 0.0, 0
    for text in texts:
        prefixes = [text[:k] for k in range(len(text) - 20, len(text) + 1)]
        if reruns:
            for prefix in prefixes:
                await tab.keystroke(prefix, tally)
        for prefix in prefixes:
            before = {pid: cpu_seconds(pid) for pid in pids if Path(f"/proc/{pid}").exists()}
            await (tab.pause(prefix, tally) if reruns else tab.keystroke(prefix, tally))
            spent += sum(cpu_seconds(pid) - cpu for pid, cpu in before.items() if Path(f"/proc/{pid}").exists())
            count += 1
    return 1000 * spent / count


def cost(rounds: int) -> None:
    """Print the CPU of one replica and nginx per keystroke (sentences new to them, and seen) and per typing pause."""
    with cluster(1, free_port(), replica_ports=[free_port()], redis_port=free_port()) as c:
        run(warm(c.replicas[0].url))
        pids, tally = [c.replicas[0].proc.pid, *c.nginx_pids()], Tally()

        async def measure() -> tuple[float, float, float]:
            tab = Tab(c.url, "self_attention")
            await tab.open(tally)
            texts = [cost_text(i) for i in range(4 * rounds)]  # new to the server
            unseen = await cost_phase(tab, texts, pids, tally, reruns=False)
            seen = await cost_phase(tab, texts, pids, tally, reruns=False)
            pause = await cost_phase(tab, [cost_text(i) for i in range(100, 100 + 4 * rounds)], pids, tally,
                                     reruns=True)
            tab.close()
            await tab.session.ws.close()
            return unseen, seen, pause

        unseen, seen, pause = run(measure())
    print(f"Self-attention, 16 tokens at the end, {len(tally.reruns)} keystrokes a phase: server CPU per keystroke "
          f"{unseen:.1f} ms (sentences new to the server), {seen:.2f} ms (seen before); per typing pause (the "
          f"debounced rerun after the route drew the text) {pause:.1f} ms; route errors {tally.route_errors}, "
          f"exceptions {tally.exceptions}")


async def typed_cost(url: str, page: str, texts: list[str], pid: int) -> tuple[float, list[float], float]:
    """Type each text's last 20 characters on `page`'s route, one GET per key as live.js sends it on the page opened
    afresh (gzip accepted, p: the previous text, hide: the charts in tabs not open), waiting for each answer: the
    server's CPU (ms) per keystroke, each answer's ms, RSS (MB)."""
    parts = urllib.parse.urlsplit(url)
    conn, spent, answers = Connection(parts.hostname, parts.port), 0.0, []
    for text in texts:
        previous = ""
        for k in range(len(text) - 20, len(text) + 1):
            query = urllib.parse.urlencode({"s": text[:k], "p": previous} | browser_hides(page))
            previous = text[:k]
            cpu, start = cpu_seconds(pid), time.perf_counter()
            status, _, _ = await conn.get(f"{PATH.format(page=page)}?{query}", "")
            answers.append(1000 * (time.perf_counter() - start))
            spent += cpu_seconds(pid) - cpu
            if status != 200:
                raise RuntimeError(f"{page}: the route answered {status} for {text[:k]!r}")
    conn.close()
    return 1000 * spent / len(answers), answers, rss_mb(pid)


async def paused_cost(url: str, page: str, texts: list[str], pid: int) -> float:
    """Server CPU (ms) per typing pause on `page`: each text's keystrokes as live.js sends them, then the rerun of
    each of them (the box's debounced value) in a browser's session, measured."""
    tab, tally = Tab(url, page), Tally()
    await tab.open(tally)
    try:
        return await cost_phase(tab, texts, [pid], tally, reruns=True)
    finally:
        tab.close()
        await tab.session.ws.close()


def cost_vs(other: Path, pages: tuple[str, ...], rounds: int, n_texts: int) -> None:
    """Server CPU per new keystroke of this checkout's app and `other`'s, alternating: each round starts one
    `streamlit run app.py` per build in turn (this checkout's Python for both), warms it up, and types the same new
    16-token sentences on each page; then, per typing pause, the rerun of each keystroke of one more sentence (what a
    pause after it costs on top); prints each round's figures and the same-run ratios this / other."""
    from benchmarks.harness import ROOT, streamlit_server

    builds = (("this", ROOT), (other.name, other))
    table: dict[tuple[int, str, str], float] = {}
    pauses: dict[tuple[int, str, str], float] = {}
    for r in range(rounds):
        for name, folder in builds if r % 2 == 0 else builds[::-1]:
            with streamlit_server(app_dir=folder) as (url, proc):
                for p, page in enumerate(pages):  # the model loaded, every code path run once
                    run(typed_cost(url, page, [cost_text(900 + p)], proc.pid))
                for p, page in enumerate(pages):  # sentences new to the server (no other page traced them), the
                    texts = [cost_text(1000 * (r + 1) + 100 * p + i) for i in range(n_texts)]  # same for each build
                    ms, answers, rss = run(typed_cost(url, page, texts, proc.pid))
                    table[r, name, page] = ms
                    pause = run(paused_cost(url, page, [cost_text(1000 * (r + 1) + 100 * p + 99)], proc.pid))
                    pauses[r, name, page] = pause
                    print(f"round {r + 1} {name:>10s} {page:15s} server CPU {ms:5.1f} ms per new keystroke "
                          f"({len(answers)} keys); answer p50 {statistics.median(answers):5.1f} / p95 "
                          f"{pct(answers, 95):5.1f} ms; RSS {rss:.0f} MB; {pause:5.1f} ms per typing pause", flush=True)
    for label, figures in (("server CPU per new keystroke", table), ("server CPU per typing pause", pauses)):
        print(f"\nSame-run ratios, {label}, this / {other.name} (one per round):")
        for page in pages:
            ratios = [figures[r, "this", page] / figures[r, other.name, page] for r in range(rounds)]
            print(f"  {page:15s} " + "  ".join(f"{x:.2f}×" for x in ratios)
                  + f"   median {statistics.median(ratios):.2f}×")


def main(argv=None) -> None:
    """Run the class (or the curve, or the cost) and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--replicas", type=int, default=4)
    ap.add_argument("--students", type=int, default=300)
    ap.add_argument("--duration", type=float, default=120, help="seconds of typing after the ramp")
    ap.add_argument("--ramp", type=float, default=20, help="seconds over which the students open the link")
    ap.add_argument("--own", type=float, default=0.1, help="share of students typing sentences of their own")
    ap.add_argument("--browsers", type=int, default=2, help="real Chromium tabs typing alongside")
    ap.add_argument("--pages", default=PAGES[0], help=f"live pages the class is on, comma-separated (of {PAGES})")
    ap.add_argument("--curve", help="students per class, comma-separated: one class each, for every replica count")
    ap.add_argument("--replicas-list", default="1,2,4", help="replica counts of the curve")
    ap.add_argument("--cost", action="store_true", help="server CPU per keystroke and per typing pause")
    ap.add_argument("--rounds", type=int, default=3, help="--cost: texts per phase = 4 × rounds; with --vs: rounds")
    ap.add_argument("--vs", type=Path, default=None, metavar="DIR",
                    help="--cost: compare with another checkout's app, alternating (one replica each, no nginx)")
    ap.add_argument("--texts", type=int, default=4, help="--cost --vs: new sentences typed per page and round")
    args = ap.parse_args(argv)
    pages = tuple(args.pages.split(","))
    if args.cost and args.vs:
        cost_vs(args.vs, pages, args.rounds, args.texts)
        return
    if args.cost:
        cost(args.rounds)
        return
    if args.curve:
        for replicas in (int(r) for r in args.replicas_list.split(",")):
            for n in (int(s) for s in args.curve.split(",")):
                print(line(one_class(replicas, n, args.duration, args.ramp, args.own, 0, pages)), flush=True)
        return
    report(one_class(args.replicas, args.students, args.duration, args.ramp, args.own, args.browsers, pages), args.own)


if __name__ == "__main__":
    main()
