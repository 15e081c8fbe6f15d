"""Masks: padding in a batch, the causal mask, both combined, and a mask you click together yourself."""
from dataclasses import replace

import pandas as pd
import streamlit as st

from ui import bind, data, notes, shell, state, widgets
from ui.i18n import t
from ui.param import MAX_CHARS
from ui.payload import Answer, answer
from ui.view import View
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
    widgets.token_rows(b.src_rows, charts.view)
    i = shorter(b.src_rows)
    st.caption(t("masks.caption_padding", n=i + 1, length=len(b.src_rows[i])))
    widgets.show(charts["pad"], main=True)
    widgets.section(t("masks.step2"), t("masks.caption_causal"))
    widgets.show(charts["dec"])


def custom_grid(trace, view: View) -> View:
    """A grid of checkboxes (ticked: hidden) kept in the view state (the route reads the same cells back); returns
    the view with the ticked cells."""
    widgets.section(t("masks.step4"))
    rows = trace.src.tokens
    cols = widgets.numbered(rows)
    grid = pd.DataFrame(ticked(view.custom_mask, len(rows)), index=cols, columns=cols)
    edited = st.data_editor(grid, key="custom-mask", width="stretch",
                            column_config={c: st.column_config.CheckboxColumn(c, width="small") for c in cols})
    hidden = edited.to_numpy(dtype=bool)  # (S, S)
    mask = encode(hidden)
    state.put("custom_mask", mask)
    if hidden.all(axis=1).any():
        st.info(t("masks.all_masked"))
    return replace(view, custom_mask=mask)


view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    st.subheader(t("masks.step1"))
    second = st.text_input(t("masks.second"), value=view.second_sentence, max_chars=MAX_CHARS)
    view = replace(view, second_sentence=state.put_text("second_sentence", second))
    with widgets.stage_pickers():  # the weights' head (presenter view: on the stage, above the masks)
        view = bind.picked(state.keep(view, head=trace.config.h - 1), st.segmented_control, t("ctl.head"), "head",
                           options=list(range(trace.config.h)))
    padding = st.container()  # drawn once the grid below has set the view
    view = custom_grid(trace, view)
charts = answer(elements, trace, view)  # the keystroke route sends the same charts (ui/views/masks.py)
if trace is not None:
    with padding:
        padding_section(trace, charts)
    widgets.show(charts["custom"])

notes.section("masks", data.bundle(view.model), trace, charts)
