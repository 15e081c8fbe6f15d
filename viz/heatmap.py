"""Annotated matrix heatmaps: rows = queries/tokens, columns = keys/dims, masked cells grey "−∞"."""

from __future__ import annotations

import numpy as np

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


def hover_template(formula: str) -> str:
    """A per-cell hover formula ("q({row})·k({col})") as a Plotly template over the category names."""
    return formula.replace("{row}", "%{y}").replace("{col}", "%{x}")


def default_formula(row_title: str, col_title: str) -> str:
    """Hover formula naming the row and column when the caller gives none."""
    return f"{row_title}: {{row}}<br>{col_title}: {{col}}<br>value"


def category_axis(title: str, categories: list[str], labels, *, reverse: bool = False,
                  max_ticks: int | None = None) -> dict:
    """Categorical token axis: unique category names, plain (escaped) labels as tick text, optional thinning."""
    axis = style.token_axis(title, labels, max_ticks=max_ticks)
    axis.pop("range")
    axis.update(type="category", categoryorder="array", categoryarray=categories,
                tickvals=[categories[i] for i in axis["tickvals"]])
    if reverse:
        axis["autorange"] = "reversed"
    return axis


def mask_overlay(mask: np.ndarray, xs: list[str], ys: list[str], formula: str, show_values: bool,
                 label: str = style.MASK_TEXT, note: str = "−∞ (masked)") -> dict:
    """Grey cells labelled `label` ("−∞" for a mask) on top of the masked positions; hover says `note`."""
    overlay = dict(
        type="heatmap", z=np.where(mask, 1.0, np.nan), x=xs, y=ys, showscale=False, hoverongaps=False,
        colorscale=[[0.0, style.MASK_GREY], [1.0, style.MASK_GREY]], zmin=0.0, zmax=1.0,
        hovertemplate=hover_template(formula) + f" = {note}<extra></extra>",
    )
    if show_values:
        text = np.where(mask, label, "").astype(object)
        overlay.update(text=text, texttemplate="%{text}", textfont=dict(family=style.FONT_FAMILY, color="white"))
    return overlay


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
    grey: tuple[str, str] = (style.MASK_TEXT, "−∞ (masked)"),
    col_ticks: int | None = None,
    row_ticks: int | None = None,
) -> style.Figure:
    """Heatmap of an (R, C) matrix: token ticks, fixed/symmetric colour range, grey "−∞" masks.

    Hover text and large-matrix values are formatted by Plotly in the browser (templates), so a 64×64 matrix
    costs the server one typed array, not 4,096 strings. col_ticks / row_ticks cap the tick labels drawn.
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
    ys, xs = style.unique_labels(row_labels), style.unique_labels(col_labels)
    formula = hover_formula or default_formula(row_title, col_title)
    trace = dict(
        type="heatmap", z=z, x=xs, y=ys, colorscale=KIND_SCALES[kind], **color_range(kind, z, bound),
        colorbar=dict(title=dict(text=KIND_BAR_TITLES[kind]), tickfont=style.font(style.TICK_FONT_SIZE),
                      thickness=18),
        hovertemplate=hover_template(formula) + f" = %{{z:.{max(decimals, 3)}~f}}<extra></extra>",
        hoverongaps=False,
    )
    if show_values:
        trace.update(text=cell_text(z, mask, decimals), texttemplate="%{text}",
                     textfont=dict(family=style.FONT_FAMILY))
    data = [trace] + ([mask_overlay(mask, xs, ys, formula, show_values, *grey)] if mask.any() else [])
    layout = style.base_layout(title, height or style.auto_height(n_rows), uirevision=uirevision)
    layout.update(xaxis=category_axis(col_title, xs, col_labels, max_ticks=col_ticks),
                  yaxis=category_axis(row_title, ys, row_labels, reverse=True, max_ticks=row_ticks))
    return style.Figure(data=data, layout=layout)
