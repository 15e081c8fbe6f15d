"""A page that fails shows the app's usual message in its place, under a header that keeps the sentence: never a
traceback, never the half of the page drawn before the failure with the message below it."""
import urllib.parse

import pytest

from lesson.messages import CATALOGUE
from tests.app.conftest import open_page
from ui.views import positions

FAILED = CATALOGUE["notice.page_failed"]["en"]
# the link of issue 38: a combining mark, a CJK Extension B character, an HTML entity, with the naive renderer
HOSTILE = urllib.parse.unquote_plus("%CC%80%F0%AA%86%8F%E7%98%90+intending++removing+%26%230%3B")


@pytest.mark.parametrize("sentence", [HOSTILE, " perishes \u2066 various ", "I have a cat"])
def test_rope_and_alibi_draws_with_the_naive_renderer(sentence):
    at = open_page("positions", s=sentence, renderer="naive")
    assert not at.exception
    assert [e.value for e in at.error] == []
    assert len(at.get("plotly_chart")) >= 5  # every chart of the page, the loss past the training length too


def test_a_failing_page_is_replaced_by_the_message_and_the_sentence_is_kept(monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("a bug in a chart builder")

    monkeypatch.setattr(positions, "bias_element", broken)  # drawn after the page's header, translations and maps
    at = open_page("positions", s="My name is Tom.")
    assert not at.exception
    assert [e.value for e in at.error] == [FAILED]
    headings = [h.value for h in at.header] + [h.value for h in at.subheader]
    assert headings == [], f"the half-drawn page is still shown: {headings}"
    assert not at.get("bidi_component") or all(
        el.proto.component_name != "attention_lab_chart" for el in at.get("bidi_component"))
    assert at.query_params["s"] == "My name is Tom."
    chips = [h.proto.body for h in at.get("html") if 'class="al-chips"' in h.proto.body]
    assert chips and ">tom<" in chips[0]  # the header: the sentence's chips
