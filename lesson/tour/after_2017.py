"""The tour's optional chapter, After 2017: what today's models change about attention, each step computed from this
sentence's trace alone (the After 2017 pages compare trained variants): the KV cache, grouped-query attention,
the online softmax (as FlashAttention runs it), sliding windows, RoPE's rotations and attention sinks."""
from __future__ import annotations

import numpy as np

from lesson.tour.common import Chart, TourStep, Translate, enc, heatmap, lines, num, tok, words
from model.flash import online_softmax
from model.kv_cache import cache_floats, step_multiply_adds
from model.positional import rope_angles
from model.trace import Trace
from model.window import receptive_fields, window_keep
from viz.bars import grouped_bars
from viz.curves import line_chart

TILE, WINDOW = 4, 3  # the online softmax's keys per tile; the sliding window's width


def lengths(trace: Trace) -> tuple[int, int]:
    """(S source tokens, T decoder input rows)."""
    return len(trace.src.tokens), len(trace.tgt_input_tokens)


# ---------------------------------------------------------------- kv_cache


def fig_kv_cache(trace: Trace, t: Translate) -> Chart:
    """Multiply-adds of the decoder per step, recomputing the prefix or reading a KV cache."""
    (S, T), cfg = lengths(trace), trace.config
    steps = np.arange(1, T + 1)
    return line_chart(steps, {t("kv.without"): np.array([step_multiply_adds(cfg, S, t, False) for t in steps]),
                              t("kv.with"): np.array([step_multiply_adds(cfg, S, t, True) for t in steps])},
                      title=t("kv.fig_work"), x_title=t("kv.axis_step"), y_title=t("kv.axis_macs"), log_y=True,
                      decimals=0)


def tex_kv_cache(trace: Trace) -> str:
    """The last step's work with and without the cache, and what the cache holds then."""
    (S, T), cfg = lengths(trace), trace.config
    full, cached = step_multiply_adds(cfg, S, T, False), step_multiply_adds(cfg, S, T, True)
    held = cache_floats(cfg, S, T)
    return lines(rf"\text{{step }}{T}:\ {full}\ \to\ {cached}\ \text{{multiply-adds}}",
                 rf"\text{{cache}} = 2 \cdot N \cdot h_{{kv}} \cdot d_k \cdot (T + S) = 2 \cdot {cfg.N}"
                 rf" \cdot {cfg.h_kv} \cdot {cfg.d_k} \cdot ({T} + {S}) = {held}")


KV_CACHE = TourStep("kv_cache", fig_kv_cache, tex_kv_cache)


# ---------------------------------------------------------------- gqa


def fig_gqa(trace: Trace, t: Translate) -> Chart:
    """What this sentence's cache would hold with h, h/2 or one K/V head."""
    (S, T), cfg = lengths(trace), trace.config
    kv_heads = [k for k in (cfg.h, cfg.h // 2, 1) if k and cfg.h % k == 0]
    held = np.array([cfg.N * 2 * k * cfg.d_k * (T + S) for k in kv_heads])
    return grouped_bars([t("kv.mha" if k == cfg.h else "kv.mqa" if k == 1 else "kv.gqa", kv=k) for k in kv_heads],
                        {t("kv.axis_floats"): held}, title=t("tour.fig.gqa"), y_title=t("kv.axis_floats"),
                        words=words(t))


def tex_gqa(trace: Trace) -> str:
    """Query head i reads K/V head ⌊i / (h / h_kv)⌋."""
    h = trace.config.h
    return lines(r"\text{head}_i = \mathrm{softmax}\!\left(\frac{q_i K_{g(i)}^\top}{\sqrt{d_k}}\right)"
                 r"V_{g(i)},\qquad g(i) = \left\lfloor \frac{i}{h / h_{kv}} \right\rfloor",
                 rf"h = {h}:\ h_{{kv}} = {h} \text{{ (MHA)}},\ {h // 2} \text{{ (GQA)}},\ 1 \text{{ (MQA)}}")


GQA = TourStep("gqa", fig_gqa, tex_gqa)


# ---------------------------------------------------------------- online softmax


def fig_online(trace: Trace, t: Translate) -> Chart:
    """Each query's running maximum m after each tile of keys (encoder layer 0, the followed head)."""
    tiles = online_softmax(enc(trace, "masked_scores"), enc(trace, "v"), TILE)
    return heatmap(tiles.m, [str(i + 1) for i in range(len(tiles.starts))], trace.src.tokens, t,
                   t("tour.fig.online", tile=TILE), "tile", "query", show_values=len(trace.src.tokens) <= 16)


def tex_online(trace: Trace) -> str:
    """The update rule with the first query's numbers at the last tile."""
    tiles = online_softmax(enc(trace, "masked_scores"), enc(trace, "v"), TILE)
    q = tok(trace.src.tokens[0])
    return lines(r"m' = \max(m, \max_j s_j),\quad \ell' = \ell\, e^{m - m'} + \sum_j e^{s_j - m'},\quad "
                 r"O' = O\, e^{m - m'} + \sum_j e^{s_j - m'} v_j",
                 rf"{q}:\ m = {num(tiles.m[-1, 0])},\ \ell = {num(tiles.ell[-1, 0])},\ "
                 rf"\frac{{O}}{{\ell}} = z \text{{ (exactly, to float32 rounding)}}")


ONLINE = TourStep("online", fig_online, tex_online)


# ---------------------------------------------------------------- sliding window


def fig_window(trace: Trace, t: Translate) -> Chart:
    """Which source positions reach each token after every encoder layer with a window of W."""
    S, N = len(trace.src.tokens), trace.config.N
    reach = receptive_fields(window_keep(S, S, WINDOW, 0, causal=False), N)[-1]  # (S, S)
    return heatmap(np.zeros((S, S)), trace.src.tokens, trace.src.tokens, t, t("tour.fig.window", W=WINDOW, N=N),
                   "query", "key", kind="mask", masked=~reach, decimals=0, grey=("", t("sw.hidden")))


def tex_window(trace: Trace) -> str:
    """The window's mask and the reach after N layers."""
    N = trace.config.N
    return lines(rf"M_{{ij}} = \begin{{cases}} 0 & |i - j| < W \\ -\infty & \text{{otherwise}} \end{{cases}},"
                 rf"\qquad W = {WINDOW}",
                 rf"\text{{reach after }} l \text{{ layers}} = l\,(W - 1) = {N} \cdot {WINDOW - 1} = "
                 rf"{N * (WINDOW - 1)}")


WINDOW_STEP = TourStep("window", fig_window, tex_window)


# ---------------------------------------------------------------- rope


def fig_rope(trace: Trace, t: Translate) -> Chart:
    """cos(position · θ_i) for this sentence's positions and each pair of a head: RoPE's rotation angles."""
    S, d_k = len(trace.src.tokens), trace.config.d_k
    angles = rope_angles(np.arange(S), d_k)  # (S, d_k / 2)
    return heatmap(np.cos(angles), trace.src.tokens, [f"i={i}" for i in range(d_k // 2)], t,
                   t("tour.fig.rope"), "token", "pair", bound=1.0, show_values=False)


def tex_rope(trace: Trace) -> str:
    """The rotation of one pair, with the second token's angle for pair 0."""
    p = min(1, len(trace.src.tokens) - 1)
    theta = rope_angles(np.array([p]), trace.config.d_k)[0, 0]
    return lines(r"\begin{bmatrix} q'_{2i} \\ q'_{2i+1} \end{bmatrix} = "
                 r"\begin{bmatrix} \cos p\theta_i & -\sin p\theta_i \\ \sin p\theta_i & \cos p\theta_i \end{bmatrix}"
                 r" \begin{bmatrix} q_{2i} \\ q_{2i+1} \end{bmatrix},"
                 r"\quad \theta_i = 10000^{-2i/d_k}",
                 rf"{tok(trace.src.tokens[p])}:\ p = {p},\ p\,\theta_0 = {num(theta)}\ \text{{rad}},\quad "
                 r"q'_m \cdot k'_n = q^\top R_{n-m}\, k")


ROPE = TourStep("rope", fig_rope, tex_rope)


# ---------------------------------------------------------------- sinks


def first_key_weights(trace: Trace) -> np.ndarray:
    """The decoder self-attention's mean weight on its first key (<bos>) per layer and head; (N, h)."""
    return trace.patterns("decoder")[..., 0].mean(axis=-1)


def fig_sinks(trace: Trace, t: Translate) -> Chart:
    """Layer × head: mean weight on <bos>."""
    weight = first_key_weights(trace)
    return heatmap(weight, [f"L{i}" for i in range(weight.shape[0])], [f"h{j}" for j in range(weight.shape[1])], t,
                   t("tour.fig.sinks"), "layer", "head", kind="prob")


def tex_sinks(trace: Trace) -> str:
    """The largest mean weight on <bos> against an even spread over the keys each query sees."""
    weight, T = first_key_weights(trace), len(trace.tgt_input_tokens)
    layer, head = np.unravel_index(int(weight.argmax()), weight.shape)
    even = float(np.mean(1 / np.arange(1, T + 1)))
    return (rf"\bar a_{{\langle bos \rangle}}^{{(L{layer},\,h{head})}} = \frac{{1}}{{T}}\sum_t a_{{t,0}} = "
            rf"{num(weight.max())}\quad \text{{vs. even}}\ \frac{{1}}{{T}}\sum_t \frac{{1}}{{t}} = {num(even)}")


SINKS = TourStep("sinks", fig_sinks, tex_sinks)

CHAPTER: tuple[TourStep, ...] = (KV_CACHE, GQA, ONLINE, WINDOW_STEP, ROPE, SINKS)
