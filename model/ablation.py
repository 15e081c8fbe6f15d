"""Head knockout through the hook points: a head's output z is zeroed, or replaced by its mean over held-out text.

Zeroing removes the head's contribution and also shifts what the next layer sees on average; the mean keeps that
average and removes only what the head says about *this* sentence (mean ablation), which is usually the fairer test
of what a head does.
"""
from __future__ import annotations

from collections import defaultdict

import numpy as np
import torch

from model.checkpoint import Bundle
from model.data import to_batch
from model.decoding import DecodeOptions
from model.hooks import BLOCK_PATHS, Edit, act_name
from model.tokenizer import BOS_ID, EOS_ID, PAD_ID
from model.trace import Trace, run_with_trace

BLOCKS = tuple(BLOCK_PATHS)  # "encoder", "decoder", "cross"
MODES = ("zero", "mean")
Head = tuple[str, int, int]  # (block, layer, head)


def z_name(block: str, layer: int) -> str:
    """The hook holding the heads' outputs z (B, h, L_q, d_k) of one attention block."""
    return act_name("z", layer, block)


def all_heads(N: int, h: int) -> list[Head]:
    """Every head of the model, block by block, layer by layer."""
    return [(block, layer, head) for block in BLOCKS for layer in range(N) for head in range(h)]


@torch.no_grad()
def mean_z(bundle: Bundle, pairs: list, batch_size: int = 256) -> dict[str, torch.Tensor]:
    """Every head's output averaged over the real (unpadded) positions of teacher-forced pairs; name -> (h, d_k)."""
    sums, counts = defaultdict(float), defaultdict(float)
    for i in range(0, len(pairs), batch_size):
        src, tgt_in, _, _ = to_batch(pairs[i : i + batch_size], bundle.src_vocab, bundle.tgt_vocab)
        with bundle.transformer.recording() as cache:
            bundle.transformer(src, tgt_in)
        for block in BLOCKS:
            real = (src if block == "encoder" else tgt_in) != PAD_ID  # (B, L_q)
            for layer in range(bundle.config.N):
                name = z_name(block, layer)
                sums[name] = sums[name] + (cache[name] * real[:, None, :, None]).sum((0, 2))  # (h, d_k)
                counts[name] += float(real.sum())
    return {name: sums[name] / counts[name] for name in sums}


def knockout_edits(rows: list[list[Head]], mode: str, means: dict[str, torch.Tensor] | None = None) -> dict[str, Edit]:
    """Hook edits that knock out, in batch row b, the heads rows[b] (a single row applies to any batch size)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    targets: dict[str, list[tuple[int | None, int]]] = defaultdict(list)
    for b, heads in enumerate(rows):
        for block, layer, head in heads:
            targets[z_name(block, layer)].append((None if len(rows) == 1 else b, head))

    def make(name: str, where: list[tuple[int | None, int]]) -> Edit:
        def edit(z: torch.Tensor) -> torch.Tensor:  # (B, h, L_q, d_k)
            z = z.clone()
            for b, head in where:
                rows_b = slice(None) if b is None else b
                z[rows_b, head] = 0.0 if mode == "zero" else means[name][head]
            return z
        return edit

    return {name: make(name, where) for name, where in targets.items()}


def run_knockout(bundle: Bundle, text: str, heads: list[Head], mode: str,
                 means: dict[str, torch.Tensor] | None = None) -> Trace:
    """The full greedy trace of `text` with `heads` knocked out in every pass (search and recording)."""
    with bundle.transformer.editing(knockout_edits([heads], mode, means)):
        return run_with_trace(bundle, text, DecodeOptions())


def encoded_rows(bundle: Bundle, src_ids: torch.Tensor, rows: list[list[Head]], mode: str,
                 means: dict[str, torch.Tensor] | None) -> torch.Tensor:
    """Each row's memory (R, S, d_model): encoded once for the rows with no encoder head knocked out, and once per
    row that knocks one out."""
    own = [i for i, heads in enumerate(rows) if any(block == "encoder" for block, _, _ in heads)]
    batch = [[]] + [rows[i] for i in own]  # the intact encoder first
    src = src_ids.expand(len(batch), -1)  # (1 + len(own), S)
    with bundle.transformer.editing(knockout_edits(batch, mode, means) if own else {}):
        memory = bundle.transformer.encode(src)  # (1 + len(own), S, d_model)
    which = [1 + own.index(i) if i in own else 0 for i in range(len(rows))]
    return memory[which]  # (R, S, d_model)


@torch.no_grad()
def sequence_log_probs(bundle: Bundle, text: str, output_ids: list[int], rows: list[list[Head]], mode: str,
                       means: dict[str, torch.Tensor] | None = None) -> np.ndarray:
    """log P(output + <eos> | text) under each row's knockout, all rows in one batched pass (the encoder only for
    the rows that knock out one of its heads); (len(rows),)."""
    src_ids = torch.tensor([bundle.src_vocab.encode(text, bundle.config.max_len).ids])  # (1, S)
    memory = encoded_rows(bundle, src_ids, rows, mode, means)  # (R, S, d_model)
    tgt_in = torch.tensor([[BOS_ID] + output_ids] * len(rows))  # (R, T)
    target = torch.tensor(output_ids + [EOS_ID]).expand(len(rows), -1)  # (R, T)
    with bundle.transformer.editing(knockout_edits(rows, mode, means) if any(rows) else {}):
        logits = bundle.transformer.decode(memory, src_ids.expand(len(rows), -1), tgt_in)  # (R, T, V)
    return (logits.gather(-1, target[..., None])[..., 0].double() - log_normaliser(logits)).sum(-1).numpy()


def log_normaliser(logits: torch.Tensor) -> torch.Tensor:
    """log Σ_v exp(logits) over the last axis, (…, V) -> (…,) in float64: the shifted exponentials in float32, their
    sum in float64 (within ~1e-7 of an all-float64 logsumexp, without copying the logits to float64)."""
    top = logits.amax(-1, keepdim=True)  # (…, 1)
    return top[..., 0].double() + (logits - top).exp_().sum(-1, dtype=torch.float64).log()


def importance(bundle: Bundle, text: str, output_ids: list[int], mode: str,
               means: dict[str, torch.Tensor] | None = None) -> np.ndarray:
    """Drop in log P(the model's own translation) when each head alone is knocked out; (blocks, N, h)."""
    cfg = bundle.config
    heads = all_heads(cfg.N, cfg.h)
    log_p = sequence_log_probs(bundle, text, output_ids, [[]] + [[head] for head in heads], mode, means)
    return (log_p[0] - log_p[1:]).reshape(len(BLOCKS), cfg.N, cfg.h)
