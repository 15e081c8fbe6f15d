"""Chinese written in Latin letters for English output: a Chinese word the model copies into an English translation
(a name it does not know) is written in pinyin without tone marks, never in Chinese characters."""
from __future__ import annotations

import re
from functools import lru_cache

HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def has_han(text: str) -> bool:
    """True if the text holds a Chinese character."""
    return bool(HAN.search(text))


@lru_cache(maxsize=4096)
def pinyin_word(text: str, name: bool) -> str:
    """The text's Chinese characters in pinyin as one word, capitalised if it is a `name` (马斯特里赫特 →
    Masitelihete, 女 → nü), words read as words (银行 → yinhang, not yinxing); digits and Latin letters as written."""
    from pypinyin import Style, lazy_pinyin  # 0.15 s of imports, paid only when a Chinese word is copied

    word = "".join(lazy_pinyin(text, style=Style.NORMAL, v_to_u=True, errors="default"))
    return word[:1].upper() + word[1:] if name else word
