"""The model switch keeps the sentence while the source language stays, and starts from an example when it changes."""
import re

import pytest

from tests.app.conftest import open_page

SENTENCE = "The cat sat on the mat."
CJK = re.compile(r"[\u4e00-\u9fff]")


def chips(at) -> str:
    """The source token chips' HTML (the first st.html holding chips)."""
    return next(h.proto.body for h in at.get("html") if 'class="al-chips"' in h.proto.body)


@pytest.mark.parametrize("model", ["en-zh-pre", "en-zh-unguided"])
def test_a_model_with_the_same_source_language_keeps_the_sentence(model):
    at = open_page("self_attention", s=SENTENCE, s2="we eat rice")
    at.selectbox(key="w_model").set_value(model).run()
    assert at.query_params["model"] == model
    assert at.query_params["s"] == SENTENCE
    assert ">mat<" in chips(at) and ">cat<" in chips(at)
    assert at.query_params["s2"] == "we eat rice"


def test_a_model_with_another_source_language_starts_from_its_example_and_back():
    at = open_page("self_attention", s=SENTENCE)
    at.selectbox(key="w_model").set_value("zh-en").run()
    chinese = at.query_params["s"]
    assert CJK.search(chinese) and chinese != SENTENCE
    at.selectbox(key="w_model").set_value("en-zh").run()
    english = at.query_params["s"]
    assert not CJK.search(english) and english != chinese
