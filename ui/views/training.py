"""The charts of "How it is trained and scored" for one trace and the view state (the page and the keystroke route
both build them here): the warm-up schedule and the model's own training curve, read from its training log."""
from __future__ import annotations

from model import scoring
from model.trace import Trace
from ui.view import Element, View
from viz.curves import line_chart

SCHEDULE_POINTS = 400  # steps drawn of the schedule (every k-th)


def recipe(log: dict) -> tuple[int, int, float, int]:
    """d_model, warm-up, factor and steps from a training log's arguments."""
    args = log["args"]
    return int(args["d_model"]), int(args["warmup"]), float(args["factor"]), int(args["steps"])


def schedule_element(model: str, v: View) -> Element:
    """The paper's learning rate over the model's training, a line at the end of warm-up."""
    d_model, warmup, factor, steps = recipe(scoring.training_log(model))
    n, rate = scoring.schedule(d_model, warmup, factor, steps)  # (steps,), (steps,)
    every = max(1, steps // SCHEDULE_POINTS)
    return Element([line_chart(n[::every], {v.t("tr.lrate"): rate[::every]}, decimals=6, marker_x=float(warmup),
                               title=v.t("tr.fig_schedule", d_model=d_model, warmup=warmup),
                               x_title=v.t("tr.step"), y_title=v.t("tr.lrate"), height=320)], "tr-schedule")


def curve_element(model: str, v: View) -> Element:
    """The logged training loss and the validation BLEU by step, side by side."""
    log = scoring.training_log(model)
    loss = [(row["step"], row["loss"]) for row in log["loss"]]
    specs = [line_chart([s for s, _ in loss], {v.t("tr.loss"): [x for _, x in loss]}, title=v.t("tr.fig_loss"),
                        x_title=v.t("tr.step"), y_title=v.t("tr.loss"), height=320)]
    if log.get("valid"):
        specs.append(line_chart([r["step"] for r in log["valid"]], {v.t("tr.bleu"): [r["bleu"] for r in log["valid"]]},
                                title=v.t("tr.fig_bleu"), x_title=v.t("tr.step"), y_title=v.t("tr.bleu"),
                                height=320, decimals=2))
    return Element(specs, "tr-curve", ["tr-loss", "tr-bleu"][:len(specs)], columns=len(specs))



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view (none for a checkpoint without a training log)."""
    if not scoring.training_log(trace.model):
        return {}
    return {"schedule": schedule_element(trace.model, v), "curve": curve_element(trace.model, v)}
