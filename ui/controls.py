"""Pickers shared by several pages (attention block, layer, head), bound to the URL state."""
from __future__ import annotations

import streamlit as st

from model.pretrained import PretrainedTrace
from model.trace import Trace
from ui import state
from ui.i18n import t

SIDES = {"encoder": "ctl.side_encoder", "decoder": "ctl.side_decoder", "cross": "ctl.side_cross"}  # side -> message


def side_label(side: str) -> str:
    """The attention block's name in the UI language ("Encoder self", …)."""
    return t(SIDES[side])


def blocks(trace: Trace) -> list[str]:
    """The attention blocks the trace's model has (a BERT has only "encoder", a GPT-2 only "decoder")."""
    return list(trace.blocks) if isinstance(trace, PretrainedTrace) else list(SIDES)


def block_view(trace: Trace) -> tuple[str, int, int]:
    """(side, layer, head) of the view state, each put back inside what the trace's model has (no widget: the
    keystroke route asks the same as the pickers)."""
    sides = blocks(trace)
    if state.get("side") not in sides:
        state.put("side", sides[0])
    head = state.clamp("head", 0, trace.config.h - 1)
    return state.get("side"), state.clamp("layer", 0, trace.n_layers(state.get("side")) - 1), head


def pick_block(trace: Trace, with_head: bool = True, sides: list[str] | None = None) -> tuple[str, int, int]:
    """Side, layer and head pickers in one row (wrapping for a pretrained model's many layers and heads), offering
    `sides` (default: every block the model has); returns (side, layer, head)."""
    side, _, _ = block_view(trace)
    h, sides = trace.config.h, sides or blocks(trace)
    with st.container(horizontal=True, vertical_alignment="bottom", gap="large"):  # one block, not a column each
        side = state.bound(st.segmented_control, t("ctl.block"), "side", options=sides,
                           format_func={s: side_label(s) for s in SIDES}.get) or sides[0]
        N = trace.n_layers(side)
        state.clamp("layer", 0, N - 1)
        layer = state.bound(st.segmented_control, t("ctl.layer"), "layer", options=list(range(N))) or 0
        head = 0
        if with_head:
            head = state.bound(st.segmented_control, t("ctl.head"), "head", options=list(range(h))) or 0
    return side, layer, head


def query_view(tokens: list[str]) -> int:
    """The view state's query token, put back inside the sentence (no widget, as `block_view`)."""
    return state.clamp("query", 0, len(tokens) - 1)


def pick_query(tokens: list[str]) -> int:
    """Query-token picker (index into tokens)."""
    query_view(tokens)
    return state.bound(st.selectbox, t("ctl.query_token"), "query", options=list(range(len(tokens))),
                       format_func=lambda i: f"{i}: {tokens[i]}")
