"""The tour's decoder steps: its input and sublayers, and the causal mask; each step's figure and formula sit
together."""
from __future__ import annotations

import numpy as np

from lesson.tour.common import (
    HEAD,
    Chart,
    TourStep,
    Translate,
    bmatrix,
    dims,
    heatmap,
    lines,
    num,
    second,
    tok,
    vec,
    wide,
)
from model.trace import Trace

# ---------------------------------------------------------------- decoder


def fig_decoder(trace: Trace, t: Translate) -> Chart:
    """The decoder's input: <bos> and the tokens written so far, embedded with their positions."""
    target = trace.embedding("target")
    return wide(target.x, target.tokens, dims("d", trace.config.d_model), t, t("tour.fig.decoder"), "dimension")


def tex_decoder(trace: Trace) -> str:
    """The decoder layer's three sublayers, each with its residual and LayerNorm, and how long <bos>'s row is after
    each (layer 0)."""
    wrap = (lambda f: rf"\mathrm{{LN}}\big(y + {f}\big)") if trace.post_norm else (lambda f: rf"y + {f}")
    arg = "y" if trace.post_norm else r"\mathrm{LN}(y)"
    subs = [rf"\mathrm{{MaskedSelfAttn}}({arg})", rf"\mathrm{{CrossAttn}}({arg},\,\mathrm{{memory}})",
            rf"\mathrm{{FFN}}({arg})"]
    norms = [np.linalg.norm(trace.layer_output("decoder", -1)[0])]
    norms += [np.linalg.norm(trace.sublayer("decoder", 0, k).output[0]) for k in range(3)]
    first = tok(trace.tgt_input_tokens[0])
    chain = r"\to".join(rf"\lVert y^{{({i})}}_{{{first}}}\rVert = {num(n)}" for i, n in enumerate(norms))
    return lines(r"\;\to\;".join(rf"y \leftarrow {wrap(f)}" for f in subs), chain)


DECODER = TourStep("decoder", fig_decoder, tex_decoder)


# ---------------------------------------------------------------- mask


def fig_mask(trace: Trace, t: Translate) -> Chart:
    """The decoder's masked scores: later tokens are −∞."""
    toks = trace.tgt_input_tokens
    return heatmap(trace.attn("decoder", 0).masked_scores[HEAD], toks, toks, t,
                   t("tour.fig.mask"), "query", "key", hover_formula="score({row}, {col}) + M")


def tex_mask(trace: Trace) -> str:
    """The causal mask M and one decoder row of scores + M."""
    attn, T = trace.attn("decoder", 0), len(trace.tgt_input_tokens)
    keep = attn.mask.astype(bool)
    n = min(T, 4)
    rows = [[("0" if keep[i, j] else r"-\infty") for j in range(n)] + ([r"\cdots"] if T > n else []) for i in range(n)]
    rows += [[r"\vdots"] * (n + 1)] if T > n else []
    r = second(T)
    madd = np.where(keep[r], 0.0, -np.inf)
    row_tex = rf"{vec(attn.scaled[HEAD][r])} + {vec(madd)} = "
    return lines(rf"M = {bmatrix(rows)}", row_tex + vec(attn.masked_scores[HEAD][r]))


MASK = TourStep("mask", fig_mask, tex_mask)
