"""Add & Norm and the FFN: the residual stream around each sublayer, LayerNorm statistics, FFN activations."""
import numpy as np
import streamlit as st

from model.explain import layer_norm_stats
from ui import data, shell, state, widgets
from ui.i18n import t, words
from viz.bars import layernorm_stats
from viz.heatmap import matrix_heatmap

shell.require_app()

SUBLAYERS = {"encoder": ["an.sub_self", "an.sub_ffn"],  # sublayer names (messages)
             "decoder": ["an.sub_masked_self", "an.sub_cross", "an.sub_ffn"]}

st.header(t("an.header"))
c1, c2 = st.columns(2)
with c1:
    st.markdown(t("an.post_norm"))
    st.latex(r"x_{l+1}=\mathrm{LayerNorm}\big(x_l+\mathrm{Sublayer}(x_l)\big)")
with c2:
    st.markdown(t("an.pre_norm"))
    st.latex(r"x_{l+1}=x_l+\mathrm{Sublayer}\big(\mathrm{LayerNorm}(x_l)\big)")
st.latex(r"\mathrm{LayerNorm}(x)=\gamma\odot\frac{x-\mu}{\sqrt{\sigma^2+\epsilon}}+\beta,\qquad "
         r"\mathrm{FFN}(x)=\max(0,\;xW_1+b_1)\,W_2+b_2")

trace = data.current_trace()
if widgets.need_trace(trace):
    N, post = trace.config.N, trace.post_norm
    c1, c2, c3 = st.columns(3)
    with c1:
        stacks = {s: t(f"label.{s}") for s in ("encoder", "decoder")}
        stack = st.segmented_control(t("an.stack"), list(stacks), format_func=stacks.get, default="encoder",
                                     key="an_stack") or "encoder"
    with c2:
        state.clamp("layer", 0, N - 1)
        layer = state.bound(st.segmented_control, t("ctl.layer"), "layer", options=list(range(N))) or 0
    with c3:
        names = SUBLAYERS[stack]
        sub = st.segmented_control(t("an.sublayer"), list(range(len(names))),
                                   format_func=[t(key) for key in names].__getitem__,
                                   default=0, key=f"an_sub_{stack}")
        sub = sub or 0
    tokens = trace.src.tokens if stack == "encoder" else trace.tgt_input_tokens
    dims = [f"d{i}" for i in range(trace.config.d_model)]
    sublayer = trace.sublayer(stack, layer, sub)
    before, after = sublayer.before_norm, sublayer.ln
    what = t("an.what_post" if post else "an.what_pre")
    st.caption(t("an.caption_model", norm="Post" if post else "Pre", d=len(dims)))
    axes = dict(row_title=t("axis.token"), col_title=t("axis.dimension"), show_values=False, col_ticks=16)
    widgets.figures([matrix_heatmap(before, tokens, dims, title=t("an.fig_before", what=what), **axes, words=words()),
                     matrix_heatmap(after, tokens, dims, title=t("an.fig_after"), **axes, words=words())],
                    key="an-before-after", names=["an-before", "an-after"])
    mb, vb = layer_norm_stats(before)
    ma, va = layer_norm_stats(after)
    widgets.figure(layernorm_stats(mb, vb, ma, va, tokens, title=t("an.fig_stats"), words=words()), key="an-stats")
    st.caption(t("an.caption_ln"))

    st.subheader(t("an.ffn"))
    hidden = trace.ffn_hidden(stack, layer)
    zero = float((hidden == 0).mean())
    st.caption(t("an.caption_ffn", d=len(dims), d_ff=hidden.shape[1], zero=f"{zero:.0%}"))
    stack_name = t(f"label.{stack}")
    widgets.figure(matrix_heatmap(hidden, tokens, [f"h{i}" for i in range(hidden.shape[1])], kind="raw",
                                  title=t("an.fig_ffn", where=t("label.stack_layer", stack=stack_name, layer=layer)),
                                  row_title=t("axis.token"), col_title=t("axis.hidden_unit"), show_values=False,
                                  col_ticks=16, words=words()), key="ffn-hidden")

    st.subheader(t("an.residual"))
    norms = [np.linalg.norm(trace.layer_output(stack, i), axis=-1).mean() for i in range(-1, N)]
    st.dataframe({t("an.col_after"): [t("an.row_embedding")]
                  + [t("label.stack_layer", stack=stack_name, layer=i) for i in range(N)],
                  t("an.col_norm"): [round(float(n), 2) for n in norms]}, hide_index=True)
    st.caption(t("an.caption_residual", sqrt=f"{np.sqrt(len(dims)):.1f}"))
