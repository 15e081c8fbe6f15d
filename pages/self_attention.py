"""Self-attention, step by step: X → Q, K, V → QKᵀ → ÷√d_k → + mask → softmax → × V, and one query in detail."""
import streamlit as st

from model import lessons
from ui import bind, controls, data, notes, shell, widgets
from ui.i18n import t
from ui.payload import answer
from ui.views.self_attention import elements, focus

shell.require_app()


def walk_table(cols: list[str], walk) -> str:
    """The worked query as a markdown table: key, q·k, scaled, softmax (tokens escaped, never markup)."""
    head = (f"| {t('sa.col_key')} | {t('sa.col_dot')} | {t('sa.col_scaled')} | {t('sa.col_weight')} |\n"
            "|---|---:|---:|---:|\n")
    return head + "\n".join(f"| {widgets.plain(c)} | {d:.3f} | {s:.3f} | {w:.3f} |"
                            for c, d, s, w in zip(cols, walk.scores, walk.masked_scores, walk.pattern))


st.header(t("sa.header"))
st.latex(r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}+M\right)V")

view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    view = controls.pick_block(trace, view)
    if view.pretrained:  # a pretrained model runs as trained
        st.caption(t("hf.toggles_fixed") + " " + t("hf.check", diff=f"{trace.check:.1e}"))
    else:
        with st.container(horizontal=True, vertical_alignment="center", gap="large"):
            view = bind.picked(view, st.toggle, t("sa.scale"), "scale")
            view = bind.picked(view, st.slider, t("sa.temp"), "attn_temperature", width=400)
        trace = data.view_trace(view)
    at = focus(trace, view)
    charts = answer(elements, trace, view)
    attn = trace.attn(at.block, at.layer)
    rows, cols, keep = attn.queries, attn.keys, attn.mask

    widgets.section(t("sa.step1"), t("sa.caption_x", rows=len(rows), d_model=trace.config.d_model, head=at.head,
                                     d_k=trace.config.d_k) + (t("sa.cross_note") if at.block == "cross" else ""))
    if at.block == "cross":
        widgets.cross_note(trace, view)
    widgets.show(charts["x"])
    widgets.show(charts["qkv"])
    widgets.section(t("sa.step2"))
    widgets.show(charts["scores"])
    widgets.section(t("sa.step3"), t("sa.caption_masked_causal" if at.block == "decoder" else "sa.caption_masked_none",
                                     masked=int((~keep).sum()), total=keep.size))
    widgets.show(charts["masked"], main=True)
    widgets.show(charts["z"])

    widgets.section(t("sa.step4"), t("sa.caption_step4", title=notes.NOTE_TITLES[4]))
    controls.pick_query(rows, view)  # the charts' view holds the pick already (focus keeps it inside the sentence)
    c1, c2 = st.columns([2, 3])
    c1.markdown(walk_table(cols, at.walk))
    with c2:
        widgets.show(charts["walk"])
    plain_j, scaled_j = lessons.softmax_gradient_norms(attn.scores[at.head][at.query], keep[at.query],
                                                      trace.config.d_k)
    widgets.section(t("var.header"), t("var.caption", n=4000) + "  \n" + t(
        "var.caption_row", d_k=trace.config.d_k, raw=f"{at.plain_w.max():.3f}", scaled=f"{at.scaled_w.max():.3f}")
        + "  \n" + t("var.jacobian", plain=f"{plain_j:.4f}", scaled=f"{scaled_j:.4f}",
                     ratio=t("var.ratio", r=f"{scaled_j / plain_j:.1f}" if plain_j > 0 else "∞")))
    widgets.show(charts["variance"])

if not view.pretrained:
    notes.section("self_attention", data.bundle(view.model), trace)
