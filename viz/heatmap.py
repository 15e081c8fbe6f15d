"""Annotated matrix heatmaps: rows = queries/tokens, columns = keys/dims, masked cells grey "−∞"."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from viz import style

KIND_SCALES = {"prob": style.PROB_SCALE, "signed": style.SIGNED_SCALE, "raw": style.RAW_SCALE}
MASKED_NOTE = " (masked)"
KIND_BAR_TITLES = {"prob": "p", "signed": "value", "raw": "value"}


def mask_of(values: np.ndarray, masked=None) -> np.ndarray:
    """Boolean mask: given cells plus every non-finite value."""
    mask = ~np.isfinite(values)
    if masked is not None:
        mask |= np.broadcast_to(np.asarray(masked, dtype=bool), values.shape)
    return mask


def signed_bound(values: np.ndarray) -> float:
    """Largest finite |value| (1.0 if there is none or it is 0), for a symmetric scale."""
    finite = np.abs(values[np.isfinite(values)])
    bound = float(finite.max()) if finite.size else 0.0
    return bound if bound > 0 else 1.0


def color_range(kind: str, z: np.ndarray, bound: float | None) -> dict:
    """zmin/zmax: fixed [0,1] for probabilities, symmetric around 0 for signed, automatic for raw."""
    if kind == "prob":
        return dict(zmin=0.0, zmax=1.0)
    if kind == "signed":
        m = bound if bound is not None else signed_bound(z)
        return dict(zmin=-m, zmax=m)
    return {}


def cell_text(z: np.ndarray, mask: np.ndarray, decimals: int) -> np.ndarray:
    """Rounded value per cell ("−∞" where masked); no negative zeros."""
    rounded = np.round(np.where(mask, 0.0, z), decimals) + 0.0
    text = np.char.mod(f"%.{decimals}f", rounded).astype(object)
    text[mask] = style.MASK_TEXT
    return text


def hover_text(text: np.ndarray, mask: np.ndarray, row_labels, col_labels, formula: str) -> list[list[str]]:
    """Per-cell hover: the formula with the row/col token names, " = ", the cell's value."""
    cols = [style.label_text(c) for c in col_labels]
    return [
        [
            formula.format(row=r, col=c, i=i, j=j) + " = " + text[i, j] + (MASKED_NOTE if mask[i, j] else "")
            for j, c in enumerate(cols)
        ]
        for i, r in enumerate(style.label_text(r) for r in row_labels)
    ]


def default_formula(row_title: str, col_title: str) -> str:
    """Hover template naming the row and column when the caller gives none."""
    return f"{row_title}: {{row}}<br>{col_title}: {{col}}<br>value"


def matrix_heatmap(
    values,
    row_labels,
    col_labels,
    *,
    kind: str = "signed",
    title: str = "",
    row_title: str = "query (row)",
    col_title: str = "key (column)",
    masked=None,
    hover_formula: str | None = None,
    show_values: bool | None = None,
    decimals: int = 2,
    height: int | None = None,
    uirevision: str = style.UIREVISION,
    bound: float | None = None,
    col_ticks: int | None = None,
    row_ticks: int | None = None,
) -> go.Figure:
    """Heatmap of an (R, C) matrix: token ticks, fixed/symmetric colour range, grey "−∞" masks.

    col_ticks / row_ticks cap how many tick labels are drawn (e.g. 16 for a 64-wide dimension axis).
    """
    if kind not in KIND_SCALES:
        raise ValueError(f"kind must be one of {sorted(KIND_SCALES)}, not {kind!r}")
    raw = np.asarray(values, dtype=float)
    n_rows, n_cols = raw.shape
    if len(row_labels) != n_rows or len(col_labels) != n_cols:
        raise ValueError(f"labels {len(row_labels)}x{len(col_labels)} do not fit values {raw.shape}")
    mask = mask_of(raw, masked)
    z = np.where(mask, np.nan, raw)
    if show_values is None:
        show_values = n_rows * n_cols <= style.MAX_CELLS_WITH_VALUES
    text = cell_text(z, mask, decimals)
    formula = hover_formula or default_formula(row_title, col_title)
    trace = dict(
        type="heatmap",
        z=z,
        x=list(range(n_cols)),
        y=list(range(n_rows)),
        colorscale=KIND_SCALES[kind],
        **color_range(kind, z, bound),
        colorbar=dict(
            title=style.title_dict(KIND_BAR_TITLES[kind]), thickness=18, tickfont=style.font(style.TICK_FONT_SIZE)
        ),
        hovertext=hover_text(text, mask, row_labels, col_labels, formula),
        hoverinfo="text",
        hoverongaps=True,
    )
    if show_values:
        trace.update(text=text, texttemplate="%{text}", textfont=dict(family=style.FONT_FAMILY))
    layout = style.base_layout(
        title,
        height or style.auto_height(n_rows),
        uirevision=uirevision,
        plot_bgcolor=style.MASK_GREY if mask.any() else "white",
    )
    layout.update(
        xaxis=style.token_axis(col_title, col_labels, max_ticks=col_ticks),
        yaxis=style.token_axis(row_title, row_labels, reverse=True, max_ticks=row_ticks),
    )
    return go.Figure(data=[trace], layout=layout)
