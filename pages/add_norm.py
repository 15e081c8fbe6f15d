"""Add & Norm and the FFN: the residual stream around each sublayer, LayerNorm statistics, FFN activations."""
import numpy as np
import streamlit as st

from model import lessons
from model.explain import layer_norm_stats
from ui import data, notes, shell, state, widgets
from ui.i18n import t, words
from viz.bars import layernorm_stats
from viz.heatmap import matrix_heatmap
from viz.lines import grouped_bars, line_chart

shell.require_app()

SUBLAYERS = {"encoder": ["an.sub_self", "an.sub_ffn"],  # sublayer names (messages)
             "decoder": ["an.sub_masked_self", "an.sub_cross", "an.sub_ffn"]}

def residual_caption(post: bool, norms: list[float], stack_name: str, d: int) -> str:
    """What the measured residual norms say, for this model's kind of norm."""
    seq = " → ".join(f"{n:.1f}" for n in norms)
    if post:
        return t("ln.residual_post", stack=stack_name, norms=seq, sqrt=f"{np.sqrt(d):.1f}")
    return t("ln.residual_pre", stack=stack_name, norms=seq, ratio=f"{norms[-1] / norms[0]:.1f}", n=len(norms) - 1)


def batch_norm_section(trace) -> None:
    """LayerNorm (per token, over d_model) against BatchNorm (per feature, over B × L) on a batch of two sentences."""
    second = state.get("second_sentence")
    try:
        batch = data.batch_trace(trace.model, (trace.text, second), data.attn_options())
    except ValueError:
        st.info(t("ln.no_batch"))
        return
    x = batch.norm_input(trace.post_norm).astype(np.float64)  # (B, L, d_model)
    real = np.array([[tok != "<pad>" for tok in row] for row in batch.src_rows])  # (B, L)
    _, ln_mu, _ = lessons.layer_norm(x)  # (B, L)
    bn, bn_mu, _ = lessons.batch_norm(x, real)  # (B, L, d), (d,)
    alone, _, _ = lessons.batch_norm(x[:1], real[:1])  # this sentence as a batch of one
    n1 = int(real[0].sum())
    d = x.shape[-1]
    widgets.section(t("ln.vs_bn"), t("ln.caption_vs_bn", second=widgets.plain(second), d=d, n_tok=int(real.sum()),
                                     n_real=int(real.sum())))
    labels = [f"{b + 1}·{tok}" for b, row in enumerate(batch.src_rows) for tok, r in zip(row, real[b]) if r]
    widgets.figures([grouped_bars(labels, {t("ln.axis_mean"): ln_mu[real]}, title=t("ln.fig_ln_stats"),
                                  y_title=t("ln.axis_mean")),
                     line_chart(np.arange(d), {t("ln.axis_mean"): bn_mu}, title=t("ln.fig_bn_stats"),
                                x_title=t("ln.axis_feature"), y_title=t("ln.axis_mean"))],
                    key="ln-bn", names=["ln-token-means", "bn-feature-means"])
    ln_alone = lessons.layer_norm(x[:1])[0]
    ln_batch = lessons.layer_norm(x)[0]
    st.caption(t("ln.batch_effect", bn=f"{np.abs(alone[0, :n1] - bn[0, :n1]).max():.3f}",
                 ln=f"{np.abs(ln_alone[0, :n1] - ln_batch[0, :n1]).max():.1e}"))


st.header(t("an.header"))
c1, c2 = st.columns(2)
c1.markdown(t("an.post_norm") + "\n\n" + r"$$x_{l+1}=\mathrm{LayerNorm}\big(x_l+\mathrm{Sublayer}(x_l)\big)$$")
c2.markdown(t("an.pre_norm") + "\n\n" + r"$$x_{l+1}=x_l+\mathrm{Sublayer}\big(\mathrm{LayerNorm}(x_l)\big)$$")
st.latex(r"\mathrm{LayerNorm}(x)=\gamma\odot\frac{x-\mu}{\sqrt{\sigma^2+\epsilon}}+\beta,\qquad "
         r"\mathrm{FFN}(x)=\max(0,\;xW_1+b_1)\,W_2+b_2")

trace = data.current_trace()
if widgets.need_trace(trace):
    N, post = trace.config.N, trace.post_norm
    with st.container(horizontal=True, gap="large"):  # one block, not a column each
        stacks = {s: t(f"label.{s}") for s in ("encoder", "decoder")}
        stack = st.segmented_control(t("an.stack"), list(stacks), format_func=stacks.get, default="encoder",
                                     key="an_stack") or "encoder"
        state.clamp("layer", 0, N - 1)
        layer = state.bound(st.segmented_control, t("ctl.layer"), "layer", options=list(range(N))) or 0
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
    st.caption(t("an.caption_model", norm="Post-Norm" if post else "Pre-Norm", d=len(dims)))
    axes = dict(row_title=t("axis.token"), col_title=t("axis.dimension"), show_values=False, col_ticks=16)
    widgets.figures([matrix_heatmap(before, tokens, dims, title=t("an.fig_before", what=what), **axes, words=words()),
                     matrix_heatmap(after, tokens, dims, title=t("an.fig_after"), **axes, words=words())],
                    key="an-before-after", names=["an-before", "an-after"])
    mb, vb = layer_norm_stats(before)
    ma, va = layer_norm_stats(after)
    widgets.figure(layernorm_stats(mb, vb, ma, va, tokens, title=t("an.fig_stats"), words=words()), key="an-stats")
    st.caption(t("ln.caption_post" if post else "ln.caption_pre"))

    hidden = trace.ffn_hidden(stack, layer)
    zero = float((hidden == 0).mean())
    widgets.section(t("an.ffn"), t("an.caption_ffn", d=len(dims), d_ff=hidden.shape[1], zero=f"{zero:.0%}"))
    stack_name = t(f"label.{stack}")
    widgets.figure(matrix_heatmap(hidden, tokens, [f"h{i}" for i in range(hidden.shape[1])], kind="raw",
                                  title=t("an.fig_ffn", where=t("label.stack_layer", stack=stack_name, layer=layer)),
                                  row_title=t("axis.token"), col_title=t("axis.hidden_unit"), show_values=False,
                                  col_ticks=16, words=words()), key="ffn-hidden")

    norms = [float(np.linalg.norm(trace.layer_output(stack, i), axis=-1).mean()) for i in range(-1, N)]
    after = [t("an.row_embedding")] + [t("label.stack_layer", stack=stack_name, layer=i) for i in range(N)]
    table = f"| {t('an.col_after')} | {t('an.col_norm')} |\n|---|---:|\n" + "\n".join(
        f"| {name} | {n:.2f} |" for name, n in zip(after, norms))
    widgets.section(t("an.residual"), residual_caption(post, norms, stack_name, len(dims)) + "\n\n" + table)
    batch_norm_section(trace)

notes.panels_for("add_norm", data.bundle(state.get("model")), trace)
