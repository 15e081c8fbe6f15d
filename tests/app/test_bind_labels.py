"""A choice widget's label is pushed again until a run that showed it has finished (a run cut short by the next may
never have reached the browser, which then keeps the old label: the model picker stayed in English after a rapid
中文 ⇒ English ⇒ 中文 ⇒ 中文 in a journey)."""
import streamlit as st

from ui import bind


def run(session: dict, label: str, finishes: bool = True) -> bool:
    """One run showing the model picker with `label`: whether it pushed the value to the browser."""
    session[bind._SHOWING] = {}  # as bind.take_widgets does at the start of a run
    pushed = bind.show_choice("w_model", "en-zh", label)
    session["w_model"] = "en-zh"  # the widget exists from now on
    if finishes:
        bind.finish_run()
    return pushed


def test_a_label_shown_by_a_run_cut_short_is_pushed_again(monkeypatch):
    session: dict = {}
    monkeypatch.setattr(st, "session_state", session)
    assert not run(session, "English → 中文"), "a new widget takes its default"
    assert not run(session, "English → 中文"), "nothing changed"
    assert run(session, "英语 → 中文", finishes=False), "the language changed"
    assert run(session, "英语 → 中文"), "the run that pushed it was cut short: push again"
    assert not run(session, "英语 → 中文"), "a finished run showed it"
