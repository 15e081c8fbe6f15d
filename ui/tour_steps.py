"""The guided tour's steps: one figure and one formula with this sentence's numbers per step (no Streamlit here)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from model.explain import fmt, layer_norm_stats
from model.trace import Trace
from viz.bars import layernorm_stats, topk_bar
from viz.grid import attention_grid
from viz.heatmap import matrix_heatmap
from viz.spec import Spec as Chart
from viz.style import Words

Translate = Callable[..., str]
HEAD = 0  # the head the tour follows
SHOWN = 3  # leading terms written out before "\cdots"
TEXT_ESCAPES = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "%": r"\%", "#": r"\#", "_": r"\_", "^": r"\textasciicircum{}",
    "&": r"\&", "$": r"\$", "~": r"\textasciitilde{}", "<": r"\textless{}", ">": r"\textgreater{}",
}


@dataclass(frozen=True)
class TourStep:
    """One stop of the tour: catalogue key, its figure and its formula for the current sentence."""

    key: str  # catalogue keys: f"tour.{key}.title", f"tour.{key}.text"
    figure: Callable[[Trace, Translate], Chart]  # (trace, tr) -> one chart spec; tr translates its words
    formula: Callable[[Trace], str]  # LaTeX with this sentence's numbers


# ---------------------------------------------------------------- LaTeX pieces


def tok(token: str) -> str:
    """A token as LaTeX text, with every special character escaped."""
    return r"\text{" + "".join(TEXT_ESCAPES.get(ch, ch) for ch in str(token)) + "}"


def num(x: float, decimals: int = 2) -> str:
    """A number for LaTeX: rounded, −∞ for masked cells, no negative zero."""
    x = float(x)
    if np.isneginf(x):
        return r"-\infty"
    return fmt(round(x, decimals) + 0.0, decimals)


def factor(x: float) -> str:
    """A number as a product factor: negatives in parentheses."""
    text = num(x)
    return f"({text})" if text.startswith("-") and text != r"-\infty" else text


def prob(x: float) -> str:
    """A probability; a tiny one as a×10⁻ⁿ rather than 0."""
    x = float(x)
    if not 0 < x < 0.005:
        return num(x)
    exponent = int(np.floor(np.log10(x)))
    return rf"{x / 10**exponent:.1f}\times10^{{{exponent}}}"


def vec(values, shown: int = SHOWN, show: Callable[[float], str] = num) -> str:
    """A row vector, the first `shown` entries then \\ldots (all of it when short)."""
    values = list(np.asarray(values, dtype=float))
    cut = values if len(values) <= shown + 1 else values[:shown]
    tail = r",\,\ldots" if len(cut) < len(values) else ""
    return r"\left[" + r",\,".join(show(v) for v in cut) + tail + r"\right]"


def terms(pairs: list[tuple[float, float]]) -> str:
    """a₁×b₁ + a₂×b₂ + ⋯ + aₙ×bₙ with the first few and the last product written out."""
    parts = [rf"{factor(a)}\times{factor(b)}" for a, b in pairs]
    if len(parts) > SHOWN + 1:
        parts = parts[:SHOWN] + [r"\cdots", parts[-1]]
    return " + ".join(parts)


def lines(*rows: str) -> str:
    """Several centred formula lines."""
    return r"\begin{gathered}" + r" \\[4pt] ".join(rows) + r"\end{gathered}"


def bmatrix(rows: list[list[str]]) -> str:
    """A bracketed matrix of already formatted entries."""
    return r"\begin{bmatrix}" + r" \\ ".join(" & ".join(r) for r in rows) + r"\end{bmatrix}"


# ---------------------------------------------------------------- trace helpers


def facts(trace: Trace) -> dict[str, int | str]:
    """What the explanations quote: d_model, d_k, h, N, d_ff, S (source tokens), T (decoder rows), and this
    sentence's largest |q·k| before and after ÷√d_k with a row's mean largest weight (followed head, layer 0)."""
    c = trace.config
    return dict(d_model=c.d_model, d_k=c.d_k, h=c.h, N=c.N, d_ff=c.d_ff,
                S=len(trace.src.tokens), T=len(trace.tgt_input_tokens),
                raw_max=f"{np.abs(enc(trace, 'scores')).max():.1f}",
                scaled_max=f"{np.abs(enc(trace, 'scaled')).max():.1f}",
                top_weight=f"{enc(trace, 'pattern').max(1).mean():.2f}")


def enc(trace: Trace, name: str) -> np.ndarray:
    """An array of encoder layer 0's self-attention, followed head; e.g. name="q" -> (S, d_k)."""
    return getattr(trace.attn("encoder", 0), name)[HEAD]


def dims(prefix: str, n: int) -> list[str]:
    """Column labels prefix0 … prefix{n-1}."""
    return [f"{prefix}{i}" for i in range(n)]


def second(n: int) -> int:
    """Index 1 when there is a second row, else 0."""
    return min(1, n - 1)


def add_norm_pair(trace: Trace) -> tuple[np.ndarray, np.ndarray]:
    """(before, after) the first LayerNorm of encoder layer 0, for Post-Norm or Pre-Norm."""
    sublayer = trace.sublayer("encoder", 0, 0)
    return sublayer.before_norm, sublayer.ln


def cross_mean(trace: Trace) -> np.ndarray:
    """Cross-attention of the last decoder layer averaged over the heads; (T, S)."""
    return trace.attn("cross", trace.config.N - 1).pattern.mean(0)


def later_step(trace: Trace) -> int:
    """The decoding step after the first (the first again when decoding stopped at once)."""
    return second(len(trace.decoded.steps))


# ---------------------------------------------------------------- figure helpers


def words(tr: Translate) -> Words:
    """The words the tour's charts write by themselves (colour-bar, axis and legend titles), in tr's language."""
    return Words(value=tr("tour.axis.value"), probability=tr("tour.axis.prob"), mean=tr("tour.axis.mean"),
                 variance=tr("tour.axis.variance"), token=tr("tour.axis.token"), query=tr("tour.axis.query"),
                 key=tr("tour.axis.key"), dimension=tr("tour.axis.dimension"), before_ln=tr("tour.legend.before"),
                 after_ln=tr("tour.legend.after"), masked=tr("viz.masked"))


def heatmap(values, rows, cols, tr: Translate, title: str, row: str, col: str, **kw) -> Chart:
    """matrix_heatmap with the tour's axis titles and words."""
    return matrix_heatmap(values, rows, cols, title=title, row_title=tr(f"tour.axis.{row}"),
                          col_title=tr(f"tour.axis.{col}"), words=words(tr), **kw)


def wide(values, rows, cols, tr: Translate, title: str, col: str, **kw) -> Chart:
    """A tokens × many-columns heatmap without cell values."""
    return heatmap(values, rows, cols, tr, title, "token", col, show_values=False, col_ticks=16, **kw)


def stats_figure(trace: Trace, tr: Translate) -> Chart:
    """LayerNorm mean and variance per token, before and after."""
    (mb, vb), (ma, va) = (layer_norm_stats(x) for x in add_norm_pair(trace))
    return layernorm_stats(mb, vb, ma, va, trace.src.tokens, title=tr("tour.fig.add_norm"), words=words(tr))


# ---------------------------------------------------------------- the steps' figures


def fig_tokens(trace: Trace, tr: Translate) -> Chart:
    """Each source token and its id in the vocabulary."""
    ids = np.asarray(trace.src.ids, dtype=float)[:, None]
    return heatmap(ids, trace.src.tokens, [tr("tour.axis.id")], tr, tr("tour.fig.tokens"), "token", "vocab_index",
                   kind="raw", show_values=True, decimals=0, hover_formula="{row}")


def fig_embedding(trace: Trace, tr: Translate) -> Chart:
    """Token embeddings × √d_model."""
    return wide(trace.embedding("source").embed, trace.src.tokens, dims("d", trace.config.d_model), tr,
                tr("tour.fig.embedding"), "dimension")


def fig_positional(trace: Trace, tr: Translate) -> Chart:
    """The sinusoidal PE of this sentence's positions."""
    rows = [f"{i}: {t}" for i, t in enumerate(trace.src.tokens)]
    return wide(trace.embedding("source").pos_enc, rows, dims("d", trace.config.d_model), tr, tr("tour.fig.positional"),
                "dimension", bound=1.0, hover_formula="PE[{row}, {col}]")


def fig_qkv(trace: Trace, tr: Translate) -> Chart:
    """Q, K and V of the followed head side by side."""
    n = trace.config.d_k
    values = np.concatenate([enc(trace, "q"), enc(trace, "k"), enc(trace, "v")], axis=1)
    return wide(values, trace.src.tokens, dims("q", n) + dims("k", n) + dims("v", n), tr,
                tr("tour.fig.qkv", head=HEAD), "dimension")


def fig_scores(trace: Trace, tr: Translate) -> Chart:
    """Raw scores Q Kᵀ."""
    toks = trace.src.tokens
    return heatmap(enc(trace, "scores"), toks, toks, tr, tr("tour.fig.scores"), "query", "key",
                   hover_formula="q({row})·k({col})")


def fig_scale(trace: Trace, tr: Translate) -> Chart:
    """Scores divided by √d_k."""
    toks = trace.src.tokens
    return heatmap(enc(trace, "scaled"), toks, toks, tr, tr("tour.fig.scale"), "query", "key",
                   hover_formula="q({row})·k({col}) / √d_k")


def fig_decoder(trace: Trace, tr: Translate) -> Chart:
    """The decoder's input: <bos> and the tokens written so far, embedded with their positions."""
    target = trace.embedding("target")
    return wide(target.x, target.tokens, dims("d", trace.config.d_model), tr, tr("tour.fig.decoder"), "dimension")


def fig_mask(trace: Trace, tr: Translate) -> Chart:
    """The decoder's masked scores: later tokens are −∞."""
    toks = trace.tgt_input_tokens
    return heatmap(trace.attn("decoder", 0).masked_scores[HEAD], toks, toks, tr,
                   tr("tour.fig.mask"), "query", "key", hover_formula="score({row}, {col}) + M")


def fig_softmax(trace: Trace, tr: Translate) -> Chart:
    """Attention weights: each row sums to 1."""
    toks = trace.src.tokens
    return heatmap(enc(trace, "pattern"), toks, toks, tr, tr("tour.fig.softmax"), "query", "key", kind="prob",
                   hover_formula="a({row}, {col})")


def fig_weighted(trace: Trace, tr: Translate) -> Chart:
    """Z = weights × V of the followed head."""
    return wide(enc(trace, "z"), trace.src.tokens, dims("z", trace.config.d_k), tr, tr("tour.fig.weighted", head=HEAD),
                "dimension")


def fig_concat(trace: Trace, tr: Translate) -> Chart:
    """Every head's Z side by side."""
    n = trace.config.d_k
    cols = [f"h{i // n}·{i % n}" for i in range(trace.config.d_model)]
    return wide(trace.attn("encoder", 0).concat, trace.src.tokens, cols, tr,
                tr("tour.fig.concat"), "head_dim")


def fig_ffn(trace: Trace, tr: Translate) -> Chart:
    """FFN hidden units after ReLU."""
    hidden = trace.ffn_hidden("encoder", 0)
    return wide(hidden, trace.src.tokens, dims("h", hidden.shape[1]), tr, tr("tour.fig.ffn"), "hidden", kind="raw")


def fig_layers(trace: Trace, tr: Translate) -> Chart:
    """Every encoder layer × head as small attention maps."""
    N, h, toks = trace.config.N, trace.config.h, trace.src.tokens
    patterns = trace.patterns("encoder")  # (N, h, S, S)
    return attention_grid(patterns, toks, toks, row_names=[tr("tour.grid.layer", n=i) for i in range(N)],
                          col_names=[tr("tour.grid.head", n=j) for j in range(h)], title=tr("tour.fig.layers"),
                          row_title=tr("tour.axis.query"), col_title=tr("tour.axis.key"), words=words(tr))


def fig_cross(trace: Trace, tr: Translate) -> Chart:
    """Decoder rows × source columns, last layer, mean over heads."""
    predicted = trace.decoded.tokens + ["<eos>"]
    rows = [f"{a} → {b}" for a, b in zip(trace.tgt_input_tokens, predicted)]  # row t reads a, predicts b
    return heatmap(cross_mean(trace), rows, trace.src.tokens, tr,
                   tr("tour.fig.cross", layer=trace.config.N - 1), "target", "source", kind="prob",
                   hover_formula=tr("dec.hover_looks_at"))


def fig_next_token(trace: Trace, tr: Translate) -> Chart:
    """Top-k probabilities of the first output token."""
    s = trace.decoded.steps[0]
    return topk_bar(s.top_tokens, s.top_probs, chosen=s.chosen_token, title=tr("tour.fig.next_token"), words=words(tr))


def fig_next_step(trace: Trace, tr: Translate) -> Chart:
    """Top-k probabilities of the next step, given what was written so far."""
    n = later_step(trace)
    s = trace.decoded.steps[n]
    return topk_bar(s.top_tokens, s.top_probs, chosen=s.chosen_token, title=tr("tour.fig.next_step", n=n),
                    words=words(tr))


# ---------------------------------------------------------------- the steps' formulas


def tex_tokens(trace: Trace) -> str:
    """token ↦ id for the first tokens, and S."""
    pairs = list(zip(trace.src.tokens, trace.src.ids))
    shown = [rf"{tok(t)}\mapsto {i}" for t, i in pairs[:6]] + ([r"\ldots"] if len(pairs) > 6 else [])
    return r",\;".join(shown) + rf"\qquad S = {len(pairs)}"


def tex_embedding(trace: Trace) -> str:
    """The first token's embedding row times √d_model."""
    d, row = trace.config.d_model, trace.embedding("source").embed[0]
    first = tok(trace.src.tokens[0])
    return rf"E_{{{first}}}\cdot\sqrt{{d_{{model}}}} = {vec(row / np.sqrt(d))}\cdot\sqrt{{{d}}} = {vec(row)}"


def tex_positional(trace: Trace) -> str:
    """PE at position 1, dimensions 2 and 3, and the sum with the embedding."""
    p, d, base = second(len(trace.src.tokens)), trace.config.d_model, fmt(trace.config.pe_base)
    source = trace.embedding("source")
    pe, e, x = source.pos_enc[p], source.embed[p], source.x[p]
    angle = rf"{p}/{base}^{{2/{d}}}"
    return lines(rf"PE_{{({p},2)}} = \sin\!\left({angle}\right) = {num(pe[2])},\quad "
                 rf"PE_{{({p},3)}} = \cos\!\left({angle}\right) = {num(pe[3])}",
                 rf"x_{{{p},2}} = e_{{{p},2}} + PE_{{({p},2)}} = {num(e[2])} + {factor(pe[2])} = {num(x[2])}")


def tex_qkv(trace: Trace) -> str:
    """d_k = d_model / h, and the first token's q and k."""
    c, first = trace.config, tok(trace.src.tokens[0])
    return lines(rf"d_k = d_{{model}}/h = {c.d_model}/{c.h} = {c.d_k}",
                 rf"q_{{{first}}} = x_{{{first}}}W^Q_{HEAD} + b^Q_{HEAD} = {vec(enc(trace, 'q')[0])}",
                 rf"k_{{{first}}} = x_{{{first}}}W^K_{HEAD} + b^K_{HEAD} = {vec(enc(trace, 'k')[0])}")


def tex_scores(trace: Trace) -> str:
    """The first query · the first key, written out."""
    q, k = (enc(trace, name)[0].astype(np.float64) for name in ("q", "k"))
    first = tok(trace.src.tokens[0])
    return rf"q_{{{first}}}\cdot k_{{{first}}} = {terms(list(zip(q, k)))} = {num(np.dot(q, k))}"


def tex_scale(trace: Trace) -> str:
    """The first score divided by √d_k (and the temperature, if set)."""
    opts = trace.attn_opts
    parts = ([rf"\sqrt{{{trace.config.d_k}}}"] if opts.scale else []) + (
        [fmt(opts.temperature)] if opts.temperature != 1 else [])
    divisor = r"\cdot ".join(parts) or "1"
    score, scaled = enc(trace, "scores")[0, 0], enc(trace, "scaled")[0, 0]
    return rf"\frac{{q\cdot k}}{{\sqrt{{d_k}}}}:\quad \frac{{{num(score)}}}{{{divisor}}} = {num(scaled)}"


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


def tex_weighted(trace: Trace) -> str:
    """The first component of the first token's z as Σ_j a_j v_j."""
    a, v, z = enc(trace, "pattern")[0], enc(trace, "v")[:, 0], enc(trace, "z")[0, 0]
    first = tok(trace.src.tokens[0])
    return rf"z_{{{first},0}} = \sum_j a_{{{first},j}}\,v_{{j,0}} = {terms(list(zip(a, v)))} = {num(z)}"


def tex_concat(trace: Trace) -> str:
    """Concat's shape and the first token's row through W_O."""
    c, S = trace.config, len(trace.src.tokens)
    attn = trace.attn("encoder", 0)
    return lines(rf"\mathrm{{Concat}}(Z_0,\ldots,Z_{{{c.h - 1}}}):\ S\times(h\cdot d_k) = "
                 rf"{S}\times({c.h}\cdot{c.d_k}) = {S}\times{c.d_model}",
                 rf"{vec(attn.concat[0])}\,W^O + b^O = {vec(attn.out[0])}")


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


def tex_add_norm(trace: Trace) -> str:
    """The sublayer's residual + LayerNorm, with the first token's mean and variance before and after."""
    (mb, vb), (ma, va) = (layer_norm_stats(x) for x in add_norm_pair(trace))
    rule = (r"y = \mathrm{LayerNorm}\big(x + \mathrm{MultiHead}(x)\big)" if trace.post_norm
            else r"y = x + \mathrm{MultiHead}\big(\mathrm{LayerNorm}(x)\big)")
    first = tok(trace.src.tokens[0])
    return lines(rule + r",\qquad \mathrm{LayerNorm}(x) = \gamma\odot\frac{x-\mu}{\sqrt{\sigma^2+\epsilon}}+\beta",
                 rf"{first}:\quad \mu = {num(mb[0])},\ \sigma^2 = {num(vb[0])}\;\longrightarrow\;"
                 rf"\mu = {num(ma[0])},\ \sigma^2 = {num(va[0])}")


def tex_ffn(trace: Trace) -> str:
    """FFN sizes, the first token's hidden row, and how many units ReLU zeroed."""
    c, hidden = trace.config, trace.ffn_hidden("encoder", 0)
    first = tok(trace.src.tokens[0])
    zeros = int((hidden[0] == 0).sum())
    sizes = rf"{c.d_model}\to{c.d_ff}\to{c.d_model}"
    return lines(rf"\mathrm{{FFN}}(x) = \max(0,\;xW_1+b_1)\,W_2+b_2:\quad {sizes}",
                 rf"\max(0,\;x_{{{first}}}W_1+b_1) = {vec(hidden[0])},\quad "
                 rf"\left|\{{j: h_j = 0\}}\right| = {zeros}/{hidden.shape[1]}")


def tex_layers(trace: Trace) -> str:
    """N × h maps, and the first token's vector length after each layer."""
    c, first = trace.config, tok(trace.src.tokens[0])
    norms = [np.linalg.norm(trace.layer_output("encoder", i)[0]) for i in range(-1, c.N)]
    chain = r"\to".join(rf"\lVert x^{{({i})}}_{{{first}}}\rVert = {num(n)}" for i, n in enumerate(norms))
    return lines(rf"N\times h = {c.N}\times{c.h} = {c.N * c.h}", chain)


def tex_cross(trace: Trace) -> str:
    """The strongest source token of the first decoder row, averaged over the heads."""
    h, last = trace.config.h, trace.config.N - 1
    per_head = trace.attn("cross", last).pattern[:, 0]  # (h, S)
    j = int(cross_mean(trace)[0].argmax())
    row, col = tok(trace.tgt_input_tokens[0]), tok(trace.src.tokens[j])
    total = " + ".join(num(p) for p in per_head[:, j])
    return rf"\bar a_{{{row},\,{col}}} = \frac{{1}}{{{h}}}\left({total}\right) = {num(per_head[:, j].mean())}"


def tex_next_token(trace: Trace) -> str:
    """P(first output token) as the softmax of its logit over the target vocabulary."""
    s = trace.decoded.steps[0]
    z, p = trace.logits[0, s.chosen_id], trace.probs[0, s.chosen_id]
    given = rf"{tok(trace.tgt_input_tokens[0])},\, x_{{1:{len(trace.src.tokens)}}}"  # the prefix and the source
    V = trace.config.tgt_vocab_size
    return (rf"P({tok(s.chosen_token)}\mid {given}) = \frac{{e^{{z_{{{tok(s.chosen_token)}}}}}}}"
            rf"{{\sum_{{v=1}}^{{{V}}} e^{{z_v}}}} = \frac{{e^{{{num(z)}}}}}{{\sum_v e^{{z_v}}}} = {num(p, 3)}")


def tex_next_step(trace: Trace) -> str:
    """The decoder input so far and the token it chooses next."""
    s = trace.decoded.steps[later_step(trace)]
    prefix = r"\;".join(tok(t) for t in s.prefix_tokens)
    return rf"{prefix}\;\longrightarrow\;{tok(s.chosen_token)},\qquad P = {num(s.chosen_prob, 3)}"


STEPS: tuple[TourStep, ...] = (
    TourStep("tokens", fig_tokens, tex_tokens),
    TourStep("embedding", fig_embedding, tex_embedding),
    TourStep("positional", fig_positional, tex_positional),
    TourStep("qkv", fig_qkv, tex_qkv),
    TourStep("scores", fig_scores, tex_scores),
    TourStep("scale", fig_scale, tex_scale),
    TourStep("decoder", fig_decoder, tex_decoder),
    TourStep("mask", fig_mask, tex_mask),
    TourStep("softmax", fig_softmax, tex_softmax),
    TourStep("weighted", fig_weighted, tex_weighted),
    TourStep("concat", fig_concat, tex_concat),
    TourStep("add_norm", stats_figure, tex_add_norm),
    TourStep("ffn", fig_ffn, tex_ffn),
    TourStep("layers", fig_layers, tex_layers),
    TourStep("cross", fig_cross, tex_cross),
    TourStep("next_token", fig_next_token, tex_next_token),
    TourStep("next_step", fig_next_step, tex_next_step),
)
