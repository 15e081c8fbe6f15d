"""Keyboard navigation: → / PageDown and ← / PageUp anywhere on the page (not while typing in a box)."""
from __future__ import annotations

import streamlit as st

from ui.assets import component_js
from ui.shared import per_process

JS = component_js("keys")  # ui/static/components/keys.js


@per_process(1)
def _element():
    """The registered (invisible) key listener."""
    return st.components.v2.component("attention_lab_keys", js=JS)


def arrow_keys(key: str = "arrow_keys", on_press=None) -> str | None:
    """"next", "prev" or None: the arrow key pressed since the last run (on_press runs before the rerun)."""
    result = _element()(key=key, on_pressed_change=on_press or (lambda: None))
    return getattr(result, "pressed", None)
