"""The tour's self-attention steps in encoder layer 0 (followed head): Q K V, scores, scaling, softmax, the
weighted sum and the heads' concatenation; each step's figure and formula sit together."""
from __future__ import annotations

import numpy as np

from lesson.tour.common import (
    HEAD,
    Chart,
    TourStep,
    Translate,
    dims,
    enc,
    heatmap,
    lines,
    num,
    prob,
    terms,
    tok,
    vec,
    wide,
)
from model.explain import fmt
from model.trace import Trace

# ---------------------------------------------------------------- qkv


def fig_qkv(trace: Trace, t: Translate) -> Chart:
    """Q, K and V of the followed head side by side."""
    n = trace.config.d_k
    values = np.concatenate([enc(trace, "q"), enc(trace, "k"), enc(trace, "v")], axis=1)
    return wide(values, trace.src.tokens, dims("q", n) + dims("k", n) + dims("v", n), t,
                t("tour.fig.qkv", head=HEAD), "dimension")


def tex_qkv(trace: Trace) -> str:
    """d_k = d_model / h, and the first token's q and k."""
    c, first = trace.config, tok(trace.src.tokens[0])
    return lines(rf"d_k = d_{{model}}/h = {c.d_model}/{c.h} = {c.d_k}",
                 rf"q_{{{first}}} = x_{{{first}}}W^Q_{HEAD} + b^Q_{HEAD} = {vec(enc(trace, 'q')[0])}",
                 rf"k_{{{first}}} = x_{{{first}}}W^K_{HEAD} + b^K_{HEAD} = {vec(enc(trace, 'k')[0])}")


QKV = TourStep("qkv", fig_qkv, tex_qkv)


# ---------------------------------------------------------------- scores


def fig_scores(trace: Trace, t: Translate) -> Chart:
    """Raw scores Q Kᵀ."""
    toks = trace.src.tokens
    return heatmap(enc(trace, "scores"), toks, toks, t, t("tour.fig.scores"), "query", "key",
                   hover_formula="q({row})·k({col})")


def tex_scores(trace: Trace) -> str:
    """The first query · the first key, written out."""
    q, k = (enc(trace, name)[0].astype(np.float64) for name in ("q", "k"))
    first = tok(trace.src.tokens[0])
    return rf"q_{{{first}}}\cdot k_{{{first}}} = {terms(list(zip(q, k)))} = {num(np.dot(q, k))}"


SCORES = TourStep("scores", fig_scores, tex_scores)


# ---------------------------------------------------------------- scale


def fig_scale(trace: Trace, t: Translate) -> Chart:
    """Scores divided by √d_k."""
    toks = trace.src.tokens
    return heatmap(enc(trace, "scaled"), toks, toks, t, t("tour.fig.scale"), "query", "key",
                   hover_formula="q({row})·k({col}) / √d_k")


def tex_scale(trace: Trace) -> str:
    """The first score divided by √d_k (and the temperature, if set)."""
    opts = trace.attn_opts
    parts = ([rf"\sqrt{{{trace.config.d_k}}}"] if opts.scale else []) + (
        [fmt(opts.temperature)] if opts.temperature != 1 else [])
    divisor = r"\cdot ".join(parts) or "1"
    score, scaled = enc(trace, "scores")[0, 0], enc(trace, "scaled")[0, 0]
    return rf"\frac{{q\cdot k}}{{\sqrt{{d_k}}}}:\quad \frac{{{num(score)}}}{{{divisor}}} = {num(scaled)}"


SCALE = TourStep("scale", fig_scale, tex_scale)


# ---------------------------------------------------------------- softmax


def fig_softmax(trace: Trace, t: Translate) -> Chart:
    """Attention weights: each row sums to 1."""
    toks = trace.src.tokens
    return heatmap(enc(trace, "pattern"), toks, toks, t, t("tour.fig.softmax"), "query", "key", kind="prob",
                   hover_formula="a({row}, {col})")


def tex_softmax(trace: Trace) -> str:
    """softmax of the first row, and its first weight from the exponentials: every term with few keys, else the
    largest ones and the rest summed with how many they are."""
    scores, weights = enc(trace, "masked_scores")[0], enc(trace, "pattern")[0]
    return lines(rf"\mathrm{{softmax}}\!\left({vec(scores, 4)}\right) = {vec(weights, 4, prob)}",
                 rf"a_{{0,0}} = \frac{{e^{{{num(scores[0])}}}}}{{{denominator(scores)}}} = {prob(weights[0])}")


def denominator(scores: np.ndarray, shown: int = 5) -> str:
    """Σ_j e^{s_j} written out: all terms when there are at most `shown`, else the largest shown − 1 and the others
    as one summed term labelled with their count."""
    order = np.argsort(-scores)
    if len(scores) <= shown:
        return " + ".join(rf"e^{{{num(s)}}}" for s in scores)
    top, rest = np.sort(order[: shown - 1]), order[shown - 1:]
    listed = " + ".join(rf"e^{{{num(scores[j])}}}" for j in top)
    other = np.exp(scores[rest].astype(np.float64)).sum()
    return listed + rf" + \underbrace{{{num(other)}}}_{{{len(rest)}\times e^{{s_j}}}}"


SOFTMAX = TourStep("softmax", fig_softmax, tex_softmax)


# ---------------------------------------------------------------- weighted


def fig_weighted(trace: Trace, t: Translate) -> Chart:
    """Z = weights × V of the followed head."""
    return wide(enc(trace, "z"), trace.src.tokens, dims("z", trace.config.d_k), t, t("tour.fig.weighted", head=HEAD),
                "dimension")


def tex_weighted(trace: Trace) -> str:
    """The first component of the first token's z as Σ_j a_j v_j."""
    a, v, z = enc(trace, "pattern")[0], enc(trace, "v")[:, 0], enc(trace, "z")[0, 0]
    first = tok(trace.src.tokens[0])
    return rf"z_{{{first},0}} = \sum_j a_{{{first},j}}\,v_{{j,0}} = {terms(list(zip(a, v)))} = {num(z)}"


WEIGHTED = TourStep("weighted", fig_weighted, tex_weighted)


# ---------------------------------------------------------------- concat


def fig_concat(trace: Trace, t: Translate) -> Chart:
    """Every head's Z side by side."""
    n = trace.config.d_k
    cols = [f"h{i // n}·{i % n}" for i in range(trace.config.d_model)]
    return wide(trace.attn("encoder", 0).concat, trace.src.tokens, cols, t,
                t("tour.fig.concat"), "head_dim")


def tex_concat(trace: Trace) -> str:
    """Concat's shape and the first token's row through W_O."""
    c, S = trace.config, len(trace.src.tokens)
    attn = trace.attn("encoder", 0)
    return lines(rf"\mathrm{{Concat}}(Z_0,\ldots,Z_{{{c.h - 1}}}):\ S\times(h\cdot d_k) = "
                 rf"{S}\times({c.h}\cdot{c.d_k}) = {S}\times{c.d_model}",
                 rf"{vec(attn.concat[0])}\,W^O + b^O = {vec(attn.out[0])}")


CONCAT = TourStep("concat", fig_concat, tex_concat)
