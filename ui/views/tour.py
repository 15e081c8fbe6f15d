"""The tour's chart for one trace and the view (the page and the keystroke route both build it here)."""
from __future__ import annotations

from lesson.tour import steps
from model.trace import Trace
from ui.view import Element, View, clamp, per_view


def last(v: View) -> int:
    """The index of the tour's last step (with the chapter After 2017 if the view asks for it)."""
    return len(steps(v.tour_chapter)) - 1


def step_index(v: View) -> int:
    """The view's tour step, kept inside the tour."""
    return clamp(v.tour, 0, last(v))


@per_view
def figure_element(trace: Trace, n: int, v: View) -> Element:
    """Step n's figure for this sentence."""
    step = steps(v.tour_chapter)[n]
    return Element([step.figure(trace, v.t)], f"tour-{step.key}")


def charts(trace: Trace, v: View) -> list[Element]:
    """The current step's figure (what the keystroke route sends)."""
    return [figure_element(trace, step_index(v), v)]
