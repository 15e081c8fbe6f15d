"""FlashAttention's online softmax against the ordinary softmax, computed here independently."""
import numpy as np
import pytest

from model.checkpoint import load_bundle
from model.flash import floats_held, online_softmax
from model.trace import run_with_trace


def plain(scores: np.ndarray, v: np.ndarray) -> np.ndarray:
    """softmax(scores)·v the textbook way, float64, −∞ as 0 weight."""
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)) @ v


@pytest.mark.parametrize("tile", [1, 2, 3, 5, 16, 64])
def test_every_tile_holds_the_softmax_of_the_keys_seen_so_far(tile):
    """After tile t, m is the maximum of the scores seen, ℓ the sum of exp(s − m) over them and O / ℓ the softmax
    over those keys alone times their values; after the last tile, the ordinary result."""
    rng = np.random.default_rng(tile)
    scores, v = rng.normal(0, 3, (7, 13)), rng.normal(size=(13, 4))
    scores[2, 5:] = -np.inf  # a causal-like row
    tiles = online_softmax(scores, v, tile)
    assert tiles.starts == tuple(range(0, 13, tile))
    for t in range(len(tiles.starts)):
        seen = scores[:, : tiles.end(t)]
        m = seen.max(axis=1)
        np.testing.assert_allclose(tiles.m[t], m)
        np.testing.assert_allclose(tiles.ell[t], np.exp(seen - m[:, None]).sum(axis=1))
        np.testing.assert_allclose(tiles.out[t], plain(seen, v[: tiles.end(t)]), atol=1e-12)
    np.testing.assert_allclose(tiles.out[-1], plain(scores, v), atol=1e-12)


def test_a_tile_that_raises_the_maximum_rescales_what_was_summed():
    """Row scores 1, then 5: the second tile multiplies the first sum by exp(1 − 5)."""
    tiles = online_softmax(np.array([[1.0, 5.0]]), np.eye(2), 1)
    assert tiles.rescale[1, 0] == pytest.approx(np.exp(-4.0)) and tiles.ell[1, 0] == pytest.approx(np.exp(-4.0) + 1)


def test_a_query_that_sees_no_key_in_a_tile_keeps_its_sums():
    """A causal row's later tiles are all masked: its state does not change (no NaN from −∞ − −∞)."""
    scores = np.array([[0.5, -np.inf, -np.inf], [0.1, 0.2, -np.inf]])
    tiles = online_softmax(scores, np.ones((3, 2)), 1)
    assert np.isfinite(tiles.out).all() and (tiles.rescale[1:, 0] == 1).all() and (tiles.ell[:, 0] == 1).all()


def test_on_the_model_the_last_tile_equals_its_attention_output():
    """On the shipped model, every self-attention head: tile by tile ends at the trace's z (float32 rounding)."""
    trace = run_with_trace(load_bundle("en-zh"), "the animal did not cross the street because it was too tired .")
    for block in ("encoder", "decoder", "cross"):
        attn = trace.attn(block, 0)
        for head in range(trace.config.h):
            tiles = online_softmax(attn.masked_scores[head], attn.v[head], 4)
            np.testing.assert_allclose(tiles.out[-1], attn.z[head], atol=2e-6)


def test_memory_held_grows_as_n_squared_the_ordinary_way_and_as_n_tile_by_tile():
    assert floats_held(1024, 32, 64) == (1024 * 1024 + 1024 * 32, 1024 * 64 + 2 * 1024 + 1024 * 32)
    assert floats_held(8, 32, 64)[1] == 8 * 8 + 16 + 8 * 32  # a tile wider than the sentence holds n keys
