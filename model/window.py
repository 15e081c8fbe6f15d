"""Sliding-window and global-token masks (Longformer, Beltagy et al., 2020; Mistral's sliding window), applied to a
trained model as an intervention: each self-attention's mask, at its hook point, keeps only keys within W positions
of the query (behind it in the decoder) plus the first `n_global` tokens, which every query sees and which see
every key. Stacked layers widen what reaches a position: after l layers, (W − 1) · l positions on each side."""
from __future__ import annotations

import numpy as np
import torch

from model.checkpoint import Bundle
from model.decoding import DecodeOptions
from model.hooks import Edit, act_name
from model.tokenizer import BOS_ID, EOS_ID
from model.trace import Trace, run_with_trace

STACKS = ("encoder", "decoder")  # the self-attention blocks a window applies to


def window_keep(L_q: int, L_k: int, W: int, n_global: int, causal: bool) -> np.ndarray:
    """True where query i (at position L_k − L_q + i) may see key j: |i − j| < W (0 ≤ i − j < W when causal), or
    either of them is one of the first n_global tokens; (L_q, L_k)."""
    i = np.arange(L_k - L_q, L_k)[:, None]  # (L_q, 1) query positions
    j = np.arange(L_k)[None, :]  # (1, L_k)
    near = (i - j >= 0) & (i - j < W) if causal else np.abs(i - j) < W  # (L_q, L_k)
    glob = (j < n_global) | (i < n_global)  # (L_q, L_k)
    return near | (glob & (j <= i) if causal else glob)


def window_edits(N: int, W: int, n_global: int, stacks: tuple[str, ...]) -> dict[str, Edit]:
    """Hook edits that AND each chosen self-attention's mask (B, L_q, L_k) with the window."""
    def edit_for(causal: bool) -> Edit:
        def edit(mask: torch.Tensor) -> torch.Tensor:  # (B, L_q, L_k)
            keep = window_keep(mask.shape[-2], mask.shape[-1], W, n_global, causal)  # (L_q, L_k)
            return mask & torch.from_numpy(keep)
        return edit
    return {act_name("mask", layer, stack): edit_for(stack == "decoder") for stack in stacks for layer in range(N)}


def receptive_fields(keep: np.ndarray, N: int) -> np.ndarray:
    """Which positions can reach each position after 1 … N layers of this mask (the residual path keeps a
    position's own value); keep (L, L) -> (N, L, L) booleans."""
    reach, step = np.eye(len(keep), dtype=bool), keep | np.eye(len(keep), dtype=bool)  # (L, L) each
    fields = []
    for _ in range(N):
        reach = (step.astype(np.int64) @ reach.astype(np.int64)) > 0  # (L, L)
        fields.append(reach)
    return np.array(fields)


def run_windowed(bundle: Bundle, text: str, W: int, n_global: int, stacks: tuple[str, ...],
                 draft: list[int] | None = None) -> Trace:
    """The greedy trace of `text` with the window applied in every pass (decoded verifying `draft`, a guess of its
    output: the same result)."""
    with bundle.transformer.editing(window_edits(bundle.config.N, W, n_global, stacks)):
        return run_with_trace(bundle, text, DecodeOptions(), draft=draft)


@torch.no_grad()
def windowed_log_p(bundle: Bundle, text: str, output_ids: list[int], W: int, n_global: int,
                   stacks: tuple[str, ...]) -> tuple[float, float]:
    """log P(output + <eos> | text) with full attention and with the window (teacher forced)."""
    src = torch.tensor([bundle.src_vocab.encode(text, bundle.config.max_len).ids])  # (1, S)
    tgt_in = torch.tensor([[BOS_ID, *output_ids]])  # (1, T)
    target = torch.tensor([*output_ids, EOS_ID])  # (T,)

    def log_p() -> float:
        logits = bundle.transformer(src, tgt_in)[0].double()  # (T, V)
        return float(torch.log_softmax(logits, -1)[torch.arange(len(target)), target].sum())

    full = log_p()
    with bundle.transformer.editing(window_edits(bundle.config.N, W, n_global, stacks)):
        return full, log_p()
