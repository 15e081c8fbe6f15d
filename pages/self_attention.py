"""Self-attention, step by step: X → Q, K, V → QKᵀ → ÷√d_k → + mask → softmax → × V, and one query in detail."""
import numpy as np
import streamlit as st

from model import lessons
from model.explain import query_walkthrough
from ui import controls, data, notes, shell, state, widgets
from ui.i18n import t, words
from viz.heatmap import matrix_heatmap
from viz.lines import grouped_bars, line_chart

D_KS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)

shell.require_app()

def softmax(x: np.ndarray) -> np.ndarray:
    """Softmax of one row (float64)."""
    e = np.exp(x - x.max())
    return e / e.sum()


def variance_section(trace, side: str, layer: int, head: int, qi: int, query: str) -> None:
    """The paper's reason for ÷√d_k, measured on random vectors, and one row of this sentence with and without it."""
    raw, scaled = lessons.dot_variance(D_KS)
    attn = trace.attn(side, layer)
    keep = attn.mask[qi]
    scores = attn.scores[head][qi].astype(np.float64)
    d_k = trace.config.d_k
    plain_w = softmax(np.where(keep, scores, -np.inf))
    scaled_w = softmax(np.where(keep, scores / np.sqrt(d_k), -np.inf))
    widgets.section(t("var.header"), t("var.caption", n=4000) + "  \n" + t(
        "var.caption_row", d_k=d_k, raw=f"{plain_w.max():.3f}", scaled=f"{scaled_w.max():.3f}"))
    widgets.figures([line_chart(D_KS, {t("var.raw"): raw, t("var.scaled"): scaled}, title=t("var.fig"),
                                x_title=t("var.x"), y_title=t("var.y"), log_x=True, log_y=True),
                     grouped_bars(attn.keys, {t("var.without"): plain_w, t("var.with"): scaled_w},
                                  title=t("var.fig_row", query=query, block=controls.side_label(side),
                                          layer=layer, head=head),
                                  y_title=t("viz.weight"), y_range=(0, 1.15))],
                    key="var", names=["var-dk", "var-row"])


def walk_table(cols: list[str], walk) -> str:
    """The worked query as a markdown table: key, q·k, scaled, softmax (tokens escaped, never markup)."""
    head = f"| {t('sa.col_key')} | q·k | {t('sa.col_scaled')} | softmax |\n|---|---:|---:|---:|\n"
    return head + "\n".join(f"| {widgets.plain(c)} | {d:.3f} | {s:.3f} | {w:.3f} |"
                             for c, d, s, w in zip(cols, walk.dots, walk.scaled, walk.weights))


st.header(t("sa.header"))
st.latex(r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}+M\right)V")

trace = data.current_trace()
if widgets.need_trace(trace):
    side, layer, head = controls.pick_block(trace)
    if data.is_pretrained():  # a pretrained model runs as trained
        st.caption(t("hf.toggles_fixed") + " " + t("hf.check", diff=f"{trace.check:.1e}"))
        scale, temp = True, 1.0
    else:
        with st.container(horizontal=True, vertical_alignment="center", gap="large"):
            scale = state.bound(st.toggle, t("sa.scale"), "scale")
            temp = state.bound(st.slider, t("sa.temp"), "attn_temperature", min_value=0.1, max_value=5.0, step=0.1,
                               width=400)
        trace = data.current_trace()
    d_k = trace.config.d_k
    attn = trace.attn(side, layer)
    rows, cols = attn.queries, attn.keys
    x_q = attn.x_q
    dims = [f"d{i}" for i in range(d_k)]
    tag = f"{side}-L{layer}-h{head}"

    widgets.section(t("sa.step1"), t("sa.caption_x", rows=len(rows), d_model=trace.config.d_model, head=head, d_k=d_k)
                    + (t("sa.cross_note") if side == "cross" else ""))
    if side == "cross":
        widgets.cross_note(trace)
    widgets.figures([matrix_heatmap(x_q, rows, [f"x{i}" for i in range(x_q.shape[1])], title=t("sa.fig_x"),
                                    row_title=t("axis.token"), col_title=t("axis.feature"), show_values=False,
                                    col_ticks=16, height=300, words=words())], key=f"x-{tag}")
    widgets.figures([matrix_heatmap(getattr(attn, name)[head], toks, dims,
                                    title=t("sa.fig_qkv", name=name.upper(), head=head), row_title=t("axis.token"),
                                    col_title=t("axis.dimension"), show_values=False, col_ticks=8, words=words())
                     for name, toks in (("q", rows), ("k", cols), ("v", cols))],
                    key=f"qkv-{tag}", names=[f"{name}-{tag}" for name in "qkv"])

    axes = dict(row_title=t("axis.query_row"), col_title=t("axis.key_col"), words=words())
    divisor = ("√d_k" if scale else "1") + (f" · T={temp:g}" if temp != 1 else "")
    keep = attn.mask
    widgets.section(t("sa.step2"))
    widgets.figures([matrix_heatmap(attn.scores[head], rows, cols, title=t("sa.fig_raw"),
                                    hover_formula="q({row})·k({col})", **axes),
                     matrix_heatmap(attn.scaled[head], rows, cols, title=f"QKᵀ ÷ {divisor}",
                                    hover_formula=f"q({{row}})·k({{col}}) ÷ {divisor}", **axes)],
                    key=f"scores-{tag}", names=[f"scores-{tag}", f"scaled-{tag}"])
    widgets.section(t("sa.step3"), t("sa.caption_masked_causal" if side == "decoder" else "sa.caption_masked_none",
                                     masked=int((~keep).sum()), total=keep.size))
    widgets.figures([matrix_heatmap(attn.masked_scores[head], rows, cols, title=t("sa.fig_masked"),
                                    hover_formula=t("sa.hover_masked"), **axes),
                     matrix_heatmap(attn.pattern[head], rows, cols, kind="prob", masked=~keep,
                                    title=t("sa.fig_softmax"), hover_formula=t("sa.hover_softmax"), **axes)],
                    key=f"masked-{tag}", names=[f"masked-{tag}", f"pattern-{tag}"])
    widgets.figures([matrix_heatmap(attn.z[head], rows, dims, title=t("sa.fig_z", head=head),
                                    row_title=t("axis.query_token"), col_title=t("axis.dimension"),
                                    show_values=False, col_ticks=16, words=words())], key=f"z-{tag}")

    widgets.section(t("sa.step4"), t("sa.caption_step4", title=notes.NOTE_TITLES[4]))
    qi = controls.pick_query(rows)
    walk = query_walkthrough(attn.q[head][qi], attn.k[head], attn.v[head], keep[qi], scale, temp)
    weighted = list(walk.weighted_v) + [walk.output]
    c1, c2 = st.columns([2, 3])
    c1.markdown(walk_table(cols, walk))
    with c2:
        widgets.figures([matrix_heatmap(walk.products, cols, dims, title=t("sa.fig_products", query=rows[qi]),
                                        row_title=t("axis.key_token"), col_title=t("axis.dimension"),
                                        show_values=False, col_ticks=16, words=words()),
                         matrix_heatmap(weighted, list(cols) + ["Σ = z"], dims, row_title=t("sa.row_weighted"),
                                        col_title=t("axis.dimension"), title=t("sa.fig_weighted", query=rows[qi]),
                                        show_values=False, col_ticks=16, words=words())],
                        key=f"walk-{tag}", names=[f"prod-{tag}", f"wv-{tag}"], columns=1)
    variance_section(trace, side, layer, head, qi, rows[qi])

if not data.is_pretrained():
    notes.panels_for("self_attention", data.bundle(state.get("model")), trace)
