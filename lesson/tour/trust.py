"""The tour's chapter "How far attention can be trusted", on this sentence: gradient × input beside the last
cross-attention layer, attention rollout over the encoder (Abnar & Zuidema 2020), and the last cross-attention layer's
weights permuted (Jain & Wallace 2019). The attribution and the replacement run the model again: the tour loads its
own copy of the checkpoint once per process and keeps the last results."""
from __future__ import annotations

import functools

import numpy as np

from lesson.tour.common import Chart, TourStep, Translate, heatmap, lines, num, tok, words
from model.attribution import Swapped, agreement, attribution, rollout, swap_cross
from model.checkpoint import Bundle, load_bundle
from model.trace import Trace, read_only
from viz.bars import grouped_bars

SEED = 0  # the permutation the replacement step uses (the Trust page lets the user draw others)


@functools.lru_cache(maxsize=4)
def bundle(name: str) -> Bundle:
    """A shipped checkpoint, loaded once per process."""
    return load_bundle(name)


@functools.lru_cache(maxsize=32)
def attributed(name: str, text: str, output_ids: tuple[int, ...]) -> np.ndarray:
    """Gradient × input of each source token for each output token and <eos>; (T, S), read-only."""
    return read_only(attribution(bundle(name), text, list(output_ids)))


@functools.lru_cache(maxsize=8)
def permuted(name: str, text: str, output_ids: tuple[int, ...], layer: int) -> Swapped:
    """The translation with cross-attention layer `layer`'s weights permuted over the source positions."""
    return swap_cross(bundle(name), text, list(output_ids), layer, "permute", SEED)


def of(trace: Trace) -> np.ndarray:
    """This translation's attribution; (T, S)."""
    return attributed(trace.model, trace.text, tuple(trace.decoded.ids))


def last_cross(trace: Trace) -> np.ndarray:
    """The last cross-attention layer's weights averaged over the heads; (T, S)."""
    return trace.attn("cross", trace.config.N - 1).pattern.mean(0)


def rows(trace: Trace) -> list[str]:
    """Each decoder row: what it reads → the token it predicts."""
    return [f"{a} → {b}" for a, b in zip(trace.tgt_input_tokens, trace.decoded.tokens + ["<eos>"])]


def shares(values: np.ndarray) -> np.ndarray:
    """Each row divided by the sum of its magnitudes (signed, |shares| add up to 1); (T, S)."""
    total = np.abs(values).sum(-1, keepdims=True)  # (T, 1)
    return values / np.where(total > 0, total, 1.0)


# ---------------------------------------------------------------- attribution


def fig_attribution(trace: Trace, t: Translate) -> Chart:
    """Gradient × input as each row's signed shares, output rows × source columns."""
    return heatmap(shares(of(trace)), rows(trace), trace.src.tokens, t, t("tour.fig.attribution"), "target",
                   "source", kind="signed", bound=1.0)


def tex_attribution(trace: Trace) -> str:
    """The attribution's definition, the first row's largest share, and how many rows agree with the attention."""
    a, att = of(trace), last_cross(trace)
    j = int(np.abs(a[0]).argmax())
    agree = agreement(att, a).same_argmax
    return lines(r"A_{t,j} = \sum_{d=1}^{d_{model}} x_{j,d}\,\frac{\partial \log P(y_t \mid y_{<t}, x)}"
                 r"{\partial x_{j,d}}",
                 rf"{tok(rows(trace)[0])}:\ \text{{largest}}\ |A| \text{{ at }} {tok(trace.src.tokens[j])}\ "
                 rf"({num(shares(a)[0, j])}),\ \text{{attention's largest at }} "
                 rf"{tok(trace.src.tokens[int(att[0].argmax())])}",
                 rf"\text{{same source token in }} {int(agree.sum())} \text{{ of }} {len(agree)} \text{{ rows}}")


ATTRIBUTION = TourStep("attribution", fig_attribution, tex_attribution)


# ---------------------------------------------------------------- rollout


def fig_rollout(trace: Trace, t: Translate) -> Chart:
    """The rollout through every encoder layer: top token × input token."""
    tokens = trace.src.tokens
    return heatmap(rollout(trace.patterns("encoder")), tokens, tokens, t,
                   t("tour.fig.rollout", n=trace.config.N), "top", "input", kind="prob")


def tex_rollout(trace: Trace) -> str:
    """The rollout's product and the first token's largest input, against the last layer's own weights."""
    patterns = trace.patterns("encoder")  # (N, h, S, S)
    rolled, last = rollout(patterns), patterns[-1].mean(0)  # (S, S) each
    j, k = int(rolled[0].argmax()), int(last[0].argmax())
    first = tok(trace.src.tokens[0])
    return lines(r"R = \hat A_{N-1}\cdots \hat A_1 \hat A_0,\quad \hat A_l = \mathrm{rows}\!\left(\tfrac1h\sum_i "
                 r"A_l^{(i)} + I\right)",
                 rf"{first}:\ R \to {tok(trace.src.tokens[j])}\ ({num(rolled[0, j])}),\quad "
                 rf"\bar A_{{{len(patterns) - 1}}} \to {tok(trace.src.tokens[k])}\ ({num(last[0, k])})")


ROLLOUT = TourStep("rollout", fig_rollout, tex_rollout)


# ---------------------------------------------------------------- replace


def swapped(trace: Trace) -> Swapped:
    """This translation with the last cross-attention layer's weights permuted."""
    return permuted(trace.model, trace.text, tuple(trace.decoded.ids), trace.config.N - 1)


def fig_replace(trace: Trace, t: Translate) -> Chart:
    """log P of each output token as trained and with the last layer's weights permuted, same prefixes."""
    sw = swapped(trace)
    return grouped_bars(trace.decoded.tokens + ["<eos>"], {t("trust.series_trained"): sw.log_p,
                                                           t("trust.series_swapped"): sw.log_p_swapped},
                        title=t("tour.fig.replace", layer=trace.config.N - 1), y_title="log P",
                        x_title=t("trust.axis_output"), words=words(t))


def tex_replace(trace: Trace) -> str:
    """The summed log P before and after, and the greedy translation with the weights permuted."""
    sw = swapped(trace)
    before, after = float(sw.log_p.sum()), float(sw.log_p_swapped.sum())
    return lines(rf"\sum_t \log P(y_t):\ {num(before)}\ \to\ {num(after)}\quad (\Delta = {num(after - before)})",
                 rf"\text{{greedy, permuted}}:\ {tok(sw.trace.output_text or '∅')}")


REPLACE = TourStep("replace", fig_replace, tex_replace)

CHAPTER: tuple[TourStep, ...] = (ATTRIBUTION, ROLLOUT, REPLACE)
