"""Word-level English and character-level Chinese tokenizers with a fixed vocabulary, and SentencePiece subword
vocabularies learned on the training words (pieces marked ▁ where a word begins)."""
from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import torch

PAD, BOS, EOS, UNK = "<pad>", "<bos>", "<eos>", "<unk>"
SPECIALS = (PAD, BOS, EOS, UNK)
PAD_ID, BOS_ID, EOS_ID, UNK_ID = range(4)

_EN_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|'[a-z]+|[^\sa-z0-9]")
_EN_SURFACE = re.compile(_EN_TOKEN.pattern, re.IGNORECASE)
_EN_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?|'[^\W_]+|[^\s\w]|_")  # letters beyond a–z are letters ("café")
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


def words_en(text: str) -> list[str]:
    """tokenize_en's words with every Unicode letter a letter ("café" stays one word), after NFKC: what the
    subword vocabulary splits into pieces."""
    text = unicodedata.normalize("NFKC", text).lower().translate(_APOSTROPHES)
    return [w for t in _EN_WORD.findall(text) for w in _expand(t)]


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

    def split(self, words: list[str]) -> tuple[list[int], list[int], list[int]]:
        """(ids, per id the index of its word, per word the index of its first id); here a word is one token."""
        return self.ids_of(words), list(range(len(words))), list(range(len(words)))

    def save(self, path: Path) -> None:
        """Write the vocabulary as JSON to path."""
        path.write_text(self.to_json(), encoding="utf-8")

    @staticmethod
    def load(path: Path) -> Vocab:
        """A vocabulary written by save: a SubwordVocab when path's JSON names a SentencePiece model beside it."""
        d = json.loads(path.read_text(encoding="utf-8"))
        if d.get("kind") == "spm":
            return SubwordVocab(d["lang"], d["itos"], proto=path.with_suffix(".model").read_bytes())
        return Vocab.from_json(path.read_text(encoding="utf-8"))

    def to_json(self) -> str:
        """Serialise as JSON."""
        extra = {"surface": self.surface} if self.surface else {}
        return json.dumps({"lang": self.lang, "itos": self.itos} | extra, ensure_ascii=False, indent=0)

    @classmethod
    def from_json(cls, text: str) -> Vocab:
        """Load from JSON written by to_json."""
        d = json.loads(text)
        return cls(d["lang"], d["itos"], d.get("surface", {}))


WORD_MARK = "\u2581"  # ▁: SentencePiece's mark of a piece that begins a word


def normalise(text: str, lang: str) -> str:
    """The text a subword vocabulary reads: English words_en joined by spaces, Chinese tokens joined."""
    return " ".join(words_en(text)) if lang == "en" else "".join(tokenize_zh(text))


@dataclass
class SubwordVocab(Vocab):
    """A SentencePiece vocabulary: English words split into pieces (▁ begins a word), Chinese text into runs of
    characters; ids equal SentencePiece's ids, specials first."""

    proto: bytes = b""  # the SentencePiece model file

    def __post_init__(self) -> None:
        import sentencepiece as spm

        super().__post_init__()
        self.processor = spm.SentencePieceProcessor(model_proto=self.proto)
        self.cache: dict[str, list[str]] = {}

    def word_pieces(self, word: str) -> list[str]:
        """The pieces of one English word (a special token stays whole)."""
        if word not in self.cache:
            self.cache[word] = [word] if word in SPECIALS else self.processor.encode(word, out_type=str)
        return self.cache[word]

    def zh_pieces(self, tokens: list[str]) -> tuple[list[str], list[int], list[int]]:
        """Chinese: the pieces of the joined tokens (a special token stays whole), per piece the token its first
        character belongs to, per token the piece that holds its first character."""
        pieces, word_of, piece_of, start = [], [], [], 0
        for k in range(len(tokens) + 1):
            if k < len(tokens) and tokens[k] not in SPECIALS:
                continue
            owner = [start + i for i, t in enumerate(tokens[start:k]) for _ in t]  # per character its token
            at = 0
            for piece in self.processor.encode("".join(tokens[start:k]), out_type=str) if k > start else []:
                chars = len(piece.replace(WORD_MARK, ""))
                word_of.append(owner[min(at, len(owner) - 1)])
                piece_of += [len(pieces)] * sum(1 for i in range(at, at + chars) if i == 0 or owner[i] != owner[i - 1])
                pieces.append(piece)
                at += chars
            if k < len(tokens):
                word_of.append(k)
                piece_of.append(len(pieces))
                pieces.append(tokens[k])
            start = k + 1
        return pieces, word_of, piece_of

    def split(self, words: list[str]) -> tuple[list[int], list[int], list[int]]:
        """(piece ids, per piece the index of its word, per word the index of the piece that holds its start)."""
        if self.lang == "zh":
            pieces, word_of, piece_of = self.zh_pieces(words)
        else:
            pieces, word_of, piece_of = [], [], []
            for k, w in enumerate(words):
                piece_of.append(len(pieces))
                pieces += self.word_pieces(w)
                word_of += [k] * (len(pieces) - len(word_of))
        return [self.stoi.get(p, UNK_ID) for p in pieces], word_of, piece_of

    def pieces(self, words: list[str]) -> list[str]:
        """The pieces of already-split words (English) or tokens (Chinese); an unknown piece keeps its text."""
        if self.lang == "zh":
            return self.zh_pieces(words)[0]
        return [p for w in words for p in self.word_pieces(w)]

    def ids_of(self, tokens: list[str]) -> list[int]:
        """Ids of the pieces of already-split words (English) or tokens (Chinese)."""
        return [self.stoi.get(p, UNK_ID) for p in self.pieces(tokens)]

    def tokenize(self, text: str) -> list[str]:
        """The pieces of the text's words."""
        return self.pieces(words_en(text) if self.lang == "en" else tokenize_zh(text))

    def encode(self, text: str, max_len: int) -> Encoded:
        """Split into pieces and map to ids, truncating to max_len pieces."""
        tokens = self.tokenize(text)
        ids = [self.stoi.get(t, UNK_ID) for t in tokens[:max_len]]
        return Encoded(tokens[:max_len], ids, [i == UNK_ID for i in ids], len(tokens) > max_len, len(tokens))

    def detokenize(self, pieces: list[str]) -> str:
        """The text of pieces: ▁ becomes a space between English words; Chinese pieces are joined."""
        return "".join(pieces).replace(WORD_MARK, " ").strip()

    def to_json(self) -> str:
        """Serialise as JSON; the SentencePiece model is saved beside it (save)."""
        return json.dumps({"lang": self.lang, "kind": "spm", "itos": self.itos}, ensure_ascii=False, indent=0)

    def save(self, path: Path) -> None:
        """Write the JSON to path and the SentencePiece model to path with the suffix .model."""
        super().save(path)
        path.with_suffix(".model").write_bytes(self.proto)


def learn_subwords(lang: str, sentences: list[list[str]], size: int, model_type: str = "bpe") -> SubwordVocab:
    """A SentencePiece vocabulary of `size` pieces learned from tokenised sentences (English words, Chinese tokens);
    every character seen is kept; one thread, so the same input gives the same pieces."""
    import io

    import sentencepiece as spm

    join = " ".join if lang == "en" else "".join
    lines = [join(t for t in s if t not in SPECIALS) for s in sentences]
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines), model_writer=model, model_type=model_type, vocab_size=size,
        character_coverage=1.0, normalization_rule_name="identity", add_dummy_prefix=lang == "en",
        pad_id=PAD_ID, bos_id=BOS_ID, eos_id=EOS_ID, unk_id=UNK_ID, pad_piece=PAD, bos_piece=BOS, eos_piece=EOS,
        unk_piece=UNK, num_threads=1, input_sentence_size=0, shuffle_input_sentence=False, minloglevel=2)
    processor = spm.SentencePieceProcessor(model_proto=model.getvalue())
    return SubwordVocab(lang, [processor.id_to_piece(i) for i in range(processor.get_piece_size())],
                        proto=model.getvalue())


def pad(rows: list[list[int]]) -> torch.Tensor:
    """Right-pad id lists with <pad>; (B, L_max)."""
    width = max(len(r) for r in rows)
    return torch.tensor([r + [PAD_ID] * (width - len(r)) for r in rows], dtype=torch.long)
