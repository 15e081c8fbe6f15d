"""Multi-head & layers: every head of every layer, a BertViz-style head view, and split → concat → W_O."""
import numpy as np
import streamlit as st

from model.explain import projection_weights
from ui import controls, data, shell, widgets
from viz.grid import attention_grid
from viz.headview import head_view
from viz.heatmap import matrix_heatmap

shell.require_app()

st.header("Multi-head attention & layers")
st.latex(r"\mathrm{MultiHead}(X)=\mathrm{Concat}(\mathrm{head}_1,\dots,\mathrm{head}_h)\,W^O,\quad "
         r"\mathrm{head}_i=\mathrm{Attention}(XW_i^Q,\;XW_i^K,\;XW_i^V)")

trace = data.current_trace()
if widgets.need_trace(trace):
    side, layer, head = controls.pick_block(trace)
    N, h, d_model = trace.config["N"], trace.config["h"], trace.config["d_model"]
    d_k = d_model // h
    rows, cols = trace.attn_tokens(side)
    prefix = trace.attn_prefix(side, layer)
    patterns = np.stack([trace[f"{trace.attn_prefix(side, i)}.hook_pattern"] for i in range(N)])
    widgets.figure(attention_grid(patterns, rows, cols, row_names=[f"layer {i}" for i in range(N)],
                                  col_names=[f"head {j}" for j in range(h)],
                                  title=f"{controls.SIDES[side]}: all layers × heads"), key=f"mh-grid-{side}")
    c1, c2 = st.columns([2, 3])
    with c1:
        widgets.figure(head_view(trace[f"{prefix}.hook_pattern"][head], rows, cols,
                                 title=f"Head view · layer {layer} · head {head}"), key=f"hv-{side}-{layer}-{head}")
    with c2:
        st.markdown("**How to read it.** Each line joins a query token (left) to a key token (right); the "
                    "thicker and darker the line, the more that query attends to that key. Different heads learn "
                    "different patterns — one may look at the previous word, another at the word being translated.")
        avg = trace[f"{prefix}.hook_pattern"].mean(0)
        widgets.figure(matrix_heatmap(avg, rows, cols, kind="prob", title=f"Average over the {h} heads (layer {layer})",
                                      hover_formula="mean over heads ({row}, {col})"), key=f"avg-{side}-{layer}")

    st.subheader("Split into heads → concat → W_O")
    st.caption(f"Each head works in its own d_k = {d_model} / {h} = {d_k} dimensions. Their outputs Z₁…Z_{h} are "
               f"laid side by side (concat, {len(rows)} × {d_model}) and mixed by W_O back into d_model.")
    concat_cols = [f"h{i // d_k}·{i % d_k}" for i in range(d_model)]
    widgets.figure(matrix_heatmap(trace[f"{prefix}.hook_concat"], rows, concat_cols,
                                  title="Concat(Z₁ … Z_h): columns grouped by head", row_title="query token",
                                  col_title="head · dimension", show_values=False, col_ticks=16),
                   key=f"concat-{side}-{layer}")
    c1, c2 = st.columns(2)
    with c1:
        W = projection_weights(data.bundle(trace.model).model, side, layer)
        widgets.figure(matrix_heatmap(W["W_O"], concat_cols, [f"d{i}" for i in range(d_model)], title="W_O",
                                      row_title="concat dimension", col_title="output dimension",
                                      show_values=False, col_ticks=16, row_ticks=16, height=520),
                       key=f"wo-{side}-{layer}")
    with c2:
        widgets.figure(matrix_heatmap(trace[f"{prefix}.hook_out"], rows, [f"d{i}" for i in range(d_model)],
                                      title="Output = Concat · W_O + b", row_title="query token",
                                      col_title="dimension", show_values=False, col_ticks=16),
                       key=f"out-{side}-{layer}")
