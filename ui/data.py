"""The model, loaded once per process, and traces cached by their inputs.

Everything here is shared by every session's script thread at once, so it is only ever read: a bundle's model
runs forward passes that record into the calling thread's own cache (model.hooks), and a cached trace's arrays are
read-only (model.trace.freeze), so a page that tried to write into one would fail in its own session instead of
changing what another session sees. Per-session data (the greedy draft) lives in st.session_state."""
from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from contextvars import ContextVar

import numpy as np
import streamlit as st
import torch

from model import pretrained, pretrained_lessons
from model.ablation import Head, importance, mean_z, run_knockout, sequence_log_probs
from model.checkpoint import Bundle, available_models, load_bundle
from model.corpus import translate_en, translate_zh
from model.decoding import DecodeOptions
from model.evaluate import held_out
from model.pretrained import Pretrained, PretrainedError, PretrainedTrace
from model.pretrained_lessons import MaskedWord, NextTokens, Sizes
from model.snapshots import Snapshot, load_snapshot, loss_curve, snapshots
from model.tokenizer import detokenize
from model.trace import (
    BatchTrace,
    TeacherForcing,
    Trace,
    read_only,
    run_batch_trace,
    run_teacher_forcing,
    run_with_trace,
)
from model.transformer import AttnOptions
from ui import instrument, state

torch.set_num_threads(1)  # measured faster than 2 for these tiny matrices, and leaves a core to the server
gc.freeze()  # import-time objects (torch, plotly, pandas) are permanent: keep them out of every GC pass


@st.cache_resource(show_spinner=False)
def bundle(name: str) -> Bundle:
    """Load a shipped checkpoint once per server process."""
    return load_bundle(name)


@st.cache_resource(show_spinner=False)
def models() -> list[str]:
    """Names of the shipped checkpoints."""
    return available_models()


@st.cache_resource(show_spinner=False, max_entries=128)  # a trace is 0.5–1.5 MB
def trace(name: str, text: str, attn: AttnOptions, decode: DecodeOptions, _draft: list[int] | None = None) -> Trace:
    """Full, read-only trace of one sentence (raises ValueError for input with no tokens).

    `_draft` (not part of the cache key) is this session's previous translation: one keystroke rarely changes
    much of it, so greedy decoding verifies it in a pass or two instead of one pass per token (same result)."""
    return run_with_trace(bundle(name), text, decode, attn, draft=_draft)


@st.cache_resource(show_spinner=False, max_entries=64)
def batch_trace(name: str, texts: tuple[str, ...], attn: AttnOptions) -> BatchTrace:
    """Several sentences as one padded batch, decoded with each one's cached greedy translation (one pass, not a
    batched greedy loop per keystroke)."""
    outputs = [trace(name, text, AttnOptions(), DecodeOptions()).decoded.ids for text in texts]
    return run_batch_trace(bundle(name), list(texts), attn, outputs)


@st.cache_resource(show_spinner=False, max_entries=128)
def teacher(name: str, text: str, reference: str, attn: AttnOptions) -> TeacherForcing:
    """Teacher-forced pass of a reference translation."""
    return run_teacher_forcing(bundle(name), text, reference, attn)


@st.cache_resource(show_spinner=False, max_entries=24)  # a snapshot is ~3 MB in float32
def snapshot(name: str, step: int) -> Bundle:
    """A model as it was after `step` training steps."""
    return load_snapshot(name, step)


@st.cache_resource(show_spinner=False, max_entries=64)
def snapshot_trace(name: str, step: int, text: str, _draft: list[int] | None = None) -> Trace:
    """Greedy trace of a sentence through a training snapshot (raises ValueError for input with no tokens);
    `_draft` (not part of the cache key) as in `trace`: the same result, in a pass or two instead of one per token."""
    return run_with_trace(snapshot(name, step), text, draft=_draft)


def current_snapshot_trace(name: str, step: int) -> Trace:
    """Trace of the shared sentence through a snapshot, verifying this session's previous output of that snapshot
    (raises ValueError for input with no tokens)."""
    return drafted(f"{name}@{step}", lambda draft: snapshot_trace(name, step, state.get("sentence"), _draft=draft))


_REQUEST_DRAFTS: ContextVar[object | None] = ContextVar("request_drafts", default=None)


def use_drafts(drafts) -> None:
    """Take drafts from `drafts` (get(model), [model] = ids) in this context instead of a session's dict (a
    keystroke-route request has none)."""
    _REQUEST_DRAFTS.set(drafts)


def drafted(model: str, run: Callable[[list[int] | None], Trace]) -> Trace:
    """run(this session's latest output ids of `model`, or None), remembering its output as the next draft."""
    drafts = _REQUEST_DRAFTS.get()
    if drafts is None:  # model (a snapshot: "name@step") -> latest output ids
        drafts = st.session_state.setdefault("_drafts", {})
    result = run(drafts.get(model))
    drafts[model] = result.decoded.ids
    return result


@st.cache_resource(show_spinner=False)
def timeline(name: str) -> tuple[tuple[Snapshot, ...], tuple[list[int], list[float]]]:
    """A model's snapshots (empty if none ship) and its logged loss curve (immutable once loaded)."""
    return tuple(snapshots(name)), loss_curve(name)


def timeline_models(name: str) -> list[str]:
    """The model and its twin, trained to align first, if both ship training snapshots; else nothing."""
    pair = sorted({name, twin(name) or name}, key=lambda n: not bundle(n).guided)
    return pair if len(pair) == 2 and all(timeline(n)[0] for n in pair) else []


@st.cache_resource(show_spinner=False)
def head_means(name: str) -> dict:
    """Every head's mean output over 256 held-out pairs (for mean ablation), computed once per model."""
    return mean_z(bundle(name), held_out(256))


@st.cache_resource(show_spinner=False, max_entries=64)
def knockout(name: str, text: str, heads: tuple[Head, ...], mode: str) -> Trace:
    """Greedy trace with the heads knocked out (read-only; raises ValueError for input with no tokens)."""
    return run_knockout(bundle(name), text, list(heads), mode, head_means(name))


@st.cache_resource(show_spinner=False, max_entries=64)
def head_importance(name: str, text: str, mode: str) -> np.ndarray:
    """Drop in log P(own translation) per head knocked out alone; (blocks, N, h), read-only."""
    own = trace(name, text, AttnOptions(), DecodeOptions()).decoded.ids
    return read_only(importance(bundle(name), text, own, mode, head_means(name)))


@st.cache_resource(show_spinner=False, max_entries=64)
def knockout_log_p(name: str, text: str, heads: tuple[Head, ...], mode: str) -> np.ndarray:
    """log P(the intact model's translation) without and with the heads knocked out; (2,), read-only."""
    own = trace(name, text, AttnOptions(), DecodeOptions()).decoded.ids
    return read_only(sequence_log_probs(bundle(name), text, own, [[], list(heads)], mode, head_means(name)))


def twin(name: str) -> str | None:
    """The shipped model that differs from `name` only in the guided-alignment loss (with vs without), if any."""
    other = name.removesuffix("-unguided") if name.endswith("-unguided") else name + "-unguided"
    return other if other in models() else None


def second_batch(trace: Trace) -> BatchTrace | None:
    """The sentence and the view state's second sentence as one padded batch (Masks, Add & Norm), or None if the
    second has no tokens."""
    try:
        return batch_trace(trace.model, (trace.text, state.get("second_sentence")), attn_options())
    except ValueError:
        return None


def attn_options() -> AttnOptions:
    """Attention toggles from the view state."""
    return AttnOptions(scale=bool(state.get("scale")), temperature=float(state.get("attn_temperature")))


def decode_options() -> DecodeOptions:
    """Decoding choices from the view state (invalid values fall back to defaults)."""
    try:
        return DecodeOptions(state.get("decode"), float(state.get("sample_temperature")), int(state.get("top_k")),
                             int(state.get("seed")), int(state.get("beam_width")))
    except ValueError:
        return DecodeOptions()


PRETRAINED = "hf"  # the model picker's "Pretrained (Hugging Face)…" entry; the model id or folder is state "hf"


def model_options() -> list[str]:
    """The model picker's entries: the shipped checkpoints, then "hf" if the Hugging Face extra is installed."""
    return models() + ([PRETRAINED] if PRETRAINED in state.PARAMS["model"].options else [])


def is_pretrained() -> bool:
    """True if the picker is on "Pretrained (Hugging Face)…"."""
    return state.get("model") == PRETRAINED


@st.cache_resource(show_spinner=False, max_entries=2)  # MiniLM is 90 MB, opus-mt 300 MB: keep two at most
def pretrained_model(source: str) -> Pretrained:
    """A Hugging Face model loaded once per server process, never downloaded (raises PretrainedError)."""
    return pretrained.load(source)


@st.cache_resource(show_spinner=False, max_entries=32)
def pretrained_trace(source: str, text: str, decode: DecodeOptions) -> PretrainedTrace:
    """Read-only trace of a sentence through a pretrained model (raises ValueError for input with no tokens)."""
    return pretrained.run(pretrained_model(source), text, decode)


@st.cache_resource(show_spinner=False, max_entries=64)
def pretrained_masked_word(source: str, text: str, word: int) -> MaskedWord:
    """The sentence with one word masked, and what the BERT's MLM head predicts there (raises ValueError)."""
    return pretrained_lessons.mask_word(pretrained_model(source), text, word)


@st.cache_resource(show_spinner=False, max_entries=32)
def pretrained_next_tokens(source: str, text: str) -> NextTokens:
    """The GPT-2's probability of each next token of the sentence (raises ValueError)."""
    return pretrained_lessons.next_tokens(pretrained_model(source), text)


@st.cache_resource(show_spinner=False, max_entries=2)
def pretrained_sizes(source: str) -> Sizes:
    """A loaded BERT's or GPT-2's parameters, counted and from the formula."""
    return pretrained_lessons.sizes(pretrained_model(source))


def pretrained_status() -> tuple[Pretrained | None, PretrainedError | None]:
    """The loaded pretrained model of the current view, or why there is none."""
    try:
        return pretrained_model(state.get("hf_model")), None
    except PretrainedError as err:
        return None, err


def text_lang(text: str) -> str:
    """"zh" if `text` has a CJK character, else "en"."""
    return "zh" if any("\u3400" <= ch <= "\u9fff" for ch in text) else "en"


@functools.lru_cache(maxsize=256)
def in_language(text: str, lang: str) -> str | None:
    """`text` in `lang`: itself if it is already, else the grammar's translation of it, or None if it has none."""
    if text_lang(text) == lang:
        return text
    pair = translate_zh(text) if lang == "en" else translate_en(text)
    return None if pair is None else detokenize(list(pair.en if lang == "en" else pair.zh), lang)


def source_lang() -> str:
    """Language of the sentence box ("en" or "zh") for the current model."""
    if not is_pretrained():
        return bundle(state.get("model")).src_lang
    pm = pretrained_status()[0]
    lang = str(getattr(pm.tokenizer, "source_lang", "") or "") if pm else ""
    return "zh" if lang.startswith(("zh", "cmn")) else "en"


def current_pretrained_trace() -> PretrainedTrace | None:
    """Trace of the shared sentence through the loaded pretrained model, or None (not loaded, or no tokens)."""
    pm = pretrained_status()[0]
    if pm is None:
        return None
    decode = decode_options() if pm.family == "marian" else DecodeOptions()
    try:
        with instrument.section("trace"):
            return pretrained_trace(state.get("hf_model"), state.get("sentence"), decode)
    except ValueError:
        return None


def current_trace() -> Trace | None:
    """Trace of the shared sentence with the current options, or None when there is nothing to show (computed once
    per script run for the same options: pages ask several times)."""
    if is_pretrained():
        key = ("hf", state.get("hf_model"), state.get("sentence"), decode_options())
        return state.memo(key, current_pretrained_trace)
    name = state.get("model")
    return state.memo((name, state.get("sentence"), attn_options(), decode_options()), lambda: shipped_trace(name))


def shipped_trace(name: str) -> Trace | None:
    """Trace of the shared sentence through a shipped model, or None (no tokens)."""
    try:
        with instrument.section("trace"):
            return drafted(name, lambda draft: trace(name, state.get("sentence"), attn_options(), decode_options(),
                                                     _draft=draft))
    except ValueError:
        return None
