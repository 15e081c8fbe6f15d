"""Plotly JSON from a chart spec, for where Plotly draws: chart exports, the naive reference.

Plotly reads some HTML in text, so every label, title and word is HTML-escaped here (and only here).
"""

from __future__ import annotations

import base64
import html
import json
import re
from functools import singledispatch

import numpy as np

from viz.head_view import bucket_of, bucket_style
from viz.paths import sub
from viz.spec import (
    Arrows,
    Axis,
    BarPanels,
    Bars,
    ColourMap,
    Curves,
    Grid,
    HeadView,
    Heatmap,
    Wirings,
    full,
    note_of,
    step_of,
)
from viz.style import Style, distinct

UIREVISION = "attention-lab"
H_GAP = 0.025
COLORBAR_PX = 90
ROW_PITCH = 1.25  # px of height per px of tick font a row label needs (ui/static/common.js: ROW_PITCH)
FIELD = re.compile(r"\{(\w+)\}")


def text(label) -> str:
    """Plain text as Plotly text: HTML-escaped, so "<script>" shows literally instead of being read as markup."""
    return html.escape(str(label), quote=False)


def template(spec_hover: str, fields: dict[str, str]) -> str:
    """A spec's hover template ({row}, {value}, …) as a Plotly hovertemplate (%{y}, %{z:.3~f}, …)."""
    parts = FIELD.split(spec_hover)
    out = [text(p).replace("\n", "<br>") if i % 2 == 0 else fields.get(p, "{" + p + "}") for i, p in enumerate(parts)]
    return "".join(out) + "<extra></extra>"


def _typed_array(a: np.ndarray) -> dict | list:
    """NumPy array as Plotly's typed-array JSON ({dtype, bdata, shape}); strings/objects as nested lists."""
    if a.dtype.kind == "f":
        a = a.astype(np.float32)
    elif a.dtype.kind in "iub":
        a = a.astype(np.int32)
    else:
        return a.tolist()
    a = np.ascontiguousarray(a)
    out = {"dtype": a.dtype.str.lstrip("<|="), "bdata": base64.b64encode(a.tobytes()).decode("ascii")}
    if a.ndim > 1:
        out["shape"] = ",".join(str(n) for n in a.shape)
    return out


def _json_default(obj):
    """JSON fallback for NumPy arrays and scalars."""
    if isinstance(obj, np.ndarray):
        return _typed_array(obj)
    if isinstance(obj, np.generic):
        return obj.item()
    raise TypeError(f"cannot encode {type(obj).__name__} in a figure")


class Figure(dict):
    """A Plotly figure as plain data (no go.Figure validation, which costs ~10× more per keystroke)."""

    def __init__(self, data: list[dict], layout: dict) -> None:
        super().__init__(data=data, layout=layout)

    def to_json(self) -> str:
        """The figure as Plotly JSON (NumPy arrays as typed arrays)."""
        return json.dumps(self, default=_json_default, ensure_ascii=False, separators=(",", ":"))

    def to_dict(self) -> dict:
        """The figure exactly as the browser receives it (parsed back from to_json)."""
        return json.loads(self.to_json())


def font(look: Style, size: int | None = None) -> dict:
    """Font dict with the spec's family."""
    return dict(family=look.font_family, size=size or look.font_size, color=look.text_colour)


def title_dict(label: str, look: Style, size: int | None = None) -> dict:
    """Title dict with an explicit font (so a host theme cannot shrink it)."""
    return dict(text=text(label), font=font(look, size))


def base_layout(title: str, height: int, look: Style, *, margin: dict | None = None, showlegend: bool = False,
                plot_bgcolor: str = "white") -> dict:
    """Layout shared by every figure (fonts, margins, stable uirevision)."""
    layout = dict(font=font(look), hoverlabel=dict(font=font(look)), paper_bgcolor="white", plot_bgcolor=plot_bgcolor,
                  margin=dict(pad=0, **(margin or dict(l=10, r=10, t=60 if title else 20, b=10))),
                  showlegend=showlegend, uirevision=UIREVISION, height=height)
    if title:
        layout["title"] = dict(title_dict(title, look, look.title_size), x=0.01, xanchor="left")
    return layout


def colorscale(colours: ColourMap) -> list:
    """Plotly colorscale of a spec's stops."""
    return [[t, c] for t, c in colours.stops]


def category_axis(ax: Axis, look: Style, *, reverse: bool = False) -> dict:
    """Categorical token axis: distinct category names, plain (escaped) tick labels at the spec's ticks (every k-th:
    see thinned_note)."""
    cats = [text(c) for c in distinct(ax.labels)]
    out = dict(title=title_dict(ax.title, look), type="category", categoryorder="array", categoryarray=cats,
               tickmode="array", tickvals=[cats[i] for i in ax.ticks], ticktext=[text(ax.labels[i]) for i in ax.ticks],
               tickfont=font(look, look.tick_size), showgrid=False, zeroline=False, automargin=True)
    if reverse:
        out["autorange"] = "reversed"
    return out


def cell_texts(values: np.ndarray, mask: np.ndarray, decimals: int, mask_text: str) -> np.ndarray:
    """Rounded value per cell (mask_text where masked); no negative zeros."""
    rounded = np.round(np.where(mask, 0.0, values.astype(np.float64)), decimals) + 0.0
    out = np.char.mod(f"%.{decimals}f", rounded).astype(object)
    out[mask] = text(mask_text)
    return out


@singledispatch
def figure(spec) -> Figure:
    """The Plotly figure of one spec."""
    raise TypeError(f"no Plotly figure for {type(spec).__name__}")


def to_plotly(spec, *, sentence: str | None = None, zoom: float = 1.0) -> Figure:
    """Plotly figure of a spec; layout.meta.sentence names the sentence shown; zoom > 1 enlarges (presenter view)."""
    fig = figure(spec)
    fig["layout"]["meta"] = {"sentence": sentence}
    if zoom != 1.0:
        enlarge(fig["layout"], zoom)
        for trace in fig["data"]:  # a trace's own fonts (colour bar ticks, bar values)
            zoom_fonts(trace, zoom)
    return fig


def enlarge(layout: dict, zoom: float) -> None:
    """Presenter view: a taller figure and every font size × zoom."""
    layout["height"] = int(layout.get("height", 360) * zoom)
    layout["meta"]["zoom"] = zoom
    zoom_fonts(layout, zoom)


def zoom_fonts(node: dict, zoom: float) -> None:
    """Every font size (and uniformtext's smallest size) in a layout or a trace × zoom."""
    stack = [node]
    while stack:
        node = stack.pop()
        for key, value in node.items():
            if key in ("font", "tickfont", "textfont") and isinstance(value, dict) and "size" in value:
                value["size"] = round(value["size"] * zoom)
            if key == "uniformtext" and isinstance(value, dict) and "minsize" in value:
                value["minsize"] = round(value["minsize"] * zoom)
            if isinstance(value, dict):
                stack.append(value)
            elif isinstance(value, list):  # annotations
                stack += [v for v in value if isinstance(v, dict)]


@figure.register
def _(spec: Heatmap) -> Figure:
    look, values, mask = spec.look, np.asarray(spec.values), np.asarray(spec.mask)
    z = np.where(mask, np.nan, values)
    ys = [text(c) for c in distinct(spec.rows.labels)]
    xs = [text(c) for c in distinct(spec.cols.labels)]
    hover_value = f"%{{z:.{max(spec.decimals, 3)}~f}}"
    trace = dict(type="heatmap", z=z, x=xs, y=ys, colorscale=colorscale(spec.colours), zmin=spec.colours.vmin,
                 zmax=spec.colours.vmax, hoverongaps=False, showscale=spec.colours.bar,
                 colorbar=dict(title=dict(text=text(spec.colours.title)), tickfont=font(look, look.tick_size),
                               thickness=18),
                 hovertemplate=template(spec.hover, {"row": "%{y}", "col": "%{x}", "value": hover_value}))
    if spec.show_values:
        trace.update(text=cell_texts(values, mask, spec.decimals, spec.mask_text), texttemplate="%{text}",
                     textfont=dict(family=look.font_family))
    data = [trace]
    if mask.any():
        overlay = dict(type="heatmap", z=np.where(mask, 1.0, np.nan), x=xs, y=ys, showscale=False, hoverongaps=False,
                       colorscale=[[0.0, look.mask_grey], [1.0, look.mask_grey]], zmin=0.0, zmax=1.0,
                       hovertemplate=template(spec.mask_hover, {"row": "%{y}", "col": "%{x}"}))
        if spec.show_values:
            overlay.update(text=np.where(mask, text(spec.mask_text), "").astype(object), texttemplate="%{text}",
                           textfont=dict(family=look.font_family, color="white"))
        data.append(overlay)
    n_rows = len(spec.rows.labels)
    rows = n_rows if full(n_rows, spec.rows.ticks, look) else 0  # each row's label gets a line (as the chart element)
    layout = base_layout(spec.title, max(spec.height, 170 + round(ROW_PITCH * look.tick_size * rows)), look)
    layout.update(xaxis=category_axis(spec.cols, look), yaxis=category_axis(spec.rows, look, reverse=True))
    if note := thinned_note((spec.cols, spec.rows), look):
        layout["annotations"] = [note]
        layout["margin"]["t"] = max(layout["margin"]["t"], 20 + 2 * look.tick_size)
    return Figure(data=data, layout=layout)


def thinned_note(axes, look: Style) -> dict | None:
    """Over the plot's right end, which axes show only every k-th label ("dimension · 1 in 4 labels shown"), as the
    chart element writes it after the axis title; None when every label shows."""
    said = [note_of(ax.title, ax.note, step_of(ax.ticks)) for ax in axes if step_of(ax.ticks) > 1 and ax.note]
    if not said:
        return None
    return dict(text=text("; ".join(said)), xref="paper", yref="paper", x=1, y=1, xanchor="right", yanchor="bottom",
                showarrow=False, font=font(look, look.tick_size))


def domains(n: int, gap: float) -> list[list[float]]:
    """n equal, non-overlapping [start, end] intervals of [0, 1] separated by `gap`."""
    size = (1.0 - gap * (n - 1)) / n
    return [[i * (size + gap), i * (size + gap) + size] for i in range(n)]


def axis_id(k: int) -> str:
    """Plotly axis suffix for the k-th subplot (0-based): '', '2', '3', ..."""
    return "" if k == 0 else str(k + 1)


def grid_axis(domain, anchor: str, ax: Axis, look: Style, titled: bool, *, reverse: bool = False) -> dict:
    """Categorical axis of one small map; tick labels and title only on the outer edge."""
    cats = [text(c) for c in distinct(ax.labels)]
    out = dict(domain=domain, anchor=anchor, type="category", categoryorder="array", categoryarray=cats,
               showticklabels=titled, ticks="", tickfont=font(look, look.tick_size), showgrid=False, zeroline=False,
               automargin=True)
    if reverse:
        out["autorange"] = "reversed"
    if titled:
        out["title"] = title_dict(ax.title, look)
    return out


@figure.register
def _(spec: Grid) -> Figure:
    from viz.grid import BOTTOM_PX, TITLE_PX, TOP_PX, V_GAP_PX

    look, values, mask = spec.look, np.asarray(spec.values), np.asarray(spec.mask)
    n_r, n_c = values.shape[:2]
    z_all = np.where(mask, np.nan, values)
    top = TOP_PX + (TITLE_PX if spec.title else 0)
    x_doms = domains(n_c, H_GAP)
    y_doms = domains(n_r, V_GAP_PX / max(spec.height - top - BOTTOM_PX, 1))[::-1]
    layout = base_layout(spec.title, spec.height, look, plot_bgcolor=look.mask_grey if mask.any() else "white",
                         margin=dict(l=10, r=COLORBAR_PX, t=top, b=BOTTOM_PX))
    layout["coloraxis"] = dict(cmin=spec.colours.vmin, cmax=spec.colours.vmax, colorscale=colorscale(spec.colours),
                               colorbar=dict(title=title_dict(spec.colours.title, look), thickness=18,
                                             tickfont=font(look, look.tick_size)))
    xs = [text(c) for c in distinct(spec.cols.labels)]
    ys = [text(c) for c in distinct(spec.rows.labels)]
    data, notes = [], []
    for r in range(n_r):
        for c in range(n_c):
            sid, name = axis_id(r * n_c + c), spec.cell_names[r][c]
            hover = template(spec.hover, {"name": f"<b>{text(name)}</b>", "row": "%{y}", "col": "%{x}",
                                          "value": "%{z:.3f}"})
            data.append(dict(type="heatmap", z=z_all[r, c], x=xs, y=ys, coloraxis="coloraxis", xaxis="x" + sid,
                             yaxis="y" + sid, name=text(name), hovertemplate=hover, hoverongaps=False))
            layout["xaxis" + sid] = grid_axis(x_doms[c], "y" + sid, spec.cols, look, r == n_r - 1)
            layout["yaxis" + sid] = grid_axis(y_doms[r], "x" + sid, spec.rows, look, c == 0, reverse=True)
            notes.append(dict(text=text(name), x=sum(x_doms[c]) / 2, y=y_doms[r][1], xref="paper", yref="paper",
                              xanchor="center", yanchor="bottom", showarrow=False, font=font(look, look.tick_size)))
    layout["annotations"] = notes
    return Figure(data=data, layout=layout)


def panel_decimals(panel) -> int:
    """0 when every finite value of the panel is whole (cache sizes, counts), else 2: bar_panels.js's valueDecimals."""
    values = np.concatenate([np.asarray(s.values, dtype=np.float64).ravel() for s in panel.series] or [np.zeros(0)])
    finite = values[np.isfinite(values)]
    return 0 if np.all(finite == np.round(finite)) else 2


def value_labels(values: np.ndarray, decimals: int) -> list[str]:
    """Rounded values as strings without negative zeros."""
    return [f"{v:.{decimals}f}" for v in np.round(values.astype(np.float64), decimals) + 0.0]


@figure.register
def _(spec: Bars) -> Figure:
    look, p = spec.look, np.asarray(spec.values, dtype=np.float64)
    n = len(spec.labels)
    bar = dict(type="bar", orientation="h", x=p, y=list(range(n)), cliponaxis=False, hoverinfo="text",
               marker=dict(color=[spec.highlight_colour if i == spec.highlight else spec.colour for i in range(n)]),
               text=value_labels(p, spec.decimals), textposition="outside", textfont=font(look),
               hovertext=[template(spec.hover, {"label": text(t), "value": f"{v:.4f}"})[:-len("<extra></extra>")]
                          for t, v in zip(spec.labels, p, strict=True)])
    layout = base_layout(spec.title, spec.height, look)
    layout.update(
        xaxis=dict(title=title_dict(spec.value_title, look), range=[0, spec.vmax * 1.12],
                   tickvals=[0, 0.25, 0.5, 0.75, 1], tickfont=font(look, look.tick_size), gridcolor=look.grid_colour,
                   zeroline=False, automargin=True),
        yaxis=dict(tickmode="array", tickvals=list(range(n)), ticktext=[text(t) for t in spec.labels],
                   tickfont=font(look, look.tick_size), range=[n - 0.5, -0.5], showgrid=False, zeroline=False,
                   automargin=True),
        bargap=0.25)
    return Figure(data=[bar], layout=layout)


@figure.register
def _(spec: BarPanels) -> Figure:
    look, n = spec.look, len(spec.labels)
    k = len(spec.panels)
    doms = domains(k, 0.16)
    data, layout = [], base_layout(spec.title, spec.height, look, showlegend=True)
    ticks = dict(tickmode="array", tickvals=list(range(n)), ticktext=[text(t) for t in spec.labels],
                 tickfont=font(look, look.tick_size), showgrid=False, zeroline=False, automargin=True)
    for i, panel in enumerate(spec.panels):
        sid, decimals = axis_id(i), panel_decimals(panel)
        for series in panel.series:
            hover = template(spec.hover, {"series": text(series.name), "label": "%{customdata}", "value": "%{y:.3f}"})
            data.append(dict(type="bar", x=list(range(n)), y=series.values, name=text(series.name),
                             customdata=[text(t) for t in spec.labels],
                             legendgroup=text(series.name), showlegend=i == 0, marker=dict(color=series.colour),
                             xaxis="x" + sid, yaxis="y" + sid, hovertemplate=hover,
                             **(dict(text=value_labels(np.asarray(series.values), decimals), textposition="outside",
                                     textfont=font(look, look.tick_size), cliponaxis=False)
                                if spec.show_values else {})))
        layout["xaxis" + sid] = dict(ticks, title=title_dict(spec.label_title, look), domain=doms[i],
                                     anchor="y" + sid, range=[-0.5, n - 0.5])
        layout["yaxis" + sid] = dict(title=title_dict(panel.title, look), anchor="x" + sid, automargin=True,
                                     gridcolor=look.grid_colour, tickfont=font(look, look.tick_size), zeroline=False,
                                     **({"rangemode": "tozero"} if panel.from_zero else {}),
                                     **({"range": list(panel.value_range)} if panel.value_range else {}))
    layout.update(
        barmode="group",
        # a value label narrower than its bar or hidden, never shrunk below the tick size nor overlapping the next
        uniformtext=dict(minsize=look.tick_size, mode="hide"),
        shapes=[dict(type="line", x0=0, x1=1, y0=p.guide, y1=p.guide, xref=f"x{axis_id(i)} domain",
                     yref=f"y{axis_id(i)}", line=dict(color=spec.guide_colour, width=2, dash="dash"))
                for i, p in enumerate(spec.panels) if p.guide is not None],
        legend=dict(orientation="h", x=0.5, xanchor="center", y=1.0, yanchor="bottom",
                    font=font(look, look.tick_size)))
    return Figure(data=data, layout=layout)


QUERY_X, KEY_X = 0.0, 1.0


@figure.register
def _(spec: HeadView) -> Figure:
    look, w = spec.look, np.asarray(spec.weights, dtype=np.float64)
    qi, kj = np.nonzero((w >= spec.min_weight) & (w > 0))
    buckets = bucket_of(w[qi, kj], spec.buckets)
    data = []
    for b in range(spec.buckets):
        if not np.any(buckets == b):
            continue
        q, k = qi[buckets == b], kj[buckets == b]
        xs = np.tile(np.array([QUERY_X, KEY_X, None], dtype=object), len(q))
        ys = np.empty(3 * len(q), dtype=object)
        ys[0::3], ys[1::3], ys[2::3] = q, k, None
        width, opacity = bucket_style(b, spec.buckets)
        data.append(dict(type="scatter", mode="lines", x=xs, y=ys, hoverinfo="skip", opacity=opacity,
                         line=dict(color=spec.colour, width=width), name=f"{b / spec.buckets:.1f}–"
                         f"{(b + 1) / spec.buckets:.1f}", legendgroup=f"w{b}"))
    lines = bool(data)
    for tokens, x, side, role in ((spec.queries, QUERY_X, "left", spec.query_title),
                                  (spec.keys, KEY_X, "right", spec.key_title)):
        labels = [text(t) for t in tokens]
        data.append(dict(type="scatter", mode="markers+text", x=[x] * len(labels), y=list(range(len(labels))),
                         text=labels, textposition=f"middle {side}", textfont=font(look),
                         marker=dict(size=9, color=look.text_colour), showlegend=False, hoverinfo="text",
                         hovertext=[f"{text(role)} {i}: {t}" for i, t in enumerate(labels)]))
    n = max(len(spec.queries), len(spec.keys))
    layout = base_layout(spec.title, spec.height, look, showlegend=lines)
    hidden = dict(visible=False, fixedrange=True)
    layout.update(
        xaxis=dict(hidden, range=[-0.55, 1.55]), yaxis=dict(hidden, range=[n - 0.5, -1.2]),
        legend=dict(title=title_dict(spec.weight_title, look), orientation="h", y=-0.02, yanchor="top", x=0.5,
                    xanchor="center", font=font(look, look.tick_size)),
        annotations=[dict(text=f"<b>{text(spec.query_title)}</b>", x=QUERY_X, y=-1, xref="x", yref="y",
                          showarrow=False, xanchor="right", font=font(look)),
                     dict(text=f"<b>{text(spec.key_title)}</b>", x=KEY_X, y=-1, xref="x", yref="y", showarrow=False,
                          xanchor="left", font=font(look))])
    return Figure(data=data, layout=layout)


@figure.register
def _(spec: Arrows) -> Figure:
    look, reach = spec.look, arrow_reach(spec.points)
    hover = {"x": f"%{{x:.{spec.decimals}f}}", "y": f"%{{y:.{spec.decimals}f}}"}
    data = [dict(type="scatter", mode="lines+markers", name=text(name), x=[0.0, float(x)], y=[0.0, float(y)],
                 line=dict(color=colour, width=3), marker=dict(size=[0, 9], color=colour),
                 hovertemplate=template(spec.hover, hover | {"name": text(name)}))
            for name, (x, y), colour in zip(spec.names, spec.points, spec.colours, strict=True)]
    layout = base_layout(spec.title, spec.height, look, showlegend=len(spec.names) > 1)
    axis = dict(range=[-reach, reach], gridcolor=look.grid_colour, zerolinecolor=look.text_colour,
                tickfont=font(look, look.tick_size), automargin=True)
    layout.update(xaxis=axis | dict(title=title_dict(spec.x_title, look), constrain="domain"),
                  yaxis=axis | dict(title=title_dict(spec.y_title, look), scaleanchor="x", scaleratio=1),
                  legend=dict(font=font(look, look.tick_size)))
    return Figure(data=data, layout=layout)


def arrow_reach(points: np.ndarray) -> float:
    """Half the width of both axes: the longest tip coordinate and a margin (the origin in the middle)."""
    return 1.12 * max(1e-6, float(np.abs(points).max(initial=0.0)))


@figure.register
def _(spec: Curves) -> Figure:
    look = spec.look
    data = []
    for line in spec.lines:
        y_format = ".1%" if line.right and spec.right_percent else f".{spec.decimals}~f"
        x = np.asarray(line.x, dtype=np.float64)
        data.append(dict(type="scatter", mode="lines+markers" if line.markers else "lines", name=text(line.name),
                         x=x, y=np.asarray(line.y), customdata=x - line.x_shift,
                         line=dict(color=line.colour, dash=line.dash, width=3 if line.right or line.markers else 2),
                         hovertemplate=template(line.hover, {"x": "%{customdata}", "y": f"%{{y:{y_format}}}"}),
                         **({"marker": dict(size=9)} if line.markers else {}),
                         **({"yaxis": "y2"} if line.right else {})))
    layout = base_layout(spec.title, spec.height, look, showlegend=len(spec.lines) > 1)
    # a log axis labels its decades only: Plotly writes the 2s and 5s between them at 3/4 of the tick size
    decades = dict(type="log", dtick=1)
    layout.update(
        xaxis=dict(decades if spec.log_x else dict(type="linear"), title=title_dict(spec.x_title, look),
                   gridcolor=look.grid_colour, tickfont=font(look, look.tick_size), automargin=True, zeroline=False),
        yaxis=dict(decades if spec.log_y else dict(type="linear"), title=title_dict(spec.left_title, look),
                   gridcolor=look.grid_colour, rangemode="tozero", tickfont=font(look, look.tick_size),
                   automargin=True, zeroline=False),
        legend=dict(orientation="h", x=0.5, xanchor="center", y=-0.28, yanchor="top",
                    font=font(look, look.tick_size)))
    if spec.right_title:
        layout["yaxis2"] = dict(title=title_dict(spec.right_title, look), overlaying="y", side="right",
                                range=list(spec.right_range), tickvals=[0, 0.25, 0.5, 0.75, 1],
                                tickformat=".0%" if spec.right_percent else "", tickfont=font(look, look.tick_size),
                                showgrid=False, automargin=True)
    if spec.marker_x is not None:
        layout["shapes"] = [dict(type="line", xref="x", yref="paper", x0=spec.marker_x, x1=spec.marker_x, y0=0, y1=1,
                                 line=dict(color=spec.marker_colour, width=3))]
    return Figure(data=data, layout=layout)


PANEL_PITCH = 3.4  # x units from one panel's inputs to the next's: room for the outputs' names and the tokens
HEAD_GAP = 0.7  # rows between the first token and the bottom of its panel's heading


def edge_trace(points: list[tuple], colour: str, width: float, opacity: float, meta: dict) -> dict:
    """Line segments [(x0, y0, x1, y1), …] as one scatter trace (None between segments)."""
    xs, ys = [], []
    for x0, y0, x1, y1 in points:
        xs += [x0, x1, None]
        ys += [y0, y1, None]
    return dict(type="scatter", mode="lines", x=xs, y=ys, hoverinfo="skip", opacity=opacity, showlegend=False,
                line=dict(color=colour, width=width), meta=meta)


def arrow_trace(points: list[tuple], colours: list[str], meta: dict) -> dict:
    """An arrowhead halfway along each horizontal or vertical segment, pointing its way (the y axis is reversed)."""
    mids = [((x0 + x1) / 2, (y0 + y1) / 2, 0 if y0 == y1 else 90) for x0, y0, x1, y1 in points]
    return dict(type="scatter", mode="markers", x=[m[0] for m in mids], y=[m[1] for m in mids], hoverinfo="skip",
                showlegend=False, marker=dict(symbol="triangle-right", size=11, angle=[m[2] for m in mids],
                                              color=colours), meta=meta)


@figure.register
def _(spec: Wirings) -> Figure:
    look, n = spec.look, len(spec.tokens)
    shown = set(spec.ticks)
    data, annotations = [], []
    for k, panel in enumerate(spec.panels):
        x0 = k * PANEL_PITCH
        at = lambda node, x0=x0: (x0, node) if node < n else (x0 + 1, node - n)  # noqa: E731
        path = [int(v) for v in panel.path]
        on_path = set(zip(path, path[1:], strict=False))
        segments = {True: [], False: []}  # on the path or not
        for a, b in np.asarray(panel.edges, dtype=int).tolist():
            segments[(a, b) in on_path].append((*at(a), *at(b)))
        faint = 0.35 if len(segments[False]) > 4 * n else 0.8  # n² edges would be one dark blot
        data.append(edge_trace(segments[False], spec.edge_colour, 1.5, faint, {"panel": k, "part": "edges"}))
        data.append(edge_trace(segments[True], spec.path_colour, 3.5, 1.0, {"panel": k, "part": "path"}))
        if panel.arrows:
            both = segments[False] + segments[True]
            colours = [spec.edge_colour] * len(segments[False]) + [spec.path_colour] * len(segments[True])
            data.append(arrow_trace(both, colours, {"panel": k, "part": "arrows"}))
        for x, names, hovers, side, fill, part in (
                (x0, spec.tokens, [f"x{sub(i + 1)}: {text(t)}" for i, t in enumerate(spec.tokens)], "left", "white",
                 "inputs"),
                (x0 + 1, panel.outputs, [text(h) for h in panel.hover], "right", spec.colour, "outputs")):
            data.append(dict(type="scatter", mode="markers+text", x=[x] * n, y=list(range(n)),
                             text=[text(name) if i in shown else "" for i, name in enumerate(names)],
                             textposition=f"middle {side}", textfont=font(look, look.tick_size), cliponaxis=False,
                             marker=dict(size=11, color=fill, line=dict(color=spec.colour, width=2)),
                             hoverinfo="text", hovertext=hovers, showlegend=False, meta={"panel": k, "part": part}))
        lines = [text(line) for line in panel.caption.split("\n") if line]
        annotations.append(dict(text="<br>".join([f"<b>{text(panel.title)}</b>", *lines]), x=x0 + 0.5, y=-HEAD_GAP,
                                xref="x", yref="y", xanchor="center", yanchor="bottom", align="center",
                                showarrow=False, font=font(look, look.tick_size)))
    title = note_of(spec.title, spec.note, step_of(spec.ticks))
    layout = base_layout(title, spec.height, look)
    # room above the first token for the headings: their lines in px, as rows of the plot (both scale alike)
    heading = max(len(a["text"].split("<br>")) for a in annotations) * look.tick_size * 1.35 + 8
    plot = spec.height - layout["margin"]["t"] - layout["margin"]["b"]
    rows = heading * (n - 0.5 + HEAD_GAP) / max(plot - heading, 1.0)
    hidden = dict(visible=False, fixedrange=True)
    right = (len(spec.panels) - 1) * PANEL_PITCH + 1
    layout.update(xaxis=dict(hidden, range=[-1.9, right + 0.9]),
                  yaxis=dict(hidden, range=[n - 0.5, -HEAD_GAP - rows]), annotations=annotations)
    return Figure(data=data, layout=layout)
