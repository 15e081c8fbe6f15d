"""The tour's chart for one trace and the view (the page places `elements`' chart, the keystroke route sends it)."""
from __future__ import annotations

import math
from dataclasses import replace

from lesson.tour import steps
from model.trace import Trace
from ui.view import Element, View, clamp
from viz.spec import Heatmap, axis

PART_ROWS = 10  # presenter view: the token-id column of a longer sentence is drawn as parts side by side …
MOST_PARTS = 2  # … two at most (a third leaves a long word no room for its id), so each row keeps room for its id


def last(v: View) -> int:
    """The index of the tour's last step (with the chapter After 2017 if the view asks for it)."""
    return len(steps(v.tour_chapter)) - 1


def step_index(v: View) -> int:
    """The view's tour step, kept inside the tour."""
    return clamp(v.tour, 0, last(v))


def figure_element(trace: Trace, n: int, v: View) -> Element:
    """Step n's figure for this sentence."""
    step = steps(v.tour_chapter)[n]
    chart = step.figure(trace, v.t)
    if v.presenter and step.key == "tokens":
        return Element(parts(chart, v), f"tour-{step.key}")
    return Element([chart], f"tour-{step.key}")


def parts(chart: Heatmap, v: View) -> list[Heatmap]:
    """A token-id column too long for a projector's stage (more than PART_ROWS rows) as consecutive parts of its
    rows, each titled with the tokens it holds (its column's "id" says the rest: no axis title under it)."""
    rows = len(chart.rows.labels)
    n = min(MOST_PARTS, math.ceil(rows / PART_ROWS))
    if n <= 1:
        return [chart]
    size = math.ceil(rows / n)
    return [replace(chart, title=v.t("tour.fig.tokens_part", first=a, last=min(a + size, rows) - 1),
                    values=chart.values[a:a + size], mask=chart.mask[a:a + size],
                    rows=axis(chart.rows.title, chart.rows.labels[a:a + size]), cols=replace(chart.cols, title=""))
            for a in range(0, rows, size)]



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """The current step's figure."""
    return {"figure": figure_element(trace, step_index(v), v)}
