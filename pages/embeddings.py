"""Embeddings & positional encoding: token embeddings, the sinusoidal PE, and X = embedding + PE."""
import numpy as np
import pandas as pd
import streamlit as st

from model import lessons
from model.explain import fmt
from model.positional import relative_shift_matrix, sinusoidal_encoding
from ui import bind, data, notes, shell, widgets
from ui.i18n import t
from ui.payload import PRESENTER_ZOOM, answer
from ui.views.embeddings import elements, explorer
from viz.positional import pe_curves

shell.require_app()


def norms_section(trace) -> None:
    """‖embedding × √d_model‖ per token next to ‖PE‖ per position: why the embedding is scaled."""
    source = trace.embedding("source")
    emb = np.linalg.norm(source.embed.astype(np.float64), axis=-1)
    pe = np.linalg.norm(source.pos_enc.astype(np.float64), axis=-1)
    widgets.section(t("pe.norms"), t("pe.caption_norms", emb_lo=f"{emb.min():.1f}", emb_hi=f"{emb.max():.1f}",
                                     pe=f"{pe[0]:.2f}"))
    st.dataframe(pd.DataFrame({t("pe.col_position"): range(len(emb)), t("axis.token"): trace.src.tokens,
                               t("pe.col_emb_norm"): emb.round(2), t("pe.col_pe_norm"): pe.round(2)}),
                 hide_index=True)


def alternatives_section(trace) -> None:
    """The notes' simpler position codes (integer index, pos/len) with this sentence's numbers, and why they fail."""
    tokens, d_model, max_len = trace.src.tokens, trace.config.d_model, trace.config.max_len
    codes = lessons.index_codes(len(tokens), d_model)
    emb = np.linalg.norm(trace.embedding("source").embed.astype(np.float64), axis=-1)
    far = max_len - 1
    st.subheader(t("pe.alternatives"))
    st.dataframe(pd.DataFrame({t("pe.col_position"): range(len(tokens)), t("axis.token"): tokens,
                               t("pe.col_index_norm"): codes["index_norm"].round(1),
                               t("pe.col_emb_norm"): emb.round(2), t("pe.col_frac"): codes["frac"].round(3),
                               t("pe.col_frac_double"): codes["frac_double"].round(3)}), hide_index=True)
    last = len(tokens) - 1
    st.caption(t("pe.caption_alternatives", far=far, far_norm=f"{far * np.sqrt(d_model):.0f}",
                 emb=f"{emb.mean():.1f}", p=last, a=f"{codes['frac'][last]:.3f}",
                 b=f"{codes['frac_double'][last]:.3f}"))
    st.subheader(t("pe.concat"))
    diff = lessons.concat_vs_add(trace.embedding("source").embed)["max_diff"]
    st.latex(r"[x_i\;p_i]\begin{bmatrix}W^I\\W^P\end{bmatrix}=x_iW^I+p_iW^P")
    st.caption(t("pe.caption_concat", title=notes.NOTE_TITLES[4], diff=f"{diff:.1e}"))
    positions = [0, 10, max_len, 1000]
    sim = lessons.pe_shift_similarity(positions, 1, d_model)
    widgets.section(t("pe.extrapolate"), t("pe.caption_extrapolate", sim=f"{sim[0]:.3f}",
                                           positions=", ".join(map(str, positions)), max_len=max_len))


st.header(t("emb.header"))
st.latex(r"PE_{(pos,\,2i)}=\sin\!\left(\frac{pos}{base^{2i/d_{model}}}\right),\qquad "
         r"PE_{(pos,\,2i+1)}=\cos\!\left(\frac{pos}{base^{2i/d_{model}}}\right)")
st.latex(r"X = \mathrm{Embedding}(token)\cdot\sqrt{d_{model}} + PE")

view = shell.page_view()
trace = data.view_trace(view)
charts = answer(elements, trace, view)  # the keystroke route sends the same charts
if widgets.need_trace(trace, view):
    widgets.section(t("emb.this_sentence"), t("emb.caption_sentence", n=len(trace.src.tokens),
                                               d_model=trace.config.d_model))
    widgets.show(charts["sentence"], main=True)
    norms_section(trace)

st.subheader(t("emb.explore"))
with st.container(horizontal=True, gap="large"):  # one block, not a column each
    bind.bound(st.slider, "d_model", "pe_d_model")
    bind.bound(st.select_slider, t("emb.base"), "pe_base")
    bind.bound(st.slider, t("emb.length"), "pe_length")
e = explorer(view)
widgets.show(charts["pe"])
chosen = st.multiselect(t("emb.dims_to_plot"), list(range(e.d)), default=[i for i in (0, 1, 4, 5) if i < e.d])
if chosen:
    zoom = PRESENTER_ZOOM if view.presenter else 1.0
    st.altair_chart(pe_curves(e.pe, chosen, title=t("emb.fig_curves"), words=view.words(), zoom=zoom), width="stretch")
st.caption(t("emb.caption_clock"))
widgets.show(charts["similarity"])

st.subheader(t("emb.relative"))
with st.container(horizontal=True, gap="large"):
    last = max(0, e.length - 2)  # pos + k must stay inside the length (2 at the least)
    pos = st.number_input(t("emb.pos"), 0, last, min(1, last))
    k = st.number_input(t("emb.shift"), 1, max(1, e.length - 1 - pos), 1)
    i = st.number_input(t("emb.freq_pair"), 0, e.d // 2 - 1, 0)
M = relative_shift_matrix(k, e.d, i, e.base)
here = e.pe[pos, 2 * i : 2 * i + 2]
there = sinusoidal_encoding(pos + k + 1, e.d, e.base)[pos + k, 2 * i : 2 * i + 2]
st.latex(r"\begin{bmatrix}PE_{pos+k,2i}\\PE_{pos+k,2i+1}\end{bmatrix}="
         r"\begin{bmatrix}\cos k\omega_i & \sin k\omega_i\\-\sin k\omega_i & \cos k\omega_i\end{bmatrix}"
         r"\begin{bmatrix}PE_{pos,2i}\\PE_{pos,2i+1}\end{bmatrix}")
st.latex(rf"\begin{{bmatrix}}{fmt(there[0], 4)}\\{fmt(there[1], 4)}\end{{bmatrix}}="
         rf"\begin{{bmatrix}}{fmt(M[0, 0], 4)} & {fmt(M[0, 1], 4)}\\{fmt(M[1, 0], 4)} & {fmt(M[1, 1], 4)}"
         rf"\end{{bmatrix}}\begin{{bmatrix}}{fmt(here[0], 4)}\\{fmt(here[1], 4)}\end{{bmatrix}}"
         + (r"\;\checkmark" if np.allclose(M @ here, there) else r"\;\times"))
st.caption(t("emb.caption_shift", title=notes.NOTE_TITLES[4]))

if trace is not None:
    alternatives_section(trace)
notes.section("embeddings", data.bundle(view.model), trace, charts)
