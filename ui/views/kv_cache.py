"""The KV cache page's charts: one decoding step's new query against the cached keys, and the work and memory per
step with and without the cache (the page and the keystroke route both build them here)."""
from __future__ import annotations

import numpy as np

from model.kv_cache import CachedRun, cache_floats, step_multiply_adds
from model.trace import Trace
from ui import data
from ui.view import Element, View
from viz.bars import grouped_bars
from viz.curves import line_chart
from viz.heatmap import matrix_heatmap


def highest(trace: Trace) -> dict[str, int]:
    """The last step (one per decoder input token), decoder layer and head of this translation and model."""
    return {"step": len(trace.tgt_input_tokens) - 1, "layer": trace.config.N - 1, "head": trace.config.h - 1}


def cached(trace: Trace) -> CachedRun:
    """The trace's translation decoded again one token per step with the cache."""
    return data.cached_run(trace.model, trace.text, trace.attn_opts, tuple(trace.decoded.ids))


def check(trace: Trace) -> tuple[float, int]:
    """Largest |cached logits − the full pass's| over every step and token, and how many steps pick the same top."""
    full, steps = trace.logits, cached(trace).logits  # (T, V) each
    return float(np.abs(steps - full).max()), int((steps.argmax(-1) == full.argmax(-1)).sum())


def work(trace: Trace) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Steps 1 … T, and per step the multiply-adds without and with the cache and the numbers the cache holds."""
    cfg, S, T = trace.config, len(trace.src.tokens), len(trace.tgt_input_tokens)
    steps = np.arange(1, T + 1)
    without = np.array([step_multiply_adds(cfg, S, n, cached=False) for n in steps])
    with_cache = np.array([step_multiply_adds(cfg, S, n, cached=True) for n in steps])
    return steps, without, with_cache, np.array([cache_floats(cfg, S, n) for n in steps])


def row_labels(trace: Trace, step: int, v: View) -> list[str]:
    """The cached positions' tokens, marked cached or new (the newest is this step's)."""
    tokens = trace.tgt_input_tokens[: step + 1]
    return [v.t("kv.row_new" if i == step else "kv.row_cached", token=f"{i}:{tok}") for i, tok in enumerate(tokens)]


def cache_element(trace: Trace, step: int, layer: int, head: int, v: View) -> Element:
    """The K cache of the head's K/V group at this step (the newest row marked), and the new query's weights."""
    run, cfg = cached(trace), trace.config
    group = head // (cfg.h // cfg.h_kv)  # the K/V head this query head reads
    rows = row_labels(trace, step, v)
    token = trace.tgt_input_tokens[step]
    keys = run.keys[layer, group, : step + 1]  # (step + 1, d_k)
    return Element([
        matrix_heatmap(keys, rows, [f"d{i}" for i in range(keys.shape[1])], show_values=False, col_ticks=12,
                       title=v.t("kv.fig_keys", layer=layer, kv=group, step=step),
                       row_title=v.t("kv.axis_position"), col_title=v.t("axis.dimension"), words=v.words()),
        grouped_bars(rows, {v.t("kv.weight"): run.patterns[layer, head, step, : step + 1]}, y_range=(0.0, 1.0),
                     title=v.t("kv.fig_weights", layer=layer, head=head, token=token), y_title=v.t("kv.weight"),
                     x_title=v.t("kv.axis_position"), words=v.words()),
    ], f"kv-cache-L{layer}-h{head}-t{step}", [f"kv-keys-L{layer}-t{step}", f"kv-weights-L{layer}-h{head}-t{step}"])


def work_element(trace: Trace, v: View) -> Element:
    """Multiply-adds per step with and without the cache (log scale), and the numbers the cache holds."""
    steps, without, with_cache, floats = work(trace)
    return Element([
        line_chart(steps, {v.t("kv.without"): without, v.t("kv.with"): with_cache}, title=v.t("kv.fig_work"),
                   x_title=v.t("kv.axis_step"), y_title=v.t("kv.axis_macs"), log_y=True, decimals=0),
        line_chart(steps, {v.t("kv.with"): floats}, title=v.t("kv.fig_memory"), x_title=v.t("kv.axis_step"),
                   y_title=v.t("kv.axis_floats"), decimals=0),
    ], "kv-work", ["kv-macs", "kv-memory"], columns=2)


GROUPED = {"en-zh-sinusoidal": "kv.mha", "en-zh-gqa2": "kv.gqa", "en-zh-gqa1": "kv.mqa"}  # one model, 4, 2, 1 K/V heads


def grouped_models() -> list[str]:
    """The grammar-trained en-zh and its grouped-query variants, if they ship (else none)."""
    return list(GROUPED) if set(GROUPED) <= set(data.variants()) else []


def grouped_applies(trace: Trace) -> bool:
    """True if the sentence can be read by the grouped-query variants (English → 中文, variants shipped)."""
    return trace.src_lang == "en" and bool(grouped_models())


def grouped_run(name: str, text: str, v: View) -> Trace:
    """The sentence's greedy trace through the grammar-trained en-zh or one of its grouped-query variants."""
    return data.compared(v, name, text)


def grouped_element(trace: Trace, v: View) -> Element:
    """The numbers each model's cache holds for its own translation of the sentence, and the grouped model's heads
    at the view's decoder layer, titled by the K/V head they share."""
    runs = {name: grouped_run(name, trace.text, v) for name in GROUPED}
    held = [cache_floats(r.config, len(r.src.tokens), len(r.tgt_input_tokens)) for r in runs.values()]
    labels = [v.t(GROUPED[name], kv=r.config.h_kv) for name, r in runs.items()]
    bars = grouped_bars(labels, {v.t("kv.axis_floats"): np.array(held)}, title=v.t("kv.fig_grouped"),
                        y_title=v.t("kv.axis_floats"), words=v.words())
    gqa = runs["en-zh-gqa2"]
    layer = v.within(**highest(gqa)).layer
    attn, cfg = gqa.attn("decoder", layer), gqa.config
    maps = [matrix_heatmap(attn.pattern[head], attn.queries, attn.keys, kind="prob", masked=~attn.mask,
                           title=v.t("kv.fig_group_head", head=head, kv=head // (cfg.h // cfg.h_kv), layer=layer),
                           row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col"), words=v.words())
            for head in range(cfg.h)]
    return Element([bars, *maps], f"kv-grouped-L{layer}", None, columns=2)



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view: the picked step's cache, the work saved and, where the
    grouped-query variants read the sentence, their caches and heads."""
    at = v.within(**highest(trace))
    grouped = {"grouped": grouped_element(trace, v)} if grouped_applies(trace) else {}
    return {"cache": cache_element(trace, at.step, at.layer, at.head, v), "work": work_element(trace, v)} | grouped
