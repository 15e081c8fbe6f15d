"""Sinusoidal PE against the paper's formula and seed 004's relative-position property."""
import math

import numpy as np
import pytest

from model.positional import relative_shift_matrix, sinusoidal_encoding


@pytest.mark.parametrize("d_model,base", [(64, 10000.0), (6, 100.0), (7, 10000.0)])
def test_formula(d_model, base):
    pe = sinusoidal_encoding(20, d_model, base)
    assert pe.shape == (20, d_model)
    for pos in range(20):
        for j in range(d_model):
            i2 = j - j % 2  # the 2i of the pair
            angle = pos / base ** (i2 / d_model)
            expected = math.sin(angle) if j % 2 == 0 else math.cos(angle)
            assert pe[pos, j] == pytest.approx(expected, abs=1e-12)


def test_position_zero_is_sin0_cos0():
    pe = sinusoidal_encoding(1, 8)
    np.testing.assert_array_equal(pe[0], [0, 1, 0, 1, 0, 1, 0, 1])


@pytest.mark.parametrize("k", [1, 3, 10])
def test_relative_position_is_a_fixed_linear_map(k):
    d_model, pe = 16, sinusoidal_encoding(60, 16)
    for i in range(d_model // 2):
        M = relative_shift_matrix(k, d_model, i)
        pairs = pe[:, 2 * i : 2 * i + 2]  # (60, 2)
        shifted = pairs[:-k] @ M.T  # one map for every pos
        np.testing.assert_allclose(shifted, pairs[k:], atol=1e-12)


def test_rows_are_unique():
    pe = sinusoidal_encoding(64, 64)
    dist = np.linalg.norm(pe[:, None] - pe[None], axis=-1)
    assert (dist + np.eye(64) > 1e-3).all()
