"""Messages send the reader to controls where the app puts them (found by driving the app in a browser)."""
import re

from lesson.messages import CATALOGUE

# the sidebar holds only the page list (ui/shell.py); the model, the sentence and the view toggles are in the header
SIDEBAR = re.compile(r"sidebar|side bar|侧栏|侧边栏", re.IGNORECASE)


def test_no_message_sends_the_reader_to_the_sidebar_for_a_control():
    wrong = {k: e for k, e in CATALOGUE.items() if SIDEBAR.search(e["en"]) or SIDEBAR.search(e["zh"])}
    assert not wrong, wrong


def test_the_before_2017_notice_names_the_model_as_the_picker_lists_it():
    for lang in ("en", "zh"):
        assert CATALOGUE["model.en-zh"][lang] in CATALOGUE["b17.en_only"][lang]


def test_before_2017_names_no_vertical_line_where_it_draws_none():
    """Through zh→en the BLEU chart marks no length: its caption must not say 'the vertical line is your sentence:
    1 words' (猫坐在垫子上。 read as one English word); through en→zh it still gives the sentence's word count."""
    from tests.app.conftest import open_page

    def texts(at) -> str:
        return "\n".join(str(e.value) for kind in ("markdown", "caption") for e in getattr(at, kind))

    zh = texts(open_page("before_2017", s="猫坐在垫子上。", model="zh-en"))
    assert "BLEU on the 2,000 held-out pairs" in zh and "vertical line" not in zh
    en = texts(open_page("before_2017", s="I love machine learning."))
    assert "The vertical line is your sentence: 4 words." in en
