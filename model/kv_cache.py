"""The KV cache of autoregressive decoding: each step runs the decoder on the newest token only, appends its keys and
values to a per-layer cache and reads the earlier positions' K/V from there; cross-attention projects the memory
once. The logits are the full pass's (to float32 rounding); what changes is the work per step and the memory held.
The multiply-add counts are those of the decoder's layers (projections, Q Kᵀ, weights · V, FFN), with the K/V
widths of grouped-query attention (h_kv heads of d_k)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from model.checkpoint import Bundle
from model.config import TransformerConfig
from model.hooks import act_name
from model.tokenizer import BOS_ID
from model.transformer import AttnOptions, new_cache


@dataclass(frozen=True)
class CachedRun:
    """A translation decoded again step by step with the cache: each step's logits, and what the cache held at the
    end (every earlier step's cache is a prefix of it)."""

    logits: np.ndarray  # (T, V) step t's logits, computed from the new token and the cache
    keys: np.ndarray  # (N, h_kv, T, d_k) the decoder self-attention's cached K, per layer
    values: np.ndarray  # (N, h_kv, T, d_k) … and V
    patterns: np.ndarray  # (N, h, T, T) row t: step t's new query over the t + 1 cached keys (0 beyond)


@torch.no_grad()
def run_cached(bundle: Bundle, src_ids: list[int], output_ids: list[int], attn: AttnOptions = AttnOptions()):
    """Feed <bos> + output_ids one token per step through `decode_step` (the decoder input of a full pass over
    <bos> + output_ids), recording each step's logits and self-attention weights -> CachedRun (read-only)."""
    model, cfg = bundle.transformer, bundle.config
    src = torch.tensor([src_ids])  # (1, S)
    memory = model.encode(src, attn)  # (1, S, d_model)
    cache, inputs = new_cache(cfg.N), [BOS_ID, *output_ids]
    T = len(inputs)
    logits, patterns = [], np.zeros((cfg.N, cfg.h, T, T), dtype=np.float32)
    for t, token in enumerate(inputs):
        with model.recording() as rec:
            logits.append(model.decode_step(memory, src, torch.tensor([[token]]), cache, attn)[0, -1])  # (V,)
        for layer in range(cfg.N):
            patterns[layer, :, t, : t + 1] = rec[act_name("pattern", layer, "decoder")][0, :, 0].numpy()
    keys = torch.stack([kv.k[0] for kv, _ in cache]).numpy()  # (N, h_kv, T, d_k)
    values = torch.stack([kv.v[0] for kv, _ in cache]).numpy()  # (N, h_kv, T, d_k)
    arrays = (torch.stack(logits).numpy(), keys, values, patterns)
    for a in arrays:
        a.setflags(write=False)  # shared by every session that shows this sentence
    return CachedRun(*arrays)


def step_multiply_adds(cfg: TransformerConfig, S: int, t: int, cached: bool) -> int:
    """Multiply-adds of the decoder's layers at step t (1-based: t tokens of decoder input so far). Without a cache
    every step reruns all t positions and projects the memory's K/V again; with one it runs the newest position,
    and projects the memory once, at step 1."""
    d, d_ff, h, d_k = cfg.d_model, cfg.d_ff, cfg.h, cfg.d_k
    d_kv = cfg.h_kv * d_k  # width of K and V: h_kv heads share them among h queries
    rows = 1 if cached else t  # positions computed at this step
    self_attn = rows * d * d + 2 * rows * d * d_kv + 2 * h * rows * t * d_k + rows * d * d
    memory_kv = 0 if cached and t > 1 else 2 * S * d * d_kv
    cross_attn = rows * d * d + memory_kv + 2 * h * rows * S * d_k + rows * d * d
    return cfg.N * (self_attn + cross_attn + 2 * rows * d * d_ff)


def cache_floats(cfg: TransformerConfig, S: int, t: int) -> int:
    """Numbers the cache holds after step t: K and V of t positions per decoder layer, and the memory's K and V."""
    return cfg.N * 2 * cfg.h_kv * cfg.d_k * (t + S)
