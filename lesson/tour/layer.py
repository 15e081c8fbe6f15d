"""The tour's steps through the rest of an encoder layer and the stack: Add & Norm, the FFN, every layer's
heads; each step's figure and formula sit together."""
from __future__ import annotations

import numpy as np

from lesson.tour.common import Chart, TourStep, Translate, dims, lines, num, tok, vec, wide, words
from model.explain import layer_norm_stats
from model.trace import Trace
from viz.bars import layernorm_stats
from viz.grid import attention_grid

# ---------------------------------------------------------------- add_norm


def add_norm_pair(trace: Trace) -> tuple[np.ndarray, np.ndarray]:
    """(before, after) the first LayerNorm of encoder layer 0, for Post-Norm or Pre-Norm."""
    sublayer = trace.sublayer("encoder", 0, 0)
    return sublayer.before_norm, sublayer.ln


def fig_add_norm(trace: Trace, t: Translate) -> Chart:
    """LayerNorm mean and variance per token, before and after."""
    (mb, vb), (ma, va) = (layer_norm_stats(x) for x in add_norm_pair(trace))
    return layernorm_stats(mb, vb, ma, va, trace.src.tokens, title=t("tour.fig.add_norm"), words=words(t))


def tex_add_norm(trace: Trace) -> str:
    """The sublayer's residual + LayerNorm, with the first token's mean and variance before and after."""
    (mb, vb), (ma, va) = (layer_norm_stats(x) for x in add_norm_pair(trace))
    rule = (r"y = \mathrm{LayerNorm}\big(x + \mathrm{MultiHead}(x)\big)" if trace.post_norm
            else r"y = x + \mathrm{MultiHead}\big(\mathrm{LayerNorm}(x)\big)")
    first = tok(trace.src.tokens[0])
    return lines(rule + r",\qquad \mathrm{LayerNorm}(x) = \gamma\odot\frac{x-\mu}{\sqrt{\sigma^2+\epsilon}}+\beta",
                 rf"{first}:\quad \mu = {num(mb[0])},\ \sigma^2 = {num(vb[0])}\;\longrightarrow\;"
                 rf"\mu = {num(ma[0])},\ \sigma^2 = {num(va[0])}")


ADD_NORM = TourStep("add_norm", fig_add_norm, tex_add_norm)


# ---------------------------------------------------------------- ffn


def fig_ffn(trace: Trace, t: Translate) -> Chart:
    """FFN hidden units after ReLU."""
    hidden = trace.ffn_hidden("encoder", 0)
    return wide(hidden, trace.src.tokens, dims("h", hidden.shape[1]), t, t("tour.fig.ffn"), "hidden", kind="raw")


def tex_ffn(trace: Trace) -> str:
    """FFN sizes, the first token's hidden row, and how many units ReLU zeroed."""
    c, hidden = trace.config, trace.ffn_hidden("encoder", 0)
    first = tok(trace.src.tokens[0])
    zeros = int((hidden[0] == 0).sum())
    sizes = rf"{c.d_model}\to{c.d_ff}\to{c.d_model}"
    return lines(rf"\mathrm{{FFN}}(x) = \max(0,\;xW_1+b_1)\,W_2+b_2:\quad {sizes}",
                 rf"\max(0,\;x_{{{first}}}W_1+b_1) = {vec(hidden[0])},\quad "
                 rf"\left|\{{j: h_j = 0\}}\right| = {zeros}/{hidden.shape[1]}")


FFN = TourStep("ffn", fig_ffn, tex_ffn)


# ---------------------------------------------------------------- layers


def fig_layers(trace: Trace, t: Translate) -> Chart:
    """Every encoder layer × head as small attention maps."""
    N, h, toks = trace.config.N, trace.config.h, trace.src.tokens
    patterns = trace.patterns("encoder")  # (N, h, S, S)
    return attention_grid(patterns, toks, toks, row_names=[t("tour.grid.layer", n=i) for i in range(N)],
                          col_names=[t("tour.grid.head", n=j) for j in range(h)], title=t("tour.fig.layers"),
                          row_title=t("tour.axis.query"), col_title=t("tour.axis.key"), words=words(t))


def tex_layers(trace: Trace) -> str:
    """N × h maps, and the first token's vector length after each layer."""
    c, first = trace.config, tok(trace.src.tokens[0])
    norms = [np.linalg.norm(trace.layer_output("encoder", i)[0]) for i in range(-1, c.N)]
    chain = r"\to".join(rf"\lVert x^{{({i})}}_{{{first}}}\rVert = {num(n)}" for i, n in enumerate(norms))
    return lines(rf"N\times h = {c.N}\times{c.h} = {c.N * c.h}", chain)


LAYERS = TourStep("layers", fig_layers, tex_layers)
