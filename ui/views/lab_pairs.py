"""Minimal pairs' charts for one trace and the view state (the page and the keystroke route both build them here)."""
from __future__ import annotations

from model.pairs import align_tokens, aligned_difference
from model.trace import AttnView, Trace
from ui import controls, data, state
from ui.i18n import t, words
from ui.widgets import Block
from viz.heatmap import matrix_heatmap


def second_trace(trace: Trace) -> Trace | None:
    """The second sentence's trace with the same options, or None if it has no tokens."""
    try:
        return data.trace(trace.model, state.get("pair_sentence"), data.attn_options(), data.decode_options())
    except ValueError:
        return None


def pattern_block(which: str, view: AttnView, layer: int, head: int) -> Block:
    """One sentence's weights of the head, its real mask grey ("first" or "second")."""
    return Block([matrix_heatmap(view.pattern[head], view.queries, view.keys, kind="prob", masked=~view.mask,
                                 title=t(f"mp.fig_{which}", layer=layer, head=head), row_title=t("axis.query_row"),
                                 col_title=t("axis.key_col"), words=words())], f"mp-{which}")


def diff_block(a: AttnView, b: AttnView, head: int) -> Block:
    """First minus second on the tokens both sentences share, the others grey."""
    diff, unmatched = aligned_difference(a.pattern[head], b.pattern[head], align_tokens(a.queries, b.queries),
                                         align_tokens(a.keys, b.keys))  # (L_q, L_k) each, the first's tokens
    return Block([matrix_heatmap(diff, a.queries, a.keys, kind="signed", masked=unmatched, bound=1.0,
                                 grey=("—", t("mp.unshared")), title=t("mp.fig_diff"), row_title=t("axis.query_row"),
                                 col_title=t("axis.key_col"), words=words())], "mp-diff")


def blocks(trace: Trace, other: Trace, side: str, layer: int, head: int) -> dict[str, Block]:
    """Both sentences' weights of the head and their aligned difference."""
    a, b = trace.attn(side, layer), other.attn(side, layer)
    return {"first": pattern_block("first", a, layer, head), "second": pattern_block("second", b, layer, head),
            "diff": diff_block(a, b, head)}


def charts(trace: Trace) -> list[Block]:
    """Every chart element of the page for the view state (what the keystroke route sends)."""
    other = second_trace(trace)
    return list(blocks(trace, other, *controls.block_view(trace)).values()) if other is not None else []
