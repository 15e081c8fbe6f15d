"""Playground: edit X, W_Q, W_K, W_V and the mask by hand and watch every result recompute. The "this sentence"
preset follows the sentence as it is typed (its charts come from the keystroke route) until a cell is edited."""
from dataclasses import replace

import numpy as np
import pandas as pd
import streamlit as st

from model.explain import InputError, fmt, fmt_all, score_formula
from model.playground import DECIMALS, bias_name, parse_mask, parse_matrix, random_preset, seed_004, w_rows, x_columns
from ui import bind, controls, data, notes, shell, state, widgets
from ui.i18n import t
from ui.payload import answer
from ui.view import View
from ui.views.playground import SELF_ATTENTION, attend, elements, result_elements, sentence_preset

shell.require_app()

PRESETS = {"seed004": "pg.preset_seed004", "random": "pg.preset_random", "sentence": "pg.preset_sentence"}
MATRICES = ("X", "W_Q", "W_K", "W_V")
GRIDS = (*MATRICES, "mask")

st.header(t("pg.header"))
st.caption(t("pg.caption"))


def error_text(err: InputError) -> str:
    """A validation error in the UI language (the model raises a message key with its fields)."""
    fields = err.fields | ({"name": t("pg.mask")} if err.fields.get("name") == "mask" else {})
    return t(f"pg.{err.key}", **fields)


def preset_values(name: str, view: View) -> dict:
    """A preset's numbers: tokens, X, W_Q, W_K, W_V, mask (1 = visible) and its ÷√d_k default."""
    if name == "random":
        return random_preset(int(st.session_state.get("pg_seed", 0)))
    if name == "sentence":
        trace = data.view_trace(view)
        if trace is not None:  # the pickers show the place of these numbers
            return sentence_preset(trace, controls.put_block(trace, view))
        st.warning(t("pg.no_sentence"))
    return seed_004()


def grid(values: np.ndarray, columns: list[str], rows: list[str] | None = None) -> pd.DataFrame:
    """A matrix as editable text cells (at the presets' precision, so an unedited grid parses back exact) with named
    columns and, for a projection, rows named after X's columns; pandas' string dtype, which Streamlit's data editor
    takes in half the time of objects."""
    return pd.DataFrame(fmt_all(values, DECIMALS), columns=columns, index=rows, dtype="string")


def matrix_grid(name: str, values: np.ndarray, bias: bool) -> pd.DataFrame:
    """X with a column per feature (f1…, then "1" when the bias is folded in), or a projection with a column per
    output dimension (c1…) and a row per X column (f1…, then its bias b_Q)."""
    if name == "X":
        return grid(values, x_columns(values.shape[1], bias))
    return grid(values, [f"c{j + 1}" for j in range(values.shape[1])], w_rows(name, values.shape[0], bias))


def loaded(p: dict, before: dict | None = None) -> dict:
    """A preset ready for editing: its numbers, the same as text grids (a matrix unchanged since `before` keeps its
    grid: typing changes X and the mask, not W_Q, W_K, W_V), and no edit yet."""
    old = before or {"values": {}, "grids": {}}
    bias = bool(p.get("bias"))
    grids = {k: old["grids"][k] if np.array_equal(p[k], old["values"].get(k))
             else matrix_grid(k, np.asarray(p[k], dtype=np.float64), bias) for k in MATRICES}
    grids["mask"] = pd.DataFrame(np.asarray(p["mask"]).astype(int).astype(str), columns=widgets.numbered(p["tokens"]),
                                 dtype="string")
    return {"values": p, "grids": grids, "edited": False}


def same(a: dict, b: dict) -> bool:
    """True if two presets hold the same tokens and numbers."""
    return a["tokens"] == b["tokens"] and all(np.array_equal(a[k], b[k]) for k in GRIDS)


def on_preset() -> None:
    """New preset chosen (or reset): reload the editors."""
    st.session_state["pg_gen"] = st.session_state.get("pg_gen", 0) + 1
    for key in ("pg_data", "pg_saved", "pg_last"):
        st.session_state.pop(key, None)


def edited(gen: int) -> bool:
    """True if the user changed a cell or added or deleted a row in one of this generation's grids."""
    return any(any((st.session_state.get(f"pg_{name}_{gen}") or {}).values()) for name in GRIDS)


def current(preset: str, view: View) -> dict:
    """The session's matrices: a new preset's, and for "this sentence" the numbers of the sentence, block, layer and
    head now shown, until a cell is edited (the edits then stay until reset or another preset)."""
    pg = st.session_state.get("pg_data")
    if pg is not None and edited(st.session_state.get("pg_gen", 0)):
        pg["edited"] = True
    if pg is not None and (preset != "sentence" or pg["edited"]):
        return pg
    p = preset_values(preset, view)
    if pg is not None and same(p, pg["values"]):
        return pg
    for key in ("pg_saved", "pg_last"):  # the sentence gives other numbers (the grids that change start afresh)
        st.session_state.pop(key, None)
    if preset != "sentence":
        st.session_state["pg_scale"] = p["scale"]
    st.session_state["pg_data"] = pg = loaded(p, pg)
    return pg


def source_note(preset: str, pg: dict, view: View) -> None:
    """Where the "this sentence" numbers come from, and whether they still follow the sentence."""
    if preset != "sentence" or "where" not in pg["values"]:
        return
    block, layer, head = pg["values"]["where"]
    where = dict(block=view.block_label(block), layer=layer, head=head)
    note = t("pg.edited", **where) if pg["edited"] else t("pg.following", **where, decimals=DECIMALS)
    space = "" if view.lang == "zh" else " "  # between two sentences
    st.info(f"{note}{space}{t('pg.bias_fold')}" if pg["values"].get("bias") else note)


view = shell.page_view()
c1, c2, c3 = st.columns([3, 1, 2])
with c1:
    preset_labels = {name: t(key, title=notes.NOTE_TITLES[4]) if name == "seed004" else t(key)
                     for name, key in PRESETS.items()}  # fixed now: AppTest formats after the run
    view = bind.picked(view, st.selectbox, t("pg.preset"), "preset", options=list(PRESETS),
                       format_func=preset_labels.get, on_change=on_preset)
    preset = view.preset
with c2:
    if preset == "random":
        st.number_input(t("pg.random_seed"), 0, 999, key="pg_seed", on_change=on_preset)
with c3:
    st.button(t("pg.reset"), on_click=on_preset, key="pg_reset")
pg = current(preset, view)
gen = st.session_state.get("pg_gen", 0)
if pg["edited"] and f"pg_X_{gen}" not in st.session_state and "pg_saved" in st.session_state:
    pg["grids"] = st.session_state["pg_saved"]  # back from another page: restore the edits
if preset == "sentence":  # the same ÷√d_k as Self-attention: these are its numbers
    view = bind.picked(view, st.toggle, t("pg.scale"), "scale")
    scale = view.scale
else:
    scale = st.toggle(t("pg.scale"), key="pg_scale")
if preset == "sentence" and not pg["edited"] and (trace := data.view_trace(view)) is not None:
    view = controls.pick_block(trace, view, blocks=list(SELF_ATTENTION))  # a pick reloads the numbers
source_note(preset, pg, view)
tokens = pg["values"]["tokens"]


def editor(name: str, caption: str, label: str | None = None) -> pd.DataFrame:
    """An editable grid (titled `label`, default its name); its edits are kept in pg_saved so they survive page
    switches."""
    st.markdown(f"**{label or name}** · {caption}")
    return st.data_editor(pg["grids"][name], key=f"pg_{name}_{gen}", num_rows="dynamic", width="stretch")


def parsed(frames: dict[str, pd.DataFrame]) -> tuple[dict, np.ndarray]:
    """The numbers in the grids (InputError names the first bad cell): the preset's own until a cell is edited."""
    if not pg["edited"]:
        return pg["values"], np.asarray(pg["values"]["mask"]).astype(bool)
    cells = {k: frame.to_numpy(dtype=object, na_value=None) for k, frame in frames.items()}  # empty cells: None
    return {k: parse_matrix(k, cells[k]) for k in MATRICES}, parse_mask(cells["mask"])


# X and the three W beside the mask; presenter view: one under another, so that each W shows several columns
c1, c2 = (st.container(), st.container()) if view.presenter else st.columns([3, 2])
folded = bool(pg["values"].get("bias"))  # X's last column is ones and each W's last row its bias
with c1:
    frames = {"X": editor("X", t("pg.caption_x_bias" if folded else "pg.caption_x", n=len(tokens)))}
    cq, ck, cv = st.columns(3)
    for col, name in ((cq, "W_Q"), (ck, "W_K"), (cv, "W_V")):
        with col:
            frames[name] = editor(name, t("pg.caption_w_bias", bias=bias_name(name)) if folded else "d × d_k")
with c2:
    frames["mask"] = editor("mask", t("pg.caption_mask"), t("pg.mask"))
    st.session_state["pg_saved"] = frames
    try:
        mats, keep = parsed(frames)
        st.session_state["pg_last"] = (attend(mats, keep, scale, tokens), scale)
        st.success(t("pg.valid"))
    except InputError as err:
        st.error(t("pg.invalid", error=widgets.plain(error_text(err))))

if preset != "sentence" or pg["edited"]:
    state.serve("")  # these charts do not change with the sentence: the keystroke route leaves them alone
    view = replace(view, live="")
last = st.session_state.get("pg_last")
if last is not None:
    res, shown_scale = last
    if view.live:  # following the sentence unedited: the keystroke route's very charts (ui/views/playground.py)
        charts = answer(elements, data.view_trace(view), view)
    else:  # the session's own grids: not a function of the view, built every time and never stored
        charts = answer(lambda _, v: result_elements(res, shown_scale, v), None, view)
    for i, key in enumerate(charts.elements):
        widgets.show(charts[key], main=i == 0)
    names = res.names
    st.subheader(t("pg.one_cell"))
    c1, c2 = st.columns(2)
    with c1:
        i = bind.choice(st.selectbox, t("pg.query_row"), list(range(len(names))), "pg_i", lambda k: names[k])
    with c2:
        j = bind.choice(st.selectbox, t("pg.key_col"), list(range(len(names))), "pg_j", lambda k: names[k])
    st.code(score_formula(res.Q[i], res.K[j], names[i], names[j], shown_scale), language=None)
    row = ", ".join(fmt(x) for x in res.r.pattern[i])
    st.code(t("pg.code_softmax", name=names[i], row=row, total=fmt(res.r.pattern[i].sum(), 3)) + "\n"
            + t("pg.code_output", name=names[i], values=", ".join(fmt(x) for x in res.r.z[i])), language=None)

notes.section("playground", data.bundle(view.model), data.view_trace(view))
