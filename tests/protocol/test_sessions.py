"""Thirty sessions typing at once: each sees exactly what it would see alone, and never another's sentence."""
import asyncio
import statistics
import string

from benchmarks.protocol import Run, Session, run
from tests.protocol.conftest import PAGES

N_SESSIONS, KEYSTROKES = 30, 10
OWN_SERVER = True  # a class opens the link on a fresh server at once (tests/protocol/conftest.py)
VIEW_PAGES = ["self_attention", "decoding", "overview"]
SUBJECTS = ["i", "you", "he", "she", "we", "they"]
OBJECTS = ["a cat", "two books", "tea", "apples", "a dog"]
TYPED = " every day at school"


def marker(c: int) -> str:
    """A word no other session types (five letters, so no marker contains another)."""
    return "zq" + string.ascii_lowercase[c // 26 % 26] + string.ascii_lowercase[c % 26] + "x"


def keystrokes(c: int) -> list[str]:
    """What session c's box holds after each keystroke."""
    base = f"{marker(c)} {SUBJECTS[c % 6]} like {OBJECTS[c % 5]}"
    return [base + TYPED[: k + 1] for k in range(KEYSTROKES)]


def page_of(run: Run) -> dict:
    """The page as a comparable value: every element and block by delta path, as its serialised bytes."""
    return {path: el.SerializeToString(deterministic=True) for path, el in run.elements.items()}


async def typist(url: str, c: int, latencies: list[float]) -> tuple[Session, Run, list[bytes]]:
    """Open a page, type a sentence key by key; return the tab, its last run and everything it received."""
    texts, received = keystrokes(c), []
    async with Session(url) as tab:
        run = await tab.rerun(VIEW_PAGES[c % 3], "layer=1&head=2" if c % 2 else "")
        tab.set(run.sentence_id(), "json_value", {"value": texts[0]})
        for text in texts:
            tab.set(run.sentence_id(), "json_value", {"value": text})
            run = await tab.rerun()
            latencies.append(run.ms)
            received += run.raw
        return tab, run, received


async def alone(url: str, page: str, query: str) -> Run:
    """A fresh tab opened at the same page and link."""
    async with Session(url) as tab:
        return await tab.rerun(page, query)


async def together(url: str):
    latencies: list[float] = []
    tabs = await asyncio.gather(*(typist(url, c, latencies) for c in range(N_SESSIONS)))
    return tabs, latencies


def test_thirty_sessions_typing_at_once_never_mix(server):
    # no warm-up: a class opens the link on a fresh server at once (legacy pages mode is switched off mid-way)
    tabs, latencies = run(together(server.url))
    mismatches, leaks = [], []
    for c, (tab, last, received) in enumerate(tabs):
        assert marker(c) in tab.query, "the URL holds the session's own sentence"
        reference = run(alone(server.url, tab.page, tab.query))
        assert len(page_of(last)) > 30 and last.sentence_id(), "the whole page, inside the shell"
        if page_of(last) != page_of(reference):
            diff = sorted(p for p in set(page_of(last)) | set(page_of(reference))
                          if page_of(last).get(p) != page_of(reference).get(p))
            mismatches.append((c, tab.page, diff[:5]))
        blob = b"".join(received)
        leaks += [(c, o) for o in range(N_SESSIONS) if o != c and marker(o).encode() in blob]
    ms = sorted(latencies)
    print(f"\n{N_SESSIONS} sessions × {KEYSTROKES} keystrokes: p50 {statistics.median(ms):.0f} ms, "
          f"p95 {ms[int(0.95 * len(ms))]:.0f} ms; {len(mismatches)} mismatches, {len(leaks)} leaks")
    assert leaks == []
    assert mismatches == []
    assert server.errors() == []
    assert all(not run.exceptions for _, run, _ in tabs)
    assert set(VIEW_PAGES) <= set(PAGES)
