"""What every tour step uses: the step record, LaTeX pieces with this sentence's numbers, the followed head's
arrays and the tour's chart words (no Streamlit here)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from model.explain import fmt
from model.trace import Trace
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
    figure: Callable[[Trace, Translate], Chart]  # (trace, t) -> one chart spec; t translates its words
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
    """What the explanations quote: d_model, d_k, h, N, d_ff, S (source tokens), T (decoder rows), the frequencies
    of RoPE (per head) and of the sinusoidal PE and how many of RoPE's are among the PE's, and this sentence's largest
    |q·k| before and after ÷√d_k with a row's mean largest weight (followed head, layer 0)."""
    c = trace.config
    rope, pe = frequencies(c.d_k), frequencies(c.d_model)
    return dict(d_model=c.d_model, d_k=c.d_k, h=c.h, N=c.N, d_ff=c.d_ff,
                S=len(trace.src.tokens), T=len(trace.tgt_input_tokens), rope_pairs=len(rope), pe_pairs=len(pe),
                rope_shared=int(np.isclose(rope[:, None], pe[None, :], rtol=1e-12, atol=0).any(1).sum()),
                raw_max=f"{np.abs(enc(trace, 'scores')).max():.1f}",
                scaled_max=f"{np.abs(enc(trace, 'scaled')).max():.1f}",
                top_weight=f"{enc(trace, 'pattern').max(1).mean():.2f}")


def frequencies(width: int, base: float = 10000.0) -> np.ndarray:
    """base^(−2i/width) for i = 0 … width/2 − 1: the sinusoidal PE's over d_model, RoPE's over d_k; (width/2,)."""
    return base ** (-np.arange(0, width, 2, dtype=np.float64) / width)


def enc(trace: Trace, name: str) -> np.ndarray:
    """An array of encoder layer 0's self-attention, followed head; e.g. name="q" -> (S, d_k)."""
    return getattr(trace.attn("encoder", 0), name)[HEAD]


def dims(prefix: str, n: int) -> list[str]:
    """Column labels prefix0 … prefix{n-1}."""
    return [f"{prefix}{i}" for i in range(n)]


def second(n: int) -> int:
    """Index 1 when there is a second row, else 0."""
    return min(1, n - 1)


# ---------------------------------------------------------------- figure helpers


def words(t: Translate) -> Words:
    """The words the tour's charts write by themselves (colour-bar, axis and legend titles), in t's language."""
    return Words(value=t("tour.axis.value"), probability=t("tour.axis.prob"), mean=t("tour.axis.mean"),
                 variance=t("tour.axis.variance"), token=t("tour.axis.token"), query=t("tour.axis.query"),
                 key=t("tour.axis.key"), dimension=t("tour.axis.dimension"), before_ln=t("tour.legend.before"),
                 after_ln=t("tour.legend.after"), masked=t("viz.masked"), thinned=t("viz.thinned"))


def heatmap(values, rows, cols, t: Translate, title: str, row: str, col: str, **kw) -> Chart:
    """matrix_heatmap with the tour's axis titles and words."""
    return matrix_heatmap(values, rows, cols, title=title, row_title=t(f"tour.axis.{row}"),
                          col_title=t(f"tour.axis.{col}"), words=words(t), **kw)


def wide(values, rows, cols, t: Translate, title: str, col: str, **kw) -> Chart:
    """A tokens × many-columns heatmap without cell values."""
    return heatmap(values, rows, cols, t, title, "token", col, show_values=False, col_ticks=16, **kw)
