"""One loaded model traced from many threads at once: every call gets exactly its own trace."""
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from model.checkpoint import load_bundle
from model.decoding import DecodeOptions
from model.trace import run_with_trace

SENTENCES = ["i have a cat", "he reads books at school every day", "do you like tea ?", "why do we work ?",
             "they eat apples", "she has two dogs", "what do the students study ?", "i do not have a dog"]


@pytest.fixture(scope="module")
def bundle():
    return load_bundle("en-zh")


def trace_all(bundle, text):
    """Greedy and beam traces of one sentence."""
    return [run_with_trace(bundle, text), run_with_trace(bundle, text, DecodeOptions("beam"))]


def test_threads_sharing_a_model_each_get_their_own_trace(bundle):
    jobs = SENTENCES * 8
    alone = {s: trace_all(bundle, s) for s in SENTENCES}
    with ThreadPoolExecutor(16) as pool:
        together = list(pool.map(lambda s: trace_all(bundle, s), jobs))
    for text, traces in zip(jobs, together):
        for got, want in zip(traces, alone[text]):
            assert got.text == text and got.decoded.ids == want.decoded.ids
            assert got.arrays.keys() == want.arrays.keys()
            for name, a in want.arrays.items():
                # equal up to float rounding (matmul kernels may split work differently under contention);
                # another session's tensors would differ in shape or by orders of magnitude more
                scale = max(1.0, float(np.abs(a[np.isfinite(a)]).max(initial=0)))
                np.testing.assert_allclose(got.arrays[name], a, rtol=1e-5, atol=1e-5 * scale, err_msg=f"{text}: {name}")


def after_2017_all(bundle, text):
    """The After 2017 pages' model work on one sentence: the cached re-decode, a windowed run, a shifted encoder."""
    from model.kv_cache import run_cached
    from model.relative import shifted_scores
    from model.window import run_windowed

    trace = run_with_trace(bundle, text)
    cached = run_cached(bundle, trace.src.ids, trace.decoded.ids)
    windowed = run_windowed(bundle, text, 2, 1, ("encoder", "decoder"))
    return cached.logits, cached.keys, windowed.decoded.ids, windowed.attn("encoder", 1).mask, *shifted_scores(
        bundle, text, 3)


def test_threads_sharing_a_model_each_get_their_own_cache_window_and_shift(bundle):
    """16 threads: the KV cache lives per call, the window's mask edit stays in its own thread (a window leaking
    into another thread's run would change its translation or masks)."""
    jobs = SENTENCES * 6
    alone = {s: after_2017_all(bundle, s) for s in SENTENCES}
    with ThreadPoolExecutor(16) as pool:
        together = list(pool.map(lambda s: after_2017_all(bundle, s), jobs))
    for text, got in zip(jobs, together):
        want = alone[text]
        assert got[2] == want[2], text
        np.testing.assert_array_equal(got[3], want[3])
        for g, w in zip(got[:2] + got[4:], want[:2] + want[4:]):
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-4, err_msg=text)
