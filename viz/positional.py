"""Sinusoidal positional-encoding charts: curves per dimension (altair) and the full matrix (a heatmap spec)."""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd

from viz import style
from viz.heatmap import matrix_heatmap
from viz.spec import Heatmap
from viz.style import ENGLISH, Words


def dim_name(d: int, words: Words = ENGLISH) -> str:
    """Legend label of dimension d: even dims are sines, odd dims cosines."""
    return (words.dim_sin if d % 2 == 0 else words.dim_cos).format(d=d)


def pe_curves(
    pe, dims, *, max_pos: int | None = None, title: str = "", height: int = 320, width: int | str = "container",
    words: Words = ENGLISH, zoom: float = 1.0,
) -> alt.Chart:
    """Line chart of PE[pos, d] against pos for each chosen dimension d (its texts and height × `zoom`: presenter
    view's)."""
    pe = np.asarray(pe, dtype=float)
    n_pos = pe.shape[0] if max_pos is None else min(max_pos, pe.shape[0])
    dims = [int(d) for d in dims]
    names = [dim_name(d, words) for d in dims]
    df = pd.DataFrame(
        {
            "position": np.tile(np.arange(n_pos), len(dims)),
            "value": pe[:n_pos, dims].T.ravel(),
            "dimension": np.repeat(names, n_pos),
        }
    )
    chart = (
        alt.Chart(df, title=title or alt.Undefined)
        .mark_line(strokeWidth=3)
        .encode(
            x=alt.X("position:Q", title=words.position),
            y=alt.Y("value:Q", title="PE[pos, d]", scale=alt.Scale(domain=[-1, 1])),
            color=alt.Color("dimension:N", title=words.dimension, sort=names),
            tooltip=[alt.Tooltip("dimension:N", title=words.dimension), alt.Tooltip("position:Q", title=words.position),
                     alt.Tooltip("value:Q", title=words.value, format=".3f")],
        )
    )
    return (
        chart.properties(height=round(height * zoom), width=width)
        .configure(font=style.FONT_FAMILY)
        .configure_axis(
            labelFontSize=style.TICK_FONT_SIZE * zoom,
            titleFontSize=style.FONT_SIZE * zoom,
            gridColor=style.GRID_COLOR,
        )
        .configure_legend(
            labelFontSize=style.TICK_FONT_SIZE * zoom,
            titleFontSize=style.FONT_SIZE * zoom,
            labelLimit=0,
        )
        .configure_title(fontSize=style.TITLE_FONT_SIZE * zoom, anchor="start")
    )


def pe_heatmap(pe, row_labels, *, title: str = "", col_labels=None, height: int | None = None,
               words: Words = ENGLISH) -> Heatmap:
    """Positions x dimensions heatmap of PE on a fixed diverging [-1, 1] scale."""
    pe = np.asarray(pe, dtype=float)
    cols = col_labels if col_labels is not None else [f"d{d}" for d in range(pe.shape[1])]
    return matrix_heatmap(pe, row_labels, cols, kind="signed", bound=1.0, title=title, row_title=words.position,
                          col_title=words.dimension, hover_formula="PE[{row}, {col}]", height=height,
                          show_values=False, col_ticks=16, row_ticks=32, words=words)
