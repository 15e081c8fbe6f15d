"""The session's view state: read once from the link (ui/url.py), changed by the bound widgets (ui/bind.py) and
the pages, written back to the URL at the end of each run, and read by the charts as one View (ui/view.py), which
the shell builds after the header's widgets have set the state (`build_view`) and hands to the page.
"""
from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import streamlit as st

from ui.param import Notice
from ui.shared import Drafts
from ui.url import clean_text, from_url, url_params
from ui.view import View

_STORE, _NOTICES, _SENTENCE = "_view_state", "_view_notices", "_run_sentence"


@dataclass
class Run:
    """One script run: the session's view state, the keystroke route serving the page it draws ("" if reruns alone
    draw its charts) and the sentence of the session's previous run (its greedy drafts, ui/shared.py)."""

    values: dict[str, Any]
    route: str = ""
    previous: str = ""


# This script run's record. A ContextVar, not an argument: the bound widgets (ui/bind.py) read and write it from a page,
# a script that st.navigation runs (it takes no arguments); each run has its own thread (no session sees another's);
# and st.session_state's proxy costs ~0.1 ms a read where a rerun reads or writes the state 90–160 times (Overview 89,
# Self-attention 146, Decoding 161: take_widgets, the header and the page's pickers).
_RUN: ContextVar[Run | None] = ContextVar("view_run", default=None)


def store() -> dict[str, Any]:
    """The session's view state, initialised once from the (validated) URL."""
    run = _RUN.get()
    if run is not None:
        return run.values
    if _STORE not in st.session_state:
        st.session_state[_STORE], st.session_state[_NOTICES] = from_url(st.query_params.to_dict())
    return st.session_state[_STORE]


def notices() -> list[Notice]:
    """What the link or the last text entry had changed (shown until the sentence is edited)."""
    store()
    return st.session_state[_NOTICES]


def get(name: str) -> Any:
    """Current value of a view-state entry."""
    return store()[name]


def put(name: str, value: Any) -> None:
    """Set a view-state entry (written to the URL at the end of the run)."""
    store()[name] = value


def put_text(name: str, raw: str) -> str:
    """Store text typed by the user, cleaned; a change replaces the link's notices with the cleaning's own."""
    text, notes = clean_text(raw)
    if text != get(name) or notes:
        st.session_state[_NOTICES] = notes
    put(name, text)
    return text


def set_sentence(text: str) -> None:
    """Replace the shared sentence (a new box key makes the sentence box show it)."""
    put("sentence", text)
    st.session_state["sentence_gen"] = st.session_state.get("sentence_gen", 0) + 1


def begin_run() -> None:
    """Start a script run: hold the session's view state for this run's reads; the sentence the session's previous
    run showed gives this run's greedy drafts."""
    _RUN.set(None)
    _RUN.set(Run(store(), previous=st.session_state.get(_SENTENCE, "")))


def serve(route: str) -> None:
    """This run's page is drawn by the keystroke route `route` ("" if reruns alone draw its charts)."""
    _RUN.get().route = route


def route() -> str:
    """The keystroke route serving this run's page, or ""."""
    run = _RUN.get()
    return run.route if run is not None else ""


def shown_sentence() -> None:
    """This run has shown its sentence (the header has read the box): the next run's drafts start from it."""
    st.session_state[_SENTENCE] = get("sentence")


def keep(v: View, **limits: int | Sequence) -> View:
    """`v` with each named entry kept inside what the trace has (View.within), the kept values written back so the
    pickers show what the charts show."""
    kept = v.within(**limits)
    for name in limits:
        put(name, getattr(kept, name))
    return kept


def build_view() -> View:
    """This run's View: the session's view state as the header's widgets have set it, the run's keystroke route and
    the shared drafts read from the sentence of the session's previous run (writes nothing). The shell builds it and
    hands it down (ui/shell.py); a picker on the page returns it with its pick (ui/bind.picked, `keep`), so nothing
    reads it back."""
    run = _RUN.get()
    return View.of(run.values, run.route, Drafts(run.previous, run.values["sentence"]))


def write_url() -> None:
    """Mirror the view state into the query string."""
    st.query_params.from_dict(url_params(store()))
