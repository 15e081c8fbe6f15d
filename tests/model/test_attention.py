"""Attention math against an independent NumPy implementation, and seed 004's worked example."""
import numpy as np
import pytest
import torch

from model.attention import masked_softmax, scaled_dot_product_attention


def numpy_attention(q, k, v, keep, scale, temperature=1.0):
    """Textbook attention written separately with NumPy loops over rows."""
    d_k = q.shape[-1]
    scores = q @ k.T
    scaled = scores / (np.sqrt(d_k) if scale else 1.0) / temperature
    weights = np.zeros_like(scaled)
    for i in range(scaled.shape[0]):
        cols = np.flatnonzero(keep[i])
        if cols.size:
            e = np.exp(scaled[i, cols] - scaled[i, cols].max())
            weights[i, cols] = e / e.sum()
    return scores, scaled, weights, weights @ v


def masks(n_q, n_k, rng):
    """Padding, causal, random custom masks and no mask (all keep)."""
    padding = np.ones((n_q, n_k), bool)
    padding[:, n_k - 2 :] = False
    causal = np.tril(np.ones((n_q, n_k), bool))
    custom = rng.random((n_q, n_k)) > 0.4
    return {"none": np.ones((n_q, n_k), bool), "padding": padding, "causal": causal, "custom": custom}


@pytest.mark.parametrize("scale", [True, False])
@pytest.mark.parametrize("kind", ["none", "padding", "causal", "custom"])
def test_matches_numpy(scale, kind):
    rng = np.random.default_rng(0)
    q, k, v = rng.normal(size=(6, 8)), rng.normal(size=(6, 8)), rng.normal(size=(6, 5))
    keep = masks(6, 6, rng)[kind]
    r = scaled_dot_product_attention(q, k, v, mask=keep, scale=scale)
    scores, scaled, weights, out = numpy_attention(q, k, v, keep, scale)
    np.testing.assert_allclose(r.scores, scores, rtol=1e-12)
    np.testing.assert_allclose(r.scaled, scaled, rtol=1e-12)
    np.testing.assert_allclose(r.pattern, weights, atol=1e-12)
    np.testing.assert_allclose(r.z, out, atol=1e-12)
    assert np.all(np.isneginf(r.masked_scores[~keep]))
    assert np.all(r.pattern[~keep] == 0.0)
    rows = keep.any(1)
    np.testing.assert_allclose(r.pattern[rows].sum(1), 1.0, atol=1e-12)


def test_temperature_divides_scores():
    rng = np.random.default_rng(1)
    q, k, v = rng.normal(size=(3, 4)), rng.normal(size=(5, 4)), rng.normal(size=(5, 2))
    keep = np.ones((3, 5), bool)
    r = scaled_dot_product_attention(q, k, v, scale=True, temperature=2.5)
    _, scaled, weights, _ = numpy_attention(q, k, v, keep, True, 2.5)
    np.testing.assert_allclose(r.scaled, scaled)
    np.testing.assert_allclose(r.pattern, weights)


def test_fully_masked_row_is_zero_not_nan():
    q = k = v = np.ones((2, 4))
    r = scaled_dot_product_attention(q, k, v, mask=np.array([[1, 1], [0, 0]]))
    assert not np.isnan(r.pattern).any()
    assert np.all(r.pattern[1] == 0) and np.all(r.z[1] == 0)


def test_tensor_input_keeps_tensors_and_batch_axes():
    q = torch.randn(2, 3, 4, 8)
    r = scaled_dot_product_attention(q, q, q, mask=torch.ones(4, 4, dtype=torch.bool))
    assert isinstance(r.pattern, torch.Tensor) and r.pattern.shape == (2, 3, 4, 4)


# Seed 004 (CV攻城狮入门VIT): x is 3 tokens × 4 features, no √d_k scaling.
X = np.array([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]], float)
W_Q = np.array([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]], float)
W_K = np.array([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]], float)
W_V = np.array([[0, 2, 0], [0, 3, 0], [1, 0, 3], [1, 1, 0]], float)


def test_seed_004_worked_example():
    q, k, v = X @ W_Q, X @ W_K, X @ W_V
    np.testing.assert_array_equal(q, [[1, 0, 2], [2, 2, 2], [2, 1, 3]])
    np.testing.assert_array_equal(k, [[0, 1, 1], [4, 4, 0], [2, 3, 1]])
    np.testing.assert_array_equal(v, [[1, 2, 3], [2, 8, 0], [2, 6, 3]])
    r = scaled_dot_product_attention(q, k, v, scale=False)
    np.testing.assert_array_equal(r.scores, [[2, 4, 4], [4, 16, 12], [4, 12, 10]])
    expected = [[6.3379e-02, 4.6831e-01, 4.6831e-01], [6.0337e-06, 9.8201e-01, 1.7986e-02],
                [2.9539e-04, 8.8054e-01, 1.1917e-01]]
    np.testing.assert_allclose(r.pattern, expected, rtol=1e-4)
    # the seed rounds the softmax to one decimal before multiplying by V
    rounded = np.array([[0.0, 0.5, 0.5], [0.0, 1.0, 0.0], [0.0, 0.9, 0.1]])
    np.testing.assert_allclose(rounded @ v, [[2.0, 7.0, 1.5], [2.0, 8.0, 0.0], [2.0, 7.8, 0.3]])


@pytest.mark.parametrize("decimals", [2, 3])
def test_a_grid_is_written_cell_by_cell_as_fmt_writes_one_number(decimals):
    """fmt_all (the Playground's grids) and fmt (formulas, tables) write every number alike: whole numbers without
    decimals, −0 as 0, halves rounded as Python rounds them, values near an integer as that integer."""
    from model.explain import fmt, fmt_all

    rng = np.random.default_rng(4)
    values = np.concatenate([np.round(rng.normal(size=3000) * 3, 2), rng.normal(size=3000) * 50, np.arange(-6, 7),
                             [0.125, -2.5, 0.5, 1.5, -0.0, 0.999999999999, -1e-12, 1e6, -123456.785, 2.675, 0.005]])
    cells = fmt_all(values.reshape(-1, 3), decimals)  # (R, 3)
    assert cells.ravel().tolist() == [fmt(v, decimals) for v in values]


@pytest.mark.parametrize("shape", [(37, 4, 15, 15), (1, 4, 15, 15), (2, 4, 3, 7), (1, 4, 20, 20)])
def test_masked_softmax_of_many_short_rows_equals_numpy(shape):
    """Rows shorter than 16 are padded for speed when there are many of them: the weights still match a float64
    NumPy softmax, −∞ still gets exactly 0 and a row with every key masked is all 0."""
    g = torch.Generator().manual_seed(0)
    x = torch.randn(*shape, generator=g) * 4
    x = x.masked_fill(torch.rand(*shape, generator=g) < 0.3, float("-inf"))
    x[..., 0, :] = float("-inf")  # every key masked
    got = masked_softmax(x)
    assert got.shape == x.shape
    want = np.zeros(shape)
    for index in np.ndindex(*shape[:-1]):
        row = x[index].double().numpy()
        keep = np.isfinite(row)
        if keep.any():
            e = np.exp(row[keep] - row[keep].max())
            want[index][keep] = e / e.sum()
    np.testing.assert_allclose(got.numpy(), want, atol=1e-6)
    assert (got[torch.isinf(x)] == 0).all() and (got[..., 0, :] == 0).all()
