"""Embeddings & positional encoding: token embeddings, the sinusoidal PE, and X = embedding + PE."""
import numpy as np
import streamlit as st

from model.explain import fmt, pe_similarity
from model.positional import relative_shift_matrix, sinusoidal_encoding
from ui import data, shell, state, widgets
from ui.i18n import t, words
from viz.heatmap import matrix_heatmap
from viz.positional import pe_curves, pe_heatmap

shell.require_app()


st.header(t("emb.header"))
st.latex(r"PE_{(pos,\,2i)}=\sin\!\left(\frac{pos}{base^{2i/d_{model}}}\right),\qquad "
         r"PE_{(pos,\,2i+1)}=\cos\!\left(\frac{pos}{base^{2i/d_{model}}}\right)")
st.latex(r"X = \mathrm{Embedding}(token)\cdot\sqrt{d_{model}} + PE")

trace = data.current_trace()
if widgets.need_trace(trace):
    source, d_model = trace.embedding("source"), trace.config.d_model
    tokens = source.tokens
    dims = [f"d{i}" for i in range(d_model)]
    rows = [f"{i}: {tok}" for i, tok in enumerate(tokens)]
    st.subheader(t("emb.this_sentence"))
    st.caption(t("emb.caption_sentence", n=len(tokens), d_model=d_model))
    widgets.figure(matrix_heatmap(source.embed, rows, dims, title=t("emb.fig_embedding"),
                                  row_title=t("axis.token"), col_title=t("axis.dimension"), show_values=False,
                                  col_ticks=16, words=words()), key="emb")
    widgets.figure(pe_heatmap(source.pos_enc, rows, title=t("emb.fig_pe_tokens"), words=words()), key="pe-tokens")
    widgets.figure(matrix_heatmap(source.x, rows, dims, title=t("emb.fig_x"),
                                  row_title=t("axis.token"), col_title=t("axis.dimension"), show_values=False,
                                  col_ticks=16, words=words()), key="x")

st.subheader(t("emb.explore"))
c1, c2, c3 = st.columns(3)
with c1:
    d = state.bound(st.slider, "d_model", "pe_d", min_value=4, max_value=256, step=2)
with c2:
    base = state.bound(st.select_slider, t("emb.base"), "pe_base", options=[10.0, 100.0, 1000.0, 10000.0, 100000.0])
with c3:
    length = state.bound(st.slider, t("emb.length"), "pe_len", min_value=2, max_value=128)
pe = sinusoidal_encoding(length, d, base)
widgets.figure(pe_heatmap(pe, list(range(length)), col_labels=[f"d{i}" for i in range(d)],
                          title=t("emb.fig_pe_full", length=length, d=d, base=f"{base:g}"),
                          words=words()), key="pe-full")
chosen = st.multiselect(t("emb.dims_to_plot"), list(range(d)), default=[i for i in (0, 1, 4, 5) if i < d])
if chosen:
    st.altair_chart(pe_curves(pe, chosen, title=t("emb.fig_curves"), words=words()), width="stretch")
st.caption(t("emb.caption_clock"))
sim = pe_similarity(pe)
widgets.figure(matrix_heatmap(sim, list(range(length)), list(range(length)), kind="raw",
                              title=t("emb.fig_similarity"), row_title=t("axis.position"),
                              col_title=t("axis.position"), hover_formula="PE[{row}]·PE[{col}]", show_values=False,
                              col_ticks=32, row_ticks=32, words=words()),
               key="pe-dot")

st.subheader(t("emb.relative"))
c1, c2, c3 = st.columns(3)
with c1:
    pos = st.number_input(t("emb.pos"), 0, max(0, length - 2), 1)
with c2:
    k = st.number_input(t("emb.shift"), 1, max(1, length - 1 - pos), 1)
with c3:
    i = st.number_input(t("emb.freq_pair"), 0, d // 2 - 1, 0)
M = relative_shift_matrix(k, d, i, base)
here = pe[pos, 2 * i : 2 * i + 2]
there = sinusoidal_encoding(pos + k + 1, d, base)[pos + k, 2 * i : 2 * i + 2]
st.latex(r"\begin{bmatrix}PE_{pos+k,2i}\\PE_{pos+k,2i+1}\end{bmatrix}="
         r"\begin{bmatrix}\cos k\omega_i & \sin k\omega_i\\-\sin k\omega_i & \cos k\omega_i\end{bmatrix}"
         r"\begin{bmatrix}PE_{pos,2i}\\PE_{pos,2i+1}\end{bmatrix}")
st.latex(rf"\begin{{bmatrix}}{fmt(there[0], 4)}\\{fmt(there[1], 4)}\end{{bmatrix}}="
         rf"\begin{{bmatrix}}{fmt(M[0, 0], 4)} & {fmt(M[0, 1], 4)}\\{fmt(M[1, 0], 4)} & {fmt(M[1, 1], 4)}"
         rf"\end{{bmatrix}}\begin{{bmatrix}}{fmt(here[0], 4)}\\{fmt(here[1], 4)}\end{{bmatrix}}"
         + (r"\;\checkmark" if np.allclose(M @ here, there) else r"\;\times"))
st.caption(t("emb.caption_shift"))
