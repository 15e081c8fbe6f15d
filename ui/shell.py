"""Keep every page inside app.py's shell, even on a fresh server opened at a page's URL."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager

_IN_SHELL: ContextVar[bool] = ContextVar("in_shell", default=False)  # per script thread: no session sees another's


@contextmanager
def inside() -> None:
    """Mark the page run that app.py's shell starts (the block), so the page knows it is not running alone."""
    token = _IN_SHELL.set(True)
    try:
        yield
    finally:
        _IN_SHELL.reset(token)


def require_app(default: bool = False) -> None:
    """Leave Streamlit's legacy `pages/` mode (in force until app.py's st.navigation first runs) and rerun via app.py.

    A fresh server treats a `pages/` folder as old-style multipage until st.navigation is called, so a shared link
    opened first would run the page without the shell. Whether this run is inside the shell is asked of this
    thread's own marker, not of the process-wide mode, which another session may have switched meanwhile (a class
    opening one link at once). Page URLs match in both modes; the default page's does not (it is "/"), so that one
    switches to the main page with the same query string.
    """
    if _IN_SHELL.get():
        return
    PagesManager.uses_pages_directory = False
    if default:
        st.switch_page("app.py", query_params=st.query_params.to_dict())
    st.rerun()
