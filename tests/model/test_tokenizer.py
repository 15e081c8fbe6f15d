"""Tests for the English tokenizer's contractions and possessives."""
import pytest

from model.tokenizer import detokenize, tokenize_en, tokenize_zh


@pytest.mark.parametrize("text, tokens", [
    ("don't", ["do", "not"]), ("doesn't", ["does", "not"]), ("didn't", ["did", "not"]),
    ("isn't", ["is", "not"]), ("aren't", ["are", "not"]), ("wasn't", ["was", "not"]),
    ("can't", ["can", "not"]), ("cannot", ["can", "not"]), ("won't", ["will", "not"]),
    ("i'm", ["i", "am"]), ("it's", ["it", "is"]), ("you're", ["you", "are"]), ("he's", ["he", "is"]),
    ("she's", ["she", "is"]), ("we're", ["we", "are"]), ("they're", ["they", "are"]),
    ("that's", ["that", "is"]), ("what's", ["what", "is"]), ("i'll", ["i", "will"]), ("i've", ["i", "have"]),
])
def test_contractions_expand_to_full_forms(text, tokens):
    """Each contraction becomes its full words."""
    assert tokenize_en(text) == tokens


def test_sentences_with_contractions():
    """Case, curly apostrophes and punctuation around contractions."""
    assert tokenize_en("I don't like tea.") == ["i", "do", "not", "like", "tea", "."]
    assert tokenize_en("It’s cold today!") == ["it", "is", "cold", "today", "!"]
    assert tokenize_en("Isn't he a TEACHER?") == ["is", "not", "he", "a", "teacher", "?"]
    assert tokenize_en("We won't go, they can't swim") == ["we", "will", "not", "go", ",", "they", "can", "not", "swim"]


def test_possessive_s_is_its_own_token():
    """'friend's' -> friend + 's (not 'is'), and the split form round-trips through detokenize."""
    assert tokenize_en("my friend's mother") == ["my", "friend", "'s", "mother"]
    assert tokenize_en("the teacher's book") == ["the", "teacher", "'s", "book"]
    tokens = tokenize_en("My friend's cat")
    assert tokenize_en(detokenize(tokens, "en")) == tokens


def test_plain_text_is_unchanged():
    """Words and punctuation without apostrophes tokenise as before."""
    assert tokenize_en("Why do we work?") == ["why", "do", "we", "work", "?"]
    assert tokenize_en("i have 25 cats") == ["i", "have", "25", "cats"]
    assert tokenize_zh("我们为什么工作?") == ["我", "们", "为", "什", "么", "工", "作", "？"]
