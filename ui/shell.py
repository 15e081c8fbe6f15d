"""Keep every page inside app.py's shell, even on a fresh server opened at a page's URL."""
from __future__ import annotations

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager


def require_app() -> None:
    """Leave Streamlit's legacy `pages/` mode (used until app.py's st.navigation first runs) and rerun via app.py."""
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()
