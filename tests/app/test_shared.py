"""What every script thread and route request shares (ui/shared.py's two caches, per process and per view, and the
drafts; Trace.attn's views): bounded, right under many threads at once, each key built once, and a keystroke's
payloads built once for the route and the rerun."""
import random
import threading
from dataclasses import dataclass, replace

import numpy as np

from model.checkpoint import load_bundle
from model.decoding import DecodeOptions
from model.trace import run_with_trace
from model.transformer import AttnOptions
from ui import data, route, shared, widgets
from ui.registry import BY_PATH
from ui.view import Element, per_view
from ui.widgets import build_payload, element_payload

THREADS = 16


def together(work, n: int = THREADS) -> list:
    """Run work(i) in n threads released at once; their results (or the first exception, raised)."""
    start, results, errors = threading.Barrier(n), [None] * n, []

    def run(i: int) -> None:
        start.wait()
        try:
            results[i] = work(i)
        except Exception as err:  # noqa: BLE001 (re-raised below)
            errors.append(err)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


def test_the_lru_stays_bounded_and_right_under_many_threads():
    """16 threads putting and getting 2,000 keys each in a map of 64: a key always reads back its own value or
    nothing, and the map never holds more than its size."""
    lru = shared.LRU(64)

    def hammer(i: int) -> int:
        rng, wrong = random.Random(i), 0
        for _ in range(2000):
            key = rng.randrange(200)
            if rng.random() < 0.5:
                lru.put(key, ("value", key))
            else:
                got = lru.get(key)
                wrong += got is not None and got != ("value", key)
            assert len(lru) <= 64
        return wrong

    assert together(hammer) == [0] * THREADS
    assert len(lru) == 64


def test_the_lru_forgets_the_least_recently_used():
    """A read refreshes a key; the oldest untouched key goes first."""
    lru = shared.LRU(2)
    lru.put("a", 1)
    lru.put("b", 2)
    assert lru.get("a") == 1
    lru.put("c", 3)
    assert (lru.get("a"), lru.get("b"), lru.get("c")) == (1, None, 3)


def test_the_lru_keeps_within_its_byte_budget():
    """Payloads weigh their bytes: the oldest go once the budget is passed, and replacing a key counts once."""
    lru = shared.LRU(100, shared.nbytes, 1000)
    for i in range(5):
        lru.put(i, b"x" * 300)
    assert len(lru) == 3 and lru.weight == 900 and lru.get(0) is None and lru.get(4) is not None
    lru.put(4, (b"y" * 100, b"z" * 50))
    assert lru.weight == 750 and len(lru) == 3


def test_drafts_read_this_text_then_the_previous_and_keep_this_one():
    """A rerun or request reads its own text's output if known (exact), else the previous text's; it writes its own."""
    model, before, now = "test-model", "drafts test : the cat", "drafts test : the cat is"
    shared.Drafts("", before)[model] = [5, 6, 7]
    drafts = shared.Drafts(before, now)
    assert drafts.get(model) == [5, 6, 7]
    drafts[model] = [5, 6, 8]
    assert drafts.get(model) == [5, 6, 8] and shared.Drafts("", now)[model] == [5, 6, 8]
    assert shared.Drafts("drafts test : never", "drafts test : typed").get(model) is None


def test_a_traces_attention_views_are_built_once_and_equal_from_every_thread():
    """16 threads ask a fresh trace for every attention block at once: each gets views equal to one built alone, and
    asking again returns the very same view (no rebuild)."""
    trace = run_with_trace(load_bundle("en-zh"), "the cat sat on the mat .")
    blocks = [(b, layer) for b in ("encoder", "decoder", "cross") for layer in range(trace.config.N)]
    alone = {key: trace.attn_view(*key) for key in blocks}
    seen = together(lambda i: {key: trace.attn(*key) for key in blocks})
    for views in seen:
        for key, view in views.items():
            for name in ("q", "k", "scores", "pattern", "z", "out"):
                np.testing.assert_array_equal(getattr(view, name), getattr(alone[key], name))
    assert all(trace.attn(*key) is trace.attn(*key) for key in blocks)


def test_a_keystrokes_payloads_are_built_once_for_the_route_and_the_rerun():
    """The route answers a keystroke; the rerun's payload of each element in the same view is the very bytes object
    the route built (not built again), and equal to a payload built from scratch."""
    page, params = "self_attention", {"s": "shared test : my friend drinks hot tea ."}
    v = route.view(page, params)
    body = route.answer(page, params)
    elements = BY_PATH[page].charts(route.data.view_trace(v), v)
    assert body and elements
    for b in elements:
        cached = shared.VIEWS.get(("payload", v, b.key))
        assert cached is not None and element_payload(b, v) is cached
        assert cached == build_payload(b, v)
    answered = shared.VIEWS.get(("answer", v))
    assert answered is not None and all(
        a is b for a, b in zip(answered, (shared.VIEWS.get(("payload", v, e.key)) for e in elements)))
    assert route.answer(page, params) == body, "a sentence seen before is one lookup of the same bytes"


def test_a_view_without_a_route_is_never_cached():
    """An element drawn without a keystroke route (an edited Playground grid) is built every time and not stored."""
    page, params = "self_attention", {"s": "shared test : no route here ."}
    v = replace(route.view(page, params), live="")
    elements = BY_PATH[page].charts(route.data.view_trace(v), v)
    before = len(shared.VIEWS)
    for b in elements:
        assert element_payload(b, v) == build_payload(b, v)
        assert shared.VIEWS.get(("payload", v, b.key)) is None
    assert len(shared.VIEWS) == before


def test_a_per_view_builder_runs_once_per_view_and_plain_arguments():
    """16 threads build the same view at once: the builder runs once and every thread gets its very elements, later
    calls get the stored ones; another plain argument is another entry, and a view without a route runs the builder
    every time."""
    calls = []

    @per_view
    def build(trace, n: int, v):
        calls.append(n)
        threading.Event().wait(0.02)  # long enough for the other threads to arrive while it builds
        return [("block", n, v.sentence)]

    v = route.view("self_attention", {"s": "shared test : per view ."})
    first = together(lambda i: build(None, 1, v))
    assert calls == [1] and all(r is first[0] for r in first) and first[0] == [("block", 1, v.sentence)]
    assert build(None, 1, v) is first[0] and calls == [1]
    assert build(None, 2, v) == [("block", 2, v.sentence)] and calls == [1, 2]
    plain = replace(v, live="")
    build(None, 1, plain)
    build(None, 1, plain)
    assert calls == [1, 2, 1, 1]


def test_threads_asking_for_the_same_new_view_at_once_build_it_once(monkeypatch):
    """16 threads ask the route for one sentence it has not seen, at the same moment: the page's elements are built
    once, and every thread gets the same answer."""
    page, params = "multi_head", {"s": "shared test : a class types this together ."}
    builds, builder = [], route.elements
    monkeypatch.setattr(route, "elements", lambda p, v: builds.append(1) or builder(p, v))
    bodies = together(lambda i: route.answer(page, params))
    assert len(builds) == 1 and len(set(bodies)) == 1 and bodies[0]


def test_a_memo_computes_each_key_once_under_many_threads_and_keeps_no_failure():
    """16 threads asking for one new key at once: one computation, every thread the same object; `_hint` keyword
    arguments are not part of the key; an exception reaches its caller and the next call computes again; the memo
    stays within its size."""
    calls, lock = [], threading.Lock()

    def square(x: int, _hint: int = 0) -> list[int]:
        with lock:
            calls.append(x)
        if x < 0:
            raise ValueError("negative")
        threading.Event().wait(0.02)  # long enough for the other threads to arrive while it computes
        return [x * x]

    memo = shared.Memo(square, size=4)
    results = together(lambda i: memo(7, _hint=i))
    assert calls == [7] and all(r is results[0] for r in results) and results[0] == [49]
    for _ in range(2):
        try:
            memo(-1)
        except ValueError:
            pass
    assert calls.count(-1) == 2, "a failure is not kept"
    together(lambda i: memo(i % 8), n=16)
    assert len(memo.values) <= 4 and sorted(set(calls) - {7, -1}) == [0, 1, 2, 3, 4, 5, 6]
    memo.clear()
    assert len(memo.values) == 0


def test_the_per_view_cache_builds_each_key_once_under_many_threads():
    """16 threads ask for the same 24 keys of every kind (elements, payloads, answers), each in its own order, at once:
    each key is built once, every thread reads the very object built, and the map stays within its byte budget."""
    v = route.view("self_attention", {"s": "shared test : one build per key ."})
    keys = [(kind, v, i) for kind in ("built", "payload", "answer") for i in range(8)]
    builds, lock = [], threading.Lock()

    def build(key) -> bytes:
        with lock:
            builds.append(key)
        threading.Event().wait(0.005)  # others arrive while it builds
        return repr(key[::2]).encode()

    def visit(i: int) -> dict:
        order = random.Random(i).sample(keys, len(keys))
        return {key: shared.per_view(key, lambda key=key: build(key)) for key in order}

    seen = together(visit)
    assert sorted(builds, key=repr) == sorted(keys, key=repr), "each key built once"
    assert all(got[key] is seen[0][key] for got in seen for key in keys)
    assert shared.VIEWS.weight <= shared.VIEWS.budget


def test_a_views_payloads_are_built_once_when_the_route_and_reruns_ask_together(monkeypatch):
    """8 route requests and 8 reruns of one new view at once: each chart element's payload is built once, and every
    rerun sends the bytes the route answers."""
    page, params = "multi_head", {"s": "shared test : route and reruns together ."}
    v = route.view(page, params)
    elements = BY_PATH[page].charts(route.data.view_trace(v), v)
    built, builder = [], widgets.build_payload
    monkeypatch.setattr(widgets, "build_payload", lambda b, view: built.append(b.key) or builder(b, view))

    def ask(i: int) -> tuple[bytes, ...]:
        return route.page_payloads(page, v) if i % 2 else tuple(element_payload(b, v) for b in elements)

    answers = together(ask)
    assert sorted(built) == sorted(b.key for b in elements)
    assert all(a == answers[0] for a in answers) and answers[0]


def test_per_process_functions_compute_a_new_key_once_for_many_threads(monkeypatch):
    """16 threads ask ui.data for the trace of one new sentence at once: one forward pass, one read-only trace shared
    by all; later asks (with any draft hint) get the same trace."""
    passes, run = [], data.run_with_trace
    monkeypatch.setattr(data, "run_with_trace", lambda *a, **k: passes.append(1) or run(*a, **k))
    text, attn, decode = "shared test : the dog reads a book .", AttnOptions(), DecodeOptions()
    traces = together(lambda i: data.trace("en-zh", text, attn, decode, _draft=[i]))
    assert len(passes) == 1 and all(t is traces[0] for t in traces)
    assert data.trace("en-zh", text, attn, decode) is traces[0] and len(passes) == 1


def test_elements_weigh_the_arrays_they_hold():
    """The per-view budget counts what an element holds, its specs' arrays and those of their panels, as well as
    payloads."""
    @dataclass(frozen=True)
    class Panel:
        values: np.ndarray

    @dataclass(frozen=True)
    class Spec:
        values: np.ndarray
        labels: tuple[str, ...]
        panels: tuple[Panel, ...] = ()
        decimals: int = 2

    heat, bars = np.zeros((16, 16), np.float32), np.zeros(16, np.float32)
    element = Element([Spec(heat, ("ab",) * 16), Spec(heat, ("c",), (Panel(bars), Panel(bars)))], key="key")
    assert shared.nbytes(element) == 2 * heat.nbytes + 2 * bars.nbytes
    assert shared.nbytes([element, element]) == 2 * shared.nbytes(element)
    assert shared.nbytes((b"x" * 300, b"y" * 100)) == 400
