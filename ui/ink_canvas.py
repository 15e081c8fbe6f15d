"""The drawing canvas of "From words to patches": strokes by mouse, touch or pen, a clear button, sample digits and a
mode that occludes patches (ui/static/components/ink_canvas.js). It reports the drawing as ink text (model/ink.py)."""
from __future__ import annotations

from dataclasses import replace

import streamlit as st

from model.ink import MAX_INK
from ui import state
from ui.assets import component_js
from ui.i18n import t
from ui.shared import per_process
from ui.url import clean_text
from ui.view import View

NAME = "ink_canvas"
SEEN = "_ink_reported"  # session key: the canvas's last report, written into the view state once

HTML = ('<div class="al-ink"><canvas class="al-ink__canvas" role="img"></canvas>'
        '<div class="al-ink__row"><button type="button" class="al-ink__button al-ink__clear"></button>'
        '<button type="button" class="al-ink__button al-ink__mode" aria-pressed="false"></button>'
        '<button type="button" class="al-ink__button al-ink__overlay"></button></div>'
        '<div class="al-ink__samples"><span class="al-ink__samples-label"></span><span class="al-ink__buttons"></span>'
        '</div><div class="al-ink__note" role="status" hidden></div></div>')

CSS = """
.al-ink { display: flex; flex-direction: column; gap: 8px; font-family: var(--st-font, sans-serif); }
.al-ink__canvas { width: min(100%, 360px); aspect-ratio: 1; touch-action: none; cursor: crosshair;
  border: 2px solid rgba(127, 127, 127, 0.45); border-radius: 6px; background: #fff; }
.al-ink--large .al-ink__canvas { width: min(100%, 520px, 46vh); }
.al-ink__row, .al-ink__samples, .al-ink__buttons { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.al-ink__button { min-height: 40px; min-width: 44px; padding: 6px 14px; font-size: 16px; border-radius: 6px;
  border: 1px solid rgba(127, 127, 127, 0.45); background: var(--st-secondary-background-color, #f0f2f6);
  color: var(--st-text-color, inherit); cursor: pointer; }
.al-ink__mode[aria-pressed="true"] { border-color: var(--st-primary-color, #ff4b4b); }
.al-ink--large .al-ink__button, .al-ink--large .al-ink__samples-label { font-size: 22px; }
.al-ink__samples-label { font-size: 14px; color: var(--st-text-color, inherit); }
.al-ink__note { padding: 4px 8px; border-radius: 4px; background: #fff8e1; color: #6b4e00; font-size: 14px; }
.al-ink__note[hidden] { display: none; }
"""

JS = component_js(NAME)  # ui/static/components/ink_canvas.js


@per_process(1)
def element():
    """The registered component."""
    return st.components.v2.component(NAME, html=HTML, css=CSS, js=JS, isolate_styles=True)


def ignore() -> None:
    """The canvas's change callback: the script reads the drawing itself."""


def ink_canvas(view: View, samples: list[dict]) -> View:
    """The canvas showing the view's drawing (large in presenter view); returns the view with the user's new drawing,
    which is written into the view state too. A drawing set by a link or the lecturer is shown by the canvas (its own
    last report, unchanged, does not overwrite it)."""
    shown = {"ink": view.ink, "occ": view.occlude}
    result = element()(data={"value": shown, "samples": samples, "max_chars": MAX_INK, "large": view.presenter,
                             "label": t("vit.canvas_label"), "clear": t("vit.clear"), "mode_draw": t("vit.mode_draw"),
                             "mode_occlude": t("vit.mode_occlude"), "samples_label": t("vit.samples"),
                             "full_note": t("vit.full"),
                             "overlays": [t("vit.overlay_rollout"), t("vit.overlay_last"), t("vit.overlay_head"),
                                          t("vit.overlay_off")]},
                       default={"value": shown}, key=NAME, on_value_change=ignore, width="stretch")
    drawn = result.value if isinstance(result.value, dict) else shown
    report = (str(drawn.get("ink", "")), str(drawn.get("occ", "")))
    if report == st.session_state.get(SEEN):
        return view
    st.session_state[SEEN] = report
    drawn_view = replace(view, ink=clean_text(report[0], MAX_INK)[0], occlude=report[1][:4])
    state.put("ink", drawn_view.ink)
    state.put("occlude", drawn_view.occlude)
    return drawn_view
