"""Add & Norm and the FFN: the residual stream around each sublayer, LayerNorm statistics, FFN activations."""
import numpy as np
import streamlit as st

from model.explain import layer_norm_stats
from ui import data, shell, state, widgets
from viz.bars import layernorm_stats
from viz.heatmap import matrix_heatmap

shell.require_app()

SUBLAYERS = {"encoder": ["self-attention", "FFN"], "decoder": ["masked self-attention", "cross-attention", "FFN"]}
RESID = {"encoder": ["resid_mid", "resid_post"], "decoder": ["resid_mid", "resid_mid2", "resid_post"]}

st.header("Add & Norm, and the feed-forward network")
c1, c2 = st.columns(2)
with c1:
    st.markdown("**Post-Norm** (the paper, BERT, GPT-1)")
    st.latex(r"x_{l+1}=\mathrm{LayerNorm}\big(x_l+\mathrm{Sublayer}(x_l)\big)")
with c2:
    st.markdown("**Pre-Norm** (GPT-2 and most modern models)")
    st.latex(r"x_{l+1}=x_l+\mathrm{Sublayer}\big(\mathrm{LayerNorm}(x_l)\big)")
st.latex(r"\mathrm{LayerNorm}(x)=\gamma\odot\frac{x-\mu}{\sqrt{\sigma^2+\epsilon}}+\beta,\qquad "
         r"\mathrm{FFN}(x)=\max(0,\;xW_1+b_1)\,W_2+b_2")

trace = data.current_trace()
if widgets.need_trace(trace):
    N, post = trace.config["N"], trace.post_norm
    c1, c2, c3 = st.columns(3)
    with c1:
        stack = st.segmented_control("Stack", ["encoder", "decoder"], default="encoder", key="an_stack") or "encoder"
    with c2:
        state.clamp("layer", 0, N - 1)
        layer = state.bound(st.segmented_control, "Layer", "layer", options=list(range(N))) or 0
    with c3:
        names = SUBLAYERS[stack]
        sub = st.segmented_control("Sublayer", list(range(len(names))), format_func=names.__getitem__,
                                   default=0, key=f"an_sub_{stack}")
        sub = sub or 0
    tokens = trace.src.tokens if stack == "encoder" else trace.tgt_input_tokens
    dims = [f"d{i}" for i in range(trace.config["d_model"])]
    resid = trace[f"{stack}.{layer}.hook_{RESID[stack][sub]}"]
    ln = trace[f"{stack}.{layer}.hook_ln{sub + 1}"]
    layer_in = trace.layer_output(stack, layer - 1) if sub == 0 else trace[f"{stack}.{layer}.hook_ln{sub}"]
    if post:
        before, after, what = resid, ln, "x + Sublayer(x), before LayerNorm"
    else:
        prev = layer_in if sub == 0 else trace[f"{stack}.{layer}.hook_{RESID[stack][sub - 1]}"]
        before, after, what = prev, ln, "the residual stream x, before LayerNorm"
    st.caption(f"This model is **{'Post' if post else 'Pre'}-Norm**. Rows are tokens, columns the "
               f"{len(dims)} features of d_model.")
    c1, c2 = st.columns(2)
    with c1:
        widgets.figure(matrix_heatmap(before, tokens, dims, title=f"Before: {what}", row_title="token",
                                      col_title="dimension", show_values=False, col_ticks=16), key="an-before")
    with c2:
        widgets.figure(matrix_heatmap(after, tokens, dims, title="After LayerNorm", row_title="token",
                                      col_title="dimension", show_values=False, col_ticks=16), key="an-after")
    mb, vb = layer_norm_stats(before)
    ma, va = layer_norm_stats(after)
    widgets.figure(layernorm_stats(mb, vb, ma, va, tokens, title="Per-token mean and variance over d_model"),
                   key="an-stats")
    st.caption("LayerNorm recentres every token's vector to mean 0 and variance 1 (then scales by γ and shifts "
               "by β, learned), so the stream keeps a steady scale however many layers are stacked.")

    st.subheader("Feed-forward network (position-wise)")
    hidden = trace[f"{stack}.{layer}.hook_ffn_hidden"]
    zero = float((hidden == 0).mean())
    st.caption(f"Each token goes through the same two-layer MLP: d_model = {len(dims)} → d_ff = {hidden.shape[1]} "
               f"→ d_model. ReLU zeroes {zero:.0%} of the hidden units for this sentence.")
    widgets.figure(matrix_heatmap(hidden, tokens, [f"h{i}" for i in range(hidden.shape[1])], kind="raw",
                                  title=f"ReLU(x W₁ + b₁): {stack} layer {layer}", row_title="token",
                                  col_title="hidden unit", show_values=False, col_ticks=16), key="ffn-hidden")

    st.subheader("The residual stream through the stack")
    norms = [np.linalg.norm(trace.layer_output(stack, i), axis=-1).mean() for i in range(-1, N)]
    st.dataframe({"after": ["embedding + PE"] + [f"{stack} layer {i}" for i in range(N)],
                  "mean ‖x‖ per token": [round(float(n), 2) for n in norms]}, hide_index=True)
    st.caption("Post-Norm ends every layer with a LayerNorm, so ‖x‖ stays near √d_model = "
               f"{np.sqrt(len(dims)):.1f}. In Pre-Norm the stream is never normalised on the main path and grows "
               "layer by layer; a final LayerNorm is applied before the output. Pick the Pre-Norm model (if "
               "shipped) above to compare.")
