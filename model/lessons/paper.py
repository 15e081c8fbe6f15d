"""The paper next to this model: its sizes and training schedule, parameters by part, its Table 1 for one
sentence, attention's measured cost."""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import torch

from model.transformer import AttnOptions, Transformer

# The paper's base model (Vaswani et al. 2017, Table 3).
PAPER = {"N": 6, "d_model": 512, "h": 8, "d_k": 64, "d_ff": 2048, "vocab": 37000, "params_m": 65}


def parameter_groups(model: Transformer) -> dict[str, int]:
    """The model's parameters counted by part from its named parameters (the tied generator weight counted once)."""
    groups = {"attention": 0, "ffn": 0, "norm": 0, "embeddings": 0, "generator_bias": 0}
    for name, p in model.named_parameters():  # named_parameters yields a shared tensor once
        if ".W_Q." in name or ".W_K." in name or ".W_V." in name or ".W_O." in name:
            groups["attention"] += p.numel()
        elif ".ffn." in name:
            groups["ffn"] += p.numel()
        elif "norm" in name:
            groups["norm"] += p.numel()
        elif "_lut" in name:
            groups["embeddings"] += p.numel()
        elif name == "generator.bias":
            groups["generator_bias"] += p.numel()
        else:
            raise ValueError(f"unexpected parameter {name}")
    return groups


def formula_groups(N: int, d: int, d_ff: int, v_src: int, v_tgt: int, pre_norm: bool) -> dict[str, int]:
    """The same parts from the formulas: 4d² + 4d per attention block (3 per layer pair), 2·d·d_ff + d_ff + d per
    FFN, 2d per LayerNorm (5 per layer pair, + 2 final ones in Pre-Norm), embeddings V·d, generator bias V_tgt."""
    return {"attention": 3 * N * (4 * d * d + 4 * d), "ffn": 2 * N * (2 * d * d_ff + d_ff + d),
            "norm": (5 * N + (2 if pre_norm else 0)) * 2 * d, "embeddings": (v_src + v_tgt) * d,
            "generator_bias": v_tgt}


@dataclass
class CostPoint:
    """One length of the attention cost measurement."""

    n: int
    attention_ms: float  # fastest time of one self-attention block (projections, QKᵀ, softmax, × V, W_O)
    ffn_ms: float  # fastest time of the FFN on the same tokens, for comparison
    score_bytes: int  # bytes of the recorded score tensor QKᵀ, (h, n, n) float32


@torch.no_grad()
def attention_cost(model: Transformer, lengths: list[int], repeats: int = 5, seed: int = 0) -> list[CostPoint]:
    """Time encoder layer 0's self-attention and FFN on n random token vectors for each n, and read the size of the
    score matrix it records. Run on the real model; n may exceed max_len (no positional encoding is involved)."""
    layer, d = model.encoder[0], model.config.d_model
    gen = torch.Generator().manual_seed(seed)
    points = []
    for n in lengths:
        x = torch.randn(1, n, d, generator=gen)  # (1, n, d_model)
        keep = torch.ones(1, 1, n, dtype=torch.bool)  # (1, 1, n)
        with model.recording() as cache:
            layer.self_attn(x, x, keep, AttnOptions())
        scores = cache["encoder.0.self_attn.hook_scores"]  # (1, h, n, n)
        attn_ms = best_ms(lambda x=x, keep=keep: layer.self_attn(x, x, keep, AttnOptions()), repeats)
        ffn_ms = best_ms(lambda x=x: layer.ffn(x, layer.hook_ffn_hidden), repeats)
        points.append(CostPoint(n, attn_ms, ffn_ms, scores.numel() * scores.element_size()))
    return points


def best_ms(fn, repeats: int) -> float:
    """Fastest wall time of fn() in milliseconds over `repeats` calls after one warm-up call (the least disturbed
    by other work on the machine)."""
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return float(min(times))


PAPER_TRAINING = {"warmup": 4000, "beta1": 0.9, "beta2": 0.98, "eps": 1e-9, "dropout": 0.1, "label_smoothing": 0.1,
                  "beam": 4, "alpha": 0.6, "steps_base": 100_000, "steps_big": 300_000}
PAPER_BIG = {"N": 6, "d_model": 1024, "d_ff": 4096, "h": 16, "dropout": 0.3, "params_m": 213}


def layer_costs(n: int, d: int, k: int = 3, r: int = 3) -> dict[str, tuple[int, int, int]]:
    """The paper's Table 1 evaluated for n tokens of width d: (operations per layer, sequential operations, maximum
    path length) for self-attention (n²·d, 1, 1), a recurrent layer (n·d², n, n), a convolution of kernel k
    (k·n·d², 1, ⌈log_k n⌉ with dilated convolutions) and self-attention restricted to the r keys centred on each
    query (r·n·d, 1, restricted_path(n, r): O(n/r))."""
    return {"self_attention": (n * n * d, 1, 1), "recurrent": (n * d * d, n, n),
            "convolutional": (k * n * d * d, 1, max(1, int(np.ceil(np.log(n) / np.log(k) - 1e-12)))),
            "restricted": (r * n * d, 1, restricted_path(n, r))}


def restricted_path(n: int, r: int) -> int:
    """Layers of restricted self-attention (the r keys centred on each query, r odd ≥ 3) before the first token
    reaches the last: each layer carries a token (r − 1)/2 positions further."""
    return max(1, int(np.ceil((n - 1) / ((r - 1) // 2))))


def learning_rate(step: np.ndarray | int, d_model: int, warmup: int = 4000) -> np.ndarray:
    """The paper's schedule: d_model^−0.5 · min(step^−0.5, step · warmup^−1.5) (step ≥ 1)."""
    step = np.asarray(step, dtype=np.float64)
    return d_model ** -0.5 * np.minimum(step ** -0.5, step * warmup ** -1.5)
