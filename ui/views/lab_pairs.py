"""Minimal pairs' charts for one trace and the view state (the page and the keystroke route both build them here)."""
from __future__ import annotations

from model.pairs import align_tokens, aligned_difference
from model.trace import AttnView, Trace
from ui import data
from ui.view import Element, View, within_model
from viz.heatmap import matrix_heatmap


def second_trace(trace: Trace, v: View) -> Trace | None:
    """The view's second sentence's trace with the same options, or None if it has no tokens."""
    try:
        return data.trace(trace.model, v.pair_sentence, v.attn, v.decode)
    except ValueError:
        return None


def pattern_element(which: str, attn: AttnView, m: View, v: View) -> Element:
    """One sentence's weights of the head `m` picks (block, layer, head), its real mask grey ("first" or
    "second")."""
    return Element([matrix_heatmap(attn.pattern[m.head], attn.queries, attn.keys, kind="prob", masked=~attn.mask,
                                   title=v.t(f"mp.fig_{which}", block=m.block_label(m.block), layer=m.layer,
                                             head=m.head),
                                   row_title=v.t("axis.query_row"),
                                   col_title=v.t("axis.key_col"), words=v.words())], f"mp-{which}")


def diff_element(a: AttnView, b: AttnView, head: int, v: View) -> Element:
    """First minus second on the tokens both sentences share, the others grey."""
    diff, unmatched = aligned_difference(a.pattern[head], b.pattern[head], align_tokens(a.queries, b.queries),
                                         align_tokens(a.keys, b.keys))  # (L_q, L_k) each, the first's tokens
    return Element([matrix_heatmap(diff, a.queries, a.keys, kind="signed", masked=unmatched, bound=1.0,
                                   grey=("—", v.t("mp.unshared")), title=v.t("mp.fig_diff"),
                                   row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col"), words=v.words())],
                   "mp-diff")


def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Both sentences' weights of the view's head and their aligned difference (none without a second sentence)."""
    other, m = second_trace(trace, v), within_model(trace, v)
    if other is None:
        return {}
    layer, head = m.layer, m.head
    a, b = trace.attn(m.block, layer), other.attn(m.block, layer)
    return {"first": pattern_element("first", a, m, v),
            "second": pattern_element("second", b, m, v), "diff": diff_element(a, b, head, v)}

