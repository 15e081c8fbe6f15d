"""Embeddings & positional encoding: token embeddings, the sinusoidal PE, and X = embedding + PE."""
import numpy as np
import streamlit as st

from model.explain import fmt, pe_similarity
from model.positional import relative_shift_matrix, sinusoidal_encoding
from ui import data, shell, state, widgets
from viz.heatmap import matrix_heatmap
from viz.positional import pe_curves, pe_heatmap

shell.require_app()

st.header("Embeddings & positional encoding")
st.latex(r"PE_{(pos,\,2i)}=\sin\!\left(\frac{pos}{base^{2i/d_{model}}}\right),\qquad "
         r"PE_{(pos,\,2i+1)}=\cos\!\left(\frac{pos}{base^{2i/d_{model}}}\right)")
st.latex(r"X = \mathrm{Embedding}(token)\cdot\sqrt{d_{model}} + PE")

trace = data.current_trace()
if widgets.need_trace(trace):
    tokens, d_model = trace.src.tokens, trace.config["d_model"]
    dims = [f"d{i}" for i in range(d_model)]
    rows = [f"{i}: {t}" for i, t in enumerate(tokens)]
    st.subheader("This sentence")
    st.caption(f"{len(tokens)} tokens × d_model = {d_model}. Attention itself ignores order, so the position "
               "is added to each token's vector.")
    widgets.figure(matrix_heatmap(trace["hook_src_embed"], rows, dims, title="Token embedding × √d_model",
                                  row_title="token", col_title="dimension", show_values=False, col_ticks=16), key="emb")
    widgets.figure(pe_heatmap(trace["hook_pos_enc"], rows, title="Positional encoding PE (these positions)"),
                   key="pe-tokens")
    widgets.figure(matrix_heatmap(trace["hook_src_input"], rows, dims, title="X = embedding + PE (encoder input)",
                                  row_title="token", col_title="dimension", show_values=False, col_ticks=16), key="x")

st.subheader("Explore the encoding")
c1, c2, c3 = st.columns(3)
with c1:
    d = state.bound(st.slider, "d_model", "pe_d", min_value=4, max_value=256, step=2)
with c2:
    base = state.bound(st.select_slider, "base", "pe_base", options=[10.0, 100.0, 1000.0, 10000.0, 100000.0])
with c3:
    length = state.bound(st.slider, "positions (length)", "pe_len", min_value=2, max_value=128)
pe = sinusoidal_encoding(length, d, base)
widgets.figure(pe_heatmap(pe, list(range(length)), col_labels=[f"d{i}" for i in range(d)],
                          title=f"PE for {length} positions × {d} dimensions (base {base:g})"), key="pe-full")
chosen = st.multiselect("Dimensions to plot", list(range(d)), default=[i for i in (0, 1, 4, 5) if i < d])
if chosen:
    st.altair_chart(pe_curves(pe, chosen, title="PE[pos, d] along the positions"), width="stretch")
st.caption("Low dimensions oscillate fast, high dimensions slowly: together they give every position a unique "
           "pattern, like the hands of a clock.")
sim = pe_similarity(pe)
widgets.figure(matrix_heatmap(sim, list(range(length)), list(range(length)), kind="raw",
                              title="PE[pos] · PE[pos′]: similarity depends on the distance", row_title="position",
                              col_title="position", hover_formula="PE[{row}]·PE[{col}]", show_values=False,
                              col_ticks=32, row_ticks=32),
               key="pe-dot")

st.subheader("Relative positions are a fixed linear map (seed 004)")
c1, c2, c3 = st.columns(3)
with c1:
    pos = st.number_input("pos", 0, max(0, length - 2), 1)
with c2:
    k = st.number_input("k (shift)", 1, max(1, length - 1 - pos), 1)
with c3:
    i = st.number_input("frequency pair i", 0, d // 2 - 1, 0)
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
st.caption("M depends only on the shift k, never on pos: the model can read off relative distances.")
