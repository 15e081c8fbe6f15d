"""The view state in the URL (so a copied link reopens the same view): each value read from the query string is
checked against its declaration (ui/view.View's fields) on entry, dropped or clamped with a notice naming it, and
text is cleaned once. Code names a parameter readably (`attn_temperature`); only the URL uses the short form
(`Param.url`, e.g. `temp`), unchanged so every link made before keeps working. No Streamlit: the keystroke route
reads its requests here too.
"""
from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

from ui.param import MAX_CHARS, Notice, Param, fmt
from ui.view import PARAMS

_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off", "")
_INT = re.compile(r"[+-]?\d{1,15}")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_INVISIBLE = {"Cc", "Cf", "Co", "Cs"}  # control, format (bidi overrides, zero-width), private use


def clean_text(raw: str, chars: int = MAX_CHARS) -> tuple[str, list[Notice]]:
    """Text made safe to encode and show: lone surrogates → �, controls dropped, cut at `chars`."""
    text, n_bad = _SURROGATE.subn("\ufffd", raw)
    text = "".join(" " if ch in "\t\n\r" else ch for ch in text)
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in _INVISIBLE or ch == "\u200d")
    notes: list[Notice] = []
    if n_bad:
        notes.append(("notice.text_unencodable", {"n": n_bad}))
    if len(kept) < len(text):
        notes.append(("notice.text_controls", {"n": len(text) - len(kept)}))
    if len(kept) > chars:
        notes.append(("notice.text_cut", {"max": chars, "n": len(kept)}))
        kept = kept[:chars]
    return kept, notes


def _on_grid(p: Param, x: float) -> float:
    """x clamped to [low, high] and snapped to the widget's step."""
    x = min(max(x, p.low), p.high)
    return round(p.low + math.floor((x - p.low) / p.step + 0.5) * p.step, 9) if p.step else x


def _number(p: Param, raw: str) -> float | int | None:
    """A number of the default's type, or None if raw is not one."""
    raw = raw.strip()
    if isinstance(p.default, int):
        return int(raw) if _INT.fullmatch(raw) else None
    try:
        x = float(raw)
    except ValueError:
        return None
    return x if math.isfinite(x) else None


def validate(name: str, raw: str) -> tuple[Any, list[Notice]]:
    """The value a URL string stands for, checked against the widget of parameter `name` (its code name); notices
    say what was changed and name the parameter as the URL spells it."""
    p = PARAMS[name]
    if p.text:
        return clean_text(raw, p.chars)
    dropped = [("notice.param_dropped", {"name": p.url, "expected": p.expected(), "value": fmt(p.default)})]
    if p.options is not None:
        match = [o for o in p.options if str(o) == raw or (isinstance(o, float) and _number(p, raw) == o)]
        return (match[0], []) if match else (p.default, dropped)
    if isinstance(p.default, bool):
        low = raw.strip().lower()
        return (low in _TRUE, []) if low in _TRUE + _FALSE else (p.default, dropped)
    x = _number(p, raw)
    if x is None:
        return p.default, dropped
    value = type(p.default)(_on_grid(p, x))
    if value == x:
        return value, []
    return value, [("notice.param_clamped", {"name": p.url, "low": fmt(p.low), "high": fmt(p.high),
                                             "value": fmt(value)})]


def from_url(params: dict[str, str]) -> tuple[dict[str, Any], list[Notice]]:
    """The view state (by code name) a query string asks for, and the notices about what had to be changed."""
    values, notices = {name: p.default for name, p in PARAMS.items()}, []
    for name, p in PARAMS.items():
        if p.url in params:
            values[name], notes = validate(name, params[p.url])
            notices += notes
    return values, notices


def valid(name: str, value: Any) -> bool:
    """Whether `value` can be view-state entry `name` (a widget may hand back a stale label instead)."""
    p = PARAMS[name]
    if p.text:
        return isinstance(value, str)
    if p.options is not None:
        return value in p.options
    if isinstance(p.default, bool):
        return isinstance(value, bool)
    if isinstance(value, bool) or not isinstance(value, int if isinstance(p.default, int) else (int, float)):
        return False
    return p.low <= value <= p.high


def url_params(values: dict[str, Any]) -> dict[str, str]:
    """The sentence and the non-default entries of a view state, as query parameters (by their URL names)."""
    return {PARAMS[k].url: str(v) for k, v in values.items() if v != PARAMS[k].default or k == "sentence"}
