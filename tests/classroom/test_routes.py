"""The class routes on a real server (uvicorn, the app's own route table for them): a lecture reaches every open
stream at once and in order; a stream that reconnects catches up; hostile requests get a clear refusal and change
nothing (a forged key, a code guessed at random, a bad client id, a page that does not exist, an oversized body)."""
import http.client
import json
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


def steer(port: int, code: str, key: str, body) -> tuple[int, str]:
    """POST a lecturer keystroke; (status, body)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("POST", f"/_al/class/{code}/steer", body=body if isinstance(body, bytes) else json.dumps(body),
              headers={"X-AL-Key": key, "Content-Type": "application/json"})
    r = c.getresponse()
    return r.status, r.read().decode()


class Listener:
    """One student's event stream, read in a thread: the lectures received, in order."""

    def __init__(self, port: int, code: str, client: str, last_id: int | None = None) -> None:
        self.lectures, self.status, self.ended = [], None, False
        headers = {"Last-Event-ID": str(last_id)} if last_id is not None else {}
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
    assert steer(server, code, forged, {"page": "overview", "query": "s=pwned"}) == (403, "class.refused_key")
    assert steer(server, code, "", {"page": "overview", "query": "s=pwned"})[0] == 403
    assert steer(server, code, key, {"page": "../../etc/passwd", "query": "s=x"})[0] == 400
    assert steer(server, code, key, b"{not json")[0] == 400
    assert steer(server, code, key, {"page": "overview"})[0] == 400
    assert steer(server, code, key, {"page": "overview", "query": "s=" + "x" * 20_000})[0] == 400
    assert classes.store().lecture(code).params == {"s": "I have a cat"}
    assert steer(server, code, key, {"page": "overview", "query": "s=<script>alert(1)</script>&head=99"})[0] == 204
    params = classes.store().lecture(code).params  # checked like a link: text kept as text, the head clamped
    assert params["s"] == "<script>alert(1)</script>" and params["head"] == "31"
    guesses = [classes.new_code() for _ in range(200)]
    assert all(Listener(server, g, "student-guess").status == 404 for g in guesses if g != code)
    assert Listener(server, "<img>x", "student-guess").status == 404
    assert Listener(server, code, "bad%20id!").status == 404
    assert steer(server, "AAAAAA" if code != "AAAAAA" else "BBBBBB", key, {"page": "overview", "query": ""})[0] == 404
