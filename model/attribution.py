"""How far an attention map can be trusted: gradient × input attribution of each source token to each output token,
attention rollout over the encoder (Abnar & Zuidema 2020), and one cross-attention layer's weights replaced through
the hook points to see how much the output moves (Jain & Wallace 2019; Wiegreffe & Pinter 2019)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from model.checkpoint import Bundle
from model.decoding import DecodeOptions
from model.hooks import Edit, act_name
from model.tokenizer import BOS_ID, EOS_ID
from model.trace import Trace, run_with_trace
from model.transformer import Transformer

SWAPS = ("permute", "uniform", "adversarial")  # what replaces the layer's cross-attention weights


def teacher_rows(output_ids: list[int]) -> tuple[torch.Tensor, torch.Tensor]:
    """The decoder input <bos> + output and the targets output + <eos>; (1, T) each."""
    return torch.tensor([[BOS_ID] + output_ids]), torch.tensor([output_ids + [EOS_ID]])


def token_log_probs(logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """log P of each target token under the logits; (B, T, V), (B, T) -> (B, T)."""
    return torch.log_softmax(logits.double(), -1).gather(-1, target[..., None])[..., 0]


def grad_times_input(model: Transformer, src_ids: torch.Tensor, output_ids: list[int]) -> np.ndarray:
    """Gradient × input on the source token embeddings (embedding × √d_model, before the PE) of log P(output token t
    | source, teacher-forced prefix), summed over d_model: row t, column j is source token j's share; (T, S). One
    forward pass, and the T backward passes batched (one per output token's one-hot cotangent)."""
    tgt_in, target = teacher_rows(output_ids)  # (1, T) each
    leaf: dict[str, torch.Tensor] = {}

    def embedded(x: torch.Tensor) -> torch.Tensor:  # (1, S, d_model)
        leaf["x"] = x.detach().requires_grad_(True)
        return leaf["x"]

    with torch.enable_grad(), model.editing({act_name("src_embed"): embedded}):
        picked = token_log_probs(model(src_ids, tgt_in), target)[0]  # (T,) log P(token t)
        one_hot = torch.eye(len(picked), dtype=picked.dtype)  # (T, T): row t differentiates token t
        (grad,) = torch.autograd.grad(picked, leaf["x"], one_hot, is_grads_batched=True)  # (T, 1, S, d_model)
    return (grad[:, 0] * leaf["x"][0]).sum(-1).detach().double().numpy()  # (T, S)


def rollout(patterns: np.ndarray) -> np.ndarray:
    """Attention rollout: each layer's weights averaged over heads, the identity added (the residual), rows
    renormalised, multiplied from the first layer up; (N, h, S, S) -> (S, S), row i: top token i over the input."""
    S = patterns.shape[-1]
    out = np.eye(S)
    for layer in patterns:
        a = layer.mean(0) + np.eye(S)  # (S, S)
        out = (a / a.sum(-1, keepdims=True)) @ out  # (S, S)
    return out


def permutation(S: int, seed: int) -> np.ndarray:
    """A random permutation of the S source positions that moves at least one (unless S = 1)."""
    rng = np.random.default_rng(seed)
    while True:
        perm = rng.permutation(S)
        if S < 2 or (perm != np.arange(S)).any():
            return perm


def replaced(pattern: torch.Tensor, keep: torch.Tensor, swap: str, perm: np.ndarray) -> torch.Tensor:
    """Weights put in place of the pattern (B, h, L_q, L_k), keep (B, L_q, L_k): permuted over the source
    positions, uniform over the kept keys, or all on each row's least-attended kept key."""
    if swap == "permute":
        return pattern[..., torch.as_tensor(perm)]  # (B, h, L_q, L_k)
    kept = keep[:, None].expand_as(pattern)  # (B, h, L_q, L_k)
    if swap == "uniform":
        return kept / kept.sum(-1, keepdim=True)  # (B, h, L_q, L_k)
    least = pattern.masked_fill(~kept, float("inf")).argmin(-1, keepdim=True)  # (B, h, L_q, 1)
    return torch.zeros_like(pattern).scatter_(-1, least, 1.0)  # (B, h, L_q, L_k)


def swap_edits(layer: int, swap: str | list[str | None], perm: np.ndarray) -> dict[str, Edit]:
    """Hook edits that replace cross-attention layer `layer`'s weights and recompute its heads' outputs z from them
    and the layer's own V, in every pass (the search's steps and the recording). `swap`: one replacement for every
    row of the batch, or one per row (None: the row keeps its weights)."""
    if any(s is not None and s not in SWAPS for s in ([swap] if isinstance(swap, str) else swap)):
        raise ValueError(f"swap must be one of {SWAPS}")
    rows = (lambda B: [swap] * B) if isinstance(swap, str) else (lambda B: swap)  # noqa: E731
    seen: dict[str, torch.Tensor] = {}

    def remember(name: str) -> Edit:
        def edit(x: torch.Tensor) -> torch.Tensor:
            seen[name] = x
            return x
        return edit

    def pattern(p: torch.Tensor) -> torch.Tensor:  # (B, h, L_q, S)
        seen["pattern"] = torch.cat([p[b:b + 1] if s is None else replaced(p[b:b + 1], seen["mask"][b:b + 1], s, perm)
                                     .to(p.dtype) for b, s in enumerate(rows(len(p)))])  # (B, h, L_q, S)
        return seen["pattern"]

    def z(z_: torch.Tensor) -> torch.Tensor:  # (B, h, L_q, d_k)
        p, v = seen["pattern"], seen["v"]  # (B, h, L_q, S), (B, h_kv, S, d_k)
        new = p @ v.repeat_interleave(p.shape[1] // v.shape[1], dim=1)  # (B, h, L_q, d_k)
        return torch.cat([z_[b:b + 1] if s is None else new[b:b + 1] for b, s in enumerate(rows(len(z_)))])

    name = lambda hook: act_name(hook, layer, "cross")  # noqa: E731
    return {name("mask"): remember("mask"), name("v"): remember("v"), name("pattern"): pattern, name("z"): z}


@dataclass(frozen=True)
class Swapped:
    """The translation decoded again with one cross-attention layer replaced, and what it did to the original."""

    trace: Trace  # greedy, with the replaced weights in every step
    perm: np.ndarray  # (S,) the permutation used ("permute")
    log_p: np.ndarray  # (T,) log P of each original output token (and <eos>) as trained
    log_p_swapped: np.ndarray  # (T,) … with the weights replaced, same teacher-forced prefixes


@torch.no_grad()
def teacher_log_probs(model: Transformer, src_ids: torch.Tensor, output_ids: list[int],
                      edits: dict[str, Edit]) -> np.ndarray:
    """log P of each output token and <eos> given the teacher-forced prefix, under `edits`; (T,)."""
    tgt_in, target = teacher_rows(output_ids)  # (1, T) each
    with model.editing(edits):
        logits = model(src_ids, tgt_in)  # (1, T, V)
    return token_log_probs(logits, target)[0].numpy()  # (T,)


def swap_cross(bundle: Bundle, text: str, output_ids: list[int], layer: int, swap: str, seed: int = 0) -> Swapped:
    """Cross-attention layer `layer` replaced (SWAPS) in a greedy decoding of `text` and in a teacher-forced pass over
    the original output `output_ids`; raises ValueError for input with no tokens."""
    src = bundle.src_vocab.encode(text, bundle.config.max_len).ids
    if not src:
        raise ValueError("the sentence has no tokens")
    src_ids, perm = torch.tensor([src]), permutation(len(src), seed)  # (1, S), (S,)
    with bundle.transformer.editing(swap_edits(layer, swap, perm)):
        trace = run_with_trace(bundle, text, DecodeOptions())
    model = bundle.transformer
    return Swapped(trace, perm, teacher_log_probs(model, src_ids, output_ids, {}),
                   teacher_log_probs(model, src_ids, output_ids, swap_edits(layer, swap, perm)))


def swap_grid(bundle: Bundle, text: str, output_ids: list[int], seed: int = 0) -> np.ndarray:
    """Change in log P(the original output and <eos>) when each cross-attention layer alone is replaced by each of
    SWAPS, teacher-forced (no new decoding), the N·len(SWAPS) replacements and the original as one batch;
    (N, len(SWAPS))."""
    src = bundle.src_vocab.encode(text, bundle.config.max_len).ids
    if not src:
        raise ValueError("the sentence has no tokens")
    src_ids, perm, model, N = torch.tensor([src]), permutation(len(src), seed), bundle.transformer, bundle.config.N
    cells = [(layer, swap) for layer in range(N) for swap in SWAPS]  # batch row 1 + i replaces cell i; row 0 none
    edits = {name: edit for layer in range(N) for name, edit in
             swap_edits(layer, [None] + [swap if at == layer else None for at, swap in cells], perm).items()}
    tgt_in, target = teacher_rows(output_ids)  # (1, T) each
    B = 1 + len(cells)
    with torch.no_grad(), model.editing(edits):
        memory = model.encode(src_ids)  # (1, S, d_model): a replaced cross-attention leaves the encoder as it is
        logits = model.decode(memory.expand(B, -1, -1), src_ids.expand(B, -1), tgt_in.expand(B, -1))  # (B, T, V)
    log_p = token_log_probs(logits, target.expand(B, -1)).numpy().sum(-1)  # (B,)
    return (log_p[1:] - log_p[0]).reshape(N, len(SWAPS))  # (N, len(SWAPS))


def attribution(bundle: Bundle, text: str, output_ids: list[int]) -> np.ndarray:
    """grad_times_input for `text` and its translation `output_ids`; (T, S), T = output tokens + <eos>."""
    src = bundle.src_vocab.encode(text, bundle.config.max_len).ids
    if not src:
        raise ValueError("the sentence has no tokens")
    return grad_times_input(bundle.transformer, torch.tensor([src]), output_ids)


def ranks(row: np.ndarray) -> np.ndarray:
    """Average ranks of a row (1 = smallest; tied values share their mean rank); (S,) -> (S,)."""
    _, inverse, counts = np.unique(row, return_inverse=True, return_counts=True)
    return (np.cumsum(counts) - (counts - 1) / 2)[inverse]


@dataclass(frozen=True)
class Agreement:
    """How well a cross-attention map agrees with the attribution, row by row (each output token)."""

    same_argmax: np.ndarray  # (T,) bool: attention's most-attended source token is attribution's largest |share|
    spearman: np.ndarray  # (T,) rank correlation of attention and |attribution| over the source tokens (NaN if S < 2)

    @property
    def share(self) -> float:
        """Fraction of output tokens whose argmaxes agree."""
        return float(self.same_argmax.mean())

    @property
    def mean_spearman(self) -> float:
        """Mean rank correlation over the output tokens (NaN if S < 2)."""
        return float(self.spearman.mean()) if len(self.spearman) else float("nan")


def agreement(attention: np.ndarray, attributed: np.ndarray) -> Agreement:
    """Attention (T, S) against attribution (T, S), whose magnitude |share| is compared."""
    size = np.abs(attributed)  # (T, S)
    same = attention.argmax(-1) == size.argmax(-1)  # (T,)
    if attention.shape[-1] < 2:
        return Agreement(same, np.full(len(attention), np.nan))
    a, b = (np.stack([ranks(row) for row in m]) for m in (attention, size))  # (T, S) each
    a, b = a - a.mean(-1, keepdims=True), b - b.mean(-1, keepdims=True)
    denom = np.sqrt((a * a).sum(-1) * (b * b).sum(-1))  # (T,)
    with np.errstate(invalid="ignore", divide="ignore"):
        return Agreement(same, np.where(denom > 0, (a * b).sum(-1) / denom, np.nan))
