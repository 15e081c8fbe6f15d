"""The tour's chapter "How it is trained and scored", computed from this sentence's trace and the model's training
log: the loss on the target shifted right (teacher forcing), label smoothing, the warm-up schedule, the training
curve and what BLEU counts. The translation itself stands in for the reference (the Training page takes one the user
types)."""
from __future__ import annotations

import numpy as np

from lesson.tour.common import Chart, TourStep, Translate, lines, num, prob, tok, words
from model import scoring
from model.checkpoint import available_models
from model.tokenizer import EOS_ID
from model.trace import Trace
from viz.bars import grouped_bars
from viz.curves import line_chart

SCHEDULE_POINTS = 400  # steps drawn of the schedule (every k-th)


def log_probs(trace: Trace) -> np.ndarray:
    """log softmax of the decoder's logits in float64, row t for the token after tgt_input_tokens[t]; (T, V)."""
    z = trace.logits.astype(np.float64)  # (T, V)
    z = z - z.max(-1, keepdims=True)
    return z - np.log(np.exp(z).sum(-1, keepdims=True))


def targets(trace: Trace) -> tuple[list[str], np.ndarray]:
    """The target shifted right: each decoder row's token to predict (the output, then <eos>) and its log P; (T,)."""
    ids = list(trace.decoded.ids) + [EOS_ID]
    return trace.decoded.tokens + ["<eos>"], log_probs(trace)[np.arange(len(ids)), ids]


def rows(trace: Trace) -> list[str]:
    """Each decoder row: what it reads → what it should write."""
    return [f"{a} → {b}" for a, b in zip(trace.tgt_input_tokens, targets(trace)[0])]


def smoothed(trace: Trace, eps: float) -> np.ndarray:
    """Cross-entropy against the smoothed target per row: (1 − ε)·(−log P(y_t)) + ε · mean over V of −log P; (T,)."""
    _, picked = targets(trace)
    return (1.0 - eps) * -picked - eps * log_probs(trace).mean(-1)


def floor(eps: float, V: int) -> tuple[float, float]:
    """(1 − ε + ε/V, H(q)): the probability of the reference that minimises the smoothed loss, and that least loss."""
    cap, rest = 1.0 - eps + eps / V, eps / V
    return cap, float(-(cap * np.log(cap) + (V - 1) * rest * np.log(rest)))


# ---------------------------------------------------------------- shift


def fig_shift(trace: Trace, t: Translate) -> Chart:
    """P of the token each decoder row should write, teacher-forced."""
    return grouped_bars(rows(trace), {t("tour.train.p_target"): np.exp(targets(trace)[1])},
                        title=t("tour.fig.shift"), y_title="P", y_range=(0, 1), words=words(t))


def tex_shift(trace: Trace) -> str:
    """The shifted input and target, and this sentence's loss written out."""
    tokens, picked = targets(trace)
    T = len(tokens)
    shown = [rf"\log {prob(np.exp(p))}" for p in picked]
    body = " + ".join(shown if T <= 4 else shown[:3] + [r"\cdots", shown[-1]])
    return lines(rf"\text{{input}} = [{tok(trace.tgt_input_tokens[0])},\,y_1,\ldots,y_{{{T - 1}}}],\quad "
                 rf"\text{{target}} = [y_1,\ldots,y_{{{T - 1}}},\,{tok('<eos>')}]",
                 rf"L = -\frac{{1}}{{{T}}}\sum_{{t=1}}^{{{T}}} \log P(y_t \mid y_{{<t}}, x) = "
                 rf"-\frac{{1}}{{{T}}}\left({body}\right) = {num(-picked.mean(), 3)}")


SHIFT = TourStep("shift", fig_shift, tex_shift)


# ---------------------------------------------------------------- smoothing


def fig_smoothing(trace: Trace, t: Translate) -> Chart:
    """Each row's P(target) beside 1 − ε + ε/V, the probability the smoothed loss rewards."""
    cap, _ = floor(scoring.label_smoothing(), trace.logits.shape[-1])
    p = np.exp(targets(trace)[1])
    return grouped_bars(rows(trace), {t("tour.train.p_target"): p, t("tour.train.rewarded"): np.full(len(p), cap)},
                        title=t("tour.fig.smoothing"), y_title="P", y_range=(0, 1), words=words(t))


def tex_smoothing(trace: Trace) -> str:
    """The smoothed target, its floor, and this sentence's loss with and without smoothing."""
    eps, V = scoring.label_smoothing(), trace.logits.shape[-1]
    cap, least = floor(eps, V)
    plain = -targets(trace)[1].mean()
    return lines(rf"q_v = (1-\varepsilon)\,[v = y_t] + \frac{{\varepsilon}}{{V}},\quad \varepsilon = {eps:g},\ "
                 rf"V = {V}",
                 rf"-\sum_v q_v \log P_v \ \ge\ H(q) = {num(least, 3)}\ \text{{at}}\ P(y_t) = 1-\varepsilon+"
                 rf"\frac{{\varepsilon}}{{V}} = {num(cap, 4)}",
                 rf"L = {num(plain, 3)},\quad L_{{\varepsilon}} = {num(smoothed(trace, eps).mean(), 3)},\quad "
                 rf"e^{{L}} = {num(np.exp(plain), 2)}")


SMOOTHING = TourStep("smoothing", fig_smoothing, tex_smoothing)


# ---------------------------------------------------------------- warmup


def recipe(model: str) -> tuple[int, int, float, int]:
    """d_model, warm-up steps, factor and training steps from the model's training log."""
    args = scoring.training_log(model)["args"]
    return int(args["d_model"]), int(args["warmup"]), float(args["factor"]), int(args["steps"])


def fig_warmup(trace: Trace, t: Translate) -> Chart:
    """The paper's learning rate over this model's training, a line at the end of warm-up."""
    d_model, warmup, factor, steps = recipe(trace.model)
    n, rate = scoring.schedule(d_model, warmup, factor, steps)  # (steps,), (steps,)
    every = max(1, steps // SCHEDULE_POINTS)
    return line_chart(n[::every], {t("tr.lrate"): rate[::every]}, decimals=6, marker_x=float(warmup),
                      title=t("tour.fig.warmup", d_model=d_model, warmup=warmup), x_title=t("tr.step"),
                      y_title=t("tr.lrate"))


def tex_warmup(trace: Trace) -> str:
    """The schedule with this model's numbers: its peak at the end of warm-up and its last value."""
    d_model, warmup, factor, steps = recipe(trace.model)
    _, rate = scoring.schedule(d_model, warmup, factor, steps)
    scale = "" if factor == 1 else rf"{factor:g}\cdot "
    return lines(rf"\mathit{{lrate}} = {scale}d_{{model}}^{{-0.5}}\cdot\min\!\left(n^{{-0.5}},\ n\cdot "
                 rf"w^{{-1.5}}\right),\quad d_{{model}} = {d_model},\ w = {warmup}",
                 rf"n = {warmup}:\ {rate[warmup - 1]:.2e},\quad n = {steps}:\ {rate[-1]:.2e}")


WARMUP = TourStep("warmup", fig_warmup, tex_warmup)


# ---------------------------------------------------------------- curve


def logged(model: str) -> tuple[np.ndarray, np.ndarray]:
    """The training loss the model logged: (steps, loss)."""
    entries = scoring.training_log(model)["loss"]
    return np.array([e["step"] for e in entries]), np.array([e["loss"] for e in entries], dtype=np.float64)


def fig_curve(trace: Trace, t: Translate) -> Chart:
    """The logged training loss by step, a line at the end of warm-up."""
    steps, loss = logged(trace.model)
    return line_chart(steps, {t("tr.loss"): loss}, title=t("tour.fig.curve", model=trace.model),
                      x_title=t("tr.step"), y_title=t("tr.loss"), marker_x=float(recipe(trace.model)[1]))


def tex_curve(trace: Trace) -> str:
    """The logged loss at the first step, at the end of warm-up and at the end, and the smoothed loss's floor."""
    steps, loss = logged(trace.model)
    warm = int(np.argmin(np.abs(steps - recipe(trace.model)[1])))
    _, least = floor(scoring.label_smoothing(), trace.logits.shape[-1])
    return lines(rf"\text{{step}}\ {steps[0]}:\ {num(loss[0])}\ \to\ \text{{step}}\ {steps[warm]}:\ "
                 rf"{num(loss[warm])}\ \to\ \text{{step}}\ {steps[-1]}:\ {num(loss[-1])}",
                 rf"\text{{floor of the smoothed cross-entropy}}\ H(q) = {num(least, 3)}")


CURVE = TourStep("curve", fig_curve, tex_curve)


# ---------------------------------------------------------------- bleu


def recorded() -> dict[str, tuple[float, float]]:
    """The shipped models' test.tsv BLEU and chrF as `python -m model.evaluate --record` wrote them."""
    found = {name: scoring.recorded_bleu(name) for name in available_models()}
    return {name: (float(scores[0]), float(scores[1])) for name, scores in found.items() if scores}


def fig_bleu(trace: Trace, t: Translate) -> Chart:
    """BLEU and chrF of each shipped model on the test pairs."""
    scores = recorded()
    return grouped_bars(list(scores), {"BLEU": np.array([b for b, _ in scores.values()]),
                                       "chrF": np.array([c for _, c in scores.values()])},
                        title=t("tour.fig.bleu"), y_title=t("tour.train.score"), words=words(t))


def tex_bleu(trace: Trace) -> str:
    """BLEU's formula with this translation's n-gram counts: the denominators of p₁ … p₄ and BP's c."""
    c = len(scoring.tokenize(trace.output_text, trace.tgt_lang))
    counts = r",\ ".join(f"{max(c - n + 1, 0)}" for n in range(1, scoring.MAX_ORDER + 1))
    return lines(r"\mathrm{BLEU} = \mathrm{BP}\cdot\exp\!\left(\tfrac14\sum_{n=1}^{4}\log p_n\right),\quad "
                 r"p_n = \frac{\text{output }n\text{-grams found in the reference}}{\text{output }n\text{-grams}},"
                 r"\quad \mathrm{BP} = \min\!\left(1,\ e^{1 - r/c}\right)",
                 rf"\text{{this translation: }} c = {c},\ \text{{1- to 4-grams}}:\ {counts}")


BLEU = TourStep("bleu", fig_bleu, tex_bleu)

CHAPTER: tuple[TourStep, ...] = (SHIFT, SMOOTHING, WARMUP, CURVE, BLEU)
