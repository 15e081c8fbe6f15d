"""Pickers shared by several pages (attention block, layer, head), bound to the URL state, and figure display
with the words the viz builders write themselves shown in the UI language."""
from __future__ import annotations

import streamlit as st

from model.trace import Trace
from ui import state, widgets
from ui.i18n import lang, t

SIDES = {"encoder": "ctl.side_encoder", "decoder": "ctl.side_decoder", "cross": "ctl.side_cross"}  # side -> message


def side_label(side: str) -> str:
    """The attention block's name in the UI language ("Encoder self", …)."""
    return t(SIDES[side])


def pick_block(trace: Trace, with_head: bool = True) -> tuple[str, int, int]:
    """Side, layer and head pickers in one row; returns (side, layer, head)."""
    N, h = trace.config["N"], trace.config["h"]
    if state.get("side") not in SIDES:
        state.put("side", "encoder")
    state.clamp("layer", 0, N - 1)
    state.clamp("head", 0, h - 1)
    cols = st.columns([5, 2, 3] if with_head else [5, 2])
    with cols[0]:
        side = state.bound(st.segmented_control, t("ctl.block"), "side", options=list(SIDES),
                           format_func={s: side_label(s) for s in SIDES}.get) or "encoder"
    with cols[1]:
        layer = state.bound(st.segmented_control, t("ctl.layer"), "layer", options=list(range(N))) or 0
    head = 0
    if with_head:
        with cols[2]:
            head = state.bound(st.segmented_control, t("ctl.head"), "head", options=list(range(h))) or 0
    return side, layer, head


def pick_query(tokens: list[str]) -> int:
    """Query-token picker (index into tokens)."""
    state.clamp("query", 0, len(tokens) - 1)
    return state.bound(st.selectbox, t("ctl.query_token"), "query", options=list(range(len(tokens))),
                       format_func=lambda i: f"{i}: {tokens[i]}")


# English words the viz builders put into figures by themselves (not parameters) -> message
VIZ_WORDS = {
    "value": "viz.value", "weight": "viz.weight", "probability": "viz.probability", "mean": "viz.mean",
    "variance": "viz.variance", "token": "axis.token", "position": "axis.position", "dimension": "axis.dimension",
    "before LayerNorm": "viz.before_ln", "after LayerNorm": "viz.after_ln",
    "<b>query</b>": "viz.query_bold", "<b>key</b>": "viz.key_bold",
}
ROLE_WORDS = {"query ": "axis.query", "key ": "axis.key"}  # head-view hover text "query 0: cat"


def localise(fig):
    """Swap the viz builders' own English words (colour-bar, legend and bar-axis titles, head-view labels,
    "(masked)" and "value" in hovers) for the UI language; English figures are returned untouched."""
    if lang() == "en":
        return fig
    words = {en: t(key) for en, key in VIZ_WORDS.items()}
    layout = fig["layout"]
    titled = [part for name, part in layout.items() if name.startswith(("xaxis", "yaxis")) or name == "legend"]
    titled.append(layout.get("coloraxis", {}).get("colorbar", {}))
    titled += [trace.get("colorbar", {}) for trace in fig["data"]]
    for part in titled:
        title = part.get("title")
        if isinstance(title, dict) and title.get("text") in words:
            title["text"] = words[title["text"]]
    for note in layout.get("annotations", []):
        note["text"] = words.get(note.get("text"), note.get("text"))
    for trace in fig["data"]:
        name, hover = trace.get("name"), trace.get("hovertemplate")
        if name in words:
            trace["name"] = words[name]
            if hover:
                hover = hover.replace(name, words[name])
        if hover:
            trace["hovertemplate"] = (hover.replace(" (masked)", t("viz.masked"))
                                      .replace("<br>value = ", f"<br>{words['value']} = "))
        if isinstance(trace.get("hovertext"), list):
            trace["hovertext"] = [role_text(str(text)) for text in trace["hovertext"]]
    return fig


def role_text(text: str) -> str:
    """ "query 0: cat" -> "查询 0: cat" (other hover texts unchanged)."""
    for prefix, key in ROLE_WORDS.items():
        if text.startswith(prefix):
            return t(key) + " " + text[len(prefix):]
    return text


def figure(fig, key: str) -> None:
    """widgets.figure with the figure's builder-made words in the UI language."""
    widgets.figure(localise(fig), key=key)
