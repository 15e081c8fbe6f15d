"""Grid of small attention heatmaps (e.g. layers x heads) in ONE figure with hand-placed axes."""

from __future__ import annotations

import numpy as np

from viz import style

H_GAP = 0.025
V_GAP_PX = 44
TOP_PX = 40
TITLE_PX = 40
BOTTOM_PX = 90
COLORBAR_PX = 90


def domains(n: int, gap: float) -> list[list[float]]:
    """n equal, non-overlapping [start, end] intervals of [0, 1] separated by `gap`."""
    size = (1.0 - gap * (n - 1)) / n
    return [[i * (size + gap), i * (size + gap) + size] for i in range(n)]


def cell_height(n_tokens: int) -> int:
    """Pixel height of one small heatmap."""
    return max(170, min(300, 60 + 6 * n_tokens))


def axis_id(k: int) -> str:
    """Plotly axis suffix for the k-th subplot (0-based): '', '2', '3', ..."""
    return "" if k == 0 else str(k + 1)


def attention_grid(
    patterns,
    row_labels,
    col_labels,
    *,
    row_names,
    col_names,
    title: str = "",
    masked=None,
    row_title: str = "query",
    col_title: str = "key",
    height: int | None = None,
    uirevision: str = style.UIREVISION,
    cell_names: list[list[str]] | None = None,
) -> style.Figure:
    """R_grid x C_grid attention patterns (R_grid, C_grid, Lq, Lk) sharing one [0,1] colour axis; each cell is
    titled "row name · column name" unless `cell_names` (R_grid x C_grid) names the cells."""
    p = np.asarray(patterns, dtype=float)
    n_r, n_c, n_q, _ = p.shape
    if len(row_names) != n_r or len(col_names) != n_c:
        raise ValueError(f"{len(row_names)}x{len(col_names)} names for a {n_r}x{n_c} grid")
    mask = ~np.isfinite(p)
    if masked is not None:
        mask |= np.broadcast_to(np.asarray(masked, dtype=bool), p.shape)
    z_all = np.where(mask, np.nan, p).astype(np.float32)  # float32 halves the payload per keystroke
    ys, xs = style.unique_labels(row_labels), style.unique_labels(col_labels)
    top = TOP_PX + (TITLE_PX if title else 0)
    total = height or (top + BOTTOM_PX + n_r * (cell_height(n_q) + V_GAP_PX))
    x_doms = domains(n_c, H_GAP)
    y_doms = domains(n_r, V_GAP_PX / max(total - top - BOTTOM_PX, 1))[::-1]
    hover = f"{row_title}: %{{y}}<br>{col_title}: %{{x}}<br>p = %{{z:.3f}}<extra></extra>"
    layout = style.base_layout(
        title,
        total,
        uirevision=uirevision,
        plot_bgcolor=style.MASK_GREY if mask.any() else "white",
        margin=dict(l=10, r=COLORBAR_PX, t=top, b=BOTTOM_PX),
    )
    layout["coloraxis"] = dict(
        cmin=0.0,
        cmax=1.0,
        colorscale=style.PROB_SCALE,
        colorbar=dict(title=style.title_dict("p"), thickness=18, tickfont=style.font(style.TICK_FONT_SIZE)),
    )
    data, notes = [], []
    for r in range(n_r):
        for c in range(n_c):
            sid = axis_id(r * n_c + c)
            name = cell_names[r][c] if cell_names else f"{row_names[r]} · {col_names[c]}"
            data.append(cell_trace(z_all[r, c], xs, ys, sid, name, hover))
            layout["xaxis" + sid] = grid_axis(x_doms[c], "y" + sid, xs, col_title if r == n_r - 1 else None)
            layout["yaxis" + sid] = grid_axis(y_doms[r], "x" + sid, ys, row_title if c == 0 else None, reverse=True)
            notes.append(subplot_title(name, x_doms[c], y_doms[r]))
    layout["annotations"] = notes
    return style.Figure(data=data, layout=layout)


def cell_trace(z: np.ndarray, xs: list[str], ys: list[str], sid: str, name: str, hover: str) -> dict:
    """One small heatmap on axes x{sid}/y{sid}, coloured through the shared colour axis."""
    return dict(
        type="heatmap",
        z=z,
        x=xs,
        y=ys,
        coloraxis="coloraxis",
        xaxis="x" + sid,
        yaxis="y" + sid,
        name=name,
        hovertemplate=f"<b>{name}</b><br>{hover}",
        hoverongaps=False,
    )


def subplot_title(text: str, x_dom, y_dom) -> dict:
    """Annotation centred just above one subplot."""
    return dict(
        text=text,
        x=sum(x_dom) / 2,
        y=y_dom[1],
        xref="paper",
        yref="paper",
        xanchor="center",
        yanchor="bottom",
        showarrow=False,
        font=style.font(style.TICK_FONT_SIZE),
    )


def grid_axis(domain, anchor: str, categories: list[str], title: str | None, *, reverse: bool = False) -> dict:
    """Categorical axis of one small heatmap; tick labels and title only on the outer edge."""
    axis = dict(
        domain=domain,
        anchor=anchor,
        type="category",
        categoryorder="array",
        categoryarray=categories,
        showticklabels=title is not None,
        ticks="",
        tickfont=style.font(style.TICK_FONT_SIZE),
        showgrid=False,
        zeroline=False,
        automargin=True,
    )
    if reverse:
        axis["autorange"] = "reversed"
    if title is not None:
        axis["title"] = dict(text=title, font=style.font())
    return axis


def wrap(n: int, most: int = 8) -> tuple[int, int]:
    """(rows, columns) to lay n maps out in full rows of at most `most` (the largest divisor of n that fits)."""
    cols = max(c for c in range(1, min(n, most) + 1) if n % c == 0)
    return n // cols, cols
