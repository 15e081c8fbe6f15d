"""Widgets bound to the view state: each shows its parameter within the limits declared on the View (ui/view.py)
and stores what the user picks there (so it survives page switches and lands in the URL)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import streamlit as st

from ui import state
from ui.url import valid
from ui.view import PARAMS, View


def _choice(value: Any, options: list, default: Any) -> Any:
    """value if it is an option, else the default if it is one, else the first option."""
    return value if value in options else (default if default in options else options[0])


CHOICE_WIDGETS = (st.selectbox, st.radio, st.segmented_control, st.pills, st.select_slider)
_LABELS = "_widget_labels"  # widget key -> (value, label) it was shown with by the last run that finished
_SHOWING = "_widget_labels_now"  # the same, as this run shows them (kept only if the run finishes)


def show_choice(key: str, value: Any, label: str) -> bool:
    """Make keyed choice widget `key` show `value`, labelled `label`; True if the value had to be pushed (then the
    widget must be created without a default). Streamlit keeps a keyed widget's value in the browser as its label,
    and a label that has since changed (a language switch, a new sentence) comes back as that stale text instead of
    an option; so the value is pushed whenever the widget holds another value or its label changed since the last
    run that finished (a run cut short by the next may never have reached the browser). A new widget takes its
    default instead, as on any first visit."""
    shown = st.session_state.setdefault(_LABELS, {})
    held = st.session_state[key] if key in st.session_state else value
    pushed = held != value or shown.get(key, (value, label)) != (value, label)
    if pushed:
        st.session_state[key] = value
    st.session_state.setdefault(_SHOWING, {})[key] = (value, label)
    return pushed


def finish_run() -> None:
    """At the end of a run that finished: the labels it showed are what the browser holds."""
    st.session_state[_LABELS] = st.session_state.get(_LABELS, {}) | st.session_state.pop(_SHOWING, {})


def choice(widget: Callable, label: str, options: list, key: str, format_func: Callable = str, **kwargs) -> Any:
    """A keyed choice widget outside the view state (a page's own picker), always holding one of `options`: the
    user's pick, or (after its label went stale) the value it last showed, or the first option."""
    picked = st.session_state.get(key)
    if picked not in options:
        last = st.session_state.get(_LABELS, {}).get(key, (None,))[0]
        picked = last if last in options else options[0]
    if not show_choice(key, picked, str(format_func(picked))):
        kwargs["index"] = options.index(picked)
    value = widget(label, options, key=key, format_func=format_func, **kwargs)
    return value if value in options else picked


def widget_value(name: str) -> Any:
    """What the user picked in the bound widget of `name`, or None if it has none or it is not a valid value."""
    value = st.session_state.get(f"w_{name}")
    return value if value is not None and valid(name, value) else None


def bound(widget: Callable, label: str, name: str, **kwargs) -> Any:
    """Render `widget` showing view-state `name` within its declared limits (kwargs may narrow them) and store
    what the user picks (survives page switches)."""
    p, value, key = PARAMS[name], state.get(name), f"w_{name}"
    if widget in CHOICE_WIDGETS:
        options = list(kwargs.setdefault("options", p.options))
        value = _choice(value, options, p.default)
        if not show_choice(key, value, str(kwargs.get("format_func", str)(value))):
            if widget in (st.selectbox, st.radio):
                kwargs["index"] = options.index(value)
            else:
                kwargs["default" if widget in (st.segmented_control, st.pills) else "value"] = value
    elif widget in (st.slider, st.number_input):
        kwargs = p.limits() | kwargs
        show(key, min(max(value, kwargs["min_value"]), kwargs["max_value"]), kwargs)
    else:
        show(key, value, kwargs)
    picked = widget(label, key=key, **kwargs)
    picked = value if picked is None or not valid(name, picked) else picked  # deselected, or a stale label
    state.put(name, picked)
    return picked


def picked(v: View, widget: Callable, label: str, name: str, **kwargs) -> View:
    """`bound`, returning `v` with what the user picked: a page's picker hands the page its new View."""
    return replace(v, **{name: bound(widget, label, name, **kwargs)})


def show(key: str, value: Any, kwargs: dict) -> None:
    """Make keyed widget `key` show `value`: a widget the browser already holds gets it through its session state
    (a value argument would be ignored, and warned about beside a state write); a new one as its value."""
    if key in st.session_state:
        if st.session_state[key] != value:
            st.session_state[key] = value
    else:
        kwargs["value"] = value


def take_widgets() -> None:
    """Copy what the user just picked in any bound widget into the view state before the page reads it, so a
    toggle never first computes a trace with the old value and then throws it away."""
    st.session_state[_SHOWING] = {}
    for name in PARAMS:
        value = widget_value(name)
        if value is not None:
            state.put(name, value)
