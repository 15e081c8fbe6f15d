"""The training timeline's charts for one trace and the view state (the page and the keystroke route both build them
here)."""
from __future__ import annotations

from model.snapshots import Snapshot
from model.trace import Trace
from ui import data, state
from ui.i18n import t, words
from ui.widgets import Block
from viz.curves import training_curves
from viz.grid import attention_grid

BLOCKS = (("encoder", "lab.block_encoder"), ("decoder", "lab.block_decoder"), ("cross", "lab.block_cross"))


def snapshot_view(n: int) -> int:
    """The view state's snapshot index among the n shipped (−1, the default, is the last: the shipped model)."""
    return state.get("snapshot") % n


def curves_block(names: list[str], index: int) -> Block:
    """Loss and exact match of both runs, with the snapshot's step marked."""
    runs = {}
    for name in names:
        shots, (steps, losses) = data.timeline(name)
        runs[name] = (steps, losses, [s.step for s in shots], [s.exact_match for s in shots])
    step = data.timeline(names[0])[0][index].step
    return Block([training_curves(runs, step, title=t("lab.curves"), step_title=t("lab.step_axis"),
                                  loss_title=t("lab.loss"), exact_title=t("lab.exact"),
                                  step_word=t("lab.step_word"))], "lab-curves")


def grid_block(name: str, shot: Snapshot, trace: Trace, side: str) -> Block:
    """One model's attention at one snapshot: every layer and head of one block (half width: short)."""
    N, h = trace.config.N, trace.config.h
    rows, cols = trace.tokens_for(side)
    return Block([attention_grid(trace.patterns(side), rows, cols, row_names=[f"L{i}" for i in range(N)],
                                 col_names=[f"h{j}" for j in range(h)],
                                 title=t("lab.fig_grid", block=t(dict(BLOCKS)[side]), step=shot.step),
                                 row_title=t("axis.query"), col_title=t("axis.key"), words=words())],
                 f"lab-{side}-{name}")


def snapshot_run(name: str, index: int) -> tuple[Snapshot, Trace]:
    """A model's snapshot `index` and the sentence's trace through it."""
    shot = data.timeline(name)[0][index]
    return shot, data.current_snapshot_trace(name, shot.step)


def charts(trace: Trace) -> list[Block]:
    """Every chart element of the page for the view state (what the keystroke route sends)."""
    names = data.timeline_models(trace.model)
    if not names:
        return []
    index = snapshot_view(len(data.timeline(names[0])[0]))
    side = state.get("side")
    return [curves_block(names, index)] + [grid_block(name, *snapshot_run(name, index), side) for name in names]
