"""BertViz-style head view: queries on the left, keys on the right, one line per attended pair."""

from __future__ import annotations

import numpy as np

from viz import style

N_BUCKETS = 5
LINE_COLOR = style.PRIMARY
QUERY_X, KEY_X = 0.0, 1.0


def bucket_of(weights: np.ndarray) -> np.ndarray:
    """Bucket 0..N_BUCKETS-1 of each weight in [0, 1] (equal-width bins; 1.0 in the top bin)."""
    return np.minimum((weights * N_BUCKETS).astype(int), N_BUCKETS - 1)


def bucket_style(b: int) -> tuple[float, float]:
    """(line width px, opacity) of bucket b; both grow with the weight."""
    level = (b + 1) / N_BUCKETS
    return 1.0 + 7.0 * level, 0.15 + 0.85 * level


def bucket_trace(qi: np.ndarray, kj: np.ndarray, b: int) -> dict:
    """All lines of one bucket as a single scatter trace separated by None."""
    n = len(qi)
    xs = np.tile(np.array([QUERY_X, KEY_X, None], dtype=object), n)
    ys = np.empty(3 * n, dtype=object)
    ys[0::3], ys[1::3], ys[2::3] = qi, kj, None
    width, opacity = bucket_style(b)
    lo, hi = b / N_BUCKETS, (b + 1) / N_BUCKETS
    return dict(
        type="scatter",
        mode="lines",
        x=xs,
        y=ys,
        hoverinfo="skip",
        opacity=opacity,
        line=dict(color=LINE_COLOR, width=width),
        name=f"{lo:.1f}–{hi:.1f}",
        legendgroup=f"w{b}",
    )


def token_column(tokens, x: float, side: str, role: str) -> dict:
    """A column of token labels (text markers) at position x."""
    labels = [style.label_text(t) for t in tokens]
    return dict(
        type="scatter",
        mode="markers+text",
        x=[x] * len(labels),
        y=list(range(len(labels))),
        text=labels,
        textposition=f"middle {side}",
        textfont=style.font(),
        marker=dict(size=9, color=style.TEXT_COLOR),
        showlegend=False,
        hovertext=[f"{role} {i}: {t}" for i, t in enumerate(labels)],
        hoverinfo="text",
    )


def head_view(
    pattern,
    query_tokens,
    key_tokens,
    *,
    title: str = "",
    min_weight: float = 0.02,
    height: int | None = None,
    uirevision: str = style.UIREVISION,
) -> style.Figure:
    """Lines from each query (left) to each key (right); width/opacity bucketed by attention weight."""
    w = np.nan_to_num(np.asarray(pattern, dtype=float), nan=0.0, posinf=0.0, neginf=0.0)
    n_q, n_k = w.shape
    if len(query_tokens) != n_q or len(key_tokens) != n_k:
        raise ValueError(f"{len(query_tokens)} queries x {len(key_tokens)} keys for pattern {w.shape}")
    qi, kj = np.nonzero((w >= min_weight) & (w > 0))
    buckets = bucket_of(w[qi, kj])
    lines = [bucket_trace(qi[buckets == b], kj[buckets == b], b) for b in range(N_BUCKETS) if np.any(buckets == b)]
    data = lines + [
        token_column(query_tokens, QUERY_X, "left", "query"),
        token_column(key_tokens, KEY_X, "right", "key"),
    ]
    n = max(n_q, n_k)
    layout = style.base_layout(
        title,
        height or style.auto_height(n, per_row=26, extra=120, hi=1800),
        uirevision=uirevision,
        showlegend=bool(lines),
    )
    hidden = dict(visible=False, fixedrange=True)
    layout.update(
        xaxis=dict(hidden, range=[-0.55, 1.55]),
        yaxis=dict(hidden, range=[n - 0.5, -1.2]),
        legend=dict(
            title=style.title_dict("weight"),
            orientation="h",
            y=-0.02,
            yanchor="top",
            x=0.5,
            xanchor="center",
            font=style.font(style.TICK_FONT_SIZE),
        ),
        annotations=[
            dict(
                text="<b>query</b>",
                x=QUERY_X,
                y=-1,
                xref="x",
                yref="y",
                showarrow=False,
                xanchor="right",
                font=style.font(),
            ),
            dict(
                text="<b>key</b>", x=KEY_X, y=-1, xref="x", yref="y", showarrow=False, xanchor="left", font=style.font()
            ),
        ],
    )
    return style.Figure(data=data, layout=layout)
