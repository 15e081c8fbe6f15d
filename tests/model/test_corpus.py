"""Tests for the grammar-based parallel corpus."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from model.corpus import (
    MAX_EN_LEN,
    MAX_ZH_LEN,
    SEED_PAIRS,
    Pair,
    en_tokens,
    generate,
    sample_sentences,
    split_of,
    translate_en,
    zh_tokens,
)
from model.tokenizer import detokenize, tokenize_en, tokenize_zh

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def train() -> list[Pair]:
    """A large train sample."""
    return generate(20000, seed=1)


@pytest.fixture(scope="module")
def test_pairs() -> list[Pair]:
    """A large test sample."""
    return generate(5000, seed=1, split="test")


def test_generate_is_deterministic():
    """Same arguments give the same list; another seed gives another list."""
    assert generate(500, seed=3) == generate(500, seed=3)
    assert generate(500, seed=3, split="test") == generate(500, seed=3, split="test")
    assert generate(500, seed=3) != generate(500, seed=4)
    assert sample_sentences(20) == sample_sentences(20)


def test_generate_is_deterministic_across_processes():
    """Output does not depend on Python's per-process hash seed."""
    code = "from model.corpus import generate; print(generate(300, seed=5))"
    outs = {
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": hs}).stdout
        for hs in ("1", "2")
    }
    assert len(outs) == 1


def test_generate_sizes_and_bad_split():
    """generate returns exactly n pairs and rejects unknown splits."""
    assert len(generate(0)) == 0
    assert generate(1) == [SEED_PAIRS[0]]
    assert len(generate(777, split="test")) == 777
    with pytest.raises(ValueError):
        generate(10, split="valid")


def test_train_and_test_are_disjoint():
    """No English sentence (final '.' ignored) is in both splits."""
    key = lambda p: " ".join(p.en).removesuffix(" .")  # noqa: E731
    tr = {key(p) for p in generate(5000, seed=0)}
    te = {key(p) for p in generate(5000, seed=0, split="test")}
    assert tr and te and not tr & te


def test_splits_match_split_of(train, test_pairs):
    """Every sampled pair lies in the split it was asked for; ~10% of the space is test."""
    assert all(split_of(p) == "train" for p in train)
    assert all(split_of(p) == "test" for p in test_pairs)


def test_seed_pairs(train, test_pairs):
    """The seeds translate as required, are always train, and lead the train sample."""
    assert SEED_PAIRS[0].en == ("i", "have", "a", "cat")
    assert "".join(SEED_PAIRS[0].zh) == "我有一只猫"
    assert SEED_PAIRS[1].en == ("why", "do", "we", "work", "?")
    assert "".join(SEED_PAIRS[1].zh) == "我们为什么工作？"
    assert train[: len(SEED_PAIRS)] == list(SEED_PAIRS)
    test_en = {p.en for p in test_pairs}
    for seed in SEED_PAIRS:
        assert split_of(seed) == "train" and seed.en not in test_en


def _check_pair(p: Pair) -> None:
    """Structural invariants of one pair."""
    assert len(p.zh_to_en) == len(p.zh) and len(p.en_to_zh()) == len(p.en)
    assert all(i is None or 0 <= i < len(p.en) for i in p.zh_to_en)
    assert all(j is None or 0 <= j < len(p.zh) for j in p.en_to_zh())
    assert tokenize_en(detokenize(list(p.en), "en")) == list(p.en)
    assert tokenize_zh(detokenize(list(p.zh), "zh")) == list(p.zh)
    assert len(p.en) <= MAX_EN_LEN and len(p.zh) <= MAX_ZH_LEN


def test_pairs_are_well_formed(train, test_pairs):
    """Alignments in range, tokenizer round trip, vocabulary closure, length limits."""
    en_vocab, zh_vocab = en_tokens(), zh_tokens()
    for p in train[:5000] + test_pairs[:2000] + sample_sentences(30):
        _check_pair(p)
        assert set(p.en) <= en_vocab and set(p.zh) <= zh_vocab


def test_vocabulary_size():
    """A moderate vocabulary, and every token is actually used somewhere."""
    sample = generate(50000, seed=2)
    used_en = {w for p in sample for w in p.en}
    used_zh = {c for p in sample for c in p.zh}
    assert 100 <= len(en_tokens()) <= 200
    assert used_en == en_tokens() and used_zh == zh_tokens()


def test_translation_is_a_bijection(train, test_pairs):
    """Each English sentence has one Chinese translation and vice versa."""
    en2zh: dict = {}
    zh2en: dict = {}
    for p in train + test_pairs:
        assert en2zh.setdefault(p.en, p.zh) == p.zh
        assert zh2en.setdefault(p.zh, p.en) == p.en
    assert len(en2zh) > 5000


def test_every_generated_pair_is_its_own_gold_translation(train):
    """translate_en recovers exactly the sampled pair (so the sampler stays inside the grammar)."""
    for p in train[:5000]:
        assert translate_en(detokenize(list(p.en), "en")) == p


def test_statement_and_question_endings(train):
    """Statements come with and without a period; questions always end with '?'."""
    ends = {(p.en[0] in ("do", "does", "why", "what", "where"), p.en[-1]) for p in train}
    assert (False, ".") in ends and (True, "?") in ends
    assert any(not q and e not in ".?" for q, e in ends)
    assert all(e == "?" for q, e in ends if q)
    marks = {"?": "？", ".": "。"}
    assert all(p.zh[-1] == marks.get(p.en[-1], p.zh[-1]) and (p.en[-1] in marks) == (p.zh[-1] in "？。")
               for p in train)


@pytest.mark.parametrize("en, zh", [
    ("i have a cat", "我有一只猫"),
    ("why do we work ?", "我们为什么工作？"),
    ("i eat apples", "我吃苹果"),
    ("i eat apples every day", "我每天吃苹果"),
    ("we read books at home", "我们在家看书"),
    ("i read books at school every day", "我每天在学校看书"),
    ("i do not like tea", "我不喜欢茶"),
    ("he does not like tea .", "他不喜欢茶。"),
    ("my friend likes music", "我的朋友喜欢音乐"),
    ("do you have a cat ?", "你有一只猫吗？"),
    ("why does he read books ?", "他为什么看书？"),
    ("she buys a beautiful flower .", "她买一朵漂亮的花。"),
    ("the teacher has two books", "老师有两本书"),
    ("i drink a cup of tea", "我喝一杯茶"),
    ("they drink three bottles of cold water", "他们喝三瓶冰水"),
    ("i eat an apple", "我吃一个苹果"),
    ("he wants an interesting book", "他想要一本有趣的书"),
    ("the children see a big dog in the park", "孩子们在公园看见一只大狗"),
    ("i do not have a dog .", "我没有狗。"),
    ("what does she eat ?", "她吃什么？"),
    ("where do you work every day ?", "你每天在哪里工作？"),
    ("they like cats very much", "他们很喜欢猫"),
    ("the students study chinese", "学生们学习中文"),
])
def test_specific_translations(en, zh):
    """Hand-checked translations from the grammar."""
    pair = translate_en(en)
    assert pair is not None and "".join(pair.zh) == zh


@pytest.mark.parametrize("en", [
    "he like tea", "i has a cat", "he does not likes tea", "i eat a apple", "i like a cat",
    "do you have a cat", "why does he works ?", "i do not have cats", "what do you eat apples ?",
    "i have a cat every day", "where do you work at home ?", "i drink a tea", "hello world",
])
def test_out_of_grammar_sentences_are_rejected(en):
    """Ungrammatical or out-of-grammar English has no gold translation."""
    assert translate_en(en) is None


def test_alignment_examples():
    """The documented alignment rules on concrete sentences."""
    why = translate_en("why do we work ?")
    assert why.zh_to_en == (2, 2, 0, 0, 0, 3, 3, 4)
    assert why.en_to_zh() == (2, None, 0, 5, 7)
    cat = translate_en("do you have a cat ?")  # 你有一只猫吗？
    assert cat.zh_to_en == (1, 2, 3, 3, 4, 0, 5)
    every = translate_en("i eat apples every day .")  # 我每天吃苹果。
    assert every.zh_to_en == (0, 3, 4, 1, 2, 2, 5)
    tea = translate_en("my friend drinks a cup of hot tea in the morning .")
    assert [tea.en[i] if i is not None else None for i in tea.zh_to_en] == [
        "my", None, "friend", "friend", "morning", "morning", "drinks", "a", "cup", "hot", "tea", "."]
    neg = translate_en("i do not have a dog .")  # 我没有狗。
    assert neg.zh_to_en == (0, 2, 3, 5, 6) and neg.en_to_zh()[4] is None


def test_alignment_rules_hold_everywhere(train):
    """的 never aligns; 不/没 -> not; 吗 -> do/does; ？ -> ?; 。 -> .; 们 -> a word of its subject."""
    expected = {"不": {"not"}, "没": {"not"}, "吗": {"do", "does"}, "？": {"?"}, "。": {"."}, "很": {"very"}}
    for p in train[:5000]:
        for ch, i in zip(p.zh, p.zh_to_en, strict=True):
            if ch == "的":
                assert i is None
            elif ch in expected:
                assert p.en[i] in expected[ch]
            else:
                assert i is not None, (p, ch)


def test_sample_sentences():
    """k pairs, seeds first, no duplicates, a mix of constructions."""
    assert sample_sentences(2) == list(SEED_PAIRS[:2])
    many = sample_sentences(30)
    assert len(many) == 30 and len(set(many)) == 30
    firsts = {p.en[0] for p in sample_sentences()}
    assert {"why", "do"} <= firsts
    assert any("not" in p.en for p in sample_sentences())
