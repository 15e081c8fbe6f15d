"""The findings' demonstrations that run the model on the sentence again (ui/notes.on_request) run only while their
box is open: a typing pause on Decoding spent 100 of its 136 ms of server CPU on three of them, shown or not."""
from __future__ import annotations

import pytest

from lesson import catalogue
from lesson.notes import MISTAKES, REMARKS
from tests.app.conftest import open_page
from ui import notes_demos

SENTENCE = "the cat sat on the mat ."


def expanders(at, label: str) -> list:
    """The page's expanders with this label."""
    return [e for e in at.get("expander") if e.label == label]


@pytest.mark.parametrize("key", sorted(notes_demos.ON_REQUEST))
def test_a_demonstration_that_runs_the_model_again_runs_only_while_its_box_is_open(key, monkeypatch):
    calls = []
    real = notes_demos.DEMOS[key]
    monkeypatch.setitem(notes_demos.DEMOS, key, lambda bundle, trace: calls.append(trace.text) or real(bundle, trace))
    at = open_page((MISTAKES | REMARKS)[key][0], s=SENTENCE)
    label = catalogue.lookup("notes.on_request", "en")
    assert calls == [] and not at.exception
    assert expanders(at, label), "the box offers to run it"
    at.session_state[f"demo_{key}"] = True
    at.run()
    assert calls == [SENTENCE] and not at.exception
    opened = [e for e in expanders(at, label) if e.children]
    assert len(opened) == 1 and (any(m.value for m in opened[0].markdown) or opened[0].get("dataframe")), key


def test_the_notes_page_runs_none_of_them_until_one_is_opened(monkeypatch):
    calls = []
    for key in notes_demos.ON_REQUEST:
        real = notes_demos.DEMOS[key]
        monkeypatch.setitem(notes_demos.DEMOS, key, lambda bundle, trace, key=key, real=real: calls.append(key)
                            or real(bundle, trace))
    at = open_page("notes", s=SENTENCE)
    assert calls == [] and not at.exception
    at.session_state["demo_greedy"] = True
    at.run()
    assert calls == ["greedy"] and not at.exception
