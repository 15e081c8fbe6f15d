"""The session's view state: read once from the link (ui/url.py), changed by the bound widgets (ui/bind.py) and
the pages, written back to the URL at the end of each run, and read by the charts as one View (ui/view.py).
"""
from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any

import streamlit as st

from ui import live
from ui.param import Notice
from ui.shared import Drafts
from ui.url import clean_text, from_url, url_params
from ui.view import View

_STORE, _NOTICES = "_view_state", "_view_notices"
# This script run's view state (each run has its own thread, so no session sees another's): a page reads the state
# a few hundred times per run, and st.session_state's proxy costs ~0.1 ms per read.
_RUN: ContextVar[dict | None] = ContextVar("view_run", default=None)


def store() -> dict[str, Any]:
    """The session's view state, initialised once from the (validated) URL."""
    run = _RUN.get()
    if run is not None:
        return run
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
    """Start a script run: hold the session's view state for this run's reads; the sentence of the session's previous
    run gives this run's greedy drafts (ui/shared.py)."""
    _RUN.set(None)
    _RUN.set(store())
    st.session_state["_draft_previous"] = st.session_state.get("_draft_text", "")


def within(**limits: int | Sequence) -> View:
    """This run's View with each named entry kept inside what the trace has (View.within), the kept values written
    back so the pickers show what the charts show."""
    v = view_state().within(**limits)
    for name in limits:
        put(name, getattr(v, name))
    return v


def view_state() -> View:
    """This script run's View: the session's view state as it is now, this thread's keystroke route and the
    shared drafts read from the sentence of the session's previous run."""
    values = store()
    st.session_state["_draft_text"] = values["sentence"]
    return View.of(values, live.url(), Drafts(st.session_state.get("_draft_previous", ""), values["sentence"]))


def write_url() -> None:
    """Mirror the view state into the query string."""
    st.query_params.from_dict(url_params(store()))
