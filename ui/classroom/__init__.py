"""Class mode: a lecturer's view followed live by a class (a join code, server-sent events, sentences sent to the
front), its state in a store shared by every replica (store.py: Redis, or in-process for a single `streamlit run`)."""

DIALOG_TITLE = "Class · 课堂"  # the class's dialog (bar.py), in both languages: st.dialog takes its title once
