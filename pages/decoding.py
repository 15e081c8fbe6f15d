"""Encoder–decoder & decoding: cross-attention, a step-by-step decoding timeline, teacher forcing vs free running."""
import numpy as np
import pandas as pd
import streamlit as st

from model.corpus import translate_en
from model.decoding import DecodeOptions
from model.tokenizer import detokenize
from ui import data, notes, shell, state, widgets
from ui.i18n import t, words
from viz.bars import topk_bar
from viz.heatmap import matrix_heatmap

shell.require_app()

METHODS = {"greedy": "dec.greedy", "sample": "dec.sample", "beam": "dec.beam"}  # method -> message

st.header(t("dec.header"))
st.caption(t("dec.caption_intro") + "  \n" + t("dec.bos_note"))

with st.container(horizontal=True, vertical_alignment="bottom", gap="large"):  # one block, not a column each
    method = state.bound(st.segmented_control, t("dec.method"), "decode", options=list(METHODS),
                         format_func={m: t(key) for m, key in METHODS.items()}.get) or "greedy"
    if method == "sample":
        state.bound(st.slider, t("dec.temperature"), "sample_temperature", min_value=0.1, max_value=3.0, step=0.1,
                    width=260)
        state.bound(st.number_input, t("dec.topk"), "top_k", min_value=0, max_value=50, width=160)
        state.bound(st.number_input, t("dec.seed"), "seed", min_value=0, max_value=10_000, width=160)
    elif method == "beam":
        state.bound(st.slider, t("dec.beam_width"), "beam_width", min_value=1, max_value=4, width=260)

trace = data.current_trace()

def twin_view(trace, twin: str) -> None:
    """The same sentence through the model trained to align and its twin that learned on its own, side by side."""
    names = sorted([trace.model, twin], key=lambda n: not data.bundle(n).guided)
    lines, charts = [], []
    for name in names:
        other = data.trace(name, trace.text, data.attn_options(), DecodeOptions())
        last = other.config.N - 1
        rows = [f"{a} → {b}" for a, b in zip(other.tgt_input_tokens, other.decoded.tokens + ["<eos>"])]
        kind = "dec.twin_guided" if data.bundle(name).guided else "dec.twin_unguided"
        lines.append(t(kind, model=name, output=widgets.plain(other.output_text or "∅")))
        charts.append(matrix_heatmap(other.attn("cross", last).pattern.mean(0), rows, other.src.tokens, kind="prob",
                                     title=f"{name} · " + t("dec.fig_layer", i=last),
                                     row_title=t("axis.decoder_prediction"), col_title=t("axis.source_key"),
                                     hover_formula=t("dec.hover_looks_at"), words=words()))
    widgets.section(t("dec.twin_header"), t("dec.twin_caption"))
    st.markdown("\n".join(f"- {line}" for line in lines))
    widgets.figures(charts, key="twin", names=[f"twin-{name}" for name in names])


def teacher_view(trace) -> None:
    """The reference fed in at once (teacher forcing) next to the free-running output."""
    gold = translate_en(state.get("sentence")) if trace.src_lang == "en" else None
    default = detokenize(list(gold.zh), "zh") if gold else ""
    reference = st.text_input(t("dec.reference"), value=default, max_chars=400)
    try:
        tf = data.teacher(trace.model, state.get("sentence"), reference, data.attn_options())
    except ValueError:
        st.info(t("dec.type_reference"))
        tf = None
    if tf is not None:
        free = trace.decoded.tokens + ["<eos>"]
        n = max(len(tf.target_tokens), len(free))
        pad = lambda xs: list(xs) + [""] * (n - len(xs))  # noqa: E731
        st.dataframe(pd.DataFrame({
            t("dec.col_position"): list(range(n)),
            t("dec.col_tf_input"): pad(tf.input_tokens),
            t("dec.col_target"): pad(tf.target_tokens),
            t("dec.col_pick"): pad(tf.predicted_tokens),
            t("dec.col_p_target"): pad([round(p, 3) for p in tf.target_probs]),
            t("dec.col_free"): pad(free),
        }), hide_index=True, width="stretch")
        st.caption(t("dec.caption_teacher", correct=sum(tf.correct), total=len(tf.correct)))


if widgets.need_trace(trace):
    N, h = trace.n_layers("cross"), trace.config.h
    state.clamp("layer", 0, N - 1)
    src = trace.src.tokens
    steps = trace.decoded.steps
    st.markdown(t("dec.translation"))
    widgets.token_chips(trace.decoded.tokens or [t("label.empty")])
    with st.container():  # fixed slot, so the charts below keep their place
        if not trace.decoded.finished:
            st.caption(t("dec.no_eos", n=len(steps)))

    st.subheader(t("dec.timeline"))
    shown = state.clamp("step", 0, len(steps) - 1)
    shown = state.bound(st.slider, t("dec.step"), "step", min_value=0, max_value=max(len(steps) - 1, 1),
                        disabled=len(steps) < 2) if len(steps) > 1 else 0
    step = steps[min(shown, len(steps) - 1)]
    layer = state.bound(st.segmented_control, t("ctl.layer"), "layer", options=list(range(N))) or 0
    st.markdown(t("dec.step_line", step=shown, n=len(step.prefix_ids), token=step.chosen_token,
                  p=f"{step.chosen_prob:.3f}"))
    widgets.token_chips(step.prefix_tokens + ["→ " + step.chosen_token])
    head = int(state.get("head")) % h
    self_attn = step.self_attn[layer, head]
    widgets.figures([topk_bar(step.top_tokens, step.top_probs, chosen=step.chosen_token, title=t("dec.fig_topk"),
                              given=t("dec.given", prefix=" ".join(step.prefix_tokens)), words=words()),
                     matrix_heatmap(step.cross_attn[layer], [t("label.head", i=i) for i in range(h)], src,
                                    kind="prob", title=t("dec.fig_cross_step", layer=layer), row_title=t("axis.head"),
                                    col_title=t("axis.source_key"), hover_formula="{row} → {col}", words=words()),
                     matrix_heatmap(self_attn, step.prefix_tokens, step.prefix_tokens, kind="prob",
                                    masked=~np.tril(np.ones_like(self_attn, bool)),
                                    title=t("dec.fig_self_step", layer=layer, head=head),
                                    row_title=t("axis.query_row"), col_title=t("axis.key_col"), words=words())],
                    key="step", names=["topk", "step-cross", "step-self"], columns=2)
    if step.beams:
        st.markdown(t("dec.beams"))
        st.dataframe(pd.DataFrame({
            t("dec.col_hypothesis"): [detokenize(b["tokens"], trace.tgt_lang) for b in step.beams],
            "log p": [round(b["log_prob"], 3) for b in step.beams]}), hide_index=True, width="stretch")
    else:
        st.markdown(t("dec.methods_note"))

    st.subheader(t("dec.cross_full"))
    widgets.cross_note(trace)
    st.caption(t("dec.caption_cross"))
    predicted = trace.decoded.tokens + ["<eos>"]
    rows = [f"{a} → {b}" for a, b in zip(trace.tgt_input_tokens, predicted)]
    widgets.figures([matrix_heatmap(trace.attn("cross", i).pattern.mean(0), rows, src, kind="prob",
                                    title=t("dec.fig_layer", i=i), row_title=t("axis.decoder_prediction"),
                                    col_title=t("axis.source_key"), hover_formula=t("dec.hover_looks_at"),
                                    words=words())
                     for i in range(N)], key="cross-full", names=[f"cross-full-{i}" for i in range(N)])

    twin = data.twin(trace.model)
    if twin:
        twin_view(trace, twin)

    st.subheader(t("dec.teacher"))
    if data.is_pretrained():
        st.caption(t("hf.teacher_glass_box"))
    else:
        teacher_view(trace)

if not data.is_pretrained():
    notes.panels_for("decoding", data.bundle(state.get("model")), trace)
