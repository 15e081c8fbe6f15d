"""The class routes on a real server (uvicorn, the app's own route table for them): a lecture reaches every open
stream at once and in order; a stream that reconnects catches up; hostile requests get a clear refusal and change
nothing (a forged key, a code guessed at random, a bad client id, a page that does not exist, an oversized body);
and the probes of issue 54, bounded, on loopback: a body refused before it is read, malformed headers and bodies a
4xx with a log line (never a 500), one answer for an unknown code and a wrong key, guessing stopped by a limit, and
streams capped per address and per class."""
import http.client
import json
import logging
import socket
import threading
import time

import pytest
import uvicorn
from starlette.applications import Starlette

import ui.classroom.follow  # noqa: F401  the model stack's declarations, imported before the server starts (as
import ui.registry  # noqa: F401  ui/server.py's start-up does): a lecturer's first keystroke does not wait for them
from ui.classroom import routes
from ui.classroom import store as classes


@pytest.fixture(scope="module")
def server():
    """The class routes served on a loopback port, with a fresh in-process store."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    classes._STORE[:] = [classes.MemoryStore()]
    config = uvicorn.Config(Starlette(routes=routes.routes("")), host="127.0.0.1", port=port, log_level="warning")
    runner = uvicorn.Server(config)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    while not runner.started:
        time.sleep(0.02)
    yield port
    runner.should_exit = True
    thread.join(10)
    classes._STORE.clear()


@pytest.fixture(autouse=True)
def fresh_limits(monkeypatch):
    """Each test starts with no refusals and no steers counted against any address (and the module's classes, all
    made here from one address, are not refused as too many starts: that limit is the store's, tested there)."""
    monkeypatch.setattr(routes, "REFUSED", routes.Limiter(routes.REFUSALS, 60.0))
    monkeypatch.setattr(routes, "STEERED", routes.Limiter(routes.STEERS, 1.0))
    monkeypatch.setattr(classes, "CREATES_PER_ADDRESS", 1000)


def steer(port: int, code: str, key: str, body, address: str = "") -> tuple[int, str]:
    """POST a lecturer keystroke (from `address`, as nginx on this machine would say); (status, body)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"X-AL-Key": key, "Content-Type": "application/json"} | ({"X-Real-IP": address} if address else {})
    c.request("POST", f"/_al/class/{code}/steer", body=body if isinstance(body, bytes) else json.dumps(body),
              headers=headers)
    r = c.getresponse()
    return r.status, r.read().decode()


class Listener:
    """One student's event stream, read in a thread: the lectures received, in order."""

    def __init__(self, port: int, code: str, client: str, last_id: int | str | None = None, address: str = "") -> None:
        self.lectures, self.status, self.ended = [], None, False
        headers = ({"Last-Event-ID": str(last_id)} if last_id is not None else {}) | (
            {"X-Real-IP": address} if address else {})
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.request("GET", f"/_al/class/{code}/events?client={client}", headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status
        if self.status == 200:
            threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        event = ""
        for raw in self.response.fp:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                if event == "end":
                    self.ended = True
                    return
                self.lectures.append(json.loads(line[6:]))
            elif not line:
                event = ""

    def wait(self, n: int, timeout: float = 10) -> list[dict]:
        deadline = time.time() + timeout
        while len(self.lectures) < n and not self.ended and time.time() < deadline:
            time.sleep(0.01)
        return self.lectures

    def close(self) -> None:
        """Hang up (the reading thread ends; closing the connection under it would wait for its lock)."""
        self.conn.sock.shutdown(socket.SHUT_RDWR)


def test_every_stream_gets_each_lecture_and_a_late_one_catches_up(server):
    code, key = classes.store().create("overview", {"s": "I have a cat"})
    students = [Listener(server, code, f"student-{i:03d}") for i in range(30)]
    assert {s.status for s in students} == {200}
    assert all(s.wait(1)[0]["params"] == {"s": "I have a cat"} for s in students)
    for text in ("T", "Th", "The", "The cat"):
        assert steer(server, code, key, {"page": "self_attention", "query": f"s={text}&head=2&lang=zh"})[0] == 204
        time.sleep(0.05)  # a student keeps only the newest lecture it has not sent yet; spaced, each is sent
    for s in students:
        seqs = [x["seq"] for x in s.wait(5)]
        assert seqs == sorted(seqs) and seqs[-1] == 5
        last = s.lectures[-1]
        assert last["page"] == "self_attention" and last["params"] == {"s": "The cat", "head": "2"}  # no lang
        s.close()
    late = Listener(server, code, "student-late", last_id=3)  # reconnects after seq 3: gets the current lecture
    assert [x["seq"] for x in late.wait(1)] == [5]
    current = Listener(server, code, "student-now", last_id=5)  # already has it: nothing until the next one
    assert steer(server, code, key, {"page": "masks", "query": "s=a+b"})[0] == 204
    assert [x["seq"] for x in current.wait(1)] == [6]
    classes.store().end(code, key)
    deadline = time.time() + 5
    while not (late.ended and current.ended) and time.time() < deadline:
        time.sleep(0.02)
    assert late.ended and current.ended


def test_hostile_requests_are_refused_and_change_nothing(server):
    code, key = classes.store().create("overview", {"s": "I have a cat"})
    forged = key[:-2] + ("xx" if not key.endswith("xx") else "yy")
    assert steer(server, code, forged, {"page": "overview", "query": "s=pwned"}) == (403, "refused")
    assert steer(server, code, "", {"page": "overview", "query": "s=pwned"})[0] == 403
    assert steer(server, code, key, {"page": "../../etc/passwd", "query": "s=x"})[0] == 400
    assert steer(server, code, key, b"{not json")[0] == 400
    assert steer(server, code, key, {"page": "overview"})[0] == 400
    assert steer(server, code, key, {"page": "overview", "query": "s=" + "x" * 20_000})[0] == 413
    assert classes.store().lecture(code).params == {"s": "I have a cat"}
    assert steer(server, code, key, {"page": "overview", "query": "s=<script>alert(1)</script>&head=99"})[0] == 204
    params = classes.store().lecture(code).params  # checked like a link: text kept as text, the head clamped
    assert params["s"] == "<script>alert(1)</script>" and params["head"] == "31"
    guesses = [classes.new_code() for _ in range(20)]
    assert all(Listener(server, g, "student-guess", address="10.9.0.1").status == 404 for g in guesses if g != code)
    assert Listener(server, "<img>x", "student-guess", address="10.9.0.2").status == 404
    assert Listener(server, code, "bad%20id!", address="10.9.0.2").status == 404


def test_an_unknown_code_and_a_wrong_key_get_the_same_answer(server, caplog):
    """The issue's probe: 404 for an unknown code against 403 for a live one told which codes exist."""
    code, _ = classes.store().create("overview", {})
    unknown = "AAAAAA" if code != "AAAAAA" else "BBBBBB"
    body = {"page": "overview", "query": ""}
    with caplog.at_level(logging.WARNING):
        answers = {steer(server, c, k, body) for c in (code, unknown) for k in ("", "x" * 32)}
    assert answers == {(403, "refused")}
    assert sum("refused 403" in r.getMessage() for r in caplog.records) == 4  # each logged


def test_guessing_codes_is_stopped_for_that_address_alone(server):
    """The issue's probe (300 guesses at 282/s), bounded: past REFUSALS refusals an address gets 429 for the
    minute, whether the code exists or not; another address is served."""
    code, key = classes.store().create("overview", {"s": "a"})
    answers = [steer(server, classes.new_code(), "guess", {"page": "overview", "query": ""}, "10.8.0.1")[0]
               for _ in range(routes.REFUSALS + 20)]
    assert answers[:routes.REFUSALS] == [403] * routes.REFUSALS
    assert set(answers[routes.REFUSALS:]) == {429}
    assert steer(server, code, key, {"page": "overview", "query": "s=b"}, "10.8.0.1")[0] == 429  # even a live one
    assert Listener(server, code, "student-guesser", address="10.8.0.1").status == 429
    assert steer(server, code, key, {"page": "overview", "query": "s=b"}, "10.8.0.2")[0] == 204
    listener = Listener(server, code, "student-other", address="10.8.0.2")
    assert listener.status == 200
    listener.close()


def test_steers_per_address_are_limited(server, monkeypatch):
    monkeypatch.setattr(routes, "STEERED", routes.Limiter(5, 1.0))
    code, key = classes.store().create("overview", {})
    answers = [steer(server, code, key, {"page": "overview", "query": f"s={i}"}, "10.7.0.1")[0] for i in range(8)]
    assert answers[:5] == [204] * 5 and 429 in answers[5:]


def raw_request(port: int, head: str, body: bytes = b"", timeout: float = 5.0) -> tuple[int, float]:
    """Send a request's head (and body) on a raw socket; (the answer's status, seconds until it came)."""
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head.encode("latin-1") + b"\r\n\r\n" + body)
        answer = sock.recv(4096)
    return int(answer.split(b" ", 2)[1]), time.perf_counter() - start


def test_a_body_over_the_cap_is_refused_before_it_is_read(server):
    """The issue's probe (a 64 MiB POST read whole before its size was checked), bounded: a Content-Length of 64 MiB
    is answered 413 at once, with none of the body sent; a chunked body is read no further than the cap."""
    code, key = classes.store().create("overview", {})
    head = f"POST /_al/class/{code}/steer HTTP/1.1\r\nHost: 127.0.0.1\r\nX-AL-Key: {key}\r\n"
    status, seconds = raw_request(server, head + "Content-Type: application/json\r\nContent-Length: 67108864")
    assert status == 413 and seconds < 2
    sent = [0]

    def chunked() -> int:
        """4 MiB in 64 KiB chunks, until the server stops reading; the answer's status."""
        with socket.create_connection(("127.0.0.1", server), timeout=5) as sock:
            sock.sendall((head + "Transfer-Encoding: chunked\r\n\r\n").encode())
            try:
                for _ in range(64):
                    sock.sendall(b"10000\r\n" + b"[" * 65536 + b"\r\n")
                    sent[0] += 65536
            except OSError:
                pass  # the server answered and closed
            sock.settimeout(5)
            return int(sock.recv(4096).split(b" ", 2)[1])
    assert chunked() == 413
    assert routes.MAX_BODY < 20_000
    status, _ = raw_request(server, head + "Content-Length: 12x")
    assert status == 400


def test_malformed_headers_and_bodies_are_a_4xx_with_a_log_line(server, caplog):
    """The issue's probes: Last-Event-ID "²", "¹" or 5,000 digits (isdigit() true, int() fails) and a steer body of
    5,000 nested "[" (a RecursionError) were 500s with tracebacks."""
    code, key = classes.store().create("overview", {})
    with caplog.at_level(logging.WARNING):
        for last_id in ("\u00b2", "\u00b9", "9" * 5000, "-1", "1.5"):
            assert Listener(server, code, "student-bad-id", last_id=last_id, address="10.6.0.1").status == 400
        assert steer(server, code, key, b"[" * 5000, "10.6.0.2")[0] == 400
        assert steer(server, code, key, b"{" * 5000, "10.6.0.2")[0] == 400
        assert steer(server, code, key, b"\xff\xfe", "10.6.0.2")[0] == 400
        assert steer(server, code, key, b'["page", "query"]', "10.6.0.2")[0] == 400
    refused = [r.getMessage() for r in caplog.records if "refused 400" in r.getMessage()]
    assert len(refused) == 9
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_line_separators_never_reach_event_data_raw():
    """U+2028 and U+2029 passed raw into event data (JSON allows them, a reader splitting lines on them does not)."""
    text = routes.event(classes.Lecture(3, "overview", {"s": "a\u2028b\u2029c"}, ask="x\u2028y"))
    assert "\u2028" not in text and "\u2029" not in text
    data = json.loads(text.split("data: ", 1)[1])
    assert data["params"]["s"] == "a\u2028b\u2029c" and data["ask"] == "x\u2028y"


def test_streams_are_capped_per_address_and_per_class(server, monkeypatch):
    monkeypatch.setattr(routes, "STREAMS_PER_ADDRESS", 3)
    monkeypatch.setattr(routes, "STREAMS_PER_CLASS", 5)
    code, _ = classes.store().create("overview", {})
    mine = [Listener(server, code, f"student-nat-{i}", address="10.5.0.1") for i in range(4)]
    assert [x.status for x in mine] == [200, 200, 200, 429]
    others = [Listener(server, code, f"student-else-{i}", address=f"10.5.1.{i}") for i in range(3)]
    assert [x.status for x in others] == [200, 200, 429]  # the class holds 5
    mine[0].close()
    deadline = time.time() + 5
    while routes.HUB.count(code) > 4 and time.time() < deadline:
        time.sleep(0.02)
    assert Listener(server, code, "student-nat-again", address="10.5.0.1").status == 200  # a slot freed
    for x in mine[1:3] + others[:2]:
        x.close()


def test_an_address_is_the_peer_unless_a_proxy_of_ours_names_it(monkeypatch):
    """X-Real-IP is believed from loopback (nginx of deploy/serve.py) and ATTENTION_LAB_PROXIES alone: a student
    cannot name another address to escape their limits, and behind an ingress students are not one address."""
    assert routes.address_of("127.0.0.1", {"x-real-ip": "203.0.113.9"}) == "203.0.113.9"
    assert routes.address_of(None, {"x-real-ip": "203.0.113.9"}) == "203.0.113.9"  # Streamlit: None is loopback
    assert routes.address_of("198.51.100.4", {"x-real-ip": "203.0.113.9"}) == "198.51.100.4"
    assert routes.address_of("127.0.0.1", {}) == "127.0.0.1"
    monkeypatch.setattr(routes, "PROXIES", routes.PROXIES + (routes.ipaddress.ip_network("10.0.0.0/8"),))
    assert routes.address_of("10.1.2.3", {"x-real-ip": "203.0.113.9"}) == "203.0.113.9"
    assert routes.address_of("not an address", {"x-real-ip": "203.0.113.9"}) == "not an address"


def test_a_students_stream_tells_the_class_their_address(server, monkeypatch):
    """A student forgotten by the class (silent for 10 min) and back on their stream is counted at the stream's
    address again, not with every address-less student."""
    monkeypatch.setattr(classes, "SEND_EVERY", 0.0)
    monkeypatch.setattr(classes, "ADDRESS_SENTENCES", 1)
    code, key = classes.store().create("overview", {})
    classes.store().steer(code, key, "overview", {}, ask="Send a sentence")
    streams = [Listener(server, code, f"student-addr-{i}", address="10.4.0.1") for i in range(2)]
    assert all(s.wait(1) for s in streams)
    classes.store().send(code, "student-addr-0", "one")
    with pytest.raises(classes.Refused, match="class.refused_allowance"):
        classes.store().send(code, "student-addr-1", "two")
    assert classes.store().send(code, "student-elsewhere", "three").text == "three"
    for s in streams:
        s.close()


def test_the_projector_windows_stream_follows_the_class_but_is_not_counted(server):
    """A stream without a client id (the lecturer's projector window) gets every lecture and the class's end, and the
    lecturer's counts hold the students alone."""
    code, key = classes.store().create("overview", {"s": "I have a cat"})
    projector, student = Listener(server, code, ""), Listener(server, code, "student-beside-projector")
    assert (projector.status, student.status) == (200, 200)
    assert projector.wait(1) and student.wait(1)
    assert classes.store().presence(code, key) == classes.Presence(following=0, exploring=1, gone=0)
    assert steer(server, code, key, {"page": "masks", "query": "s=a+b"})[0] == 204
    assert [x["page"] for x in projector.wait(2)] == ["overview", "masks"]
    assert classes.store().presence(code, key) == classes.Presence(following=0, exploring=1, gone=0)
    classes.store().end(code, key)
    deadline = time.time() + 5
    while not (projector.ended and student.ended) and time.time() < deadline:
        time.sleep(0.02)
    assert projector.ended and student.ended
