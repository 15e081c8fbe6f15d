"""Multi-head & layers: every head of every layer, a BertViz-style head view, and split → concat → W_O."""
import streamlit as st

from ui import controls, data, notes, shell, widgets
from ui.i18n import t
from ui.payload import answer
from ui.views.multi_head import elements, wide, z_last

shell.require_app()

st.header(t("mh.header"))
# two lines: one is wider than the page at 1280 px
st.latex(r"\begin{gathered}\mathrm{MultiHead}(X)=\mathrm{Concat}(\mathrm{head}_0,\dots,\mathrm{head}_{h-1})\,W^O+b^O"
         r"\\ \mathrm{head}_i=\mathrm{Attention}(XW_i^Q+b_i^Q,\;XW_i^K+b_i^K,\;XW_i^V+b_i^V)\end{gathered}")

view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    view = controls.pick_block(trace, view, query=True)
    block, layer = view.block, view.layer
    charts = answer(elements, trace, view)  # the keystroke route sends the same
    if wide(trace, block):
        st.caption(t("hf.grid_caption", n=trace.n_layers(block), h=trace.config.h))
    widgets.show(charts["grid"], main=True)
    st.markdown(t("mh.how_to_read_cross" if block == "cross" else "mh.how_to_read"))
    widgets.show(charts["heads"])
    widgets.section(t("mh.split"), t("mh.caption_split", d_model=trace.config.d_model, h=trace.config.h,
                                     d_k=trace.config.d_k, rows=len(trace.attn(block, layer).queries),
                                     z_last=z_last(trace)))
    widgets.show(charts["concat"])
    widgets.show(charts["output"])

if not view.pretrained:
    notes.section("multi_head", data.bundle(view.model), trace)
