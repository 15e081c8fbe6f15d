"""The models, loaded once per process, and traces and what derives from them, cached by their inputs
(ui/shared.per_process).

Everything here is shared by every session's script thread at once, so it is only ever read: a bundle's model
runs forward passes that record into the calling thread's own cache (model.hooks), and a cached trace's arrays are
read-only (model.trace.freeze), so a page that tried to write into one would fail in its own session instead of
changing what another session sees. Per-session data (the greedy draft) lives in the View's drafts: the session's
dict in st.session_state, or a keystroke-route request's."""
from __future__ import annotations

import difflib
import gc
import sys
from collections.abc import Callable

import numpy as np
import torch
from threadpoolctl import threadpool_limits

from model import lessons, pretrained, pretrained_lessons
from model.ablation import Head, importance, mean_z, run_knockout, sequence_log_probs
from model.checkpoint import VARIANT_DIR, Bundle, available_models, load_bundle, trained_alike
from model.corpus import translate_en, translate_zh
from model.decoding import DecodeOptions
from model.evaluate import held_out
from model.extrapolation import load as load_extrapolation
from model.kv_cache import CachedRun, run_cached
from model.pretrained import Pretrained, PretrainedError, PretrainedTrace
from model.pretrained_lessons import MaskedWord, NextTokens, Sizes
from model.relative import mirror_gap, shifted_scores
from model.snapshots import Snapshot, load_snapshot, loss_curve, snapshots
from model.tokenizer import detokenize
from model.trace import (
    BatchEncoding,
    BatchTrace,
    Deferred,
    TeacherForcing,
    Trace,
    read_only,
    retold,
    run_batch_encoding,
    run_batch_trace,
    run_teacher_forcing,
    run_with_trace,
)
from model.transformer import AttnOptions
from model.window import run_windowed
from model.window import windowed_log_p as window_log_p
from ui import instrument, state
from ui.budget import per_process_bytes
from ui.shared import per_process
from ui.view import PARAMS, PRETRAINED, View

torch.set_num_threads(1)  # measured faster than 2 for these tiny matrices, and leaves a core to the server
# NumPy's BLAS one thread too: on a busy 2-core machine a 16 × 256 product split over two threads waits for a core
# (docs/benchmarks.md: p50 3× and p95 5× those of one thread while other requests compute)
threadpool_limits(1, user_api="blas")
sys.setswitchinterval(0.001)  # the event loop gets the GIL back within 1 ms (5 by default) while a trace computes
gc.freeze()  # import-time objects (torch, plotly, pandas) are permanent: keep them out of every GC pass
# The traces kept per process, in MB (a 16-token trace holds 1.7 MB; ui/budget.py); every other cache of arrays has its
# own budget at its function, 432 MB for all of them together at most, answers apart (ui/shared.py).
TRACES_MB = 96


@per_process(16)  # one per model
def bundle(name: str) -> Bundle:
    """Load a shipped checkpoint once per server process."""
    return load_bundle(name)


@per_process(1)
def models() -> list[str]:
    """Names of the shipped checkpoints."""
    return available_models()


def trace(name: str, text: str, attn: AttnOptions, decode: DecodeOptions, _draft: list[int] | None = None) -> Trace:
    """Full, read-only trace of one sentence (raises ValueError for input with no tokens): the run of its source ids,
    told of this text (keys that leave the ids as they were, such as each letter of a word the model does not know,
    run nothing).

    `_draft` (not part of the cache key) is this session's previous translation: one keystroke rarely changes
    much of it, so greedy decoding verifies it in a pass or two instead of one pass per token (same result)."""
    return told(bundle(name), text, lambda ids: ids_trace(name, ids, attn, decode, _text=text, _draft=_draft))


def told(b: Bundle, text: str, run: Callable[[tuple[int, ...]], Trace]) -> Trace:
    """run(the source ids of `text` through `b`), told of `text` (model.trace.retold)."""
    src = b.src_vocab.encode(text, b.config.max_len)
    return retold(run(tuple(src.ids)), text, src)


@per_process_bytes(TRACES_MB)
def ids_trace(name: str, ids: tuple[int, ...], attn: AttnOptions, decode: DecodeOptions, _text: str,
              _draft: list[int] | None = None) -> Trace:
    """The trace of source ids `ids`, run on `_text` (not part of the cache key), the first text that had them."""
    return run_with_trace(bundle(name), _text, decode, attn, draft=_draft)


@per_process_bytes(16)
def batch_trace(name: str, texts: tuple[str, ...], attn: AttnOptions, _drafts=None) -> BatchTrace:
    """Several sentences as one padded batch, decoded with each one's cached greedy translation (one pass, not a
    batched greedy loop per keystroke); the first text's decoded verifying `_drafts`' (a session's or request's, not
    part of the cache key), which keep its output for the next keystroke."""
    rest = [trace(name, text, AttnOptions(), DecodeOptions()).decoded.ids for text in texts[1:]]
    outputs = [greedy(_drafts or {}, name, texts[0]).decoded.ids, *rest]
    return run_batch_trace(bundle(name), list(texts), attn, outputs)


@per_process_bytes(4)  # two 16-token sentences' encoder arrays: ~0.7 MB
def batch_encoding(name: str, texts: tuple[str, ...], attn: AttnOptions) -> BatchEncoding:
    """Several sentences encoded as one padded batch, no decoder run."""
    return run_batch_encoding(bundle(name), list(texts), attn)


@per_process(128)
def teacher(name: str, text: str, reference: str, attn: AttnOptions) -> TeacherForcing:
    """Teacher-forced pass of a reference translation."""
    return run_teacher_forcing(bundle(name), text, reference, attn)


@per_process_bytes(48)  # a snapshot is ~3 MB in float32
def snapshot(name: str, step: int) -> Bundle:
    """A model as it was after `step` training steps."""
    return load_snapshot(name, step)


def snapshot_trace(name: str, step: int, text: str, _draft: list[int] | None = None) -> Trace:
    """Greedy trace of a sentence through a training snapshot (raises ValueError for input with no tokens), run once
    per source ids as `trace`; `_draft` (not part of the cache key) as in `trace`."""
    return told(snapshot(name, step), text, lambda ids: ids_snapshot_trace(name, step, ids, _text=text, _draft=_draft))


@per_process_bytes(32)
def ids_snapshot_trace(name: str, step: int, ids: tuple[int, ...], _text: str,
                       _draft: list[int] | None = None) -> Trace:
    """The snapshot's trace of source ids `ids`, run on `_text` (not part of the cache key), as `ids_trace`."""
    return run_with_trace(snapshot(name, step), _text, draft=_draft)


def view_snapshot_trace(v: View, name: str, step: int) -> Trace:
    """Trace of the view's sentence through a snapshot, verifying the view's previous output of that snapshot
    (raises ValueError for input with no tokens)."""
    return drafted(v.drafts, f"{name}@{step}", lambda draft: snapshot_trace(name, step, v.sentence, _draft=draft))


def drafted(drafts, model: str, run: Callable[[list[int] | None], Trace]) -> Trace:
    """run(the latest output ids of `model` in `drafts`, or None), remembering its output there as the next draft
    once it is decoded (drafts: a session's dict, model — a snapshot: "name@step" — -> ids, or a route request's); a
    trace whose output nothing reads is never decoded (model.trace.Deferred)."""
    draft = drafts.get(model)
    result = run(draft)
    if isinstance(result, Deferred):  # made by another request (a keystroke with no draft yet): this one's is newer
        result.offer(draft)
        result.when_decoded(lambda ids: drafts.__setitem__(model, ids))
    else:
        drafts[model] = result.decoded.ids
    return result


@per_process(16)  # one per model
def timeline(name: str) -> tuple[tuple[Snapshot, ...], tuple[list[int], list[float]]]:
    """A model's snapshots (empty if none ship) and its logged loss curve (immutable once loaded)."""
    return tuple(snapshots(name)), loss_curve(name)


def timeline_models(name: str) -> list[str]:
    """The model and its twin (trained to align first) that ship training snapshots: both, the model alone while
    its twin is not trained alike, or nothing."""
    pair = sorted({name, twin(name) or name}, key=lambda n: not bundle(n).guided)
    return [n for n in pair if timeline(n)[0]]


@per_process(16)  # one per model
def head_means(name: str) -> dict:
    """Every head's mean output over 256 held-out pairs (for mean ablation), computed once per model."""
    return mean_z(bundle(name), held_out(256))


@per_process_bytes(32)
def knockout(name: str, text: str, heads: tuple[Head, ...], mode: str) -> Trace:
    """Greedy trace with the heads knocked out (read-only; raises ValueError for input with no tokens)."""
    return run_knockout(bundle(name), text, list(heads), mode, head_means(name))


@per_process_bytes(4)
def head_importance(name: str, text: str, mode: str) -> np.ndarray:
    """Drop in log P(own translation) per head knocked out alone; (blocks, N, h), read-only."""
    own = trace(name, text, AttnOptions(), DecodeOptions()).decoded.ids
    return read_only(importance(bundle(name), text, own, mode, head_means(name)))


@per_process(64)
def knockout_log_p(name: str, text: str, heads: tuple[Head, ...], mode: str) -> np.ndarray:
    """log P(the intact model's translation) without and with the heads knocked out; (2,), read-only."""
    own = trace(name, text, AttnOptions(), DecodeOptions()).decoded.ids
    return read_only(sequence_log_probs(bundle(name), text, own, [[], list(heads)], mode, head_means(name)))


@per_process(16)  # one per model
def variant(name: str) -> Bundle:
    """An After 2017 variant of en-zh (RoPE, ALiBi, GQA) from checkpoints/after_2017, loaded once."""
    return load_bundle(name, VARIANT_DIR)


@per_process(1)
def variants() -> list[str]:
    """The variants shipped."""
    return available_models(VARIANT_DIR)


def variant_trace(name: str, text: str, _draft: list[int] | None = None) -> Trace:
    """Greedy trace of a sentence through a variant (read-only; raises ValueError for input with no tokens), run once
    per source ids as `trace`; `_draft` (not part of the cache key) as in `trace`."""
    return told(variant(name), text, lambda ids: ids_variant_trace(name, ids, _text=text, _draft=_draft))


@per_process_bytes(32)
def ids_variant_trace(name: str, ids: tuple[int, ...], _text: str, _draft: list[int] | None = None) -> Trace:
    """The variant's trace of source ids `ids`, run on `_text` (not part of the cache key), as `ids_trace`."""
    return run_with_trace(variant(name), _text, draft=_draft)


def any_bundle(name: str) -> Bundle:
    """A shipped checkpoint or an After 2017 variant, by name."""
    return bundle(name) if name in models() else variant(name)


def compared(v: View, name: str, text: str) -> Trace:
    """The greedy trace of `text` through a shipped model or a variant, shown beside the page's own: the view's
    previous output of that model is verified as a draft (a pass or two instead of one per token)."""
    if name in models():
        return greedy(v.drafts, name, text)
    return drafted(v.drafts, name, lambda draft: variant_trace(name, text, _draft=draft))


def greedy(drafts, name: str, text: str) -> Trace:
    """The greedy trace of `text` through a shipped model as trained (÷√d_k, temperature 1), decoded verifying its
    latest output in `drafts` (see `drafted`)."""
    return drafted(drafts, name, lambda draft: trace(name, text, AttnOptions(), DecodeOptions(), _draft=draft))


@per_process_bytes(8)
def shift_change(name: str, text: str, shift: int) -> np.ndarray:
    """How a model's first-layer scores between the same words change when `shift` fillers go before the sentence
    (en-zh or a variant); NaN where a head masks the pair (ALiBi's one-way heads); (h, S, S), read-only."""
    before, after = shifted_scores(any_bundle(name), text, shift)
    with np.errstate(invalid="ignore"):  # −inf − −inf: a pair masked both times
        return read_only(np.where(np.isfinite(before), after - before, np.nan))


@per_process(128)
def mirror(name: str, text: str) -> float:
    """How far a model's memory of the sentence read backwards is from its memory of the sentence (en-zh or a
    variant; model/relative.mirror_gap)."""
    return mirror_gap(any_bundle(name), text)


@per_process(1)
def extrapolation() -> dict | None:
    """The variants' loss per token past the longest training sentence (model/extrapolation.py), if shipped."""
    return load_extrapolation()


@per_process_bytes(16)
def cached_run(name: str, text: str, attn: AttnOptions, output_ids: tuple[int, ...]) -> CachedRun:
    """The translation `output_ids` of `text` decoded again one token per step with a KV cache (read-only)."""
    b = bundle(name)
    return run_cached(b, b.src_vocab.encode(text, b.config.max_len).ids, list(output_ids), attn)


@per_process_bytes(32)
def windowed(name: str, text: str, W: int, n_global: int, stacks: tuple[str, ...],
             _draft: list[int] | None = None) -> Trace:
    """Greedy trace with a sliding window forced onto the chosen self-attentions (read-only); `_draft` (not part of
    the cache key) as in `trace`."""
    return run_windowed(bundle(name), text, W, n_global, stacks, _draft)


@per_process(64)
def windowed_log_p(name: str, text: str, W: int, n_global: int, stacks: tuple[str, ...]) -> tuple[float, float]:
    """log P(the full model's greedy translation) with full attention and with the window."""
    own = trace(name, text, AttnOptions(), DecodeOptions()).decoded.ids
    return window_log_p(bundle(name), text, own, W, n_global, stacks)


def sibling(name: str) -> str:
    """The name of the model's guided or unguided counterpart ("en-zh" <-> "en-zh-unguided"), shipped or not."""
    return name.removesuffix("-unguided") if name.endswith("-unguided") else name + "-unguided"


@per_process(16)
def twin(name: str) -> str | None:
    """The shipped sibling that differs from `name` only in the guided-alignment loss (with vs without), if any: a
    sibling trained on other data or options is not its twin."""
    other = sibling(name)
    return other if other in models() and trained_alike(name, other) else None


def second_encoding(trace: Trace, v: View) -> BatchEncoding | None:
    """The sentence and the view's second sentence encoded as one padded batch (Add & Norm), or None if the second
    has no tokens."""
    try:
        return batch_encoding(trace.model, (trace.text, v.second_sentence), v.attn)
    except ValueError:
        return None


def second_batch(trace: Trace, v: View) -> BatchTrace | None:
    """The sentence and the view's second sentence as one padded batch through the whole model (Masks), or None if
    the second has no tokens."""
    try:
        return batch_trace(trace.model, (trace.text, v.second_sentence), v.attn, _drafts=v.drafts)
    except ValueError:
        return None


@per_process_bytes(8)
def equivariance(name: str, ids: tuple[int, ...], seed: int, with_pe: bool) -> lessons.Equivariance:
    """Encoder outputs of a sentence and its shuffle (read-only, shared by sessions)."""
    result = lessons.equivariance(bundle(name).transformer, list(ids), seed, with_pe)
    for a in (result.order, result.attn, result.attn_shuffled, result.memory, result.memory_shuffled):
        read_only(a)
    return result


@per_process_bytes(8)
def invariance(name: str, ids: tuple[int, ...], tgt_ids: tuple[int, ...], seed: int) -> lessons.Invariance:
    """The translation's logits and greedy outputs for a sentence and its shuffle, with and without the source PE
    (read-only, shared by sessions)."""
    result = lessons.invariance(bundle(name).transformer, list(ids), list(tgt_ids), seed)
    read_only(result.order)
    return result


COST_LENGTHS = (32, 64, 128, 256, 512, 1024)  # the sentence lengths n attention's cost is measured at
COST_REPEATS = 3


@per_process(16)  # one per model
def attention_cost(name: str) -> tuple[lessons.CostPoint, ...]:
    """The attention cost measured once per model and server (about a second), then shared by every session."""
    return tuple(lessons.attention_cost(bundle(name).transformer, list(COST_LENGTHS), COST_REPEATS))


def model_options() -> list[str]:
    """The model picker's entries: the shipped checkpoints, then "hf" if the Hugging Face extra is installed."""
    return models() + ([PRETRAINED] if PRETRAINED in PARAMS["model"].options else [])


def is_pretrained() -> bool:
    """True if the picker is on "Pretrained (Hugging Face)…"."""
    return state.get("model") == PRETRAINED


@per_process(2)  # MiniLM is 90 MB, opus-mt 300 MB: keep two at most
def pretrained_model(source: str) -> Pretrained:
    """A Hugging Face model loaded once per server process, never downloaded (raises PretrainedError)."""
    return pretrained.load(source)


@per_process_bytes(64)
def pretrained_trace(source: str, text: str, decode: DecodeOptions) -> PretrainedTrace:
    """Read-only trace of a sentence through a pretrained model (raises ValueError for input with no tokens)."""
    return pretrained.run(pretrained_model(source), text, decode)


@per_process(64)
def pretrained_masked_word(source: str, text: str, word: int) -> MaskedWord:
    """The sentence with one word masked, and what the BERT's MLM head predicts there (raises ValueError)."""
    return pretrained_lessons.mask_word(pretrained_model(source), text, word)


@per_process(32)
def pretrained_next_tokens(source: str, text: str) -> NextTokens:
    """The GPT-2's probability of each next token of the sentence (raises ValueError)."""
    return pretrained_lessons.next_tokens(pretrained_model(source), text)


@per_process(2)
def pretrained_sizes(source: str) -> Sizes:
    """A loaded BERT's or GPT-2's parameters, counted and from the formula."""
    return pretrained_lessons.sizes(pretrained_model(source))


def pretrained_status(source: str) -> tuple[Pretrained | None, PretrainedError | None]:
    """The pretrained model `source` (a view's hf_model) loaded, or why it is not."""
    try:
        return pretrained_model(source), None
    except PretrainedError as err:
        return None, err


@per_process(16)  # one per model
def known_by_length(model: str) -> dict[int, tuple[str, ...]]:
    """The model's known words, grouped by length."""
    groups: dict[int, list[str]] = {}
    for w in bundle(model).src_vocab.itos[4:]:
        if w.isalnum():
            groups.setdefault(len(w), []).append(w)
    return {n: tuple(ws) for n, ws in groups.items()}


@per_process(4096)
def closest(model: str, word: str) -> tuple[str, ...]:
    """The model's known words closest in spelling to an unknown word (at most 3). Only lengths that can reach the
    0.6 ratio are compared (2·min(a, b)/(a + b) ≥ 0.6, the bound difflib checks first): same answer, a quarter of the
    work on every keystroke that leaves a half-typed word."""
    groups = known_by_length(model)
    n = len(word)
    known = [w for m in range(max(1, (3 * n + 6) // 7), (7 * n) // 3 + 1) for w in groups.get(m, ())]
    return tuple(difflib.get_close_matches(word, known, n=3, cutoff=0.6))


def text_lang(text: str) -> str:
    """"zh" if `text` has a CJK character, else "en"."""
    return "zh" if any("\u3400" <= ch <= "\u9fff" for ch in text) else "en"


@per_process(256)
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
    pm = pretrained_status(state.get("hf_model"))[0]
    lang = str(getattr(pm.tokenizer, "source_lang", "") or "") if pm else ""
    return "zh" if lang.startswith(("zh", "cmn")) else "en"


def pretrained_view_trace(v: View) -> PretrainedTrace | None:
    """Trace of the view's sentence through its pretrained model, or None (not loaded, or no tokens)."""
    try:
        pm = pretrained_model(v.hf_model)
    except PretrainedError:
        return None
    decode = v.decode if pm.family == "marian" else DecodeOptions()
    try:
        with instrument.section("trace"):
            return pretrained_trace(v.hf_model, v.sentence, decode)
    except ValueError:
        return None


def view_trace(v: View) -> Trace | None:
    """Trace of the view's sentence with its options, or None when there is nothing to show."""
    return pretrained_view_trace(v) if v.pretrained else shipped_trace(v)


def shipped_trace(v: View) -> Trace | None:
    """Trace of the view's sentence through its shipped model, or None (no tokens)."""
    try:
        with instrument.section("trace"):
            return drafted(v.drafts, v.model, lambda draft: trace(v.model, v.sentence, v.attn, v.decode,
                                                                  _draft=draft))
    except ValueError:
        return None
