"""TransformerLens-style identity hook points that record tensors into the calling thread's active cache.

Thread safety: a loaded model is shared by every Streamlit session, whose scripts run in their own threads at
once. The hook points therefore hold no per-call state: the cache a forward pass fills lives in a ContextVar,
which is private to the thread (and asyncio task) that opened `recording()`. Two sessions tracing through the
same model at the same time each get exactly their own tensors; the model itself is only read.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

import torch
from torch import nn

_ACTIVE: ContextVar[tuple[dict[str, torch.Tensor], bool] | None] = ContextVar("hook_cache", default=None)


class HookPoint(nn.Module):
    """Identity module; stores its input in the calling context's active cache under its stamped name."""

    def __init__(self) -> None:
        super().__init__()
        self.name = ""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Record x (detached unless asked otherwise) if this context is recording; return x unchanged."""
        active = _ACTIVE.get()
        if active is not None:
            cache, detach = active
            cache[self.name] = x.detach() if detach else x
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
def recording(detach: bool = True):
    """Record every hook point that runs in this thread inside the block into a fresh dict (yielded).

    `detach=False` keeps the autograd graph (training reads the cross-attention weights for its alignment loss)."""
    cache: dict[str, torch.Tensor] = {}
    token = _ACTIVE.set((cache, detach))
    try:
        yield cache
    finally:
        _ACTIVE.reset(token)
