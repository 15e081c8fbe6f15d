"""Decoding's charts for one trace and the view state (the page places `elements`' charts by key, the keystroke route
sends them all)."""
from __future__ import annotations

import numpy as np

from model.decoding import DecodeOptions, repeating
from model.trace import Trace
from ui import data
from ui.view import Element, View
from viz.bars import coverage_bar, likeliest_bar
from viz.heatmap import matrix_heatmap


def highest(trace: Trace) -> dict[str, int]:
    """The last decoding step, cross-attention layer and head of this translation and model (the pickers' ends)."""
    return {"step": len(trace.decoded.steps) - 1, "layer": trace.n_layers("cross") - 1, "head": trace.config.h - 1}


def step_element(trace: Trace, index: int, layer: int, head: int, v: View) -> Element:
    """One decoding step: its most likely next tokens, its cross-attention per head and its masked self-attention."""
    step, h = trace.decoded.steps[index], trace.config.h
    self_attn = step.self_attn[layer, head]  # (t, t)
    return Element([likeliest_bar(step.top_tokens, step.top_probs, chosen=step.chosen_token,
                                  title=v.t("dec.fig_likeliest", k=len(step.top_tokens)),
                                  given=v.t("dec.given", prefix=" ".join(step.prefix_tokens)), words=v.words()),
                    matrix_heatmap(step.cross_attn[layer], [v.t("label.head", i=i) for i in range(h)], trace.src.tokens,
                                   kind="prob", title=v.t("dec.fig_cross_step", layer=layer),
                                   row_title=v.t("axis.head"),
                                   col_title=v.t("axis.source_key"), hover_formula="{row} → {col}", words=v.words()),
                    matrix_heatmap(self_attn, step.prefix_tokens, step.prefix_tokens, kind="prob",
                                   masked=~np.tril(np.ones_like(self_attn, bool)),
                                   title=v.t("dec.fig_self_step", layer=layer, head=head),
                                   row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col"), words=v.words())],
                   "step", ["topk", "step-cross", "step-self"], columns=2, widths=[1, 1.5, 1])


def cross_map(trace: Trace, layer: int, title: str, v: View):
    """A layer's cross-attention averaged over heads: each prediction's row over the source tokens."""
    rows = [f"{a} → {b}" for a, b in zip(trace.tgt_input_tokens, trace.decoded.tokens + ["<eos>"])]
    return matrix_heatmap(trace.attn("cross", layer).pattern.mean(0), rows, trace.src.tokens, kind="prob",
                          title=title, row_title=v.t("axis.decoder_prediction"), col_title=v.t("axis.source_key"),
                          hover_formula=v.t("dec.hover_looks_at"), words=v.words())


def coverage_element(trace: Trace, v: View) -> Element:
    """How much cross-attention each source word received over the whole translation, words that may be
    untranslated (model.coverage.mark) marked."""
    flagged = trace.untranslated
    words = ", ".join(dict.fromkeys(trace.src.typed(i) for i in flagged)) or "—"
    return Element([coverage_bar(trace.src.tokens, trace.coverage, flagged, words=v.words(),
                                 title=v.t("dec.fig_coverage", layer=trace.config.N - 1, words=words),
                                 value_title=v.t("axis.coverage"))], "coverage", ["coverage"])


def cross_element(trace: Trace, v: View) -> Element:
    """Every layer's full cross-attention."""
    N = trace.n_layers("cross")
    return Element([cross_map(trace, i, v.t("dec.fig_layer", i=i), v) for i in range(N)], "cross-full",
                   [f"cross-full-{i}" for i in range(N)])


def blocked(trace: Trace, index: int) -> tuple[str, float] | None:
    """The token the repetition guard kept the model from writing at a step (its most likely one, which would have
    made a loop, model.decoding.repeating) and its probability; None if the guard was off or let it through."""
    if not trace.decode_opts.guard:
        return None
    step = trace.decoded.steps[index]
    probs = trace.probs[len(step.prefix_ids) - 1]  # (V,) the model's own distribution at this step
    first = int(probs.argmax())
    if first == step.chosen_id or first not in repeating(step.prefix_ids):
        return None
    return data.bundle(trace.model).tgt_vocab.itos[first], float(probs[first])


def twins(trace: Trace, v: View) -> list[Trace]:
    """The sentence through the model trained to align and through its twin (greedy), that one first; none unless the
    view asks for them (a second trace per keystroke) and the model has a twin."""
    twin = data.twin(trace.model) if v.twin else None
    if not twin:
        return []
    names = sorted([trace.model, twin], key=lambda n: not data.bundle(n).guided)
    return [data.drafted(v.drafts, name, lambda draft, name=name: data.trace(name, trace.text, v.attn,
                                                                               DecodeOptions(guard=v.no_repeat),
                                                                               _draft=draft))
            for name in names]


def twin_element(pair: list[Trace], v: View) -> Element:
    """The last layer's cross-attention of both twins, side by side."""
    last = [(other, other.config.N - 1) for other in pair]
    return Element([cross_map(other, n, f"{other.model} · " + v.t("dec.fig_layer", i=n), v) for other, n in last],
                   "twin", [f"twin-{other.model}" for other in pair])



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view: the coverage (the app's own models: a pretrained Marian has
    none), the picked step, every layer's cross-attention and the twins' (when the view asks for them)."""
    at = v.within(**highest(trace))
    cover = {} if v.pretrained else {"coverage": coverage_element(trace, v)}
    pair = twins(trace, v)
    return cover | {"step": step_element(trace, at.step, at.layer, at.head, v), "cross": cross_element(trace, v)} | (
        {"twin": twin_element(pair, v)} if pair else {})
