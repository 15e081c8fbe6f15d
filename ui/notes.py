"""The findings in the notes, each an "In the notes / In this app" box: a note's words with their lines, what is wrong
with them (or, for a remark, why they only look wrong), and a live demonstration (ui/notes_demos.py).

Each finding is shown on the page where its topic lives (lesson/notes.py) and, all together, on the "Mistakes found
in the notes" page; the findings' charts are built in ui/views/notes.py, where the keystroke route builds them too.
"""
from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from lesson.notes import MISTAKES, NOTE_TITLES, REMARKS, Quote
from model.checkpoint import Bundle
from model.trace import Trace
from ui import widgets
from ui.i18n import t
from ui.notes_demos import CHART_DEMOS, DEMOS, ON_REQUEST, VERDICT_FIELDS
from ui.payload import Answer

NOTE_NAMES = {f"note{i}": f"«{title}»" for i, title in enumerate(NOTE_TITLES)}  # a text names a note by its title


def section(page: str, bundle: Bundle, trace: Trace | None, charts: Answer | None = None) -> None:
    """Every finding (mistakes, then remarks) whose topic lives on `page`, under one subheader; the charts among them
    are the page's (`charts`, its answer: ui/views/notes.on_page; Masks and Embeddings have some)."""
    st.subheader(t("notes.findings_here"))
    for key in [key for key, (where, _) in (MISTAKES | REMARKS).items() if where == page]:
        box(key, bundle, trace, charts)


def quoted(quote: str, code: bool) -> str:
    """A note's words as markdown: code fenced (as LaTeX where it holds a formula's $$ or backslash, else Python), prose
    as a block quote (escaped, never markup)."""
    if not code:
        return "> " + widgets.plain(quote)
    language = "latex" if "$$" in quote or "\\" in quote else "python"
    return f"```{language}\n{quote}\n```"


def lines(first: int, last: int) -> str:
    """A quote's lines in its note: "441" or "441–445"."""
    return str(first) if first == last else f"{first}–{last}"


def heading(quote: Quote) -> str:
    """"In the notes · «title», line n" (or lines n–m) above a quote."""
    note, (first, last), _, _ = quote
    if first == last:
        return t("notes.in_notes", title=NOTE_TITLES[note], line=first)
    return t("notes.in_notes_lines", title=NOTE_TITLES[note], first=first, last=last)


def verdict(key: str) -> str:
    """What is wrong with the quotes (a mistake) or why they are right (a remark), notes named by title."""
    kind = "remark" if key in REMARKS else "wrong"
    return t(f"notes.{key}.{kind}", **NOTE_NAMES, **VERDICT_FIELDS.get(key, dict)())


def box(key: str, bundle: Bundle, trace: Trace | None, charts: Answer | None) -> None:
    """One finding's box: the notes' words, their lines and what is wrong with them (left, one markdown), what this
    app does, live (right)."""
    with st.container(border=True):
        left, right = st.columns(2)
        quotes = [heading(q) + "\n\n" + quoted(q[2], q[3]) for q in (MISTAKES | REMARKS)[key][1]]
        left.markdown("\n\n".join([f"#### {t(f'notes.{key}.title')}", *quotes, verdict(key)]))
        with right:
            st.markdown(t("notes.in_app"))
            if key in CHART_DEMOS:
                CHART_DEMOS[key](bundle, trace, charts)
            elif key in ON_REQUEST:
                on_request(key, lambda: DEMOS[key](bundle, trace))
            else:
                DEMOS[key](bundle, trace)


def on_request(key: str, demo: Callable[[], None]) -> None:
    """A demonstration that runs the model on the sentence again (translating it another way), in an expander whose
    contents run only while it is open: the rerun after each typing pause pays for it only where a reader opened
    it (on Decoding its three took 100 ms of the pause's 136), and an opened one stays open while they type on."""
    shown = st.expander(t("notes.on_request"), key=f"demo_{key}", on_change="rerun")
    if shown.open:
        with shown:
            demo()
