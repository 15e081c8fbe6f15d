"""Presenter view's first tour step: the token-id column of a long sentence is drawn as two charts side by side, the
rows split in order, every token with its id; a short sentence, and any sentence off the projector, keep one chart."""
import pytest

from model.checkpoint import load_bundle
from model.tokenizer import tokenize_en
from ui import data, route
from ui.views.tour import figure_element

LONG = "The little girl and her old grandmother walked slowly to the big market in the town every morning ."


def element(sentence: str, presenter: bool, lang: str = "en"):
    """Step 1's element for a sentence."""
    v = route.view("tour", {"s": sentence, "presenter": str(presenter), "lang": lang, "tour": "0"})
    return figure_element(data.view_trace(v), 0, v)


@pytest.mark.parametrize(("lang", "titles"), [("en", ["Token ids, tokens 0–9", "Token ids, tokens 10–18"]),
                                              ("zh", ["第 0–9 个词元的编号", "第 10–18 个词元的编号"])])
def test_a_long_sentence_on_the_projector_shows_its_ids_in_two_parts(lang, titles):
    tokens = tokenize_en(LONG)
    vocab = load_bundle("en-zh").src_vocab
    charts = element(LONG, True, lang).specs
    assert [c.title for c in charts] == titles
    assert [row for c in charts for row in c.rows.labels] == tokens
    assert [int(x) for c in charts for x in c.values[:, 0]] == [vocab.stoi[tok] for tok in tokens]
    assert all(c.rows.ticks == tuple(range(len(c.rows.labels))) for c in charts)  # every row labelled
    assert all(c.values.shape[1] == 1 and c.mask.shape == c.values.shape for c in charts)


@pytest.mark.parametrize(("sentence", "presenter"), [("I have a cat", True), (LONG, False)])
def test_a_short_sentence_or_a_screen_off_the_projector_keeps_one_chart(sentence, presenter):
    (chart,) = element(sentence, presenter).specs
    assert chart.title == "Token ids in the vocabulary" and len(chart.rows.labels) == len(tokenize_en(sentence))
