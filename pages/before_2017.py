"""Before 2017: RNNenc and RNNsearch beside the Transformer on the typed sentence — translations, alignment, one step of
additive attention, BLEU by length, Table 1."""
import streamlit as st

from model.checkpoint import training_log
from model.rnn import RNN_DIR
from ui import bind, data, shell, state, widgets
from ui.i18n import t
from ui.payload import answer
from ui.views import before_2017 as b17
from ui.views.before_2017 import elements

shell.require_app()


def trained_line(name: str) -> str:
    """What a recurrent model is and how long it trained, from its train_log.json and scores.json."""
    log, bleu = training_log(RNN_DIR / name), b17.scores(name).get("bleu", "—")
    return t("b17.trained", model=name, params=f"{log.get('parameters', 0):,}", steps=f"{log.get('step', 0):,}",
             minutes=f"{log.get('seconds', 0) / 60:.0f}", bleu=bleu)


def numbers_table(step: b17.Step) -> str:
    """RNNsearch's scores and weights per source word as a markdown table (tokens escaped, never markup)."""
    head = f"| {t('b17.col_word')} | {t('b17.col_score')} | {t('b17.col_weight')} |\n|---|---:|---:|\n"
    return head + "\n".join(f"| {widgets.plain(w)} | {e:.3f} | {a:.3f} |" for w, e, a in
                            zip(step.rnn.src.tokens, step.additive["scores"], step.additive["weights"]))


def tf_table(step: b17.Step, tokens: list[str]) -> str:
    """The Transformer's q·k/√d_k and weights per source word, averaged over the heads, as a markdown table."""
    head = f"| {t('b17.col_word')} | {t('b17.col_qk')} | {t('b17.col_tf_weight')} |\n|---|---:|---:|\n"
    return head + "\n".join(f"| {widgets.plain(w)} | {q:.3f} | {a:.3f} |" for w, q, a in
                            zip(tokens, step.tf_scaled.mean(0), step.tf_weights.mean(0)))


st.header(t("b17.header"))
st.caption(t("b17.caption"))
view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    if b17.applies(trace):  # the step slider shows the step the charts open
        view = state.keep(view, step=len(b17.rnn_trace(b17.RNNSEARCH, view.sentence).states) - 1)
    charts = answer(elements, trace, view)
    if "align" not in charts:
        st.info(t("b17.en_only"))
    else:
        tf = b17.transformer(view)
        widgets.section(t("b17.translations"), t("b17.translations_caption"))
        st.markdown(t("b17.rnnenc_line", output=widgets.plain(b17.rnn_trace(b17.RNNENC, view.sentence).output_text
                                                              or "∅")))
        st.markdown(t("b17.rnnsearch_line", output=widgets.plain(
            b17.rnn_trace(b17.RNNSEARCH, view.sentence).output_text or "∅")))
        st.markdown(t("b17.transformer_line", model=tf.model))
        widgets.output_chips(tf, view)
        st.caption("  \n".join(trained_line(name) for name in (b17.RNNENC, b17.RNNSEARCH)))

    marked = [t("b17.your_length", n=b17.words_of(view.sentence))] if b17.applies(trace) else []  # the chart's line
    widgets.section(t("b17.bottleneck"), " ".join(
        [t("b17.bottleneck_caption", hidden=b17.rnn_bundle(b17.RNNENC).config.hidden)] + marked))
    widgets.show(charts["bleu"])

    if "align" in charts:
        fit = b17.scores(b17.RNNSEARCH).get("alignment", {})
        widgets.section(t("b17.align"), t("b17.align_caption", aligned=f"{fit.get('aligned', float('nan')):.1%}",
                                          saturated=f"{fit.get('saturated', float('nan')):.1%}"))
        widgets.show(charts["align"], main=True)

        step = b17.opened_step(view)
        widgets.section(t("b17.step"), t("b17.step_caption", i=step.index, row=widgets.plain(
            step.rnn.rows[step.index])))
        if len(step.rnn.states) > 1:
            bind.bound(st.slider, t("dec.step"), "step", max_value=len(step.rnn.states) - 1)
        c1, c2 = st.columns(2)
        with c1:
            st.markdown(f"**{t('b17.rnn_side')}**")
            st.markdown(numbers_table(step))
        with c2:
            st.markdown("**" + t("b17.tf_side", i=step.tf_index, row=widgets.plain(
                f"{tf.tgt_input_tokens[step.tf_index]} → {(tf.decoded.tokens + ['<eos>'])[step.tf_index]}")) + "**")
            st.markdown(tf_table(step, tf.src.tokens))
        widgets.show(charts["step"])
        widgets.show(charts["tf_step"])
        cfg = b17.rnn_bundle(b17.RNNSEARCH).config
        st.caption(t("b17.sizes", hidden=cfg.hidden, attn=cfg.attn, d_k=tf.config.d_k))

    n = len(trace.src.tokens)
    gru_ms, attn_ms = b17.timed(n)
    widgets.section(t("b17.table1"), t("b17.table1_caption", n=n, gru=f"{gru_ms:.2f}", attn=f"{attn_ms:.2f}"))
    widgets.show(charts["paths"])
    widgets.show(charts["speed"])
    st.caption(t("b17.next"))
