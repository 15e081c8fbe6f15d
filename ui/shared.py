"""What every session's script threads and keystroke-route requests share besides the model caches: chart payloads
built once per view, and greedy drafts. Each is a bounded, locked LRU map, so any thread may read and write it.

- `PAYLOADS`: a chart element's payload by (View, element key), for views the keystroke route serves (View.live
  names the page). The route builds a keystroke's payloads once; the rerun after the typing pause, and every other
  session that types the same sentence, take the same bytes from here. Only views with a route are stored: a chart
  drawn without one (an edited Playground grid) may depend on more than its view.
- `BUILT`: a pure chart builder's elements by (builder, View, its plain arguments), for views with a route
  (ui/view.per_view): the route's request builds them, the rerun after the pause takes them.
- `ANSWERS`: the route's whole answer by View, so a sentence the class has typed before costs a lookup.
- `DRAFTS`: the greedy output ids by (model, text). The previous keystroke's output lets decoding verify it as a
  draft in a pass or two instead of one pass per token; a draft is only a hint that decoding checks token by token,
  so sessions can share them.
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


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


def nbytes(value: bytes | tuple[bytes, ...]) -> int:
    """Bytes held by a payload, or by a tuple of payloads."""
    return len(value) if isinstance(value, bytes) else sum(len(v) for v in value)


MB = 1 << 20
# The budget of each payload map in MB (default 96): a replica with little memory, or the memory test (which must
# fill these maps in its warm-up to see what sessions leave behind), sets ATTENTION_LAB_SHARED_MB lower.
BUDGET_MB = max(1, int(os.environ.get("ATTENTION_LAB_SHARED_MB", "96")))
PAYLOADS = LRU(8192, nbytes, BUDGET_MB * MB)  # a payload is 1–80 KB; a page has 3–10 elements
BUILT = LRU(max(8, BUDGET_MB * 16 // 3))  # elements hold the specs' float32 arrays: 20–100 KB a builder's call
ANSWERS = LRU(4096, nbytes, BUDGET_MB * MB)  # View -> the route's payloads: mostly the same bytes objects as PAYLOADS
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


BUILDING = Once()


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


class Memo:
    """A function's results by its arguments (keyword arguments starting with "_" are hints, not part of the key),
    bounded like LRU and shared by every thread; the threads that miss one key at once compute it once. An exception
    is raised to each caller and not kept. Lighter than st.cache_resource, whose hashing of the arguments took
    ~0.25 ms a call on the keystroke path."""

    def __init__(self, fn: Callable, size: int) -> None:
        self.fn, self.values, self.building = fn, LRU(size), Once()
        self.__doc__, self.__name__ = fn.__doc__, fn.__name__

    def __call__(self, *args, **kwargs) -> Any:
        key = (args, tuple(sorted((k, v) for k, v in kwargs.items() if not k.startswith("_"))))
        return built_once(self.values, self.building, key, lambda: self.fn(*args, **kwargs))

    def clear(self) -> None:
        """Forget every value."""
        with self.values.lock:
            self.values.items.clear()


def memo(size: int) -> Callable[[Callable], Memo]:
    """Decorator: the function's results kept in a Memo of `size` entries."""
    return lambda fn: Memo(fn, size)


class Drafts:
    """Drafts as one rerun or request uses them: the previous text's outputs are read, this text's are kept.
    `model` is a checkpoint's name, or a training snapshot's "name@step"."""

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
