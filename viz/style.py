"""Shared look of every figure: fonts, colour scales, the masked grey, base layout."""

from __future__ import annotations

import base64
import html
import json
import math
from collections import Counter
from pathlib import Path

import numpy as np
import plotly

PLOTLY_JS = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"  # ships with plotly

FONT_FAMILY = "Attention Lab Sans, Noto Sans CJK SC, Microsoft YaHei, PingFang SC, sans-serif"  # the first ships
FONT_SIZE = 16
TICK_FONT_SIZE = 15
TITLE_FONT_SIZE = 20
TEXT_COLOR = "#111111"
GRID_COLOR = "#d0d0d0"

UIREVISION = "attention-lab"
MAX_CELLS_WITH_VALUES = 150

MASK_GREY = "#8c8c8c"
MASK_TEXT = "−∞"

ACCENT = "#d62728"
PRIMARY = "#1f5fa8"
NEUTRAL = "#9aa4b1"
POSITIVE = "#c0392b"
NEGATIVE = "#2166ac"

# ColorBrewer "Blues": white (0) -> dark blue (1); zero weight reads as blank.
PROB_SCALE = [
    [0.0, "#f7fbff"],
    [0.125, "#deebf7"],
    [0.25, "#c6dbef"],
    [0.375, "#9ecae1"],
    [0.5, "#6baed6"],
    [0.625, "#4292c6"],
    [0.75, "#2171b5"],
    [0.875, "#08519c"],
    [1.0, "#08306b"],
]
# ColorBrewer "RdBu" reversed: blue (negative) -> white (0) -> red (positive).
SIGNED_SCALE = [
    [0.0, "#053061"],
    [0.1, "#2166ac"],
    [0.2, "#4393c3"],
    [0.3, "#92c5de"],
    [0.4, "#d1e5f0"],
    [0.5, "#f7f7f7"],
    [0.6, "#fddbc7"],
    [0.7, "#f4a582"],
    [0.8, "#d6604d"],
    [0.9, "#b2182b"],
    [1.0, "#67001f"],
]
# ColorBrewer "YlGnBu" for unsigned magnitudes without a fixed range.
RAW_SCALE = [
    [0.0, "#ffffd9"],
    [0.25, "#c7e9b4"],
    [0.5, "#41b6c4"],
    [0.75, "#225ea8"],
    [1.0, "#081d58"],
]


def label_text(label) -> str:
    """A token as Plotly text: HTML-escaped, so "<script>" shows literally instead of being read as markup."""
    return html.escape(str(label), quote=False)


def distinct(labels) -> list[str]:
    """Labels with repeated ones told apart by position ("the·0", "the·3"), as on the charts' axes."""
    labels = [str(label) for label in labels]
    counts = Counter(labels)
    return [f"{label}·{i}" if counts[label] > 1 else label for i, label in enumerate(labels)]


def unique_labels(labels) -> list[str]:
    """Escaped, distinct labels for categorical axes."""
    return distinct(label_text(label) for label in labels)


def font(size: int = FONT_SIZE) -> dict:
    """Font dict with the CJK-capable family."""
    return dict(family=FONT_FAMILY, size=size, color=TEXT_COLOR)


def title_dict(text: str, size: int = FONT_SIZE) -> dict:
    """Title dict with an explicit font (so a host theme cannot shrink it)."""
    return dict(text=label_text(text), font=font(size))


def base_layout(
    title: str = "",
    height: int | None = None,
    *,
    uirevision: str = UIREVISION,
    margin: dict | None = None,
    showlegend: bool = False,
    plot_bgcolor: str = "white",
) -> dict:
    """Layout dict shared by every plotly figure (fonts, margins, stable uirevision)."""
    layout = dict(
        font=font(),
        hoverlabel=dict(font=font()),
        paper_bgcolor="white",
        plot_bgcolor=plot_bgcolor,
        margin=dict(pad=0, **(margin or dict(l=10, r=10, t=60 if title else 20, b=10))),
        showlegend=showlegend,
        uirevision=uirevision,
    )
    if title:
        layout["title"] = dict(title_dict(title, TITLE_FONT_SIZE), x=0.01, xanchor="left")
    if height is not None:
        layout["height"] = height
    return layout


def token_axis(title: str, labels, *, reverse: bool = False, max_ticks: int | None = None, **extra) -> dict:
    """Axis at integer positions 0..n-1 showing `labels` as tick text (duplicates stay distinct).

    With max_ticks, only every k-th label is drawn so that at most max_ticks show (hover still names every cell).
    """
    n = len(labels)
    step = max(1, math.ceil(n / max_ticks)) if max_ticks else 1
    axis = dict(
        title=title_dict(title),
        tickmode="array",
        tickvals=list(range(0, n, step)),
        ticktext=[label_text(label) for label in list(labels)[::step]],
        tickfont=font(TICK_FONT_SIZE),
        range=[n - 0.5, -0.5] if reverse else [-0.5, n - 0.5],
        showgrid=False,
        zeroline=False,
        automargin=True,
    )
    axis.update(extra)
    return axis


def auto_height(n_rows: int, *, per_row: int = 30, extra: int = 170, lo: int = 320, hi: int = 900) -> int:
    """Figure height growing with the number of rows, clamped to [lo, hi]."""
    return max(lo, min(hi, extra + per_row * n_rows))


def _typed_array(a: np.ndarray) -> dict | list:
    """NumPy array as Plotly's typed-array JSON ({dtype, bdata, shape}); strings/objects as nested lists."""
    if a.dtype.kind == "f":
        a = a.astype(np.float32)  # what is drawn needs ~7 digits; halves the bytes sent per keystroke
    elif a.dtype.kind in "iub":
        a = a.astype(np.int32)
    else:
        return a.tolist()
    a = np.ascontiguousarray(a)
    spec = {"dtype": a.dtype.str.lstrip("<|="), "bdata": base64.b64encode(a.tobytes()).decode("ascii")}
    if a.ndim > 1:
        spec["shape"] = ",".join(str(n) for n in a.shape)
    return spec


def _json_default(obj):
    """JSON fallback for NumPy arrays and scalars."""
    if isinstance(obj, np.ndarray):
        return _typed_array(obj)
    if isinstance(obj, np.generic):
        return obj.item()
    raise TypeError(f"cannot encode {type(obj).__name__} in a figure")


class Figure(dict):
    """A Plotly figure as plain data: what go.Figure would send, without its per-property validation
    (measured ~10× faster to build and serialise, which matters on every keystroke)."""

    def __init__(self, data: list[dict], layout: dict) -> None:
        super().__init__(data=data, layout=layout)

    def to_json(self) -> str:
        """The figure as Plotly JSON (NumPy arrays as typed arrays)."""
        return json.dumps(self, default=_json_default, ensure_ascii=False, separators=(",", ":"))

    def to_dict(self) -> dict:
        """The figure exactly as the browser receives it (parsed back from to_json)."""
        return json.loads(self.to_json())
