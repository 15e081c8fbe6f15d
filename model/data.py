"""Turn corpus pairs into padded id tensors for a translation direction."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import torch

from model import tatoeba
from model.corpus import Pair, content_words, en_tokens, zh_tokens
from model.tokenizer import BOS_ID, EOS_ID, UNK, SubwordVocab, Vocab, learn_subwords, pad, words_en

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
        src_ids, _, src_piece = src_vocab.split(list(s))
        ids, word_of, _ = tgt_vocab.split(list(t))
        tgt_in.append([BOS_ID] + ids)
        tgt_out.append(ids + [EOS_ID])
        src.append(src_ids)
        align.append(inherited(a, word_of, src_piece) + [-1])
    return pad(src), pad(tgt_in), pad(tgt_out), pad_align(align)


def inherited(align: tuple[int | None, ...], word_of: list[int], src_piece: list[int]) -> list[int]:
    """Per target piece, the gold source piece: its word's gold source word, read at that word's first piece
    (-1: none). With one token per word this is the word alignment itself."""
    return [-1 if align[w] is None else src_piece[align[w]] for w in word_of]


def word_pairs(split: str, corpus: Path, subword_en: bool) -> list[Pair]:
    """Tatoeba pairs of a split, the same rows as tatoeba.pairs; with `subword_en` the English side is words_en
    (letters beyond a–z kept: "café"), the words a subword vocabulary splits into pieces."""
    rows = tatoeba.rows(split, corpus)
    out = [(r, tatoeba.to_pair(r)) for r in rows]
    if split != "test":
        out = [(r, p) for r, p in out if len(p.en) <= tatoeba.MAX_EN and len(p.zh) <= tatoeba.MAX_ZH]
    if not subword_en:
        return [p for _, p in out]
    return [Pair(tuple(words_en(r.en)), p.zh, p.zh_to_en) for r, p in out]


def pad_align(rows: list[list[int]]) -> torch.Tensor:
    """Right-pad alignment rows with -1; (B, T)."""
    width = max(len(r) for r in rows)
    return torch.tensor([r + [-1] * (width - len(r)) for r in rows], dtype=torch.long)


def piece_rates(vocab: Vocab, train: list[list[str]], test: list[list[str]]) -> dict:
    """How a vocabulary reads test sentences (already split into words / tokens): the share of sentences with an
    unknown piece, with a piece seen fewer than 3 times in the training sentences, and pieces per sentence."""
    split = vocab.pieces if isinstance(vocab, SubwordVocab) else list
    seen = Counter(p for s in train for p in split(s))
    pieces = [split(s) for s in test]
    share = lambda hit: round(100 * sum(map(hit, pieces)) / len(pieces), 2)  # noqa: E731
    return {"size": len(vocab), "unknown_pct": share(lambda ps: any(p not in vocab.stoi for p in ps)),
            "rare_pct": share(lambda ps: any(seen[p] < 3 for p in ps)),
            "per_sentence": round(sum(map(len, pieces)) / len(pieces), 2)}


def measure(corpus: Path, sizes: dict[str, tuple[int, ...]], generated: int = 20000) -> list[dict]:
    """piece_rates on test.tsv for today's vocabularies (words / characters at min-count 2 and 1) and a
    SentencePiece BPE vocabulary of each size, learned from train.tsv's training split and `generated` pairs."""
    from model.corpus import generate

    made = generate(generated, seed=1234, split="train")  # the real recipe's epoch-0 generated pairs
    train, old = word_pairs("train", corpus, True) + made, word_pairs("train", corpus, False) + made
    test = word_pairs("test", corpus, True)
    rows = []
    for lang in ("en", "zh"):
        words = [p.en if lang == "en" else p.zh for p in train]
        today = [p.en if lang == "en" else p.zh for p in word_pairs("test", corpus, False)]
        for min_count in (2, 1):
            vocab = build_vocabs(lang, lang, word_pairs("train", corpus, False), min_count)[0]
            old_train = [p.en if lang == "en" else p.zh for p in old]
            rows.append({"lang": lang, "vocab": f"{'words' if lang == 'en' else 'chars'} (min-count {min_count})"}
                        | piece_rates(vocab, old_train, today))
        for size in sizes[lang]:
            vocab = learn_subwords(lang, words, size)
            rows.append({"lang": lang, "vocab": f"spm:{size}"}
                        | piece_rates(vocab, words, [p.en if lang == "en" else p.zh for p in test]))
    return rows


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Unknown and rare pieces of each vocabulary on test.tsv")
    parser.add_argument("--corpus", type=Path, default=tatoeba.DEFAULT_CORPUS)
    parser.add_argument("--en", type=int, nargs="*", default=[2000, 4000, 8000], help="English BPE sizes")
    parser.add_argument("--zh", type=int, nargs="*", default=[6000, 8000, 12000], help="Chinese BPE sizes")
    args = parser.parse_args()
    for row in measure(args.corpus, {"en": tuple(args.en), "zh": tuple(args.zh)}):
        print(row)
