"""Lab: knock attention heads out (zero or mean ablation through the hook points) and see what changes."""
import numpy as np
import pandas as pd
import streamlit as st

from model.ablation import BLOCKS, MODES, all_heads
from model.decoding import DecodeOptions
from model.transformer import AttnOptions
from ui import bind, data, shell, state, widgets
from ui.i18n import t
from ui.payload import answer
from ui.view import View
from ui.views.lab_knockout import BOUND_FLOOR, elements, importance

shell.require_app()
INITIAL = {block[0]: block for block in BLOCKS}  # "e" -> "encoder", "d" -> "decoder", "c" -> "cross"


def code(head) -> str:
    """A head's short name in the URL: block initial, layer.head (e.g. "c1.3")."""
    block, layer, index = head
    return f"{block[0]}{layer}.{index}"


def label(head_code: str) -> str:
    """A head's readable name."""
    block, rest = INITIAL[head_code[0]], head_code[1:]
    layer, head = rest.split(".")
    return t("ko.head_label", block=t(f"ko.block_{block}"), layer=layer, head=head)


def head_of(head_code: str):
    """(block, layer, head) of a code."""
    layer, head = head_code[1:].split(".")
    return INITIAL[head_code[0]], int(layer), int(head)


def knock_out_most_important(codes: list[str], drops: np.ndarray) -> None:
    """Button: the single head whose loss hurts this translation most (a fresh picker shows it)."""
    state.put("knockout", codes[int(np.argmax(drops))])
    st.session_state["ko_gen"] = st.session_state.get("ko_gen", 0) + 1


def pick_heads(codes: list[str], drops: np.ndarray, view: View) -> list[str]:
    """The heads picker (the view's, unknown codes dropped) and the "most important" button, in one row."""
    chosen = [c for c in view.knockout.split(",") if c in codes]
    with st.container(horizontal=True, vertical_alignment="bottom"):
        picked = st.multiselect(t("ko.heads"), codes, default=chosen, format_func=label, placeholder=t("ko.pick"),
                                key=f"w_knockout_{st.session_state.get('ko_gen', 0)}")
        st.button(t("ko.most_important"), on_click=knock_out_most_important, args=(codes, drops.ravel()), key="ko_most",
                  icon=":material/bolt:")
    state.put("knockout", ",".join(picked))
    return picked


def step_cells(steps, n: int) -> list[str]:
    """'token (p)' of each step, blank past the end."""
    return [f"{s.chosen_token} ({s.chosen_prob:.2f})" for s in steps] + [""] * (n - len(steps))


def step_table(intact, ablated) -> pd.DataFrame:
    """Each decoding step's chosen token and its probability, intact vs knocked out."""
    n = max(len(intact.decoded.steps), len(ablated.decoded.steps))
    return pd.DataFrame({t("ko.col_step"): list(range(n)), t("ko.col_intact"): step_cells(intact.decoded.steps, n),
                         t("ko.col_ablated"): step_cells(ablated.decoded.steps, n)})


st.header(t("ko.header"))
st.caption(t("ko.caption"))
view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    N, h, text = trace.config.N, trace.config.h, view.sentence
    with widgets.stage_pickers():  # presenter view: on the stage, above the map
        view = bind.picked(view, st.segmented_control, t("ko.mode"), "knockout_mode", options=list(MODES),
                           format_func={m: t(f"ko.mode_{m}") for m in MODES}.get)
        with st.spinner(t("ko.working", n=len(BLOCKS) * N * h), show_time=True):  # each head knocked out in turn
            charts = answer(elements, trace, view)  # the keystroke route sends the same chart
            drops = importance(trace, view)  # (blocks, N, h)
        codes = [code(head) for head in all_heads(N, h)]
        picked = pick_heads(codes, drops, view)
    mode = view.knockout_mode
    st.caption(t("ko.mode_explain"))
    intact = data.trace(trace.model, text, AttnOptions(), DecodeOptions())
    ablated = data.knockout(trace.model, text, tuple(head_of(c) for c in picked), mode)
    log_p = data.knockout_log_p(trace.model, text, tuple(head_of(c) for c in picked), mode)
    c1, c2 = st.columns(2)
    for col, title, run in ((c1, "ko.intact", intact), (c2, "ko.ablated", ablated)):
        with col:
            st.markdown(f"**{t(title)}**")
            widgets.output_chips(run, view)
    st.markdown(t("ko.log_p", base=log_p[0], ablated=log_p[1], ratio=float(np.exp(log_p[1] - log_p[0]))))
    st.subheader(t("ko.steps"))
    st.table(step_table(intact, ablated), hide_index=True)  # the page's type size (a data grid draws at 13 px)
    widgets.section(t("ko.importance"),
                    t("ko.caption_scale", floor=f"{BOUND_FLOOR:g}", ratio=f"{np.exp(BOUND_FLOOR):.1f}"))
    widgets.show(charts["importance"], main=True)
