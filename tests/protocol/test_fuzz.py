"""Hostile links and input over the websocket protocol: ≥ 1,000 reruns on every page, no traceback anywhere.

Each visit opens a page in a new session with hostile query parameters (as a shared link would), then types
hostile sentences into the box, moves between pages and, on the playground, makes random grid edits."""
import asyncio
import json
import random
import re
import statistics
import urllib.parse
from pathlib import Path

import pyarrow as pa

from benchmarks.protocol import Session, run
from lesson.messages import CATALOGUE
from tests.protocol.conftest import PAGES
from ui.view import PARAMS

SEED = 8
FAILED = set(CATALOGUE["notice.page_failed"].values())  # shown for a page that raised (logged "page … failed")
PAGE_FAILED = re.compile(r"^ERROR:root:page .* failed")
VISITS, ACTIONS, WORKERS = 128, 7, 3  # 128 × (1 + 7) = 1,024 reruns, three tabs at a time
HOSTILE = ["", " ", "abc", "1e3", "-1", "-0", "inf", "-inf", "nan", "NaN", "1" * 40, "-" + "9" * 40, "0x10", "１",
           "1.5", "0.05", "5.0001", "1e-400", "1e400", "true", "yes", "maybe", "[1,2]", "{}", "%", "&", "=", "+",
           "<img src=x onerror=alert(1)>", "<script>alert(1)</script>", "**bold** [x](http://e.com) ![i](x.png)",
           "\x00\x07\x1b[31m", "\u202eevil", "\ufeff\u200b", "\ud800", "a\udfffb", "𝕏" * 300, "猫" * 500,
           "a" * 5000, "I have a cat", "我有一只猫", "why do we work ?", "../../etc/passwd", "' OR 1=1 --",
           "$(rm -rf /)", "{s}", "%s%s%n", "\\", "`code`", "|a|b|", "\n\n", "\t"]
SENTENCES = HOSTILE + ["i have a cat and a dog", "the cat is cute", "我们为什么工作", "do you like tea ?",
                       "zzzz qqqq", "? ? ? ?", "a " * 200, "I" + " have" * 80]


def hostile_query(rng: random.Random) -> str:
    """A query string setting a random subset of the view-state parameters to hostile or valid values."""
    params = {}
    for p in PARAMS.values():
        if rng.random() < 0.5:
            valid = [str(o) for o in p.options] if p.options else [str(p.default)]
            params[p.url] = rng.choice(HOSTILE + valid)
    if rng.random() < 0.2:
        params["unknown_param"] = rng.choice(HOSTILE)
    if rng.random() < 0.125:  # the naive renderer (st.plotly_chart) validates every figure: a page may fail only there
        params["renderer"] = "naive"
    # as a browser sends it: percent-encoded UTF-8 (a lone surrogate cannot be encoded; it arrives as bytes that
    # are not UTF-8, which is what a hand-made link with %ED%A0%80 gives)
    return "&".join(f"{k}={urllib.parse.quote(v, errors='surrogatepass')}" for k, v in params.items())


def editor_shape(el) -> tuple[list[str], int]:
    """Column names and row count of a data editor's grid (from its Arrow data)."""
    table = pa.ipc.open_stream(el.arrow_data.data).read_all()
    return [c for c in table.column_names if not c.startswith("__")], table.num_rows


def grid_edit(rng: random.Random, el) -> dict:
    """A random edit a user could make in a playground grid: change cells, add or delete rows."""
    columns, n_rows = editor_shape(el)
    edit = {"edited_rows": {}, "added_rows": [], "deleted_rows": []}
    for _ in range(rng.randint(1, 4)):
        value = rng.choice(HOSTILE + ["0", "1", "2.5", "-3", "1e6", "1e7"])
        edit["edited_rows"].setdefault(str(rng.randrange(n_rows)), {})[rng.choice(columns)] = value
    if rng.random() < 0.3:
        edit["added_rows"] = [{rng.choice(columns): rng.choice(HOSTILE)} for _ in range(rng.randint(1, 80))]
    if rng.random() < 0.2 and n_rows > 1:
        edit["deleted_rows"] = [rng.randrange(n_rows)]
    return edit


async def act(rng: random.Random, tab: Session, run):
    """One user action: type, move to another page, or edit a playground grid; return the new run."""
    editors = run.widgets("dataframe") if tab.page == "playground" else []
    roll = rng.random()
    if editors and roll < 0.5:
        wid, el = rng.choice(editors)
        tab.set(wid, "string_value", json.dumps(grid_edit(rng, el)))
    elif roll < 0.85 and run.sentence_id():
        tab.set(run.sentence_id(), "json_value", {"value": rng.choice(SENTENCES)})
    else:
        return await tab.rerun(page=rng.choice(PAGES))
    return await tab.rerun()


async def visit(url: str, rng: random.Random, results: list) -> None:
    """Open a hostile link in a new tab, then act on it."""
    async with Session(url) as tab:
        run = await tab.rerun(rng.choice(PAGES), hostile_query(rng))
        results.append((tab.page, run))
        for _ in range(ACTIONS):
            run = await act(rng, tab, run)
            results.append((tab.page, run))


async def fuzz(url: str) -> list:
    """All visits, WORKERS tabs at a time; returns (page, run) per rerun."""
    results, rng = [], random.Random(SEED)
    seeds = [rng.randrange(2**32) for _ in range(VISITS)]

    async def worker(k: int) -> None:
        for seed in seeds[k::WORKERS]:
            await visit(url, random.Random(seed), results)

    await asyncio.gather(*(worker(k) for k in range(WORKERS)))
    return results


async def warm_up(url: str) -> None:
    """Open every page once (imports and caches), outside the measured runs."""
    async with Session(url) as tab:
        for page in PAGES:
            await tab.rerun(page, "s=I+have+a+cat")


MAX_RERUN_BYTES = 4 * 2**20  # the largest rerun any link may cause (measured: 0.36 MB, lab_timeline)
MAX_PEAK_RSS_MB = 2048  # the server's peak memory (measured: 958 MB); a link asking for a huge allocation fails it
OWN_SERVER = True  # the peak memory is this module's alone (tests/protocol/conftest.py)


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM) in MB."""
    line = next(x for x in Path(f"/proc/{pid}/status").read_text().splitlines() if x.startswith("VmHWM:"))
    return int(line.split()[1]) / 1024


def test_hostile_links_and_input_never_show_a_traceback(server):
    """No traceback, no logged error, and no link that makes the server send or allocate without bound (sizes, not
    times: a slow rerun on a busy machine is not a defect, an unbounded one is)."""
    run(warm_up(server.url))
    results = run(fuzz(server.url))
    ms = sorted(run.ms for _, run in results)
    largest = max(results, key=lambda r: r[1].nbytes)
    tracebacks = [(page, e) for page, run in results for e in run.exceptions]
    failed = [page for page, run in results if FAILED & set(run.alerts())]  # what the user sees
    print(f"\nfuzz: {len(results)} reruns on {len({p for p, _ in results})} pages, {len(tracebacks)} tracebacks, "
          f"{len(server.errors())} log errors, p50 {statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms, largest rerun "
          f"{largest[1].nbytes / 2**20:.2f} MB ({largest[0]}), server peak RSS {peak_rss_mb(server.pid):.0f} MB")
    assert len(results) >= 1000
    assert {page for page, _ in results} == set(PAGES)
    assert tracebacks == []
    assert failed == [], f"{len(failed)} reruns showed the page-failed message"
    assert [r for r in server.errors() if PAGE_FAILED.search(r)] == [], "the server logged page failures"
    assert server.errors() == []
    assert largest[1].nbytes < MAX_RERUN_BYTES, largest[1].query
    assert peak_rss_mb(server.pid) < MAX_PEAK_RSS_MB
    notices = [a for _, run in results for a in run.alerts() if "link" in a]
    assert notices, "hostile links are reported on the page"
