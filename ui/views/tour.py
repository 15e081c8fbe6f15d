"""The tour's chart for one trace and the view state (the page and the keystroke route both build it here)."""
from __future__ import annotations

from lesson.tour import STEPS
from model.trace import Trace
from ui import state
from ui.i18n import t
from ui.widgets import Block

LAST = len(STEPS) - 1


def step_index() -> int:
    """The view state's tour step, kept inside the tour."""
    return state.clamp("tour", 0, LAST)


def figure_block(trace: Trace, n: int) -> Block:
    """Step n's figure for this sentence."""
    step = STEPS[n]
    return Block([step.figure(trace, t)], f"tour-{step.key}")


def charts(trace: Trace) -> list[Block]:
    """The current step's figure (what the keystroke route sends)."""
    return [figure_block(trace, step_index())]
