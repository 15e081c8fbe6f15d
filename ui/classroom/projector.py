"""The lecturer's projector window: one click on the console (the lecturer's own window, where the page list, the
pickers, the gallery and the join code stay private) opens a second window for the projector that follows the class
as a student does, in presenter view, the stage only (ui/static/components/projector.js); a clicker pressed there
moves the console's lecture (ui/static/components/keys.js)."""
from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from ui import live, state
from ui.assets import component_js
from ui.classroom.session import Seat
from ui.i18n import lang, t
from ui.shared import per_process

JS = component_js("projector")  # ui/static/components/projector.js
# the projector window shows the stage: no sentence row (its box, model, View and keys), nothing of the class's, and
# not the tour's chapter toggle (the lecturer's choice, made on the console)
HIDDEN_CSS = """<style>
.st-key-al-header [data-testid="stHorizontalBlock"]:has([class*="st-key-sentence_"]) {display:none}
.st-key-w_tour_chapter {display:none}
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
    """The console's one click that opens (or brings back) the projector window."""
    _element()(data={"url": url(s), "label": t("class.projector"), "help": t("class.projector_help")},
               key="class_projector")


def projector() -> bool:
    """Whether this window is the projector window."""
    return bool(state.get("projector"))


def hide_controls() -> None:
    """The projector window: the stage only."""
    st.html(HIDDEN_CSS)
