"""A Redis server of the tests' own (Debian's redis-server, append-only file on, so a restart keeps its classes)."""
import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class RedisServer:
    """A redis-server process on a loopback port, its data in `folder`."""

    port: int
    folder: Path
    proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        cmd = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
               "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--protected-mode", "no"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    def restart(self) -> None:
        self.stop()
        self.start()


def need_redis_server() -> None:
    """CI installs redis-server (.ci/run): there a missing binary fails; elsewhere the Redis tests say why they skip."""
    if shutil.which("redis-server"):
        return
    if os.environ.get("CI"):
        pytest.fail("redis-server is not installed (apt-get install redis-server)")
    pytest.skip("redis-server is not installed (apt-get install redis-server); CI installs it")


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    need_redis_server()
    server = RedisServer(free_port(), tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()
