"""The After 2017 page: FlashAttention's online softmax on the sentence, every number checked against NumPy here."""
import re

import numpy as np
import pytest

from model.checkpoint import load_bundle
from model.trace import run_with_trace
from tests.app.conftest import array, by_title, element_specs, open_page

S = "the animal did not cross the street because it was too tired ."


def texts(at) -> str:
    """Every markdown and caption of the page, joined."""
    return "\n".join(str(e.value) for kind in ("markdown", "caption") for e in getattr(at, kind))


def scores_and_values(block: str, layer: int, head: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The head's masked scores, values and output, from a trace made here."""
    attn = run_with_trace(load_bundle("en-zh"), S).attn(block, layer)
    return attn.masked_scores[head].astype(np.float64), attn.v[head].astype(np.float64), attn.z[head]


@pytest.mark.parametrize(("params", "block", "layer", "head", "tile", "done"), [
    ({}, "encoder", 0, 0, 4, 1),
    ({"side": "decoder", "layer": "1", "head": "3", "tile": "3", "ts": "2"}, "decoder", 1, 3, 3, 2),
    ({"side": "cross", "tile": "5", "ts": "99"}, "cross", 0, 0, 5, None),  # the last tile
])
def test_the_running_state_after_each_tile_is_the_softmax_of_the_keys_read(params, block, layer, head, tile, done):
    """The bars show m = the largest score read so far and ℓ = Σ exp(s − m) over the keys read; the output map is
    softmax over those keys times their values; the caption names the tile and the keys; after the last tile the
    page's difference from z matches the one computed here."""
    at = open_page("after_2017", s=S, **params)
    assert not at.exception and not at.error
    scores, v, z = scores_and_values(block, layer, head)
    n_tiles = -(-scores.shape[1] // tile)
    done = n_tiles if done is None else done
    end = min(done * tile, scores.shape[1])
    seen = scores[:, :end]
    m = seen.max(axis=1)
    e = np.exp(seen - m[:, None])
    charts = {c.title: c for c in element_specs(at) if hasattr(c, "title")}
    bars = {title: c for title, c in charts.items() if title.startswith(("Running maximum", "Running sum"))}
    np.testing.assert_allclose(bars[f"Running maximum m after tile {done}"].panels[0].series[0].values, m, atol=1e-5)
    np.testing.assert_allclose(bars[f"Running sum ℓ after tile {done}"].panels[0].series[0].values, e.sum(axis=1),
                               rtol=1e-5)
    out = charts[f"Output O / ℓ after tile {done}"].values
    np.testing.assert_allclose(out, (e / e.sum(axis=1, keepdims=True)) @ v[:end], atol=1e-5)
    page = texts(at)
    assert f"After tile {done} of {n_tiles} (keys {(done - 1) * tile}–{end - 1})" in page
    gap = float(re.search(r"largest difference from the model's own z .* is ([\d.e+-]+)", page).group(1))
    e_all = np.exp(scores - scores.max(axis=1, keepdims=True))
    assert gap == pytest.approx(np.abs((e_all / e_all.sum(axis=1, keepdims=True)) @ v - z).max(), rel=0.06, abs=1e-9)
    assert gap < 1e-5


def test_the_memory_chart_and_caption_count_what_one_head_holds():
    """n × n + n · d_k numbers the ordinary way; n · B + 2n + n · d_k tile by tile (B = 8)."""
    at = open_page("after_2017", s=S, tile="8")
    d_k = load_bundle("en-zh").config.d_k
    assert f"At n = 4,096 with B = 8: {4096 * 4096 + 4096 * d_k:,} against {4096 * 8 + 2 * 4096 + 4096 * d_k:,}" \
        in texts(at)
    ordinary, tiled = by_title(at)[f"Numbers one head holds at once (d_k = {d_k})"]["data"]
    n = array(ordinary["x"]).astype(np.int64)
    np.testing.assert_allclose(array(ordinary["y"]), n * n + n * d_k, rtol=1e-6)
    np.testing.assert_allclose(array(tiled["y"]), n * 8 + 2 * n + n * d_k, rtol=1e-6)


def test_chinese_page_and_a_one_key_sentence():
    """In Chinese the page names the tiles in Chinese; a sentence of one token has one tile and no step slider."""
    at = open_page("after_2017", s=S, lang="zh")
    assert not at.exception and "第 1 块" in texts(at)
    at = open_page("after_2017", s="cat", tile="4")
    assert not at.exception and not at.error and "After tile 1 of 1 (keys 0–0)" in texts(at)


def test_the_sink_maps_hold_each_heads_mean_weight_on_the_first_key():
    """Per block, layer × head: the mean over queries of the weight on key 0, from a trace made here; the title's
    even share is the mean of 1 / (keys each query may see)."""
    at = open_page("after_2017", s=S)
    trace = run_with_trace(load_bundle("en-zh"), S)
    maps = {c.title: c for c in element_specs(at) if " · on «" in getattr(c, "title", "")}
    for block, name, first in (("encoder", "Encoder self", "the"), ("decoder", "Decoder masked self", "<bos>"),
                               ("cross", "Cross (decoder → encoder)", "the")):
        patterns = np.stack([trace.attn(block, i).pattern for i in range(trace.config.N)])  # (N, h, L_q, L_k)
        mask = trace.attn(block, 0).mask
        even = (1 / mask.sum(axis=1)).mean()
        np.testing.assert_allclose(maps[f"{name} · on «{first}»"].values, patterns[..., 0].mean(axis=-1), atol=1e-6)
        assert f"{name} {even:.2f}" in texts(at)
    assert "<bos>, which every query sees" in texts(at)
