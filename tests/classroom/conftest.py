"""A Redis server of the tests' own: deploy/serve.py's (Debian's redis-server, append-only file on, so a restart
keeps its classes)."""
import os
import shutil

import pytest

from benchmarks.harness import free_port
from deploy.serve import Redis


class RedisServer(Redis):
    """deploy.serve's Redis, restartable in a test."""

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
