"""Presenter view's tour text fitted to the window: the step's explanation ends on the projector's screen, in smaller
type for a long step (18 px the least); ui/static/components/tour_fit.js measures and sets it."""
from __future__ import annotations

import streamlit as st

from ui.assets import component_js
from ui.shared import per_process

CSS = """<style>
.st-key-tour-text[style*="--al-tour-text"] :is(p, li) {font-size:var(--al-tour-text) !important}
.st-key-tour_fit {display:none}
</style>"""


@per_process(1)
def _element():
    """The registered (invisible) fitting script."""
    return st.components.v2.component("attention_lab_tour_fit", js=component_js("tour_fit"))


def fit_text(step: str, sentence: str) -> None:
    """Fit `.st-key-tour-text` after this run has drawn the step (`step` and `sentence`: a new one fits again)."""
    st.html(CSS)
    _element()(key="tour_fit", data={"step": step, "sentence": sentence})
