"""TransformerLens-style identity hook points that record tensors while a trace is active."""
from __future__ import annotations

from contextlib import contextmanager

import torch
from torch import nn


class HookPoint(nn.Module):
    """Identity module; stores its input in the active cache under its stamped name."""

    def __init__(self) -> None:
        super().__init__()
        self.name = ""
        self.cache: dict[str, torch.Tensor] | None = None

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Record x (detached) if a cache is attached; return x unchanged."""
        if self.cache is not None:
            self.cache[self.name] = x.detach()
        return x


def stamp_names(root: nn.Module) -> list[HookPoint]:
    """Give every HookPoint its dotted module path as name; return them."""
    points = []
    for name, module in root.named_modules():
        if isinstance(module, HookPoint):
            module.name = name
            points.append(module)
    return points


@contextmanager
def recording(points: list[HookPoint]):
    """Attach a fresh dict to every hook point for the duration of the block."""
    cache: dict[str, torch.Tensor] = {}
    for p in points:
        p.cache = cache
    try:
        yield cache
    finally:
        for p in points:
            p.cache = None
