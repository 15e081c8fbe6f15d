"""How it is trained and scored: the teacher-forced loss on the shifted target, label smoothing, the warm-up schedule
and the training curve, and BLEU/chrF of the translation against a reference the user types."""
import numpy as np
import pandas as pd
import streamlit as st

from model import scoring
from ui import data, shell, widgets
from ui.i18n import t
from ui.payload import Answer, answer
from ui.views.training import elements, recipe

shell.require_app()

TOP = 5  # tokens shown in the smoothed-target table


def teacher_section(tl: scoring.TeacherLoss) -> None:
    """The decoder input against the target, with each token's −log P and its loss under smoothing."""
    widgets.section(t("tr.teacher_header"), t("tr.teacher_caption"))
    st.dataframe(pd.DataFrame({
        t("tr.col_position"): list(range(len(tl.target_tokens))),
        t("tr.col_input"): tl.input_tokens,
        t("tr.col_target"): tl.target_tokens,
        t("tr.col_p"): np.round(np.exp(-tl.nll), 4),
        t("tr.col_nll"): np.round(tl.nll, 3),
        t("tr.col_smoothed"): np.round(tl.smoothed, 3),
    }), hide_index=True, width="stretch")
    st.markdown(t("tr.loss_line", n=len(tl.target_ids), loss=f"{tl.loss:.3f}", ppl=f"{tl.perplexity:.2f}"))


def smoothing_section(tl: scoring.TeacherLoss, itos: list[str]) -> None:
    """ε, one position's one-hot and smoothed targets beside the model's P, and the loss with and without."""
    V = tl.log_probs.shape[1]
    widgets.section(t("tr.smooth_header"), t("tr.smooth_caption", eps=tl.eps, V=V))
    pos = int(tl.nll.argmax())  # the position the model found hardest
    target = tl.target_ids[pos]
    p = np.exp(tl.log_probs[pos])  # (V,)
    shown = list(dict.fromkeys([target] + [int(i) for i in np.argsort(-p)[:TOP]]))
    q = scoring.smoothed_target(V, target, tl.eps)  # (V,)
    st.markdown(t("tr.smooth_token", pos=pos, token=widgets.plain(tl.target_tokens[pos])))
    st.dataframe(pd.DataFrame({
        t("tr.col_token"): [itos[i] for i in shown],
        t("tr.col_onehot"): [1.0 if i == target else 0.0 for i in shown],
        t("tr.col_q"): [f"{q[i]:.6f}" for i in shown],
        t("tr.col_model"): [f"{p[i]:.4f}" for i in shown],
    }), hide_index=True, width="stretch")
    st.markdown(t("tr.smooth_losses", plain=f"{tl.loss:.3f}", eps=tl.eps, smooth=f"{tl.smoothed_loss:.3f}",
                  floor=f"{tl.floor:.3f}"))
    st.markdown(t("tr.smooth_cap", cap=f"{tl.cap:.4f}", mean=f"{tl.top_probs.mean():.4f}",
                  top=f"{tl.top_probs.max():.4f}"))
    st.caption(t("tr.smooth_paper"))


def schedule_section(trace, charts: Answer) -> None:
    """The paper's schedule with this model's settings, and its own training curve."""
    if "schedule" not in charts:
        widgets.section(t("tr.schedule_header"))
        st.info(t("tr.no_log"))
        return
    log = scoring.training_log(trace.model)
    d_model, warmup, factor, _ = recipe(log)
    widgets.section(t("tr.schedule_header"),
                    t("tr.schedule_caption", d_model=d_model, warmup=f"{warmup:,}", factor=factor))
    widgets.show(charts["schedule"], main=True)
    aligned = log.get("align_weight", 0)
    st.caption(t("tr.curve_caption", eps=scoring.label_smoothing())
               + (" " + t("tr.curve_aligned", weight=aligned) if aligned else ""))
    widgets.show(charts["curve"])


def marked(tokens: list[str], marks: list[int]) -> str:
    """Tokens as markdown, each matched one highlighted with the n of its longest match (user text escaped)."""
    colours = {1: "blue", 2: "green", 3: "orange", 4: "red"}
    return " ".join(f":{colours[n]}-background[{widgets.plain(tok)}]:{colours[n]}[{n}]" if n else widgets.plain(tok)
                    for tok, n in zip(tokens, marks))


def chrf_table(chrf: scoring.Chrf) -> None:
    """chrF's character n-gram counts per order."""
    st.dataframe(pd.DataFrame({
        t("tr.col_n"): list(range(1, scoring.CHAR_ORDER + 1)),
        t("tr.col_chr_hyp"): chrf.hyp,
        t("tr.col_chr_ref"): chrf.ref,
        t("tr.col_chr_match"): chrf.matches,
    }), hide_index=True, width="stretch")


def recorded_line(model: str) -> str:
    """The model's test.tsv scores as recorded beside its checkpoint, or that none are."""
    recorded = scoring.recorded_bleu(model)
    return t("tr.recorded", bleu=recorded[0], chrf=recorded[1]) if recorded else t("tr.no_recorded")


def score_section(trace, reference: str) -> None:
    """BLEU's n-gram counts, brevity penalty and score, chrF, the matches marked, and the test-set scores."""
    lang = trace.tgt_lang
    widgets.section(t("tr.score_header"), t("tr.score_caption", tok="zh" if lang == "zh" else "13a"))
    hypothesis = trace.output_text or ""
    if not hypothesis.strip():
        st.info(t("tr.no_output"))
    else:
        bleu, chrf = scoring.sentence_bleu(hypothesis, reference, lang), scoring.sentence_chrf(hypothesis, reference)
        st.markdown(t("tr.marked") + "  \n" + marked(bleu.hyp, bleu.marks()) + widgets.copies_note(trace) + "  \n"
                    + t("tr.marked_ref") + "  \n" + marked(bleu.ref, bleu.ref_marks()))
        st.dataframe(pd.DataFrame({
            t("tr.col_n"): list(range(1, scoring.MAX_ORDER + 1)),
            t("tr.col_matches"): bleu.matches,
            t("tr.col_total"): bleu.totals,
            t("tr.col_precision"): [round(p, 2) for p in bleu.precisions],
        }), hide_index=True, width="stretch")
        st.markdown(t("tr.bleu_line", bp=f"{bleu.brevity_penalty:.3f}", c=len(bleu.hyp), r=len(bleu.ref),
                      bleu=f"{bleu.score:.2f}", chrf=f"{chrf.score:.2f}"))
        chrf_table(chrf)
    st.caption(recorded_line(trace.model))


st.header(t("tr.header"))
st.caption(t("tr.caption"))
view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    charts = answer(elements, trace, view)  # the keystroke route sends the same charts
    bundle = data.bundle(trace.model)
    reference = st.text_input(t("tr.reference"), value=trace.output_text or "", max_chars=400)
    if reference.strip() and data.text_lang(reference) != trace.tgt_lang:
        st.warning(t("tr.wrong_lang", got=t(f"tr.lang_{data.text_lang(reference)}"),
                     want=t(f"tr.lang_{trace.tgt_lang}")))
    try:
        tl = scoring.teacher_loss(bundle, trace.text, reference, scoring.label_smoothing())
    except ValueError:
        st.info(t("tr.type_reference"))
        tl = None
    if tl is not None:
        teacher_section(tl)
        smoothing_section(tl, bundle.tgt_vocab.itos)
    schedule_section(trace, charts)
    if tl is not None:
        score_section(trace, reference)
