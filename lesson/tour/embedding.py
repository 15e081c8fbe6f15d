"""The tour's first steps: tokens, their embeddings and the positional encoding; each step's figure and
formula sit together."""
from __future__ import annotations

import numpy as np

from lesson.tour.common import Chart, TourStep, Translate, dims, factor, heatmap, lines, num, second, tok, vec, wide
from model.explain import fmt
from model.trace import Trace

# ---------------------------------------------------------------- tokens


def fig_tokens(trace: Trace, t: Translate) -> Chart:
    """Each source token and its id in the vocabulary."""
    ids = np.asarray(trace.src.ids, dtype=float)[:, None]
    return heatmap(ids, trace.src.tokens, [t("tour.axis.id")], t, t("tour.fig.tokens"), "token", "vocab_index",
                   kind="label", show_values=True, decimals=0, hover_formula="{row}")


def tex_tokens(trace: Trace) -> str:
    """token ↦ id for the first tokens, and S."""
    pairs = list(zip(trace.src.tokens, trace.src.ids))
    shown = [rf"{tok(t)}\mapsto {i}" for t, i in pairs[:6]] + ([r"\ldots"] if len(pairs) > 6 else [])
    return r",\;".join(shown) + rf"\qquad S = {len(pairs)}"


TOKENS = TourStep("tokens", fig_tokens, tex_tokens)


# ---------------------------------------------------------------- embedding


def fig_embedding(trace: Trace, t: Translate) -> Chart:
    """Token embeddings × √d_model."""
    return wide(trace.embedding("source").embed, trace.src.tokens, dims("d", trace.config.d_model), t,
                t("tour.fig.embedding"), "dimension")


def tex_embedding(trace: Trace) -> str:
    """The first token's embedding row times √d_model (the row before scaling to three decimals, so that each product
    reads right: 0.006 · √128 = 0.07, where 0.01 · √128 would not)."""
    d, row = trace.config.d_model, trace.embedding("source").embed[0]
    first = tok(trace.src.tokens[0])
    before = vec(row / np.sqrt(d), show=lambda x: num(x, 3))
    return rf"E_{{{first}}}\cdot\sqrt{{d_{{model}}}} = {before}\cdot\sqrt{{{d}}} = {vec(row)}"


EMBEDDING = TourStep("embedding", fig_embedding, tex_embedding)


# ---------------------------------------------------------------- positional


def fig_positional(trace: Trace, t: Translate) -> Chart:
    """The sinusoidal PE of this sentence's positions."""
    rows = [f"{i}: {t}" for i, t in enumerate(trace.src.tokens)]
    return wide(trace.embedding("source").pos_enc, rows, dims("d", trace.config.d_model), t, t("tour.fig.positional"),
                "dimension", bound=1.0, hover_formula="PE[{row}, {col}]")


def tex_positional(trace: Trace) -> str:
    """PE at position 1, dimensions 2 and 3, and the sum with the embedding."""
    p, d, base = second(len(trace.src.tokens)), trace.config.d_model, fmt(trace.config.pe_base)
    source = trace.embedding("source")
    pe, e, x = source.pos_enc[p], source.embed[p], source.x[p]
    angle = rf"{p}/{base}^{{2/{d}}}"
    return lines(rf"PE_{{({p},2)}} = \sin\!\left({angle}\right) = {num(pe[2])},\quad "
                 rf"PE_{{({p},3)}} = \cos\!\left({angle}\right) = {num(pe[3])}",
                 rf"x_{{{p},2}} = e_{{{p},2}} + PE_{{({p},2)}} = {num(e[2])} + {factor(pe[2])} = {num(x[2])}")


POSITIONAL = TourStep("positional", fig_positional, tex_positional)
