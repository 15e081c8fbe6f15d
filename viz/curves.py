"""Training curves: loss and exact match against the training step, with a marker at the step shown."""
from __future__ import annotations

import numpy as np

from viz import style

LOSS_COLOR = style.NEUTRAL
EXACT_COLOR = style.PRIMARY


def training_curves(
    runs: dict[str, tuple[list[int], list[float], list[int], list[float]]],
    current: int,
    *,
    title: str = "",
    step_title: str = "training step (log scale)",
    loss_title: str = "training loss",
    exact_title: str = "exact match (held-out)",
    height: int = 360,
    uirevision: str = style.UIREVISION,
) -> style.Figure:
    """Per run name: (loss steps, losses, snapshot steps, exact match) drawn on a log step axis (step + 1, so that
    the initialisation shows), loss on the left axis, exact match on [0, 1] on the right, a line at `current`."""
    data, dashes = [], ("solid", "dot", "dash")
    for (name, (steps, losses, snap_steps, exact)), dash in zip(runs.items(), dashes):
        data.append(dict(type="scatter", mode="lines", name=f"{name}: {loss_title}", x=np.asarray(steps) + 1,
                         y=np.asarray(losses, dtype=float), line=dict(color=LOSS_COLOR, dash=dash, width=2),
                         customdata=np.asarray(steps), hovertemplate=f"step %{{customdata}}<br>{loss_title} %{{y:.3f}}"
                         "<extra></extra>"))
        data.append(dict(type="scatter", mode="lines+markers", name=f"{name}: {exact_title}",
                         x=np.asarray(snap_steps) + 1, y=np.asarray(exact, dtype=float), yaxis="y2",
                         line=dict(color=EXACT_COLOR, dash=dash, width=3), marker=dict(size=9),
                         customdata=np.asarray(snap_steps),
                         hovertemplate=f"step %{{customdata}}<br>{exact_title} %{{y:.1%}}<extra></extra>"))
    layout = style.base_layout(title, height, uirevision=uirevision, showlegend=True)
    layout.update(
        xaxis=dict(type="log", title=style.title_dict(step_title), gridcolor=style.GRID_COLOR,
                   tickfont=style.font(style.TICK_FONT_SIZE), automargin=True),
        yaxis=dict(title=style.title_dict(loss_title), gridcolor=style.GRID_COLOR, rangemode="tozero",
                   tickfont=style.font(style.TICK_FONT_SIZE), automargin=True),
        yaxis2=dict(title=style.title_dict(exact_title), overlaying="y", side="right", range=[0, 1.02],
                    tickvals=[0, 0.25, 0.5, 0.75, 1], tickformat=".0%", tickfont=style.font(style.TICK_FONT_SIZE),
                    showgrid=False, automargin=True),
        shapes=[dict(type="line", xref="x", yref="paper", x0=current + 1, x1=current + 1, y0=0, y1=1,
                     line=dict(color=style.ACCENT, width=3))],
        legend=dict(orientation="h", x=0.5, xanchor="center", y=-0.28, yanchor="top",
                    font=style.font(style.TICK_FONT_SIZE)),
    )
    return style.Figure(data=data, layout=layout)
