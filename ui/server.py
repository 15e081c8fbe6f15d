"""The app's server, as app.py's st.App mounts it: Streamlit's routes plus the keystroke route (ui/route.py), behind
the first-load middleware (ui/first_load.py).

Light on purpose: `streamlit run app.py` imports this before the server starts, and nothing here loads the model
stack, so the server answers at once. Its start-up imports the page registry, and with it the model stack, in a
thread (`lifespan`): the first script run finds the stack imported, and the HTML of a page named in the URL, which
needs the page list, waits for what is left of that import (in a worker thread, the event loop free; the base URL's
HTML never waits: ui/first_load.py). Its housekeeping thread hands the allocator's free memory back to the system
every few seconds (`trim_forever`).
"""
from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ui.classroom import routes as classroom
from ui.first_load import FirstPaint
from ui.live import FOLLOW, PATH, base_path


def live_endpoint(request: Request) -> Response:
    """The keystroke route's GET handler: ui/route.py's, imported by the first request (sync: Starlette runs it in
    its thread pool)."""
    from ui import route

    return route.endpoint(request)


def page_paths() -> tuple[str, ...]:
    """Every page's URL path, the default first (the first call imports the registry)."""
    from ui.registry import PATHS

    return PATHS


def live_paths() -> tuple[str, ...]:
    """The URL paths of the pages the keystroke route draws (the first call imports the registry)."""
    from ui.registry import PAGES

    return tuple(page.path for page in PAGES if page.live)


# Seconds between two trims of the allocator's free memory. Sessions' script threads allocate and free a trace's and
# an answer's arrays (0.1-2 MB each) in glibc's per-thread arenas, which keep what is freed: after 2,500 reruns from
# sessions that left, 331-384 MB were in use and 192 MB growing to 423 MB free in the arenas, part of it resident
# (RSS 750 -> 839 MB, in use flat). One malloc_trim(0) took RSS from 828 to 775 MB; a call costs 4-5 ms of CPU
# after 500 reruns (0.1 % of a core at this period; docs/serving.md).
TRIM_EVERY_S = 5.0


def malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim (frees the unused memory at the top of each arena and the free pages inside it), or None
    with another C library."""
    return getattr(ctypes.CDLL(None), "malloc_trim", None)


def trim_forever(trim: Callable[[int], int], every: float) -> None:
    """Hand the allocator's free memory back to the system every `every` seconds (the housekeeping thread's loop)."""
    while True:
        time.sleep(every)
        trim(0)


@asynccontextmanager
async def lifespan(_app) -> AsyncIterator[None]:
    """Server start-up: import the registry in a thread while the server answers, and start the housekeeping."""
    threading.Thread(target=page_paths, name="al-import-registry", daemon=True).start()
    trim = malloc_trim()
    if trim is not None:
        threading.Thread(target=trim_forever, args=(trim, TRIM_EVERY_S), name="al-trim-memory", daemon=True).start()
    yield


def routes() -> list[Route]:
    """The app's own routes beside Streamlit's: the keystroke route and the class routes (ui/classroom/routes.py)."""
    return [Route(base_path() + PATH, live_endpoint, methods=["GET"]),
            Route(base_path() + FOLLOW, live_endpoint, methods=["GET"]), *classroom.routes(base_path())]


def middleware() -> list[Middleware]:
    """The middleware in front of Streamlit's routes: a new visitor's first paint (ui/first_load.py)."""
    return [Middleware(FirstPaint, pages=page_paths, live=live_paths)]
