"""Overview: the architecture, the sentence and its translation, and every attention map at a glance."""
import streamlit as st

from lesson.catalogue import diagram_words
from model.pretrained import PretrainedTrace
from ui import controls, data, shell, widgets
from ui import pretrained as pretrained_ui
from ui.i18n import lang, t, words
from viz.diagram import architecture_dot
from viz.grid import attention_grid, wrap

shell.require_app(default=True)

st.header(t("ov.header"))
LINKS = [("embeddings", "ov.link_embeddings", ":material/waves:"),
         ("self_attention", "ov.link_self_attention", ":material/grid_on:"),
         ("multi_head", "ov.link_multi_head", ":material/view_module:"),
         ("masks", "ov.link_masks", ":material/visibility_off:"),
         ("decoding", "ov.link_decoding", ":material/translate:"),
         ("add_norm", "ov.link_add_norm", ":material/functions:"),
         ("playground", "ov.link_playground", ":material/edit:"),
         ("pretrained", "nav.pretrained", ":material/hub:")]


def output_line(trace) -> None:
    """What the model produced: the translation, or (pretrained) the next token or an encoder's note."""
    if isinstance(trace, PretrainedTrace) and trace.family != "marian":
        st.markdown(t(f"hf.ov_output_{trace.family}"))
        if trace.family == "gpt2":
            widgets.token_chips(trace.decoded.tokens)
        return
    st.markdown(t("hf.ov_output_marian", method=t(f"dec.{trace.decoded.method}"))
                if isinstance(trace, PretrainedTrace) else t("ov.translation"))
    widgets.token_chips(trace.decoded.tokens or [t("label.empty")])


def maps(trace, side: str, title: str) -> None:
    """Every layer × head map of one block; for a pretrained model's many heads, each layer's mean over heads."""
    N, h = trace.n_layers(side), trace.config.h
    rows, cols = trace.tokens_for(side)
    patterns = trace.patterns(side)  # (N, h, L_q, L_k)
    if N * h <= 16:
        widgets.figure(attention_grid(patterns, rows, cols, row_names=[t("label.layer", i=i) for i in range(N)],
                                      col_names=[t("label.head", i=j) for j in range(h)], title=title,
                                      row_title=t("axis.query"), col_title=t("axis.key"),
                                      words=words()), key=f"grid-{side}")
        return
    n_r, n_c = wrap(N)
    means = patterns.mean(1).reshape(n_r, n_c, len(rows), len(cols))
    widgets.figure(attention_grid(means, rows, cols, row_names=[""] * n_r, col_names=[""] * n_c,
                                  cell_names=[[t("label.layer", i=r * n_c + c) for c in range(n_c)]
                                              for r in range(n_r)],
                                  title=t("hf.fig_layer_means", side=title, h=h),
                                  row_title=t("axis.query"), col_title=t("axis.key"),
                                  words=words()), key=f"grid-{side}")


trace = data.current_trace()
left, right = st.columns([2, 3])
with left:
    if data.is_pretrained():
        if trace is not None:
            pretrained_ui.model_card(trace)
    else:
        N = trace.config.N if trace else 2
        st.graphviz_chart(architecture_dot(N, words=diagram_words(lang())), width="stretch")
with right:
    if widgets.need_trace(trace):
        if not data.is_pretrained():
            st.markdown(t("ov.model_line", model=trace.model, d_model=trace.config.d_model, h=trace.config.h,
                          n=trace.config.N, norm="Post-Norm" if trace.post_norm else "Pre-Norm"))
        st.markdown(t("ov.source_tokens"))
        widgets.token_chips(trace.src.tokens, trace.src.unknown)
        output_line(trace)
        st.markdown(t("ov.go_deeper"))
        links = [link for link in LINKS if pretrained_ui.applies(link[0])]
        for col, half in zip(st.columns(2), (links[:4], links[4:])):
            with col:
                for name, label, icon in half:
                    st.page_link(f"pages/{name}.py", label=t(label), icon=icon)

if trace is not None:
    big = any(trace.n_layers(b) * trace.config.h > 16 for b in controls.blocks(trace))
    st.subheader(t("hf.all_maps" if big else "ov.all_maps"))
    kinds = [(s, t(f"ov.tab_{s}")) for s in controls.blocks(trace)]
    tabs = st.tabs([title for _, title in kinds])
    for tab, (side, title) in zip(tabs, kinds):
        with tab:
            if side == "cross":
                widgets.cross_note(trace)
            maps(trace, side, title)
