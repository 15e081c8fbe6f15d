"""Masks' charts for one trace and the view state (the page and the keystroke route both build them here), and the
hand-ticked mask's form in the URL (`cm`: one hex bit row per query, "." between rows; bit j hides key j)."""
from __future__ import annotations

import numpy as np

from model.explain import apply_mask
from model.trace import BatchTrace, Trace
from ui import data
from ui.view import Element, View
from ui.views import notes
from viz.heatmap import matrix_heatmap


def head_of(trace: Trace, v: View) -> int:
    """The view's head, wrapped into this model's h."""
    return int(v.head) % trace.config.h


def axes(v: View) -> dict:
    """Row and column titles of the square query × key figures."""
    return dict(row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col"))


def mask_figure(keep: np.ndarray, rows: list[str], cols: list[str], title: str, v: View,
                hover: str = "M[{row}, {col}]"):
    """The additive mask M as in the formula: 0 where the key is visible, grey −∞ where it is masked."""
    return matrix_heatmap(np.zeros(keep.shape), rows, cols, kind="mask", masked=~keep, title=title, decimals=0,
                          hover_formula=hover, **axes(v), words=v.words())


def pattern_figure(pattern: np.ndarray, keep: np.ndarray, rows: list[str], cols: list[str], title: str, v: View):
    """Softmax weights of a block; masked cells (weight exactly 0) grey."""
    return matrix_heatmap(pattern, rows, cols, kind="prob", title=title, masked=~keep,
                          hover_formula=v.t("masks.hover_weight"), **axes(v), words=v.words())


def shorter(rows: list[list[str]]) -> int:
    """The batch row with the fewest real (non-<pad>) tokens."""
    return int(np.argmin([sum(tok != "<pad>" for tok in row) for row in rows]))


def pad_element(b: BatchTrace, head: int, v: View) -> Element:
    """The shorter sentence's key-padding mask and the encoder's weights under it."""
    i = shorter(b.src_rows)
    rows, enc = b.src_rows[i], b.attn("encoder", 0)
    keep = enc.mask[i]  # (S, S)
    return Element([mask_figure(keep, rows, rows, v.t("masks.fig_pad_mask", n=i + 1), v),
                    pattern_figure(enc.pattern[i, head], keep, rows, rows, v.t("masks.fig_enc_weights", head=head), v)],
                   "pad", ["pad-mask", "pad-pattern"])


def dec_element(b: BatchTrace, head: int, v: View) -> Element:
    """The decoder's causal mask (longer output) and causal + padding (shorter), with their weights."""
    tb = shorter(b.tgt_rows)
    dec = b.attn("decoder", 0)
    which = ((1 - tb, "causal", "masks.kind_causal"), (tb, "causal + padding", "masks.kind_both"))  # batch row
    masks_row = [mask_figure(dec.mask[i], b.tgt_rows[i], b.tgt_rows[i],
                             v.t("masks.fig_dec_mask", n=i + 1, kind=v.t(kind)), v) for i, _, kind in which]
    weights_row = [pattern_figure(dec.pattern[i, head], dec.mask[i], b.tgt_rows[i], b.tgt_rows[i],
                                  v.t("masks.fig_dec_weights", head=head), v) for i, _, _ in which]
    return Element(masks_row + weights_row, "dec", [f"dec-{part}-{tag}" for part in ("mask", "pattern")
                                                    for _, tag, _ in which], columns=2)


def ticked(cells: str, n: int) -> np.ndarray:
    """Hand-ticked cells as the URL writes them (`cm`), inside an n × n grid (True: hidden); unreadable rows tick
    nothing."""
    hidden = np.zeros((n, n), dtype=bool)  # (L_q, L_k)
    for i, row in enumerate(cells.lower().split(".")[:n]):
        bits = int(row, 16) if row and all(c in "0123456789abcdef" for c in row) else 0
        hidden[i] = [(bits >> j) & 1 for j in range(n)]
    return hidden


def encode(hidden: np.ndarray) -> str:
    """Ticked cells as the URL writes them: a hex bit row per query, "." between, trailing empty rows left out."""
    rows = [format(sum(1 << int(j) for j in np.flatnonzero(row)), "x") if row.any() else "" for row in hidden]
    return ".".join(rows).rstrip(".")


def custom_element(trace: Trace, head: int, keep: np.ndarray, v: View) -> Element:
    """Encoder layer 0's scaled scores with the cells `keep` hides masked, and the softmax renormalised over the
    rest."""
    rows = trace.src.tokens
    masked, weights = apply_mask(trace.attn("encoder", 0).scaled[head], keep)
    return Element([matrix_heatmap(masked, rows, rows, title=v.t("masks.fig_custom_masked", head=head),
                                   hover_formula=v.t("masks.hover_score"), **axes(v), words=v.words()),
                    pattern_figure(weights, keep, rows, rows, v.t("masks.fig_renormalised"), v)],
                   "custom", ["custom-masked", "custom-pattern"])



def elements(trace: Trace | None, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view: the padded batch's masks (with a second sentence), the
    hand-ticked mask's and the findings' (drawn without a sentence too)."""
    found = notes.on_page("masks", trace, v)
    if trace is None:
        return found
    head, b = head_of(trace, v), data.second_batch(trace, v)
    batch = {"pad": pad_element(b, head, v), "dec": dec_element(b, head, v)} if b is not None else {}
    keep = ~ticked(v.custom_mask, len(trace.src.tokens))
    return batch | {"custom": custom_element(trace, head, keep, v)} | found
