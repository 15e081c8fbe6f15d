"""Mistakes found in the notes: every mistake found so far in the five notes, each with the app's own computation
next to it."""
import pandas as pd
import streamlit as st

from ui import data, notes, shell, state
from ui.i18n import t

shell.require_app()

st.header(t("notes.header"))
st.caption(t("notes.intro"))
bundle = data.bundle(state.get("model"))
trace = data.current_trace()
st.subheader(t("notes.index"))
st.dataframe(pd.DataFrame({
    t("notes.col_topic"): [t(f"notes.{key}.title").replace("`", "") for key in notes.PANELS],
    t("notes.col_note"): [" · ".join(dict.fromkeys(f"«{notes.NOTE_TITLES[n]}»" for n, _, _ in quotes))
                          for _, quotes in notes.PANELS.values()],
    t("notes.col_page"): [t(f"nav.{page}") for page, _ in notes.PANELS.values()],
}), hide_index=True, width="stretch")
for key in notes.PANELS:
    notes.panel(key, bundle, trace)
