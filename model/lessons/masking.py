"""Masks in the notes and in the paper: scores × 0/1 vs + (−∞), a fully masked row, padding left visible,
PyTorch's mask arguments."""
from __future__ import annotations

import inspect

import numpy as np
import torch
from torch import nn

from model.attention import masked_softmax, softmax
from model.hooks import act_name
from model.tokenizer import pad
from model.transformer import Transformer


def causal_keep(n: int) -> np.ndarray:
    """Lower-triangular 0/1 mask: query i may see keys j ≤ i; (n, n)."""
    return np.tril(np.ones((n, n)))


def multiplicative_mask(scores: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """The note's masking: scores ⊙ mask, then softmax; a masked score becomes 0, not −∞."""
    return softmax(np.asarray(scores, float) * keep)


def additive_mask(scores: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """The paper's masking: scores + M (M = −∞ where masked), then softmax (this app's masked softmax)."""
    masked = np.where(np.asarray(keep, bool), np.asarray(scores, float), -np.inf)
    return masked_softmax(torch.from_numpy(masked)).numpy()


def fully_masked_row(n: int) -> dict[str, np.ndarray]:
    """One query with all n keys masked, three ways: −1e9 fill, −∞ with the textbook softmax exp(x − max) / Σ (NaN:
    −∞ − (−∞)), −∞ in this app."""
    masked = np.full(n, -np.inf)  # (n,)
    with np.errstate(invalid="ignore"):
        e = np.exp(masked - masked.max())  # (n,) all NaN
    return {"fill": softmax(np.full(n, -1e9)), "inf_plain": e / e.sum(),
            "inf_app": masked_softmax(torch.full((n,), float("-inf"), dtype=torch.float64)).numpy()}


@torch.no_grad()
def unmasked_padding(model: Transformer, batch: list[list[int]]) -> dict[str, float | int]:
    """A padded batch through the encoder with its padding mask and with every key visible (no mask, as in the
    note's code). For its shortest sentence: the weight its queries give the padding keys in layer 0 (mean over
    heads and queries), the largest change of its memory at its real positions, and (with the mask) the largest
    difference from the sentence encoded alone."""
    src = pad(batch)  # (B, S)
    short = min(range(len(batch)), key=lambda i: len(batch[i]))
    n = len(batch[short])
    memory = model.encode(src)  # (B, S, d_model)
    visible = {act_name("mask", layer, "encoder"): torch.ones_like for layer in range(model.config.N)}
    with model.editing(visible), model.recording() as cache:
        open_memory = model.encode(src)  # (B, S, d_model)
    pattern = cache["encoder.0.self_attn.hook_pattern"][short]  # (h, S, S)
    alone = model.encode(torch.tensor([batch[short]]))[0]  # (n, d_model)
    return {"real": n, "pads": src.shape[1] - n, "pad_weight": float(pattern[:, :n, n:].sum(-1).mean()),
            "memory_diff": float((open_memory[short, :n] - memory[short, :n]).abs().max()),
            "alone_diff": float((memory[short, :n] - alone).abs().max())}


def torch_mask_arguments() -> dict[str, list[str]]:
    """The mask arguments of the installed PyTorch's nn.MultiheadAttention.forward and nn.Transformer.forward."""
    return {cls.__name__: [p for p in inspect.signature(cls.forward).parameters if "mask" in p]
            for cls in (nn.MultiheadAttention, nn.Transformer)}
