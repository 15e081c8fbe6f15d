"""The KV cache and sliding-window pages: every number they show checked against the model's full pass, NumPy
written here, or the model's own windowed run."""
import re

import numpy as np
import pytest

from model.checkpoint import load_bundle
from model.kv_cache import step_multiply_adds
from model.trace import run_with_trace
from model.window import run_windowed, windowed_log_p
from tests.app.conftest import array, by_title, element_specs, open_page

S = "the animal did not cross the street because it was too tired ."


def texts(at) -> str:
    """Every markdown and caption of the page, joined."""
    return "\n".join(str(e.value) for kind in ("markdown", "caption") for e in getattr(at, kind))


@pytest.mark.parametrize(("params", "step", "layer", "head"), [
    ({}, 0, 0, 0),
    ({"step": "6", "layer": "1", "head": "2"}, 6, 1, 2),
    ({"step": "99", "head": "3", "lang": "zh"}, None, 0, 3),  # clamped to the last step
])
def test_the_cache_at_a_step_is_the_full_passs_keys_and_the_new_querys_weights(params, step, layer, head):
    """The K cache map holds rows 0 … step of the full pass's K for the head (the newest marked new), the bars the
    full pass's weights of row `step`; the check's gap is at float32 rounding and every step picks the same token."""
    at = open_page("kv_cache", s=S, **params)
    assert not at.exception and not at.error
    trace = run_with_trace(load_bundle("en-zh"), S)
    T = len(trace.tgt_input_tokens)
    step = T - 1 if step is None else step
    attn = trace.attn("decoder", layer)
    keys, bars = [c for c in element_specs(at) if hasattr(c, "title")][:2]
    np.testing.assert_allclose(keys.values, attn.k[head, : step + 1], atol=1e-5)
    labels = keys.rows.labels if hasattr(keys.rows, "labels") else keys.rows[1]
    assert len(labels) == step + 1 and ("new" in labels[-1] or "新" in labels[-1])
    np.testing.assert_allclose(bars.panels[0].series[0].values, attn.pattern[head, step, : step + 1], atol=1e-5)
    page = texts(at)
    if "lang" not in params:
        gap = float(re.search(r"full pass's by at most ([\d.e+-]+)", page).group(1))
        assert gap < 1e-4 and f"they choose the same {T} of {T} tokens" in page


def test_the_work_and_memory_charts_and_their_totals():
    """Each step's multiply-adds with and without the cache, their sums in the caption, and the numbers held:
    2 · N · h_kv · d_k · (t + S) after step t."""
    at = open_page("kv_cache", s=S)
    trace = run_with_trace(load_bundle("en-zh"), S)
    cfg, n_src, T = trace.config, len(trace.src.tokens), len(trace.tgt_input_tokens)
    figures = by_title(at)
    without, with_cache = figures["Multiply-adds per step"]["data"]
    steps = np.arange(1, T + 1)
    full = [step_multiply_adds(cfg, n_src, t, cached=False) for t in steps]
    cached = [step_multiply_adds(cfg, n_src, t, cached=True) for t in steps]
    np.testing.assert_allclose(array(without["y"]), full, rtol=1e-6)
    np.testing.assert_allclose(array(with_cache["y"]), cached, rtol=1e-6)
    (memory,) = figures["Numbers held in the cache after each step"]["data"]
    np.testing.assert_allclose(array(memory["y"]), 2 * cfg.N * cfg.h * cfg.d_k * (steps + n_src), rtol=1e-6)
    assert f"{sum(full):,} without the cache, {sum(cached):,} with it" in texts(at)


def test_windowed_translation_log_p_and_masks():
    """The windowed chips are the windowed run's output; log P with and without the window as computed here; the
    masks are the window's, and what reaches each token after two layers follows from it."""
    at = open_page("sliding_window", s=S, win="2", glob="1", win_on="encoder")
    assert not at.exception and not at.error
    bundle = load_bundle("en-zh")
    intact, run = run_with_trace(bundle, S), run_windowed(bundle, S, 2, 1, ("encoder",))
    full, windowed = windowed_log_p(bundle, S, intact.decoded.ids, 2, 1, ("encoder",))
    page = texts(at)
    assert f"= {full:.3f} with full attention, {windowed:.3f} with the window" in page
    chips = [e.value for e in at.get("html") if "chip" in str(e.value)]
    assert any(all(tok in html for tok in run.decoded.tokens) for html in chips)
    mask, reach = [c for c in element_specs(at) if hasattr(c, "title")][:2]
    n = len(intact.src.tokens)
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    keep = (np.abs(i - j) < 2) | (i < 1) | (j < 1)
    np.testing.assert_array_equal(~np.asarray(mask.mask, bool).reshape(n, n), keep)
    two_layers = (keep.astype(int) @ keep.astype(int)) > 0
    np.testing.assert_array_equal(~np.asarray(reach.mask, bool).reshape(n, n), two_layers)
    assert "each query sees" in page and f"{keep.sum(1).mean():.1f} of {n} keys" in page


def test_a_decoder_only_window_in_chinese_and_a_one_word_sentence():
    """The decoder's window alone draws only the decoder's maps; the page works in Chinese and on one word."""
    at = open_page("sliding_window", s=S, win="1", glob="0", win_on="decoder", lang="zh")
    assert not at.exception and not at.error
    titles = [c.title for c in element_specs(at) if hasattr(c, "title")]
    assert len(titles) == 2 and all(t.startswith("解码器") for t in titles)
    at = open_page("sliding_window", s="cat")
    assert not at.exception and not at.error
    at = open_page("kv_cache", s="cat")
    assert not at.exception and not at.error


def test_the_window_caption_says_how_many_keys_its_masks_keep():
    """W = 3 without global tokens: the caption's 2W − 1 keys (W − 1 on each side) in the encoder and W latest in the
    decoder are the drawn masks' rows; global tokens are credited to Longformer, not Mistral."""
    at = open_page("sliding_window", s=S, win="3", glob="0", win_on="both")
    page = texts(at)
    assert "up to 2W − 1 of them (W − 1 on each side), and the decoder the W latest" in page
    assert "Longformer (Beltagy et al., 2020) adds a few global tokens" in page and "W nearest keys" not in page
    masks = [c for c in element_specs(at) if hasattr(c, "title") and c.title.startswith(("Encoder", "Decoder"))]
    encoder, decoder = (next(c for c in masks if c.title.startswith(side)) for side in ("Encoder", "Decoder"))
    n = len(encoder.rows.labels)
    seen = (~np.asarray(encoder.mask, bool)).reshape(n, n).sum(1)
    assert seen.max() == 2 * 3 - 1 and seen[n // 2] == 2 * 3 - 1
    t = len(decoder.rows.labels)
    assert (~np.asarray(decoder.mask, bool)).reshape(t, t).sum(1).max() == 3
