"""Training snapshots of a shipped model (saved by `python -m model.train --snapshots K`), loadable without pickle."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from safetensors.torch import load_model

from model.checkpoint import CHECKPOINT_DIR, Bundle, load_bundle
from model.transformer import Transformer


@dataclass(frozen=True)
class Snapshot:
    """One point of a training run: its step, the loss logged nearest to it and the probe exact match."""

    step: int
    loss: float
    exact_match: float


def snapshots(name: str, root: Path = CHECKPOINT_DIR) -> list[Snapshot]:
    """The snapshots of a model, first (step 0, the initialisation) to last (the shipped model)."""
    log = json.loads((root / name / "train_log.json").read_text())
    losses = {row["step"]: row["loss"] for row in log["loss"]}
    nearest = lambda step: losses[min(losses, key=lambda s: abs(s - step))]  # noqa: E731
    return [Snapshot(s["step"], nearest(s["step"]), s["exact_match"]) for s in log.get("snapshots", [])]


def loss_curve(name: str, root: Path = CHECKPOINT_DIR) -> tuple[list[int], list[float]]:
    """(steps, training loss) as logged every 50 steps."""
    log = json.loads((root / name / "train_log.json").read_text())
    return [row["step"] for row in log["loss"]], [row["loss"] for row in log["loss"]]


def load_snapshot(name: str, step: int, root: Path = CHECKPOINT_DIR) -> Bundle:
    """The model as it was after `step` training steps (float16 on disk, float32 here), in eval mode."""
    final = load_bundle(name, root)
    last = snapshots(name, root)[-1].step
    if step == last:
        return final
    path = root / name / "snapshots" / f"step_{step:06d}.safetensors"
    if not path.exists():
        raise FileNotFoundError(f"no snapshot of {name!r} at step {step}")
    model = Transformer(final.config)
    load_model(model, str(path))  # float16 values are copied into the float32 parameters
    return Bundle(f"{name}@{step}", model.eval(), final.src_vocab, final.tgt_vocab, final.align_weight)
