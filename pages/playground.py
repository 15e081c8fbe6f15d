"""Playground: edit X, W_Q, W_K, W_V and the mask by hand and watch every result recompute."""
import numpy as np
import pandas as pd
import streamlit as st

from model.explain import fmt, project_and_attend, score_formula
from model.playground import from_trace, parse_mask, parse_matrix, random_preset, seed_004
from ui import data, shell, state, widgets
from viz.heatmap import matrix_heatmap

shell.require_app()

PRESETS = {"seed004": "Seed 004's worked example (3×4)", "random": "Random small integers",
           "sentence": "From the current sentence / layer / head"}

st.header("Playground: attention by hand")
st.caption("Edit any cell. Q = X·W_Q, K = X·W_K, V = X·W_V, scores = QKᵀ (÷√d_k if on), masked where the mask is 0, "
           "softmax per row, output = weights·V. Everything below recomputes instantly.")


def load_preset(name: str) -> dict:
    """Matrices of a preset as string grids ready for editing."""
    if name == "random":
        p = random_preset(int(st.session_state.get("pg_seed", 0)))
    elif name == "sentence":
        trace = data.current_trace()
        if trace is None:
            st.warning("Type a sentence first; showing seed 004 instead.")
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
    preset = state.bound(st.selectbox, "Preset", "preset", options=list(PRESETS), format_func=PRESETS.get,
                         on_change=on_preset)
with c2:
    if preset == "random":
        st.number_input("Random seed", 0, 999, key="pg_seed", on_change=on_preset)
with c3:
    st.button("Reset to preset", on_click=on_preset)
if "pg_data" not in st.session_state:
    st.session_state["pg_data"] = load_preset(preset)
    st.session_state["pg_scale"] = st.session_state["pg_data"]["scale"]
pg = st.session_state["pg_data"]
gen = st.session_state.get("pg_gen", 0)
if f"pg_X_{gen}" not in st.session_state and "pg_saved" in st.session_state:
    pg["grids"] = st.session_state["pg_saved"]  # back from another page: restore the edits
scale = st.toggle("Divide by √d_k", key="pg_scale")
tokens = pg["tokens"]


def editor(name: str, caption: str) -> pd.DataFrame:
    """An editable grid; its edits are kept in pg_data so they survive page switches."""
    st.markdown(f"**{name}** · {caption}")
    return st.data_editor(pg["grids"][name], key=f"pg_{name}_{gen}", num_rows="dynamic", width="stretch",
                          column_config={c: st.column_config.TextColumn(str(c)) for c in pg["grids"][name].columns})


c1, c2 = st.columns([3, 2])
with c1:
    frames = {"X": editor("X", f"{len(tokens)} tokens × d features (one row per token)")}
    cq, ck, cv = st.columns(3)
    for col, name in ((cq, "W_Q"), (ck, "W_K"), (cv, "W_V")):
        with col:
            frames[name] = editor(name, "d × d_k")
with c2:
    frames["mask"] = editor("mask", "1 = visible, 0 = masked (row = query)")
    st.session_state["pg_saved"] = frames
    try:
        mats = {k: parse_matrix(k, frames[k].to_numpy()) for k in ("X", "W_Q", "W_K", "W_V")}
        keep = parse_mask(frames["mask"].to_numpy())
        Q, K, V, r = project_and_attend(mats["X"], mats["W_Q"], mats["W_K"], mats["W_V"], keep, scale)
        st.session_state["pg_last"] = (Q, K, V, r, len(mats["X"]))
        st.success("All entries valid.")
    except ValueError as err:
        st.error(f"{err} Showing the last valid result.")

last = st.session_state.get("pg_last")
if last is not None:
    Q, K, V, r, n = last
    names = (tokens + [f"x{i + 1}" for i in range(len(tokens), n)])[:n]
    dk = [f"d{i}" for i in range(Q.shape[1])]
    dv = [f"d{i}" for i in range(V.shape[1])]
    cols = st.columns(3)
    for col, (title, M, cl) in zip(cols, (("Q = X·W_Q", Q, dk), ("K = X·W_K", K, dk), ("V = X·W_V", V, dv))):
        with col:
            widgets.figure(matrix_heatmap(M, names, cl, title=title, row_title="token", col_title="dimension",
                                          height=300, decimals=decimals(M)), key=f"pg-{title[0]}")
    cols = st.columns(2)
    with cols[0]:
        widgets.figure(matrix_heatmap(r.scores, names, names, title="Scores QKᵀ", height=320,
                                      decimals=decimals(r.scores),
                                      hover_formula="q({row})·k({col})"), key="pg-scores")
    with cols[1]:
        widgets.figure(matrix_heatmap(r.masked, names, names, title="Scaled + mask" if scale else "Masked (unscaled)",
                                      height=320), key="pg-masked")
    cols = st.columns(2)
    with cols[0]:
        widgets.figure(matrix_heatmap(r.weights, names, names, kind="prob", title="softmax weights", height=320,
                                      decimals=3), key="pg-weights")
    with cols[1]:
        widgets.figure(matrix_heatmap(r.output, names, dv, title="Output = weights · V", height=320,
                                      row_title="token", col_title="dimension"), key="pg-output")
    st.subheader("One cell, with its numbers")
    c1, c2 = st.columns(2)
    with c1:
        i = st.selectbox("Query (row)", range(n), format_func=lambda k: names[k], key="pg_i")
    with c2:
        j = st.selectbox("Key (column)", range(n), format_func=lambda k: names[k], key="pg_j")
    st.code(score_formula(Q[i], K[j], names[i], names[j], scale), language=None)
    row = ", ".join(fmt(x) for x in r.weights[i])
    st.code(f"softmax row {names[i]} = [{row}]  (sums to {fmt(r.weights[i].sum(), 3)})\n"
            f"output({names[i]}) = Σ_j weight_j · v_j = [{', '.join(fmt(x) for x in r.output[i])}]", language=None)
