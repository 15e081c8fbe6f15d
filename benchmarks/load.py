"""A class at once: protocol-level students (plus a few real Chromium tabs) typing through nginx into N replicas.

    python -m benchmarks.load --replicas 4 --sessions 300 --duration 120
    python -m benchmarks.load --replicas 1 --sessions 300 --duration 120   # the same load on one process

Starts deploy/serve.py's cluster on free loopback ports, warms each replica with one session, then opens
`--sessions` students over `--ramp` seconds. Each student is a browser tab over Streamlit's websocket protocol
(benchmarks/protocol.py, with the page loaded over HTTP first for nginx's replica cookie): it opens one of the
pages at a sentence, types it one character at a time, waits for each rerun to finish, thinks (uniform 0.5–1.5 ×
--think seconds), and starts a new sentence when one is done, until the time is up. `--browsers` real Chromium
tabs (in their own process, opened before the class arrives) type alongside and time keystroke → every chart
repainted. Prints p50/p95 keystroke → rerun finished and page open → first run finished, errors (exception
elements, students whose rerun never came back), reruns/s over the whole run, and RSS and CPU per replica.
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
from dataclasses import dataclass, field

from benchmarks.harness import IDLE, free_port, launch
from benchmarks.latency import FIRST_CHART_JS, KEYDOWN_JS, PAINTED_JS, cpu_seconds, pct, rss_mb
from benchmarks.protocol import Session, run
from deploy.serve import cluster

PAGES = ("self_attention", "multi_head", "decoding", "overview")
SUBJECTS = ("i", "you", "we", "they", "he", "she", "my friend", "the teacher", "the students", "my mother")
OBJECTS = ("a cat", "two books", "hot tea", "apples", "a dog", "the park", "my school", "some water")
ENDINGS = (" every day", " at home", " very much", " in the morning", " with my friend", " at school")


@dataclass
class Tally:
    """What the students saw."""

    latencies: list[float] = field(default_factory=list)  # ms, keystroke reruns finished before the end
    opens: list[float] = field(default_factory=list)  # ms, a tab's first run of its page
    exceptions: int = 0  # traceback elements on a page
    failed: int = 0  # reruns that never finished (connection lost for good)
    reconnects: int = 0
    browser_ms: list[float] = field(default_factory=list)
    browser_missed: int = 0  # browser keystrokes whose charts did not all show the sentence within 30 s


def sentence(rng: random.Random) -> tuple[str, str]:
    """(what the box holds when the page opens, what the student types after it)."""
    return f"{rng.choice(SUBJECTS)} like {rng.choice(OBJECTS)}", rng.choice(ENDINGS)


async def student(url: str, c: int, start: float, end: float, think: float, tally: Tally) -> None:
    """One tab: open a page at a sentence, type, think, repeat with new sentences until `end`."""
    rng = random.Random(c)
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    base, typed = sentence(rng)
    tab = Session(url, browser=True)
    tab.page, tab.query = PAGES[c % len(PAGES)], "s=" + urllib.parse.quote(base)
    try:
        await tab.connect()
        first = await tab.rerun_reconnecting()
        tally.opens.append(first.ms)
        box = first.sentence_id()
        while time.monotonic() < end:
            for k in range(len(typed)):
                tab.set(box, "json_value", {"value": base + typed[: k + 1]})
                result = await tab.rerun_reconnecting()
                tally.exceptions += len(result.exceptions)
                if time.monotonic() < end:
                    tally.latencies.append(result.ms)
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                if time.monotonic() >= end:
                    break
            base, typed = sentence(rng)
    except Exception:  # a rerun that never came back counts as an error; the run goes on
        tally.failed += 1
    finally:
        tally.reconnects += tab.reconnects
        if tab.ws is not None:
            await tab.ws.close()


async def students(url: str, n: int, ramp: float, duration: float, think: float, tally: Tally) -> None:
    """n students opening the link over `ramp` seconds, all typing until the window closes."""
    t0 = time.monotonic()
    end = t0 + ramp + duration
    await asyncio.gather(*(student(url, c, t0 + ramp * c / n, end, think, tally) for c in range(n)))


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
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            text = f"{SUBJECTS[i]} like hot tea"
            page.goto(f"{url}/self_attention?s={urllib.parse.quote(text)}")
            page.wait_for_selector(IDLE, timeout=120_000)
            page.wait_for_function(FIRST_CHART_JS, timeout=120_000)
            page.evaluate(KEYDOWN_JS)
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


def main(argv=None) -> None:
    """Run the class and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--replicas", type=int, default=4)
    ap.add_argument("--sessions", type=int, default=300)
    ap.add_argument("--duration", type=float, default=120, help="seconds of typing after the ramp")
    ap.add_argument("--ramp", type=float, default=15, help="seconds over which the students open the link")
    ap.add_argument("--think", type=float, default=3.0, help="mean seconds between a student's keystrokes")
    ap.add_argument("--browsers", type=int, default=3, help="real Chromium tabs typing alongside")
    args = ap.parse_args(argv)
    port = free_port()
    with cluster(args.replicas, port, replica_ports=[free_port() for _ in range(args.replicas)]) as c:
        for r in c.replicas:
            run(warm(r.url))
        pids = [r.proc.pid for r in c.replicas]
        tally, peaks, stop = Tally(), {}, threading.Event()
        results = multiprocessing.Queue()
        chromium = multiprocessing.Process(target=browsers, args=(c.url, args.browsers, args.ramp + args.duration,
                                                                  results)) if args.browsers else None
        if chromium:  # the tabs are open before the class arrives; they type all through it
            chromium.start()
            assert results.get(timeout=300) == "ready"
        warm_rss = {pid: rss_mb(pid) for pid in pids}
        cpu0, own0 = {pid: cpu_seconds(pid) for pid in pids}, os.times()
        sampler = threading.Thread(target=sample_rss, args=(pids, stop, peaks), daemon=True)
        sampler.start()
        t0 = time.monotonic()
        run(students(c.url, args.sessions, args.ramp, args.duration, args.think, tally))
        wall = time.monotonic() - t0
        own = os.times()
        if chromium:
            tally.browser_ms, tally.browser_missed = results.get(timeout=300)
            chromium.join()
        stop.set()
        cpu = {pid: cpu_seconds(pid) - cpu0[pid] for pid in pids}
        end_rss = {pid: rss_mb(pid) for pid in pids}
        nginx_rss = rss_mb(c.nginx.pid)
    n, opened = len(tally.latencies), len(tally.opens)
    print(f"\n{args.sessions} students ({args.think:g} s mean think) over {args.replicas} replica(s) behind nginx, "
          f"{args.duration:g} s after a {args.ramp:g} s ramp, {args.browsers} Chromium tabs alongside")
    print(f"  keystroke → rerun finished: p50 {statistics.median(tally.latencies):.0f} ms, "
          f"p95 {pct(tally.latencies, 95):.0f} ms, max {max(tally.latencies):.0f} ms over {n} keystrokes")
    print(f"  page opened → first run finished: p50 {statistics.median(tally.opens):.0f} ms, "
          f"p95 {pct(tally.opens, 95):.0f} ms ({opened} tabs)")
    print(f"  reruns/s: {(n + opened) / wall:.1f} (keystrokes and page opens over the whole {wall:.0f} s)")
    print(f"  errors: {tally.exceptions} exception elements, {tally.failed} students whose rerun never finished, "
          f"{tally.reconnects} reconnects")
    if tally.browser_ms:
        print(f"  Chromium keystroke → every chart repainted: p50 {statistics.median(tally.browser_ms):.0f} ms, "
              f"p95 {pct(tally.browser_ms, 95):.0f} ms over {len(tally.browser_ms)} keystrokes "
              f"({tally.browser_missed} not repainted within 30 s)")
    for r, pid in zip(c.replicas, pids):
        print(f"  replica {r.port}: RSS warm {warm_rss[pid]:.0f} MB, peak {peaks.get(pid, end_rss[pid]):.0f} MB, "
              f"end {end_rss[pid]:.0f} MB; CPU {cpu[pid]:.0f} s ({100 * cpu[pid] / wall:.0f} % of a "
              "core)")
    print(f"  nginx RSS {nginx_rss:.0f} MB; the load generator itself (this process, same 2 cores): "
          f"{own.user + own.system - own0.user - own0.system:.0f} s CPU")


if __name__ == "__main__":
    main()
