"""From words to patches: a small ViT's attention on a digit drawn on the page, redrawn at each stroke."""
import streamlit as st

from model.vit import data_record
from ui import bind, data, shell, state, widgets
from ui.i18n import t
from ui.ink_canvas import ink_canvas
from ui.payload import answer
from ui.views.patches import elements, occluded, run, token_names, vit, walk, within_vit

shell.require_app()


def walk_table(names: list[str], w) -> str:
    """The worked query as a markdown table: key, q·k, ÷√d_k, softmax (token names are ours, never markup)."""
    head = f"| {t('vit.col_key')} | q·k | ÷√d_k | softmax |\n|---|---:|---:|---:|\n"
    return head + "\n".join(f"| {n} | {d:.3f} | {s:.3f} | {p:.3f} |"
                            for n, d, s, p in zip(names, w.scores, w.masked_scores, w.pattern))


cfg, record = vit().config, data_record()
st.header(t("vit.header"))
view = state.keep(shell.page_view(), layer=cfg.N - 1, head=cfg.h - 1, query=cfg.n_patches)
st.markdown(t("vit.draw"))
left, right = st.columns([1, 1])
with left:
    view = ink_canvas(view, record["samples"])
tr = run(view.ink, view.occlude)
charts = answer(elements, data.view_trace(view), view)
with right:
    top = int(tr.probs.argmax())
    st.markdown(t("vit.prediction", digit=top, p=f"{tr.probs[top]:.2f}") if view.ink else t("vit.blank"))
    gone = [f"p{i}" for i, hidden in enumerate(occluded(view.occlude, cfg.n_patches)) if hidden]
    if gone:
        st.caption(t("vit.occluded_note", patches=", ".join(gone)))
with st.container() if view.presenter else right:  # presenter view stacks a row that holds a chart: the canvas stays
    widgets.show(charts["probs"])  # beside the prediction on a projector, the probabilities under them

st.caption(t("vit.caption", d_model=cfg.d_model, N=cfg.N, h=cfg.h, d_k=cfg.d_k, train=record["train"],
             held_out=record["held_out"], accuracy=f"{record['held_out_accuracy']:.1%}"))
widgets.section(t("vit.input_header"), t("vit.input_caption"))
widgets.show(charts["input"])
widgets.section(t("vit.cls_header"), t("vit.cls_caption"))
widgets.show(charts["cls"])
widgets.section(t("vit.rollout_header"), t("vit.rollout_caption"))
widgets.show(charts["rollout"])
widgets.section(t("vit.position_header"), t("vit.position_caption"))
widgets.show(charts["position"])
widgets.section(t("vit.distance_header"), t("vit.distance_caption"))
widgets.show(charts["distance"])

widgets.section(t("vit.walk_header"), t("vit.walk_caption", d_k=cfg.d_k))
names = token_names(tr)
with st.container(horizontal=True, gap="large"):
    view = bind.picked(view, st.slider, t("vit.layer"), "layer", max_value=cfg.N - 1, width=220)
    view = bind.picked(view, st.slider, t("vit.head"), "head", max_value=cfg.h - 1, width=220)
    view = bind.picked(view, st.select_slider, t("vit.query"), "query", options=list(range(len(names))),
                       format_func=lambda i: names[i], width=360)
c1, c2 = st.columns([2, 3])
c1.markdown(walk_table(names, walk(tr, within_vit(tr, view))))
with c2:
    widgets.show(charts["walk"])
st.page_link("pages/self_attention.py", label=t("vit.link_back"), icon=":material/grid_on:")
st.caption(t("vit.data", credit=record["credit"], drawn_n=record["drawn_n"],
             drawn_acc=f"{record['drawn_accuracy']:.1%}"))
