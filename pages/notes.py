"""Mistakes found in the notes: every mistake found so far in the five notes, each quoted with its lines and with the
app's own computation next to it; then the places that read as mistakes but are not."""
import pandas as pd
import streamlit as st

from ui import data, notes, shell
from ui.i18n import t
from ui.payload import answer
from ui.views.notes import elements

shell.require_app()


def index(findings: dict) -> pd.DataFrame:
    """One row per finding: its topic, the notes and lines it quotes, and the page it also sits on."""
    return pd.DataFrame({
        t("notes.col_topic"): [t(f"notes.{key}.title").replace("`", "") for key in findings],
        t("notes.col_note"): [" · ".join(dict.fromkeys(f"«{notes.NOTE_TITLES[n]}»" for n, _, _, _ in quotes))
                              for _, quotes in findings.values()],
        t("notes.col_line"): [", ".join(notes.lines(*lines) for _, lines, _, _ in quotes)
                              for _, quotes in findings.values()],
        t("notes.col_page"): [t(f"nav.{page}") for page, _ in findings.values()],
    })


st.header(t("notes.header"))
st.caption(t("notes.intro"))
view = shell.page_view()
bundle = data.bundle(view.model)
trace = data.view_trace(view)
charts = answer(elements, trace, view)  # the keystroke route sends the same charts
st.subheader(t("notes.index"))
st.table(index(notes.MISTAKES), hide_index=True)  # its cells wrap: the table keeps to its column
for key in notes.MISTAKES:
    notes.box(key, bundle, trace, charts)
st.subheader(t("notes.remarks"))
st.caption(t("notes.remarks_caption"))
st.table(index(notes.REMARKS), hide_index=True)
for key in notes.REMARKS:
    notes.box(key, bundle, trace, charts)
