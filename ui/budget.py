"""Per-process caches bounded by the bytes they hold, not by their number of entries.

A trace is 0.5 MB for a 4-token sentence and 1.7 MB at 16 tokens (3 + 3 layers, d_model 128, a target vocabulary of
2,535: the float64 probabilities alone are T × V × 8 bytes), so a cache of "256 traces" held anything from 128 to 450
MB, and a server that had answered many long sentences kept the most. `per_process_bytes(mb)` keeps a function's
results like ui/shared.per_process, and forgets the least recently used beyond `mb` megabytes held (`held`).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import torch
from torch import nn

from model.trace import Arrays
from ui.shared import LRU, Memo

MB = 1 << 20
ENTRIES = 1 << 20  # no bound by count: the bytes bound first
DEPTH = 4  # how deep `held` looks into tuples, lists, dicts and dataclasses (a trace's arrays are at depth 2)


def held(value: Any, depth: int = DEPTH) -> int:
    """Bytes of the arrays, tensors and model parameters a value holds: a trace's arrays all counted, made or not yet
    (model.trace.Arrays.nbytes), and those of the tuples, lists, dicts and dataclass fields it is made of (lists of
    numbers, strings and the rest count 0; a trace's decoding steps and attention views are views of its arrays)."""
    if isinstance(value, np.ndarray):
        return value.nbytes
    if isinstance(value, torch.Tensor):
        return value.numel() * value.element_size()
    if isinstance(value, Arrays):
        return value.nbytes
    if isinstance(value, nn.Module):
        return sum(held(t) for t in (*value.parameters(), *value.buffers()))
    if depth == 0:
        return 0
    if isinstance(value, Mapping):
        return sum(held(v, depth - 1) for v in value.values())
    if isinstance(value, (tuple, list)):
        return sum(held(v, depth - 1) for v in value) if value and not isinstance(value[0], (int, float, str)) else 0
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return sum(held(vars(value).get(f.name), depth - 1) for f in dataclasses.fields(value))  # no property run
    return 0


class BytesLRU(LRU):
    """An LRU bounded by the bytes its values held when stored (each value's weight is kept beside it: a trace that
    decodes later holds more than it did, but forgetting it takes off what storing it put on)."""

    def __init__(self, weigh: Callable[[Any], int], budget: int) -> None:
        super().__init__(ENTRIES, weigh, budget)
        self.held: dict = {}

    def put(self, key, value: Any) -> None:
        """Store value under key, forgetting the least recently used beyond the budget (one value is always kept)."""
        with self.lock:
            if len(self.held) != len(self.items):  # cleared meanwhile (Memo.clear empties the items)
                self.held = {k: w for k, w in self.held.items() if k in self.items}
                self.weight = sum(self.held.values())
            self.weight -= self.held.pop(key, 0)
            self.items.pop(key, None)
            self.items[key], self.held[key] = value, self.weigh(value)
            self.weight += self.held[key]
            while len(self.items) > 1 and self.weight > self.budget:
                self.weight -= self.held.pop(self.items.popitem(last=False)[0])


def entry_bytes(entry: tuple) -> int:
    """What a Memo entry, (result,), holds."""
    return held(entry[0])


def per_process_bytes(mb: float) -> Callable[[Callable], Memo]:
    """Decorator: the function's results kept for the life of the process (as ui/shared.per_process), the least
    recently used forgotten beyond `mb` megabytes held; a single result larger than that is still kept alone."""

    def wrap(fn: Callable) -> Memo:
        memo = Memo(fn, ENTRIES)
        memo.values = BytesLRU(entry_bytes, int(mb * MB))
        return memo

    return wrap


def weight(memo: Memo) -> int:
    """Bytes a byte-bounded memo holds now."""
    with memo.values.lock:
        return memo.values.weight
