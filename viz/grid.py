"""Grid of small attention maps (e.g. layers x heads) sharing one [0, 1] colour map."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from viz import style
from viz.spec import ColourMap, Grid, axis, f32, frozen_mask
from viz.style import ENGLISH, LOOK, Style, Words

TOP_PX = 40
TITLE_PX = 40
BOTTOM_PX = 90
V_GAP_PX = 44


def cell_height(n_tokens: int) -> int:
    """Pixel height of one small map."""
    return max(170, min(300, 60 + 6 * n_tokens))


def attention_grid(
    patterns,
    row_labels,
    col_labels,
    *,
    row_names,
    col_names,
    title: str = "",
    masked=None,
    row_title: str = "query",
    col_title: str = "key",
    height: int | None = None,
    cell_names: list[list[str]] | None = None,
    focus: tuple[int, int] = (-1, -1),
    words: Words = ENGLISH,
    look: Style = LOOK,
) -> Grid:
    """R_grid x C_grid attention patterns (R_grid, C_grid, Lq, Lk) on one [0, 1] colour map; each map is named
    "row name · column name" unless `cell_names` (R_grid x C_grid) names them; `focus` (query, key) are labelled
    however the token axes are thinned (Axis.focus)."""
    p = np.asarray(patterns, dtype=np.float32)  # (R_grid, C_grid, Lq, Lk)
    n_r, n_c, n_q, n_k = p.shape
    if len(row_names) != n_r or len(col_names) != n_c:
        raise ValueError(f"{len(row_names)}x{len(col_names)} names for a {n_r}x{n_c} grid")
    if len(row_labels) != n_q or len(col_labels) != n_k:
        raise ValueError(f"labels {len(row_labels)}x{len(col_labels)} do not fit maps of {n_q}x{n_k}")
    mask = ~np.isfinite(p)
    if masked is not None:
        mask |= np.broadcast_to(np.asarray(masked, dtype=bool), p.shape)
    top = TOP_PX + (TITLE_PX if title else 0)
    hover = f"{{name}}\n{row_title}: {{row}}\n{col_title}: {{col}}\np"
    return Grid(
        title=title, values=f32(p), mask=frozen_mask(mask),
        row_names=tuple(str(n) for n in row_names), col_names=tuple(str(n) for n in col_names),
        cell_names=tuple(tuple(str(cell_names[r][c]) if cell_names else f"{row_names[r]} · {col_names[c]}"
                               for c in range(n_c)) for r in range(n_r)),
        rows=replace(axis(row_title, row_labels, note=words.thinned), focus=focus[0]),
        cols=replace(axis(col_title, col_labels, note=words.thinned), focus=focus[1]),
        colours=ColourMap(style.PROB_COLOURS, 0.0, 1.0, "p"),
        hover=hover + " = {value}", mask_hover=f"{hover} = {words.masked}",
        height=height or (top + BOTTOM_PX + n_r * (cell_height(n_q) + V_GAP_PX)), look=look,
    )


def wrap(n: int, most: int = 8) -> tuple[int, int]:
    """(rows, columns) to lay n maps out in full rows of at most `most` (the largest divisor of n that fits)."""
    cols = max(c for c in range(1, min(n, most) + 1) if n % c == 0)
    return n // cols, cols
