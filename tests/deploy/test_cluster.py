"""Four replicas behind nginx: browsers spread over them and each stays on one; when a replica dies in the middle
of typing, its students reconnect to another and see the same view, with their sentence and no error."""
import asyncio
import random
import signal
import statistics
import string
import threading
import time
import urllib.parse
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from benchmarks.protocol import Run, Session, page_cookies, run
from deploy.serve import wait_healthy

# One worker runs the module in order on one cluster (pytest-xdist's loadgroup): its tests go on from the state the
# earlier ones leave (replicas warm, some killed and restarted), and two clusters of four replicas must not compete.
pytestmark = pytest.mark.xdist_group("cluster")
REPLICAS = 4
SPREAD_SESSIONS = 300
TYPISTS, KEYSTROKES, THINK = 8, 14, 0.25
VIEWS = [("self_attention", "layer=1&head=2"), ("decoding", ""), ("overview", "")]
TYPED = " every day at school"


async def together(*coroutines) -> list:
    """Run coroutines at once (for benchmarks.protocol.run, which takes one coroutine)."""
    return await asyncio.gather(*coroutines)


def upstreams(cluster, key: str) -> list[str]:
    """The replica of every request nginx logged for this replica key and passed to a replica (not answered from
    its cache)."""
    return [e["upstream"] for e in cluster.access_log() if e["key"] == key and e["upstream"]]


def test_three_hundred_browsers_spread_over_the_replicas_and_each_keeps_one(app_cluster):
    keys = [page_cookies(f"{app_cluster.url}/")["al_replica"] for _ in range(SPREAD_SESSIONS)]
    assert len(set(keys)) == SPREAD_SESSIONS, "every new browser gets its own key"
    for key in keys[:20]:  # the same browser comes back: same replica
        for _ in range(2):
            req = urllib.request.Request(f"{app_cluster.url}/_stcore/health", headers={"Cookie": f"al_replica={key}"})
            urllib.request.urlopen(req, timeout=10).read()
    first = {key: upstreams(app_cluster, key) for key in keys}
    per_replica = Counter(log[0] for log in first.values())
    print(f"\n{SPREAD_SESSIONS} browsers over {REPLICAS} replicas: "
          + ", ".join(f"{u.rsplit(':', 1)[1]}: {n}" for u, n in sorted(per_replica.items())))
    assert sorted(per_replica) == sorted(f"127.0.0.1:{r.port}" for r in app_cluster.replicas)
    assert min(per_replica.values()) >= SPREAD_SESSIONS / REPLICAS / 2, per_replica
    assert all(len(first[k]) == 3 and len(set(first[k])) == 1 for k in keys[:20])


async def open_and_rerun(url: str, c: int) -> Session:
    """A browser tab: the page over HTTP (cookie), the websocket, one rerun, a component file over HTTP."""
    tab = Session(url, browser=True)
    tab.page, tab.query = "self_attention", f"s=tab+{c}"
    async with tab:
        run = await tab.rerun()
        assert not run.exceptions and run.sentence_id()
    chart_js = f"{url}/component/ui.chart.chart_js/chart.js"
    req = urllib.request.Request(chart_js, headers={"Cookie": f"al_replica={tab.cookies['al_replica']}"})
    await asyncio.to_thread(lambda: urllib.request.urlopen(req, timeout=10).read())
    return tab


def test_a_tabs_websocket_and_its_http_requests_reach_one_replica(app_cluster):
    tabs = run(together(*(open_and_rerun(app_cluster.url, c) for c in range(8))))
    time.sleep(0.5)  # nginx logs a websocket when it closes
    for tab in tabs:
        log = [e for e in app_cluster.access_log() if e["key"] == tab.cookies["al_replica"]]
        kinds = {e["request"].split()[1].split("?")[0] for e in log}
        assert {"/self_attention", "/_stcore/stream", "/component/ui.chart.chart_js/chart.js"} <= kinds, kinds
        assert len({e["upstream"] for e in log}) == 1, log


def marker(c: int) -> str:
    """A word only typist c types."""
    return "zq" + string.ascii_lowercase[c] + "x"


def page_of(run: Run) -> dict:
    """The page as a comparable value: every element and block by delta path, serialised."""
    return {path: el.SerializeToString(deterministic=True) for path, el in run.elements.items()}


async def typist(url: str, c: int, runs: list[Run]) -> tuple[Session, Run]:
    """Open a view through nginx and type a sentence key by key, reconnecting whenever the replica goes away;
    return the tab and its last run."""
    page, query = VIEWS[c % len(VIEWS)]
    base = f"{marker(c)} i like tea"
    tab = Session(url, browser=True)
    tab.page, tab.query = page, "&".join(q for q in (query, "s=" + urllib.parse.quote(base)) if q)
    await tab.connect()
    last = await tab.rerun_reconnecting()
    box = last.sentence_id()
    for k in range(KEYSTROKES):
        tab.set(box, "json_value", {"value": base + TYPED[: k + 1]})
        last = await tab.rerun_reconnecting()
        runs.append(last)
        await asyncio.sleep(THINK)
    await tab.ws.close()
    return tab, last


async def reference(url: str, page: str, query: str) -> Run:
    """What a fresh browser opening the same link sees."""
    async with Session(url, browser=True) as tab:
        return await tab.rerun(page, query)


def test_students_on_a_killed_replica_reconnect_to_another_and_keep_their_view(app_cluster):
    runs: list[Run] = []
    killed: list[int] = []

    def kill_busiest() -> None:
        """After a few keystrokes, SIGKILL the replica that holds the most typists."""
        time.sleep(2.5)
        opened = [e for e in app_cluster.access_log() if "zq" in e["request"] and e["request"].startswith("GET /")]
        busiest = Counter(e["upstream"] for e in opened).most_common(1)[0][0]
        replica = app_cluster.replica_of(int(busiest.rsplit(":", 1)[1]))
        replica.stop(signal.SIGKILL)
        killed.append(replica.port)

    killer = threading.Thread(target=kill_busiest)
    killer.start()
    tabs = run(together(*(typist(app_cluster.url, c, runs) for c in range(TYPISTS))))
    killer.join()
    assert killed, "a replica was killed mid-run"
    dead = f"127.0.0.1:{killed[0]}"
    on_dead = [tab for tab, _ in tabs if upstreams(app_cluster, tab.cookies["al_replica"])[0] == dead]
    assert on_dead, "some typists were on the killed replica"
    assert all(tab.reconnects >= 1 for tab in on_dead), [tab.reconnects for tab in on_dead]
    assert all(upstreams(app_cluster, tab.cookies["al_replica"])[-1] != dead for tab in on_dead)
    assert all(not r.exceptions for r in runs), [r.exceptions for r in runs if r.exceptions]
    for c, (tab, last) in enumerate(tabs):
        typed = f"{marker(c)} i like tea{TYPED[:KEYSTROKES]}"
        assert urllib.parse.parse_qs(tab.query)["s"] == [typed], "the link holds the whole sentence"
        assert len(page_of(last)) > 30 and last.sentence_id(), "the whole page, inside the shell"
        assert page_of(last) == page_of(run(reference(app_cluster.url, tab.page, tab.query))), (c, tab.page)
    ms = sorted(r.ms for r in runs)
    print(f"\nkilled replica {killed[0]} mid-run: {len(on_dead)} of {TYPISTS} typists were on it and reconnected "
          f"({sum(tab.reconnects for tab in on_dead)} reconnects); {len(runs)} reruns, "
          f"p50 {statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms, 0 exceptions")


def replica_for(cluster, key: str) -> str:
    """Load the page with this replica key; the replica nginx sent it to. nginx writes the access-log line after
    the response has gone out, so wait (up to 5 s) for the new line rather than read the one before it."""
    before = len(upstreams(cluster, key))
    page_cookies_with = urllib.request.Request(f"{cluster.url}/", headers={"Cookie": f"al_replica={key}"})
    urllib.request.urlopen(page_cookies_with, timeout=30).read()
    deadline = time.monotonic() + 5
    while len(logged := upstreams(cluster, key)) <= before and time.monotonic() < deadline:
        time.sleep(0.05)
    return logged[-1]


def test_the_health_check_restarts_a_dead_replica_and_its_browsers_return_to_it(app_cluster):
    replica = next(r for r in app_cluster.replicas if r.proc.poll() is None)
    home = f"127.0.0.1:{replica.port}"
    key = next(k for k in (f"health-{i}" for i in range(200)) if replica_for(app_cluster, k) == home)
    replica.stop(signal.SIGKILL)
    assert replica_for(app_cluster, key) != home, "while it is down its browsers are served elsewhere"
    assert replica.check() is False and replica.restarts == 1, "a replica that exited is restarted at once"
    wait_healthy(replica.url, 120)
    assert replica.check() is True
    time.sleep(5.5)  # nginx retries a failed server after fail_timeout
    assert replica_for(app_cluster, key) == home, "the restarted replica gets its browsers back"


def test_a_load_benchmark_student_sends_what_a_browser_sends(app_cluster):
    """benchmarks.load's student, through nginx: one route request per keystroke (s = the box, p = the previous
    request), all on the replica of its page load, answered 200 with the page's charts; a rerun after each pause in
    typing and after the last key; no error."""
    from benchmarks.load import Tab, Tally, type_sentence

    text, tally = "i like tea .", Tally()

    async def one_sentence() -> Tab:
        tab, pending = Tab(app_cluster.url, "self_attention"), set()
        await tab.open(tally)
        await type_sentence(tab, text, 5.0, random.Random(0), time.monotonic() + 60, tally, pending)
        await asyncio.gather(*pending)
        await tab.session.ws.close()
        tab.close()
        return tab

    tab = run(one_sentence())
    key = tab.session.cookies["al_replica"]
    routes = [e for e in app_cluster.access_log() if e["key"] == key and "/_al/live/self_attention?" in e["request"]]
    asked = [urllib.parse.parse_qs(urllib.parse.urlsplit(e["request"].split()[1]).query, keep_blank_values=True)
             for e in routes]
    assert tally.keys == len(text) and tally.route_errors == tally.exceptions == tally.failed == 0
    assert 1 <= len(tally.reruns) <= len(text), "a rerun after each pause, and after the last key"
    assert sorted(q["s"][0] for q in asked) == sorted(text[:k] for k in range(1, len(text) + 1))
    assert all(q["p"][0] == q["s"][0][:-1] for q in asked), "p: the previous keystroke's text"
    assert {e["status"] for e in routes} == {"200"} and len(set(upstreams(app_cluster, key))) == 1


def route_get(url: str, key: str) -> tuple[int, bytes, str]:
    """GET a keystroke-route URL as a browser with this replica key: status, body and nginx's cache status."""
    req = urllib.request.Request(url, headers={"Cookie": f"al_replica={key}"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.status, r.read(), r.headers.get("X-AL-Cache", "")


def logged(cluster, text: str, n: int) -> list[dict]:
    """The access-log lines of route requests for `text` (wait up to 5 s for n of them: nginx logs after the answer)."""
    s = "s=" + urllib.parse.quote(text, safe="")
    deadline = time.monotonic() + 5
    while len(lines := [e for e in cluster.access_log() if ("/_al/live/" in e["request"] or "/_al/follow/" in
                                                            e["request"]) and s in e["request"]]) < n:
        if time.monotonic() > deadline:
            break
        time.sleep(0.05)
    return lines


def test_a_keystroke_answer_is_kept_for_the_class_and_what_a_visitor_types_for_that_visitor(app_cluster):
    """nginx keeps the route's answers under the query string without p (the previous keystroke): students
    following a class (/_al/follow/) on any replica, whatever they typed before, get the bytes a replica computes
    for that text, and after 24 students asked at once for a text nobody asked before, nginx answers it. What a
    visitor types on their own (/_al/live/) is kept for their browser alone: another browser asking for the same
    text is a MISS (issue 54: a shared cache let anyone time what others typed)."""
    text = "the old teacher reads a long book at home ."
    route = f"{app_cluster.url}/_al/follow/self_attention?layer=1&head=2&s=" + urllib.parse.quote(text, safe="")
    first = route_get(route + "&p=" + urllib.parse.quote(text[:-1]), "cache-a")
    again = route_get(route + "&p=", "cache-b")
    replica = next(r for r in app_cluster.replicas if r.proc.poll() is None)  # earlier tests kill and restart some
    wait_healthy(replica.url, 120)
    own = route.replace("/_al/follow/", "/_al/live/")
    with urllib.request.urlopen(replica.url + own[len(app_cluster.url):] + "&p=x", timeout=60) as r:
        replica_body = r.read()
    assert first[0] == again[0] == 200 and first[2] == "MISS" and again[2] == "HIT"
    assert first[1] == again[1] == replica_body and len(replica_body) > 1000
    other = route_get(route.replace("head=2", "head=3"), "cache-a")
    assert other[2] == "MISS" and other[1] != first[1], "another view is another answer"
    typed = [route_get(own + "&p=", key) for key in ("typist", "typist", "prober")]
    assert [t[2] for t in typed] == ["MISS", "HIT", "MISS"] and len({t[1] for t in typed}) == 1

    new = "my mother drinks hot tea with my father ."
    url = f"{app_cluster.url}/_al/follow/self_attention?s=" + urllib.parse.quote(new, safe="")
    with ThreadPoolExecutor(24) as pool:
        answers = list(pool.map(lambda c: route_get(f"{url}&p={c}", f"class-{c}"), range(24)))
    assert {a[0] for a in answers} == {200} and len({a[1] for a in answers}) == 1
    assert len(logged(app_cluster, new, 24)) == 24
    assert route_get(f"{url}&p=late", "class-late")[2] == "HIT"  # kept once for every later student
