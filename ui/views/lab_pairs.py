"""Minimal pairs' charts for one trace and the view state (the page and the keystroke route both build them here)."""
from __future__ import annotations

from model.pairs import align_tokens, aligned_difference
from model.trace import AttnView, Trace
from ui import data
from ui.view import Element, View, per_view, within_model
from viz.heatmap import matrix_heatmap


def second_trace(trace: Trace, v: View) -> Trace | None:
    """The view's second sentence's trace with the same options, or None if it has no tokens."""
    try:
        return data.trace(trace.model, v.pair_sentence, v.attn, v.decode)
    except ValueError:
        return None


def pattern_element(which: str, attn: AttnView, layer: int, head: int, v: View) -> Element:
    """One sentence's weights of the head, its real mask grey ("first" or "second")."""
    return Element([matrix_heatmap(attn.pattern[head], attn.queries, attn.keys, kind="prob", masked=~attn.mask,
                                   title=v.t(f"mp.fig_{which}", layer=layer, head=head),
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


@per_view
def elements(trace: Trace, other: Trace, block: str, layer: int, head: int, v: View) -> dict[str, Element]:
    """Both sentences' weights of the head and their aligned difference."""
    a, b = trace.attn(block, layer), other.attn(block, layer)
    return {"first": pattern_element("first", a, layer, head, v),
            "second": pattern_element("second", b, layer, head, v), "diff": diff_element(a, b, head, v)}


def charts(trace: Trace, v: View) -> list[Element]:
    """Every chart element of the page for the view (what the keystroke route sends)."""
    other, m = second_trace(trace, v), within_model(trace, v)
    return list(elements(trace, other, m.block, m.layer, m.head, v).values()) if other is not None else []
