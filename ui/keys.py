"""The clicker keys: → / PageDown and ← / PageUp move through the lecture (the tour's steps, then the next page; back
likewise) from any page; ui/static/components/keys.js says which key presses count (the contract: docs/pages.md)."""
from __future__ import annotations

import streamlit as st

from lesson.tour import steps
from ui import state, url
from ui.assets import component_js
from ui.i18n import t
from ui.registry import PATHS
from ui.shared import per_process
from ui.view import clamp

JS = component_js("keys")  # ui/static/components/keys.js
TOUR = "tour"


@per_process(1)
def _element():
    """The registered (invisible) key listener."""
    return st.components.v2.component("attention_lab_keys", js=JS)


def pressed() -> str | None:
    """"next", "prev" or None: the clicker key pressed since the last run."""
    result = _element()(key="page_keys", on_pressed_change=lambda: None)
    return getattr(result, "pressed", None)


def neighbour(path: str, step: int) -> str:
    """The page `step` (±1) away from `path` in the navigation's order (after the last page comes the first)."""
    return PATHS[(PATHS.index(path) + step) % len(PATHS)]


def tour_step(n: int, last_step: int, step: int) -> int | None:
    """The tour step after (step 1) or before (step −1) step n of a tour ending at `last_step`, or None where the
    tour ends that way."""
    moved = n + step
    return moved if 0 <= moved <= last_step else None


def tour_place() -> tuple[int, int]:
    """The tour step the view state holds (kept inside the tour) and the tour's last step. The clicker is one of the
    header's controls, which set the view state before the shell builds the run's View: it reads the state as the
    bound widgets do."""
    last = len(steps(state.get("tour_chapter"))) - 1
    return clamp(state.get("tour"), 0, last), last


def coming(path: str) -> str:
    """What the clicker's next press shows: the tour's next step, or the next page (the console says it)."""
    if path == TOUR:
        moved = tour_step(*tour_place(), 1)
        if moved is not None:
            return t(f"tour.{steps(state.get('tour_chapter'))[moved].key}.title")
    return t(f"nav.{neighbour(path, 1)}")


def lecture_keys(path: str) -> None:
    """A clicker press: on the tour the next or previous step, past its ends (and on every other page) the next or
    previous page; the tour is entered at its first step going forward, at its last going back."""
    key = pressed()
    if not key or path not in PATHS:
        return
    step = 1 if key == "next" else -1
    at, last = tour_place()
    if path == TOUR:
        moved = tour_step(at, last, step)
        if moved is not None:
            state.put("tour", moved)
            return
    target = neighbour(path, step)
    if target == TOUR:
        state.put("tour", 0 if step == 1 else last)
    st.switch_page(f"pages/{target}.py", query_params=url.url_params(state.store()))
