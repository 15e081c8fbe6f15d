"""Word-level English and character-level Chinese tokenizers with a fixed vocabulary."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import torch

PAD, BOS, EOS, UNK = "<pad>", "<bos>", "<eos>", "<unk>"
SPECIALS = (PAD, BOS, EOS, UNK)
PAD_ID, BOS_ID, EOS_ID, UNK_ID = range(4)

_EN_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|'[a-z]+|[^\sa-z0-9]")
_EN_SURFACE = re.compile(_EN_TOKEN.pattern, re.IGNORECASE)
_ZH_TOKEN = re.compile(r"[A-Za-z0-9]+|\S")  # a run of Latin letters or digits (a name, a year) is one token
_FULLWIDTH = {"?": "？", "!": "！", ",": "，", ".": "。"}
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})
_IRREGULAR = {"won't": ["will", "not"], "can't": ["can", "not"], "cannot": ["can", "not"], "shan't": ["shall", "not"],
              "let's": ["let", "us"], "ain't": ["is", "not"]}
_SUFFIXES = {"n't": "not", "'m": "am", "'re": "are", "'ll": "will", "'ve": "have", "'d": "would"}
_IS_BEFORE = frozenset({"he", "she", "it", "that", "this", "there", "here", "what", "who", "where", "when", "why",
                        "how"})


def _expand(token: str) -> list[str]:
    """A contraction's full words ("don't" -> do not, "it's" -> it is); other "X's" -> X + possessive "'s"."""
    if token in _IRREGULAR:
        return _IRREGULAR[token]
    for suffix, word in _SUFFIXES.items():
        if token.endswith(suffix) and len(token) > len(suffix):
            return [token[: -len(suffix)], word]
    if token.endswith("'s") and len(token) > 2:
        stem = token[:-2]
        return [stem, "is" if stem in _IS_BEFORE else "'s"]
    return [token]


def tokenize_en(text: str) -> list[str]:
    """Lower-case words, contractions expanded ("don't" -> do not), punctuation as separate tokens."""
    return [w for t in _EN_TOKEN.findall(text.lower().translate(_APOSTROPHES)) for w in _expand(t)]


def surface_en(text: str) -> list[str]:
    """tokenize_en's tokens as typed (case kept: "Tom"), for copying an unknown word into a translation."""
    out = []
    for token in _EN_SURFACE.findall(text.translate(_APOSTROPHES)):
        words = _expand(token.lower())
        if words[0] == token.lower()[: len(words[0])]:  # keep the typed case of the first word ("Anna" 's)
            words = [token[: len(words[0])], *words[1:]]
        out += words
    return out


def tokenize_zh(text: str) -> list[str]:
    """One token per character (a run of Latin letters or digits is one); whitespace dropped; ASCII
    punctuation made full-width."""
    return [_FULLWIDTH.get(t, t) for t in _ZH_TOKEN.findall(text)]


TOKENIZERS = {"en": tokenize_en, "zh": tokenize_zh}
SURFACE = {"en": surface_en, "zh": tokenize_zh}


def detokenize(tokens: list[str], lang: str) -> str:
    """Join tokens back into text (spaces for English, none for Chinese)."""
    if lang == "zh":
        return "".join(tokens)
    return " ".join(tokens)


@dataclass(frozen=True)
class Encoded:
    """A tokenised sentence: tokens, ids, unknown flags, truncation flag, the tokens as typed."""

    tokens: list[str]
    ids: list[int]
    unknown: list[bool]
    truncated: bool
    n_input_tokens: int
    surface: tuple[str, ...] = ()  # tokens with their typed case ("Tom"); empty: same as tokens

    def typed(self, i: int) -> str:
        """Token i as the user typed it."""
        return self.surface[i] if i < len(self.surface) else self.tokens[i]


@dataclass
class Vocab:
    """Token <-> id mapping for one language; specials come first."""

    lang: str
    itos: list[str]
    surface: dict = field(default_factory=dict)  # English: the spellings that put output back (model.english)
    stoi: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        assert tuple(self.itos[:4]) == SPECIALS, "specials must come first"
        self.stoi = {t: i for i, t in enumerate(self.itos)}

    @classmethod
    def build(cls, lang: str, tokens: set[str] | list[str]) -> Vocab:
        """Vocabulary of the specials followed by the sorted tokens."""
        return cls(lang, list(SPECIALS) + sorted(set(tokens) - set(SPECIALS)))

    def __len__(self) -> int:
        return len(self.itos)

    def tokenize(self, text: str) -> list[str]:
        """Split text with this language's tokenizer."""
        return TOKENIZERS[self.lang](text)

    def encode(self, text: str, max_len: int) -> Encoded:
        """Tokenise and map to ids, truncating to max_len tokens."""
        tokens = self.tokenize(text)
        surface = SURFACE[self.lang](text)
        n = len(tokens)
        tokens = tokens[:max_len]
        ids = [self.stoi.get(t, UNK_ID) for t in tokens]
        unknown = [i == UNK_ID for i in ids]
        typed = tuple(surface[:max_len]) if len(surface) == n else ()
        return Encoded(tokens, ids, unknown, n > max_len, n, typed)

    def ids_of(self, tokens: list[str]) -> list[int]:
        """Ids of already-split tokens (unknown -> <unk>)."""
        return [self.stoi.get(t, UNK_ID) for t in tokens]

    def decode(self, ids: list[int]) -> list[str]:
        """Tokens of ids, stopping at <eos> and skipping <bos>/<pad>."""
        out = []
        for i in ids:
            if i == EOS_ID:
                break
            if i not in (BOS_ID, PAD_ID):
                out.append(self.itos[i])
        return out

    def to_json(self) -> str:
        """Serialise as JSON."""
        extra = {"surface": self.surface} if self.surface else {}
        return json.dumps({"lang": self.lang, "itos": self.itos} | extra, ensure_ascii=False, indent=0)

    @classmethod
    def from_json(cls, text: str) -> Vocab:
        """Load from JSON written by to_json."""
        d = json.loads(text)
        return cls(d["lang"], d["itos"], d.get("surface", {}))


def pad(rows: list[list[int]]) -> torch.Tensor:
    """Right-pad id lists with <pad>; (B, L_max)."""
    width = max(len(r) for r in rows)
    return torch.tensor([r + [PAD_ID] * (width - len(r)) for r in rows], dtype=torch.long)
