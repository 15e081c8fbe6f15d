"""View state that lives in the URL (so a copied link reopens the same view) and survives page switches.

Every entry is declared once in PARAMS with the bounds or options of its widget. A value from the URL is checked
against them on entry (dropped or clamped, with a notice naming it), text is cleaned once on entry, and `bound`
gives each widget its limits from the same declaration, so no link can ask a widget or an allocation for more.
Code names an entry readably (`get("attn_temperature")`, widget key `w_attn_temperature`); only the URL uses the
short form (`Param.url`, e.g. `temp`), unchanged so every link made before keeps working.
"""
from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from lesson.catalogue import LANGS
from model.checkpoint import available_models
from model.decoding import METHODS, DecodeOptions
from model.pretrained import available as hf_available
from model.transformer import AttnOptions
from ui import live
from ui.shared import Drafts
from ui.view import View

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

    def expected(self) -> Notice:
        """What a valid value looks like, as a message."""
        if self.options is not None:
            return "expect.choice", {"options": ", ".join(map(str, self.options))}
        if isinstance(self.default, bool):
            return "expect.bool", {}
        kind = "expect.int" if isinstance(self.default, int) else "expect.float"
        return kind, {"low": fmt(self.low), "high": fmt(self.high)}


_DECLARED: dict[str, Param] = {
    "sentence": Param("I have a cat", url="s"),
    "model": Param("en-zh", options=(tuple(available_models()) or ("en-zh",)) + (("hf",) if hf_available() else ())),
    "hf_model": Param("", url="hf"),  # model="hf": a Hugging Face model id (local cache only) or a local folder
    "block": Param("encoder", url="side", options=("encoder", "decoder", "cross")),  # the attention block
    "layer": Param(0, low=0, high=47),  # pages clamp to the model's N (pretrained models have up to 48)
    "stack": Param("encoder", options=("encoder", "decoder")),  # Add & Norm: which stack
    "sublayer": Param(0, url="sub", low=0, high=2),  # Add & Norm: which sublayer of it (clamped to the stack's)
    "head": Param(0, low=0, high=31),  # … and h
    "query": Param(0, low=0, high=127),  # query token index (clamped to the sentence)
    "step": Param(0, low=0, high=64),  # decoding step (clamped to the steps taken)
    "scale": Param(True),  # divide by √d_k
    "attn_temperature": Param(1.0, url="temp", low=0.1, high=5.0, step=0.1),  # softmax(QKᵀ / (√d_k · T))
    "decode": Param("greedy", options=METHODS),
    "sample_temperature": Param(1.0, url="stemp", low=0.1, high=3.0, step=0.1),  # sampling temperature
    "top_k": Param(0, url="topk", low=0, high=50),
    "seed": Param(0, low=0, high=10_000),
    "beam_width": Param(4, url="beam", low=1, high=4),
    "second_sentence": Param("you like tea", url="s2"),  # the masks page's second sentence
    "pe_d_model": Param(64, url="pe_d", low=4, high=256, step=2),
    "pe_base": Param(10000.0, options=(10.0, 100.0, 1000.0, 10000.0, 100000.0)),
    "pe_length": Param(32, url="pe_len", low=2, high=128),
    "preset": Param("seed004", options=("seed004", "random", "sentence")),
    "lang": Param("en", options=("en", "zh")),  # UI language
    "presenter": Param(False),  # presenter view (projector)
    "tour": Param(0, low=0, high=63),  # guided-tour step (clamped to the tour)
    "tour_chapter": Param(False, url="more"),  # … with the optional chapter After 2017
    "snapshot": Param(-1, url="snap", low=-1, high=63),  # training-timeline snapshot index (-1: the shipped model)
    "knockout": Param("", url="ko"),  # knocked-out heads, "e0.1,c1.3" (block initial, layer.head); unknown ignored
    "knockout_mode": Param("mean", url="ko_mode", options=("mean", "zero")),
    "pair_sentence": Param("I have two cats", url="mp"),  # the minimal-pairs page's second sentence
    "custom_mask": Param("", url="cm", chars=128 * 33),  # masks page: ticked cells, a hex bit row per query (≤ 128)
    "mask_mode": Param("add", options=("add", "mul")),  # masks page: + (−∞) as in the paper, or × as in a note
    "shuffle_with_pe": Param(True, url="pe_on"),  # embeddings page: add the PE in the shuffle demonstration
    "shuffle": Param(0, low=0, high=10_000),  # embeddings page: which shuffle of the sentence (0: as typed)
    "masked_word": Param(0, url="mw", low=0, high=63),  # BERT vs GPT, pretrained BERT: which word to mask (clamped)
    "tile": Param(4, low=1, high=64),  # After 2017: keys per tile of the online softmax
    "tile_step": Param(1, url="ts", low=1, high=128),  # … and how many tiles are done (clamped to the sentence)
    "window": Param(3, url="win", low=1, high=16),  # sliding windows: keys each query sees (the nearest W)
    "n_global": Param(0, url="glob", low=0, high=4),  # … and global tokens, the first ones
    "window_on": Param("both", url="win_on", options=("encoder", "decoder", "both")),  # … in which self-attention
    "pair": Param(0, low=0, high=63),  # RoPE & ALiBi: which 2-D pair (2i, 2i+1) of q and k is drawn (clamped to d_k)
    "shift": Param(3, low=0, high=8),  # … and how many words are put before the sentence
    "pinyin": Param(False),  # pinyin under Chinese token chips
    "hide_special": Param(False, url="nosp"),  # attention maps without special tokens' rows and columns, renormalised
    "renderer": Param("inplace", options=("inplace", "naive")),  # "naive": st.plotly_chart (benchmark reference)
}
PARAMS: dict[str, Param] = {name: replace(p, url=p.url or name) for name, p in _DECLARED.items()}  # by code name
TEXT = ("sentence", "second_sentence", "knockout", "pair_sentence", "hf_model", "custom_mask")
DEFAULTS: dict[str, Any] = {k: p.default for k, p in PARAMS.items()}
_STORE, _NOTICES = "_view_state", "_view_notices"
_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off", "")
_INT = re.compile(r"[+-]?\d{1,15}")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_INVISIBLE = {"Cc", "Cf", "Co", "Cs"}  # control, format (bidi overrides, zero-width), private use
# This script run's view state (each run has its own thread, so no session sees another's): a page reads the state
# a few hundred times per run, and st.session_state's proxy costs ~0.1 ms per read.
_RUN: ContextVar[dict | None] = ContextVar("view_run", default=None)


def fmt(x: Any) -> str:
    """A bound as short text (10 not 10.0)."""
    return f"{x:g}" if isinstance(x, float) else str(x)


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
    if name in TEXT:
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
    values, notices = dict(DEFAULTS), []
    for name, p in PARAMS.items():
        if p.url in params:
            values[name], notes = validate(name, params[p.url])
            notices += notes
    return values, notices


def store() -> dict[str, Any]:
    """The session's view state, initialised once from the (validated) URL."""
    run = _RUN.get()
    if run is not None:
        return run
    if _STORE not in st.session_state:
        st.session_state[_STORE], st.session_state[_NOTICES] = from_url(st.query_params.to_dict())
    return st.session_state[_STORE]


def notices() -> list[Notice]:
    """What the link or the last text entry had changed (shown until the sentence is edited)."""
    store()
    return st.session_state[_NOTICES]


def get(name: str) -> Any:
    """Current value of a view-state entry."""
    return store()[name]


def put(name: str, value: Any) -> None:
    """Set a view-state entry (written to the URL at the end of the run)."""
    store()[name] = value


def put_text(name: str, raw: str) -> str:
    """Store text typed by the user, cleaned; a change replaces the link's notices with the cleaning's own."""
    text, notes = clean_text(raw)
    if text != get(name) or notes:
        st.session_state[_NOTICES] = notes
    put(name, text)
    return text


def set_sentence(text: str) -> None:
    """Replace the shared sentence (a new box key makes the sentence box show it)."""
    put("sentence", text)
    st.session_state["sentence_gen"] = st.session_state.get("sentence_gen", 0) + 1


def _choice(value: Any, options: list, default: Any) -> Any:
    """value if it is an option, else the default if it is one, else the first option."""
    return value if value in options else (default if default in options else options[0])


CHOICE_WIDGETS = (st.selectbox, st.radio, st.segmented_control, st.pills, st.select_slider)
_LABELS = "_widget_labels"  # widget key -> the label of the value it was last shown with


def show_choice(key: str, value: Any, label: str) -> bool:
    """Make keyed choice widget `key` show `value`, labelled `label`; True if the value had to be pushed (then the
    widget must be created without a default). Streamlit keeps a keyed widget's value in the browser as its label,
    and a label that has since changed (a language switch, a new sentence) comes back as that stale text instead of
    an option; so the value is pushed whenever the widget holds another value or its label changed. A new widget
    takes its default instead, as on any first visit."""
    shown = st.session_state.setdefault(_LABELS, {})
    held = st.session_state[key] if key in st.session_state else value
    pushed = held != value or shown.get(key, (value, label)) != (value, label)
    if pushed:
        st.session_state[key] = value
    shown[key] = (value, label)
    return pushed


def choice(widget: Callable, label: str, options: list, key: str, format_func: Callable = str, **kwargs) -> Any:
    """A keyed choice widget outside the view state (a page's own picker), always holding one of `options`: the
    user's pick, or (after its label went stale) the value it last showed, or the first option."""
    picked = st.session_state.get(key)
    if picked not in options:
        last = st.session_state.get(_LABELS, {}).get(key, (None,))[0]
        picked = last if last in options else options[0]
    if not show_choice(key, picked, str(format_func(picked))):
        kwargs["index"] = options.index(picked)
    value = widget(label, options, key=key, format_func=format_func, **kwargs)
    return value if value in options else picked


def valid(name: str, value: Any) -> bool:
    """Whether `value` can be view-state entry `name` (a widget may hand back a stale label instead)."""
    p = PARAMS[name]
    if name in TEXT:
        return isinstance(value, str)
    if p.options is not None:
        return value in p.options
    if isinstance(p.default, bool):
        return isinstance(value, bool)
    if isinstance(value, bool) or not isinstance(value, int if isinstance(p.default, int) else (int, float)):
        return False
    return p.low <= value <= p.high


def widget_value(name: str) -> Any:
    """What the user picked in the bound widget of `name`, or None if it has none or it is not a valid value."""
    value = st.session_state.get(f"w_{name}")
    return value if value is not None and valid(name, value) else None


def bound(widget: Callable, label: str, name: str, **kwargs) -> Any:
    """Render `widget` showing view-state `name` within its declared limits (kwargs may narrow them) and store
    what the user picks (survives page switches)."""
    p, value, key = PARAMS[name], get(name), f"w_{name}"
    if widget in CHOICE_WIDGETS:
        options = list(kwargs.setdefault("options", p.options))
        value = _choice(value, options, p.default)
        if not show_choice(key, value, str(kwargs.get("format_func", str)(value))):
            if widget in (st.selectbox, st.radio):
                kwargs["index"] = options.index(value)
            else:
                kwargs["default" if widget in (st.segmented_control, st.pills) else "value"] = value
    elif widget in (st.slider, st.number_input):
        kwargs.setdefault("min_value", type(p.default)(p.low))
        kwargs.setdefault("max_value", type(p.default)(p.high))
        if p.step:
            kwargs.setdefault("step", type(p.default)(p.step))
        kwargs["value"] = min(max(value, kwargs["min_value"]), kwargs["max_value"])
    else:
        kwargs["value"] = value
    picked = widget(label, key=key, **kwargs)
    picked = value if picked is None or not valid(name, picked) else picked  # deselected, or a stale label
    put(name, picked)
    return picked


def begin_run() -> None:
    """Start a script run: hold the session's view state for this run's reads; the sentence of the session's previous
    run gives this run's greedy drafts (ui/shared.py)."""
    _RUN.set(None)
    _RUN.set(store())
    st.session_state["_draft_previous"] = st.session_state.get("_draft_text", "")


def take_widgets() -> None:
    """Copy what the user just picked in any bound widget into the view state before the page reads it, so a
    toggle never first computes a trace with the old value and then throws it away."""
    begin_run()
    for name in PARAMS:
        value = widget_value(name)
        if value is not None:
            put(name, value)


def clamp(name: str, low: int, high: int) -> int:
    """Keep an integer entry inside [low, high] (e.g. a head index after switching to a smaller block)."""
    value = min(max(int(get(name) or 0), low), high)
    put(name, value)
    return value


def decode_options(values: dict[str, Any]) -> DecodeOptions:
    """Decoding choices of a view state (invalid values fall back to defaults)."""
    try:
        return DecodeOptions(values["decode"], float(values["sample_temperature"]), int(values["top_k"]),
                             int(values["seed"]), int(values["beam_width"]))
    except ValueError:
        return DecodeOptions()


VIEWED = ("sentence", "model", "hf_model", "block", "layer", "head", "query", "step", "stack", "sublayer", "tour",
          "snapshot", "second_sentence", "pair_sentence", "pe_d_model", "pe_base", "pe_length", "preset",
          "knockout_mode", "custom_mask", "mask_mode", "shuffle", "shuffle_with_pe", "tile", "tile_step",
          "window", "n_global", "window_on", "pair", "shift", "tour_chapter", "hide_special",
          "presenter")  # as View has them


def view_of(values: dict[str, Any], live_url: str = "", drafts: Any = None) -> View:
    """The View of a view state (by code name), served by the keystroke route `live_url`, its drafts kept in
    `drafts` (default: none kept)."""
    return View(**{k: values[k] for k in VIEWED}, lang=values["lang"] if values["lang"] in LANGS else "en",
                attn=AttnOptions(bool(values["scale"]), float(values["attn_temperature"])),
                decode=decode_options(values), live=live_url, drafts={} if drafts is None else drafts)


def view_state() -> View:
    """This script run's View: the session's view state as it is now, this thread's keystroke route and the
    shared drafts read from the sentence of the session's previous run."""
    values = store()
    st.session_state["_draft_text"] = values["sentence"]
    return view_of(values, live.url(), Drafts(st.session_state.get("_draft_previous", ""), values["sentence"]))


def url_params() -> dict[str, str]:
    """The sentence and the non-default view state, as query parameters (by their URL names)."""
    return {PARAMS[k].url: str(v) for k, v in store().items() if v != DEFAULTS[k] or k == "sentence"}


def write_url() -> None:
    """Mirror the view state into the query string."""
    st.query_params.from_dict(url_params())
