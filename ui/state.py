"""View state that lives in the URL (so a copied link reopens the same view) and survives page switches."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

# name -> default; the type of the default is the type parsed from the URL
DEFAULTS: dict[str, Any] = {
    "s": "I have a cat",  # the sentence
    "model": "en-zh",
    "side": "encoder",  # encoder | decoder | cross
    "layer": 0,
    "head": 0,
    "query": 0,  # query token index
    "step": 0,  # decoding step
    "scale": True,  # divide by √d_k
    "temp": 1.0,  # attention temperature
    "decode": "greedy",  # greedy | sample | beam
    "stemp": 1.0,  # sampling temperature
    "topk": 0,
    "seed": 0,
    "beam": 4,
    "s2": "you like tea",  # the masks page's second sentence
    "pe_d": 64,
    "pe_base": 10000.0,
    "pe_len": 32,
    "preset": "seed004",
    "lang": "en",  # UI language: en | zh
    "presenter": False,  # presenter view (projector)
    "tour": 0,  # guided-tour step
    "renderer": "inplace",  # "naive" draws with st.plotly_chart (the latency benchmark's reference)
}
_STORE = "_view_state"


def parse(raw: str, default: Any) -> Any:
    """Parse a URL value to the default's type; fall back to the default on nonsense."""
    try:
        if isinstance(default, bool):
            return raw.lower() in ("1", "true", "yes", "on")
        if isinstance(default, int):
            return int(raw)
        if isinstance(default, float):
            return float(raw)
        return str(raw)
    except ValueError:
        return default


def store() -> dict[str, Any]:
    """The session's view state, initialised once from the URL."""
    if _STORE not in st.session_state:
        params = st.query_params
        st.session_state[_STORE] = {k: parse(params[k], d) if k in params else d for k, d in DEFAULTS.items()}
    return st.session_state[_STORE]


def get(name: str) -> Any:
    """Current value of a view-state entry."""
    return store()[name]


def put(name: str, value: Any) -> None:
    """Set a view-state entry (written to the URL at the end of the run)."""
    store()[name] = value


def bound(widget: Callable, label: str, name: str, **kwargs) -> Any:
    """Render `widget` showing view-state `name` and store what the user picks (survives page switches)."""
    value = get(name)
    if widget in (st.selectbox, st.radio):
        options = list(kwargs["options"])
        kwargs["index"] = options.index(value) if value in options else 0
    elif widget in (st.segmented_control, st.pills):
        kwargs["default"] = value
    else:
        kwargs["value"] = value
    value = widget(label, key=f"w_{name}", **kwargs)
    put(name, value)
    return value


def clamp(name: str, low: int, high: int) -> int:
    """Keep an integer entry inside [low, high] (e.g. a head index after switching to a smaller block)."""
    value = min(max(int(get(name) or 0), low), high)
    put(name, value)
    return value


def url_params() -> dict[str, str]:
    """The sentence and the non-default view state, as query parameters."""
    return {k: str(v) for k, v in store().items() if v != DEFAULTS[k] or k == "s"}


def write_url() -> None:
    """Mirror the view state into the query string."""
    st.query_params.from_dict(url_params())
