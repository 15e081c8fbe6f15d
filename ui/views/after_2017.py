"""After 2017 on the typed sentence: FlashAttention's online softmax, tile by tile, and how much attention goes to the
first key (an attention sink). The page and the keystroke route both build its charts here."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model.flash import Tiles, floats_held, online_softmax
from model.trace import Trace
from ui.view import Element, View, clamp, within_model
from viz.bars import grouped_bars
from viz.curves import line_chart
from viz.heatmap import matrix_heatmap

SIZES = 2 ** np.arange(4, 14)  # n = 16 … 8192 for the memory chart
BLOCKS = ("encoder", "decoder", "cross")


@dataclass(frozen=True)
class Flash:
    """What the page shows: the head, the tile size, how many tiles are done, the running state, and how far the
    last tile's output is from the trace's own softmax(S)·V."""

    block: str
    layer: int
    head: int
    tile: int
    step: int  # index of the last tile done
    tiles: Tiles
    final_gap: float  # max |O / ℓ after the last tile − z|

    @property
    def tag(self) -> str:
        """The head and tile size in element keys."""
        return f"{self.block}-L{self.layer}-h{self.head}-B{self.tile}"


def flash_view(trace: Trace, v: View) -> Flash:
    """The view applied to this trace: its head's masked scores and values through the online softmax."""
    m = within_model(trace, v)
    block, layer, head = m.block, m.layer, m.head
    attn = trace.attn(block, layer)
    tile = clamp(v.tile, 1, len(attn.keys))
    tiles = online_softmax(attn.masked_scores[head], attn.v[head], tile)
    gap = float(np.abs(tiles.out[-1] - attn.z[head]).max())
    return Flash(block, layer, head, tile, clamp(v.tile_step, 1, len(tiles.starts)) - 1, tiles, gap)


def tiles_element(trace: Trace, f: Flash, v: View) -> Element:
    """The scores read so far (later keys grey) and the output O / ℓ they give."""
    attn, tiles = trace.attn(f.block, f.layer), f.tiles
    end = tiles.end(f.step)
    unread = np.arange(len(attn.keys)) >= end  # (L_k,)
    axes = dict(row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col"), words=v.words())
    dims = [f"d{i}" for i in range(attn.v.shape[-1])]
    return Element([
        matrix_heatmap(attn.masked_scores[f.head], attn.queries, attn.keys, masked=~attn.mask | unread[None, :],
                       title=v.t("fl.fig_scores", t=f.step + 1, n=len(tiles.starts), first=tiles.starts[f.step],
                                 last=end - 1),
                       grey=("", v.t("fl.unread")), hover_formula="s({row}, {col})", **axes),
        matrix_heatmap(tiles.out[f.step], attn.queries, dims, title=v.t("fl.fig_out", t=f.step + 1),
                       row_title=v.t("axis.query_token"), col_title=v.t("axis.dimension"), show_values=False,
                       col_ticks=16, words=v.words()),
    ], f"fl-tiles-{f.tag}", [f"fl-scores-{f.tag}", f"fl-out-{f.tag}"])


def state_element(trace: Trace, f: Flash, v: View) -> Element:
    """Each query's running maximum m and running sum ℓ after the tiles done."""
    queries, tiles = trace.attn(f.block, f.layer).queries, f.tiles
    return Element([
        grouped_bars(queries, {v.t("fl.m"): tiles.m[f.step]}, title=v.t("fl.fig_m", t=f.step + 1),
                     y_title="m", x_title=v.t("axis.query_token"), words=v.words()),
        grouped_bars(queries, {v.t("fl.ell"): tiles.ell[f.step]}, title=v.t("fl.fig_ell", t=f.step + 1),
                     y_title="ℓ", x_title=v.t("axis.query_token"), words=v.words()),
    ], f"fl-state-{f.tag}", [f"fl-m-{f.tag}", f"fl-ell-{f.tag}"])


def memory_element(d_k: int, tile: int, v: View) -> Element:
    """Numbers one head holds at once against n: the n × n scores, or one tile of them."""
    held = np.array([floats_held(int(n), d_k, tile) for n in SIZES])  # (len(SIZES), 2)
    return Element([line_chart(SIZES, {v.t("fl.ordinary"): held[:, 0], v.t("fl.tiled", tile=tile): held[:, 1]},
                               title=v.t("fl.fig_memory", d_k=d_k), x_title=v.t("paper.axis_n"),
                               y_title=v.t("fl.axis_floats"), log_x=True, log_y=True)], "fl-memory")


def first_key_weight(trace: Trace, block: str) -> tuple[np.ndarray, float]:
    """Each layer's and head's mean weight on the block's first key, over the queries; and that mean if every query
    spread its weight evenly over the keys it may see."""
    patterns = trace.patterns(block)  # (N, h, L_q, L_k)
    visible = trace.attn(block, 0).mask.sum(axis=1)  # (L_q,)
    return patterns[..., 0].mean(axis=-1), float((1 / visible).mean())  # (N, h)


def sinks_element(trace: Trace, v: View) -> Element:
    """The mean weight on the first key (a sentence's first word, the decoder's <bos>) per layer and head."""
    maps = []
    for block in BLOCKS:
        weight, _ = first_key_weight(trace, block)
        first = trace.attn(block, 0).keys[0]
        maps.append(matrix_heatmap(weight, [v.t("label.layer", i=i) for i in range(weight.shape[0])],
                                   [v.t("label.head", i=j) for j in range(weight.shape[1])], kind="prob",
                                   title=v.t("fl.fig_sink", block=v.block_label(block), first=first),
                                   row_title=v.t("ctl.layer"), col_title=v.t("axis.head"), words=v.words()))
    return Element(maps, "fl-sinks", [f"fl-sink-{b}" for b in BLOCKS])



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view: the tiles done, the running statistics, the memory held and the
    attention sinks."""
    f = flash_view(trace, v)
    return {"tiles": tiles_element(trace, f, v), "state": state_element(trace, f, v),
            "memory": memory_element(trace.config.d_k, f.tile, v), "sinks": sinks_element(trace, v)}
