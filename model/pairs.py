"""Minimal pairs: line two sentences' tokens up and subtract their attention where both have the tokens."""
from __future__ import annotations

from difflib import SequenceMatcher

import numpy as np


def align_tokens(a: list[str], b: list[str]) -> list[int | None]:
    """For each token of a, the position of the same token in b within the longest matching blocks, or None."""
    match: list[int | None] = [None] * len(a)
    for block in SequenceMatcher(a=a, b=b, autojunk=False).get_matching_blocks():
        for k in range(block.size):
            match[block.a + k] = block.b + k
    return match


def aligned_difference(p_a: np.ndarray, p_b: np.ndarray, rows: list[int | None],
                       cols: list[int | None]) -> tuple[np.ndarray, np.ndarray]:
    """p_a − p_b on a's grid (L_qa, L_ka), with b's cell found through the row and column matches;
    returns (difference, masked) where masked marks cells whose query or key has no match in b."""
    diff = np.zeros(p_a.shape)  # (L_qa, L_ka)
    masked = np.ones(p_a.shape, dtype=bool)
    for i, i_b in enumerate(rows):
        for j, j_b in enumerate(cols):
            if i_b is not None and j_b is not None:
                diff[i, j] = float(p_a[i, j]) - float(p_b[i_b, j_b])
                masked[i, j] = False
    return diff, masked
