"""Line and grouped-bar charts for measured series (variance against d_k, cost against length, one softmax row)."""
from __future__ import annotations

import numpy as np

from viz import style
from viz.spec import Arrows, BarPanels, Curves, Line, Panel, Series, f32
from viz.style import ENGLISH, LOOK, Style, Words

COLORS = (style.PRIMARY, style.ACCENT, style.NEUTRAL)


def line_chart(x, series: dict[str, np.ndarray], *, title: str = "", x_title: str = "", y_title: str = "",
               log_x: bool = False, log_y: bool = False, height: int = 380, decimals: int = 3,
               marker_x: float | None = None, look: Style = LOOK) -> Curves:
    """One line with markers per named series over the same x values (and a vertical line at marker_x)."""
    lines = tuple(Line(str(name), f32(x), f32(y), False, colour, "solid", True, f"{name}\n{{x}}: {{y}}")
                  for (name, y), colour in zip(series.items(), COLORS * 3))
    return Curves(title=title, lines=lines, x_title=x_title, left_title=y_title, height=height, log_x=log_x,
                  log_y=log_y, decimals=decimals, marker_x=marker_x, look=look)


def grouped_bars(categories, series: dict[str, np.ndarray], *, title: str = "", y_title: str = "",
                 x_title: str = "", height: int = 360, y_range: tuple[float, float] | None = None,
                 words: Words = ENGLISH, look: Style = LOOK) -> BarPanels:
    """Bars side by side per category, one colour per named series, values printed above the bars."""
    panel = Panel(y_title, tuple(Series(str(name), f32(y), colour) for (name, y), colour in
                                 zip(series.items(), COLORS * 3)), None, False, y_range)
    return BarPanels(title=title, labels=tuple(str(c) for c in categories), label_title=x_title, panels=(panel,),
                     hover="{series}, {label}: {value}", guide_colour=style.ACCENT, height=height, show_values=True,
                     note=words.thinned, look=look)


def ramp(n: int) -> list[str]:
    """n colours from blue (first) to red (last), for things ordered by position."""
    start, end = np.array([0x1F, 0x5F, 0xA8]), np.array([0xD6, 0x27, 0x28])
    mixed = [start + (end - start) * k / max(n - 1, 1) for k in range(n)]  # (n, 3)
    return ["#" + "".join(f"{int(c):02x}" for c in rgb) for rgb in mixed]


def arrows(points, names: list[str], *, title: str = "", x_title: str = "", y_title: str = "", height: int = 420,
           look: Style = LOOK) -> Arrows:
    """One arrow per name from the origin to its 2-D point (points (n, 2)), coloured blue → red by order."""
    return Arrows(title=title, names=tuple(names), points=f32(points), colours=tuple(ramp(len(names))),
                  x_title=x_title, y_title=y_title, hover="{name}\n({x}, {y})", decimals=2, height=height, look=look)
