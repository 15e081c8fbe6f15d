"""Pickers shared by several pages (attention block, layer, head), bound to the URL state."""
from __future__ import annotations

import streamlit as st

from model.trace import Trace
from ui import bind, state, widgets
from ui.i18n import t
from ui.view import View, attention_blocks, within_model


def put_block(trace: Trace, v: View) -> View:
    """`v` with its block, layer and head back inside what the trace's model has, written back so the pickers show
    what the charts show."""
    v = within_model(trace, v)
    for name in ("block", "layer", "head"):
        state.put(name, getattr(v, name))
    return v


def pick_block(trace: Trace, v: View, with_head: bool = True, blocks: list[str] | None = None,
               query: bool = False) -> View:
    """Side, layer and head pickers in one row (wrapping for a pretrained model's many layers and heads; presenter
    view: on the stage, above the figure they pick), offering `blocks` (default: every block the model has), and with
    `query` in presenter view the query token whose label a thinned map keeps (viz.spec.Axis.focus); returns `v` with
    the picks."""
    v = put_block(trace, v)
    h, blocks = trace.config.h, blocks or attention_blocks(trace)
    with widgets.stage_pickers(), st.container(horizontal=True, vertical_alignment="bottom", gap="large"):
        v = bind.picked(v, st.segmented_control, t("ctl.block"), "block", options=blocks, format_func=v.block_label)
        N = trace.n_layers(v.block)
        v = bind.picked(state.keep(v, layer=N - 1), st.segmented_control, t("ctl.layer"), "layer",
                        options=list(range(N)))
        if with_head:
            v = bind.picked(v, st.segmented_control, t("ctl.head"), "head", options=list(range(h)))
        if query and v.presenter:
            v = pick_query(trace.attn(v.block, v.layer).queries, v)
    return v


def pick_query(tokens: list[str], v: View) -> View:
    """Query-token picker (index into tokens); returns `v` with the pick."""
    return bind.picked(state.keep(v, query=len(tokens) - 1), st.selectbox, t("ctl.query_token"), "query",
                       options=list(range(len(tokens))), format_func=lambda i: f"{i}: {tokens[i]}")
