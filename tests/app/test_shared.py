"""What every script thread and route request shares (ui/shared.py's two caches, models and traces per process and
answers per page and View, and the drafts; Trace.attn's views): bounded, right under many threads at once, each key
built once, a keystroke's answer built once for the route and the rerun, and an answer's key covering everything
its builder takes."""
import inspect
import random
import threading
import typing
from dataclasses import replace

import numpy as np
import pytest

from model.checkpoint import load_bundle
from model.trace import Trace, run_with_trace
from ui import data, payload, route, shared
from ui.payload import answer, build
from ui.registry import BY_PATH, PAGES
from ui.view import View

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


def test_a_keystrokes_answer_is_built_once_for_the_route_and_the_rerun():
    """The route answers a keystroke; the rerun's answer in the same view is the very object the route built (not
    built again), its payloads equal to payloads built from scratch and its body the route's."""
    page, params = "self_attention", {"s": "shared test : my friend drinks hot tea ."}
    v = route.view(page, params)
    body = route.body(page, params)
    rerun = answer(BY_PATH[page].elements, data.view_trace(v), v)
    assert body and rerun.body == body and rerun is shared.ANSWERS.get((BY_PATH[page].elements.__module__, v))
    assert rerun.payloads == {key: build(element, v) for key, element in rerun.elements.items()}
    assert route.body(page, params) == body, "a sentence seen before is one lookup of the same bytes"


def test_a_view_without_a_route_is_never_cached():
    """An answer in a view without a keystroke route (an edited Playground grid) is built every time and not
    stored."""
    page, params = "self_attention", {"s": "shared test : no route here ."}
    v = replace(route.view(page, params), live="")
    before = len(shared.ANSWERS)
    first = answer(BY_PATH[page].elements, data.view_trace(v), v)
    second = answer(BY_PATH[page].elements, data.view_trace(v), v)
    assert first is not second and first.payloads == second.payloads and len(shared.ANSWERS) == before
    assert first.payloads and first.body == b"", "its payloads are drawn by the rerun, never framed for the route"


def test_an_answer_is_built_once_per_page_and_view():
    """16 threads ask for the same page's answer in one view at once: the builder runs once and every thread gets the
    very answer, later calls get the stored one; another view is another entry, and a view without a route runs the
    builder every time."""
    calls = []

    def build_elements(trace, v):
        calls.append(v.head)
        threading.Event().wait(0.02)  # long enough for the other threads to arrive while it builds
        return {}

    v = route.view("self_attention", {"s": "shared test : per page and view ."})
    first = together(lambda i: answer(build_elements, None, v))
    assert calls == [0] and all(r is first[0] for r in first)
    assert answer(build_elements, None, v) is first[0] and calls == [0]
    assert answer(build_elements, None, replace(v, head=1)) is not first[0] and calls == [0, 1]
    plain = replace(v, live="")
    answer(build_elements, None, plain)
    answer(build_elements, None, plain)
    assert calls == [0, 1, 0, 0]


def uncovered(builder) -> list[str]:
    """The parameters of a page's builder that its answer's key, (page, View), does not cover: all but one trace (a
    function of the View: the route and the rerun pass the View's trace, data.view_trace) and the View itself."""
    hints = typing.get_type_hints(builder)
    names = list(inspect.signature(builder).parameters)
    covered = [name for name, kind in zip(names, ("trace", "view"))
               if (kind == "view" and hints.get(name) is View)
               or (kind == "trace" and hints.get(name) in (Trace, Trace | None))]
    return [name for name in names if name not in covered]


@pytest.mark.parametrize("page", [p for p in PAGES if p.live], ids=lambda p: p.path)
def test_an_answers_key_covers_everything_its_builder_takes(page):
    """Every live page's builder takes (trace, View) and nothing else: the answer cache keys it by page and View."""
    assert uncovered(page.elements) == []


def test_the_key_check_catches_a_builder_with_another_argument():
    """A builder that takes a head beside the View, or its arguments in another order, is caught."""
    def with_head(trace: Trace, head: int, v: View) -> dict: ...
    def swapped(v: View, trace: Trace) -> dict: ...
    def bare(trace: Trace, v: View) -> dict: ...
    assert uncovered(with_head) == ["head", "v"] and uncovered(swapped) == ["v", "trace"] and uncovered(bare) == []


def test_threads_asking_for_the_same_new_view_at_once_build_it_once(monkeypatch):
    """16 threads ask the route for one sentence it has not seen, at the same moment: the page's answer is built
    once, and every thread gets the same body."""
    page, params = "multi_head", {"s": "shared test : a class types this together ."}
    builds, builder = [], payload.built
    monkeypatch.setattr(payload, "built", lambda *a: builds.append(1) or builder(*a))
    bodies = together(lambda i: route.body(page, params))
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


def test_the_answer_cache_builds_each_key_once_under_many_threads():
    """16 threads ask for the same 24 keys at once, each in its own order: each key is built once, every thread reads
    the very object built, and the map stays within its byte budget."""
    v = route.view("self_attention", {"s": "shared test : one build per key ."})
    keys = [(page, v, i) for page in ("a", "b", "c") for i in range(8)]
    builds, lock = [], threading.Lock()

    def build_key(key) -> bytes:
        with lock:
            builds.append(key)
        threading.Event().wait(0.005)  # others arrive while it builds
        return repr(key[::2]).encode()

    def visit(i: int) -> dict:
        order = random.Random(i).sample(keys, len(keys))
        return {key: shared.answer(key, lambda key=key: build_key(key)) for key in order}

    seen = together(visit)
    assert sorted(builds, key=repr) == sorted(keys, key=repr), "each key built once"
    assert all(got[key] is seen[0][key] for got in seen for key in keys)
    assert shared.ANSWERS.weight <= shared.ANSWERS.budget


def test_a_views_payloads_are_built_once_when_the_route_and_reruns_ask_together(monkeypatch):
    """8 route requests and 8 reruns of one new view at once: each chart element's payload is built once, and every
    rerun sends the bytes the route answers."""
    page, params = "multi_head", {"s": "shared test : route and reruns together ."}
    v = route.view(page, params)
    trace = data.view_trace(v)
    built, builder = [], payload.build
    monkeypatch.setattr(payload, "build", lambda e, view: built.append(e.key) or builder(e, view))

    def ask(i: int) -> bytes:
        return route.body(page, params) if i % 2 else answer(BY_PATH[page].elements, trace, v).body

    bodies = together(ask)
    assert sorted(built) == sorted(e.key for e in BY_PATH[page].elements(trace, v).values())
    assert all(b == bodies[0] for b in bodies) and bodies[0]
