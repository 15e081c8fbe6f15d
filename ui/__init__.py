"""Streamlit-side helpers shared by app.py and the pages: URL state, cached data, widgets."""
