"""The tour's chapter Before 2017, on this sentence: the RNN encoder–decoder's single vector (Cho et al., 2014) and
Bahdanau's additive attention (2015), computed by the shipped RNNenc and RNNsearch (model/rnn.py, the Before 2017
page). They translate English into Chinese: a sentence through zh→en shows the counts and its own cross-attention."""
from __future__ import annotations

import functools

import numpy as np

from lesson.tour.common import Chart, TourStep, Translate, heatmap, lines, num, prob, tok, words
from model import lessons
from model.rnn import RNNBundle, RNNTrace, load_rnn, run_rnn
from model.trace import Trace
from viz.paths import recurrence_and_attention

RNNENC, RNNSEARCH = "rnnenc-en-zh", "rnnsearch-en-zh"


@functools.cache
def bundle(name: str) -> RNNBundle:
    """A recurrent checkpoint, loaded once."""
    return load_rnn(name)


def english(trace: Trace) -> bool:
    """True if the recurrent models can read the sentence (en→zh)."""
    return trace.src_lang == "en" and trace.tgt_lang == "zh"


def searched(trace: Trace) -> RNNTrace:
    """The sentence through RNNsearch, greedy."""
    return run_rnn(bundle(RNNSEARCH), trace.text)


# ---------------------------------------------------------------- bottleneck


def fig_bottleneck(trace: Trace, t: Translate) -> Chart:
    """The sentence through a recurrent layer (one state after another) and through self-attention (one step)."""
    costs = lessons.layer_costs(len(trace.src.tokens), trace.config.d_model)
    (_, rnn_seq, rnn_path), (_, attn_seq, attn_path) = costs["recurrent"], costs["self_attention"]
    return recurrence_and_attention(trace.src.tokens, title=t("paper.fig_paths"),
                                    recurrent=(t("paper.paths_rnn"),
                                               t("paper.paths_counts", seq=rnn_seq, path=rnn_path)),
                                    attention=(t("paper.paths_attention"),
                                               t("paper.paths_counts", seq=attn_seq, path=attn_path)),
                                    recurrent_hover=t("paper.paths_rnn_hover"),
                                    attention_hover=t("paper.paths_attention_hover"), words=words(t))


def tex_bottleneck(trace: Trace) -> str:
    """RNNenc's encoder written out for this sentence: n GRU steps, then one vector c for the whole sentence."""
    n, hidden = len(trace.src.tokens), bundle(RNNENC).config.hidden
    return lines(rf"h_j = \mathrm{{GRU}}(x_j,\ h_{{j-1}}),\quad j = 1, \ldots, {n}",
                 rf"c = h_{{{n}}} \in \mathbb{{R}}^{{{hidden}}},\quad s_0 = \tanh(W c),\quad "
                 rf"s_i = \mathrm{{GRU}}([E y_{{i-1}};\, c],\ s_{{i-1}})")


BOTTLENECK = TourStep("b17_bottleneck", fig_bottleneck, tex_bottleneck)


# ---------------------------------------------------------------- additive attention


def fig_additive(trace: Trace, t: Translate) -> Chart:
    """RNNsearch's weights α on the sentence (an English one); the model's own last cross-attention layer otherwise."""
    if english(trace):
        tr = searched(trace)
        return heatmap(tr.weights, tr.rows, tr.src.tokens, t, t("b17.fig_alpha"), "query", "key", kind="prob")
    N = trace.config.N
    rows = [f"{a} → {b}" for a, b in zip(trace.tgt_input_tokens, trace.decoded.tokens + ["<eos>"])]
    return heatmap(trace.attn("cross", N - 1).pattern.mean(0), rows, trace.src.tokens, t,
                   t("b17.fig_cross", model=trace.model, layer=N - 1), "query", "key", kind="prob")


def tex_additive(trace: Trace) -> str:
    """The first step's additive score for the source word it weighs most, its weight and the context (English);
    the formula beside the Transformer's otherwise."""
    formula = r"e_{ij} = v_a^\top \tanh(W_a s_{i-1} + U_a h_j),\quad \alpha_{ij} = \frac{e^{e_{ij}}}{\sum_k e^{e_{ik}}}"
    if not english(trace):
        return lines(formula, r"\text{Transformer:}\ \ \frac{q_i \cdot k_j}{\sqrt{d_k}}\ \text{instead of}\ e_{ij}")
    tr = searched(trace)
    j = int(tr.weights[0].argmax())
    return lines(formula, rf"e_{{1,{j + 1}}} = {num(tr.scores[0, j], 3)}\ \ ({tok(tr.src.tokens[j])}),\quad "
                          rf"\alpha_{{1,{j + 1}}} = {prob(tr.weights[0, j])}",
                 rf"c_1 = \sum_{{j=1}}^{{{len(tr.src.tokens)}}} \alpha_{{1j}} h_j,\quad "
                 rf"\sum_j \alpha_{{1j}} = {num(float(np.sum(tr.weights[0])), 3)}")


ADDITIVE = TourStep("b17_additive", fig_additive, tex_additive)

CHAPTER: tuple[TourStep, ...] = (BOTTLENECK, ADDITIVE)
