"""The tour's last steps: cross-attention to the source and the decoder's next-token probabilities; each
step's figure and formula sit together."""
from __future__ import annotations

import numpy as np

from lesson.tour.common import Chart, TourStep, Translate, heatmap, num, second, tok, words
from model.trace import Trace
from viz.bars import likeliest_bar

# ---------------------------------------------------------------- cross


def cross_mean(trace: Trace) -> np.ndarray:
    """Cross-attention of the last decoder layer averaged over the heads; (T, S)."""
    return trace.attn("cross", trace.config.N - 1).pattern.mean(0)


def fig_cross(trace: Trace, t: Translate) -> Chart:
    """Decoder rows × source columns, last layer, mean over heads."""
    predicted = trace.decoded.tokens + ["<eos>"]
    rows = [f"{a} → {b}" for a, b in zip(trace.tgt_input_tokens, predicted)]  # row t reads a, predicts b
    return heatmap(cross_mean(trace), rows, trace.src.tokens, t,
                   t("tour.fig.cross", layer=trace.config.N - 1), "target", "source", kind="prob",
                   hover_formula=t("dec.hover_looks_at"))


def tex_cross(trace: Trace) -> str:
    """The strongest source token of the first decoder row, averaged over the heads."""
    h, last = trace.config.h, trace.config.N - 1
    per_head = trace.attn("cross", last).pattern[:, 0]  # (h, S)
    j = int(cross_mean(trace)[0].argmax())
    row, col = tok(trace.tgt_input_tokens[0]), tok(trace.src.tokens[j])
    total = " + ".join(num(p) for p in per_head[:, j])
    return rf"\bar a_{{{row},\,{col}}} = \frac{{1}}{{{h}}}\left({total}\right) = {num(per_head[:, j].mean())}"


CROSS = TourStep("cross", fig_cross, tex_cross)


# ---------------------------------------------------------------- next_token


def fig_next_token(trace: Trace, t: Translate) -> Chart:
    """The likeliest first output tokens and their probabilities."""
    s = trace.decoded.steps[0]
    return likeliest_bar(s.top_tokens, s.top_probs, chosen=s.chosen_token, title=t("tour.fig.next_token"),
                         words=words(t))


def tex_next_token(trace: Trace) -> str:
    """P(first output token) as the softmax of its logit over the target vocabulary."""
    s = trace.decoded.steps[0]
    z, p = trace.logits[0, s.chosen_id], trace.probs[0, s.chosen_id]
    given = rf"{tok(trace.tgt_input_tokens[0])},\, x_{{1:{len(trace.src.tokens)}}}"  # the prefix and the source
    V = trace.config.tgt_vocab_size
    return (rf"P({tok(s.chosen_token)}\mid {given}) = \frac{{e^{{z_{{{tok(s.chosen_token)}}}}}}}"
            rf"{{\sum_{{v=1}}^{{{V}}} e^{{z_v}}}} = \frac{{e^{{{num(z)}}}}}{{\sum_v e^{{z_v}}}} = {num(p, 3)}")


NEXT_TOKEN = TourStep("next_token", fig_next_token, tex_next_token)


# ---------------------------------------------------------------- next_step


def later_step(trace: Trace) -> int:
    """The decoding step after the first (the first again when decoding stopped at once)."""
    return second(len(trace.decoded.steps))


def fig_next_step(trace: Trace, t: Translate) -> Chart:
    """The likeliest tokens of the next step and their probabilities, given what was written so far."""
    n = later_step(trace)
    s = trace.decoded.steps[n]
    return likeliest_bar(s.top_tokens, s.top_probs, chosen=s.chosen_token, title=t("tour.fig.next_step", n=n),
                         words=words(t))


def tex_next_step(trace: Trace) -> str:
    """The decoder input so far and the token it chooses next."""
    s = trace.decoded.steps[later_step(trace)]
    prefix = r"\;".join(tok(t) for t in s.prefix_tokens)
    return rf"{prefix}\;\longrightarrow\;{tok(s.chosen_token)},\qquad P = {num(s.chosen_prob, 3)}"


NEXT_STEP = TourStep("next_step", fig_next_step, tex_next_step)
