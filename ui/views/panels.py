"""The charts of the "In the notes / In this app" panels (ui/notes.py) for one trace and the view state: the panel
draws them between its texts and buttons, the keystroke route builds the same blocks for the page they sit on."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import streamlit as st

from lesson.notes import PANELS
from model import lessons
from model.checkpoint import Bundle
from model.positional import sinusoidal_encoding
from model.tokenizer import BOS_ID
from model.trace import Trace, read_only
from ui import data, state
from ui.i18n import t, words
from ui.widgets import Block
from viz.heatmap import matrix_heatmap

CHARTED = ("mask_mul", "pe_code", "shuffle")  # the panels that draw charts
PE_ROWS = 8  # positions (and dimensions) of the note's PE table


def mask_mode() -> str:
    """The masks panel's mode in the view state: × as in the note or + (−∞) as in the paper."""
    return state.get("mask_mode")


def mask_mul_weights(mode: str) -> np.ndarray:
    """The note's 3 × 3 scores under a causal mask, softmaxed after × or + (−∞) masking."""
    keep = lessons.causal_keep(3)
    if mode == "mul":
        return lessons.multiplicative_mask(lessons.NOTE_SCORES, keep)
    return lessons.additive_mask(lessons.NOTE_SCORES, keep)


def mask_mul_block(mode: str) -> Block:
    """The masked weights; the + mode greys the −∞ cells."""
    names, keep = ["x1", "x2", "x3"], lessons.causal_keep(3)
    return Block([matrix_heatmap(mask_mul_weights(mode), names, names, kind="prob", decimals=3,
                                 masked=None if mode == "mul" else keep == 0, title=t(f"mm.fig_{mode}"),
                                 row_title=t("axis.query_row"), col_title=t("axis.key_col"),
                                 hover_formula="softmax({row}, {col})", height=300, words=words())], "note-mask")


def note_pe(bundle: Bundle) -> tuple[np.ndarray, np.ndarray]:
    """The note's PE code and the paper's formula at this model's d_model, for the first PE_ROWS positions."""
    d = bundle.cfg.d_model
    return lessons.note_pe(PE_ROWS, d), sinusoidal_encoding(PE_ROWS, d)  # (PE_ROWS, d_model) each


def pe_code_blocks(bundle: Bundle) -> list[Block]:
    """Both tables' first PE_ROWS dimensions, one chart each."""
    cols = [f"d{i}" for i in range(PE_ROWS)]
    return [Block([matrix_heatmap(values[:, :PE_ROWS], list(range(PE_ROWS)), cols, title=t(title), decimals=2,
                                  row_title=t("axis.position"), col_title=t("axis.dimension"), bound=1.0, height=380,
                                  words=words())], key)
            for values, title, key in zip(note_pe(bundle), ("notes.fig_pe_note", "notes.fig_pe_paper"),
                                          ("note-pe-code", "note-pe-paper"))]


@st.cache_resource(show_spinner=False, max_entries=64)
def equivariance(name: str, ids: tuple[int, ...], seed: int, with_pe: bool) -> lessons.Equivariance:
    """Encoder outputs of a sentence and its shuffle (read-only, shared by sessions)."""
    result = lessons.equivariance(data.bundle(name).model, list(ids), seed, with_pe)
    for a in (result.order, result.attn, result.attn_shuffled, result.memory, result.memory_shuffled):
        read_only(a)
    return result


@st.cache_resource(show_spinner=False, max_entries=64)
def invariance(name: str, ids: tuple[int, ...], tgt_ids: tuple[int, ...], seed: int) -> lessons.Invariance:
    """The translation's logits and greedy outputs for a sentence and its shuffle, with and without the source PE
    (read-only, shared by sessions)."""
    result = lessons.invariance(data.bundle(name).model, list(ids), list(tgt_ids), seed)
    read_only(result.order)
    return result


def translation_check(trace: Trace) -> lessons.Invariance | None:
    """The shuffle the view state asks for, checked on the translation (None: not shuffled, or under two tokens)."""
    seed = int(state.get("shuffle"))
    if seed == 0 or len(trace.src.ids) < 2:
        return None
    return invariance(trace.model, tuple(trace.src.ids), (BOS_ID, *trace.decoded.ids), seed)


@dataclass(frozen=True)
class Shuffle:
    """The sentence's shuffle in the view state and the encoder compared on both orders."""

    result: lessons.Equivariance
    tokens: list[str]  # the source tokens in shuffled order
    with_pe: bool


def shuffle(trace: Trace) -> Shuffle | None:
    """The shuffle the view state asks for, or None (not shuffled, or fewer than two tokens)."""
    seed, with_pe = int(state.get("shuffle")), bool(state.get("shuffle_with_pe"))
    if seed == 0 or len(trace.src.ids) < 2:
        return None
    result = equivariance(trace.model, tuple(trace.src.ids), seed, with_pe)
    return Shuffle(result, [trace.src.tokens[i] for i in result.order], with_pe)


def shuffle_block(s: Shuffle) -> Block:
    """|memory of the shuffled sentence − the memory reordered the same way| per token and dimension."""
    diff = np.abs(s.result.memory_shuffled - s.result.memory[s.result.order])  # (S, d_model)
    return Block([matrix_heatmap(diff, s.tokens, [f"d{i}" for i in range(diff.shape[1])], kind="raw",
                                 title=t("pe.fig_diff"), row_title=t("axis.token"), col_title=t("axis.dimension"),
                                 show_values=False, col_ticks=16, words=words())], "pe-shuffle-diff")


def panel_blocks(key: str, bundle: Bundle, trace: Trace) -> list[Block]:
    """The charts panel `key` shows for this trace and view state."""
    if key == "mask_mul":
        return [mask_mul_block(mask_mode())]
    if key == "pe_code":
        return pe_code_blocks(bundle)
    s = shuffle(trace) if key == "shuffle" else None
    return [shuffle_block(s)] if s is not None else []


def charts(page: str, trace: Trace) -> list[Block]:
    """The charts of the panels shown on `page` ("notes": every panel)."""
    bundle = data.bundle(trace.model)
    return [b for key in CHARTED if page in (PANELS[key][0], "notes") for b in panel_blocks(key, bundle, trace)]


def every_chart(trace: Trace) -> list[Block]:
    """Every panel's charts: the Notes vs app page (what the keystroke route sends)."""
    return charts("notes", trace)
