"""Self-attention, step by step: X → Q, K, V → QKᵀ → ÷√d_k → + mask → softmax → × V, and one query in detail."""
import pandas as pd
import streamlit as st

from model.explain import query_walkthrough
from ui import controls, data, shell, state, widgets
from viz.heatmap import matrix_heatmap

shell.require_app()

st.header("Self-attention, step by step")
st.latex(r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}+M\right)V")

trace = data.current_trace()
if widgets.need_trace(trace):
    side, layer, head = controls.pick_block(trace)
    c1, c2 = st.columns(2)
    with c1:
        scale = state.bound(st.toggle, "Divide by √d_k (scaling)", "scale")
    with c2:
        temp = state.bound(st.slider, "Attention temperature T (scores ÷ T)", "temp", min_value=0.1,
                           max_value=5.0, step=0.1)
    trace = data.current_trace()
    d_k = trace.config["d_model"] // trace.config["h"]
    prefix = trace.attn_prefix(side, layer)
    rows, cols = trace.attn_tokens(side)
    x_q, x_kv = trace.attn_input(side, layer)
    dims = [f"d{i}" for i in range(d_k)]
    tag = f"{side}-L{layer}-h{head}"

    st.subheader("1 · Input X and its projections Q = X·W_Q, K = X·W_K, V = X·W_V")
    cross_note = " In cross-attention Q comes from the decoder, K and V from the encoder memory."
    st.caption(f"Rows are tokens. X is {len(rows)} × {trace.config['d_model']} (d_model); head {head} keeps "
               f"d_k = {d_k} columns of each projection." + (cross_note if side == "cross" else ""))
    widgets.figure(matrix_heatmap(x_q, rows, [f"x{i}" for i in range(x_q.shape[1])], title="X (query side)",
                                  row_title="token", col_title="feature", show_values=False, col_ticks=16, height=300),
                   key=f"x-{tag}")
    cq, ck, cv = st.columns(3)
    for col, name, toks in ((cq, "q", rows), (ck, "k", cols), (cv, "v", cols)):
        with col:
            widgets.figure(matrix_heatmap(trace[f"{prefix}.hook_{name}"][head], toks, dims,
                                          title=f"{name.upper()} (head {head})", row_title="token",
                                          col_title="dimension", show_values=False, col_ticks=8), key=f"{name}-{tag}")

    st.subheader("2 · Scores: QKᵀ, then ÷√d_k")
    c1, c2 = st.columns(2)
    with c1:
        widgets.figure(matrix_heatmap(trace[f"{prefix}.hook_scores"][head], rows, cols, title="QKᵀ (raw scores)",
                                      hover_formula="q({row})·k({col})"), key=f"scores-{tag}")
    with c2:
        divisor = ("√d_k" if scale else "1") + (f" · T={temp:g}" if temp != 1 else "")
        widgets.figure(matrix_heatmap(trace[f"{prefix}.hook_scaled"][head], rows, cols,
                                      title=f"QKᵀ ÷ {divisor}", hover_formula=f"q({{row}})·k({{col}}) ÷ {divisor}"),
                       key=f"scaled-{tag}")

    st.subheader("3 · + mask, softmax, × V")
    keep = trace[f"{prefix}.hook_mask"]
    st.caption(f"{int((~keep).sum())} of {keep.size} cells masked (grey, −∞): "
               + ("the causal mask hides later tokens." if side == "decoder" else "nothing to hide for one "
                  "unpadded sentence; see the Masks page for padding."))
    c1, c2 = st.columns(2)
    with c1:
        widgets.figure(matrix_heatmap(trace[f"{prefix}.hook_masked_scores"][head], rows, cols,
                                      title="Masked scores", hover_formula="score({row}, {col}) + mask"),
                       key=f"masked-{tag}")
    with c2:
        widgets.figure(matrix_heatmap(trace[f"{prefix}.hook_pattern"][head], rows, cols, kind="prob", masked=~keep,
                                      title="softmax → attention weights (rows sum to 1)",
                                      hover_formula="softmax row {row}, key {col}"), key=f"pattern-{tag}")
    widgets.figure(matrix_heatmap(trace[f"{prefix}.hook_z"][head], rows, dims, title=f"Z = weights × V (head {head})",
                                  row_title="query token", col_title="dimension", show_values=False, col_ticks=16),
                   key=f"z-{tag}")

    st.subheader("4 · One query, by hand (as in seed 004)")
    qi = controls.pick_query(rows)
    walk = query_walkthrough(trace[f"{prefix}.hook_q"][head][qi], trace[f"{prefix}.hook_k"][head],
                             trace[f"{prefix}.hook_v"][head], keep[qi], scale, temp)
    table = pd.DataFrame({"key": cols, "q·k": walk.dots, "scaled (+mask)": walk.scaled, "softmax": walk.weights})
    c1, c2 = st.columns([2, 3])
    with c1:
        st.dataframe(table, hide_index=True, width="stretch",
                     column_config={"softmax": st.column_config.ProgressColumn(min_value=0.0, max_value=1.0,
                                                                               format="%.3f")})
    with c2:
        widgets.figure(matrix_heatmap(walk.products, cols, dims, title=f"q({rows[qi]}) ⊙ k_j (sum a row → q·k_j)",
                                      row_title="key token", col_title="dimension", show_values=False, col_ticks=16),
                       key=f"prod-{tag}")
    weighted = list(walk.weighted_v) + [walk.output]
    widgets.figure(matrix_heatmap(weighted, list(cols) + ["Σ = z"], dims, row_title="weight_j · v_j",
                                  col_title="dimension", title=f"Weighted values and their sum z({rows[qi]})",
                                  show_values=False, col_ticks=16), key=f"wv-{tag}")
