"""Add & Norm and the FFN: the residual stream around each sublayer, LayerNorm statistics, FFN activations."""
import numpy as np
import streamlit as st

from model import lessons
from ui import bind, data, notes, shell, state, widgets
from ui.i18n import t
from ui.payload import Answer, answer
from ui.views.add_norm import SUBLAYERS, batch_norms, elements, place

shell.require_app()

def residual_caption(post: bool, norms: list[float], stack_name: str, d: int) -> str:
    """What the measured residual norms say, for this model's kind of norm."""
    seq = " → ".join(f"{n:.1f}" for n in norms)
    if post:
        return t("ln.residual_post", stack=stack_name, norms=seq, sqrt=f"{np.sqrt(d):.1f}")
    return t("ln.residual_pre", stack=stack_name, norms=seq, ratio=f"{norms[-1] / norms[0]:.1f}", n=len(norms) - 1)


def batch_norm_section(trace, charts: Answer) -> None:
    """LayerNorm (per token, over d_model) against BatchNorm (per feature, over B × L) on a batch of two sentences."""
    if "batch" not in charts:
        st.info(t("ln.no_batch"))
        return
    b = data.second_encoding(trace, charts.view)
    n = batch_norms(trace, b)
    n1, n_real = int(n.real[0].sum()), int(n.real.sum())
    widgets.section(t("ln.vs_bn"), t("ln.caption_vs_bn", second=widgets.plain(charts.view.second_sentence),
                                     d=n.x.shape[-1], n_tok=n_real, n_real=n_real))
    widgets.show(charts["batch"])
    alone = lessons.batch_norm(n.x[:1], n.real[:1])[0]  # this sentence as a batch of one
    ln_alone, ln_batch = lessons.layer_norm(n.x[:1])[0], lessons.layer_norm(n.x)[0]
    st.caption(t("ln.batch_effect", bn=f"{np.abs(alone[0, :n1] - n.bn[0, :n1]).max():.3f}",
                 ln=f"{np.abs(ln_alone[0, :n1] - ln_batch[0, :n1]).max():.1e}"))


st.header(t("an.header"))
c1, c2 = st.columns(2)
c1.markdown(t("an.post_norm") + "\n\n" + r"$$x_{l+1}=\mathrm{LayerNorm}\big(x_l+\mathrm{Sublayer}(x_l)\big)$$")
c2.markdown(t("an.pre_norm") + "\n\n" + r"$$x_{l+1}=x_l+\mathrm{Sublayer}\big(\mathrm{LayerNorm}(x_l)\big)$$")
st.latex(r"\mathrm{LayerNorm}(x)=\gamma\odot\frac{x-\mu}{\sqrt{\sigma^2+\epsilon}}+\beta,\qquad "
         r"\mathrm{FFN}(x)=\max(0,\;xW_1+b_1)\,W_2+b_2")

view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    N, post = trace.config.N, trace.post_norm
    at = place(trace, view)  # the pickers' picks, kept inside this model
    state.put("layer", at.layer)  # the pickers show what the charts show
    state.put("sublayer", at.sub)
    # one block, not a column each (presenter view: on the stage, above the streams they pick)
    with widgets.stage_pickers(), st.container(horizontal=True, gap="large"):
        stacks = {s: t(f"label.{s}") for s in ("encoder", "decoder")}
        bind.bound(st.segmented_control, t("an.stack"), "stack", format_func=stacks.get)
        bind.bound(st.segmented_control, t("ctl.layer"), "layer", options=list(range(N)))
        names = SUBLAYERS[at.stack]
        bind.bound(st.segmented_control, t("an.sublayer"), "sublayer", options=list(range(len(names))),
                   format_func=[t(key) for key in names].__getitem__)
    charts = answer(elements, trace, view)  # the keystroke route sends the same charts
    st.caption(t("an.caption_model", norm="Post-Norm" if post else "Pre-Norm", d=trace.config.d_model))
    widgets.show(charts["before_after"], main=True)
    widgets.show(charts["stats"])
    st.caption(t("ln.caption_post" if post else "ln.caption_pre"))

    hidden = trace.ffn_hidden(at.stack, at.layer)
    widgets.section(t("an.ffn"), t("an.caption_ffn", d=trace.config.d_model, d_ff=hidden.shape[1],
                                   zero=f"{float((hidden == 0).mean()):.0%}"))
    widgets.show(charts["ffn"])
    stack_name, dims = t(f"label.{at.stack}"), [f"d{i}" for i in range(trace.config.d_model)]

    norms = [float(np.linalg.norm(trace.layer_output(at.stack, i), axis=-1).mean()) for i in range(-1, N)]
    after = [t("an.row_embedding")] + [t("label.stack_layer", stack=stack_name, layer=i) for i in range(N)]
    table = f"| {t('an.col_after')} | {t('an.col_norm')} |\n|---|---:|\n" + "\n".join(
        f"| {name} | {n:.2f} |" for name, n in zip(after, norms))
    widgets.section(t("an.residual"), residual_caption(post, norms, stack_name, len(dims)) + "\n\n" + table)
    batch_norm_section(trace, charts)

notes.section("add_norm", data.bundle(view.model), trace)
