"""Per-rerun server timings, appended as JSON lines to $ATTENTION_LAB_PROFILE when it is set (benchmarks only)."""
from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager

import streamlit as st

PATH = os.environ.get("ATTENTION_LAB_PROFILE")
_KEY = "_profile"


def start() -> None:
    """Begin timing this rerun."""
    if PATH:
        st.session_state[_KEY] = {"t0": time.perf_counter(), "trace": 0.0, "serialise": 0.0, "charts": 0}


@contextmanager
def section(name: str):
    """Add the time spent in the block to this rerun's `name` total."""
    prof = st.session_state.get(_KEY) if PATH else None
    start_time = time.perf_counter()
    try:
        yield
    finally:
        if prof is not None:
            prof[name] += time.perf_counter() - start_time


def count_chart() -> None:
    """Count one chart sent in this rerun."""
    prof = st.session_state.get(_KEY) if PATH else None
    if prof is not None:
        prof["charts"] += 1


def finish(page: str, sentence: str) -> None:
    """Append this rerun's timings (ms) to the profile file."""
    prof = st.session_state.pop(_KEY, None) if PATH else None
    if prof is None:
        return
    total = time.perf_counter() - prof["t0"]
    row = {"page": page, "s": sentence, "charts": prof["charts"], "total_ms": 1000 * total,
           "trace_ms": 1000 * prof["trace"], "serialise_ms": 1000 * prof["serialise"],
           "figures_ms": 1000 * (total - prof["trace"] - prof["serialise"])}
    with open(PATH, "a", encoding="utf-8") as f:
        f.write(json.dumps(row, ensure_ascii=False) + "\n")
