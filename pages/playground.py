"""Playground: edit X, W_Q, W_K, W_V and the mask by hand and watch every result recompute."""
import numpy as np
import pandas as pd
import streamlit as st

from model.explain import InputError, fmt, project_and_attend, score_formula
from model.playground import from_trace, parse_mask, parse_matrix, random_preset, seed_004
from ui import data, notes, shell, state, widgets
from ui.i18n import t, words
from viz.heatmap import matrix_heatmap

shell.require_app()

PRESETS = {"seed004": "pg.preset_seed004", "random": "pg.preset_random", "sentence": "pg.preset_sentence"}

st.header(t("pg.header"))
st.caption(t("pg.caption"))


def error_text(err: InputError) -> str:
    """A validation error in the UI language (the model raises a message key with its fields)."""
    fields = err.fields | ({"name": t("pg.mask")} if err.fields.get("name") == "mask" else {})
    return t(f"pg.{err.key}", **fields)


def load_preset(name: str) -> dict:
    """Matrices of a preset as string grids ready for editing."""
    if name == "random":
        p = random_preset(int(st.session_state.get("pg_seed", 0)))
    elif name == "sentence":
        trace = data.current_trace()
        if trace is None:
            st.warning(t("pg.no_sentence"))
            p = seed_004()
        else:
            side = state.get("side")
            p = from_trace(trace, data.bundle(trace.model).model, side, int(state.get("layer")), int(state.get("head")))
    else:
        p = seed_004()
    grids = {k: grid(np.asarray(p[k]), "f" if k == "X" else "c") for k in ("X", "W_Q", "W_K", "W_V")}
    grids["mask"] = pd.DataFrame(np.asarray(p["mask"]).astype(int).astype(str), columns=p["tokens"])
    return {"grids": grids, "tokens": p["tokens"], "scale": p["scale"]}


def grid(values: np.ndarray, prefix: str) -> pd.DataFrame:
    """A matrix as editable text cells with named columns (f1… for features, c1… for projection columns)."""
    return pd.DataFrame(values.astype(object), columns=[f"{prefix}{j + 1}" for j in range(values.shape[1])]).map(fmt)


def decimals(m: np.ndarray) -> int:
    """0 for integer matrices (seed 004 reads 1, not 1.00), else 2."""
    return 0 if np.allclose(m, np.round(m)) else 2


def on_preset() -> None:
    """New preset chosen: reload the editors."""
    st.session_state["pg_gen"] = st.session_state.get("pg_gen", 0) + 1
    for key in ("pg_data", "pg_saved", "pg_last"):
        st.session_state.pop(key, None)


c1, c2, c3 = st.columns([3, 1, 2])
with c1:
    preset_labels = {name: t(key, title=notes.NOTE_TITLES[4]) if name == "seed004" else t(key)
                     for name, key in PRESETS.items()}  # fixed now: AppTest formats after the run
    preset = state.bound(st.selectbox, t("pg.preset"), "preset", options=list(PRESETS), format_func=preset_labels.get,
                         on_change=on_preset)
with c2:
    if preset == "random":
        st.number_input(t("pg.random_seed"), 0, 999, key="pg_seed", on_change=on_preset)
with c3:
    st.button(t("pg.reset"), on_click=on_preset)
if "pg_data" not in st.session_state:
    st.session_state["pg_data"] = load_preset(preset)
    st.session_state["pg_scale"] = st.session_state["pg_data"]["scale"]
pg = st.session_state["pg_data"]
gen = st.session_state.get("pg_gen", 0)
if f"pg_X_{gen}" not in st.session_state and "pg_saved" in st.session_state:
    pg["grids"] = st.session_state["pg_saved"]  # back from another page: restore the edits
scale = st.toggle(t("pg.scale"), key="pg_scale")
tokens = pg["tokens"]


def editor(name: str, caption: str, label: str | None = None) -> pd.DataFrame:
    """An editable grid (titled `label`, default its name); its edits are kept in pg_data so they survive page
    switches."""
    st.markdown(f"**{label or name}** · {caption}")
    return st.data_editor(pg["grids"][name], key=f"pg_{name}_{gen}", num_rows="dynamic", width="stretch",
                          column_config={c: st.column_config.TextColumn(str(c)) for c in pg["grids"][name].columns})


c1, c2 = st.columns([3, 2])
with c1:
    frames = {"X": editor("X", t("pg.caption_x", n=len(tokens)))}
    cq, ck, cv = st.columns(3)
    for col, name in ((cq, "W_Q"), (ck, "W_K"), (cv, "W_V")):
        with col:
            frames[name] = editor(name, "d × d_k")
with c2:
    frames["mask"] = editor("mask", t("pg.caption_mask"), t("pg.mask"))
    st.session_state["pg_saved"] = frames
    try:
        mats = {k: parse_matrix(k, frames[k].to_numpy()) for k in ("X", "W_Q", "W_K", "W_V")}
        keep = parse_mask(frames["mask"].to_numpy())
        Q, K, V, r = project_and_attend(mats["X"], mats["W_Q"], mats["W_K"], mats["W_V"], keep, scale)
        st.session_state["pg_last"] = (Q, K, V, r, len(mats["X"]))
        st.success(t("pg.valid"))
    except InputError as err:
        st.error(t("pg.invalid", error=widgets.plain(error_text(err))))

last = st.session_state.get("pg_last")
if last is not None:
    Q, K, V, r, n = last
    names = (tokens + [f"x{i + 1}" for i in range(len(tokens), n)])[:n]
    dk = [f"d{i}" for i in range(Q.shape[1])]
    dv = [f"d{i}" for i in range(V.shape[1])]
    cols = st.columns(3)
    for col, (title, M, cl) in zip(cols, (("Q = X·W_Q", Q, dk), ("K = X·W_K", K, dk), ("V = X·W_V", V, dv))):
        with col:
            widgets.figure(matrix_heatmap(M, names, cl, title=title, row_title=t("axis.token"),
                                          col_title=t("axis.dimension"), height=300, decimals=decimals(M),
                                          words=words()),
                           key=f"pg-{title[0]}")
    axes = dict(row_title=t("axis.query_row"), col_title=t("axis.key_col"), height=320)
    cols = st.columns(2)
    with cols[0]:
        widgets.figure(matrix_heatmap(r.scores, names, names, title=t("pg.fig_scores"), decimals=decimals(r.scores),
                                      hover_formula="q({row})·k({col})", **axes, words=words()), key="pg-scores")
    with cols[1]:
        widgets.figure(matrix_heatmap(r.masked, names, names,
                                      title=t("pg.fig_scaled_mask" if scale else "pg.fig_masked_unscaled"), **axes,
                                      words=words()),
                       key="pg-masked")
    cols = st.columns(2)
    with cols[0]:
        widgets.figure(matrix_heatmap(r.weights, names, names, kind="prob", title=t("pg.fig_weights"), decimals=3,
                                      **axes, words=words()), key="pg-weights")
    with cols[1]:
        widgets.figure(matrix_heatmap(r.output, names, dv, title=t("pg.fig_output"), height=320,
                                      row_title=t("axis.token"), col_title=t("axis.dimension"),
                                      words=words()), key="pg-output")
    st.subheader(t("pg.one_cell"))
    c1, c2 = st.columns(2)
    with c1:
        i = st.selectbox(t("pg.query_row"), range(n), format_func=lambda k: names[k], key="pg_i")
    with c2:
        j = st.selectbox(t("pg.key_col"), range(n), format_func=lambda k: names[k], key="pg_j")
    st.code(score_formula(Q[i], K[j], names[i], names[j], scale), language=None)
    row = ", ".join(fmt(x) for x in r.weights[i])
    st.code(t("pg.code_softmax", name=names[i], row=row, total=fmt(r.weights[i].sum(), 3)) + "\n"
            + t("pg.code_output", name=names[i], values=", ".join(fmt(x) for x in r.output[i])), language=None)

notes.panels_for("playground", data.bundle(state.get("model")), data.current_trace())
