"""Lab: attention forming during training — the default model and its unguided twin, snapshot by snapshot."""
import time
from dataclasses import replace

import streamlit as st

from ui import bind, data, shell, state, widgets
from ui.i18n import model_label, t
from ui.payload import Answer, answer
from ui.view import View
from ui.views.lab_timeline import BLOCKS, elements, snapshot_index, snapshot_run

shell.require_app()
PLAY_SECONDS = 1.2  # per snapshot while playing


def move_to(index: int) -> None:
    """Show snapshot `index` on the next run (a fresh slider, so that it starts there)."""
    state.put("snapshot", index)
    st.session_state["lab_gen"] = st.session_state.get("lab_gen", 0) + 1


def toggle_play(at_end: bool) -> None:
    """Play (from the start if the slider is at the end) or stop."""
    st.session_state["lab_playing"] = not st.session_state.get("lab_playing", False)
    if st.session_state["lab_playing"] and at_end:
        move_to(0)


def pick_step(n: int, view: View) -> View:
    """The snapshot slider (its index is in the URL; −1 = the shipped model), the play/stop button and the block
    picker, in one row (presenter view: on the stage, above the grids they pick); returns the view with the slider's
    snapshot."""
    with widgets.stage_pickers(), st.container(horizontal=True, vertical_alignment="bottom", gap="large"):
        steps = [s.step for s in data.timeline(view.model)[0]]
        index = st.select_slider(t("lab.step"), options=list(range(n)), value=snapshot_index(view, n),
                                 key=f"w_snapshot_{st.session_state.get('lab_gen', 0)}",
                                 format_func=lambda i: f"{steps[i]:,}", width=420)
        playing = st.session_state.get("lab_playing", False)
        st.button(t("lab.stop" if playing else "lab.play"), on_click=toggle_play, args=(index == n - 1,),
                  icon=":material/stop:" if playing else ":material/play_arrow:")
        bind.bound(st.segmented_control, t("ctl.block"), "block", options=[s for s, _ in BLOCKS],
                   format_func={s: t(key) for s, key in BLOCKS}.get)
    state.put("snapshot", index)
    return replace(view, snapshot=index)


def model_column(name: str, index: int, charts: Answer) -> None:
    """One model at one snapshot: its figures, its translation of the sentence, one block's attention grid."""
    shot, trace = snapshot_run(name, index, charts.view)
    kind = t("lab.guided" if data.bundle(name).guided else "lab.unguided")
    st.markdown(t("lab.model_line", model=name, kind=kind, step=shot.step, exact=shot.exact_match))
    st.caption(t("lab.translation"))
    widgets.output_chips(trace, charts.view)
    widgets.show(charts[name], main=True)


st.header(t("lab.header"))
view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    names = data.timeline_models(trace.model)
    if not names:
        st.info(t("lab.no_snapshots"))
    else:
        n = len(data.timeline(names[0])[0])
        st.caption(t("lab.caption", n=n) if len(names) == 2 else
                   t("lab.caption_alone", n=n, other=model_label(data.sibling(trace.model))))
        view = pick_step(n, view)
        index = view.snapshot
        charts = answer(elements, trace, view)  # the keystroke route sends the same charts
        widgets.show(charts["curves"])
        for col, name in zip(st.columns(len(names)), names):
            with col:
                model_column(name, index, charts)
        if st.session_state.get("lab_playing"):
            if index < n - 1:
                time.sleep(PLAY_SECONDS)
                move_to(index + 1)
                state.write_url()  # st.rerun() ends this run before the shell writes it
                st.rerun()
            st.session_state["lab_playing"] = False
