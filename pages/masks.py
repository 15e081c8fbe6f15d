"""Masks: padding in a batch, the causal mask, both combined, and a mask you click together yourself."""
import pandas as pd
import streamlit as st

from ui import data, notes, shell, state, widgets
from ui.i18n import t
from ui.param import MAX_CHARS
from ui.payload import Answer, answer
from ui.views.masks import elements, encode, shorter, ticked

shell.require_app()

st.header(t("masks.header"))
st.latex(r"\mathrm{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}} + M\right),\qquad "
         r"M_{ij}=\begin{cases}0 & \text{key } j \text{ visible to query } i\\-\infty & \text{masked}\end{cases}")


def padding_section(trace, charts: Answer) -> None:
    """The sentence and a second one as a padded batch: its padding mask, then the decoder's causal masks."""
    if "pad" not in charts:
        st.warning(t("masks.no_tokens"))
        return
    b = data.second_batch(trace, charts.view)
    widgets.token_rows(b.src_rows)
    i = shorter(b.src_rows)
    st.caption(t("masks.caption_padding", n=i + 1, length=len(b.src_rows[i])))
    widgets.show(charts["pad"], main=True)
    widgets.section(t("masks.step2"), t("masks.caption_causal"))
    widgets.show(charts["dec"])


def custom_grid(trace) -> None:
    """A grid of checkboxes (ticked: hidden) kept in the view state (the route reads the same cells back)."""
    widgets.section(t("masks.step4"))
    rows = trace.src.tokens
    cols = widgets.numbered(rows)
    grid = pd.DataFrame(ticked(state.get("custom_mask"), len(rows)), index=cols, columns=cols)
    edited = st.data_editor(grid, key="custom-mask", width="stretch",
                            column_config={c: st.column_config.CheckboxColumn(c, width="small") for c in cols})
    hidden = edited.to_numpy(dtype=bool)  # (S, S)
    state.put("custom_mask", encode(hidden))
    if hidden.all(axis=1).any():
        st.info(t("masks.all_masked"))


trace = data.current_trace()
if widgets.need_trace(trace):
    st.subheader(t("masks.step1"))
    state.put_text("second_sentence", st.text_input(t("masks.second"), value=state.get("second_sentence"),
                                                    max_chars=MAX_CHARS))
    padding = st.container()  # drawn once the grid below has set the view
    custom_grid(trace)
charts = answer(elements, trace, state.view_state())  # the keystroke route sends the same charts (ui/views/masks.py)
if trace is not None:
    with padding:
        padding_section(trace, charts)
    widgets.show(charts["custom"])

notes.section("masks", data.bundle(state.get("model")), trace, charts)
