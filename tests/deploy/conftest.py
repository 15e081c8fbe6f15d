"""Fixtures for the serving tests: Debian's nginx and redis-server (skip on a developer machine without them; in
CI, fail) and one cluster of replicas behind nginx, sharing Redis, per module."""
import os
import shutil

import pytest

from benchmarks.harness import free_port
from deploy.serve import cluster, find_nginx


@pytest.fixture(scope="session")
def nginx_binary() -> str:
    """Path of nginx; CI must have it (.ci/run installs it)."""
    path = find_nginx()
    if path:
        return path
    if os.environ.get("CI"):
        pytest.fail("CI must run the serving tests: install Debian's nginx (see .ci/run)")
    pytest.skip("nginx not found: apt-get install -y nginx")


@pytest.fixture(scope="session")
def redis_binary() -> str:
    """Path of redis-server; CI must have it (.ci/run installs it)."""
    path = shutil.which("redis-server")
    if path:
        return path
    if os.environ.get("CI"):
        pytest.fail("CI must run the serving tests: install Debian's redis-server (see .ci/run)")
    pytest.skip("redis-server not found: apt-get install -y redis-server")


@pytest.fixture(scope="module")
def app_cluster(nginx_binary, redis_binary, request):
    """nginx in front of `REPLICAS` app processes (set by the module), all on free loopback ports."""
    n = getattr(request.module, "REPLICAS", 2)
    with cluster(n, free_port(), replica_ports=[free_port() for _ in range(n)], nginx=nginx_binary,
                 env=getattr(request.module, "SERVER_ENV", None), redis_port=free_port()) as c:
        yield c
