"""The notes' shared-norm traces and the trust page's replaced-layer traces are kept by the bytes they hold (issue 55,
point 3): filled from many threads with more traces than fit, each cache holds no more than its budget, weighs what its
traces hold once their output is read, and gives a forgotten trace again with the same numbers."""
from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
import torch

from model.attribution import SWAPS
from model.decoding import DecodeOptions
from model.transformer import AttnOptions
from ui import budget, data
from ui.notes_demos import shared_norm_trace
from ui.views import trust

torch.set_num_threads(1)
WORDS = "the teacher gave my friend two old books at school and we read them at home".split()
SENTENCES = [" ".join(WORDS[i:i + n]) for i, n in itertools.product(range(4), (7, 10, 13))]  # 12, 7–13 words


def notes_keys() -> list[tuple]:
    """shared_norm_trace's arguments for 12 sentences (3.0–3.4 MB each: 16 MB holds about 5)."""
    return [("en-zh", s) for s in SENTENCES]


def trust_keys() -> list[tuple]:
    """swapped's arguments for one 16-token sentence, every layer × replacement × 3 seeds (1.8 MB each: 27 of them)."""
    text = " ".join(WORDS)
    own = tuple(data.trace("en-zh", text, AttnOptions(), DecodeOptions()).decoded.ids)
    N = data.bundle("en-zh").config.N
    return [("en-zh", text, own, layer, swap, seed)
            for layer, swap, seed in itertools.product(range(N), SWAPS, range(3))]


def output(value) -> list[int]:
    """The output ids of a trace or of a Swapped's trace."""
    return (value.trace if isinstance(value, trust.Swapped) else value).decoded.ids


@pytest.mark.parametrize("memo, keys", [(shared_norm_trace, notes_keys), (trust.swapped, trust_keys)],
                         ids=["notes_shared_norm", "trust_swapped"])
def test_a_trace_cache_stays_within_its_byte_budget_from_many_threads(memo, keys):
    memo.clear()
    keys = keys()
    weighed = {}

    def ask(key: tuple) -> None:
        value = memo(*key)
        output(value)  # what the page shows: a trace holds its decoder's arrays once this is read
        weighed[key] = budget.held(value)

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(ask, keys))
    bound = memo.values.budget
    assert 0 < bound < sum(weighed.values())  # more traces than fit
    with memo.values.lock:
        kept = [args for args, _ in memo.values.items]  # a Memo's key: (args, keyword arguments)
    assert 0 < len(kept) < len(keys)
    assert sum(weighed[k] for k in kept) <= bound
    assert budget.weight(memo) == sum(weighed[k] for k in kept)
    forgotten = next(k for k in keys if k not in kept)
    again = memo(*forgotten)
    assert np.array_equal(output(again), output(memo.fn(*forgotten)))
    assert budget.weight(memo) <= bound
