"""Memory stays bounded: after 500 reruns from 30 sessions that then leave, RSS is back near its warm level.

The warm-up types more distinct sentences than the trace cache holds (143 of these six-word sentences in its 96 MB),
and the answers' map (ui/shared.ANSWERS) runs at 8 MB (ATTENTION_LAB_SHARED_MB), so every bounded cache is full before
the baseline is taken; what is measured after it is what sessions leave behind. (With the payload maps it replaced at
96 MB each, they were still filling after the warm-up: +10–12 %.)
The warm-up is 500 reruns long: after 150 the process had not reached its plateau.
Streamlit keeps a closed session for `server.disconnectedSessionTTL` seconds (120 by default) so that a dropped tab
can reconnect; this server uses 2 s, and each measurement waits past it and opens one short probe session, which is
when Streamlit drops the expired ones, then waits past the server's next trim of the allocator's free memory
(ui/server.TRIM_EVERY_S).

The bound is a leak's size, not a percentage. What is not a leak moved RSS by up to 88 MB over the warm level (2,000
reruns past the warm-up with the server's malloc statistics read in it, docs/serving.md; in CI 772 -> 856 MB, +11 %,
failed the 10 % bound this replaced): cyclic garbage of Streamlit's reruns waiting for a full collection (the app
turns off the one after each run) moved malloc's in-use memory within 330–401 MB, and the free memory glibc's arenas
keep grew by 30–110 MB each 500 reruns (the server trims it now, in part); in-use memory and Python's block count had
a plateau, not a climb. A leak worth catching keeps a rerun's trace (~0.67 MB for these sentences: 96 MB / 143) or a
leaving session's traces: 500 reruns of either leave 300+ MB behind (a trace kept per rerun, injected: +371 MB). A
session's own state kept after it left (~110 KB each) is below this test's noise: test_session_state checks it."""
import asyncio
import time
from pathlib import Path

from benchmarks.protocol import Session, run
from ui.server import TRIM_EVERY_S, malloc_trim

N_SESSIONS, WARM_RERUNS, RERUNS = 30, 500, 500
FIRST = 12**4  # sentence numbers from here on all have six words: cached traces of the same size in both phases
SESSION_TTL = 2
SHARED_MB = 8  # ui/shared.py's per-view cache, filled by the warm-up at this size (at the default it is not)
LEAK_MB = 150  # above the 88 MB that is not a leak, below the 300+ MB of a trace kept per rerun (see above)
SERVER_ENV = {"STREAMLIT_SERVER_DISCONNECTED_SESSION_TTL": str(SESSION_TTL), "ATTENTION_LAB_SHARED_MB": str(SHARED_MB)}
PAGES = ["multi_head", "decoding", "add_norm", "self_attention"]
WORDS = ["cat", "dog", "tea", "books", "apples", "school", "home", "every", "day", "like", "have", "read"]


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def sentence(k: int) -> str:
    """The k-th distinct sentence (words chosen by k's digits in base 12)."""
    words = []
    while True:
        words.append(WORDS[k % 12])
        k //= 12
        if not k:
            return "i " + " ".join(words)


async def session(url: str, c: int, keys: range) -> None:
    """One tab typing sentences keys[0], keys[1], … on its page, then leaving."""
    async with Session(url) as tab:
        run = await tab.rerun(PAGES[c % len(PAGES)], "")
        for k in keys:
            tab.set(run.sentence_id(), "json_value", {"value": sentence(k)})
            run = await tab.rerun()
            assert not run.exceptions


async def reruns(url: str, start: int, total: int) -> None:
    """`total` reruns spread over N_SESSIONS tabs, sentences start, start + 1, …"""
    per = total // N_SESSIONS + 1
    await asyncio.gather(*(session(url, c, range(start + c * per, start + (c + 1) * per)) for c in range(N_SESSIONS)))


async def probe(url: str) -> None:
    """One short session: Streamlit expires disconnected sessions when its session store is next used."""
    async with Session(url) as tab:
        await tab.rerun(PAGES[0], "s=probe")


def settled_rss(url: str, pid: int) -> float:
    """RSS once the closed sessions have outlived their TTL and been dropped, and the allocator was trimmed since."""
    time.sleep(SESSION_TTL + 1)
    run(probe(url))
    time.sleep(TRIM_EVERY_S + 1)
    return rss_mb(pid)


def test_rss_returns_to_its_warm_level_after_sessions_leave(server):
    run(reruns(server.url, FIRST, WARM_RERUNS))
    warm = settled_rss(server.url, server.pid)
    run(reruns(server.url, FIRST + 5_000, RERUNS))
    after = settled_rss(server.url, server.pid)
    print(f"\nRSS after warm-up {warm:.0f} MB, after {RERUNS} more reruns from {N_SESSIONS} sessions that left "
          f"{after:.0f} MB ({after - warm:+.0f} MB, {100 * (after / warm - 1):+.1f} %)")
    assert after - warm <= LEAK_MB
    assert server.errors() == []


def test_the_server_finds_the_allocators_trim():
    """On glibc (CI's and the Docker image's C library) the housekeeping finds malloc_trim, which answers 1 when it
    gave memory back and 0 when it had none to give; elsewhere it would find None and never trim."""
    trim = malloc_trim()
    assert trim is not None
    assert trim(0) in (0, 1)
