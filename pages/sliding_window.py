"""After 2017: a sliding window and global tokens forced onto the trained model's self-attention, live."""
import numpy as np
import streamlit as st

from ui import bind, data, shell, widgets
from ui.i18n import t
from ui.payload import answer
from ui.view import View
from ui.views.sliding_window import elements, keep_of, window_of, windowed

shell.require_app()
CHOICES = {"encoder": "sw.on_encoder", "decoder": "sw.on_decoder", "both": "sw.on_both"}  # -> message


def pick_window(view: View) -> View:
    """Window, global tokens and where the window applies, in one row; returns the view with the picks."""
    with st.container(horizontal=True, vertical_alignment="bottom", gap="large"):
        view = bind.picked(view, st.slider, t("sw.window"), "window", width=300)
        view = bind.picked(view, st.slider, t("sw.global"), "n_global", width=300)
        return bind.picked(view, st.segmented_control, t("sw.on"), "window_on", options=list(CHOICES),
                           format_func=lambda c: t(CHOICES[c]))


def outputs(trace, run, view) -> None:
    """The translation with full attention and with the window, side by side, and log P of the first."""
    c1, c2 = st.columns(2)
    for col, title, shown in ((c1, "sw.intact", trace), (c2, "sw.windowed", run)):
        with col:
            st.markdown(f"**{t(title)}**")
            widgets.output_chips(shown, view)
    full, with_window = data.windowed_log_p(trace.model, trace.text, *window_of(view))
    st.markdown(t("sw.log_p", full=full, windowed=with_window, ratio=float(np.exp(with_window - full))))


st.header(t("sw.header"))
st.caption(t("sw.caption"))
view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    view = pick_window(view)
    charts = answer(elements, trace, view)  # the keystroke route sends the same charts
    W, n_global, stacks = window_of(view)
    run = windowed(trace, view)
    outputs(trace, run, view)
    if "encoder" in stacks:
        keep = keep_of(run.src.tokens, "encoder", view)
        st.caption(t("sw.kept", seen=keep.sum(1).mean(), n=len(keep), share=keep.mean()))
    for i, stack in enumerate(charts.elements):  # each self-attention's pair, the first on the stage
        widgets.show(charts[stack], main=i == 0)
    st.caption(t("sw.field_caption", reach=trace.config.N * (W - 1), N=trace.config.N))
