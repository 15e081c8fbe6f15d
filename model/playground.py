"""Hand-editable attention: presets and parsing of user-typed matrices into numbers with clear errors."""
from __future__ import annotations

import math

import numpy as np

from model.explain import InputError, head_slice, projection_weights

SEED_004 = {
    "tokens": ["x1", "x2", "x3"],
    "X": [[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]],
    "W_Q": [[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]],
    "W_K": [[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]],
    "W_V": [[0, 2, 0], [0, 3, 0], [1, 0, 3], [1, 1, 0]],
    "scale": False,
}
MAX_SIDE = 256  # rows or columns a hand-edited matrix may have (64 tokens; d_model ≤ 256 and a column of ones)
DECIMALS = 4  # the "this sentence" preset's precision: what its grids show (fmt_all(values, DECIMALS)), so an
# unedited grid parses back exact. At 4 its Q, K, V are the model's within ~0.001 and its weights within ~0.0003
# (measured over every head of three sentences); at 2 they were off by up to 0.11 and 0.03
MAX_ABS = 1e6  # largest magnitude typed into a cell (products stay finite)


def seed_004() -> dict:
    """Seed 004's worked example: 3 tokens × 4 features, no √d_k scaling, nothing masked."""
    preset = {k: (np.array(v, dtype=float) if k.startswith(("X", "W")) else v) for k, v in SEED_004.items()}
    preset["mask"] = np.ones((3, 3))
    return preset


def random_preset(seed: int, n_tokens: int = 4, d: int = 4, d_k: int = 3) -> dict:
    """Small random integer matrices (easy to multiply by hand)."""
    rng = np.random.default_rng(seed)
    ints = lambda *shape: rng.integers(-2, 3, size=shape).astype(float)  # noqa: E731
    return {"tokens": [f"x{i + 1}" for i in range(n_tokens)], "X": ints(n_tokens, d), "W_Q": ints(d, d_k),
            "W_K": ints(d, d_k), "W_V": ints(d, d_k), "mask": np.ones((n_tokens, n_tokens)), "scale": True}


def rounded(values: np.ndarray) -> np.ndarray:
    """Values at the grids' precision (and no −0, which a grid shows as 0)."""
    return np.round(np.asarray(values, dtype=np.float64), DECIMALS) + 0.0


def from_trace(trace, model, side: str, layer: int, head: int) -> dict:
    """The real X, W_Q/W_K/W_V head slices and mask of one self-attention head ("encoder" or "decoder"), rounded as the
    grids show them, with the biases folded in: X gets a last column of ones and each W a last row, its bias b, so
    that X·W is the model's own X·W + b (Q, K and V) up to that rounding ("bias": True)."""
    attn = trace.attn(side, layer)
    W = projection_weights(model, side, layer)
    d_k = trace.config.d_k
    folded = {name: rounded(head_slice(np.vstack([W[name], W[bias_name(name)]]), head, d_k))
              for name in ("W_Q", "W_K", "W_V")}  # (d_model + 1, d_k) each: the weights, then the bias
    X = rounded(attn.x_q)  # (L, d_model)
    return {"tokens": list(attn.queries), "X": np.hstack([X, np.ones((len(X), 1))]), **folded,
            "mask": attn.mask.astype(float), "scale": True, "bias": True}


def bias_name(name: str) -> str:
    """The bias of a projection: "W_Q" -> "b_Q"."""
    return "b" + name[1:]


def x_columns(n: int, bias: bool) -> list[str]:
    """X's column names: one per feature, f1 … fd, then "1" for the column of ones when the bias is folded in."""
    return [f"f{j + 1}" for j in range(n - bias)] + (["1"] if bias else [])


def w_rows(name: str, n: int, bias: bool) -> list[str]:
    """A projection's row names: the X column each row multiplies (f1 … fd), then its bias (b_Q) when folded in."""
    return [f"f{j + 1}" for j in range(n - bias)] + ([bias_name(name)] if bias else [])


def parse_matrix(name: str, cells) -> np.ndarray:
    """Parse a grid of user-typed cells into floats; ValueError names the first bad cell."""
    rows = [list(r) for r in cells]
    if not rows or not rows[0]:
        raise InputError("err_matrix_empty", name=name)
    if max(len(rows), len(rows[0])) > MAX_SIDE:
        raise InputError("err_too_big", name=name, shape=f"{len(rows)}×{len(rows[0])}", max=MAX_SIDE)
    out = np.empty((len(rows), len(rows[0])))
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            out[i, j] = parse_cell(name, i, j, cell)
    return out


def parse_cell(name: str, i: int, j: int, cell) -> float:
    """One cell as a finite float."""
    where = dict(name=name, row=i + 1, col=j + 1)
    text = "" if cell is None else str(cell).strip()
    if text == "" or (isinstance(cell, float) and math.isnan(cell)):
        raise InputError("err_cell_empty", **where)
    try:
        value = float(text.replace("−", "-"))
    except ValueError:
        raise InputError("err_not_number", **where, text=repr(text[:20])) from None
    if not math.isfinite(value):
        raise InputError("err_not_finite", **where, text=repr(text[:20]))
    if abs(value) > MAX_ABS:
        raise InputError("err_too_large", **where, text=repr(text[:20]), max=f"{MAX_ABS:g}")
    return value


def parse_mask(cells) -> np.ndarray:
    """Parse the mask grid: 1 = visible, 0 = masked."""
    m = parse_matrix("mask", cells)
    if not np.isin(m, (0.0, 1.0)).all():
        raise InputError("err_mask_values")
    return m.astype(bool)
