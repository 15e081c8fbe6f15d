"""Keyboard navigation: → / PageDown and ← / PageUp anywhere on the page (not while typing in a box)."""
from __future__ import annotations

import streamlit as st

from ui.shared import per_process

JS = """
export default function ({ setTriggerValue }) {
  window.__alKeys = setTriggerValue;
  if (window.__alKeysBound) return;
  window.__alKeysBound = true;
  document.addEventListener("keydown", (e) => {
    const target = e.composedPath()[0] || e.target;
    if (e.isComposing || e.altKey || e.ctrlKey || e.metaKey) return;
    if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable) return;
    if (e.key === "ArrowRight" || e.key === "PageDown") window.__alKeys("pressed", "next");
    if (e.key === "ArrowLeft" || e.key === "PageUp") window.__alKeys("pressed", "prev");
  });
}
"""


@per_process(1)
def _element():
    """The registered (invisible) key listener."""
    return st.components.v2.component("attention_lab_keys", js=JS)


def arrow_keys(key: str = "arrow_keys", on_press=None) -> str | None:
    """"next", "prev" or None: the arrow key pressed since the last run (on_press runs before the rerun)."""
    result = _element()(key=key, on_pressed_change=on_press or (lambda: None))
    return getattr(result, "pressed", None)
