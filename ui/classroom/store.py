"""Where a class lives: its join code, the hash of its lecturer key, the lecturer's latest view (`Lecture`), who
follows, and the sentences students sent. One interface, two stores: `MemoryStore` (one process: the plain
`streamlit run app.py`) and `RedisStore` (every replica behind nginx sees the same classes; a replica or Redis
restart loses nothing Redis kept). `store()` picks one from ATTENTION_LAB_REDIS.

Limits (docs/serving.md): a store holds at most CLASSES live classes and an address starts at most
CREATES_PER_ADDRESS of them an hour; a student (a client id, kept by the browser across a rejoin) sends one sentence
per SEND_EVERY s and STUDENT_SENTENCES per question, an address ADDRESS_SENTENCES per question; a class shows at most
SENTENCES_PER_CLASS of a question (hidden ones not counted) and keeps SENTENCES_KEPT; a student gone for GONE_FOR s
is forgotten, and a class remembers CLIENTS_PER_CLASS students at most.

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
from dataclasses import asdict, dataclass, field, replace

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read off a projector
CODE_LENGTH = 6  # 32^6 ≈ 1.07e9 codes: a random guess finds one of 100 live classes once in 10 million tries
TTL = 4 * 3600  # seconds of silence (no lecturer step, no student) after which a class is gone
SEEN_FOR = 40.0  # a follower heard from within this many seconds is present (its stream pings every 15 s)
GONE_FOR = 600.0  # a student not heard from for this many seconds is forgotten (no longer counted as gone)
CLIENTS_PER_CLASS = 2000  # students a class remembers; past it the longest silent one is forgotten
CLASSES = 1000  # live classes a store holds (in a process, or in Redis for every replica)
CREATES_PER_ADDRESS = 10  # classes one address may start per CREATE_WINDOW
CREATE_WINDOW = 3600.0
SENTENCE_CHARS = 200  # the longest sentence a student can send
SEND_EVERY = 10.0  # seconds between two sentences of one student
STUDENT_SENTENCES = 5  # sentences one student may send per question
ADDRESS_SENTENCES = 60  # sentences one address (a classroom's NAT, or one machine's many tabs) may send per question
SENTENCES_PER_CLASS = 300  # shown sentences (not hidden) of one question a class takes
SENTENCES_KEPT = 600  # sentences a class keeps; past it the oldest hidden or earlier question's are dropped
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
    question: int = 0  # the question it answers (each new question of the lecturer's: the next number)


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
    """Counts from each student's last sign of life and status (a student silent for GONE_FOR s is not counted)."""
    here = {c for c, t in seen.items() if now - t <= SEEN_FOR}
    following = sum(1 for c in here if status.get(c) == "following")
    gone = sum(1 for c, t in seen.items() if c not in here and now - t <= GONE_FOR)
    return Presence(following, len(here) - following, gone)


def stale(seen: dict[str, float], now: float) -> list[str]:
    """The students to forget: silent for GONE_FOR s, and past CLIENTS_PER_CLASS the longest silent ones."""
    old = [c for c, t in seen.items() if now - t > GONE_FOR]
    over = len(seen) - len(old) - CLIENTS_PER_CLASS
    if over > 0:
        kept = sorted((t, c) for c, t in seen.items() if now - t <= GONE_FOR)
        old += [c for _, c in kept[:over]]
    return old


def kept(sentences: list[Sentence], question: int) -> list[Sentence]:
    """The sentences a class keeps: at most SENTENCES_KEPT, the oldest hidden or earlier question's dropped first."""
    over = len(sentences) - SENTENCES_KEPT
    if over <= 0:
        return sentences
    spare = {s.id for s in sentences if s.hidden or s.question != question}
    drop = set(sorted(spare)[:over])
    return [s for s in sentences if s.id not in drop]


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
    address: dict[str, str] = field(default_factory=dict)  # each student's address, as it joined
    question: int = 0  # the current question's number
    sent: dict[str, int] = field(default_factory=dict)  # sentences of this question by "c:<client>" / "a:<address>"
    next_id: int = 1

    def forget(self, clients: list[str]) -> None:
        """Drop what the class remembers of these students (not their sentences, nor what they sent this question)."""
        for client in clients:
            for kept_by_client in (self.seen, self.status, self.address, self.sent_at):
                kept_by_client.pop(client, None)


class MemoryStore:
    """Classes in this process (one `streamlit run`): a dict under a lock; listeners are called on each change."""

    def __init__(self, ttl: float = TTL) -> None:
        self.ttl, self._lock, self._classes, self._listeners = ttl, threading.Lock(), {}, []
        self._created: dict[str, tuple[float, int]] = {}  # address → (its window's start, classes started in it)

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

    def create(self, page: str, params: dict[str, str], address: str = "") -> tuple[str, str]:
        """A new class showing (page, params), started from `address`: its join code and lecturer key."""
        key = secrets.token_urlsafe(24)
        with self._lock:
            for code in list(self._classes):
                self._get(code)  # drops the class if it has expired
            if len(self._classes) >= CLASSES:
                raise Refused("class.refused_many")
            self._count_create(address)
            code = new_code()
            while code in self._classes:
                code = new_code()
            self._classes[code] = _Class(key_hash(key), Lecture(1, page, params), time.time())
        return code, key

    def _count_create(self, address: str) -> None:
        """Count a class started from `address`; Refused past CREATES_PER_ADDRESS in its window (caller holds the
        lock; windows over are dropped once there are many)."""
        now = time.time()
        if len(self._created) > 4 * CLASSES:
            self._created = {a: w for a, w in self._created.items() if now - w[0] < CREATE_WINDOW}
        start, n = self._created.get(address, (now, 0))
        if now - start >= CREATE_WINDOW:
            start, n = now, 0
        if n >= CREATES_PER_ADDRESS:
            raise Refused("class.refused_starts")
        self._created[address] = (start, n + 1)

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
            if new.ask and new.ask != c.lecture.ask:  # a new question: every student's allowance anew
                c.question, c.sent = c.question + 1, {}
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
        """A student's sentence to the front: only while a question is open, within the student's, the address's
        (as the student joined) and the class's allowance for the question."""
        text = clean_sentence(text)
        with self._lock:
            c = self._get(code)
            if c is None:
                raise Refused("class.refused_unknown")
            by = ("c:" + client, "a:" + c.address.get(client, ""))
            shown = sum(1 for s in c.sentences if s.question == c.question and not s.hidden)
            now = _check_send(c.lecture, c.sent_at.get(client, 0.0), (c.sent.get(by[0], 0), c.sent.get(by[1], 0)),
                              shown)
            c.sent_at[client], c.touched = now, now
            for k in by:
                c.sent[k] = c.sent.get(k, 0) + 1
            sentence = Sentence(c.next_id, client, text, question=c.question)
            c.next_id += 1
            c.sentences = kept([*c.sentences, sentence], c.question)
            return sentence

    def sentences(self, code: str, key: str) -> list[Sentence]:
        """Every sentence sent, oldest first (the lecturer's alone)."""
        with self._lock:
            return list(self._lecturer(code, key).sentences)

    def hide(self, code: str, key: str, sentence_id: int) -> None:
        """Hide a sentence from the lecturer's gallery."""
        with self._lock:
            c = self._lecturer(code, key)
            c.sentences = [replace(s, hidden=True) if s.id == sentence_id else s for s in c.sentences]

    def seen(self, code: str, client: str, status: str | None = None, address: str | None = None) -> bool:
        """A student's sign of life (and status: "following" or "exploring"; the address it joined from); False if
        there is no such class."""
        with self._lock:
            c = self._get(code)
            if c is None:
                return False
            now = time.time()
            if client not in c.seen and len(c.seen) >= CLIENTS_PER_CLASS:
                c.forget(stale(c.seen, now) or [min(c.seen, key=c.seen.get)])
            c.seen[client] = now
            if status:
                c.status[client] = status
            if address is not None:
                c.address[client] = address
            return True

    def left(self, code: str, client: str) -> None:
        """A student's stream closed: gone unless heard from again."""
        with self._lock:
            c = self._get(code)
            if c is not None and client in c.seen:
                c.seen[client] = min(c.seen[client], time.time() - SEEN_FOR - 1)

    def presence(self, code: str, key: str) -> Presence:
        """Who follows, explores, has gone (the lecturer's alone); students long gone are forgotten."""
        with self._lock:
            c, now = self._lecturer(code, key), time.time()
            c.forget(stale(c.seen, now))
            return presence_of(c.seen, c.status, now)


def _next(old: Lecture, page: str, params: dict[str, str], ask: str | None) -> Lecture:
    """The lecture after a steer: `old` itself if nothing changed, else the next sequence number."""
    ask = old.ask if ask is None else " ".join(ask.split())[:ASK_CHARS]
    if (page, params, ask) == (old.page, old.params, old.ask):
        return old
    return Lecture(old.seq + 1, page, dict(params), ask)


def _check_send(lecture: Lecture, last: float, sent: tuple[int, int], shown: int) -> float:
    """Now, if a student who last sent at `last`, with `sent` = (the student's, the address's) sentences of this
    question, may send to a class showing `shown` of them; else Refused."""
    now = time.time()
    if not lecture.ask:
        raise Refused("class.refused_closed")
    if sent[0] >= STUDENT_SENTENCES or sent[1] >= ADDRESS_SENTENCES:
        raise Refused("class.refused_allowance")
    if now - last < SEND_EVERY:
        raise Refused("class.refused_rate")
    if shown >= SENTENCES_PER_CLASS:
        raise Refused("class.refused_full")
    return now


class RedisStore:
    """Classes in Redis, shared by every replica: a hash per class (key hash, lecture, question, counters), a hash of
    sentences, of this question's counts, and of when each student was last seen, their status and address, all
    expiring after TTL of silence; a sorted set of live classes (CLASSES at most). Every write that needs the
    lecturer key checks it in the same script (an ended class is never written again). A lecture's change is
    published on the class's channel; each process runs one subscriber thread that hands it to its listeners and,
    after a lost connection, hands them every class's current lecture again (nothing missed)."""

    PARTS = ("", "sentences", "seen", "status", "addr", "counts")
    LIVE = "al:classes"  # code → last touched (seconds)

    def __init__(self, url: str, ttl: float = TTL) -> None:
        import redis  # only where a Redis URL is configured

        self.ttl, self._listeners, self._thread, self._subscribed = int(ttl), [], None, threading.Event()
        self.redis = redis.Redis.from_url(url, decode_responses=True, socket_timeout=2, socket_connect_timeout=2,
                                          health_check_interval=10, retry_on_timeout=True)
        self._create, self._steer = self.redis.register_script(CREATE_LUA), self.redis.register_script(STEER_LUA)
        self._end, self._send = self.redis.register_script(END_LUA), self.redis.register_script(SEND_LUA)
        self._hide = self.redis.register_script(HIDE_LUA)

    @staticmethod
    def _k(code: str, part: str = "") -> str:
        return f"al:class:{code}" + (f":{part}" if part else "")

    def _touch(self, pipe, code: str) -> None:
        """Keep every key of the class for another TTL (a class already gone stays gone)."""
        for part in self.PARTS:
            pipe.expire(self._k(code, part), self.ttl)
        pipe.zadd(self.LIVE, {code: time.time()}, xx=True)

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

    def create(self, page: str, params: dict[str, str], address: str = "") -> tuple[str, str]:
        """A new class showing (page, params), started from `address`: its join code and lecturer key."""
        key, lecture = secrets.token_urlsafe(24), Lecture(1, page, params)
        while True:
            code = new_code()
            done = self._create(keys=[self.LIVE, self._k(code), f"al:created:{address}"], args=[
                time.time(), self.ttl, CLASSES, key_hash(key), lecture.json(), CREATES_PER_ADDRESS,
                int(CREATE_WINDOW), code])
            if done == "ok":
                return code, key
            if done != "taken":
                raise Refused(done)

    def lecture(self, code: str) -> Lecture | None:
        """The class's current lecture, or None if there is no such class."""
        text = self.redis.hget(self._k(code), "lecture")
        return Lecture.loads(text) if text else None

    def _check_key(self, code: str, key: str) -> None:
        """Refused unless `key` is the class's lecturer key (for reads; writes check it in their script)."""
        stored = self.redis.hget(self._k(code), "key")
        if stored is None:
            raise Refused("class.refused_unknown")
        if not hmac.compare_digest(stored, key_hash(key)):
            raise Refused("class.refused_key")

    def steer(self, code: str, key: str, page: str, params: dict[str, str], ask: str | None = None) -> Lecture:
        """The lecturer's new view (and question, if given); Refused without the class's key. Atomic in Redis (a
        script that checks the key): two replicas steering at once get consecutive sequence numbers, and a class
        ended meanwhile stays ended."""
        old = self.lecture(code)
        if old is None:
            raise Refused("class.refused_unknown")
        new = _next(old, page, params, ask)
        if new is old:
            self._check_key(code, key)
        else:
            text = self._steer(keys=[self._k(code), self._k(code, "lecture"), self._k(code, "counts")], args=[
                key_hash(key), json.dumps({"page": new.page, "params": new.params, "ask": new.ask},
                                          ensure_ascii=False), new.ask])
            if not text.startswith("{"):
                raise Refused(text)
            new = Lecture.loads(text)
        pipe = self.redis.pipeline()
        self._touch(pipe, code)
        pipe.execute()
        return new

    def end(self, code: str, key: str) -> None:
        """End the class: its sentences and followers are dropped, its streams told (`Lecture.ended`)."""
        text = self._end(keys=[self._k(code, part) for part in self.PARTS] + [self.LIVE], args=[key_hash(key), code])
        if not text.startswith("{"):
            raise Refused(text)
        self.redis.publish(self._k(code, "lecture"), Lecture.loads(text).ending().json())

    def send(self, code: str, client: str, text: str) -> Sentence:
        """A student's sentence to the front: only while a question is open, within the student's, the address's
        (as the student joined) and the class's allowance for the question (checked and counted in one script)."""
        text = clean_sentence(text)
        done = self._send(keys=[self._k(code, part) for part in ("", "counts", "sentences", "addr")] + [
            self._k(code, f"rate:{client}")], args=[client, int(SEND_EVERY * 1000), STUDENT_SENTENCES,
                                                    ADDRESS_SENTENCES, SENTENCES_PER_CLASS, json.dumps(client),
                                                    json.dumps(text, ensure_ascii=False)])
        if not done.startswith("{"):
            raise Refused(done)
        sentence = Sentence(**json.loads(done))
        if self.redis.hlen(self._k(code, "sentences")) > SENTENCES_KEPT:
            self._trim(code, sentence.question)
        pipe = self.redis.pipeline()
        self._touch(pipe, code)
        pipe.execute()
        return sentence

    def _trim(self, code: str, question: int) -> None:
        """Drop the sentences past SENTENCES_KEPT (`kept`)."""
        stored = [Sentence(**json.loads(v)) for v in self.redis.hvals(self._k(code, "sentences"))]
        keep = {s.id for s in kept(sorted(stored, key=lambda s: s.id), question)}
        if dropped := [str(s.id) for s in stored if s.id not in keep]:
            self.redis.hdel(self._k(code, "sentences"), *dropped)

    def sentences(self, code: str, key: str) -> list[Sentence]:
        """Every sentence sent, oldest first (the lecturer's alone)."""
        self._check_key(code, key)
        stored = [Sentence(**json.loads(v)) for v in self.redis.hvals(self._k(code, "sentences"))]
        return sorted(stored, key=lambda s: s.id)

    def hide(self, code: str, key: str, sentence_id: int) -> None:
        """Hide a sentence from the lecturer's gallery (it no longer counts against the class's question)."""
        done = self._hide(keys=[self._k(code), self._k(code, "counts"), self._k(code, "sentences")],
                          args=[key_hash(key), str(sentence_id)])
        if done != "ok":
            raise Refused(done)

    def seen(self, code: str, client: str, status: str | None = None, address: str | None = None) -> bool:
        """A student's sign of life (and status: "following" or "exploring"; the address it joined from); False if
        there is no such class."""
        if not self.redis.exists(self._k(code)):
            return False
        if self.redis.hlen(self._k(code, "seen")) >= CLIENTS_PER_CLASS and not self.redis.hexists(
                self._k(code, "seen"), client):
            seen = {c: float(t) for c, t in self.redis.hgetall(self._k(code, "seen")).items()}
            self._forget(code, stale(seen, time.time()) or [min(seen, key=seen.get)])
        pipe = self.redis.pipeline()
        pipe.hset(self._k(code, "seen"), client, time.time())
        if status:
            pipe.hset(self._k(code, "status"), client, status)
        if address is not None:
            pipe.hset(self._k(code, "addr"), client, address)
        for part in ("seen", "status", "addr"):
            pipe.expire(self._k(code, part), self.ttl)
        pipe.execute()
        return True

    def _forget(self, code: str, clients: list[str]) -> None:
        """Drop what the class remembers of these students."""
        if clients:
            pipe = self.redis.pipeline()
            for part in ("seen", "status", "addr"):
                pipe.hdel(self._k(code, part), *clients)
            pipe.execute()

    def left(self, code: str, client: str) -> None:
        """A student's stream closed: gone unless heard from again."""
        last = self.redis.hget(self._k(code, "seen"), client)
        if last is not None:
            self.redis.hset(self._k(code, "seen"), client, min(float(last), time.time() - SEEN_FOR - 1))

    def presence(self, code: str, key: str) -> Presence:
        """Who follows, explores, has gone (the lecturer's alone); students long gone are forgotten."""
        self._check_key(code, key)
        seen, now = {c: float(t) for c, t in self.redis.hgetall(self._k(code, "seen")).items()}, time.time()
        old = stale(seen, now)
        self._forget(code, old)
        for client in old:
            seen.pop(client)
        return presence_of(seen, self.redis.hgetall(self._k(code, "status")), now)


# Each script answers a message key (lesson/messages) for a refusal. CREATE: KEYS the live classes, the class hash,
# the address's count; ARGV now, ttl, CLASSES, key hash, lecture, CREATES_PER_ADDRESS, CREATE_WINDOW, code.
CREATE_LUA = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 'class.refused_many' end
if tonumber(redis.call('GET', KEYS[3]) or '0') >= tonumber(ARGV[6]) then return 'class.refused_starts' end
if redis.call('EXISTS', KEYS[2]) == 1 then return 'taken' end
redis.call('HSET', KEYS[2], 'key', ARGV[4], 'lecture', ARGV[5], 'seq', 1, 'n', 0, 'ask', '', 'question', 0)
redis.call('EXPIRE', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[8])
if redis.call('INCR', KEYS[3]) == 1 then redis.call('EXPIRE', KEYS[3], ARGV[7]) end
return 'ok'
"""

# The lecturer's key checked in every writing script (KEYS[1]: the class hash; ARGV[1]: the key's hash).
CHECK_LUA = """
local stored = redis.call('HGET', KEYS[1], 'key')
if not stored then return 'class.refused_unknown' end
if stored ~= ARGV[1] then return 'class.refused_key' end
"""

# STEER: KEYS the class hash, its channel, its counts; ARGV key hash, the new lecture without its sequence number,
# its question. Increments the sequence number (a new question: the next question number, counts anew), stores and
# publishes the lecture, returns it.
STEER_LUA = CHECK_LUA + """
if ARGV[3] ~= '' and ARGV[3] ~= redis.call('HGET', KEYS[1], 'ask') then
  redis.call('HINCRBY', KEYS[1], 'question', 1)
  redis.call('DEL', KEYS[3])
end
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
local text = string.format('{"seq":%d,', seq) .. string.sub(ARGV[2], 2)
redis.call('HSET', KEYS[1], 'lecture', text, 'ask', ARGV[3])
redis.call('PUBLISH', KEYS[2], text)
return text
"""

# END: KEYS every key of the class, then the live classes; ARGV key hash, code. Returns the last lecture.
END_LUA = CHECK_LUA + """
local last = redis.call('HGET', KEYS[1], 'lecture')
for i = 1, #KEYS - 1 do redis.call('DEL', KEYS[i]) end
redis.call('ZREM', KEYS[#KEYS], ARGV[2])
return last
"""

# SEND: KEYS the class hash, its counts, sentences, addresses, the student's rate key; ARGV client, SEND_EVERY (ms),
# STUDENT_SENTENCES, ADDRESS_SENTENCES, SENTENCES_PER_CLASS, client and text as JSON strings. Returns the sentence.
SEND_LUA = """
if redis.call('HEXISTS', KEYS[1], 'key') == 0 then return 'class.refused_unknown' end
local ask = redis.call('HGET', KEYS[1], 'ask')
if not ask or ask == '' then return 'class.refused_closed' end
local by_client, by_address = 'c:' .. ARGV[1], 'a:' .. (redis.call('HGET', KEYS[4], ARGV[1]) or '')
if tonumber(redis.call('HGET', KEYS[2], by_client) or '0') >= tonumber(ARGV[3])
   or tonumber(redis.call('HGET', KEYS[2], by_address) or '0') >= tonumber(ARGV[4]) then
  return 'class.refused_allowance'
end
if redis.call('EXISTS', KEYS[5]) == 1 then return 'class.refused_rate' end
if tonumber(redis.call('HGET', KEYS[2], 'shown') or '0') >= tonumber(ARGV[5]) then return 'class.refused_full' end
if tonumber(ARGV[2]) > 0 then redis.call('SET', KEYS[5], 1, 'PX', ARGV[2]) end
redis.call('HINCRBY', KEYS[2], by_client, 1)
redis.call('HINCRBY', KEYS[2], by_address, 1)
redis.call('HINCRBY', KEYS[2], 'shown', 1)
local id = redis.call('HINCRBY', KEYS[1], 'n', 1)
local question = tonumber(redis.call('HGET', KEYS[1], 'question') or '0')
local text = string.format('{"id":%d,"client":%s,"text":%s,"hidden":false,"question":%d}', id, ARGV[6], ARGV[7],
                           question)
redis.call('HSET', KEYS[3], tostring(id), text)
return text
"""

# HIDE: KEYS the class hash, its counts, its sentences; ARGV key hash, the sentence's id. A shown sentence of the
# current question hidden no longer counts against the class.
HIDE_LUA = CHECK_LUA + """
local text = redis.call('HGET', KEYS[3], ARGV[2])
if not text then return 'ok' end
local sentence = cjson.decode(text)
if sentence.hidden then return 'ok' end
sentence.hidden = true
if sentence.question == tonumber(redis.call('HGET', KEYS[1], 'question') or '0') then
  redis.call('HINCRBY', KEYS[2], 'shown', -1)
end
redis.call('HSET', KEYS[3], ARGV[2], cjson.encode(sentence))
return 'ok'
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
