"""Arrows from the origin to 2-D points (RoPE's turning q and k pairs), coloured by order."""
from __future__ import annotations

import numpy as np

from viz.spec import Arrows, f32
from viz.style import LOOK, Style


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
