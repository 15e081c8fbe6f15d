"""What a page's charts are a function of: the view state of one rerun or keystroke-route request (`View`, built once
by ui/state.view_state or ui/route.py), and the chart elements they make (`Element`).

Pure on purpose: no Streamlit, no session. A page's chart builder (ui/views/*.py) is called as charts(trace, view),
so a rerun and a route request that hold the same view send the same bytes by construction.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from lesson import catalogue
from lesson.catalogue import viz_words
from model.decoding import DecodeOptions
from model.pretrained import PretrainedTrace
from model.trace import Trace
from model.transformer import AttnOptions
from ui import shared
from viz.style import Words

T = TypeVar("T")
PRETRAINED = "hf"  # the model picker's "Pretrained (Hugging Face)…" entry; the model id or folder is state "hf"
BLOCK_LABELS = {"encoder": "ctl.side_encoder", "decoder": "ctl.side_decoder", "cross": "ctl.side_cross"}  # -> message


@dataclass(frozen=True)
class View:
    """The view-state values the charts read (ui/state.py's PARAMS, checked), the keystroke route that serves them
    ("" if reruns alone draw them) and where their model's greedy drafts are kept (a session's or a request's)."""

    sentence: str
    model: str
    hf_model: str
    lang: str
    block: str
    layer: int
    head: int
    query: int
    step: int
    stack: str
    sublayer: int
    tour: int
    snapshot: int
    attn: AttnOptions
    decode: DecodeOptions
    second_sentence: str
    pair_sentence: str
    pe_d_model: int
    pe_base: float
    pe_length: int
    preset: str
    knockout_mode: str
    custom_mask: str
    mask_mode: str
    shuffle: int
    shuffle_with_pe: bool
    tile: int
    tile_step: int
    window: int
    n_global: int
    window_on: str
    pair: int
    shift: int
    tour_chapter: bool
    hide_special: bool
    presenter: bool
    live: str = ""
    drafts: Any = field(default=None, compare=False, repr=False)  # get(model) -> ids | None; [model] = ids

    @property
    def pretrained(self) -> bool:
        """True if the model picker is on "Pretrained (Hugging Face)…"."""
        return self.model == PRETRAINED

    def t(self, key: str, **fields) -> str:
        """The message `key` in the view's language."""
        return catalogue.t(key, self.lang, **fields)

    def words(self) -> Words:
        """The charts' own words in the view's language."""
        return viz_words(self.lang)

    def block_label(self, block: str) -> str:
        """An attention block's name in the view's language ("Encoder self", …)."""
        return self.t(BLOCK_LABELS[block])


@dataclass(frozen=True)
class Element:
    """Charts shown in ONE element: viz specs, the element's key, their export file names, charts per row."""

    specs: list
    key: str
    names: list[str] | None = None
    columns: int | None = None

    def file_names(self) -> list[str]:
        """The export file names (the key, numbered when there are several charts)."""
        if self.names:
            return self.names
        return [self.key] if len(self.specs) == 1 else [f"{self.key}-{i}" for i in range(len(self.specs))]


def clamp(value: int, low: int, high: int) -> int:
    """An index kept inside [low, high] (e.g. a head after switching to a smaller block)."""
    return min(max(int(value or 0), low), high)


def attention_blocks(trace: Trace) -> list[str]:
    """The attention blocks the trace's model has (a BERT has only "encoder", a GPT-2 only "decoder")."""
    return list(trace.blocks) if isinstance(trace, PretrainedTrace) else list(BLOCK_LABELS)


def block_view(trace: Trace, v: View) -> tuple[str, int, int]:
    """(block, layer, head) of the view, each kept inside what the trace's model has (the pickers show the same)."""
    blocks = attention_blocks(trace)
    block = v.block if v.block in blocks else blocks[0]
    return block, clamp(v.layer, 0, trace.n_layers(block) - 1), clamp(v.head, 0, trace.config.h - 1)


def query_view(tokens: list[str], v: View) -> int:
    """The view's query token, kept inside the sentence (the picker shows the same)."""
    return clamp(v.query, 0, len(tokens) - 1)


KEY_TYPES = (str, int, float, bool)  # a builder's arguments that go into its cache key beside the View


def per_view(build: Callable[..., T]) -> Callable[..., T]:
    """A pure chart builder, called once per View that has a keystroke route: the route's request builds its elements
    and the rerun after the typing pause (or another session at the same sentence) takes them from ui/shared.py.
    Its other arguments must follow from the View (its trace, what `shown` reads off it) or be plain values, which
    join the key; a View without a route (an edited Playground grid) is never cached."""
    name = f"{build.__module__}.{build.__qualname__}"

    @functools.wraps(build)
    def built(*args):
        v = next(a for a in reversed(args) if isinstance(a, View))
        if not v.live:
            return build(*args)
        key = (name, v, tuple(a for a in args if type(a) in KEY_TYPES))
        built_elements = shared.BUILT.get(key)
        if built_elements is None:
            built_elements = build(*args)
            shared.BUILT.put(key, built_elements)
        return built_elements

    return built
