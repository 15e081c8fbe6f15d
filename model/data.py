"""Turn corpus pairs into padded id tensors for a translation direction."""
from __future__ import annotations

import random
from collections import Counter

import torch

from model.corpus import Pair, content_words, en_tokens, zh_tokens
from model.tokenizer import BOS_ID, EOS_ID, UNK, Vocab, pad

LANG_TOKENS = {"en": en_tokens, "zh": zh_tokens}
DATA = ("grammar", "tatoeba", "mixed")  # what a model trains on: generated pairs, real pairs, or both


def build_vocabs(src_lang: str, tgt_lang: str, real: list[Pair] = (), min_count: int = 0,
                 grammar: bool = True) -> tuple[Vocab, Vocab]:
    """Vocabularies for each side: every token the grammar can produce (if `grammar`) and every token that
    occurs at least `min_count` times in the real pairs."""
    return tuple(Vocab.build(lang, (LANG_TOKENS[lang]() if grammar else set()) | frequent(real, lang, min_count))
                 for lang in (src_lang, tgt_lang))


def frequent(pairs: list[Pair], lang: str, min_count: int) -> set[str]:
    """The tokens of one side of the pairs that occur at least min_count times."""
    counts = Counter(t for p in pairs for t in (p.en if lang == "en" else p.zh))
    return {t for t, n in counts.items() if n >= max(min_count, 1)}


def mask_word(pair: Pair, i: int) -> Pair | None:
    """The pair with English word i replaced by <unk> and its Chinese chars by one <unk> aligned to it (how the
    model learns to write <unk> for a word it does not know); None if the word has no contiguous chars."""
    span = [j for j, a in enumerate(pair.zh_to_en) if a == i]
    if not span or span != list(range(span[0], span[-1] + 1)):
        return None
    a, b = span[0], span[-1] + 1
    return Pair(pair.en[:i] + (UNK,) + pair.en[i + 1:], pair.zh[:a] + (UNK,) + pair.zh[b:],
                pair.zh_to_en[:a] + (i,) + pair.zh_to_en[b:])


def with_unknowns(pairs: list[Pair], rate: float, rng: random.Random) -> list[Pair]:
    """The pairs, a `rate` share of them with one content word (noun, verb, adjective) masked as <unk>."""
    content = content_words()
    out = []
    for p in pairs:
        words = [i for i, w in enumerate(p.en) if w in content]
        masked = mask_word(p, rng.choice(words)) if words and rng.random() < rate else None
        out.append(masked or p)
    return out


def sides(pair: Pair, src_lang: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int | None, ...]]:
    """(source tokens, target tokens, gold source index of each target token) for a direction."""
    if src_lang == "en":
        return pair.en, pair.zh, pair.zh_to_en
    return pair.zh, pair.en, pair.en_to_zh()


def to_batch(pairs: list[Pair], src_vocab: Vocab, tgt_vocab: Vocab):
    """src (B, S), decoder input <bos> y (B, T), target y <eos> (B, T), gold alignment (B, T) with -1 = none."""
    src, tgt_in, tgt_out, align = [], [], [], []
    for p in pairs:
        s, t, a = sides(p, src_vocab.lang)
        src.append(src_vocab.ids_of(list(s)))
        ids = tgt_vocab.ids_of(list(t))
        tgt_in.append([BOS_ID] + ids)
        tgt_out.append(ids + [EOS_ID])
        align.append([-1 if x is None else x for x in a] + [-1])
    return pad(src), pad(tgt_in), pad(tgt_out), pad_align(align)


def pad_align(rows: list[list[int]]) -> torch.Tensor:
    """Right-pad alignment rows with -1; (B, T)."""
    width = max(len(r) for r in rows)
    return torch.tensor([r + [-1] * (width - len(r)) for r in rows], dtype=torch.long)
