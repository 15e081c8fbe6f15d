"""Subwords and words: which word each token belongs to, a word's label, attention between words."""
from __future__ import annotations

import numpy as np


def word_groups(tokens: list[str], word_ids: list[int | None] | None, specials: set[str]) -> list[int]:
    """Word index of every token: the tokenizer's word_ids() where it has them (fast tokenizers), else a new word at
    each token starting with "▁" (SentencePiece); special tokens are words of their own."""
    groups, current, last_word = [], -1, object()
    for i, tok in enumerate(tokens):
        if word_ids is not None:
            wid = word_ids[i]
            new = wid is None or wid != last_word
            last_word = wid if wid is not None else object()
        else:
            new = tok in specials or tok.startswith("▁") or current < 0 or tokens[i - 1] in specials
        current += 1 if new else 0
        groups.append(current)
    return groups


def word_labels(tokens: list[str], groups: list[int]) -> list[str]:
    """One label per word: its subwords joined without the tokenizer's markers (##, ▁, Ġ)."""
    words: dict[int, str] = {}
    for tok, g in zip(tokens, groups):
        piece = tok[2:] if tok.startswith("##") else tok.lstrip("▁Ġ") or tok
        words[g] = words.get(g, "") + piece
    return [words[g] for g in sorted(words)]


def word_attention(pattern: np.ndarray, q_groups: list[int], k_groups: list[int]) -> np.ndarray:
    """Subword attention (…, Lq, Lk) as word attention (…, Wq, Wk): attention TO a word is the SUM over its subword
    columns, attention FROM a word the MEAN over its subword rows, so every row still sums to 1."""
    to_word = np.eye(max(k_groups) + 1)[k_groups]  # (Lk, Wk) one-hot
    from_word = np.eye(max(q_groups) + 1)[q_groups].T  # (Wq, Lq)
    from_word = from_word / from_word.sum(1, keepdims=True)
    return from_word @ np.asarray(pattern, dtype=np.float64) @ to_word

