"""A class across two replicas behind nginx, sharing Redis: followers on either replica get each lecturer keystroke;
killing a replica mid-class and restarting Redis lose no follower for more than a few seconds, and no class."""
import asyncio
import signal
import time
import urllib.parse

import pytest

from benchmarks import classroom
from benchmarks.protocol import run
from ui.classroom.routes import PING
from ui.classroom.store import RedisStore

pytestmark = pytest.mark.xdist_group("cluster")
REPLICAS = 2
FOLLOWERS = 24


def base_of(cluster) -> tuple[str, int]:
    parts = urllib.parse.urlsplit(cluster.url)
    return parts.hostname, parts.port


async def lecture_through_failures(cluster) -> dict:
    """A class of FOLLOWERS: a sentence typed, a replica killed, another typed, Redis restarted, a third typed."""
    store, base = RedisStore(cluster.redis.url), base_of(cluster)
    code, key, followers, tasks, stop = await classroom.open_class(base, store, FOLLOWERS, fetchers=FOLLOWERS)
    lecture, marks = classroom.Lecture(), {}
    await classroom.type_sentence(base, store, code, key, "I have a cat", 0.1, lecture)
    marks["before"] = max(lecture.sent)
    victim = cluster.replicas[0]
    victim.stop(signal.SIGKILL)  # its students' streams break; they reopen through nginx on the other replica
    await asyncio.sleep(0.5)
    await classroom.type_sentence(base, store, code, key, "The cat sat", 0.1, lecture)
    marks["replica"] = max(lecture.sent)
    victim.start()
    cluster.redis.stop()  # every replica's subscriber loses Redis; the class is in its append-only file
    await asyncio.sleep(1.0)
    cluster.redis.start()
    await classroom.type_sentence(base, store, code, key, "The dog ran", 0.1, lecture)
    marks["redis"] = max(lecture.sent)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(f.last_id < marks["redis"] for f in followers):
        await asyncio.sleep(0.1)
    await classroom.finish(followers, tasks, stop, 10.0)
    return {"followers": followers, "lecture": lecture, "marks": marks, "code": code, "store": store}


def stream_replicas(cluster, want: int, wait: float) -> set[str]:
    """The replicas that served the class's event streams, read from nginx's log; a stream is logged only once nginx
    has seen its student hang up (at the latest on the next ping), so wait up to `wait` s for `want` of them."""
    deadline = time.monotonic() + wait
    while True:
        served = {e["upstream"] for e in cluster.access_log() if "/events?" in e["request"]}
        if len(served) >= want or time.monotonic() > deadline:
            return served
        time.sleep(0.2)


def test_followers_survive_a_dead_replica_and_a_redis_restart(app_cluster):
    result = run(lecture_through_failures(app_cluster))  # Playwright's loop may run in this worker
    followers, marks = result["followers"], result["marks"]
    for f in followers:  # every follower got the last keystroke of each phase
        assert {marks["before"], marks["replica"], marks["redis"]} <= set(f.received), (f.name, f.errors)
    served = stream_replicas(app_cluster, REPLICAS, PING + 5)
    assert len(served) == REPLICAS  # the class's streams were served by both replicas
    gaps = [again - dropped for f in followers for dropped, again in f.reconnects]
    assert gaps and max(gaps) < 10, gaps  # the killed replica's students were back within seconds
    lecture = result["store"].lecture(result["code"])
    assert lecture.params == {"s": "The dog ran"} and lecture.seq == marks["redis"]  # the class outlived it all
    receipts = classroom.latencies(followers, result["lecture"], "received")
    print("keystroke → receipt", classroom.summary(receipts), "; reconnect gaps", [round(g, 1) for g in gaps])
