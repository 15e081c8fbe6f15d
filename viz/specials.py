"""Hide special tokens and renormalise: an attention map without the rows and columns of special tokens (<bos>,
<eos>, <pad>, <unk>'s kin, [CLS], [SEP], <s>, </s>), each remaining row divided by its sum so that it adds up to 1
again. The model's numbers are not changed; the map shows how each word shares what the specials did not take."""
from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from viz.spec import Axis, Grid, HeadView, Heatmap

SPECIAL = re.compile(r"^(?:\d+:)?(?:<[^<>\s]+>|\[[A-Z]+\])$")  # a token label, numbered ("0:<bos>") or not


def is_special(label: str) -> bool:
    """True for a special token's label: <bos>, </s>, [CLS], 0:<bos> …"""
    return bool(SPECIAL.match(str(label)))


def kept(labels) -> np.ndarray:
    """Which labels are not special tokens; (n,) bool."""
    return np.array([not is_special(label) for label in labels], dtype=bool)


def trimmed(ax: Axis, keep: np.ndarray) -> Axis:
    """The axis without the dropped labels, its drawn ticks renumbered."""
    new_index = np.cumsum(keep) - 1
    return replace(ax, labels=tuple(label for label, k in zip(ax.labels, keep) if k),
                   ticks=tuple(int(new_index[i]) for i in ax.ticks if keep[i]))


def renormalised(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Each row (last axis) divided by the sum of its unmasked cells; a row with nothing left stays 0."""
    shown = np.where(mask, 0.0, values.astype(np.float64))  # (..., L_k)
    total = shown.sum(axis=-1, keepdims=True)  # (..., 1)
    out = np.divide(shown, total, out=np.zeros_like(shown), where=total > 0)
    return np.where(mask, values, out).astype(np.float32)


def is_attention(spec) -> bool:
    """A map of attention weights (a probability heatmap or grid, or a head view)."""
    return isinstance(spec, HeadView) or (isinstance(spec, (Heatmap, Grid)) and spec.colours.title == "p")


def without_specials(spec, note: str):
    """The spec without its special tokens' rows and columns, rows renormalised, `note` after its title; any other
    spec (or one with no special token, or nothing but specials) as it is."""
    if not is_attention(spec):
        return spec
    if isinstance(spec, HeadView):
        rows, cols = kept(spec.queries), kept(spec.keys)
        if rows.all() and cols.all() or not rows.any() or not cols.any():
            return spec
        weights = renormalised(spec.weights[rows][:, cols], np.zeros((rows.sum(), cols.sum()), bool))
        return replace(spec, weights=weights, queries=tuple(np.array(spec.queries)[rows]),
                       keys=tuple(np.array(spec.keys)[cols]), title=f"{spec.title} · {note}")
    rows, cols = kept(spec.rows.labels), kept(spec.cols.labels)
    if rows.all() and cols.all() or not rows.any() or not cols.any():
        return spec
    values, mask = spec.values[..., rows, :][..., cols], spec.mask[..., rows, :][..., cols]
    return replace(spec, values=renormalised(values, mask), mask=mask, rows=trimmed(spec.rows, rows),
                   cols=trimmed(spec.cols, cols), title=f"{spec.title} · {note}")
