"""The class store's contract, the same for the in-process store and Redis: codes, the lecturer key, steering,
sentences to the front (length, rate, only while asked, hidden), presence, expiry, and a Redis restart."""
import threading
import time

import pytest

from ui.classroom import store as classes
from ui.classroom.store import Lecture, MemoryStore, RedisStore, Refused


@pytest.fixture(params=["memory", "redis"])
def make(request):
    """A function making a fresh store of the parametrised kind (ttl: seconds of silence before a class expires)."""
    if request.param == "memory":
        return lambda ttl=classes.TTL: MemoryStore(ttl)
    server = request.getfixturevalue("redis_server")

    def redis_store(ttl=classes.TTL):
        s = RedisStore(server.url, ttl)
        s.redis.flushdb()
        return s
    return redis_store


def test_a_class_has_a_code_and_only_its_key_steers(make):
    s = make()
    code, key = s.create("overview", {"s": "I have a cat"})
    assert classes.well_formed(code) and len(key) >= 32
    assert s.lecture(code) == Lecture(1, "overview", {"s": "I have a cat"})
    new = s.steer(code, key, "self_attention", {"s": "The cat sat", "head": "2"})
    assert (new.seq, new.page, new.params) == (2, "self_attention", {"s": "The cat sat", "head": "2"})
    assert s.steer(code, key, "self_attention", {"s": "The cat sat", "head": "2"}).seq == 2  # nothing changed
    for forged in ("", key[:-1] + ("A" if key[-1] != "A" else "B"), "x" * 200):
        with pytest.raises(Refused, match="class.refused_key"):
            s.steer(code, forged, "overview", {"s": "pwned"})
    assert s.lecture(code).params["s"] == "The cat sat"
    with pytest.raises(Refused, match="class.refused_unknown"):
        s.steer("ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY", key, "overview", {})


def test_codes_are_unique_and_hard_to_guess(make):
    s = make()
    codes = {s.create("overview", {})[0] for _ in range(50)}
    assert len(codes) == 50 and all(classes.well_formed(c) for c in codes)
    assert sum(s.lecture(c) is not None for c in ("AAAAAA", "BBBBBB", "234567")) == len(
        codes & {"AAAAAA", "BBBBBB", "234567"})
    assert classes.normalised(" k7pq-2m ") == "K7PQ2M"
    assert not classes.well_formed("K7PQ2") and not classes.well_formed("K7PQ0M") and not classes.well_formed("<b>x")


def test_sentences_go_to_the_lecturer_alone_within_limits(make, monkeypatch):
    s = make()
    code, key = s.create("overview", {})
    with pytest.raises(Refused, match="class.refused_closed"):  # no question asked yet
        s.send(code, "student-one", "A cat")
    s.steer(code, key, "overview", {}, ask="Find a sentence where it refers to the animal")
    assert s.lecture(code).ask == "Find a sentence where it refers to the animal"
    first = s.send(code, "student-one", "  The animal was\ttired <b>because</b>\n it ran ")
    assert first.text == "The animal was tired <b>because</b> it ran"  # kept as text: shown as text only
    with pytest.raises(Refused, match="class.refused_rate"):
        s.send(code, "student-one", "Another one")
    with pytest.raises(Refused, match="class.refused_long"):
        s.send(code, "student-two", "x" * (classes.SENTENCE_CHARS + 1))
    with pytest.raises(Refused, match="class.refused_empty"):
        s.send(code, "student-two", " \u200b\x00 ")
    second = s.send(code, "student-two", "I love machine learning.")
    assert [x.text for x in s.sentences(code, key)] == [first.text, second.text]
    with pytest.raises(Refused, match="class.refused_key"):
        s.sentences(code, "not-the-key")
    s.hide(code, key, first.id)
    assert [x.hidden for x in s.sentences(code, key)] == [True, False]
    monkeypatch.setattr(classes, "SEND_EVERY", 0.0)
    monkeypatch.setattr(classes, "SENTENCES_PER_CLASS", 3)
    s.send(code, "student-three", "One more")
    with pytest.raises(Refused, match="class.refused_full"):
        s.send(code, "student-four", "One too many")


def test_presence_counts_following_exploring_and_gone(make, monkeypatch):
    s = make()
    code, key = s.create("overview", {})
    for client in ("a" * 12, "b" * 12, "c" * 12):
        assert s.seen(code, client, "following")
    s.seen(code, "b" * 12, "exploring")
    s.left(code, "c" * 12)
    assert s.presence(code, key) == classes.Presence(following=1, exploring=1, gone=1)
    monkeypatch.setattr(classes, "SEEN_FOR", -1.0)  # nobody heard from lately
    assert s.presence(code, key) == classes.Presence(0, 0, 3)
    assert not s.seen("ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY", "a" * 12)


def test_ending_a_class_drops_it_and_tells_its_listeners(make):
    s = make()
    heard = []
    s.listen(lambda code, lecture: heard.append((code, lecture)))
    code, key = s.create("overview", {})
    with pytest.raises(Refused):
        s.end(code, "forged")
    s.steer(code, key, "masks", {"s": "a b"})
    s.end(code, key)
    assert s.lecture(code) is None
    deadline = time.time() + 5  # Redis: the subscriber may also replay the class as created (seq 1) when it starts
    while not (heard and heard[-1][1].ended) and time.time() < deadline:
        time.sleep(0.02)
    assert [(c, lecture.seq, lecture.page) for c, lecture in heard[-2:]] == [(code, 2, "masks"), (code, 3, "")]
    assert heard[-1][1].ended


def test_a_class_ended_right_after_the_first_listener_is_heard_even_when_subscribing_is_slow(redis_server):
    """The first listen() returns once Redis has confirmed the subscription: a class steered and ended at once is
    heard ending (the subscriber's replay cannot recover an ended class). Subscribing is slowed by 0.3 s here, as
    on a busy machine."""
    s = RedisStore(redis_server.url)
    s.redis.flushdb()
    pubsub = s.redis.pubsub

    def slow_pubsub(**kwargs):
        time.sleep(0.3)
        return pubsub(**kwargs)
    s.redis.pubsub = slow_pubsub
    heard = []
    s.listen(lambda code, lecture: heard.append((code, lecture.seq, lecture.ended)))
    code, key = s.create("overview", {})
    s.steer(code, key, "masks", {})
    s.end(code, key)
    deadline = time.time() + 5
    while not (heard and heard[-1][2]) and time.time() < deadline:
        time.sleep(0.02)
    assert heard[-2:] == [(code, 2, False), (code, 3, True)]


def test_a_silent_class_expires(make):
    s = make(ttl=1)
    code, key = s.create("overview", {})
    assert s.lecture(code) is not None
    time.sleep(2.2)
    assert s.lecture(code) is None
    with pytest.raises(Refused, match="class.refused_unknown"):
        s.steer(code, key, "overview", {"s": "late"})


def test_steering_from_many_threads_numbers_every_change_once(make):
    s = make()
    code, key = s.create("overview", {})
    seqs = []

    def lecturer(i):
        seqs.append(s.steer(code, key, "overview", {"s": f"sentence {i}"}).seq)
    threads = [threading.Thread(target=lecturer, args=(i,)) for i in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(seqs) == list(range(2, 42))
    assert s.lecture(code).seq == 41


def test_redis_keeps_a_live_class_through_a_restart(redis_server):
    s = RedisStore(redis_server.url)
    heard = []
    s.listen(lambda code, lecture: heard.append(lecture.seq))
    code, key = s.create("overview", {"s": "I have a cat"})
    s.steer(code, key, "self_attention", {"s": "The cat sat"}, ask="Which head?")
    s.steer(code, key, "overview", {}, ask="Which head?")
    s.send(code, "student-one", "The dog sat")
    redis_server.restart()
    deadline = time.time() + 10
    while time.time() < deadline:  # the client reconnects by itself
        try:
            lecture = s.lecture(code)
            break
        except Exception:
            time.sleep(0.1)
    assert lecture.seq == 3 and lecture.ask == "Which head?"
    assert [x.text for x in s.sentences(code, key)] == ["The dog sat"]
    assert s.steer(code, key, "masks", {"s": "after"}).seq == 4
    deadline = time.time() + 10
    while 4 not in heard and time.time() < deadline:  # the subscriber came back too
        time.sleep(0.05)
    assert 4 in heard


def test_the_in_process_store_holds_a_bounded_number_of_classes(monkeypatch):
    monkeypatch.setattr(classes, "MEMORY_CLASSES", 3)
    s = MemoryStore(ttl=0.3)
    for _ in range(3):
        s.create("overview", {})
    with pytest.raises(Refused, match="class.refused_many"):  # a flood of `?class=new` links stops here
        s.create("overview", {})
    time.sleep(0.4)  # silent classes expire, and their room is taken back
    code, _ = s.create("overview", {})
    assert s.lecture(code) is not None and len(s._classes) == 1
