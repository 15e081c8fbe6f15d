"""Overview: the architecture, the sentence and its translation, and every attention map at a glance."""
import streamlit as st

from ui import data, shell, widgets
from ui.i18n import lang, t, words
from viz.diagram import architecture_dot
from viz.grid import attention_grid

shell.require_app(default=True)

st.header(t("ov.header"))

trace = data.current_trace()
left, right = st.columns([2, 3])
with left:
    N = trace.config.N if trace else 2
    st.graphviz_chart(architecture_dot(N, lang=lang()), width="stretch")
with right:
    if widgets.need_trace(trace):
        st.markdown(t("ov.model_line", model=trace.model, d_model=trace.config.d_model, h=trace.config.h,
                      n=N, norm="Post-Norm" if trace.post_norm else "Pre-Norm"))
        st.markdown(t("ov.source_tokens"))
        widgets.token_chips(trace.src.tokens, trace.src.unknown)
        st.markdown(t("ov.translation"))
        widgets.token_chips(trace.decoded.tokens or [t("label.empty")])
        st.markdown(t("ov.go_deeper"))
        c1, c2 = st.columns(2)
        with c1:
            st.page_link("pages/embeddings.py", label=t("ov.link_embeddings"), icon=":material/waves:")
            st.page_link("pages/self_attention.py", label=t("ov.link_self_attention"), icon=":material/grid_on:")
            st.page_link("pages/multi_head.py", label=t("ov.link_multi_head"), icon=":material/view_module:")
            st.page_link("pages/masks.py", label=t("ov.link_masks"), icon=":material/visibility_off:")
        with c2:
            st.page_link("pages/decoding.py", label=t("ov.link_decoding"), icon=":material/translate:")
            st.page_link("pages/add_norm.py", label=t("ov.link_add_norm"), icon=":material/functions:")
            st.page_link("pages/playground.py", label=t("ov.link_playground"), icon=":material/edit:")

if trace is not None:
    st.subheader(t("ov.all_maps"))
    h = trace.config.h
    kinds = (("encoder", t("ov.tab_encoder")), ("decoder", t("ov.tab_decoder")), ("cross", t("ov.tab_cross")))
    tabs = st.tabs([title for _, title in kinds])
    for tab, (side, title) in zip(tabs, kinds):
        with tab:
            if side == "cross":
                widgets.cross_note(trace)
            rows, cols = trace.tokens_for(side)
            patterns = trace.patterns(side)  # (N, h, L_q, L_k)
            widgets.figure(attention_grid(patterns, rows, cols, row_names=[t("label.layer", i=i) for i in range(N)],
                                          col_names=[t("label.head", i=j) for j in range(h)], title=title,
                                          row_title=t("axis.query"), col_title=t("axis.key"), words=words()),
                           key=f"grid-{side}")
