"""Each session's own data is bounded and released when the session ends.

Per-session data lives in st.session_state (the greedy draft per model, the playground's grids, notices, widget
values). Streamlit's /_stcore/metrics reports it: with `server.enableExpensiveMemoryStats` the deep size in bytes
of every connected session's state, and counters of connects and reconnects. A tab that drops keeps its session
for `server.disconnectedSessionTTL` seconds so it can resume; after that the session and its state are gone."""
import asyncio
import re
import time
import urllib.request

from benchmarks.protocol import Session, run

SESSION_TTL = 3
SERVER_ENV = {"STREAMLIT_SERVER_DISCONNECTED_SESSION_TTL": str(SESSION_TTL),
              "STREAMLIT_SERVER_ENABLE_EXPENSIVE_MEMORY_STATS": "true"}
PAGES = ["self_attention", "decoding", "multi_head", "playground", "lab_pairs", "overview"]
WORDS = ["cat", "dog", "tea", "books", "apples", "school", "home", "every", "day", "like", "have", "read"]


def metrics(url: str) -> dict[str, float]:
    """Streamlit's metrics (OpenMetrics text) as {name{labels}: value}."""
    text = urllib.request.urlopen(f"{url}/_stcore/metrics", timeout=10).read().decode()
    return {m[0]: float(m[1]) for m in re.findall(r"^([^#\s]\S*) (\S+)$", text, re.M)}


def state_bytes(url: str) -> float:
    """Deep size of the connected sessions' st.session_state (the metrics keep a figure for 5 s)."""
    time.sleep(5.2)
    return metrics(url)['cache_memory_bytes{cache_type="st_session_state",cache=""}']


def events(url: str) -> tuple[float, float]:
    """(connects, reconnects) so far."""
    m = metrics(url)
    return m['session_events_total{type="connect"}'], m['session_events_total{type="reconnect"}']


def sentence(k: int) -> str:
    """The k-th six-word sentence (all the same length in tokens)."""
    return "i " + " ".join(WORDS[(k // 12**i) % 12] for i in range(5))


async def type_on(tab: Session, keys: range) -> None:
    """Type sentences keys[0], keys[1], … into the box, moving through the pages."""
    for k in keys:
        run_ = await tab.rerun(PAGES[k % len(PAGES)], None)
        tab.set(run_.sentence_id(), "json_value", {"value": sentence(k)})
        run_ = await tab.rerun()
        assert not run_.exceptions


async def scenario(url: str) -> dict:
    """One tab: visit every page (its state complete), measure, type 60 more sentences, measure; drop, resume,
    drop again; and after the TTL try to resume once more."""
    out = {}
    tab = Session(url)
    await tab.connect()
    await tab.rerun(PAGES[0], "s=i+like+tea")
    await type_on(tab, range(20_000, 20_000 + 2 * len(PAGES)))
    out["after_pages"] = await asyncio.to_thread(state_bytes, url)
    await type_on(tab, range(30_000, 30_060))
    out["after_typing"] = await asyncio.to_thread(state_bytes, url)
    await tab.ws.close()
    out["before_resume"] = events(url)
    await tab.connect(resume=True)  # within the TTL: the same session, its state kept
    first_id = tab.session_id
    out["resumed"] = await tab.rerun()
    out["same_session"] = tab.session_id == first_id
    out["after_resume"] = events(url)
    await tab.ws.close()
    await asyncio.sleep(SESSION_TTL + 1)
    async with Session(url) as probe:  # Streamlit drops expired sessions when its session store is next used
        await probe.rerun(PAGES[0], "s=probe")
    await tab.connect(resume=True)
    await tab.rerun()
    out["after_expiry"] = events(url)
    out["new_session"] = tab.session_id != first_id
    await tab.ws.close()
    return out


def test_a_sessions_state_is_bounded_and_released_after_the_ttl(server):
    out = run(scenario(server.url))
    print(f"\nsession state: {out['after_pages'] / 1024:.0f} KB after visiting every page, "
          f"{out['after_typing'] / 1024:.0f} KB after 60 more sentences")
    assert out["after_typing"] <= 1.10 * out["after_pages"], "a session's state does not grow with typing"
    (c0, r0), (c1, r1), (c2, r2) = out["before_resume"], out["after_resume"], out["after_expiry"]
    assert (c1 - c0, r1 - r0) == (0, 1) and out["same_session"], "a dropped tab resumes its session within the TTL"
    assert not out["resumed"].exceptions and out["resumed"].sentence_id()
    assert (c2 - c1, r2 - r1) == (2, 0) and out["new_session"], "after the TTL the session and its state are gone"
    assert server.errors() == []
