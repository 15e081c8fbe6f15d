"""After 2017: sinusoidal PE, RoPE and ALiBi side by side on the typed sentence, three models trained alike."""
import numpy as np
import streamlit as st

from model.relative import FILLER, backwards
from ui import bind, controls, data, shell, state, widgets
from ui.i18n import t
from ui.payload import Answer, answer
from ui.view import View
from ui.views import positions as view_

shell.require_app()


def translations(text: str, view) -> None:
    """Each model's translation of the sentence, side by side."""
    for col, (name, label) in zip(st.columns(3), view_.MODELS.items()):
        with col:
            st.markdown(f"**{t(label)}**")
            widgets.output_chips(view_.run(name, text, view), view)


def maps(trace, charts: Answer) -> None:
    """Block, layer and head pickers, and the three models' attention there."""
    widgets.section(t("pos.maps"))
    controls.pick_block(trace, charts.view, blocks=list(view_.BLOCKS))  # the charts' view holds the picks already
    widgets.show(charts["maps"], main=True)


def pairs(trace, charts: Answer) -> None:
    """RoPE's turned q and k pairs, with the pair picker."""
    widgets.section(t("pos.pairs"))
    d_k = trace.config.d_k
    state.keep(charts.view, pair=d_k // 2 - 1)
    bind.bound(st.slider, t("pos.pair"), "pair", max_value=d_k // 2 - 1, width=360)
    at = view_.within(trace, charts.view)
    layer, head, i = at.layer, at.head, at.pair
    st.caption(t("pos.pairs_caption", a=2 * i, b=2 * i + 1, layer=layer, head=head, d_k=d_k,
                 theta=f"{10000.0 ** (-2 * i / d_k):.3g}"))
    widgets.show(charts["pairs"])


def shift(trace, charts: Answer) -> None:
    """The shift slider, the largest score change per model, and the maps."""
    widgets.section(t("pos.shift_header"))
    bind.bound(st.slider, t("pos.shift"), "shift", width=360)
    view = charts.view
    gaps = view_.shift_gaps(trace, view)
    largest = ", ".join(f"{t(label)} {np.nanmax(np.abs(gaps[name])):.1e}" for name, label in view_.MODELS.items())
    st.caption(t("pos.shift_caption", filler=FILLER, k=view.shift, head=view_.within(trace, view).head,
                 gaps=largest))
    widgets.show(charts["shift"])


def left_or_right(text: str, view: View) -> None:
    """ALiBi with one slope on both sides cannot tell left from right, with heads that look one way it can: how far
    each encoder's memory of the sentence backwards is from a mirror, and both ALiBi models' translations of the
    sentence and of it backwards."""
    names = {**view_.MODELS, view_.SYMMETRIC: "pos.alibi_sym"}
    gaps = ", ".join(f"{t(label)} {data.mirror(name, text):.1e}" for name, label in names.items())
    reversed_text = backwards(text, data.variant(view_.SYMMETRIC))
    widgets.section(t("pos.mirror"), t("pos.mirror_caption", gaps=gaps, backwards=widgets.plain(reversed_text)))
    for name in (view_.SYMMETRIC, "en-zh-alibi"):
        st.markdown(f"**{t(names[name])}**")
        for col, shown in zip(st.columns(2), (text, reversed_text)):  # no drafts: the backwards text's output
            with col:  # would be the next keystroke's draft
                widgets.output_chips(data.variant_trace(name, shown), view)


def long_inputs(charts: Answer) -> None:
    """The loss past the longest training sentence, if measured."""
    if "long" not in charts:
        return
    result = data.extrapolation()
    widgets.section(t("pos.long"), t("pos.long_caption", max=result["train_max_src"], n=result["n_per_bucket"]))
    widgets.show(charts["long"])


st.header(t("pos.header"))
st.caption(t("pos.caption"))
view = shell.page_view()
trace = data.view_trace(view)
if not view_.models():
    st.info(t("pos.missing"))
elif widgets.need_trace(trace, view):
    charts = answer(view_.elements, trace, view)  # the keystroke route sends the same charts
    if "maps" in charts:
        translations(trace.text, view)
        trace = view_.reference(trace, view)  # the charts are drawn on the three models' layers
        maps(trace, charts)
        pairs(trace, charts)
        shift(trace, charts)
        widgets.section(t("pos.bias"), t("pos.bias_caption"))
        widgets.show(charts["bias"])
        if view_.SYMMETRIC in data.variants():
            left_or_right(trace.text, view)
    else:
        st.info(t("pos.only_en"))
    long_inputs(charts)
