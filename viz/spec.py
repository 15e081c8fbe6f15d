"""Typed chart specs: what one chart shows, as plain data.

Numbers are float32 NumPy arrays, labels are plain text as typed (never escaped here), every visible word is a field
the caller filled in, and the look (fonts, sizes, mask grey) travels with the spec. The chart element draws a spec
(ui/static/), and viz.plotly.to_plotly turns the same spec into Plotly JSON where Plotly draws it.
Hover templates name their fields in braces: {row}, {col}, {value}, {name}, {label}, {series}, {query}, {key}.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from viz.style import ACCENT, LOOK, Style


@dataclass(frozen=True)
class ColourMap:
    """Colour stops on [0, 1] mapped onto [vmin, vmax]; the colour bar's title; `bar` False: one plain fill and no
    colour bar (cells that are labels or mask entries, not magnitudes)."""

    stops: tuple[tuple[float, str], ...]
    vmin: float
    vmax: float
    title: str
    bar: bool = True


@dataclass(frozen=True)
class Axis:
    """A category axis: its title, one label per row or column, and the positions whose label may be drawn (every
    label of an axis of up to look.full_labels without a cap: the chart element then makes room for each); `note`
    ({n}) follows the title when only every n-th label is drawn (see note_of); `focus`, the category whose label is
    drawn however the axis is thinned (the others every n-th from it; −1: none, every n-th from the first)."""

    title: str
    labels: tuple[str, ...]
    ticks: tuple[int, ...]
    note: str = ""
    focus: int = -1


@dataclass(frozen=True)
class Heatmap:
    """An (R, C) matrix: cells coloured by `colours`, masked cells grey with `mask_text`."""

    kind: ClassVar[str] = "heatmap"
    title: str
    values: np.ndarray  # (R, C) float32, the numbers as computed (masked cells keep theirs, e.g. −inf)
    mask: np.ndarray  # (R, C) bool: drawn grey
    rows: Axis
    cols: Axis
    colours: ColourMap
    hover: str  # {row}, {col}, {value}
    mask_hover: str  # hover of a grey cell: {row}, {col}
    mask_text: str  # written in a grey cell when values are shown
    decimals: int
    show_values: bool
    height: int
    look: Style = LOOK


@dataclass(frozen=True)
class Grid:
    """Small multiples: (R, C) attention maps of (Lq, Lk) sharing one colour map and one pair of token axes."""

    kind: ClassVar[str] = "grid"
    title: str
    values: np.ndarray  # (R, C, Lq, Lk) float32
    mask: np.ndarray  # (R, C, Lq, Lk) bool
    row_names: tuple[str, ...]  # one per grid row (e.g. layers)
    col_names: tuple[str, ...]  # one per grid column (e.g. heads)
    cell_names: tuple[tuple[str, ...], ...]  # (R, C) names of the maps, "row · column" unless given
    rows: Axis  # query tokens, labelled on the left column
    cols: Axis  # key tokens, labelled on the bottom row
    colours: ColourMap
    hover: str  # {name} (the map's "row · column" name), {row}, {col}, {value}
    mask_hover: str  # {name}, {row}, {col}
    height: int
    look: Style = LOOK


@dataclass(frozen=True)
class Bars:
    """Horizontal bars on [0, vmax], first label on top, one highlighted."""

    kind: ClassVar[str] = "bars"
    title: str
    labels: tuple[str, ...]
    values: np.ndarray  # (n,) float32
    highlight: int  # index drawn in the accent colour, -1 for none
    value_title: str  # the value axis' title
    vmax: float
    hover: str  # {label}, {value}
    decimals: int
    colour: str
    highlight_colour: str
    height: int
    look: Style = LOOK


@dataclass(frozen=True)
class Series:
    """One named group of bars of a panel."""

    name: str
    values: np.ndarray  # (n,) float32, one per label
    colour: str


@dataclass(frozen=True)
class Panel:
    """One value axis of grouped bars with an optional dashed guide line."""

    title: str
    series: tuple[Series, ...]
    guide: float | None
    from_zero: bool
    value_range: tuple[float, float] | None = None  # fixed, else from the values


@dataclass(frozen=True)
class BarPanels:
    """Side-by-side panels of grouped per-label bars (e.g. mean and variance per token, before and after)."""

    kind: ClassVar[str] = "bar_panels"
    title: str
    labels: tuple[str, ...]
    label_title: str
    panels: tuple[Panel, ...]
    hover: str  # {series}, {label}, {value}
    guide_colour: str
    height: int
    show_values: bool = False  # each bar's value written above it (where it does not collide with another)
    note: str = ""  # ({n}) after the label title when only every n-th label is drawn
    look: Style = LOOK


@dataclass(frozen=True)
class HeadView:
    """BertViz-style head view: queries left, keys right, a line per weight ≥ min_weight, thicker when larger."""

    kind: ClassVar[str] = "head_view"
    title: str
    weights: np.ndarray  # (Lq, Lk) float32
    queries: tuple[str, ...]
    keys: tuple[str, ...]
    query_title: str
    key_title: str
    weight_title: str  # the legend's title
    min_weight: float
    buckets: int  # line widths: equal-width weight bins on [0, 1]
    hover: str  # {query}, {key}, {value}
    colour: str
    height: int
    note: str = ""  # ({n}) written over the view when only every n-th token is labelled
    look: Style = LOOK


@dataclass(frozen=True)
class Line:
    """One curve of a Curves chart."""

    name: str
    x: np.ndarray  # (n,) float32
    y: np.ndarray  # (n,) float32
    right: bool  # on the right value axis
    colour: str
    dash: str  # "solid", "dot", "dash"
    markers: bool
    hover: str  # {x} (x - x_shift), {y}
    x_shift: float = 0.0


@dataclass(frozen=True)
class Curves:
    """Lines over a (log) x axis with a left and an optional right value axis and an optional vertical marker."""

    kind: ClassVar[str] = "curves"
    title: str
    lines: tuple[Line, ...]
    x_title: str
    left_title: str
    height: int
    right_title: str = ""  # no right axis when empty
    right_range: tuple[float, float] = (0.0, 1.0)
    right_percent: bool = False
    log_x: bool = False
    log_y: bool = False
    decimals: int = 3  # hover values on the left axis
    marker_x: float | None = None
    marker_colour: str = ACCENT
    look: Style = LOOK


@dataclass(frozen=True)
class Arrows:
    """One arrow per name from the origin to its 2-D point, on equal x and y units (a turn reads as a turn)."""

    kind: ClassVar[str] = "arrows"
    title: str
    names: tuple[str, ...]
    points: np.ndarray  # (n, 2) float32: each arrow's tip (x, y)
    colours: tuple[str, ...]  # one per arrow
    x_title: str
    y_title: str
    hover: str  # {name}, {x}, {y}
    decimals: int
    height: int
    look: Style = LOOK


@dataclass(frozen=True)
class Wiring:
    """One layer drawn as a graph over n tokens: its inputs x₁ … xₙ (the tokens) in one column, its outputs in the
    next, and its edges; the path from the first input to the last output is drawn in the path colour."""

    title: str  # the panel's heading: what it is, with its counts
    caption: str  # a second line under the heading
    outputs: tuple[str, ...]  # the outputs' names (h₁ …, z₁ …), one per token
    edges: np.ndarray  # (E, 2) float32: (from, to) nodes; input i is node i, output j is node n + j
    path: np.ndarray  # (P,) float32: the nodes of the path x₁ → … → last output, in order
    hover: tuple[str, ...]  # one per output node
    arrows: bool  # an arrowhead halfway along each edge (its direction)


@dataclass(frozen=True)
class Wirings:
    """Layers side by side over the same tokens (first token on top), e.g. a recurrent chain against self-attention's
    single step; token labels every `ticks` (all up to look.full_labels; thinned with `note` ({n}) above)."""

    kind: ClassVar[str] = "wirings"
    title: str
    tokens: tuple[str, ...]
    ticks: tuple[int, ...]
    note: str
    panels: tuple[Wiring, ...]
    colour: str  # nodes
    edge_colour: str
    path_colour: str
    height: int
    look: Style = LOOK


Spec = Heatmap | Grid | Bars | BarPanels | HeadView | Curves | Wirings
SPECS: tuple[type, ...] = (Heatmap, Grid, Bars, BarPanels, HeadView, Arrows, Curves, Wirings)


def f32(values) -> np.ndarray:
    """A read-only float32 copy: what every spec holds."""
    out = np.array(values, dtype=np.float32)
    out.flags.writeable = False
    return out


def frozen_mask(mask) -> np.ndarray:
    """A read-only boolean copy."""
    out = np.array(mask, dtype=bool)
    out.flags.writeable = False
    return out


def ticks(n: int, max_ticks: int | None) -> tuple[int, ...]:
    """Positions labelled on an axis of n categories: all, or every k-th so that at most max_ticks show."""
    step = max(1, -(-n // max_ticks)) if max_ticks else 1
    return tuple(range(0, n, step))


def step_of(ticks: tuple[int, ...]) -> int:
    """Every how many categories a label is drawn (1: every one)."""
    return ticks[1] - ticks[0] if len(ticks) > 1 else 1


def note_of(title: str, note: str, step: int) -> str:
    """An axis title with its thinning note ("key · 1 in 2 labels shown") when only every step-th label shows.
    The chart element (ui/static/common.js: titled) writes the same."""
    if step <= 1 or not note:
        return title
    said = note.replace("{n}", str(step))
    return f"{title} · {said}" if title else said


def full(n: int, ticks: tuple[int, ...], look: Style = LOOK) -> bool:
    """Whether every one of n labels must be drawn: all are ticked and there are at most look.full_labels (the chart
    element grows the chart, or lays it out in fewer columns, to make room; longer axes thin with a note)."""
    return len(ticks) == n <= look.full_labels


def axis(title: str, labels, max_ticks: int | None = None, note: str = "") -> Axis:
    """A category axis over `labels` (as plain text); `note` as in Axis (Words.thinned)."""
    labels = tuple(str(label) for label in labels)
    return Axis(title, labels, ticks(len(labels), max_ticks), note)

