"""Line and grouped-bar charts for measured series (variance against d_k, cost against length, one softmax row)."""
from __future__ import annotations

import numpy as np

from viz import style

COLORS = (style.PRIMARY, style.ACCENT, style.NEUTRAL)


def axis(title: str, log: bool = False, **extra) -> dict:
    """A numeric axis with the shared fonts."""
    out = dict(title=style.title_dict(title), gridcolor=style.GRID_COLOR, tickfont=style.font(style.TICK_FONT_SIZE),
               automargin=True, zeroline=False)
    if log:
        out["type"] = "log"
    out.update(extra)
    return out


def legend() -> dict:
    """A horizontal legend under the plot."""
    return dict(orientation="h", x=0.5, xanchor="center", y=-0.25, yanchor="top", font=style.font(style.TICK_FONT_SIZE))


def line_chart(x, series: dict[str, np.ndarray], *, title: str = "", x_title: str = "", y_title: str = "",
               log_x: bool = False, log_y: bool = False, height: int = 380, decimals: int = 3) -> style.Figure:
    """One line with markers per named series over the same x values."""
    data = []
    for (name, y), color in zip(series.items(), COLORS * 3):
        label = style.label_text(name)
        data.append(dict(type="scatter", mode="lines+markers", name=label, x=np.asarray(x, dtype=float),
                         y=np.asarray(y, dtype=float), line=dict(color=color, width=3), marker=dict(size=9),
                         hovertemplate=f"{label}<br>%{{x}}: %{{y:.{decimals}~f}}<extra></extra>"))
    layout = style.base_layout(title, height, showlegend=len(series) > 1)
    layout.update(xaxis=axis(x_title, log_x), yaxis=axis(y_title, log_y, rangemode="tozero"), legend=legend())
    return style.Figure(data=data, layout=layout)


def grouped_bars(categories, series: dict[str, np.ndarray], *, title: str = "", y_title: str = "",
                 x_title: str = "", height: int = 360, y_range: tuple[float, float] | None = None) -> style.Figure:
    """Bars side by side per category, one colour per named series, values printed above the bars."""
    labels = [style.label_text(c) for c in categories]
    data = []
    for (name, y), color in zip(series.items(), COLORS * 3):
        y = np.asarray(y, dtype=float)
        data.append(dict(type="bar", name=style.label_text(name), x=list(range(len(labels))), y=y,
                         marker=dict(color=color), text=[f"{v:.2f}" for v in y], textposition="outside",
                         textfont=style.font(style.TICK_FONT_SIZE), cliponaxis=False,
                         hovertemplate="%{y:.4f}<extra></extra>"))
    layout = style.base_layout(title, height, showlegend=True)
    layout.update(barmode="group", legend=legend(),
                  xaxis=axis(x_title, tickmode="array", tickvals=list(range(len(labels))), ticktext=labels),
                  yaxis=axis(y_title, **({"range": list(y_range)} if y_range else {})))
    return style.Figure(data=data, layout=layout)
