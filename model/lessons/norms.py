"""LayerNorm vs BatchNorm, and one LayerNorm per layer (the note's code) instead of one per sublayer."""
from __future__ import annotations

import numpy as np
import torch
from torch import nn

from model.checkpoint import Bundle
from model.decoding import DecodeOptions
from model.hooks import Edit
from model.trace import Trace, run_with_trace
from model.transformer import Transformer


def norm_modules(model: Transformer) -> dict[str, nn.LayerNorm]:
    """Every LayerNorm of the model by its sublayer ("encoder.0.sub1", …)."""
    return {name.removesuffix(".norm"): m for name, m in model.named_modules() if isinstance(m, nn.LayerNorm)}


def shared_norm_edits(model: Transformer) -> dict[str, Edit]:
    """Hook edits that make every sublayer of a layer use that layer's first LayerNorm (γ₁, β₁), as the note's code
    does with one `self.norm`: each later LayerNorm output γₖx̂ + βₖ is turned back into x̂ and given γ₁, β₁."""
    norms = norm_modules(model)
    edits: dict[str, Edit] = {}
    for name, norm in norms.items():
        parts = name.split(".")  # "encoder.0.sub2"; the Pre-Norm stacks' final "enc_norm" / "dec_norm" stay as they are
        if len(parts) != 3 or parts[2] == "sub1":
            continue
        stack, layer, sub = parts
        first = norms[f"{stack}.{layer}.sub1"]

        def edit(y, own=norm, first=first):  # (B, L, d_model)
            x_hat = (y - own.bias) / own.weight
            return first.weight * x_hat + first.bias

        edits[f"{stack}.{layer}.hook_ln{sub[3:]}"] = edit
    return edits


def run_shared_norm(bundle: Bundle, text: str) -> Trace:
    """Greedy trace of `text` with one LayerNorm per layer (the note's code) instead of one per sublayer."""
    with bundle.transformer.editing(shared_norm_edits(bundle.transformer)):
        return run_with_trace(bundle, text, DecodeOptions())


@torch.no_grad()
def gamma_spread(model: Transformer) -> list[tuple[str, float, float]]:
    """Per layer: (layer, max |γₖ − γ₁|, max |βₖ − β₁|) over its later sublayers' LayerNorms."""
    norms = norm_modules(model)
    out = []
    for name, first in norms.items():
        if not name.endswith(".sub1"):
            continue
        layer = name.removesuffix(".sub1")
        others = [m for n, m in norms.items() if n.startswith(layer + ".") and n != name]
        dg = max(float((m.weight - first.weight).abs().max()) for m in others)
        db = max(float((m.bias - first.bias).abs().max()) for m in others)
        out.append((layer, dg, db))
    return out


def batch_norm(x: np.ndarray, real: np.ndarray, eps: float = 1e-5) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """BatchNorm (training statistics) of a (B, L, d) batch: each feature over the B·L real tokens; -> (y, μ (d,),
    σ² (d,)), y zero at padding."""
    x = np.asarray(x, dtype=np.float64)
    flat = x[np.asarray(real, bool)]  # (n_real, d)
    mu, var = flat.mean(0), flat.var(0)
    return np.where(real[..., None], (x - mu) / np.sqrt(var + eps), 0.0), mu, var


def layer_norm(x: np.ndarray, eps: float = 1e-5) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """LayerNorm without γ, β of a (..., d) array: each token over its d features; -> (y, μ (...), σ² (...))."""
    x = np.asarray(x, dtype=np.float64)
    mu, var = x.mean(-1), x.var(-1)
    return (x - mu[..., None]) / np.sqrt(var[..., None] + eps), mu, var
