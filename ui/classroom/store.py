"""Where a class lives: its join code, the hash of its lecturer key, the lecturer's latest view (`Lecture`), who
follows, and the sentences students sent. One interface, two stores: `MemoryStore` (one process: the plain
`streamlit run app.py`) and `RedisStore` (every replica behind nginx sees the same classes; a replica or Redis
restart loses nothing Redis kept). `store()` picks one from ATTENTION_LAB_REDIS.

No Streamlit here: the class routes (routes.py), the script runs (session.py) and the tests all call it.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read off a projector
CODE_LENGTH = 6  # 32^6 ≈ 1.07e9 codes: a random guess finds one of 100 live classes once in 10 million tries
TTL = 4 * 3600  # seconds of silence (no lecturer step, no student) after which a class is gone
SEEN_FOR = 40.0  # a follower heard from within this many seconds is present (its stream pings every 15 s)
MEMORY_CLASSES = 1000  # classes one process holds in memory (no Redis): links that start classes cannot fill it
SENTENCE_CHARS = 200  # the longest sentence a student can send
SEND_EVERY = 10.0  # seconds between two sentences of one student
SENTENCES_PER_CLASS = 300  # a class's gallery holds at most this many
ASK_CHARS = 200
SUBSCRIBE_WAIT = 3.0  # seconds a first listener waits for the Redis subscription to hold

Listener = Callable[[str, "Lecture"], None]


class Refused(Exception):
    """A request the class does not take; str(self) is the message key (lesson/messages) shown to the sender."""


@dataclass(frozen=True)
class Lecture:
    """What followers see: the lecturer's page and view parameters (URL names, personal ones left out), the
    question put to the class ("" if none), and a sequence number that grows with every change."""

    seq: int
    page: str
    params: dict[str, str]
    ask: str = ""

    @property
    def ended(self) -> bool:
        """True for the last event of a class that has ended."""
        return not self.page

    def ending(self) -> Lecture:
        """The event that tells the streams the class has ended."""
        return Lecture(self.seq + 1, "", {})

    def json(self) -> str:
        """As sent on the event stream."""
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> Lecture:
        """From `json`."""
        return cls(**json.loads(text))


@dataclass(frozen=True)
class Sentence:
    """One sentence a student sent to the front."""

    id: int
    client: str
    text: str
    hidden: bool = False


@dataclass(frozen=True)
class Presence:
    """How many students follow the lecturer, explore on their own, or have gone (not heard from lately)."""

    following: int = 0
    exploring: int = 0
    gone: int = 0


def new_code() -> str:
    """A random join code."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def well_formed(code: str) -> bool:
    """Whether `code` could be a join code (checked before any store is asked)."""
    return len(code) == CODE_LENGTH and all(ch in ALPHABET for ch in code)


def normalised(typed: str) -> str:
    """A typed code as stored: upper case, spaces and dashes dropped."""
    return "".join(ch for ch in typed.upper() if ch not in " -")


def key_hash(key: str) -> str:
    """What the store keeps of a lecturer key (the key itself stays in the lecturer's session)."""
    return hashlib.sha256(key.encode()).hexdigest()


def clean_sentence(text: str) -> str:
    """A sent sentence as kept: one line, control characters dropped; Refused if empty or too long."""
    text = " ".join("".join(ch if ch.isprintable() else " " if ch.isspace() else "" for ch in text).split())
    if not text:
        raise Refused("class.refused_empty")
    if len(text) > SENTENCE_CHARS:
        raise Refused("class.refused_long")
    return text


def presence_of(seen: dict[str, float], status: dict[str, str], now: float) -> Presence:
    """Counts from each student's last sign of life and status."""
    here = {c for c, t in seen.items() if now - t <= SEEN_FOR}
    following = sum(1 for c in here if status.get(c) == "following")
    return Presence(following, len(here) - following, len(seen) - len(here))


@dataclass
class _Class:
    """One class in a MemoryStore."""

    key: str
    lecture: Lecture
    touched: float
    sentences: list[Sentence] = field(default_factory=list)
    sent_at: dict[str, float] = field(default_factory=dict)
    seen: dict[str, float] = field(default_factory=dict)
    status: dict[str, str] = field(default_factory=dict)


class MemoryStore:
    """Classes in this process (one `streamlit run`): a dict under a lock; listeners are called on each change."""

    def __init__(self, ttl: float = TTL) -> None:
        self.ttl, self._lock, self._classes, self._listeners = ttl, threading.Lock(), {}, []

    def listen(self, listener: Listener) -> None:
        """Call listener(code, lecture) on every change of any class's lecture."""
        self._listeners.append(listener)

    def _get(self, code: str) -> _Class | None:
        """The live class (caller holds the lock)."""
        c = self._classes.get(code)
        if c is not None and time.time() - c.touched > self.ttl:
            del self._classes[code]
            return None
        return c

    def create(self, page: str, params: dict[str, str]) -> tuple[str, str]:
        """A new class showing (page, params): its join code and lecturer key."""
        key = secrets.token_urlsafe(24)
        with self._lock:
            for code in list(self._classes):
                self._get(code)  # drops the class if it has expired
            if len(self._classes) >= MEMORY_CLASSES:
                raise Refused("class.refused_many")
            code = new_code()
            while code in self._classes:
                code = new_code()
            self._classes[code] = _Class(key_hash(key), Lecture(1, page, params), time.time())
        return code, key

    def lecture(self, code: str) -> Lecture | None:
        """The class's current lecture, or None if there is no such class."""
        with self._lock:
            c = self._get(code)
            return c.lecture if c else None

    def steer(self, code: str, key: str, page: str, params: dict[str, str], ask: str | None = None) -> Lecture:
        """The lecturer's new view (and question, if given); Refused without the class's key."""
        with self._lock:
            c = self._lecturer(code, key)
            new = _next(c.lecture, page, params, ask)
            c.touched = time.time()
            if new is c.lecture:
                return new
            c.lecture = new
        for listener in self._listeners:
            listener(code, new)
        return new

    def _lecturer(self, code: str, key: str) -> _Class:
        """The class, if `key` is its lecturer's (caller holds the lock)."""
        c = self._get(code)
        if c is None:
            raise Refused("class.refused_unknown")
        if not hmac.compare_digest(c.key, key_hash(key)):
            raise Refused("class.refused_key")
        return c

    def end(self, code: str, key: str) -> None:
        """End the class: its sentences and followers are dropped, its streams told (`Lecture.ended`)."""
        with self._lock:
            last = self._lecturer(code, key).lecture
            del self._classes[code]
        for listener in self._listeners:
            listener(code, last.ending())

    def send(self, code: str, client: str, text: str) -> Sentence:
        """A student's sentence to the front: only while a question is open, one per SEND_EVERY s per student."""
        text = clean_sentence(text)
        with self._lock:
            c = self._get(code)
            if c is None:
                raise Refused("class.refused_unknown")
            now = _check_send(c.lecture, c.sent_at.get(client, 0.0), len(c.sentences))
            c.sent_at[client], c.touched = now, now
            c.sentences.append(Sentence(len(c.sentences) + 1, client, text))
            return c.sentences[-1]

    def sentences(self, code: str, key: str) -> list[Sentence]:
        """Every sentence sent, oldest first (the lecturer's alone)."""
        with self._lock:
            return list(self._lecturer(code, key).sentences)

    def hide(self, code: str, key: str, sentence_id: int) -> None:
        """Hide a sentence from the lecturer's gallery."""
        with self._lock:
            c = self._lecturer(code, key)
            c.sentences = [Sentence(s.id, s.client, s.text, s.hidden or s.id == sentence_id) for s in c.sentences]

    def seen(self, code: str, client: str, status: str | None = None) -> bool:
        """A student's sign of life (and status: "following" or "exploring"); False if there is no such class."""
        with self._lock:
            c = self._get(code)
            if c is None:
                return False
            c.seen[client] = time.time()
            if status:
                c.status[client] = status
            return True

    def left(self, code: str, client: str) -> None:
        """A student's stream closed: gone unless heard from again."""
        with self._lock:
            c = self._get(code)
            if c is not None and client in c.seen:
                c.seen[client] = 0.0

    def presence(self, code: str, key: str) -> Presence:
        """Who follows, explores, has gone (the lecturer's alone)."""
        with self._lock:
            c = self._lecturer(code, key)
            return presence_of(c.seen, c.status, time.time())


def _next(old: Lecture, page: str, params: dict[str, str], ask: str | None) -> Lecture:
    """The lecture after a steer: `old` itself if nothing changed, else the next sequence number."""
    ask = old.ask if ask is None else " ".join(ask.split())[:ASK_CHARS]
    if (page, params, ask) == (old.page, old.params, old.ask):
        return old
    return Lecture(old.seq + 1, page, dict(params), ask)


def _check_send(lecture: Lecture, last: float, n_sent: int) -> float:
    """Now, if a student who last sent at `last` may send to a class holding n_sent sentences; else Refused."""
    now = time.time()
    if not lecture.ask:
        raise Refused("class.refused_closed")
    if now - last < SEND_EVERY:
        raise Refused("class.refused_rate")
    if n_sent >= SENTENCES_PER_CLASS:
        raise Refused("class.refused_full")
    return now


class RedisStore:
    """Classes in Redis, shared by every replica: a hash per class (key hash, lecture, sentences counter), a hash of
    sentences, and hashes of when each student was last seen and their status, all expiring after TTL of silence.
    A lecture's change is published on the class's channel; each process runs one subscriber thread that hands it to
    its listeners and, after a lost connection, hands them every class's current lecture again (nothing missed)."""

    def __init__(self, url: str, ttl: float = TTL) -> None:
        import redis  # only where a Redis URL is configured

        self.ttl, self._listeners, self._thread, self._subscribed = int(ttl), [], None, threading.Event()
        self.redis = redis.Redis.from_url(url, decode_responses=True, socket_timeout=2, socket_connect_timeout=2,
                                          health_check_interval=10, retry_on_timeout=True)
        self._steer = self.redis.register_script(STEER_LUA)

    @staticmethod
    def _k(code: str, part: str = "") -> str:
        return f"al:class:{code}" + (f":{part}" if part else "")

    def _touch(self, pipe, code: str) -> None:
        """Keep every key of the class for another TTL."""
        for part in ("", "sentences", "seen", "status", "sent"):
            pipe.expire(self._k(code, part), self.ttl)

    def listen(self, listener: Listener) -> None:
        """Call listener(code, lecture) on every change of any class's lecture (from this process's subscriber). The
        first call waits (at most SUBSCRIBE_WAIT s, if Redis is away) until the subscription holds, so a change made
        right after it is heard: a class ended before then would be missed, as its replay finds nothing."""
        self._listeners.append(listener)
        if self._thread is None:
            self._thread = threading.Thread(target=self._subscribe, name="al-class-redis", daemon=True)
            self._thread.start()
            self._subscribed.wait(SUBSCRIBE_WAIT)

    def _subscribe(self) -> None:
        """Forever: subscribe to every class channel; after a reconnect, replay each class's current lecture."""
        while True:
            try:
                pubsub = self.redis.pubsub()
                pubsub.psubscribe("al:class:*:lecture")
                while (reply := pubsub.get_message(timeout=1.0)) is None or reply["type"] != "psubscribe":
                    pass  # Redis has not confirmed the subscription yet
                self._subscribed.set()
                self._replay()
                for message in pubsub.listen():
                    if message["type"] == "pmessage":
                        self._hand(message["channel"].split(":")[2], Lecture.loads(message["data"]))
            except Exception:  # Redis restarting: try again shortly
                logging.info("class store: Redis subscription lost, retrying", exc_info=True)
                time.sleep(0.5)

    def _replay(self) -> None:
        """Hand every live class's lecture to the listeners (they drop what they have already sent)."""
        for name in self.redis.scan_iter("al:class:??????", count=500):
            code = name.split(":")[2]
            if (lecture := self.lecture(code)) is not None:
                self._hand(code, lecture)

    def _hand(self, code: str, lecture: Lecture) -> None:
        for listener in self._listeners:
            listener(code, lecture)

    def create(self, page: str, params: dict[str, str]) -> tuple[str, str]:
        """A new class showing (page, params): its join code and lecturer key."""
        key = secrets.token_urlsafe(24)
        lecture = Lecture(1, page, params)
        while True:
            code = new_code()
            if self.redis.hsetnx(self._k(code), "key", key_hash(key)):
                break
        pipe = self.redis.pipeline()
        pipe.hset(self._k(code), mapping={"lecture": lecture.json(), "seq": lecture.seq, "n": 0})
        self._touch(pipe, code)
        pipe.execute()
        return code, key

    def lecture(self, code: str) -> Lecture | None:
        """The class's current lecture, or None if there is no such class."""
        text = self.redis.hget(self._k(code), "lecture")
        return Lecture.loads(text) if text else None

    def _check_key(self, code: str, key: str) -> None:
        """Refused unless `key` is the class's lecturer key."""
        stored = self.redis.hget(self._k(code), "key")
        if stored is None:
            raise Refused("class.refused_unknown")
        if not hmac.compare_digest(stored, key_hash(key)):
            raise Refused("class.refused_key")

    def steer(self, code: str, key: str, page: str, params: dict[str, str], ask: str | None = None) -> Lecture:
        """The lecturer's new view (and question, if given); Refused without the class's key. Atomic in Redis (a
        script): two replicas steering at once get consecutive sequence numbers."""
        self._check_key(code, key)
        old = self.lecture(code)
        if old is None:
            raise Refused("class.refused_unknown")
        new = _next(old, page, params, ask)
        if new is not old:
            text = self._steer(keys=[self._k(code), self._k(code, "lecture")], args=[json.dumps(
                {"page": new.page, "params": new.params, "ask": new.ask}, ensure_ascii=False)])
            new = Lecture.loads(text)
        pipe = self.redis.pipeline()
        self._touch(pipe, code)
        pipe.execute()
        return new

    def end(self, code: str, key: str) -> None:
        """End the class: its sentences and followers are dropped, its streams told (`Lecture.ended`)."""
        self._check_key(code, key)
        last = self.lecture(code)
        self.redis.delete(*(self._k(code, part) for part in ("", "sentences", "seen", "status", "sent")))
        if last is not None:
            self.redis.publish(self._k(code, "lecture"), last.ending().json())

    def send(self, code: str, client: str, text: str) -> Sentence:
        """A student's sentence to the front: only while a question is open, one per SEND_EVERY s per student."""
        text = clean_sentence(text)
        lecture = self.lecture(code)
        if lecture is None:
            raise Refused("class.refused_unknown")
        last = float(self.redis.hget(self._k(code, "sent"), client) or 0.0)
        now = _check_send(lecture, last, int(self.redis.hget(self._k(code), "n") or 0))
        if not self.redis.set(self._k(code, f"rate:{client}"), 1, nx=True, px=max(1, int(SEND_EVERY * 1000))):
            raise Refused("class.refused_rate")  # a second replica taking the same student's burst
        sentence = Sentence(self.redis.hincrby(self._k(code), "n", 1), client, text)
        pipe = self.redis.pipeline()
        pipe.hset(self._k(code, "sentences"), str(sentence.id), json.dumps(asdict(sentence), ensure_ascii=False))
        pipe.hset(self._k(code, "sent"), client, now)
        self._touch(pipe, code)
        pipe.execute()
        return sentence

    def sentences(self, code: str, key: str) -> list[Sentence]:
        """Every sentence sent, oldest first (the lecturer's alone)."""
        self._check_key(code, key)
        kept = [Sentence(**json.loads(v)) for v in self.redis.hvals(self._k(code, "sentences"))]
        return sorted(kept, key=lambda s: s.id)

    def hide(self, code: str, key: str, sentence_id: int) -> None:
        """Hide a sentence from the lecturer's gallery."""
        self._check_key(code, key)
        text = self.redis.hget(self._k(code, "sentences"), str(sentence_id))
        if text:
            hidden = asdict(Sentence(**json.loads(text))) | {"hidden": True}
            self.redis.hset(self._k(code, "sentences"), str(sentence_id), json.dumps(hidden, ensure_ascii=False))

    def seen(self, code: str, client: str, status: str | None = None) -> bool:
        """A student's sign of life (and status: "following" or "exploring"); False if there is no such class."""
        if not self.redis.exists(self._k(code)):
            return False
        pipe = self.redis.pipeline()
        pipe.hset(self._k(code, "seen"), client, time.time())
        if status:
            pipe.hset(self._k(code, "status"), client, status)
        pipe.expire(self._k(code, "seen"), self.ttl)
        pipe.expire(self._k(code, "status"), self.ttl)
        pipe.execute()
        return True

    def left(self, code: str, client: str) -> None:
        """A student's stream closed: gone unless heard from again."""
        if self.redis.hexists(self._k(code, "seen"), client):
            self.redis.hset(self._k(code, "seen"), client, 0.0)

    def presence(self, code: str, key: str) -> Presence:
        """Who follows, explores, has gone (the lecturer's alone)."""
        self._check_key(code, key)
        seen = {c: float(t) for c, t in self.redis.hgetall(self._k(code, "seen")).items()}
        return presence_of(seen, self.redis.hgetall(self._k(code, "status")), time.time())


# KEYS[1] the class hash, KEYS[2] its channel; ARGV[1] the new lecture without its sequence number. Increments the
# sequence number, stores and publishes the lecture, returns it.
STEER_LUA = """
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
local text = string.format('{"seq":%d,', seq) .. string.sub(ARGV[1], 2)
redis.call('HSET', KEYS[1], 'lecture', text)
redis.call('PUBLISH', KEYS[2], text)
return text
"""


_STORE: list = []
_STORE_LOCK = threading.Lock()


def store() -> MemoryStore | RedisStore:
    """This process's store: Redis at ATTENTION_LAB_REDIS (every replica shares it), else in-process."""
    with _STORE_LOCK:
        if not _STORE:
            url = os.environ.get("ATTENTION_LAB_REDIS", "")
            _STORE.append(RedisStore(url) if url else MemoryStore())
        return _STORE[0]
