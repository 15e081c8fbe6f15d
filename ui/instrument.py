"""Benchmark hooks, in one place: per-rerun server timings.

`?renderer=naive` draws every chart with st.plotly_chart (the benchmark's reference: View.renderer, read where a chart
is drawn, ui/widgets.show). With $ATTENTION_LAB_PROFILE
set, each rerun appends its timings (ms) as one JSON line to that file. The browser side (what tests and the
benchmark read from a drawn chart) is ui/static/instrument.js.
"""
from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from contextvars import ContextVar

from ui import url

PATH = os.environ.get("ATTENTION_LAB_PROFILE")
# This script run's timings, if profiling. A ContextVar, not an argument: the sections timed (the trace in ui/data.py,
# each chart's payload in ui/widgets.py) sit deep in calls that take no run, and each run has its own thread.
_PROFILE: ContextVar[dict | None] = ContextVar("profile", default=None)


def start() -> None:
    """Begin timing this rerun."""
    _PROFILE.set({"t0": time.perf_counter(), "trace": 0.0, "serialise": 0.0, "charts": 0} if PATH else None)


@contextmanager
def section(name: str):
    """Add the time spent in the block to this rerun's `name` total."""
    prof = _PROFILE.get()
    start_time = time.perf_counter()
    try:
        yield
    finally:
        if prof is not None:
            prof[name] += time.perf_counter() - start_time


def count_charts(n: int) -> None:
    """Count n charts sent in this rerun."""
    prof = _PROFILE.get()
    if prof is not None:
        prof["charts"] += n


def finish(page: str, sentence: str) -> None:
    """Append this rerun's timings (ms) to the profile file."""
    prof = _PROFILE.get()
    _PROFILE.set(None)
    if prof is None:
        return
    total = time.perf_counter() - prof["t0"]
    row = {"page": page, "s": sentence, "charts": prof["charts"], "total_ms": 1000 * total,
           "trace_ms": 1000 * prof["trace"], "serialise_ms": 1000 * prof["serialise"],
           "figures_ms": 1000 * (total - prof["trace"] - prof["serialise"])}
    with open(PATH, "a", encoding="utf-8") as f:
        f.write(json.dumps(row, ensure_ascii=False) + "\n")


def route(page: str, text: str, seconds: float, size: int) -> None:
    """Append one keystroke-route request's timing (ms) to the profile file (its text as the page stores it)."""
    if PATH:
        row = {"page": page, "s": url.clean_text(text)[0], "route_ms": 1000 * seconds, "bytes": size}
        with open(PATH, "a", encoding="utf-8") as f:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
