"""Recording a pretrained model: where its attention blocks are, stateless hooks, and the app's arrays from them."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from model.attention import softmax

_RECORD: ContextVar[dict | None] = ContextVar("pretrained_record", default=None)  # this thread's, as in model/hooks


@dataclass(frozen=True)
class Site:
    """One attention block of the library's model: hook prefix, the attention module and its projections."""

    prefix: str  # e.g. "encoder.0.self_attn"
    attention: nn.Module
    q: nn.Module | None  # None: Q, K and V come from one fused projection (GPT-2's c_attn)
    k: nn.Module | None
    v: nn.Module | None
    out: nn.Module  # the output projection W_O
    fused: nn.Module | None = None


def find_sites(family: str, model: nn.Module) -> dict[str, Site]:
    """Every attention block of the model, named with the app's hook prefixes."""
    sites = []
    if family == "bert":
        for i, layer in enumerate(model.base_model.encoder.layer):
            a = layer.attention.self
            sites.append(Site(f"encoder.{i}.self_attn", a, a.query, a.key, a.value, layer.attention.output.dense))
    elif family == "gpt2":
        for i, block in enumerate(model.transformer.h):
            a = block.attn
            sites.append(Site(f"decoder.{i}.self_attn", a, None, None, None, a.c_proj, fused=a.c_attn))
    else:
        for stack, kinds in (("encoder", ("self_attn",)), ("decoder", ("self_attn", "encoder_attn"))):
            for i, layer in enumerate(getattr(model.model, stack).layers):
                for kind in kinds:
                    a = getattr(layer, kind)
                    name = "cross_attn" if kind == "encoder_attn" else kind
                    sites.append(Site(f"{stack}.{i}.{name}", a, a.q_proj, a.k_proj, a.v_proj, a.out_proj))
    return {s.prefix: s for s in sites}


@contextmanager
def recording():
    """Capture every hooked tensor of forward passes in this thread inside the block into a fresh dict (yielded)."""
    rec: dict[str, object] = {}
    token = _RECORD.set(rec)
    try:
        yield rec
    finally:
        _RECORD.reset(token)


def _store(key: str, value) -> None:
    """Put a captured value into this thread's record, if it is recording."""
    rec = _RECORD.get()
    if rec is not None:
        rec[key] = value


def attach_hooks(sites) -> None:
    """Register the stateless recording hooks of every attention block (once, at load time): what a forward pass
    captures goes into the calling thread's dict (see `recording`), so a loaded model is shared by every session."""
    for s in sites:
        s.attention.register_forward_pre_hook(_inputs_hook(s.prefix), with_kwargs=True)
        s.attention.register_forward_hook(_output_hook(f"{s.prefix}.lib_pattern", index=1))
        s.out.register_forward_hook(_output_hook(f"{s.prefix}.out"))
        if s.fused is not None:
            s.fused.register_forward_hook(_output_hook(f"{s.prefix}.qkv"))
        for name, proj in (("q", s.q), ("k", s.k), ("v", s.v)):
            if proj is not None:
                proj.register_forward_hook(_output_hook(f"{s.prefix}.{name}"))


def _output_hook(key: str, index: int | None = None):
    """A forward hook recording a module's output (or one item of it); returns None, so the output is untouched."""
    def hook(module, args, output) -> None:
        _store(key, output if index is None else output[index])
    return hook


def _inputs_hook(prefix: str):
    """A pre-hook recording the attention block's input X, the K/V source (cross-attention) and the mask."""
    def hook(module, args, kwargs):
        hidden = args[0] if args else kwargs["hidden_states"]
        kv = kwargs.get("key_value_states")
        if kv is None:
            kv = kwargs.get("encoder_hidden_states")
        _store(f"{prefix}.x", hidden)
        _store(f"{prefix}.kv_in", hidden if kv is None else kv)
        _store(f"{prefix}.mask", kwargs.get("attention_mask"))
    return hook


def split_heads(t: torch.Tensor, h: int) -> np.ndarray:
    """(1, L, h·d_k) -> (h, L, d_k) float64."""
    _, L, width = t.shape
    return t[0].reshape(L, h, width // h).permute(1, 0, 2).double().numpy()


def visible(mask: torch.Tensor | None, lq: int, lk: int) -> np.ndarray:
    """The library's mask as (Lq, Lk) booleans, True = key visible; an additive mask hides its very negative cells."""
    if mask is None:
        return np.ones((lq, lk), bool)
    m = mask[0, 0] if mask.dim() == 4 else mask[0]
    keep = m if m.dtype == torch.bool else m > torch.finfo(m.dtype).min / 2
    return np.broadcast_to(keep[-lq:, -lk:].numpy(), (lq, lk)).copy()


def qkv(rec: dict, s: Site, h: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-head Q, K, V as the library computed them; each (h, L, d_k)."""
    if s.fused is not None:
        q, k, v = rec[f"{s.prefix}.qkv"].chunk(3, dim=-1)
    else:
        q, k, v = (rec[f"{s.prefix}.{n}"] for n in "qkv")
    return split_heads(q, h), split_heads(k, h), split_heads(v, h)


def block_arrays(rec: dict, s: Site, h: int) -> dict[str, np.ndarray]:
    """Every hook of one attention block, computed from the captured Q, K, V, mask and the module's scaling."""
    q, k, v = qkv(rec, s, h)  # (h, Lq, d_k), (h, Lk, d_k), (h, Lk, d_k)
    keep = visible(rec[f"{s.prefix}.mask"], q.shape[1], k.shape[1])  # (Lq, Lk)
    scores = q @ k.transpose(0, 2, 1)  # (h, Lq, Lk)
    scaled = scores * float(s.attention.scaling)  # (h, Lq, Lk)
    masked = np.where(keep, scaled, -np.inf)  # (h, Lq, Lk)
    pattern = softmax(masked)  # (h, Lq, Lk)
    z = pattern @ v  # (h, Lq, d_k)
    out = {"q": q, "k": k, "v": v, "mask": keep, "scores": scores, "scaled": scaled, "masked_scores": masked,
           "pattern": pattern, "z": z, "concat": z.transpose(1, 0, 2).reshape(z.shape[1], -1),
           "out": rec[f"{s.prefix}.out"][0].numpy()}
    return {f"{s.prefix}.hook_{n}": (a if a.dtype == bool else a.astype(np.float32)) for n, a in out.items()}


def block_check(rec: dict, s: Site, arrays: dict) -> float:
    """Largest |weights computed here − the library's own attention weights| of one block."""
    lib = rec[f"{s.prefix}.lib_pattern"][0].double().numpy()
    return float(np.abs(arrays[f"{s.prefix}.hook_pattern"] - lib).max())


def input_names(prefix: str, post_norm: bool) -> tuple[str, str]:
    """The app's hook names for an attention block's input X and its K/V source (docs/trace-format.md)."""
    stack, layer, kind = prefix.split(".")
    i = int(layer)
    if kind == "cross_attn":
        return f"decoder.{i}.hook_ln1", "hook_memory"
    if not post_norm:
        return f"{stack}.{i}.hook_ln1", f"{stack}.{i}.hook_ln1"
    first = "hook_src_input" if stack == "encoder" else "hook_tgt_input"
    name = first if i == 0 else f"{stack}.{i - 1}.{'hook_ln2' if stack == 'encoder' else 'hook_ln3'}"
    return name, name

