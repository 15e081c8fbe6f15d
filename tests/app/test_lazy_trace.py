"""A keystroke pays only for what its page shows (issue 55): a trace's decoder pass and probabilities are made when a
page first reads them, and every page draws the same bytes as from a trace made whole; the caches of traces are
bounded by the bytes they hold."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from model.checkpoint import load_bundle
from model.trace import Arrays, run_with_trace
from ui import budget, data, route, shared
from ui.registry import PAGES

LIVE = [p.path for p in PAGES if p.live]
SENTENCE = "the teacher gave my friend two old books at school and we read them at home"
TYPED = [SENTENCE[:k] for k in range(len(SENTENCE) - 5, len(SENTENCE) + 1)]  # the last keystrokes
VIEWS = {"self_attention": {"side": "decoder"}, "playground": {"preset": "sentence"}}


def forget() -> None:
    """Forget every trace, answer and draft of this process (not the attention cost the paper page measured: a
    timing, measured again it differs)."""
    for memo in vars(data).values():
        if isinstance(memo, shared.Memo) and memo is not data.attention_cost:
            memo.clear()
    for lru in vars(shared).values():
        if isinstance(lru, shared.LRU):
            with lru.lock:
                lru.items.clear()
                lru.weight = 0


def typed(page: str, drafts: bool) -> list[list[bytes]]:
    """The route's payloads for each keystroke of TYPED on `page` (with the previous text as `p` if `drafts`)."""
    out, previous = [], ""
    for text in TYPED:
        out.append(route.payloads(page, {"s": text, "p": previous if drafts else ""} | VIEWS.get(page, {})))
        previous = text
    return out


@pytest.mark.parametrize("page", LIVE)
def test_every_page_draws_from_a_lazy_trace_what_it_draws_from_a_whole_one(page, monkeypatch):
    """Typing with drafts, arrays made as the page reads them, against each text afresh from traces whose every
    array was made before any page read one: the same payload bytes for every keystroke."""
    forget()
    lazy = typed(page, drafts=True)
    forget()
    later = Arrays.later

    def whole(self, names, make, nbytes):
        later(self, names, make, nbytes)
        for name in list(names):
            self[name]

    monkeypatch.setattr(Arrays, "later", whole)
    assert typed(page, drafts=False) == lazy
    assert any(lazy), f"{page} drew nothing"


def test_the_self_attention_page_on_the_encoder_leaves_the_decoder_pass_unmade():
    """A keystroke on Self-attention (encoder block) reads no decoder array: the probabilities are never made, nor
    the decoder pass when decoding's last pass ran longer than the output."""
    forget()
    typed("self_attention", drafts=True)
    traces = [entry[0] for entry in data.trace.values.items.values()]
    assert traces and all("probs" in t.arrays and "probs" not in t.arrays.made for t in traces)
    assert all(t.arrays.nbytes > sum(a.nbytes for a in t.arrays.made.values()) for t in traces)


def test_a_traces_planned_bytes_are_what_its_arrays_hold_once_made():
    """Arrays.nbytes (what the trace cache weighs) is at least the bytes of every array once made, and within the
    decoder pass's longer rows of it."""
    bundle = load_bundle("en-zh")
    plain = run_with_trace(bundle, SENTENCE)
    for draft in (None, plain.decoded.ids + plain.decoded.ids[:4]):
        t = run_with_trace(bundle, SENTENCE, draft=draft)
        planned = t.arrays.nbytes
        made = sum(t.arrays[name].nbytes for name in t.arrays)
        assert made <= planned <= 1.5 * made


def test_a_byte_bounded_cache_forgets_the_oldest_beyond_its_budget():
    """Results of 1 MB each under a 3.5 MB budget: the cache keeps the 3 newest whatever their number, holds no more
    than its budget, and computes a forgotten one again."""
    calls = []

    @budget.per_process_bytes(3.5)
    def block(i: int) -> np.ndarray:
        calls.append(i)
        return np.full(budget.MB // 8, float(i))  # 1 MB of float64

    for i in range(10):
        block(i)
    assert len(block.values) == 3 and budget.weight(block) == 3 * budget.MB
    assert [block(i)[0] for i in (7, 8, 9)] == [7.0, 8.0, 9.0] and calls == list(range(10))
    assert block(0)[0] == 0.0 and calls[-1] == 0 and budget.weight(block) <= 3.5 * budget.MB


def test_held_counts_a_traces_arrays_and_a_models_parameters():
    """What the caches weigh: a trace by every array it has or will make, a model by its parameters, and an array in
    a tuple or a dataclass by its bytes."""
    bundle = load_bundle("en-zh")
    trace = run_with_trace(bundle, "i have a cat")
    assert budget.held(trace) == trace.arrays.nbytes
    params = sum(p.numel() * 4 for p in bundle.transformer.parameters())  # float32
    assert budget.held(bundle.transformer) >= params
    assert budget.held((np.zeros(10), torch.zeros(3, dtype=torch.float64), "text", [1, 2])) == 80 + 24
