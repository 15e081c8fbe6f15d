"""TransformerLens-style identity hook points that record (and, when asked, edit) tensors for the calling thread.

Thread safety: a loaded model is shared by every Streamlit session, whose scripts run in their own threads at
once. The hook points therefore hold no per-call state: the cache a forward pass fills and the edits it applies
live in ContextVars, private to the thread (and asyncio task) that opened `recording()` or `editing()`. Two
sessions tracing through the same model at the same time each get exactly their own tensors; the model itself is
only read.
"""
from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from contextvars import ContextVar

import torch
from torch import nn

Edit = Callable[[torch.Tensor], torch.Tensor]
BLOCK_PATHS = {"encoder": "encoder.{layer}.self_attn", "decoder": "decoder.{layer}.self_attn",
               "cross": "decoder.{layer}.cross_attn"}  # the three attention blocks of the encoder–decoder
_CACHE: ContextVar[tuple[dict[str, torch.Tensor], bool] | None] = ContextVar("hook_cache", default=None)
_EDITS: ContextVar[dict[str, Edit]] = ContextVar("hook_edits", default={})  # noqa: B039 (never mutated)


class HookPoint(nn.Module):
    """Identity module, unless this thread edits it; records its output in this thread's active cache."""

    def __init__(self) -> None:
        super().__init__()
        self.name = ""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Apply this thread's edit for this point (if any), record the result if recording, and pass it on (a tensor
        that needs no gradient is recorded as it is: detaching it would make a second tensor of the same storage)."""
        edits = _EDITS.get()
        if edits and self.name in edits:
            x = edits[self.name](x)
        active = _CACHE.get()
        if active is not None:
            cache, detach = active
            cache[self.name] = x.detach() if detach and x.requires_grad else x
        return x

    __call__ = forward  # without nn.Module's call machinery (a pass calls ~100 hook points; none takes torch hooks)


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
    token = _CACHE.set((cache, detach))
    try:
        yield cache
    finally:
        _CACHE.reset(token)


@contextmanager
def editing(edits: dict[str, Edit]):
    """Inside the block, every forward pass of this thread replaces the tensor at each named hook point by
    edits[name](tensor) (e.g. a knocked-out head); other threads are untouched."""
    token = _EDITS.set(_EDITS.get() | edits)
    try:
        yield
    finally:
        _EDITS.reset(token)


def act_name(name: str, layer: int | None = None, block: str | None = None) -> str:
    """Full hook name (TransformerLens's get_act_name): act_name("pattern", 0, "cross") ->
    "decoder.0.cross_attn.hook_pattern"; act_name("ln1", 1, "encoder") -> "encoder.1.hook_ln1";
    act_name("memory") -> "hook_memory"."""
    if layer is None:
        return f"hook_{name}"
    if name in ATTN_HOOKS or name in POSITION_HOOKS:
        return f"{BLOCK_PATHS[block].format(layer=layer)}.hook_{name}"
    return f"{block}.{layer}.hook_{name}"


ATTN_HOOKS = ("q", "k", "v", "mask", "scores", "scaled", "masked_scores", "pattern", "z", "concat", "out")
POSITION_HOOKS = ("q_rot", "k_rot", "bias")  # attention hooks of RoPE models (q_rot, k_rot) and ALiBi models (bias)
