"""The keystroke route's mounting (see ui/route.py) and which route, if any, serves the charts being built in this
thread.

Light on purpose: the server mounts the route at start-up through this module without loading the model stack
(ui/route.py is imported by the first request or rerun, in its own thread), and widgets stamp every chart payload
with the route without importing the pages' chart builders (which import widgets).
"""
from __future__ import annotations

from contextvars import ContextVar

from streamlit import config

DEBOUNCE_MS = 250  # the sentence box's pause before a live page's rerun (its charts do not wait for it)
PATH = "/_al/live/{page}"
_URL: ContextVar[str] = ContextVar("live_url", default="")  # per thread: a script run's or a route request's


def enter(url: str) -> None:
    """Set the keystroke route of the page this thread builds charts for ("" if reruns alone draw them)."""
    _URL.set(url)


def url() -> str:
    """The keystroke route of the page whose charts this thread builds, or ""."""
    return _URL.get()


def base_path() -> str:
    """The server's base URL path: "" or "/prefix"."""
    base = config.get_option("server.baseUrlPath").strip("/")
    return "/" + base if base else ""


def endpoint(request):
    """GET handler: ui/route.py's, imported on first use (sync: Starlette runs it in its thread pool)."""
    from ui import route

    return route.endpoint(request)


def routes() -> list:
    """The keystroke route, under the server's base URL path."""
    from starlette.routing import Route

    return [Route(base_path() + PATH, endpoint, methods=["GET"])]
