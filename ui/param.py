"""One view parameter's declaration: its default, its name in the URL and the limits of its widget.

A parameter is declared once, as a field of `View` (ui/view.py) made by `param`; the URL parsing (ui/url.py), the
widget binding (ui/bind.py) and the View itself all read that one declaration.
"""
from __future__ import annotations

from dataclasses import Field, dataclass, field, fields, replace
from functools import cache
from typing import Any

MAX_CHARS = 400  # the sentence boxes' limit
Notice = tuple[str, dict]  # (catalogue key, fields); a field may itself be a Notice


@dataclass(frozen=True)
class Param:
    """One view-state entry: its default, its name in the URL and the limits of its widget."""

    default: Any
    url: str = ""  # its name in the query string (short, kept so old links work); empty: the code name
    options: tuple | None = None  # allowed values (choice widgets)
    low: float | None = None  # numeric bounds (sliders, number inputs)
    high: float | None = None
    step: float | None = None
    chars: int = MAX_CHARS  # text: the longest value kept
    personal: bool = False  # each student's own in a class (the language, presenter view): never steered

    @property
    def text(self) -> bool:
        """True for free text (a string with no options), cleaned on entry instead of checked."""
        return isinstance(self.default, str) and self.options is None

    def expected(self) -> Notice:
        """What a valid value looks like, as a message."""
        if self.options is not None:
            return "expect.choice", {"options": ", ".join(map(str, self.options))}
        if isinstance(self.default, bool):
            return "expect.bool", {}
        kind = "expect.int" if isinstance(self.default, int) else "expect.float"
        return kind, {"low": fmt(self.low), "high": fmt(self.high)}

    def limits(self) -> dict[str, Any]:
        """A slider's or number input's min_value, max_value and step, of the default's type."""
        kind = type(self.default)
        return {"min_value": kind(self.low), "max_value": kind(self.high)} | (
            {"step": kind(self.step)} if self.step else {})


def param(default: Any, url: str = "", **limits: Any) -> Field:
    """A View field that is a view parameter: its default, its URL name (empty: the field's name) and limits."""
    return field(default=default, metadata={"param": Param(default, url, **limits)})


@cache
def declared(record: type) -> dict[str, Param]:
    """The view parameters a dataclass declares, by field name, each with its URL name filled in."""
    return {f.name: replace(p, url=p.url or f.name) for f in fields(record) if (p := f.metadata.get("param"))}


def fmt(x: Any) -> str:
    """A bound as short text (10 not 10.0)."""
    return f"{x:g}" if isinstance(x, float) else str(x)
