"""Minimal pairs: token alignment and the aligned attention difference."""
import numpy as np

from model.pairs import align_tokens, aligned_difference


def test_tokens_line_up_around_an_inserted_or_changed_word():
    assert align_tokens(["i", "have", "a", "cat"], ["i", "have", "two", "cats"]) == [0, 1, None, None]
    assert align_tokens(["he", "likes", "tea"], ["he", "does", "not", "like", "tea"]) == [0, None, 4]
    assert align_tokens(["a", "b"], ["a", "b"]) == [0, 1]


def test_difference_uses_the_matched_cells_and_masks_the_rest():
    p_a = np.arange(9, dtype=float).reshape(3, 3) / 10
    p_b = np.arange(16, dtype=float).reshape(4, 4) / 100
    rows = cols = [0, None, 3]
    diff, masked = aligned_difference(p_a, p_b, rows, cols)
    assert masked.tolist() == [[False, True, False], [True, True, True], [False, True, False]]
    assert diff[0, 0] == p_a[0, 0] - p_b[0, 0] and diff[2, 0] == p_a[2, 0] - p_b[3, 0]
    assert diff[0, 2] == p_a[0, 2] - p_b[0, 3] and diff[2, 2] == p_a[2, 2] - p_b[3, 3]
