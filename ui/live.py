"""Which keystroke route, if any, serves the charts being built in this thread (see ui/route.py).

Kept apart from the route itself so that widgets can stamp every chart payload with it without importing the pages'
chart builders (which import widgets).
"""
from __future__ import annotations

from contextvars import ContextVar

from streamlit import config

DEBOUNCE_MS = 250  # the sentence box's pause before a live page's rerun (its charts do not wait for it)
PATH = "/_al/live/{page}"
_URL: ContextVar[str] = ContextVar("live_url", default="")  # per thread: a script run's or a route request's


def base() -> str:
    """The server's base URL path ("" or "/prefix")."""
    prefix = config.get_option("server.baseUrlPath").strip("/")
    return "/" + prefix if prefix else ""


def enter(url: str) -> None:
    """Set the keystroke route of the page this thread builds charts for ("" if reruns alone draw them)."""
    _URL.set(url)


def url() -> str:
    """The keystroke route of the page whose charts this thread builds, or ""."""
    return _URL.get()
