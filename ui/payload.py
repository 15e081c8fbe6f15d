"""A page's answer: its chart elements in one view and each one's payload, what the keystroke route sends and the
rerun draws (no Streamlit widgets, no session: both paths call this with the same View).

A live page's charts come from ONE pure function, `elements(trace, view) -> {key: Element}` in ui/views/<page>.py.
`answer(elements, trace, view)` calls it and packs every element's payload, once per (page, View) where the view has
a keystroke route (shared.ANSWERS): the route's request builds a keystroke's answer and the rerun after the typing
pause, or another session at the same sentence, takes it from there. Its key is the builder's page and the View, so
a builder must take nothing else than (trace, view), and the trace must be the view's (data.view_trace): the
registry's test checks both (tests/app/test_shared.py).
"""
from __future__ import annotations

import gzip
import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from model.trace import Trace
from ui import shared
from ui.chart import payload as packed
from ui.view import Element, View
from viz.specials import without_specials

PRESENTER_ZOOM = 1.45  # charts are drawn larger in presenter view
Elements = Callable[[Trace, View], dict[str, Element]]  # a live page's pure chart builder (ui/views/<page>.elements)


@dataclass(frozen=True)
class Answer:
    """A page's chart elements in one view, by key, and each one's payload (none for the naive renderer, which draws
    Plotly from the specs); the framed body the route sends, plain and gzipped (empty for a view without a route)."""

    view: View
    elements: dict[str, Element]
    payloads: dict[str, bytes]
    body: bytes
    zipped: bytes

    def __contains__(self, key: str) -> bool:
        return key in self.elements

    def __getitem__(self, key: str) -> Chart:
        return Chart(self.elements[key], self.view, self.payloads.get(key))


@dataclass(frozen=True)
class Chart:
    """One element to draw in a view, with its payload if already built."""

    element: Element
    view: View
    payload: bytes | None = None

    def packed(self) -> bytes:
        """The element's payload: the answer's, else built now."""
        return self.payload if self.payload is not None else build(self.element, self.view)


def answer(builder: Elements, trace: Trace, v: View) -> Answer:
    """The page's answer in view `v`, built once per (page, View) where the view has a keystroke route (threads that
    ask for the same new view at once wait for the one building it); a view without one (an edited Playground grid,
    the naive renderer, a pretrained model) is built every time and never stored."""
    if not v.live:
        return built(builder, trace, v)
    return shared.answer((builder.__module__, v), lambda: built(builder, trace, v))


def built(builder: Elements, trace: Trace, v: View) -> Answer:
    """The page's elements in view `v` and their payloads, packed."""
    elements = builder(trace, v)
    if v.renderer == "naive":  # the reference renderer draws Plotly figures: no payload is built or sent
        return Answer(v, elements, {}, b"", b"")
    payloads = {key: build(element, v) for key, element in elements.items()}
    body = frame(payloads.values()) if v.live else b""  # only a view with a route is sent framed
    return Answer(v, elements, payloads, body, gzipped(body))


def shown_specs(element: Element, v: View) -> list:
    """The element's charts as the view shows them: attention maps without special tokens if it asks so."""
    if not v.hide_special:
        return element.specs
    return [without_specials(spec, v.t("viz.specials_hidden")) for spec in element.specs]


def build(element: Element, v: View) -> bytes:
    """A chart element's payload in view `v`: every chart carries the sentence it shows and the page's keystroke
    route."""
    return packed(shown_specs(element, v), element.file_names(), sentence=v.sentence,
                  zoom=PRESENTER_ZOOM if v.presenter else 1.0, columns=element.columns or len(element.specs),
                  widths=element.widths or [], words={"download": v.t("viz.download", format="{format}")}, live=v.live)


def frame(chunks: Iterable[bytes]) -> bytes:
    """Payloads as one body: each preceded by its length (uint32 LE)."""
    return b"".join(struct.pack("<I", len(c)) + c for c in chunks)


def gzipped(body: bytes) -> bytes:
    """The body gzipped at level 1 (b"" stays b"": nothing to draw): half the bytes of a 16-token answer, as level 9
    gives (20.7 against 19.9 KB of 44.6), at half its CPU (0.25 against 0.49 ms). Streamlit's gzip middleware, at level
    9, leaves a response that names its encoding alone. mtime 0: the same text gives the same bytes (nginx's cache,
    tests)."""
    return gzip.compress(body, compresslevel=1, mtime=0) if body else b""
