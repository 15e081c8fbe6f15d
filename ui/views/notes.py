"""The charts of the findings in the notes, each an "In the notes / In this app" box (ui/notes.py), for one trace and
the view state: the box draws them between its texts and buttons, the keystroke route builds the same chart elements
for the page they sit on."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lesson.notes import MISTAKES
from model import lessons
from model.checkpoint import Bundle
from model.positional import sinusoidal_encoding
from model.tokenizer import BOS_ID
from model.trace import Trace
from ui import data
from ui.view import Element, View
from viz.heatmap import matrix_heatmap

CHARTED = ("mask_mul", "pe_code", "shuffle")  # the findings that draw charts
PE_ROWS = 8  # positions (and dimensions) of the note's PE table


def mask_mul_weights(mode: str) -> np.ndarray:
    """The note's 3 × 3 scores under a causal mask, softmaxed after × or + (−∞) masking."""
    keep = lessons.causal_keep(3)
    if mode == "mul":
        return lessons.multiplicative_mask(lessons.NOTE_SCORES, keep)
    return lessons.additive_mask(lessons.NOTE_SCORES, keep)


def mask_mul_element(mode: str, v: View) -> Element:
    """The masked weights; the + mode greys the −∞ cells."""
    names, keep = ["x1", "x2", "x3"], lessons.causal_keep(3)
    return Element([matrix_heatmap(mask_mul_weights(mode), names, names, kind="prob", decimals=3,
                                   masked=None if mode == "mul" else keep == 0, title=v.t(f"mm.fig_{mode}"),
                                   row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col"),
                                   hover_formula="softmax({row}, {col})", height=300, words=v.words())], "note-mask")


def note_pe(bundle: Bundle) -> tuple[np.ndarray, np.ndarray]:
    """The note's PE code and the paper's formula at this model's d_model, for the first PE_ROWS positions."""
    d = bundle.config.d_model
    return lessons.note_pe(PE_ROWS, d), sinusoidal_encoding(PE_ROWS, d)  # (PE_ROWS, d_model) each


def pe_code_elements(bundle: Bundle, v: View) -> list[Element]:
    """Both tables' first PE_ROWS dimensions, one chart each."""
    cols = [f"d{i}" for i in range(PE_ROWS)]
    return [Element([matrix_heatmap(values[:, :PE_ROWS], list(range(PE_ROWS)), cols, title=v.t(title), decimals=2,
                                    row_title=v.t("axis.position"), col_title=v.t("axis.dimension"), bound=1.0,
                                    height=380, words=v.words())], key)
            for values, title, key in zip(note_pe(bundle), ("notes.fig_pe_note", "notes.fig_pe_paper"),
                                          ("note-pe-code", "note-pe-paper"))]


def translation_check(trace: Trace, v: View) -> lessons.Invariance | None:
    """The shuffle the view asks for, checked on the translation (None: not shuffled, or under two tokens)."""
    if v.shuffle == 0 or len(trace.src.ids) < 2:
        return None
    return data.invariance(trace.model, tuple(trace.src.ids), (BOS_ID, *trace.decoded.ids), int(v.shuffle))


@dataclass(frozen=True)
class Shuffle:
    """The sentence's shuffle in the view state and the encoder compared on both orders."""

    result: lessons.Equivariance
    tokens: list[str]  # the source tokens in shuffled order
    with_pe: bool


def shuffle(trace: Trace, v: View) -> Shuffle | None:
    """The shuffle the view asks for, or None (not shuffled, or fewer than two tokens)."""
    seed, with_pe = int(v.shuffle), bool(v.shuffle_with_pe)
    if seed == 0 or len(trace.src.ids) < 2:
        return None
    result = data.equivariance(trace.model, tuple(trace.src.ids), seed, with_pe)
    return Shuffle(result, [trace.src.tokens[i] for i in result.order], with_pe)


def shuffle_element(s: Shuffle, v: View) -> Element:
    """|memory of the shuffled sentence − the memory reordered the same way| per token and dimension."""
    diff = np.abs(s.result.memory_shuffled - s.result.memory[s.result.order])  # (S, d_model)
    return Element([matrix_heatmap(diff, s.tokens, [f"d{i}" for i in range(diff.shape[1])], kind="raw",
                                   title=v.t("pe.fig_diff"), row_title=v.t("axis.token"),
                                   col_title=v.t("axis.dimension"),
                                   show_values=False, col_ticks=16, words=v.words())], "pe-shuffle-diff")


def finding_elements(key: str, bundle: Bundle, trace: Trace | None, v: View) -> dict[str, Element]:
    """The charts finding `key` shows for this trace (the shuffle: none without one) and view, by element key."""
    if key == "mask_mul":
        return {"note-mask": mask_mul_element(v.mask_mode, v)}
    if key == "pe_code":
        return {e.key: e for e in pe_code_elements(bundle, v)}
    s = shuffle(trace, v) if key == "shuffle" and trace is not None else None
    return {"pe-shuffle-diff": shuffle_element(s, v)} if s is not None else {}


def on_page(page: str, trace: Trace | None, v: View) -> dict[str, Element]:
    """The charts of the findings shown on `page` ("notes": every finding), by element key."""
    bundle = data.bundle(v.model)
    charted = [key for key in CHARTED if page in (MISTAKES[key][0], "notes")]
    return {name: e for key in charted for name, e in finding_elements(key, bundle, trace, v).items()}


def elements(trace: Trace | None, v: View) -> dict[str, Element]:
    """Every finding's charts: the Notes vs app page's."""
    return on_page("notes", trace, v)
