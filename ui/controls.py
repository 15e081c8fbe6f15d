"""Pickers shared by several pages (attention block, layer, head), bound to the URL state."""
from __future__ import annotations

import streamlit as st

from model.trace import Trace
from ui import bind, state, widgets
from ui.i18n import t
from ui.view import attention_blocks, within_model


def put_block(trace: Trace) -> None:
    """Put the view state's block, layer and head back inside what the trace's model has, as the charts show them."""
    v = within_model(trace, state.view_state())
    for name in ("block", "layer", "head"):
        state.put(name, getattr(v, name))


def pick_block(trace: Trace, with_head: bool = True, blocks: list[str] | None = None,
               query: bool = False) -> tuple[str, int, int]:
    """Side, layer and head pickers in one row (wrapping for a pretrained model's many layers and heads; presenter
    view: on the stage, above the figure they pick), offering `blocks` (default: every block the model has), and with
    `query` in presenter view the query token whose label a thinned map keeps (viz.spec.Axis.focus); returns
    (block, layer, head)."""
    put_block(trace)
    h, blocks = trace.config.h, blocks or attention_blocks(trace)
    with widgets.stage_pickers(), st.container(horizontal=True, vertical_alignment="bottom", gap="large"):
        block = bind.bound(st.segmented_control, t("ctl.block"), "block", options=blocks,
                           format_func=state.view_state().block_label) or blocks[0]
        N = trace.n_layers(block)
        state.within(layer=N - 1)
        layer = bind.bound(st.segmented_control, t("ctl.layer"), "layer", options=list(range(N))) or 0
        head = 0
        if with_head:
            head = bind.bound(st.segmented_control, t("ctl.head"), "head", options=list(range(h))) or 0
        if query and state.get("presenter"):
            pick_query(trace.attn(block, layer).queries)
    return block, layer, head


def pick_query(tokens: list[str]) -> int:
    """Query-token picker (index into tokens)."""
    state.within(query=len(tokens) - 1)
    return bind.bound(st.selectbox, t("ctl.query_token"), "query", options=list(range(len(tokens))),
                      format_func=lambda i: f"{i}: {tokens[i]}")
