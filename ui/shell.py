"""Keep every page inside app.py's shell, even on a fresh server opened at a page's URL."""
from __future__ import annotations

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager


def require_app(default: bool = False) -> None:
    """Leave Streamlit's legacy `pages/` mode (in force until app.py's st.navigation first runs) and rerun via app.py.

    A fresh server treats a `pages/` folder as old-style multipage until st.navigation is called, so a shared link
    opened first would run the page without the shell. Page URLs match in both modes; the default page's does not
    (it is "/"), so that one switches to the main page with the same query string.
    """
    if not PagesManager.uses_pages_directory:
        return
    PagesManager.uses_pages_directory = False
    if default:
        st.switch_page("app.py", query_params=st.query_params.to_dict())
    st.rerun()
