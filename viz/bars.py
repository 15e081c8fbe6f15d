"""Bar charts: top-k next-token probabilities, one signed vector, LayerNorm statistics."""

from __future__ import annotations

import numpy as np

from viz import style

BEFORE_COLOR = style.NEUTRAL
AFTER_COLOR = style.PRIMARY


def chosen_index(tokens: list[str], chosen) -> int | None:
    """Position of the chosen token: an int is an index, a string the first equal token."""
    if chosen is None or isinstance(chosen, (int, np.integer)):
        return chosen
    return tokens.index(str(chosen)) if str(chosen) in tokens else None


def value_labels(values: np.ndarray, decimals: int = 2) -> list[str]:
    """Rounded values as strings without negative zeros; "−∞" for masked (non-finite) entries."""
    return [f"{v:.{decimals}f}" if np.isfinite(v) else style.MASK_TEXT for v in np.round(values, decimals) + 0.0]


def topk_bar(
    tokens, probs, *, chosen=None, title: str = "", height: int | None = None, uirevision: str = style.UIREVISION,
    given: str | None = None,
) -> style.Figure:
    """Horizontal probability bars on [0, 1], first token on top, the chosen one in the accent colour; `given` names
    what the probabilities are conditioned on (hover: P(token | given))."""
    labels = [str(t) for t in tokens]
    p = np.asarray(probs, dtype=float)
    pick = chosen_index(labels, chosen)
    cond = f" | {style.label_text(given)}" if given else ""
    colors = [style.ACCENT if i == pick else style.PRIMARY for i in range(len(labels))]
    bar = dict(
        type="bar",
        orientation="h",
        x=p,
        y=list(range(len(labels))),
        marker=dict(color=colors),
        text=value_labels(p),
        textposition="outside",
        textfont=style.font(),
        cliponaxis=False,
        hovertext=[f"P({style.label_text(t)}{cond}) = {v:.4f}" for t, v in zip(labels, p, strict=True)],
        hoverinfo="text",
    )
    n = len(labels)
    layout = style.base_layout(
        title, height or style.auto_height(n, per_row=34, extra=110, lo=220), uirevision=uirevision
    )
    layout.update(
        xaxis=dict(
            title=style.title_dict("probability"),
            range=[0, 1.12],
            tickvals=[0, 0.25, 0.5, 0.75, 1],
            tickfont=style.font(style.TICK_FONT_SIZE),
            gridcolor=style.GRID_COLOR,
            zeroline=False,
            automargin=True,
        ),
        yaxis=style.token_axis("", labels, reverse=True),
        bargap=0.25,
    )
    return style.Figure(data=[bar], layout=layout)


def stat_bars(values, color: str, name: str, axis: str, show_legend: bool) -> dict:
    """One group of per-token bars on the given axis pair ('' or '2')."""
    v = np.asarray(values, dtype=float)
    return dict(
        type="bar",
        x=list(range(len(v))),
        y=v,
        name=name,
        legendgroup=name,
        showlegend=show_legend,
        marker=dict(color=color),
        xaxis="x" + axis,
        yaxis="y" + axis,
        hovertemplate=f"{name}: %{{y:.3f}}<extra></extra>",
    )


def stat_axis(title: str, anchor: str, **extra) -> dict:
    """Value axis of one LayerNorm-statistics panel."""
    return dict(title=style.title_dict(title), anchor=anchor, automargin=True, gridcolor=style.GRID_COLOR,
                tickfont=style.font(style.TICK_FONT_SIZE), zeroline=False, **extra)


def layernorm_stats(
    mean_before,
    var_before,
    mean_after,
    var_after,
    tokens,
    *,
    title: str = "",
    height: int | None = None,
    uirevision: str = style.UIREVISION,
) -> style.Figure:
    """Per-token mean (left) and variance (right) before vs after LayerNorm, with 0 and 1 guides."""
    labels = [str(t) for t in tokens]
    data = [
        stat_bars(mean_before, BEFORE_COLOR, "before LayerNorm", "", True),
        stat_bars(mean_after, AFTER_COLOR, "after LayerNorm", "", True),
        stat_bars(var_before, BEFORE_COLOR, "before LayerNorm", "2", False),
        stat_bars(var_after, AFTER_COLOR, "after LayerNorm", "2", False),
    ]
    layout = style.base_layout(title, height or 400, uirevision=uirevision, showlegend=True)
    layout.update(
        barmode="group",
        xaxis=style.token_axis("token", labels, domain=[0.0, 0.42], anchor="y"),
        xaxis2=style.token_axis("token", labels, domain=[0.58, 1.0], anchor="y2"),
        yaxis=stat_axis("mean", "x"),
        yaxis2=stat_axis("variance", "x2", rangemode="tozero"),
        shapes=[guide(0.0, "y"), guide(1.0, "y2")],
        legend=dict(
            orientation="h", x=0.5, xanchor="center", y=1.0, yanchor="bottom", font=style.font(style.TICK_FONT_SIZE)
        ),
    )
    return style.Figure(data=data, layout=layout)


def guide(y: float, yref: str) -> dict:
    """Dashed horizontal reference line across one panel."""
    xref = "x domain" if yref == "y" else "x2 domain"
    return dict(
        type="line", x0=0, x1=1, y0=y, y1=y, xref=xref, yref=yref, line=dict(color=style.ACCENT, width=2, dash="dash")
    )
