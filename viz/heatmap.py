"""Annotated matrix heatmaps: rows = queries/tokens, columns = keys/dims, masked cells grey "−∞"."""

from __future__ import annotations

import numpy as np

from viz import style
from viz.spec import ColourMap, Heatmap, axis, f32, frozen_mask
from viz.style import ENGLISH, LOOK, Style, Words

KIND_COLOURS = {"prob": style.PROB_COLOURS, "signed": style.SIGNED_COLOURS, "raw": style.RAW_COLOURS,
               "mask": style.MASK_COLOURS, "label": style.LABEL_COLOURS}
PLAIN = ("mask", "label")  # one fill and no colour bar: the cells' text is what they say


def mask_of(values: np.ndarray, masked=None) -> np.ndarray:
    """Boolean mask: given cells plus every non-finite value."""
    mask = ~np.isfinite(values)
    if masked is not None:
        mask |= np.broadcast_to(np.asarray(masked, dtype=bool), values.shape)
    return mask


def signed_bound(values: np.ndarray) -> float:
    """Largest finite |value| (1.0 if there is none or it is 0), for a symmetric colour map."""
    finite = np.abs(values[np.isfinite(values)])
    bound = float(finite.max()) if finite.size else 0.0
    return bound if bound > 0 else 1.0


def value_range(kind: str, values: np.ndarray, shown: np.ndarray, bound: float | None) -> tuple[float, float]:
    """Colour range: [0, 1] for probabilities, symmetric around 0 for signed, min..max of the shown cells for raw."""
    if kind in ("prob", *PLAIN):
        return 0.0, 1.0
    if kind == "signed":
        m = bound if bound is not None else signed_bound(np.where(shown, values, np.nan))
        return -m, m
    finite = values[shown & np.isfinite(values)]
    if not finite.size:
        return 0.0, 1.0
    lo, hi = float(finite.min()), float(finite.max())
    return (lo, hi) if hi > lo else (lo, lo + 1.0)


def colour_map(kind: str, values: np.ndarray, mask: np.ndarray, bound: float | None, words: Words) -> ColourMap:
    """The colour map of a heatmap of this kind over the unmasked values."""
    if kind not in KIND_COLOURS:
        raise ValueError(f"kind must be one of {sorted(KIND_COLOURS)}, not {kind!r}")
    vmin, vmax = value_range(kind, values, ~mask, bound)
    return ColourMap(KIND_COLOURS[kind], vmin, vmax, "p" if kind == "prob" else words.value, bar=kind not in PLAIN)


def masked_words(kind: str, words: Words) -> tuple[str, str]:
    """A masked cell's text and hover note: −∞ for a score, 0 for a softmax weight (exp(−∞) = 0)."""
    if kind == "prob":
        return "0", words.masked.replace(words.mask_text, "0")
    return words.mask_text, words.masked


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
    bound: float | None = None,
    grey: tuple[str, str] | None = None,
    col_ticks: int | None = None,
    row_ticks: int | None = None,
    words: Words = ENGLISH,
    look: Style = LOOK,
) -> Heatmap:
    """Heatmap spec of an (R, C) matrix: fixed/symmetric colour range, grey masked cells.

    hover_formula names the cell ("q({row})·k({col})"); " = {value}" follows it. grey = (cell text, hover note) of
    masked cells (default: words.mask_text, words.masked). col_ticks / row_ticks cap the tick labels drawn.
    """
    raw = np.asarray(values, dtype=np.float32)  # (R, C), the trace's own float32: no float64 round trip
    if raw.ndim != 2:
        raw = raw.reshape(len(row_labels), len(col_labels))
    n_rows, n_cols = raw.shape
    if len(row_labels) != n_rows or len(col_labels) != n_cols:
        raise ValueError(f"labels {len(row_labels)}x{len(col_labels)} do not fit values {raw.shape}")
    mask = mask_of(raw, masked)
    if show_values is None:
        show_values = n_rows * n_cols <= style.MAX_CELLS_WITH_VALUES
    formula = hover_formula or f"{row_title}: {{row}}\n{col_title}: {{col}}\n{words.value}"
    mask_text, mask_note = grey or masked_words(kind, words)
    return Heatmap(
        title=title, values=f32(raw), mask=frozen_mask(mask),
        rows=axis(row_title, row_labels, row_ticks, words.thinned),
        cols=axis(col_title, col_labels, col_ticks, words.thinned),
        colours=colour_map(kind, raw, mask, bound, words),
        hover=f"{formula} = {{value}}", mask_hover=f"{formula} = {mask_note}", mask_text=mask_text,
        decimals=decimals, show_values=bool(show_values), height=height or style.auto_height(n_rows), look=look,
    )
