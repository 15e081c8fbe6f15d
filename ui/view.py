"""What a page's charts are a function of: the view state of one rerun or keystroke-route request (`View`, built once
by ui/state.build_view or ui/route.py; each view parameter is declared once, as its field), and the chart elements
they make (`Element`).

Pure on purpose: no Streamlit, no session. A page's chart builder (ui/views/*.py) is called as elements(trace, view),
so a rerun and a route request that hold the same view send the same bytes by construction.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from lesson import catalogue
from lesson.catalogue import LANGS, viz_words
from model.attribution import SWAPS
from model.checkpoint import available_models
from model.decoding import METHODS, DecodeOptions
from model.ink import MAX_INK
from model.pretrained import PretrainedTrace
from model.pretrained import available as hf_available
from model.trace import Trace
from model.transformer import AttnOptions
from ui.param import Param, declared, param
from viz.style import Words

PRETRAINED = "hf"  # the model picker's "Pretrained (Hugging Face)…" entry; the model id or folder is state "hf"
BLOCK_LABELS = {"encoder": "ctl.side_encoder", "decoder": "ctl.side_decoder", "cross": "ctl.side_cross"}  # -> message


@dataclass(frozen=True)
class View:
    """The view state of one rerun or route request, checked (ui/url.py), the keystroke route that serves it ("" if
    reruns alone draw it) and where its model's greedy drafts are kept (a session's or a request's). Each view
    parameter is declared here once, by `param`: its default, its URL name (short, unchanged so old links work;
    empty: the field's name) and its widget's limits, which the URL parsing and the bound widgets read."""

    sentence: str = param("I have a cat", url="s")
    model: str = param("en-zh", options=(tuple(available_models()) or ("en-zh",)) + (
        (PRETRAINED,) if hf_available() else ()))
    hf_model: str = param("", url="hf")  # model="hf": a Hugging Face model id (local cache only) or a local folder
    block: str = param("encoder", url="side", options=tuple(BLOCK_LABELS))  # the attention block
    layer: int = param(0, low=0, high=47)  # pages clamp to the model's N (pretrained models have up to 48)
    stack: str = param("encoder", options=("encoder", "decoder"))  # Add & Norm: which stack
    sublayer: int = param(0, url="sub", low=0, high=2)  # Add & Norm: which sublayer of it (clamped to the stack's)
    head: int = param(0, low=0, high=31)  # … and h
    query: int = param(0, low=0, high=127)  # query token index (clamped to the sentence)
    step: int = param(0, low=0, high=64)  # decoding step (clamped to the steps taken)
    scale: bool = param(True)  # divide by √d_k
    attn_temperature: float = param(1.0, url="temp", low=0.1, high=5.0, step=0.1)  # softmax(QKᵀ / (√d_k · T))
    decode_method: str = param("greedy", url="decode", options=METHODS)
    sample_temperature: float = param(1.0, url="stemp", low=0.1, high=3.0, step=0.1)  # sampling temperature
    top_k: int = param(0, url="topk", low=0, high=50)
    seed: int = param(0, low=0, high=10_000)
    beam_width: int = param(4, url="beam", low=1, high=4)
    no_repeat: bool = param(True, url="norep")  # decoding: the repetition guard (model.decoding.repeating)
    twin: bool = param(False)  # decoding page: the sentence through the model's twin as well, side by side
    swap: str = param("permute", options=SWAPS)  # trust page: what replaces one cross-attention layer's weights
    swap_seed: int = param(0, url="sseed", low=0, high=999)  # … and which random permutation ("permute")
    second_sentence: str = param("you like tea", url="s2")  # the masks page's second sentence
    pe_d_model: int = param(64, url="pe_d", low=4, high=256, step=2)
    pe_base: float = param(10000.0, options=(10.0, 100.0, 1000.0, 10000.0, 100000.0))
    pe_length: int = param(32, url="pe_len", low=2, high=128)
    preset: str = param("seed004", options=("seed004", "random", "sentence"))
    lang: str = param("en", options=tuple(LANGS), personal=True)  # UI language
    presenter: bool = param(False, personal=True)  # presenter view (projector)
    projector: bool = param(False, personal=True)  # the projector window: a follower showing the stage only
    tour: int = param(0, low=0, high=63)  # guided-tour step (clamped to the tour)
    tour_chapter: bool = param(False, url="more")  # … with the optional chapter After 2017
    snapshot: int = param(-1, url="snap", low=-1, high=63)  # training-timeline snapshot index (-1: the shipped model)
    knockout: str = param("", url="ko")  # knocked-out heads, "e0.1,c1.3" (block initial, layer.head); unknown ignored
    knockout_mode: str = param("mean", url="ko_mode", options=("mean", "zero"))
    pair_sentence: str = param("I have two cats", url="mp")  # the minimal-pairs page's second sentence
    custom_mask: str = param("", url="cm", chars=128 * 33)  # masks page: ticked cells, a hex bit row per query (≤ 128)
    ink: str = param("", chars=MAX_INK)  # From words to patches: the drawing, strokes of points (model/ink.py)
    occlude: str = param("", url="occ", chars=4)  # … and its occluded patches, a hex bit row (patch i: bit i)
    mask_mode: str = param("add", options=("add", "mul"))  # masks page: + (−∞) as in the paper, or × as in a note
    shuffle_with_pe: bool = param(True, url="pe_on")  # embeddings page: add the PE in the shuffle demonstration
    shuffle: int = param(0, low=0, high=10_000)  # embeddings page: which shuffle of the sentence (0: as typed)
    masked_word: int = param(0, url="mw", low=0, high=63)  # BERT vs GPT, pretrained BERT: which word to mask
    tile: int = param(4, low=1, high=64)  # After 2017: keys per tile of the online softmax
    tile_step: int = param(1, url="ts", low=1, high=128)  # … and how many tiles are done (clamped to the sentence)
    window: int = param(3, url="win", low=1, high=16)  # sliding windows: keys each query sees (the nearest W)
    n_global: int = param(0, url="glob", low=0, high=4)  # … and global tokens, the first ones
    window_on: str = param("both", url="win_on", options=("encoder", "decoder", "both"))  # … in which self-attention
    pair: int = param(0, low=0, high=63)  # RoPE & ALiBi: which 2-D pair (2i, 2i+1) of q and k (clamped to d_k)
    shift: int = param(3, low=0, high=8)  # … and how many words are put before the sentence
    pinyin: bool = param(False, personal=True)  # pinyin under Chinese token chips
    hide_special: bool = param(False, url="nosp")  # attention maps without special tokens, renormalised
    renderer: str = param("inplace", options=("inplace", "naive"))  # "naive": st.plotly_chart (benchmark reference)
    live: str = ""
    drafts: Any = field(default=None, compare=False, repr=False)  # get(model) -> ids | None; [model] = ids
    hidden: frozenset[str] = frozenset()  # the route's request: charts the browser does not show (an inactive tab)

    @classmethod
    def of(cls, values: dict[str, Any], live: str = "", drafts: Any = None,
           hidden: frozenset[str] = frozenset()) -> View:
        """The View of a checked view state (by code name), served by the keystroke route `live`, its drafts kept in
        `drafts` (default: none kept), without the charts named in `hidden` (a route request's; a rerun shows all)."""
        return cls(**{name: values[name] for name in declared(cls)}, live=live, drafts={} if drafts is None else drafts,
                   hidden=hidden)

    def shows(self, name: str) -> bool:
        """Whether the chart element `name` (its charts' names joined by "|") is to be built: not hidden in the
        browser that asked. A builder whose element costs more than the page's others (a decoder's maps in a tab
        behind the encoder's) leaves it out when hidden; the rerun after the typing pause builds it."""
        return name not in self.hidden

    @property
    def attn(self) -> AttnOptions:
        """The attention toggles: ÷√d_k and the softmax temperature."""
        return AttnOptions(self.scale, self.attn_temperature)

    @property
    def decode(self) -> DecodeOptions:
        """How the translation picks each next token."""
        return DecodeOptions(self.decode_method, self.sample_temperature, self.top_k, self.seed, self.beam_width,
                             guard=self.no_repeat)

    def within(self, **limits: int | Sequence) -> View:
        """The view with each named entry kept inside what a trace has: an index inside [its declared low, the given
        high], a choice among the given options (else the first)."""
        return replace(self, **{name: kept(getattr(self, name), declared(type(self))[name], limit)
                                for name, limit in limits.items()})

    @property
    def pretrained(self) -> bool:
        """True if the model picker is on "Pretrained (Hugging Face)…"."""
        return self.model == PRETRAINED

    def t(self, key: str, **fields) -> str:
        """The message `key` in the view's language."""
        return catalogue.lookup(key, self.lang, **fields)

    def words(self) -> Words:
        """The charts' own words in the view's language."""
        return viz_words(self.lang)

    def block_label(self, block: str) -> str:
        """An attention block's name in the view's language ("Encoder self", …)."""
        return self.t(BLOCK_LABELS[block])


PARAMS: dict[str, Param] = declared(View)  # every view parameter, by code name


@dataclass(frozen=True)
class Element:
    """Charts shown in ONE element: viz specs, the element's key, their export file names, charts per row, and their
    widths side by side on a projector's stage (relative; default equal)."""

    specs: list
    key: str
    names: list[str] | None = None
    columns: int | None = None
    widths: list[float] | None = None

    def file_names(self) -> list[str]:
        """The export file names (the key, numbered when there are several charts)."""
        if self.names:
            return self.names
        return [self.key] if len(self.specs) == 1 else [f"{self.key}-{i}" for i in range(len(self.specs))]


def clamp(value: int, low: int, high: int) -> int:
    """An index kept inside [low, high] (e.g. a head after switching to a smaller block)."""
    return min(max(int(value or 0), low), high)


def kept(value: Any, p: Param, limit: int | Sequence) -> Any:
    """value kept inside `limit`: an index inside [p.low, limit], a choice among options `limit` (else the first)."""
    if isinstance(limit, int):
        return clamp(value, int(p.low), limit)
    return value if value in limit else limit[0]


def attention_blocks(trace: Trace) -> list[str]:
    """The attention blocks the trace's model has (a BERT has only "encoder", a GPT-2 only "decoder")."""
    return list(trace.blocks) if isinstance(trace, PretrainedTrace) else list(BLOCK_LABELS)


def within_model(trace: Trace, v: View, blocks: Sequence[str] = ()) -> View:
    """The view with its block (one of `blocks`, default: every attention block the model has), layer and head kept
    inside what the trace's model has (the pickers show the same)."""
    v = v.within(block=blocks or attention_blocks(trace))
    return v.within(layer=trace.n_layers(v.block) - 1, head=trace.config.h - 1)

