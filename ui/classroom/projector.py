"""The lecturer's projector window: one click on the console (the lecturer's own window, where the page list, the
pickers, the gallery and the join code stay private) opens a second window for the projector that follows the class
as a student does, in presenter view, the stage only, its pickers and drawing shown but not taken (ui/static/components/
projector.js); it is not counted among the students; a clicker pressed there moves the console's lecture
(ui/static/components/keys.js). Without a class the same click starts one for the window to follow."""
from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from ui import live, state
from ui.assets import component_js
from ui.classroom import session
from ui.classroom.session import Seat
from ui.i18n import lang, t
from ui.shared import per_process

JS = component_js("projector")  # ui/static/components/projector.js
# the projector window shows the stage: no sentence row (its box, model, View and keys), nothing of the class's, not
# the tour's chapter toggle (the lecturer's choice, made on the console), and the stage's pickers and the drawing
# canvas for display only (the lecturer picks and draws on the console; a click or a stroke there would take the
# window off the lecture)
HIDDEN_CSS = """<style>
.st-key-al-header [data-testid="stHorizontalBlock"]:has([class*="st-key-sentence_"]) {display:none}
.st-key-w_tour_chapter {display:none}
.st-key-al-pickers, .st-key-ink_canvas {pointer-events:none}
</style>"""


@per_process(1)
def _element():
    """The registered button."""
    return st.components.v2.component("attention_lab_projector", js=JS)


def url(s: Seat) -> str:
    """The projector window's address: the class's, joined as a follower in presenter view, in the console's
    language."""
    query = {"join": s.code, "presenter": 1, "projector": 1, "lang": lang()}
    return f"{live.base_path()}/?{urlencode(query)}"


def open_button(s: Seat) -> None:
    """The console's one click that opens (or brings back) the projector window; a window opened by `start_button`
    and waiting for its class is sent to it."""
    _element()(data={"url": url(s), "label": t("class.projector"), "help": t("class.projector_help")},
               key="class_projector")


def start_button(path: str) -> None:
    """Without a class, the console's one click that opens the projector window, in the sidebar under the page list
    (the header's row is full at 1280 px: there it took a row of its own): the window opens at once (a browser opens
    one only on a click) and the run the click asks for starts a class of this view for it to follow, with no join
    code shown (a lecturer alone needs none); that run's `open_button` sends the waiting window there."""
    with st.sidebar:
        result = _element()(data={"url": "", "label": t("class.projector"), "help": t("class.projector_start_help")},
                            key="class_projector_start", width="content", on_start_change=lambda: None)
    if getattr(result, "start", None):
        session.start(path, show_code=False)
        st.rerun()


def projector() -> bool:
    """Whether this window is the projector window."""
    return bool(state.get("projector"))


def hide_controls() -> None:
    """The projector window: the stage only."""
    st.html(HIDDEN_CSS)
