"""Pickers shared by several pages (attention block, layer, head), bound to the URL state."""
from __future__ import annotations

import streamlit as st

from model.trace import Trace
from ui import state
from ui.i18n import t
from ui.view import SIDES, attention_blocks, block_view, query_view


def side_label(side: str) -> str:
    """The attention block's name in the UI language ("Encoder self", …)."""
    return t(SIDES[side])


def put_block(trace: Trace) -> None:
    """Put the view state's side, layer and head back inside what the trace's model has, as the charts show them."""
    for name, value in zip(("side", "layer", "head"), block_view(trace, state.view_state())):
        state.put(name, value)


def pick_block(trace: Trace, with_head: bool = True, sides: list[str] | None = None) -> tuple[str, int, int]:
    """Side, layer and head pickers in one row (wrapping for a pretrained model's many layers and heads), offering
    `sides` (default: every block the model has); returns (side, layer, head)."""
    put_block(trace)
    h, sides = trace.config.h, sides or attention_blocks(trace)
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


def pick_query(tokens: list[str]) -> int:
    """Query-token picker (index into tokens)."""
    state.put("query", query_view(tokens, state.view_state()))
    return state.bound(st.selectbox, t("ctl.query_token"), "query", options=list(range(len(tokens))),
                       format_func=lambda i: f"{i}: {tokens[i]}")
