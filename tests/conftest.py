"""Fixtures shared by the model and app tests: tiny Hugging Face models built once per session."""
import socket

import pytest
import torch

from tests.hf_models import build_all, minilm_path

# One intra-op thread per test process, as the app (ui/data.py) and training use: the tests run in one worker per
# core (pytest-xdist), and two OpenMP threads per worker would fight over the same cores.
torch.set_num_threads(1)


def pytest_addoption(parser):
    """Options of the random user journey (tests/e2e/test_journey.py). Registered here, not in tests/e2e/conftest.py:
    pytest reads options only from the conftest files it loads before collecting, and a bare `pytest` (testpaths =
    tests) loads this one but not tests/e2e's."""
    group = parser.getgroup("journey", "random user journey (tests/e2e/test_journey.py)")
    group.addoption("--journey-seed", type=int, default=None, help="walk this one seed instead of the CI seeds")
    group.addoption("--journey-steps", type=int, default=None, help="steps per walk (default 200)")


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
