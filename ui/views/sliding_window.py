"""The sliding-window page's charts: the window mask of each chosen self-attention and what reaches each token
after the model's layers (the page and the keystroke route both build them here)."""
from __future__ import annotations

import numpy as np

from model.trace import Trace
from model.window import STACKS, receptive_fields, window_keep
from ui import data
from ui.view import Element, View
from ui.views.masks import mask_figure
from viz.heatmap import matrix_heatmap

BLOCK = {"encoder": "ctl.side_encoder", "decoder": "ctl.side_decoder"}  # -> message


def window_of(v: View) -> tuple[int, int, tuple[str, ...]]:
    """(W, global tokens, the self-attentions it applies to) of the view."""
    stacks = STACKS if v.window_on not in STACKS else (v.window_on,)
    return v.window, v.n_global, stacks  # inside their declared bounds (ui/view.py), as their sliders


def windowed(trace: Trace, v: View) -> Trace:
    """The sentence's greedy trace with the view's window forced onto the model, decoded verifying the previous
    text's windowed translation (its drafts are kept by model and window)."""
    W, n_global, stacks = window_of(v)
    return data.drafted(v.drafts, f"{trace.model}|W{W}g{n_global}:{','.join(stacks)}",
                        lambda draft: data.windowed(trace.model, trace.text, W, n_global, stacks, _draft=draft))


def keep_of(tokens: list[str], stack: str, v: View) -> np.ndarray:
    """The window mask over these tokens, the decoder's inside its causal mask; (L, L) True = seen."""
    W, n_global, _ = window_of(v)
    return window_keep(len(tokens), len(tokens), W, n_global, causal=stack == "decoder")


def tokens_of(run: Trace, stack: str) -> list[str]:
    """The tokens of a stack's self-attention in a run (the source, or <bos> + the output)."""
    return run.src.tokens if stack == "encoder" else run.tgt_input_tokens


def elements(trace: Trace, v: View) -> dict[str, Element]:
    """For each chosen self-attention, by stack, one element: its window mask over the windowed run's tokens and what
    reaches each token after the last layer (side by side; the first is the page's main figure)."""
    run, (W, n_global, stacks), N = windowed(trace, v), window_of(v), trace.config.N
    drawn = {}
    for stack in stacks:
        tokens = tokens_of(run, stack)
        keep = keep_of(tokens, stack, v)
        reach = receptive_fields(keep, N)[-1]  # (L, L) after the last layer
        figures = [mask_figure(keep, tokens, tokens, v.t("sw.fig_mask", block=v.t(BLOCK[stack]), W=W, g=n_global), v),
                   matrix_heatmap(np.zeros(reach.shape), tokens, tokens, kind="mask", masked=~reach, decimals=0,
                                  grey=("", v.t("sw.hidden")), hover_formula="{row} ← {col}",
                                  title=v.t("sw.fig_field", block=v.t(BLOCK[stack]), layer=N - 1),
                                  row_title=v.t("sw.axis_token"), col_title=v.t("sw.axis_source"), words=v.words())]
        drawn[stack] = Element(figures, f"sw-{stack}-W{W}-g{n_global}", None, columns=2)
    return drawn

