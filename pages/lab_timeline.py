"""Lab: attention forming during training — the default model and its unguided twin, snapshot by snapshot."""
import time

import streamlit as st

from ui import data, shell, state, widgets
from ui.i18n import t, words
from viz.curves import training_curves
from viz.grid import attention_grid

shell.require_app()
PLAY_SECONDS = 1.2  # per snapshot while playing
BLOCKS = (("encoder", "lab.block_encoder"), ("decoder", "lab.block_decoder"), ("cross", "lab.block_cross"))


def move_to(index: int) -> None:
    """Show snapshot `index` on the next run (a fresh slider, so that it starts there)."""
    state.put("snapshot", index)
    st.session_state["lab_gen"] = st.session_state.get("lab_gen", 0) + 1


def toggle_play(n: int) -> None:
    """Play (from the start if at the end) or stop."""
    st.session_state["lab_playing"] = not st.session_state.get("lab_playing", False)
    if st.session_state["lab_playing"] and state.get("snapshot") % n == n - 1:
        move_to(0)


def pick_step(n: int) -> int:
    """The snapshot slider (its index is in the URL; −1 = the shipped model) and the play/stop button."""
    c1, c2 = st.columns([6, 1], vertical_alignment="bottom")
    with c1:
        steps = [s.step for s in data.timeline(state.get("model"))[0]]
        index = st.select_slider(t("lab.step"), options=list(range(n)), value=state.get("snapshot") % n,
                                 key=f"w_snapshot_{st.session_state.get('lab_gen', 0)}",
                                 format_func=lambda i: f"{steps[i]:,}")
    with c2:
        playing = st.session_state.get("lab_playing", False)
        st.button(t("lab.stop" if playing else "lab.play"), width="stretch", on_click=toggle_play, args=(n,),
                  icon=":material/stop:" if playing else ":material/play_arrow:")
    state.put("snapshot", index)
    return index


def curves(names: list[str], index: int) -> None:
    """Loss and exact match of both runs, with the current step marked."""
    runs = {}
    for name in names:
        shots, (steps, losses) = data.timeline(name)
        runs[name] = (steps, losses, [s.step for s in shots], [s.exact_match for s in shots])
    step = data.timeline(names[0])[0][index].step
    widgets.figure(training_curves(runs, step, title=t("lab.curves"), step_title=t("lab.step_axis"),
                                   loss_title=t("lab.loss"), exact_title=t("lab.exact"), step_word=t("lab.step_word")),
                   key="lab-curves")


def model_column(name: str, index: int, side: str) -> None:
    """One model at one snapshot: its figures, its translation of the sentence, one block's attention grid."""
    shot = data.timeline(name)[0][index]
    trace = data.current_snapshot_trace(name, shot.step)
    kind = t("lab.guided" if data.bundle(name).guided else "lab.unguided")
    st.markdown(t("lab.model_line", model=name, kind=kind, step=shot.step, exact=shot.exact_match))
    st.caption(t("lab.translation"))
    widgets.token_chips(trace.decoded.tokens or [t("label.empty")])
    N, h = trace.config.N, trace.config.h
    rows, cols = trace.tokens_for(side)
    patterns = trace.patterns(side)
    block = t(dict(BLOCKS)[side])
    widgets.figure(attention_grid(patterns, rows, cols, row_names=[f"L{i}" for i in range(N)],  # half width: short
                                  col_names=[f"h{j}" for j in range(h)],
                                  title=t("lab.fig_grid", block=block, step=shot.step),
                                  row_title=t("axis.query"), col_title=t("axis.key"), words=words()),
                   key=f"lab-{side}-{name}")


st.header(t("lab.header"))
trace = data.current_trace()
if widgets.need_trace(trace):
    names = data.timeline_models(trace.model)
    if not names:
        st.info(t("lab.no_snapshots"))
    else:
        n = len(data.timeline(names[0])[0])
        st.caption(t("lab.caption", n=n))
        index = pick_step(n)
        curves(names, index)
        side = state.bound(st.segmented_control, t("ctl.block"), "side", options=[s for s, _ in BLOCKS],
                           format_func={s: t(key) for s, key in BLOCKS}.get)
        for col, name in zip(st.columns(2), names):
            with col:
                model_column(name, index, side)
        if st.session_state.get("lab_playing"):
            if index < n - 1:
                time.sleep(PLAY_SECONDS)
                move_to(index + 1)
                state.write_url()  # st.rerun() ends this run before the shell writes it
                st.rerun()
            st.session_state["lab_playing"] = False
