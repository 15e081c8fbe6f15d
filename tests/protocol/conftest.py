"""A live app server for the protocol-level tests, with its log captured and checked."""
import re
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from benchmarks.harness import streamlit_server
from ui.registry import PATHS

PAGES = list(PATHS)  # every page of the registry
LOG_ERRORS = re.compile(r"Traceback|Error|Exception|exception|failed")
RECORD = re.compile(r"^(?=\d{4}-\d\d-\d\d |ERROR:|WARNING:|INFO:)", re.M)
# Streamlit's own data editor ignores a pasted cell or row whose text is not valid Unicode (lone surrogates) and
# logs that it did; the grid stays as it was and nothing reaches the app, so those records are not app errors.
HANDLED = ("Failed to add row. Row addition skipped.", "Failed to apply edit ")


@dataclass
class Server:
    """A running app: its URL, process id and log file."""

    url: str
    pid: int
    log: Path

    def records(self) -> list[str]:
        """The server log's records (a message with its traceback, if any)."""
        return [r for r in RECORD.split(self.log.read_text(errors="replace")) if r.strip()]

    def errors(self) -> list[str]:
        """Records of the server log that report an error (first line of each), less Streamlit's handled ones."""
        return [r.splitlines()[0] for r in self.records() if LOG_ERRORS.search(r) and not r.split(" ", 2)[-1]
                .startswith(HANDLED)]

    def handled(self) -> int:
        """How many records are Streamlit's own handled ones (see HANDLED)."""
        return sum(r.split(" ", 2)[-1].startswith(HANDLED) for r in self.records())


@contextmanager
def started(tmp_path_factory, env: dict | None = None):
    """A new app server with its log in a temporary folder (env: settings for it, e.g. a shorter session TTL)."""
    log = tmp_path_factory.mktemp("server") / "streamlit.log"
    with streamlit_server(env=env, log=log) as (url, proc):
        yield Server(url, proc.pid, log)


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory):
    """One app server for every module that needs no server of its own (started once per test process)."""
    with started(tmp_path_factory) as server:
        yield server


@pytest.fixture(scope="module")
def server(tmp_path_factory, request):
    """The module's app server: a new one for a module that sets SERVER_ENV (other settings) or OWN_SERVER (a fresh
    server, e.g. a class opening the app at once, or a peak memory of its own); else the shared one."""
    env = getattr(request.module, "SERVER_ENV", None)
    if env is None and not getattr(request.module, "OWN_SERVER", False):
        yield request.getfixturevalue("shared_server")
        return
    with started(tmp_path_factory, env) as server:
        yield server
