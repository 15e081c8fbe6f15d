"""Tests for the grammar-based parallel corpus."""
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from model.corpus import (
    FRAME_SHARE,
    MAX_EN_LEN,
    MAX_ZH_LEN,
    SEED_PAIRS,
    Pair,
    en_tokens,
    generate,
    sample_sentences,
    split_of,
    translate_en,
    translate_zh,
    zh_tokens,
)
from model.corpus.lexicon import FIXED
from model.corpus.vocab import EN_TOKENS as GRAMMAR_EN
from model.corpus.vocab import ZH_TOKENS as GRAMMAR_ZH
from model.tokenizer import UNK, detokenize, tokenize_en, tokenize_zh
from model.train import PAIRS, SEED

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SAMPLE = 100_000  # the coverage threshold scales with it: a few hundred uses in 500k pairs
MIN_USES_PER_500K = 150  # of grammar sentences; measured: every grammar word at least ~175 times per 500k
MIN_TRAINING_USES = 5  # every word the model knows occurs at least this often in its training pairs


@pytest.fixture(scope="module")
def big() -> list[Pair]:
    """A large train sample (also used for coverage and uniqueness)."""
    return generate(SAMPLE, seed=1)


@pytest.fixture(scope="module")
def train(big) -> list[Pair]:
    """The first 20k of the train sample."""
    return big[:20000]


@pytest.fixture(scope="module")
def test_pairs() -> list[Pair]:
    """A test-split sample."""
    return generate(5000, seed=1, split="test")


def _zh(pair: Pair | None) -> str | None:
    """The Chinese side as a string."""
    return None if pair is None else "".join(pair.zh)


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


def test_train_and_test_are_disjoint(big, test_pairs):
    """No English sentence (final '.'/'?' ignored) is in both splits."""
    key = lambda p: " ".join(p.en).removesuffix(" .").removesuffix(" ?")  # noqa: E731
    tr = {key(p) for p in big}
    te = {key(p) for p in test_pairs}
    assert tr and te and not tr & te


def test_splits_match_split_of(train, test_pairs):
    """Every sampled pair lies in the split it was asked for; ~10% of sentences are test."""
    assert all(split_of(p) == "train" for p in train)
    assert all(split_of(p) == "test" for p in test_pairs)
    share = sum(split_of(p) == "test" for p in generate(3000, seed=2) + test_pairs[:300]) / 3300
    assert 0.05 < share < 0.2


def test_seed_pairs(train, test_pairs):
    """The seeds translate as required both ways, are train, and lead the train sample with their twins."""
    assert SEED_PAIRS[0].en == ("i", "have", "a", "cat") and _zh(SEED_PAIRS[0]) == "我有一只猫"
    assert SEED_PAIRS[1].en == ("why", "do", "we", "work", "?") and _zh(SEED_PAIRS[1]) == "我们为什么工作？"
    assert train[: len(SEED_PAIRS)] == list(SEED_PAIRS)
    head = train[: 2 * len(SEED_PAIRS)]
    test_en = {p.en for p in test_pairs}
    for seed in SEED_PAIRS:
        bare = translate_en(" ".join(w for w in seed.en if w not in ".?"))
        assert bare is not None and bare in head and translate_zh(_zh(bare)) == bare
        assert translate_zh(_zh(seed)) == seed and split_of(seed) == "train" and seed.en not in test_en
    assert _zh(translate_en("why do we work")) == "我们为什么工作"
    assert translate_zh("我们为什么工作").en == ("why", "do", "we", "work")


def _check_pair(p: Pair) -> None:
    """Structural invariants of one pair (a name is <unk> on both sides, aligned one to one)."""
    assert len(p.zh_to_en) == len(p.zh) and len(p.en_to_zh()) == len(p.en)
    assert all(i is None or 0 <= i < len(p.en) for i in p.zh_to_en)
    assert all(j is None or 0 <= j < len(p.zh) for j in p.en_to_zh())
    assert p.en.count(UNK) == p.zh.count(UNK)
    assert all(p.en[i] == UNK for ch, i in zip(p.zh, p.zh_to_en) if ch == UNK)
    if UNK not in p.en:
        assert tokenize_en(detokenize(list(p.en), "en")) == list(p.en)
        assert tokenize_zh(detokenize(list(p.zh), "zh")) == list(p.zh)
    assert len(p.en) <= MAX_EN_LEN and len(p.zh) <= MAX_ZH_LEN


def test_pairs_are_well_formed(train, test_pairs):
    """Alignments valid, tokenizer round trip, vocabulary closure, length limits."""
    en_vocab, zh_vocab = en_tokens(), zh_tokens()
    for p in train[:10000] + test_pairs[:2000] + sample_sentences(30):
        _check_pair(p)
        assert set(p.en) - {UNK} <= en_vocab and set(p.zh) - {UNK} <= zh_vocab


def test_grammar_words_are_used_a_few_hundred_times(big):
    """The grammar's own words and chars are each used a few hundred times per 500k pairs."""
    assert len(GRAMMAR_EN) >= 1000 and len(GRAMMAR_ZH) >= 500
    en_uses = Counter(w for p in big for w in set(p.en))
    zh_uses = Counter(c for p in big for c in set(p.zh))
    least = int(MIN_USES_PER_500K * (1 - FRAME_SHARE) * len(big) / 500_000)  # the frames take the rest
    assert min(en_uses[w] for w in GRAMMAR_EN) >= least, sorted((en_uses[w], w) for w in GRAMMAR_EN)[:10]
    assert min(zh_uses[c] for c in GRAMMAR_ZH) >= least, sorted((zh_uses[c], c) for c in GRAMMAR_ZH)[:10]


def test_every_known_word_occurs_in_the_training_pairs():
    """Every English word and Chinese char of the vocabulary occurs at least a few times in the pairs the shipped
    models train on (a word the model 'knows' but never saw would have an untrained embedding)."""
    pairs = generate(PAIRS, seed=SEED)
    en_uses = Counter(w for p in pairs for w in p.en)
    zh_uses = Counter(c for p in pairs for c in p.zh)
    assert set(en_uses) - {UNK} == en_tokens() and set(zh_uses) - {UNK} == zh_tokens()
    assert min(en_uses[w] for w in en_tokens()) >= MIN_TRAINING_USES, sorted((en_uses[w], w) for w in en_tokens())[:10]
    assert min(zh_uses[c] for c in zh_tokens()) >= MIN_TRAINING_USES, sorted((zh_uses[c], c) for c in zh_tokens())[:10]


def test_translation_is_a_bijection(big, test_pairs):
    """No English sentence has two Chinese translations and no Chinese sentence two English ones."""
    en2zh: dict = {}
    zh2en: dict = {}
    for p in big + test_pairs:
        assert en2zh.setdefault(p.en, p.zh) == p.zh, p
        assert zh2en.setdefault(p.zh, p.en) == p.en, p
    assert len(en2zh) > 80000


def test_every_generated_pair_is_its_own_gold_translation(train, test_pairs):
    """translate_en and translate_zh recover exactly the sampled pair (so the sampler stays inside the grammar)."""
    for p in train[:4000] + test_pairs[:1000]:
        if UNK in p.en:  # a name: the parser cannot read what nobody typed (tests/model/test_frames.py reads it)
            continue
        assert translate_en(detokenize(list(p.en), "en")) == p
        assert translate_zh(_zh(p)) == p


def test_statement_and_question_endings(train):
    """Sentences come with and without final punctuation; questions end with '?', statements with '.'."""
    ends = Counter(p.en[-1] for p in train)
    assert ends["."] > 1000 and ends["?"] > 1000 and sum(ends.values()) - ends["."] - ends["?"] > 5000
    marks = {"?": "？", ".": "。"}
    for p in train:
        assert (p.en[-1] in marks) == (p.zh[-1] in "？。") and marks.get(p.en[-1], p.zh[-1]) == p.zh[-1]
        if p.en[-1] == "?":
            assert p.en[0] in {"do", "does", "did", "will", "can", "am", "is", "are", "was", "were", "what", "who",
                               "where", "when", "why", "how", "would", "any", "which", "could", "have", "shall"}


CONSTRUCTIONS = [
    # kept from the first grammar
    ("i have a cat", "我有一只猫"),
    ("why do we work ?", "我们为什么工作？"),
    ("i eat apples every day", "我每天吃苹果"),
    ("i read books at school every day", "我每天在学校读书"),
    ("he does not like tea .", "他不喜欢茶。"),
    ("i do not have a dog .", "我没有狗。"),
    ("do you have a cat ?", "你有一只猫吗？"),
    ("what does she eat ?", "她吃什么？"),
    ("where does the teacher work ?", "老师在哪里工作？"),
    ("they like cats very much", "他们很喜欢猫"),
    ("i drink a cup of hot tea", "我喝一杯热茶"),
    ("the children see two big dogs in the park .", "孩子们在公园看见两只大狗。"),
    # adjective predicates, degree, weather
    ("the cat is cute", "猫很可爱"),
    ("the cat is very cute", "猫非常可爱"),
    ("the cat is not cute", "猫不可爱"),
    ("is the cat cute ?", "猫可爱吗？"),
    ("she has a very big dog", "她有一只很大的狗"),
    ("it is cold today", "今天很冷"),
    ("it was hot yesterday", "昨天很热"),
    ("how are you ?", "你怎么样？"),
    # X is a N
    ("this is my book", "这是我的书"),
    ("he is a teacher", "他是老师"),
    ("they are not students", "他们不是学生"),
    ("what is this ?", "这是什么？"),
    ("who is your teacher ?", "你的老师是谁？"),
    # coordination and clauses
    ("i have a cat and a dog", "我有一只猫和一只狗"),
    ("do you like tea or coffee ?", "你喜欢茶还是咖啡？"),
    ("i like cats but he likes dogs", "我喜欢猫，但是他喜欢狗"),
    ("i am happy because i have a dog", "我很高兴，因为我有一只狗"),
    # tense, aspect and modals
    ("i ate an apple", "我吃了一个苹果"),
    ("i did not go to school yesterday", "我昨天没去学校"),
    ("i will go to school", "我会去学校"),
    ("he will not come tomorrow", "他明天不会来"),
    ("i can swim", "我能游泳"),
    ("can you help me ?", "你能帮助我吗？"),
    ("i want to eat an apple", "我想吃一个苹果"),
    ("she likes to read books", "她喜欢读书"),
    ("he is reading a book", "他正在读一本书"),
    ("what are you doing ?", "你正在做什么？"),
    # places and existence
    ("the book is on the table", "书在桌子上"),
    ("my mother is in the room", "我妈妈在房间里"),
    ("the dog is under the bed", "狗在床下面"),
    ("where is my phone ?", "我的手机在哪里？"),
    ("there is a cat on the table", "桌子上有一只猫"),
    ("there is no water in the cup", "杯子里没有水"),
    # questions
    ("who likes cats ?", "谁喜欢猫？"),
    ("what did you buy ?", "你买了什么？"),
    ("where do you want to go ?", "你想去哪里？"),
    ("when will you go home ?", "你什么时候会回家？"),
    ("how many cats do you have ?", "你有几只猫？"),
    ("how much water do you drink every day ?", "你每天喝多少水？"),
    # comparison and possessives
    ("my dog is bigger than your cat", "我的狗比你的猫大"),
    ("my sister is more beautiful than me", "我姐姐比我漂亮"),
    ("my friend 's mother is a doctor", "我朋友的妈妈是医生"),
    ("i like her cat", "我喜欢她的猫"),
    ("their parents love them", "他们父母爱他们"),
    # numbers and measure words
    ("twenty five cats", None),
    ("i have twenty five cats", "我有二十五只猫"),
    ("he bought two books and a pen", "他买了两本书和一支笔"),
    ("there are one hundred sheep near the river", "河附近有一百只羊"),
    # also / often, fixed phrases
    ("i also like cats", "我也喜欢猫"),
    ("she often reads books", "她经常读书"),
    ("thank you", "谢谢"),
]


@pytest.mark.parametrize("en, zh", CONSTRUCTIONS)
def test_constructions(en, zh):
    """Hand-written expected translations of each construction, in both directions."""
    pair = translate_en(en)
    assert _zh(pair) == zh
    if zh is not None:
        assert translate_zh(zh) == pair


@pytest.mark.parametrize("text, en", [
    ("I don't like tea.", "i do not like tea ."),
    ("She doesn't have a car", "she does not have a car"),
    ("The cat isn't cute", "the cat is not cute"),
    ("They aren't students", "they are not students"),
    ("I can't swim", "i can not swim"),
    ("He won't come tomorrow", "he will not come tomorrow"),
    ("I'm happy", "i am happy"),
    ("It's cold today", "it is cold today"),
    ("You're my friend", "you are my friend"),
    ("He's a teacher", "he is a teacher"),
    ("She's at home", "she is at home"),
    ("We're students", "we are students"),
    ("They're in the park", "they are in the park"),
    ("My friend's mother is a doctor", "my friend 's mother is a doctor"),
])
def test_contractions_translate(text, en):
    """Contractions are the full forms to the grammar."""
    pair = translate_en(text)
    assert pair is not None and " ".join(pair.en) == en


@pytest.mark.parametrize("en", [
    "he like tea", "i has a cat", "he does not likes tea", "i eat a apple", "i like a cat", "why does he works ?",
    "i do not have cats", "what do you eat apples ?", "i have a cat every day", "where do you work at home ?",
    "i drink a tea", "hello world", "the cat are cute", "i am a students", "my dog is big than your cat",
    "i will went to school", "there is two cats on the table", "i ate an apple tomorrow", "he is a woman",
    "the table is hungry", "i liked tea", "i can not to swim", "twenty five cat",
])
def test_out_of_grammar_sentences_are_rejected(en):
    """Ungrammatical or out-of-grammar English has no gold translation."""
    assert translate_en(en) is None


@pytest.mark.parametrize("zh", ["我有一只书", "猫可爱很", "我吃一个苹果了明天", "你好世界", "他是女人", "我是学生们"])
def test_out_of_grammar_chinese_is_rejected(zh):
    """Ungrammatical or out-of-grammar Chinese has no gold translation."""
    assert translate_zh(zh) is None


def _aligned(pair: Pair) -> list[str | None]:
    """The English word of each Chinese char."""
    return [None if i is None else pair.en[i] for i in pair.zh_to_en]


def test_alignment_examples():
    """The documented alignment rules on concrete sentences."""
    why = translate_en("why do we work ?")
    assert why.zh_to_en == (2, 2, 0, 0, 0, 3, 3, 4) and why.en_to_zh() == (2, None, 0, 5, 7)
    assert _aligned(translate_en("do you have a cat ?")) == ["you", "have", "a", "a", "cat", "do", "?"]
    assert _aligned(translate_en("i eat apples every day .")) == ["i", "every", "day", "eat", "apples", "apples", "."]
    assert _aligned(translate_en("my friend drinks a cup of hot tea in the morning .")) == [
        "my", None, "friend", "friend", "morning", "morning", "drinks", "a", "cup", "hot", "tea", "."]
    neg = translate_en("i do not have a dog .")
    assert _aligned(neg) == ["i", "not", "have", "dog", "."] and neg.en_to_zh()[4] is None
    assert _aligned(translate_en("the cat is cute")) == ["cat", "is", "cute", "cute"]
    assert _aligned(translate_en("i have twenty five cats")) == [
        "i", "have", "twenty", "twenty", "five", "five", "cats"]
    assert _aligned(translate_en("the book is on the table")) == ["book", "on", "table", "table", "on"]
    assert _aligned(translate_en("my friend 's mother is a doctor")) == [
        "my", "friend", "friend", None, "mother", "mother", "is", "doctor", "doctor"]
    assert _aligned(translate_en("will you go home ?")) == ["you", "will", "go", "home", "will", "?"]
    assert _aligned(translate_en("my dog is bigger than your cat")) == [
        "my", None, "dog", "than", "your", None, "cat", "bigger"]
    assert _aligned(translate_en("i ate an apple")) == ["i", "ate", "ate", "an", "an", "apple", "apple"]


def test_alignment_rules_hold_everywhere(train):
    """的 aligns to nothing (or, in a relative clause, to 'that'); function chars align to their English word (fixed
    phrases aside); every other char aligns."""
    expected = {"不": {"not"}, "没": {"not", "no"}, "？": {"?"}, "。": {"."}, "比": {"than"}, "了": None,
                "吗": {"do", "does", "did", "will", "can", "am", "is", "are", "was", "were", "would", "could", "have",
                      "any", "shall"},
                "很": {"very", "am", "is", "are", "was", "were", "will", "nice", "lot"}, "会": {"will"}, "能": {"can"}}
    for p in train[:10000]:
        if " ".join(w for w in p.en if w != ".") in FIXED:
            continue
        width = Counter(p.zh_to_en)  # chars per English word: a function char is a word of its own
        for ch, i in zip(p.zh, p.zh_to_en, strict=True):
            if width[i] > 1 and ch in expected and ch != "了":
                continue  # part of a longer word (机会 'chance'), not the function word 会
            if ch == "的":
                assert i is None or p.en[i] in ("that", "when", "mine", "yours", "it", "yes"), p
            else:
                assert i is not None, (p, ch)
                assert expected.get(ch) is None or p.en[i] in expected[ch], (p, ch)


def test_sample_sentences():
    """k pairs, seeds first, no duplicates, a mix of constructions."""
    assert sample_sentences(2) == list(SEED_PAIRS[:2])
    many = sample_sentences(30)
    assert len(many) == 30 and len(set(many)) == 30
    firsts = {p.en[0] for p in sample_sentences()}
    assert {"why", "do"} <= firsts
    assert any("not" in p.en for p in sample_sentences())


def test_translate_never_raises():
    """translate_en and translate_zh answer any input (up to 400 characters) without raising; their speed is not a
    unit test's business (no timing thresholds here: a loaded CI machine runs them several times slower)."""
    rng = random.Random(0)
    words = sorted(en_tokens()) + ["don't", "it's", "'", "!", "42", "x" * 30]
    chars = sorted(zh_tokens()) + list("，！?a 1")
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(0, 60)))[:400] for _ in range(300)]
    texts += [" ".join(p.en) for p in generate(300, seed=8)]
    for _ in range(300):
        translate_zh("".join(rng.choice(chars) for _ in range(rng.randint(0, 30))))  # also builds the indexes
    for text in texts:
        translate_en(text)
    assert translate_en("") is None and translate_zh("") is None and translate_en("a" * 400) is None



def _lines(name: str) -> list[list[str]]:
    """The tab-separated fields of a hand-written test set (comments skipped)."""
    text = (HERE / name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def test_hand_written_sets_are_in_vocabulary():
    """The everyday sentences (and every accepted translation) use only words the grammar knows."""
    en_zh, zh_en = _lines("everyday_en_zh.tsv"), _lines("everyday_zh_en.tsv")
    assert len(en_zh) >= 80 and len(zh_en) >= 20
    en_vocab, zh_vocab = en_tokens(), zh_tokens()
    for en, zhs in en_zh:
        assert set(tokenize_en(en)) <= en_vocab, en
        assert all(set(tokenize_zh(zh)) <= zh_vocab for zh in zhs.split("|")), zhs
    for zh, ens in zh_en:
        assert set(tokenize_zh(zh)) <= zh_vocab, zh
        assert all(set(tokenize_en(en)) <= en_vocab for en in ens.split("|")), ens
