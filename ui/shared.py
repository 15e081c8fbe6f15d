"""The two caches every session's script threads and keystroke-route requests share, and the greedy drafts. Each is
bounded and locked, so any thread may read and write it; of the threads that miss one key at once, one builds it.

- Models and traces, per process (`@per_process(size)`, a `Memo` per function): the models, their traces and what
  derives from them (ui/data.py, ui/notes.py), by the function's arguments. Their values are read-only.
- Answers, per (page, View) (`ANSWERS`, through `answer`): a live page's chart elements and their payloads in one
  view (ui/payload.py), for views the keystroke route serves (View.live names the page). The route builds a
  keystroke's once; the rerun after the typing pause, and every session that types the same sentence, take it from
  here. A chart drawn without a route (an edited Playground grid) may depend on more than its view and is never
  stored.

`DRAFTS` is state, not a cache: the greedy output ids by (model, text). The previous keystroke's output lets
decoding verify it as a draft in a pass or two instead of one pass per token; a draft is only a hint that decoding
checks token by token, so sessions can share them.
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import is_dataclass
from typing import Any

import numpy as np


class LRU:
    """A bounded map from hashable keys to immutable values, forgetting the least recently used; locked. Bounded by
    `size` entries and, with `weigh` (value -> bytes), by `budget` bytes."""

    def __init__(self, size: int, weigh: Callable[[Any], int] | None = None, budget: int = 0) -> None:
        self.size, self.lock, self.items = size, threading.Lock(), OrderedDict()
        self.weigh, self.budget, self.weight = weigh, budget, 0

    def get(self, key: Hashable) -> Any:
        """The value stored for key (marked as recently used), or None."""
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def put(self, key: Hashable, value: Any) -> None:
        """Store value under key, forgetting the oldest beyond `size` entries or `budget` bytes."""
        with self.lock:
            old = self.items.pop(key, None)
            self.weight += self.cost(value) - (self.cost(old) if old is not None else 0)
            self.items[key] = value
            while len(self.items) > self.size or (self.weigh and self.weight > self.budget and len(self.items) > 1):
                self.weight -= self.cost(self.items.popitem(last=False)[1])

    def cost(self, value: Any) -> int:
        """A value's weight in bytes (0 without `weigh`)."""
        return self.weigh(value) if self.weigh else 0

    def __len__(self) -> int:
        """How many keys are stored."""
        with self.lock:
            return len(self.items)


def nbytes(value: Any) -> int:
    """Bytes held by a payload, or by an answer's payloads and the arrays of its chart elements and their specs (read
    as far as lists of specs and panels go: labels, numbers and each spec's axes and style are left out, which walked
    cost ~0.3 ms a call)."""
    if isinstance(value, bytes):
        return len(value)
    if isinstance(value, np.ndarray):
        return value.nbytes
    if isinstance(value, dict):
        return sum(map(nbytes, value.values()))
    if isinstance(value, (tuple, list)):
        return sum(map(nbytes, value)) if value and (isinstance(value[0], HOLDERS) or is_dataclass(value[0])) else 0
    return sum(nbytes(v) for v in vars(value).values() if isinstance(v, HOLDERS)) if is_dataclass(value) else 0


HOLDERS = (bytes, np.ndarray, tuple, list, dict)


MB = 1 << 20
# The answers' budget in MB (default 192): a replica with little memory, or the memory test (which must fill the map in
# its warm-up to see what sessions leave behind), sets ATTENTION_LAB_SHARED_MB lower.
BUDGET_MB = max(1, int(os.environ.get("ATTENTION_LAB_SHARED_MB", "192")))
ANSWERS = LRU(16384, nbytes, BUDGET_MB * MB)  # an answer holds 20–400 KB: its elements' arrays, payloads and gzip
DRAFTS = LRU(8192)  # (model, text) -> tuple of ids; a class of 300 typing writes ~300 a second


class Once:
    """Per-key locks: of the threads that miss the same key at once, one builds it while the others wait and then
    read what it stored (a class typing the lecturer's sentence asks for the same keystroke together)."""

    def __init__(self) -> None:
        self.lock, self.locks = threading.Lock(), {}

    def __call__(self, key: Hashable) -> threading.Lock:
        """The lock of `key` (created on first use; dropped by `done`)."""
        with self.lock:
            return self.locks.setdefault(key, threading.Lock())

    def done(self, key: Hashable) -> None:
        """Forget `key`'s lock once its value is stored."""
        with self.lock:
            self.locks.pop(key, None)


def built_once(values: LRU, building: Once, key: Hashable, build: Callable[[], Any]) -> Any:
    """values[key], built by build() and stored if missing; of the threads that miss it at once, one builds while
    the others wait and read what it stored."""
    value = values.get(key)
    if value is None:
        try:
            with building(key):
                value = values.get(key)
                if value is None:
                    value = build()
                    values.put(key, value)
        finally:
            building.done(key)
    return value


ANSWERING = Once()


def answer(key: tuple, build: Callable[[], Any]) -> Any:
    """ANSWERS[key], built by build() once (key: the page and the View)."""
    return built_once(ANSWERS, ANSWERING, key, build)


class Memo:
    """A function's results by its arguments (keyword arguments starting with "_" are hints, not part of the key),
    bounded like LRU and shared by every thread; the threads that miss one key at once compute it once. A result of
    None is kept too; an exception is raised to each caller and not kept. Lighter than st.cache_resource, whose
    hashing of the arguments took ~0.25 ms a call on the keystroke path."""

    def __init__(self, fn: Callable, size: int) -> None:
        self.fn, self.values, self.building = fn, LRU(size), Once()
        self.__doc__, self.__name__ = fn.__doc__, fn.__name__

    def __call__(self, *args, **kwargs) -> Any:
        key = (args, tuple(sorted((k, v) for k, v in kwargs.items() if not k.startswith("_"))))
        return built_once(self.values, self.building, key, lambda: (self.fn(*args, **kwargs),))[0]  # (None,) is kept

    def clear(self) -> None:
        """Forget every value."""
        with self.values.lock:
            self.values.items.clear()


def per_process(size: int) -> Callable[[Callable], Memo]:
    """Decorator: the function's results kept in a Memo of `size` entries, for the life of the process."""
    return lambda fn: Memo(fn, size)


class Drafts:
    """Drafts as one rerun or request uses them: the previous text's outputs are read, this text's are kept.
    `model` is a checkpoint's name, a training snapshot's "name@step", or a windowed run's "name|W3g1:encoder"."""

    def __init__(self, previous: str, text: str) -> None:
        self.previous, self.text = previous, text

    def get(self, model: str) -> list[int] | None:
        """This text's output if known (an exact draft), else the previous text's, else None."""
        ids = DRAFTS.get((model, self.text)) or DRAFTS.get((model, self.previous))
        return list(ids) if ids is not None else None

    def __getitem__(self, model: str) -> list[int]:
        ids = DRAFTS.get((model, self.text))
        if ids is None:
            raise KeyError(model)
        return list(ids)

    def __setitem__(self, model: str, ids: list[int]) -> None:
        DRAFTS.put((model, self.text), tuple(ids))
