"""Deterministic grammar-based English <-> Chinese parallel corpus with gold word alignments.

Two generators share the pairs: the grammar below (specs, FRAME_SHARE aside) and the frames (frames.py: the
constructions a lecture uses, names and digits as <unk>, and the open vocabulary of about 1,700 words from
maintained sources; its docstring lists them). Both keep one translation per sentence in each direction.

The grammar is the data: no downloads. Every sentence is rendered from a ``Spec`` (form, mood,
tense and the words in each role), so each English sentence has exactly one Chinese translation and
vice versa (no synonyms in either direction); ``translate_en`` and ``translate_zh`` parse a sentence
back into its spec and return the pair. The open-class words (about 300 nouns with their measure words,
95 verbs, 100 adjective senses; 1,170 English word forms in all) are in ``lexicon.json``, written by
``python -m tools.build_lexicon`` (see there for the packages it needs; the app needs none of them).
The modules: lexicon (words), phrase (pairs and aligned phrases), grammar (specs and rendering),
rules (what is inside the grammar), sample (random specs), parse (text back to specs), vocab.

Constructions (English order -> Chinese order; a final "." / "?" is optional, 。/？ follows it):
  statement    "i read books at school every day"     -> 我每天在学校读书 (time, then place, before the verb)
  past/future  "i ate an apple" -> 我吃了一个苹果;  "i will go to school" -> 我会去学校
  modals       can -> 能, want to -> 想, like to -> 喜欢;  "he is reading a book" -> 他正在读一本书
  negation     "he does not like tea" -> 他不喜欢茶; did not -> 没; "i do not have a dog" -> 我没有狗
  questions    yes/no 吗; or -> 还是; what 什么, who 谁, where 在哪里 (去哪里 for go), when 什么时候,
               why 为什么, how many 几+measure, how much 多少, "how is X" -> X怎么样
  adjectives   "the cat is cute" -> 猫很可爱; very -> 非常 (predicate) / 很...的 (before a noun);
               "it is cold today" -> 今天很冷;  "my dog is bigger than your cat" -> 我的狗比你的猫大
  X is N       "this is my book" -> 这是我的书;  "he is a teacher" -> 他是老师
  location     "the cat is on the table" -> 猫在桌子上;  "there is a cat in the room" -> 房间里有一只猫
  objects      "a cat and a dog" -> 一只猫和一只狗; "twenty five cats" -> 二十五只猫; "a cup of tea" -> 一杯茶;
               "my friend 's mother" -> 我朋友的妈妈; "my mother" -> 我妈妈 (kin: no 的)
  clauses      "i like cats but he likes dogs" -> 我喜欢猫，但是他喜欢狗 (also "because" -> 因为)
  also/often   "i also like cats" -> 我也喜欢猫;  "she often reads books" -> 她经常读书;  fixed phrases ("hello")
Determiners: generic objects are bare plurals or mass nouns ("i like cats" -> 我喜欢猫); "the" appears on
subjects, places and objects of verbs that take definite objects ("open the door" -> 打开门), never where
a generic would give the same Chinese. Contractions are expanded by the tokenizer ("don't" -> do not).

Alignment rules (``Pair.zh_to_en``: for each Chinese char, the index of its English word or None):
  * every char of a word aligns to its English word (老师 -> "teacher", 什么时候 -> "when");
  * compounds split per word: 每天 (每 -> every, 天 -> day), 在家 (在 -> at, 家 -> home), 我的朋友 (我 -> my);
  * number + measure word align to the number (一只 -> "a", 二十五只: 二十 -> twenty, 五只 -> five); with a
    container the measure aligns to it (一杯茶: 杯 -> cup); 几只: 几 -> how, 只 -> many;
  * 在 and the localiser (里 上 下面 附近 后面) align to the preposition; 们 to its noun; 了 to the verb;
  * 不 / 没 -> "not" (没 in "there is no" -> "no"); 很 before an adjective -> the copula ("is");
    很 in "very much" and attributive 很...的 -> "very"; 吗 -> the fronted auxiliary ("do", "will", "is");
    会 -> will, 能 -> can, 想 -> want, 正在 -> am/is/are, 是 -> is, 有 in "there is" -> is; 比 -> than;
    ，但是 / ，因为 -> but / because; ？ -> "?", 。 -> ".";
  * 的 aligns to nothing (None).
English words with no Chinese counterpart (``Pair.en_to_zh`` gives None): "the", "of", "to", "'s",
"much" of "very much", "more", do-support, "be", "there", "in"/"on" of time phrases, and the "a"
dropped after 是/没有. Sentences have at most MAX_EN_LEN tokens and MAX_ZH_LEN chars.

Train/test split is by English sentence (ignoring a final "." or "?"), via zlib.crc32: ~10% test.
``SEED_PAIRS`` are always train, and ``generate(split="train")`` starts with them and their twins
with/without the final punctuation.
"""
from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from itertools import islice

from model.corpus.frames import Decks, fixed_sentences, frame_tokens, parse_frame, sample_frame
from model.corpus.grammar import render
from model.corpus.lexicon import ADJS, FIXED, NOUNS, OPEN, VERBS
from model.corpus.parse import parse
from model.corpus.phrase import Pair
from model.corpus.sample import sample_spec
from model.corpus.vocab import EN_TOKENS as GRAMMAR_EN
from model.corpus.vocab import ZH_TOKENS as GRAMMAR_ZH
from model.tokenizer import tokenize_en, tokenize_zh

__all__ = ["MAX_EN_LEN", "MAX_ZH_LEN", "SEED_PAIRS", "Pair", "en_tokens", "generate", "sample_sentences",
           "split_of", "translate_en", "translate_zh", "zh_tokens"]

MAX_EN_LEN = 16
MAX_ZH_LEN = 24
TEST_PERCENT = 10
FRAME_SHARE = 0.6  # of generated pairs: the frames (constructions and open vocabulary); the rest the grammar
EN_TOKENS = GRAMMAR_EN | frame_tokens()[0]
ZH_TOKENS = GRAMMAR_ZH | frame_tokens()[1]


def _fits(p: Pair) -> bool:
    """Within the sentence length limits."""
    return len(p.en) <= MAX_EN_LEN and len(p.zh) <= MAX_ZH_LEN


def translate_en(text: str | list[str] | tuple[str, ...]) -> Pair | None:
    """The gold pair for an English sentence (text or tokens), or None if the grammar can't produce it."""
    tokens = tuple(tokenize_en(text) if isinstance(text, str) else text or ())
    if not tokens or len(tokens) > MAX_EN_LEN or not EN_TOKENS.issuperset(tokens):
        return None
    pair = parse(tokens, "en") or parse_frame(tokens, "en")
    return pair if pair is not None and _fits(pair) else None


def translate_zh(text: str | list[str] | tuple[str, ...]) -> Pair | None:
    """The gold pair for a Chinese sentence (text or chars), or None if the grammar can't produce it."""
    chars = "".join(tokenize_zh(text) if isinstance(text, str) else text or ())
    if not chars or len(chars) > MAX_ZH_LEN or not ZH_TOKENS.issuperset(chars):
        return None
    pair = parse(chars, "zh") or parse_frame(tuple(chars), "zh")
    return pair if pair is not None and _fits(pair) else None


def _must(text: str) -> Pair:
    """translate_en that insists the sentence is in the grammar."""
    pair = translate_en(text)
    if pair is None:
        raise ValueError(f"not in the grammar: {text!r}")
    return pair


SEED_PAIRS: tuple[Pair, ...] = tuple(_must(t) for t in (
    "i have a cat",
    "why do we work ?",
    "i eat apples every day .",
    "we read books at home",
    "he does not like tea .",
    "do you have a cat ?",
    "why does he read books ?",
    "i read books at school every day",
    "she buys a beautiful flower",
    "what do the students study at school ?",
    "my friend drinks a cup of hot tea in the morning .",
    "where does the teacher work ?",
    "i do not have a dog .",
    "they like cats very much",
    "the children see two big dogs in the park .",
    "do you drink coffee in the evening ?",
))
_SEED_REPEATS = 4


def _key(en: tuple[str, ...]) -> str:
    """The split key: the English sentence without its final '.', '?' or '!'."""
    return " ".join(en[:-1] if en and en[-1] in ".?!" else en)


def _twin(pair: Pair) -> Pair:
    """The same sentence with the final punctuation toggled ('why do we work ?' <-> 'why do we work')."""
    words = " ".join(pair.en)
    if pair.en[-1] in ".?":
        return _must(words[:-2])
    return translate_en(words + " .") or _must(words + " ?")


_SEED_HEAD = SEED_PAIRS + tuple(_twin(p) for p in SEED_PAIRS)
_PINNED_KEYS = frozenset(_key(p.en) for p in SEED_PAIRS) | frozenset(FIXED) | fixed_sentences()


def split_of(pair: Pair) -> str:
    """'train' or 'test' by a stable hash of the English sentence (final '.'/'?' ignored); seeds and fixed
    phrases ('hello') are train."""
    key = _key(pair.en)
    if key in _PINNED_KEYS:
        return "train"
    return "test" if zlib.crc32(key.encode()) % 100 < TEST_PERCENT else "train"


def _stream(rng: random.Random, split: str) -> Iterator[Pair]:
    """Endless random pairs of one split, within the length limits."""
    decks = Decks(rng)
    while True:
        pair = sample_frame(rng, decks) if rng.random() < FRAME_SHARE else render(sample_spec(rng))
        if _fits(pair) and split_of(pair) == split:
            yield pair


def generate(n: int, seed: int = 0, split: str = "train") -> list[Pair]:
    """n random pairs of a split (duplicates possible); train starts with the seed pairs and twins, repeated."""
    if split not in ("train", "test"):
        raise ValueError(f"split must be 'train' or 'test', not {split!r}")
    head = list(_SEED_HEAD * _SEED_REPEATS)[:n] if split == "train" else []
    rng = random.Random(f"{split}:{seed}")
    return head + list(islice(_stream(rng, split), n - len(head)))


def sample_sentences(k: int = 12) -> list[Pair]:
    """A fixed list of k example pairs: the hand-picked seeds first, then sampled train pairs."""
    extra = (p for p in _stream(random.Random("examples"), "train") if p not in _SEED_HEAD)
    return list(SEED_PAIRS[:k]) + list(islice(extra, max(0, k - len(SEED_PAIRS))))


def content_words() -> frozenset[str]:
    """The English forms of every noun, verb and adjective (the words that may be masked as unknown)."""
    forms = [f for n in NOUNS.values() for f in (n.sg, n.pl)]
    forms += [f for v in VERBS.values() for f in (v.base, v.third, v.past, v.ing)]
    forms += [a.en for a in ADJS.values()]
    forms += [e.get(k, "") for e in OPEN for k in ("en", "pl", "third", "past", "ing", "pp")]
    return frozenset(w for f in forms for w in f.split()) & EN_TOKENS


def en_tokens() -> set[str]:
    """Every English token the grammar can produce."""
    return set(EN_TOKENS)


def zh_tokens() -> set[str]:
    """Every Chinese token (character) the grammar can produce."""
    return set(ZH_TOKENS)
