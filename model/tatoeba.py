"""Real sentence pairs: the Tatoeba Project's English–Chinese pairs in `../shared/corpus` (train.tsv, test.tsv).

Licence CC BY 2.0 FR; credit in CREDIT. Only train.tsv is trained on; a validation split is carved from it by a
stable hash of the English sentence, so every translation of one English sentence falls on the same side.
"""
from __future__ import annotations

import hashlib
import os
import re
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from model.corpus import Pair
from model.tokenizer import tokenize_en, tokenize_zh

DEFAULT_CORPUS = Path(os.environ.get("ATTENTION_LAB_CORPUS",
                                     Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"))
CREDIT = ("English–Chinese sentence pairs from the Tatoeba Project (tatoeba.org), via manythings.org/anki, "
          "CC BY 2.0 FR; modified (simplified characters, whitespace)")
VALID_PERCENT = 3  # of train.tsv's English sentences, held out for validation while training
MAX_EN, MAX_ZH = 40, 60  # longer training pairs are dropped (the model has 64 positions)
_KEY = re.compile(r"[^\w\s]")


@dataclass(frozen=True)
class Row:
    """One line of a corpus file: the two sentences and their Tatoeba ids."""

    en: str
    zh: str
    source_id: str


def read(path: Path) -> list[Row]:
    """The rows of a tab-separated corpus file (english, chinese, source id)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        en, zh, source_id = line.split("\t")
        rows.append(Row(en, zh, source_id))
    return rows


def key(en: str) -> str:
    """An English sentence lower-cased without punctuation: what makes two rows "the same sentence"."""
    return " ".join(_KEY.sub(" ", en.lower()).split())


def split_of(row: Row) -> str:
    """'valid' for about VALID_PERCENT % of English sentences (stable hash), else 'train'."""
    return "valid" if zlib.crc32(key(row.en).encode()) % 100 < VALID_PERCENT else "train"


def rows(split: str, corpus: Path = DEFAULT_CORPUS) -> list[Row]:
    """train.tsv's 'train' or 'valid' rows, or test.tsv's rows for 'test'."""
    if split == "test":
        return read(corpus / "test.tsv")
    return [r for r in read(corpus / "train.tsv") if split_of(r) == split]


def to_pair(row: Row) -> Pair:
    """A Pair of tokens with no gold alignment (every Chinese character aligned to None)."""
    zh = tuple(tokenize_zh(row.zh))
    return Pair(tuple(tokenize_en(row.en)), zh, (None,) * len(zh))


def pairs(split: str, corpus: Path = DEFAULT_CORPUS) -> list[Pair]:
    """A split's rows as Pairs; training pairs longer than MAX_EN / MAX_ZH tokens are dropped."""
    out = [to_pair(r) for r in rows(split, corpus)]
    return out if split == "test" else [p for p in out if len(p.en) <= MAX_EN and len(p.zh) <= MAX_ZH]


def counts(train: list[Pair]) -> tuple[Counter, Counter]:
    """How often each English word and each Chinese character occurs in the training pairs."""
    en, zh = Counter(), Counter()
    for p in train:
        en.update(p.en)
        zh.update(p.zh)
    return en, zh


def sha256(path: Path) -> str:
    """A file's SHA-256, hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def available(corpus: Path = DEFAULT_CORPUS) -> bool:
    """True if the corpus folder holds train.tsv and test.tsv."""
    return (corpus / "train.tsv").exists() and (corpus / "test.tsv").exists()
