"""Overview: the architecture, the sentence and its translation, and every attention map at a glance."""
import streamlit as st

from lesson.catalogue import diagram_words
from model.pretrained import PretrainedTrace
from ui import data, shell, widgets
from ui import pretrained as pretrained_ui
from ui.i18n import t
from ui.payload import answer
from ui.view import View, attention_blocks
from ui.views.overview import elements, tab_title
from viz.diagram import architecture_dot

shell.require_app(default=True)

# On a phone the columns stack and the diagram and links took the first 2,400 px: there the maps come right under
# the page's title, before the diagram (the wrappers of the title and the maps are flex items of the page's block,
# ordered first).
PHONE_CSS = """<style>@media (max-width: 640px) {div:has(> .st-key-ov-title) {order: -2}
 div:has(> .st-key-ov-maps) {order: -1}}</style>"""
with st.container(key="ov-title"):
    st.header(t("ov.header"))
LINKS = [("embeddings", "ov.link_embeddings", ":material/waves:"),
         ("self_attention", "ov.link_self_attention", ":material/grid_on:"),
         ("multi_head", "ov.link_multi_head", ":material/view_module:"),
         ("masks", "ov.link_masks", ":material/visibility_off:"),
         ("decoding", "ov.link_decoding", ":material/translate:"),
         ("add_norm", "ov.link_add_norm", ":material/functions:"),
         ("playground", "ov.link_playground", ":material/edit:"),
         ("pretrained", "nav.pretrained", ":material/hub:")]


def output_line(trace, view: View) -> None:
    """What the model produced: the translation, or (pretrained) the next token or an encoder's note."""
    if isinstance(trace, PretrainedTrace) and trace.family != "marian":
        st.markdown(t(f"hf.ov_output_{trace.family}"))
        if trace.family == "gpt2":
            widgets.token_chips(trace.decoded.tokens, view)
        return
    st.markdown(t("hf.ov_output_marian", method=t(f"dec.{trace.decoded.method}"))
                if isinstance(trace, PretrainedTrace) else t("ov.translation"))
    widgets.output_chips(trace, view)


view = shell.page_view()
trace = data.view_trace(view)
presenter = view.presenter
st.html(PHONE_CSS)
left, right = st.columns([1, 1] if presenter else [2, 3])  # presenter view: the diagram's text at 18 px or more
with left:
    if view.pretrained:
        if trace is not None:
            pretrained_ui.model_card(trace)
    else:
        N = trace.config.N if trace else 2
        st.graphviz_chart(architecture_dot(N, words=diagram_words(view.lang)), width="stretch")
with right:
    if widgets.need_trace(trace, view):
        if not view.pretrained:
            st.markdown(t("ov.model_line", model=trace.model, d_model=trace.config.d_model, h=trace.config.h,
                          n=trace.config.N, norm="Post-Norm" if trace.post_norm else "Pre-Norm"))
        st.markdown(t("ov.source_tokens"))
        widgets.token_chips(trace.src.tokens, view, trace.src.unknown)
        output_line(trace, view)
        st.markdown(t("ov.go_deeper"))
        links = [link for link in LINKS if pretrained_ui.applies(link[0], view)]
        halves = (links,) if presenter else (links[:4], links[4:])  # presenter view: one column, every title whole
        for col, half in zip(st.columns(len(halves)), halves):
            with col:
                for name, label, icon in half:
                    st.page_link(f"pages/{name}.py", label=t(label), icon=icon)

if trace is not None:
    big = any(trace.n_layers(b) * trace.config.h > 16 for b in attention_blocks(trace))
    charts = answer(elements, trace, view)  # the keystroke route sends the same charts (ui/views/overview.py)
    blocks = list(charts.elements)
    if presenter:  # the first block's maps on the stage under the chips, the others in tabs below
        widgets.show(charts[blocks[0]], main=True)
        blocks = blocks[1:]
    with st.container(key="ov-maps"):
        st.subheader(t("hf.all_maps" if big else "ov.all_maps"))
        for tab, block in zip(st.tabs([tab_title(s, view) for s in blocks]) if blocks else [], blocks):
            with tab:
                if block == "cross":
                    widgets.cross_note(trace, view)
                widgets.show(charts[block])
