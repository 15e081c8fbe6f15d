"""BertViz-style head view: queries on the left, keys on the right, one line per attended pair."""

from __future__ import annotations

import numpy as np

from viz import style
from viz.spec import HeadView, f32
from viz.style import ENGLISH, LOOK, Style, Words

N_BUCKETS = 5


def bucket_of(weights: np.ndarray, n: int = N_BUCKETS) -> np.ndarray:
    """Bucket 0..n-1 of each weight in [0, 1] (equal-width bins; 1.0 in the top bin)."""
    return np.minimum((np.asarray(weights) * n).astype(int), n - 1)


def bucket_style(b: int, n: int = N_BUCKETS) -> tuple[float, float]:
    """(line width px, opacity) of bucket b; both grow with the weight."""
    level = (b + 1) / n
    return 1.0 + 7.0 * level, 0.15 + 0.85 * level


def head_view(pattern, query_tokens, key_tokens, *, title: str = "", min_weight: float = 0.02,
              height: int | None = None, words: Words = ENGLISH, look: Style = LOOK) -> HeadView:
    """Lines from each query (left) to each key (right); width/opacity bucketed by attention weight."""
    w = np.nan_to_num(np.asarray(pattern, dtype=np.float32), nan=0.0, posinf=0.0, neginf=0.0)  # (Lq, Lk)
    n_q, n_k = w.shape
    if len(query_tokens) != n_q or len(key_tokens) != n_k:
        raise ValueError(f"{len(query_tokens)} queries x {len(key_tokens)} keys for pattern {w.shape}")
    return HeadView(title=title, weights=f32(w), queries=tuple(str(t) for t in query_tokens),
                    keys=tuple(str(t) for t in key_tokens), query_title=words.query, key_title=words.key,
                    weight_title=words.weight, min_weight=min_weight, buckets=N_BUCKETS,
                    hover="{query} → {key}: {value}", colour=style.PRIMARY, note=words.thinned,
                    height=height or style.auto_height(max(n_q, n_k), per_row=26, extra=120, hi=1800), look=look)
