"""The examples box offers sentences as a person types them (capitalised, punctuation on its word), which the model
reads as the same tokens as the corpus sentence they come from."""
from model.corpus import SEED_PAIRS
from model.tokenizer import tokenize_en
from tests.app.conftest import open_page


def examples_box(at):
    """The header's examples select box."""
    return next(box for box in at.selectbox if box.key == "example_pick")


def test_english_examples_are_written_as_typed_and_tokenise_to_the_corpus_sentence():
    at = open_page("self_attention", s="I have a cat")
    options = list(examples_box(at).options)
    assert "I eat apples every day." in options and "Why do we work?" in options and "I have a cat" in options
    for option in options:
        assert option[0].isupper() and " ." not in option and " ?" not in option and " i " not in option, option
    typed = {tuple(tokenize_en(option)) for option in options}
    assert {tuple(p.en) for p in SEED_PAIRS} <= typed  # the seeds' sentences, token for token


def test_chinese_examples_are_the_corpus_sentences():
    at = open_page("self_attention", s="我有一只猫", model="zh-en")
    options = list(examples_box(at).options)
    assert "我每天吃苹果。" in options and "我们为什么工作？" in options


def test_picking_an_example_puts_it_in_the_box_as_written():
    at = open_page("self_attention", s="I have a cat")
    examples_box(at).set_value("He does not like tea.").run()
    assert at.query_params["s"] == "He does not like tea."
