"""BERT's WordPiece on one word: greedy longest-match-first against a vocabulary of whole words and "##" pieces that
continue a word (Devlin et al. 2019; Google's tokenization.py), with each step's tried candidates, so a page can show
what happens to a word the vocabulary does not hold. A small worked vocabulary stands in when no BERT is loaded."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

UNK = "[UNK]"
MAX_CHARS = 100  # BERT's max_input_chars_per_word: a longer word is [UNK] whole
LETTERS = "abcdefghijklmnopqrstuvwxyz"
DEMO_VOCAB = frozenset(
    [*LETTERS, *(f"##{c}" for c in LETTERS), *"0123456789", *(f"##{c}" for c in "0123456789"), *".,?!'",
     "i", "you", "we", "he", "she", "it", "they", "have", "has", "like", "is", "are", "am", "a", "the", "cat", "dog",
     "tea", "on", "table", "book", "read", "play", "run", "un", "re", "trans", "##aff", "##able", "##s", "##es",
     "##ed", "##ing", "##er", "##ers", "##form", "##ly", "##ness", "##ful"])
EXAMPLE = "unaffable"  # the example of Google's BERT tokenizer: un ##aff ##able


@dataclass(frozen=True)
class Step:
    """One piece found: the candidates tried, longest first, and the one the vocabulary holds (the last tried)."""

    tried: tuple[str, ...]

    @property
    def piece(self) -> str:
        """The piece kept."""
        return self.tried[-1]


@dataclass(frozen=True)
class Split:
    """A word through WordPiece: its pieces ([UNK] if some part matches nothing) and how each was found."""

    word: str
    pieces: tuple[str, ...]
    steps: tuple[Step, ...]  # the pieces found before giving up, if it gave up

    @property
    def unknown(self) -> bool:
        """True if the word became [UNK]."""
        return self.pieces == (UNK,)


def wordpiece(word: str, vocab) -> Split:
    """Split one word greedily: the longest prefix in `vocab`, then the longest "##" continuation, and so on; a part
    that matches nothing makes the whole word [UNK]."""
    if len(word) > MAX_CHARS:
        return Split(word, (UNK,), ())
    steps, start = [], 0
    while start < len(word):
        tried = []
        for end in range(len(word), start, -1):
            tried.append(("##" if start else "") + word[start:end])
            if tried[-1] in vocab:
                break
        else:
            return Split(word, (UNK,), tuple(steps + [Step(tuple(tried))]))
        steps.append(Step(tuple(tried)))
        start = end
    return Split(word, tuple(s.piece for s in steps), tuple(steps))


def basic_words(text: str, lower: bool = True) -> list[str]:
    """The words BERT's basic tokenizer hands to WordPiece: lower-cased and accents stripped (uncased models),
    split at spaces and punctuation, every CJK character a word of its own."""
    if lower:
        text = "".join(c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn")
    return re.findall(r"[\u4e00-\u9fff]|[^\W_]+|[^\w\s]|_", text)


def tokenizer_vocab(tokenizer) -> dict[str, int] | None:
    """A loaded Hugging Face tokenizer's vocabulary if its model is WordPiece (BERT, ELECTRA…), else None."""
    backend = getattr(tokenizer, "backend_tokenizer", None)
    if backend is None or type(backend.model).__name__ != "WordPiece":
        return None
    return tokenizer.get_vocab()


def tokenizer_words(tokenizer, text: str) -> list[str]:
    """The words a Hugging Face WordPiece tokenizer hands to its model: its own normaliser, then pre-tokenizer."""
    backend = tokenizer.backend_tokenizer
    normal = backend.normalizer.normalize_str(text) if backend.normalizer else text
    return [word for word, _ in backend.pre_tokenizer.pre_tokenize_str(normal)]
