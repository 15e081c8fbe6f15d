"""The training timeline's charts for one trace and the view state (the page and the keystroke route both build them
here)."""
from __future__ import annotations

from model.snapshots import Snapshot
from model.trace import Trace
from ui import data
from ui.view import Element, View
from viz.curves import training_curves
from viz.grid import attention_grid

BLOCKS = (("encoder", "lab.block_encoder"), ("decoder", "lab.block_decoder"), ("cross", "lab.block_cross"))


def snapshot_index(v: View, n: int) -> int:
    """The view's snapshot among the n shipped, kept inside them (−1, the default, is the last: the shipped model)."""
    return v.within(snapshot=n - 1).snapshot % n


def curves_element(names: list[str], index: int, v: View) -> Element:
    """Loss and exact match of both runs, with the snapshot's step marked."""
    runs = {}
    for name in names:
        shots, (steps, losses) = data.timeline(name)
        runs[name] = (steps, losses, [s.step for s in shots], [s.exact_match for s in shots])
    step = data.timeline(names[0])[0][index].step
    return Element([training_curves(runs, step, title=v.t("lab.curves"), step_title=v.t("lab.step_axis"),
                                    loss_title=v.t("lab.loss"), exact_title=v.t("lab.exact"),
                                    step_word=v.t("lab.step_word"))], "lab-curves")


def grid_element(name: str, shot: Snapshot, trace: Trace, block: str, v: View) -> Element:
    """One model's attention at one snapshot: every layer and head of one block (half width: short)."""
    N, h = trace.config.N, trace.config.h
    rows, cols = trace.tokens_for(block)
    return Element([attention_grid(trace.patterns(block), rows, cols, row_names=[f"L{i}" for i in range(N)],
                                   col_names=[f"h{j}" for j in range(h)],
                                   title=v.t("lab.fig_grid", block=v.t(dict(BLOCKS)[block]), step=shot.step),
                                   row_title=v.t("axis.query"), col_title=v.t("axis.key"), words=v.words())],
                   f"lab-{block}-{name}")


def snapshot_run(name: str, index: int, v: View) -> tuple[Snapshot, Trace]:
    """A model's snapshot `index` and the view's sentence's trace through it."""
    shot = data.timeline(name)[0][index]
    return shot, data.view_snapshot_trace(v, name, shot.step)



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view: both runs' curves, and each model's grid at the snapshot (none
    for a model without snapshots)."""
    names = data.timeline_models(trace.model)
    if not names:
        return {}
    index = snapshot_index(v, len(data.timeline(names[0])[0]))
    return {"curves": curves_element(names, index, v)} | {
        name: grid_element(name, *snapshot_run(name, index, v), v.block, v) for name in names}
