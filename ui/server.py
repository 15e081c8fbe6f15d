"""The app's server, as app.py's st.App mounts it: Streamlit's routes plus the keystroke route (ui/route.py), behind
the first-load middleware (ui/first_load.py).

Light on purpose: `streamlit run app.py` imports this before the server starts, and nothing here loads the model
stack. The keystroke route's first request imports ui/route.py, and the first page's HTML imports the page registry
(both in a worker thread), so the server answers at once and the stack loads in a thread, as a script run would
load it.
"""
from __future__ import annotations

from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ui.first_load import FirstPaint
from ui.live import PATH, base_path


def live_endpoint(request: Request) -> Response:
    """The keystroke route's GET handler: ui/route.py's, imported by the first request (sync: Starlette runs it in
    its thread pool)."""
    from ui import route

    return route.endpoint(request)


def page_paths() -> tuple[str, ...]:
    """Every page's URL path, the default first (the registry, imported by the first page's HTML)."""
    from ui.registry import PATHS

    return PATHS


def routes() -> list[Route]:
    """The app's own routes beside Streamlit's: the keystroke route."""
    return [Route(base_path() + PATH, live_endpoint, methods=["GET"])]


def middleware() -> list[Middleware]:
    """The middleware in front of Streamlit's routes: a new visitor's first paint (ui/first_load.py)."""
    return [Middleware(FirstPaint, pages=page_paths)]
