"""Bar charts: the likeliest next tokens' probabilities, coverage per source word, LayerNorm statistics per token,
and grouped bars of any named series per category."""

from __future__ import annotations

import numpy as np

from viz import style
from viz.spec import BarPanels, Bars, Panel, Series, f32
from viz.style import ENGLISH, LOOK, Style, Words

BEFORE_COLOR = style.NEUTRAL
AFTER_COLOR = style.PRIMARY


def chosen_index(tokens: list[str], chosen) -> int | None:
    """Position of the chosen token: an int is an index, a string the first equal token."""
    if chosen is None or isinstance(chosen, (int, np.integer)):
        return chosen
    return tokens.index(str(chosen)) if str(chosen) in tokens else None


def likeliest_bar(tokens, probs, *, chosen=None, title: str = "", height: int | None = None, given: str | None = None,
                  words: Words = ENGLISH, look: Style = LOOK) -> Bars:
    """Horizontal probability bars on [0, 1], first token on top, the chosen one in the accent colour; `given` names
    what the probabilities are conditioned on (hover: P(token | given))."""
    labels = tuple(str(t) for t in tokens)
    pick = chosen_index(list(labels), chosen)
    cond = f" | {given}" if given else ""
    return Bars(title=title, labels=labels, values=f32(probs), highlight=-1 if pick is None else int(pick),
                value_title=words.probability, vmax=1.0, hover=f"P({{label}}{cond}) = {{value}}", decimals=2,
                colour=style.PRIMARY, highlight_colour=style.ACCENT,
                height=height or style.auto_height(len(labels), per_row=34, extra=110, lo=220), look=look)


def coverage_bar(tokens, coverage, flagged: list[int], *, title: str = "", value_title: str = "",
                 words: Words = ENGLISH, look: Style = LOOK) -> Bars:
    """Per source token, the cross-attention it received over the decoding steps (Tu et al.'s coverage), first token
    on top; the first word that may be untranslated (flagged) in the accent colour."""
    values = f32(coverage)
    return Bars(title=title, labels=tuple(str(t) for t in tokens), values=values,
                highlight=flagged[0] if flagged else -1, value_title=value_title or words.probability,
                vmax=float(max(1.0, values.max(initial=0.0))), hover="{label}: {value}", decimals=2,
                colour=style.PRIMARY, highlight_colour=style.ACCENT,
                height=style.auto_height(len(tokens), per_row=30, extra=110, lo=200), look=look)


def layernorm_stats(mean_before, var_before, mean_after, var_after, tokens, *, title: str = "",
                    height: int | None = None, words: Words = ENGLISH, look: Style = LOOK) -> BarPanels:
    """Per-token mean (left) and variance (right) before vs after LayerNorm, with 0 and 1 guides."""
    def panel(name: str, before, after, guide: float, from_zero: bool) -> Panel:
        return Panel(name, (Series(words.before_ln, f32(before), BEFORE_COLOR),
                            Series(words.after_ln, f32(after), AFTER_COLOR)), guide, from_zero)

    return BarPanels(title=title, labels=tuple(str(t) for t in tokens), label_title=words.token,
                     panels=(panel(words.mean, mean_before, mean_after, 0.0, False),
                             panel(words.variance, var_before, var_after, 1.0, True)),
                     hover="{series}, {label}: {value}", guide_colour=style.ACCENT, height=height or 400,
                     note=words.thinned, look=look)


def grouped_bars(categories, series: dict[str, np.ndarray], *, title: str = "", y_title: str = "",
                 x_title: str = "", height: int = 360, y_range: tuple[float, float] | None = None,
                 words: Words = ENGLISH, look: Style = LOOK) -> BarPanels:
    """Bars side by side per category, one colour per named series, values printed above the bars."""
    panel = Panel(y_title, tuple(Series(str(name), f32(y), colour) for (name, y), colour in
                                 zip(series.items(), style.SERIES_COLORS * 3)), None, False, y_range)
    return BarPanels(title=title, labels=tuple(str(c) for c in categories), label_title=x_title, panels=(panel,),
                     hover="{series}, {label}: {value}", guide_colour=style.ACCENT, height=height, show_values=True,
                     note=words.thinned, look=look)
