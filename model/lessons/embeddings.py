"""Embedding tables: nearest words, and a fresh nn.Embedding's rows next to trained ones."""
from __future__ import annotations

import functools

import numpy as np
import torch
from torch import nn


def nearest_words(table: np.ndarray, ids: list[int], itos: list[str], k: int = 3) -> list[list[str]]:
    """For each id, the k other words whose embedding rows are closest in cosine; table (V, d). Special tokens
    (ids 0–3) are skipped."""
    table = np.asarray(table, dtype=np.float64)
    unit = table / np.maximum(np.linalg.norm(table, axis=1, keepdims=True), 1e-12)  # (V, d)
    out = []
    for i in ids:
        cos = unit[4:] @ unit[i]  # (V - 4,)
        order = [j + 4 for j in np.argsort(-cos) if j + 4 != i][:k]
        out.append([itos[j] for j in order])
    return out


def fresh_embedding(vocab: int, d: int, seed: int = 0) -> np.ndarray:
    """A new embedding table as nn.Embedding makes it (N(0, 1), its reset_parameters), from a seeded generator;
    (vocab, d)."""
    return nn.init.normal_(torch.empty(vocab, d, dtype=torch.float64), generator=torch.Generator().manual_seed(seed)
                           ).numpy()


@functools.lru_cache(maxsize=8)
def fresh_embedding_norm(d: int, rows: int = 1000, seed: int = 0) -> float:
    """Mean row norm of a fresh nn.Embedding(rows, d), drawn from N(0, 1): about √d."""
    return float(np.linalg.norm(fresh_embedding(rows, d, seed), axis=1).mean())


def nearest_id(table: np.ndarray, i: int) -> tuple[int, float]:
    """The other word whose row of `table` (V, d) is closest to row i in cosine, and that cosine; special tokens
    (ids 0–3) are skipped."""
    table = np.asarray(table, dtype=np.float64)
    unit = table / np.maximum(np.linalg.norm(table, axis=1, keepdims=True), 1e-12)  # (V, d)
    cos = unit @ unit[i]  # (V,)
    cos[:4], cos[i] = -np.inf, -np.inf
    j = int(cos.argmax())
    return j, float(cos[j])


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    """Cosine similarity of two vectors."""
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
