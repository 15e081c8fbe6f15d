"""The model, loaded once per process, and traces cached by their inputs."""
from __future__ import annotations

import gc

import streamlit as st
import torch

from model.checkpoint import Bundle, available_models, load_bundle
from model.decoding import DecodeOptions
from model.trace import BatchTrace, TeacherForcing, Trace, run_batch_trace, run_teacher_forcing, run_with_trace
from model.transformer import AttnOptions
from ui import profile, state

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


_last_output: dict[str, list[int]] = {}  # model -> latest translation ids: the next keystroke's draft


@st.cache_resource(show_spinner=False, max_entries=128)  # a trace is 0.5–1.5 MB
def trace(name: str, text: str, attn: AttnOptions, decode: DecodeOptions) -> Trace:
    """Full trace of one sentence (raises ValueError for input with no tokens).

    Greedy decoding is given the previous translation as a draft: one keystroke rarely changes much of it,
    so a pass or two verifies it instead of one pass per output token (the result is identical)."""
    result = run_with_trace(bundle(name), text, decode, attn, draft=_last_output.get(name))
    _last_output[name] = result.decoded.ids
    return result


@st.cache_resource(show_spinner=False, max_entries=64)
def batch_trace(name: str, texts: tuple[str, ...], attn: AttnOptions) -> BatchTrace:
    """Several sentences as one padded batch."""
    return run_batch_trace(bundle(name), list(texts), attn)


@st.cache_resource(show_spinner=False, max_entries=128)
def teacher(name: str, text: str, reference: str, attn: AttnOptions) -> TeacherForcing:
    """Teacher-forced pass of a reference translation."""
    return run_teacher_forcing(bundle(name), text, reference, attn)


def attn_options() -> AttnOptions:
    """Attention toggles from the view state."""
    return AttnOptions(scale=bool(state.get("scale")), temperature=float(state.get("temp")))


def decode_options() -> DecodeOptions:
    """Decoding choices from the view state (invalid values fall back to defaults)."""
    try:
        return DecodeOptions(state.get("decode"), float(state.get("stemp")), int(state.get("topk")),
                             int(state.get("seed")), int(state.get("beam")))
    except ValueError:
        return DecodeOptions()


def current_trace() -> Trace | None:
    """Trace of the shared sentence with the current options, or None when there is nothing to show."""
    try:
        with profile.section("trace"):
            return trace(state.get("model"), state.get("s"), attn_options(), decode_options())
    except ValueError:
        return None
