"""The keystroke route's address (see ui/route.py): where the server mounts it and the base path it lives under.

Light on purpose: the server mounts the route at start-up from this address without loading the model stack (the
server imports ui/route.py on the first request); which route serves a script run's page is the run's own record
(ui/state.serve).
"""
from __future__ import annotations

from streamlit import config

DEBOUNCE_MS = 250  # the sentence box's pause before a live page's rerun (its charts do not wait for it)
PATH = "/_al/live/{page}"
FOLLOW = "/_al/follow/{page}"  # the same answers for a class's students (nginx: no cache lock, see deploy/)


def base_path() -> str:
    """The server's base URL path: "" or "/prefix"."""
    base = config.get_option("server.baseUrlPath").strip("/")
    return "/" + base if base else ""
