"""The order in which the test workers get the tests, and fixtures shared by the model and app tests."""
import socket

import pytest
import torch

from tests.hf_models import build_all, minilm_path

# One intra-op thread per test process, as the app (ui/data.py) and training use: the tests run in one worker per
# core (pytest-xdist), and two OpenMP threads per worker would fight over the same cores.
torch.set_num_threads(1)

# Modules whose tests take minutes, longest first: they are handed out before the rest. pytest-xdist gives each worker
# the next test in collection order as it frees up (pyproject.toml: --dist loadgroup --no-loadscope-reorder), so a
# long test collected near the end ran alone while the other worker sat idle; handed out first, the short tests fill
# in beside them. Each module stays whole and in its order (its module-scoped server or cluster is set up once).
LONG_FIRST = ("tests/e2e/test_journey.py", "tests/e2e/test_presenter.py", "tests/deploy/test_cluster.py",
              "tests/deploy/test_classroom_cluster.py", "tests/e2e/test_classroom.py",
              "tests/model/test_variants.py", "tests/protocol/test_memory.py", "tests/protocol/test_sessions.py",
              "tests/protocol/test_fuzz.py", "tests/e2e/test_readable.py", "tests/protocol/test_route.py")


def pytest_addoption(parser):
    """Options of the random user journey (tests/e2e/test_journey.py). Registered here, not in tests/e2e/conftest.py:
    pytest reads options only from the conftest files it loads before collecting, and a bare `pytest` (testpaths =
    tests) loads this one but not tests/e2e's."""
    group = parser.getgroup("journey", "random user journey (tests/e2e/test_journey.py)")
    group.addoption("--journey-seed", type=int, default=None, help="walk this one seed instead of the CI seeds")
    group.addoption("--journey-steps", type=int, default=None, help="steps per walk (default 200)")


# Modules whose tests share one costly set-up, run whole on one worker (an xdist_group each): handed out test by test,
# both workers made it. test_corpus.py generates 100,000 pairs (~10 s of CPU), test_pages_zh.py opens every page in
# Chinese, test_variants.py scores en-zh-alibi on 2,000 pairs (~20 s) in two tests.
ONE_WORKER = ("tests/model/test_corpus.py", "tests/app/test_pages_zh.py", "tests/model/test_variants.py")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the xdist_group marks
def pytest_collection_modifyitems(config, items):
    """The modules of LONG_FIRST first, in that order; every other test after them in its collected order. The tests
    of a ONE_WORKER module form one xdist group."""
    if missing := [path for path in LONG_FIRST + ONE_WORKER if not (config.rootpath / path).is_file()]:
        raise pytest.UsageError(f"tests/conftest.py names test modules that do not exist (renamed?): {missing}")
    rank = {path: i for i, path in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(LONG_FIRST)))
    for item in items:
        if (path := item.nodeid.split("::")[0]) in ONE_WORKER:
            item.add_marker(pytest.mark.xdist_group(path))


@pytest.fixture(scope="session")
def hf_paths(tmp_path_factory) -> dict:
    """Folder of each tiny random model (bert, bert-no-mlm, gpt2, marian) and of the packaged real MiniLM."""
    paths = build_all(tmp_path_factory.mktemp("hf"))
    paths["minilm"] = minilm_path()
    return paths


@pytest.fixture
def no_network(monkeypatch):
    """Any attempt to open a connection fails the test."""
    def refuse(*args, **kwargs):
        raise AssertionError(f"network access attempted: {args}")
    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
