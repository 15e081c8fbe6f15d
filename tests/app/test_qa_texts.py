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
