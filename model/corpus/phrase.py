"""Sentence pairs and the phrases they are built from (English words, Chinese chars, alignment links)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Pair:
    """One parallel sentence pair with the gold zh -> en word alignment."""

    en: tuple[str, ...]
    zh: tuple[str, ...]
    zh_to_en: tuple[int | None, ...]

    def en_to_zh(self) -> tuple[int | None, ...]:
        """For each English token, the index of the first Chinese char aligned to it (or None)."""
        first: dict[int, int] = {}
        for j, i in enumerate(self.zh_to_en):
            if i is not None:
                first.setdefault(i, j)
        return tuple(first.get(i) for i in range(len(self.en)))


# A phrase: English words, Chinese chars, and per char the index of its English word in the phrase,
# None (unaligned), or a role letter (aligned to the first English word of that role in the sentence).
Piece = tuple[tuple[str, ...], tuple[str, ...], tuple[int | str | None, ...]]
EMPTY: Piece = ((), (), ())


@lru_cache(maxsize=65536)
def piece(en: str, zh: str, links: str | None = None) -> Piece:
    """A phrase; links: per char a digit (word index), '-' (none) or a role letter; default: last word, 的 none."""
    words = tuple(en.split())
    if links is None:
        links = "".join("-" if ch == "的" else str(len(words) - 1) for ch in zh)
    assert len(links) == len(zh), (en, zh, links)
    return words, tuple(zh), tuple(None if c == "-" else int(c) if c.isdigit() else c for c in links)


def join(*pieces: Piece) -> Piece:
    """Concatenate phrases that keep the same order in both languages."""
    en: list[str] = []
    zh: list[str] = []
    links: list[int | str | None] = []
    for p_en, p_zh, p_links in pieces:
        links += [i + len(en) if isinstance(i, int) else i for i in p_links]
        en += p_en
        zh += p_zh
    return tuple(en), tuple(zh), tuple(links)


def assemble(roles: dict[str, Piece], en_order: str, zh_order: str) -> Pair:
    """Lay role phrases out in English order and in Chinese order, resolving links to sentence indices."""
    en: list[str] = []
    start: dict[str, int] = {}
    for r in en_order:
        p = roles.get(r)
        if p:
            start[r] = len(en)
            en += p[0]
    zh: list[str] = []
    links: list[int | None] = []
    for r in zh_order:
        p = roles.get(r)
        if p:
            zh += p[1]
            base = start.get(r, 0)
            links += [i + base if isinstance(i, int) else start.get(i) if i else None for i in p[2]]
    return Pair(tuple(en), tuple(zh), tuple(links))
