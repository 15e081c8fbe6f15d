"""Shared look of every chart: fonts, sizes, colour maps, the masked grey, and the words charts write."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

FONT_FAMILY = "Attention Lab Sans, Noto Sans CJK SC, Microsoft YaHei, PingFang SC, sans-serif"  # the first ships
FONT_SIZE = 16
TICK_FONT_SIZE = 15
TITLE_FONT_SIZE = 20
MIN_FONT_SIZE = 13  # no chart text smaller (CSS px), ordinary view
MIN_PRESENTER_FONT_SIZE = 18  # … and in presenter view (readable from the back of a lecture hall)
FULL_LABELS = 24  # a token axis of up to this many labels shows every one (the chart grows); longer ones thin
TEXT_COLOR = "#111111"
GRID_COLOR = "#d0d0d0"

MAX_CELLS_WITH_VALUES = 150

MASK_GREY = "#8c8c8c"
MASK_TEXT = "−∞"

ACCENT = "#d62728"
PRIMARY = "#1f5fa8"
NEUTRAL = "#9aa4b1"
SERIES_COLORS = (PRIMARY, ACCENT, NEUTRAL)  # named series in order (line charts, grouped bars), repeated
POSITIVE = "#c0392b"
NEGATIVE = "#2166ac"

# ColorBrewer "Blues": white (0) -> dark blue (1); zero weight reads as blank.
PROB_COLOURS = (
    (0.0, "#f7fbff"),
    (0.125, "#deebf7"),
    (0.25, "#c6dbef"),
    (0.375, "#9ecae1"),
    (0.5, "#6baed6"),
    (0.625, "#4292c6"),
    (0.75, "#2171b5"),
    (0.875, "#08519c"),
    (1.0, "#08306b"),
)
# ColorBrewer "RdBu" reversed: blue (negative) -> white (0) -> red (positive).
SIGNED_COLOURS = (
    (0.0, "#053061"),
    (0.1, "#2166ac"),
    (0.2, "#4393c3"),
    (0.3, "#92c5de"),
    (0.4, "#d1e5f0"),
    (0.5, "#f7f7f7"),
    (0.6, "#fddbc7"),
    (0.7, "#f4a582"),
    (0.8, "#d6604d"),
    (0.9, "#b2182b"),
    (1.0, "#67001f"),
)
# One fill, no colour bar: a mask's visible entries (M = 0), and cells that are labels (token ids), not magnitudes.
MASK_COLOURS = ((0.0, "#dcefe3"), (1.0, "#dcefe3"))
LABEL_COLOURS = ((0.0, "#eef2f8"), (1.0, "#eef2f8"))
# ColorBrewer "YlGnBu" for unsigned magnitudes without a fixed range.
RAW_COLOURS = (
    (0.0, "#ffffd9"),
    (0.25, "#c7e9b4"),
    (0.5, "#41b6c4"),
    (0.75, "#225ea8"),
    (1.0, "#081d58"),
)


@dataclass(frozen=True)
class Style:
    """Fonts, sizes and colours a chart is drawn with (the chart element reads them from the spec)."""

    font_family: str = FONT_FAMILY
    font_size: int = FONT_SIZE
    tick_size: int = TICK_FONT_SIZE
    title_size: int = TITLE_FONT_SIZE
    text_colour: str = TEXT_COLOR
    grid_colour: str = GRID_COLOR
    mask_grey: str = MASK_GREY
    min_size: int = MIN_FONT_SIZE  # the chart element shrinks no text below these (it grows or thins instead)
    min_size_presenter: int = MIN_PRESENTER_FONT_SIZE
    full_labels: int = FULL_LABELS


LOOK = Style()


@dataclass(frozen=True)
class Words:
    """Words the chart builders write by themselves; English defaults, the UI passes its catalogue's."""

    value: str = "value"
    probability: str = "probability"
    weight: str = "weight"
    mean: str = "mean"
    variance: str = "variance"
    token: str = "token"
    query: str = "query"
    key: str = "key"
    position: str = "position"
    dimension: str = "dimension"
    before_ln: str = "before LayerNorm"
    after_ln: str = "after LayerNorm"
    masked: str = "−∞ (masked)"  # hover of a masked cell
    mask_text: str = MASK_TEXT  # written in a masked cell
    dim_sin: str = "dim {d} (sin)"
    dim_cos: str = "dim {d} (cos)"
    thinned: str = "1 in {n} labels shown"  # after an axis title when only every n-th label is drawn


ENGLISH = Words()


def distinct(labels) -> list[str]:
    """Labels with repeated ones told apart by position ("the·0", "the·3"), as on the charts' axes."""
    labels = [str(label) for label in labels]
    counts = Counter(labels)
    return [f"{label}·{i}" if counts[label] > 1 else label for i, label in enumerate(labels)]


def auto_height(n_rows: int, *, per_row: int = 30, extra: int = 170, lo: int = 320, hi: int = 900) -> int:
    """Figure height growing with the number of rows, clamped to [lo, hi]."""
    return max(lo, min(hi, extra + per_row * n_rows))
