"""Pinyin with tone marks for Chinese tokens, read in context (a character's reading can depend on its word)."""
from __future__ import annotations

import re

from ui.shared import per_process

HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def is_han(token: str) -> bool:
    """True for a single Chinese character."""
    return len(token) == 1 and bool(HAN.match(token))


@per_process(4096)
def reading(text: str) -> tuple[str, ...]:
    """One tone-marked syllable per Chinese character of `text`, words read as words (银行 → yín háng)."""
    from pypinyin import Style, pinyin  # 0.15 s of imports, paid only once someone turns pinyin on

    return tuple(syllables[0] for syllables in pinyin(text, style=Style.TONE, errors="ignore"))


def readings(tokens: list[str]) -> list[str]:
    """Pinyin under each token: runs of single-character tokens are read together, so that a character gets its
    reading in that word; other tokens get the readings of their own characters; non-Chinese tokens get ""."""
    out = [""] * len(tokens)
    run: list[int] = []
    for i in range(len(tokens) + 1):
        if i < len(tokens) and is_han(tokens[i]):
            run.append(i)
            continue
        if run:
            for j, syllable in zip(run, reading("".join(tokens[j] for j in run))):
                out[j] = syllable
            run = []
        if i < len(tokens) and HAN.search(tokens[i]):
            out[i] = " ".join(reading("".join(HAN.findall(tokens[i]))))
    return out
