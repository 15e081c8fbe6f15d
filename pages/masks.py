"""Masks: padding in a batch, the causal mask, both combined, and a mask you click together yourself."""
import pandas as pd
import streamlit as st

from ui import data, notes, shell, state, widgets
from ui.i18n import t
from ui.param import MAX_CHARS
from ui.views.masks import custom_element, dec_element, encode, head_of, pad_element, shorter, ticked

shell.require_app()

st.header(t("masks.header"))
st.latex(r"\mathrm{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}} + M\right),\qquad "
         r"M_{ij}=\begin{cases}0 & \text{key } j \text{ visible to query } i\\-\infty & \text{masked}\end{cases}")


def padding_section(trace, head: int) -> None:
    """The sentence and a second one as a padded batch: its padding mask, then the decoder's causal masks."""
    state.put_text("second_sentence", st.text_input(t("masks.second"), value=state.get("second_sentence"),
                                                    max_chars=MAX_CHARS))
    view = state.view_state()
    b = data.second_batch(trace, view)
    if b is None:
        st.warning(t("masks.no_tokens"))
        return
    widgets.token_rows(b.src_rows)
    i = shorter(b.src_rows)
    st.caption(t("masks.caption_padding", n=i + 1, length=len(b.src_rows[i])))
    widgets.show(pad_element(b, head, view), main=True)
    widgets.section(t("masks.step2"), t("masks.caption_causal"))
    widgets.show(dec_element(b, head, view))


def custom_section(trace, head: int) -> None:
    """A grid of checkboxes (ticked: hidden) kept in the view state, and the scores and weights it makes."""
    widgets.section(t("masks.step4"))
    rows = trace.src.tokens
    cols = widgets.numbered(rows)
    grid = pd.DataFrame(ticked(state.get("custom_mask"), len(rows)), index=cols, columns=cols)
    edited = st.data_editor(grid, key="custom-mask", width="stretch",
                            column_config={c: st.column_config.CheckboxColumn(c, width="small") for c in cols})
    hidden = edited.to_numpy(dtype=bool)  # (S, S)
    state.put("custom_mask", encode(hidden))  # the route reads the same cells back (ui/views/masks.ticked)
    if hidden.all(axis=1).any():
        st.info(t("masks.all_masked"))
    widgets.show(custom_element(trace, head, ~hidden, state.view_state()))


trace = data.current_trace()
if widgets.need_trace(trace):  # the keystroke route draws the same charts (ui/views/masks.py)
    st.subheader(t("masks.step1"))
    head = head_of(trace, state.view_state())
    padding_section(trace, head)
    custom_section(trace, head)

notes.findings_on("masks", data.bundle(state.get("model")), trace)
