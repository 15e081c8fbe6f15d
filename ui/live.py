"""The keystroke route's address (see ui/route.py) and which route, if any, serves the charts of this thread's
script run.

Light on purpose: the server mounts the route at start-up from this address without loading the model stack (app.py
imports ui/route.py on the first request), and a rerun's View (ui/state.view_state) takes its route from here
without importing the pages' chart builders.
"""
from __future__ import annotations

from contextvars import ContextVar

from streamlit import config

DEBOUNCE_MS = 250  # the sentence box's pause before a live page's rerun (its charts do not wait for it)
PATH = "/_al/live/{page}"
FOLLOW = "/_al/follow/{page}"  # the same answers for a class's students (nginx: no cache lock, see deploy/)
_URL: ContextVar[str] = ContextVar("live_url", default="")  # per thread: a script run's


def enter(url: str) -> None:
    """Set the keystroke route of the page this script run draws ("" if reruns alone draw its charts)."""
    _URL.set(url)


def url() -> str:
    """The keystroke route of the page this script run draws, or ""."""
    return _URL.get()


def base_path() -> str:
    """The server's base URL path: "" or "/prefix"."""
    base = config.get_option("server.baseUrlPath").strip("/")
    return "/" + base if base else ""
