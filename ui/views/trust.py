"""The trust page's charts for one trace and the view state (the page and the keystroke route both build them here):
cross-attention beside gradient × input, encoder rollout, one cross-attention layer replaced, the twins' agreement."""
from __future__ import annotations

import numpy as np

from model.attribution import SWAPS, Agreement, Swapped, agreement, attribution, rollout, swap_cross, swap_grid
from model.trace import Trace, read_only
from ui import data
from ui.budget import per_process_bytes
from ui.shared import per_process
from ui.view import Element, View
from viz.bars import grouped_bars
from viz.heatmap import matrix_heatmap


@per_process(64)
def attributed(name: str, text: str, output_ids: tuple[int, ...]) -> np.ndarray:
    """Gradient × input of each source token for each output token of the translation; (T, S), read-only."""
    return read_only(attribution(data.bundle(name), text, list(output_ids)))


# Each holds a whole trace: 0.8 MB at 7 tokens, 1.8 MB at 16, 8.6 MB at 64. 16 MB keeps a 16-token sentence's 9
# replacements (3 layers × 3 SWAPS) as the reader picks through them (16 of them held up to 137 MB).
@per_process_bytes(16)
def swapped(name: str, text: str, output_ids: tuple[int, ...], layer: int, swap: str, seed: int) -> Swapped:
    """The translation with cross-attention layer `layer` replaced (model.attribution.swap_cross)."""
    result = swap_cross(data.bundle(name), text, list(output_ids), layer, swap, seed)
    result.trace.settle()  # the page draws its decoder's weights: decoded before it is stored, weighed whole
    return result


@per_process(64)
def grid(name: str, text: str, output_ids: tuple[int, ...], seed: int) -> np.ndarray:
    """Change in log P(the translation) for every cross-attention layer × replacement; (N, len(SWAPS)), read-only."""
    return read_only(swap_grid(data.bundle(name), text, list(output_ids), seed))


def intact(name: str, v: View) -> Trace:
    """The view's sentence through the model as trained (÷√d_k, temperature 1), greedy: what every number here
    is computed on."""
    return data.greedy(v.drafts, name, v.sentence)


def models(trace: Trace) -> list[str]:
    """The model and its twin if it has one, the one trained to align first."""
    twin = data.twin(trace.model)
    return sorted([trace.model] + ([twin] if twin else []), key=lambda n: not data.bundle(n).guided)


def last_cross(trace: Trace) -> np.ndarray:
    """The last cross-attention layer's weights averaged over heads; (T, S)."""
    return trace.attn("cross", trace.config.N - 1).pattern.mean(0)


def measured(trace: Trace) -> Agreement:
    """How well the last cross-attention layer agrees with the attribution on this translation."""
    return agreement(last_cross(trace), attributed(trace.model, trace.text, tuple(trace.decoded.ids)))


def rows(trace: Trace) -> list[str]:
    """Each output row: the decoder input → the token it predicts."""
    return [f"{a} → {b}" for a, b in zip(trace.tgt_input_tokens, trace.decoded.tokens + ["<eos>"])]


def row_shares(attributed: np.ndarray) -> np.ndarray:
    """Each row divided by the sum of its magnitudes: signed shares whose |values| add up to 1, on the attention's
    scale (argmax and ranks of |share| unchanged); (T, S)."""
    total = np.abs(attributed).sum(-1, keepdims=True)  # (T, 1)
    return attributed / np.where(total > 0, total, 1.0)


def compare_element(trace: Trace, v: View) -> Element:
    """The last layer's head-averaged cross-attention beside gradient × input, for the same rows and columns."""
    last = trace.config.N - 1
    share = row_shares(attributed(trace.model, trace.text, tuple(trace.decoded.ids)))  # (T, S)
    return Element([matrix_heatmap(last_cross(trace), rows(trace), trace.src.tokens, kind="prob",
                                   title=v.t("trust.fig_attention", layer=last), words=v.words(),
                                   row_title=v.t("axis.decoder_prediction"), col_title=v.t("axis.source_key")),
                    matrix_heatmap(share, rows(trace), trace.src.tokens, kind="signed", bound=1.0,
                                   title=v.t("trust.fig_attribution"), words=v.words(),
                                   row_title=v.t("axis.decoder_prediction"), col_title=v.t("axis.source_key"))],
                   "trust-compare", ["trust-attention", "trust-attribution"], columns=2)


def heads_element(trace: Trace, v: View) -> Element:
    """The last cross-attention layer, head by head."""
    last, h = trace.config.N - 1, trace.config.h
    pattern = trace.attn("cross", last).pattern  # (h, T, S)
    return Element([matrix_heatmap(pattern[i], rows(trace), trace.src.tokens, kind="prob", words=v.words(),
                                   title=v.t("trust.fig_head", layer=last, head=i),
                                   row_title=v.t("axis.decoder_prediction"), col_title=v.t("axis.source_key"))
                    for i in range(h)], "trust-heads", [f"trust-head-{i}" for i in range(h)], columns=2)


def rollout_element(trace: Trace, v: View) -> Element:
    """The last encoder layer's own weights beside the rollout through every encoder layer."""
    patterns, tokens = trace.patterns("encoder"), trace.src.tokens  # (N, h, S, S)
    last = len(patterns) - 1
    return Element([matrix_heatmap(patterns[last].mean(0), tokens, tokens, kind="prob", words=v.words(),
                                   title=v.t("trust.fig_raw", layer=last),
                                   row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col")),
                    matrix_heatmap(rollout(patterns), tokens, tokens, kind="prob", words=v.words(),
                                   title=v.t("trust.fig_rollout", n=len(patterns)),
                                   row_title=v.t("trust.axis_top"), col_title=v.t("trust.axis_input"))],
                   "trust-rollout", ["trust-raw", "trust-rollout"], columns=2)


def experiment(trace: Trace, v: View) -> tuple[View, Swapped]:
    """The view with its layer kept inside the model, and the translation with that cross-attention layer replaced."""
    v = v.within(layer=trace.config.N - 1)
    return v, swapped(trace.model, trace.text, tuple(trace.decoded.ids), v.layer, v.swap, v.swap_seed)


def swap_element(trace: Trace, v: View) -> Element:
    """The replaced weights as the new decoding used them, and log P of each original output token before/after."""
    v, sw = experiment(trace, v)
    other = sw.trace
    tokens = trace.decoded.tokens + ["<eos>"]
    return Element([matrix_heatmap(other.attn("cross", v.layer).pattern.mean(0), rows(other), other.src.tokens,
                                   kind="prob", title=v.t("trust.fig_swapped", layer=v.layer,
                                                          swap=v.t(f"trust.swap_{v.swap}")), words=v.words(),
                                   row_title=v.t("axis.decoder_prediction"), col_title=v.t("axis.source_key")),
                    grouped_bars(tokens, {v.t("trust.series_trained"): sw.log_p,
                                          v.t("trust.series_swapped"): sw.log_p_swapped},
                                 title=v.t("trust.fig_log_p"), y_title="log P", x_title=v.t("trust.axis_output"),
                                 words=v.words())],
                   "trust-swap", ["trust-swapped", "trust-log-p"], columns=2)


def grid_map(trace: Trace, changes: np.ndarray, bound: float, v: View):
    """One model's change in log P of its translation for each cross-attention layer × replacement (N, len(SWAPS)),
    on a colour scale of ±bound."""
    return matrix_heatmap(changes, [v.t("trust.layer", i=i) for i in range(len(changes))],
                          [v.t(f"trust.short_{s}") for s in SWAPS], title=v.t("trust.fig_grid", model=trace.model),
                          row_title=v.t("trust.swap_layer"), col_title=v.t("trust.swap"), hover_formula="Δ log P",
                          bound=bound, words=v.words())


def grid_element(traces: list[Trace], v: View) -> Element:
    """For the model and its twin: each cross-attention layer replaced alone, by each replacement, on one colour
    scale."""
    found = [grid(other.model, other.text, tuple(other.decoded.ids), v.swap_seed) for other in traces]
    bound = max(1.0, *(float(np.abs(changes).max()) for changes in found))  # at least ±1 nat: a tiny change stays pale
    return Element([grid_map(other, changes, bound, v) for other, changes in zip(traces, found)], "trust-grid",
                   [f"trust-grid-{other.model}" for other in traces], columns=2)


def twins_element(traces: list[Trace], v: View) -> Element:
    """For the model and its twin: argmax agreement and mean rank correlation of attention with attribution (the
    correlation left out when it is undefined, a one-token source)."""
    found = [measured(other) for other in traces]
    series = {v.t("trust.series_argmax"): np.array([a.share for a in found]),
              v.t("trust.series_spearman"): np.array([a.mean_spearman for a in found])}
    defined = {name: y for name, y in series.items() if np.isfinite(y).all()}  # no ρ with one source token
    return Element([grouped_bars([other.model for other in traces], defined,
                                 title=v.t("trust.fig_twins"), y_title=v.t("trust.axis_agreement"), y_range=(-1, 1),
                                 words=v.words())], "trust-twins", ["trust-twins"])


def twin_traces(trace: Trace, v: View) -> list[Trace]:
    """The sentence through the model and its twin as trained, greedy, the guided one first."""
    return [intact(name, v) for name in models(trace)]



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view, on the model as trained (greedy) and its twin."""
    own = intact(trace.model, v)
    pair = twin_traces(own, v)
    return {"compare": compare_element(own, v), "heads": heads_element(own, v), "rollout": rollout_element(own, v),
            "swap": swap_element(own, v), "grid": grid_element(pair, v), "twins": twins_element(pair, v)}
