"""Encoder–decoder & decoding: cross-attention, a step-by-step decoding timeline, teacher forcing vs free running."""
import pandas as pd
import streamlit as st

from model import coverage
from model.decoding import NO_REPEAT_RUN
from model.tokenizer import detokenize
from ui import bind, data, notes, shell, state, widgets
from ui.i18n import t
from ui.payload import Answer, answer
from ui.view import View
from ui.views.decoding import blocked, elements, highest, twins

shell.require_app()

METHODS = {"greedy": "dec.greedy", "sample": "dec.sample", "beam": "dec.beam"}  # method -> message


def pick_decoding(view: View) -> View:
    """How the translation picks each next token (the method and its settings, the repetition guard) in one row;
    returns the view with the picks."""
    with st.container(horizontal=True, vertical_alignment="bottom", gap="large"):  # one block, not a column each
        view = bind.picked(view, st.segmented_control, t("dec.method"), "decode_method", options=list(METHODS),
                           format_func={m: t(key) for m, key in METHODS.items()}.get)
        if view.decode_method == "sample":
            view = bind.picked(view, st.slider, t("dec.temperature"), "sample_temperature", width=260)
            view = bind.picked(view, st.number_input, t("dec.topk"), "top_k", width=160)
            view = bind.picked(view, st.number_input, t("dec.seed"), "seed", width=160)
        elif view.decode_method == "beam":
            view = bind.picked(view, st.slider, t("dec.beam_width"), "beam_width", width=260)
        if not view.pretrained:  # a Hugging Face model decodes its own way
            view = bind.picked(view, st.toggle, t("dec.guard"), "no_repeat")
    if not view.pretrained:
        st.caption(t("dec.guard_on" if view.no_repeat else "dec.guard_off", n=NO_REPEAT_RUN))
    return view




def twin_view(trace, charts: Answer) -> None:
    """The same sentence through the model trained to align and its twin that learned on its own, side by side, when
    the toggle asks for them."""
    widgets.section(t("dec.twin_header"), t("dec.twin_caption"))
    bind.bound(st.toggle, t("dec.twin_toggle"), "twin")
    if "twin" not in charts:
        return
    lines = [t("dec.twin_guided" if data.bundle(other.model).guided else "dec.twin_unguided", model=other.model,
               output=widgets.output_line(other))
             for other in twins(trace, charts.view)]
    st.markdown("\n".join(f"- {line}" for line in lines))
    widgets.show(charts["twin"])


def teacher_view(trace, view) -> None:
    """The reference fed in at once (teacher forcing) next to the free-running output."""
    default = data.in_language(view.sentence, trace.tgt_lang) or ""  # the grammar's translation
    reference = st.text_input(t("dec.reference"), value=default, max_chars=400)
    try:
        tf = data.teacher(trace.model, view.sentence, reference, view.attn)
    except ValueError:
        st.info(t("dec.type_reference"))
        tf = None
    if tf is not None:
        free = trace.decoded.tokens + ["<eos>"]
        n = max(len(tf.target_tokens), len(free))
        pad = lambda xs, empty="": list(xs) + [empty] * (n - len(xs))  # noqa: E731  (a number column: None)
        st.dataframe(pd.DataFrame({
            t("dec.col_position"): list(range(n)),
            t("dec.col_tf_input"): pad(tf.input_tokens),
            t("dec.col_target"): pad(tf.target_tokens),
            t("dec.col_pick"): pad(tf.predicted_tokens),
            t("dec.col_p_target"): pad([round(p, 3) for p in tf.target_probs], None),
            t("dec.col_free"): pad(free),
        }), hide_index=True, width="stretch")
        st.caption(t("dec.caption_teacher", correct=sum(tf.correct), total=len(tf.correct)))


st.header(t("dec.header"))
st.caption(t("dec.caption_intro") + "  \n" + t("dec.bos_note"))
view = pick_decoding(shell.page_view())
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    steps = trace.decoded.steps
    charts = answer(elements, trace, view)  # the keystroke route sends the same charts (ui/views/decoding.py)
    at = state.keep(view, **highest(trace))  # the pickers show what the charts show
    index = at.step
    st.markdown(t("dec.translation"))
    widgets.output_chips(trace, view)
    for i, j in enumerate(trace.decoded.copied_from):
        if j is not None:
            typed, written = trace.src.typed(j), trace.output_words[i]
            line = t("dec.copied" if trace.src.unknown[j] else "dec.copied_known", step=i, pos=j,
                     word=widgets.plain(typed))
            pinyin = " " + t("dec.copied_pinyin", written=widgets.plain(written)) if written != typed else ""
            st.caption(line + pinyin)
    with st.container():  # fixed slot, so the charts below keep their place
        if not trace.decoded.finished:
            st.caption(t("dec.no_eos", n=len(steps)))
    if "coverage" in charts:
        mark_layer, threshold = coverage.mark(trace)
        widgets.section(t("dec.coverage_header"), t("dec.coverage_caption", layer=trace.config.N - 1,
                                                    mark_layer=mark_layer, threshold=threshold))
        widgets.show(charts["coverage"])

    st.subheader(t("dec.timeline"))
    with widgets.stage_pickers(), st.container(horizontal=True, vertical_alignment="center", gap="large"):
        if len(steps) > 1:  # presenter view: on the stage, above the step they pick
            index = bind.bound(st.slider, t("dec.step"), "step", max_value=len(steps) - 1, width=360)
        bind.bound(st.segmented_control, t("ctl.layer"), "layer", options=list(range(trace.n_layers("cross"))))
    step = steps[index]
    st.markdown(t("dec.step_line", step=index, n=len(step.prefix_ids), token=step.chosen_token,
                  p=f"{step.chosen_prob:.3f}"))
    widgets.token_chips(step.prefix_tokens + ["→ " + step.chosen_token], view)
    if not view.pretrained and (stopped := blocked(trace, index)) is not None:  # Marian decodes unguarded
        st.caption(t("dec.blocked", token=widgets.plain(stopped[0]), p=f"{stopped[1]:.3f}"))
    widgets.show(charts["step"], main=True)
    if step.beams:
        st.markdown(t("dec.beams"))
        st.dataframe(pd.DataFrame({
            t("dec.col_hypothesis"): [detokenize(b["tokens"], trace.tgt_lang) for b in step.beams],
            t("dec.col_log_p"): [round(b["log_prob"], 3) for b in step.beams]}), hide_index=True, width="stretch")
    else:
        st.markdown(t("dec.methods_note"))

    st.subheader(t("dec.cross_full"))
    widgets.cross_note(trace, view)
    rows = trace.tgt_input_tokens  # row t: input rows[t], predicts the token after it
    pick = 1 if len(rows) > 2 else 0
    nxt = (trace.decoded.tokens + ["<eos>"])[pick]
    st.caption(t("dec.caption_cross", inp=widgets.plain(rows[pick]), out=widgets.plain(nxt)))
    widgets.show(charts["cross"])
    if not view.pretrained and data.twin(trace.model):
        twin_view(trace, charts)

    st.subheader(t("dec.teacher"))
    if view.pretrained:
        st.caption(t("hf.teacher_glass_box"))
    else:
        teacher_view(trace, view)

if not view.pretrained:
    notes.section("decoding", data.bundle(view.model), trace)
