"""Heads and their projections: asymmetric scores, heads as slices of one projection, heads that differ, what
cross-attention reads, the notes' per-head layers in plain lists."""
from __future__ import annotations

import numpy as np
import torch
from torch import nn

from model.trace import Trace
from model.transformer import Transformer


class NoteMultiHeadSelfAttention(nn.Module):
    """The multi-head attention of «Transformer» as written: per-head layers kept in plain Python lists (PyTorch
    registers only `self.lin`), or in nn.ModuleList when `module_list` is set."""

    def __init__(self, d: int, h: int, module_list: bool = False) -> None:
        super().__init__()
        wrap = nn.ModuleList if module_list else list
        self.LQ = wrap([nn.Linear(d, d // h) for _ in range(h)])
        self.LK = wrap([nn.Linear(d, d // h) for _ in range(h)])
        self.LV = wrap([nn.Linear(d, d // h) for _ in range(h)])
        self.lin = nn.Linear(d, d)


def plain_list_parameters(d: int, h: int) -> dict[str, int]:
    """What PyTorch sees of the note's module (plain lists) and of the same with nn.ModuleList: parameters that
    .parameters() yields (what an optimizer trains and .to() moves) and state_dict entries (what is saved)."""
    torch.manual_seed(0)
    plain, listed = NoteMultiHeadSelfAttention(d, h), NoteMultiHeadSelfAttention(d, h, module_list=True)
    return {"plain_params": sum(p.numel() for p in plain.parameters()),
            "list_params": sum(p.numel() for p in listed.parameters()),
            "plain_keys": len(plain.state_dict()), "list_keys": len(listed.state_dict())}


def cross_attention_sources(model: Transformer, trace: Trace) -> tuple[float, float]:
    """(max over decoder layers i of |K_i − (memory·W_K,iᵀ + b)|, |K_0 − (encoder layer 0's output·W_K,0ᵀ + b)|):
    every decoder layer reads the final encoder output, the first one not the first encoder layer's."""
    memory = trace.memory.astype(np.float64)  # (S, d)
    diffs, first = [], 0.0
    for i in range(model.config.N):
        mha = model.decoder[i].cross_attn
        W, b = mha.W_K.weight.detach().double().numpy(), mha.W_K.bias.detach().double().numpy()
        k = trace[f"decoder.{i}.cross_attn.hook_k"].astype(np.float64)  # (h, S, d_k)
        k = k.transpose(1, 0, 2).reshape(k.shape[1], -1)  # (S, d)
        diffs.append(float(np.abs(k - (memory @ W.T + b)).max()))
        if i == 0:
            first = float(np.abs(k - (trace.layer_output("encoder", 0).astype(np.float64) @ W.T + b)).max())
    return max(diffs), first


def score_asymmetry(trace: Trace, layer: int = 0, head: int = 0) -> dict[str, float]:
    """Encoder self-attention scores QKᵀ of one head: max |S − Sᵀ| (q and k are different projections) and how
    many tokens' largest score is not on themselves."""
    s = trace[f"encoder.{layer}.self_attn.hook_scores"][head].astype(np.float64)  # (S, S)
    return {"asym": float(np.abs(s - s.T).max()), "off_diag": int((s.argmax(-1) != np.arange(len(s))).sum()),
            "n": len(s)}


def head_slices(model: Transformer, trace: Trace, layer: int = 0) -> float:
    """max |q of head i − columns i·d_k … (i+1)·d_k of X·W_Qᵀ + b| over the heads: the heads are slices of one
    projection of X, not a second projection of q."""
    mha = model.encoder[layer].self_attn
    x = trace.attn("encoder", layer).x_q.astype(np.float64)  # (S, d)
    full = x @ mha.W_Q.weight.detach().double().numpy().T + mha.W_Q.bias.detach().double().numpy()  # (S, d)
    q = trace[f"encoder.{layer}.self_attn.hook_q"].astype(np.float64)  # (h, S, d_k)
    d_k = q.shape[-1]
    return float(max(np.abs(q[i] - full[:, i * d_k:(i + 1) * d_k]).max() for i in range(len(q))))


def head_differences(trace: Trace, layer: int = 0) -> float:
    """Smallest max |A_i − A_j| over pairs of heads of encoder self-attention: every head attends differently."""
    a = trace[f"encoder.{layer}.self_attn.hook_pattern"].astype(np.float64)  # (h, S, S)
    return float(min(np.abs(a[i] - a[j]).max() for i in range(len(a)) for j in range(i + 1, len(a))))
