"""Pretrained models: the loaded model, its subwords and a word-level view of attention, and what it predicts."""
import pandas as pd
import streamlit as st

from model import pretrained
from model.pretrained import PretrainedTrace
from ui import controls, data, shell, widgets
from ui import pretrained as pretrained_ui
from ui.i18n import t
from ui.view import View
from viz.bars import likeliest_bar
from viz.heatmap import matrix_heatmap

shell.require_app()

st.header(t("hf.header"))


def groups(trace: PretrainedTrace, block: str) -> tuple[list[int], list[int]]:
    """Word index of every query row and key column of a block."""
    if block == "encoder":
        return trace.src_words, trace.src_words
    return trace.tgt_words, (trace.tgt_words if block == "decoder" else trace.src_words)


def words_view(trace: PretrainedTrace, view: View) -> None:
    """One head's attention over subwords, and the same summed into words."""
    st.subheader(t("hf.words_header"))
    view = controls.pick_block(trace, view)
    block, layer, head = view.block, view.layer, view.head
    attn = trace.attn(block, layer)
    rows, cols = attn.queries, attn.keys
    q_groups, k_groups = groups(trace, block)
    pattern = attn.pattern[head]
    tag = f"{block}-L{layer}-h{head}"
    st.caption(t("hf.words_caption"))
    with widgets.main_figure():
        c1, c2 = st.columns(2)
        with c1:
            widgets.figure(matrix_heatmap(pattern, rows, cols, kind="prob", masked=~attn.mask,
                                          title=t("hf.fig_subwords", layer=layer, head=head), words=view.words(),
                                          row_title=t("axis.query_row"), col_title=t("axis.key_col")),
                           f"hf-sub-{tag}", view)
        with c2:
            by_word = pretrained.word_attention(pattern, q_groups, k_groups)
            widgets.figure(matrix_heatmap(by_word, pretrained.word_labels(rows, q_groups),
                                          pretrained.word_labels(cols, k_groups), kind="prob",
                                          title=t("hf.fig_words", layer=layer, head=head),
                                          hover_formula=t("hf.hover_words"), row_title=t("axis.query_row"),
                                          col_title=t("axis.key_col"), words=view.words()), f"hf-words-{tag}", view)


def bert_predictions(trace: PretrainedTrace, view: View) -> None:
    """Top tokens at each [MASK], or why there are none."""
    if not trace.mlm:
        st.info(t("hf.mlm_missing", arch=trace.architecture))
        return
    if not trace.predictions:
        st.info(t("hf.mlm_type"))
        return
    for col, p in zip(st.columns(min(len(trace.predictions), 3)), trace.predictions[:3]):
        with col:
            widgets.figure(likeliest_bar(p.tokens, p.probs, chosen=0,
                                         title=t("hf.fig_mask", i=p.position, k=len(p.tokens)),
                                         words=view.words()),
                           f"hf-mask-{p.position}", view)


def gpt2_predictions(trace: PretrainedTrace, view: View) -> None:
    """The next token after the sentence, and the best guess after every position."""
    last = trace.predictions[-1]
    c1, c2 = st.columns([2, 3])
    with c1:
        widgets.figure(likeliest_bar(last.tokens, last.probs, chosen=0,
                                     title=t("hf.fig_next", token=trace.src.tokens[-1], k=len(last.tokens)),
                                     words=view.words()),
                       "hf-next", view)
    with c2:
        st.markdown(t("hf.gpt2_table"))
        st.dataframe(pd.DataFrame({
            t("hf.col_position"): [p.position for p in trace.predictions],
            t("hf.col_token"): trace.src.tokens,
            t("hf.col_prediction"): [p.tokens[0] for p in trace.predictions],
            t("hf.col_p"): [round(p.probs[0], 3) for p in trace.predictions],
        }), hide_index=True, width="stretch")


def glass_box(view: View) -> None:
    """No pretrained model loaded: the glass-box model's head on the sentence, the map a loaded model's is set beside
    (presenter view: on the stage, with its pickers)."""
    trace = data.view_trace(view)
    if not widgets.need_trace(trace, view):
        return
    st.subheader(t("hf.glass_box_header", model=trace.model))
    view = controls.pick_block(trace, view)
    attn = trace.attn(view.block, view.layer)
    title = t("hf.fig_glass_box", model=trace.model, block=view.block_label(view.block), layer=view.layer,
              head=view.head)
    with widgets.main_figure():
        widgets.figure(matrix_heatmap(attn.pattern[view.head], attn.queries, attn.keys, kind="prob",
                                      masked=~attn.mask, title=title, row_title=t("axis.query_row"),
                                      col_title=t("axis.key_col"), words=view.words()), "hf-glass-box", view)


view = shell.page_view()
if not pretrained.available():
    st.markdown(t("hf.intro"))
    st.info(t("hf.install"))
    glass_box(view)
elif not view.pretrained:
    st.markdown(t("hf.intro"))
    glass_box(view)
else:
    trace = data.view_trace(view)
    if widgets.need_trace(trace, view):
        pretrained_ui.model_card(trace)
        words_view(trace, view)
        st.subheader(t("hf.predict_header"))
        if trace.family == "bert":
            bert_predictions(trace, view)
        elif trace.family == "gpt2":
            gpt2_predictions(trace, view)
        else:
            st.markdown(t("hf.marian_output", method=t(f"dec.{trace.decoded.method}")))
            widgets.token_chips(trace.decoded.tokens or [t("label.empty")], view)
