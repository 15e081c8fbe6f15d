"""Curves: any measured series against x (variance against d_k, cost against length), and the training curves: loss
and exact match against the training step, with a marker at the step shown."""
from __future__ import annotations

import numpy as np

from viz import style
from viz.spec import Curves, Line, f32
from viz.style import LOOK, Style

LOSS_COLOR = style.NEUTRAL
EXACT_COLOR = style.PRIMARY
DASHES = ("solid", "dot", "dash")


def training_curves(
    runs: dict[str, tuple[list[int], list[float], list[int], list[float]]],
    current: int,
    *,
    title: str = "",
    step_title: str = "training step (log scale)",
    loss_title: str = "training loss",
    exact_title: str = "exact match (held-out)",
    step_word: str = "step",
    height: int = 360,
    look: Style = LOOK,
) -> Curves:
    """Per run name: (loss steps, losses, snapshot steps, exact match) on a log step axis (step + 1, so that the
    initialisation shows), loss on the left axis, exact match on [0, 1] on the right, a line at `current`."""
    lines = []
    for (name, (steps, losses, snap_steps, exact)), dash in zip(runs.items(), DASHES):
        lines.append(Line(f"{name}: {loss_title}", f32(steps) + 1, f32(losses), False, LOSS_COLOR, dash, False,
                          f"{step_word} {{x}}\n{loss_title} {{y}}", x_shift=1.0))
        lines.append(Line(f"{name}: {exact_title}", f32(snap_steps) + 1, f32(exact), True, EXACT_COLOR, dash, True,
                          f"{step_word} {{x}}\n{exact_title} {{y}}", x_shift=1.0))
    return Curves(title=title, lines=tuple(lines), x_title=step_title, left_title=loss_title, right_title=exact_title,
                  right_range=(0.0, 1.02), right_percent=True, log_x=True, marker_x=float(current + 1),
                  marker_colour=style.ACCENT, height=height, look=look)


def line_chart(x, series: dict[str, np.ndarray], *, title: str = "", x_title: str = "", y_title: str = "",
               log_x: bool = False, log_y: bool = False, height: int = 380, decimals: int = 3,
               marker_x: float | None = None, look: Style = LOOK) -> Curves:
    """One line with markers per named series over the same x values (and a vertical line at marker_x)."""
    lines = tuple(Line(str(name), f32(x), f32(y), False, colour, "solid", True, f"{name}\n{{x}}: {{y}}")
                  for (name, y), colour in zip(series.items(), style.SERIES_COLORS * 3))
    return Curves(title=title, lines=lines, x_title=x_title, left_title=y_title, height=height, log_x=log_x,
                  log_y=log_y, decimals=decimals, marker_x=marker_x, look=look)
