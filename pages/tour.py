"""Guided tour: one forward pass of the model on the current sentence, one step per screen (← / → to move)."""
import streamlit as st

from lesson.tour import TourStep, facts, steps
from ui import bind, data, shell, state, widgets
from ui.i18n import t
from ui.payload import Answer, answer
from ui.tour_text import fit_text
from ui.view import View
from ui.views.tour import elements, last, step_index

shell.require_app()

FORMULA_CSS = "<style>.st-key-tour-formula .katex-display {overflow-x:auto; overflow-y:hidden}</style>"
PRESENTER_CSS = """<style>
.st-key-tour-nav {margin-top:12px}
.st-key-tour-nav h1 {font-size:1.7rem !important; padding:0 !important}
.st-key-tour-text [data-testid="stMarkdownContainer"] p {line-height:1.45}
</style>"""


def go(n: int) -> None:
    """Go to step `n` (a button's, inside the tour)."""
    state.put("tour", n)


def navigation(n: int, title: str, view: View) -> None:
    """Back, the step indicator and Next (disabled at the ends; the clicker keys, ui/keys.py, go on to the pages); in
    presenter view the step's title between the buttons (the header tells the keys), a row above its figure."""
    total = last(view) + 1
    back, middle, forward = st.columns([1, 4, 1], vertical_alignment="center")
    with back:
        st.button(t("tour.back"), key="tour_back", icon=":material/arrow_back:", on_click=go, args=(max(n - 1, 0),),
                  disabled=n == 0, width="stretch")
    with middle:
        step_of = t("tour.step_of", n=n + 1, total=total)
        if view.presenter:
            st.title(f"{step_of} · {title}")
        else:
            st.markdown(f"**{step_of}** · {t('tour.keys_hint')}")
    with forward:
        st.button(t("tour.next"), key="tour_next", icon=":material/arrow_forward:", icon_position="right",
                  on_click=go, args=(min(n + 1, total - 1),), disabled=n == total - 1, type="primary",
                  width="stretch")


def show(n: int, trace, charts: Answer) -> None:
    """The step (in presenter view on the stage): its title, its figure next to the explanation, and its formula
    with this sentence's numbers."""
    step: TourStep = steps(charts.view.tour_chapter)[n]
    title = t(f"tour.{step.key}.title")
    with st.container(key="tour-nav"):
        navigation(n, title, charts.view)
    if not charts.view.presenter:
        st.title(title)
    left, right = st.columns([3, 2])
    with left:
        widgets.show(charts["figure"])
    with right, st.container(key="tour-text"):
        st.markdown(t(f"tour.{step.key}.text", **facts(trace)))
        if step.key == "cross":
            widgets.cross_note(trace, charts.view)
    if charts.view.presenter:  # the text ends on the projector's screen: smaller type for a long step (18 px least)
        fit_text(step.key, trace.text)
    with st.container(key="tour-formula"):
        st.caption(t("tour.formula_caption"))
        st.latex(step.formula(trace))


view = shell.page_view()
if not view.presenter:  # the step's title says where the room is
    st.subheader(t("tour.header"))
st.html(FORMULA_CSS + (PRESENTER_CSS if view.presenter else ""))
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    charts = answer(elements, trace, view)  # the keystroke route sends the same chart
    n = step_index(view)
    state.put("tour", n)  # the step shown, in the URL
    with widgets.main_figure():
        show(n, trace, charts)
    # the chapter's toggle goes last, so a projector's first screen keeps the step's figure
    bind.bound(st.toggle, t("tour.chapter"), "tour_chapter", help=t("tour.chapter_help"))
