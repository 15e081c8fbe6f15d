"""BERT vs GPT's charts for one trace and the view state (the page places `elements`' charts by key, the keystroke
route sends them all)."""
from __future__ import annotations

import numpy as np

from model.trace import Trace
from ui.view import Element, View
from ui.views.masks import mask_figure

SIDES = {"encoder": ("bg.fig_encoder", "bg-enc-mask"), "decoder": ("bg.fig_decoder", "bg-dec-mask")}  # title, key


def mask_element(keep: np.ndarray, tokens: list[str], title: str, key: str, v: View) -> Element:
    """The additive mask M as the Masks page draws it, its hover saying what each query sees."""
    return Element([mask_figure(keep, tokens, tokens, title, v, hover=v.t("bg.hover_visible"))], key)


def side_keep(trace: Trace, side: str) -> np.ndarray:
    """Which keys each query of a side's first layer sees (the encoder: this sentence; the decoder: its translation)."""
    return np.asarray(trace.attn(side, 0).mask, bool)  # (L_q, L_k)


def side_tokens(trace: Trace, side: str) -> list[str]:
    """A side's tokens: the source, or the decoder's inputs."""
    return trace.src.tokens if side == "encoder" else trace.tgt_input_tokens


def side_element(trace: Trace, side: str, v: View) -> Element:
    """The mask one half of this model uses, on its own tokens."""
    title, key = SIDES[side]
    return mask_element(side_keep(trace, side), side_tokens(trace, side), v.t(title), key, v)



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view, by side (a built-in model only: a pretrained one's masks are
    measured on the page)."""
    return {side: side_element(trace, side, v) for side in SIDES}
