"""English output spelled as written: capitals, contractions, punctuation (model/english.py)."""
from model import english
from model.tokenizer import tokenize_en

SENTENCES = ["I don't like Tom's cat.", "Tom doesn't know.", "I don't know where Tom is.", "Where is Boston?",
             "I'm happy.", "I'm here.", "I am Tom.", "It's raining.", "He is tired.", "He is here.", "He's a cook.",
             "We went to Boston.", "Boston is big."]


def test_the_table_keeps_the_spellings_and_contractions_most_writers_use():
    table = english.surface_table(SENTENCES)
    assert table["case"] == {"boston": "Boston", "tom": "Tom"}  # "I" is always capital; first words do not count
    assert table["contract"]["do not"] == "don't" and table["contract"]["i am"] == "i'm"  # 3 of 3, 2 of 3
    assert "he is" not in table["contract"]  # "he is" twice, "he's" once


def test_a_sentence_reads_back_as_it_was_written():
    table = english.surface_table(SENTENCES * 2)
    for sentence in ("I don't like Tom's cat.", "Tom doesn't know.", "Where is Boston?", "I'm happy."):
        assert english.text(english.cased(tokenize_en(sentence), table), table) == sentence


def test_the_first_word_is_capitalised_and_a_copied_word_is_left_as_typed():
    words = english.cased(["my", "name", "is", "iPhone", "."], {}, [False, False, False, True, False])
    assert words == ["My", "name", "is", "iPhone", "."]
    assert english.cased(["i", "think", "i", "can"], {}) == ["I", "think", "I", "can"]


def test_a_contraction_at_the_start_keeps_its_capital():
    table = {"contract": {"do not": "don't"}}
    assert english.text(["Do", "not", "go", "!"], table) == "Don't go!"
