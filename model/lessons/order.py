"""Word order: a sentence and a shuffle of its tokens through the encoder (equivariance) and into the
translation (invariance), with and without the positional encoding."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from model.decoding import greedy_batch
from model.hooks import Edit
from model.transformer import Transformer


def shuffle_order(n: int, seed: int) -> np.ndarray:
    """A permutation of n tokens for shuffle number `seed` (0: the sentence as typed; never the identity after)."""
    if seed == 0 or n < 2:
        return np.arange(n)
    perm = np.random.default_rng(seed).permutation(n)
    return perm if (perm != np.arange(n)).any() else np.roll(perm, 1)


@dataclass
class Equivariance:
    """Encoder layer-0 self-attention output and encoder output for a sentence and a shuffle of its tokens."""

    order: np.ndarray  # (S,) shuffled position j holds original token order[j]
    attn: np.ndarray  # (S, d_model) original
    attn_shuffled: np.ndarray  # (S, d_model)
    memory: np.ndarray  # (S, d_model)
    memory_shuffled: np.ndarray  # (S, d_model)

    @property
    def attn_diff(self) -> float:
        """max |attention output of the shuffle − the original's outputs shuffled the same way|."""
        return float(np.abs(self.attn_shuffled - self.attn[self.order]).max())

    @property
    def memory_diff(self) -> float:
        """The same comparison for the encoder's output."""
        return float(np.abs(self.memory_shuffled - self.memory[self.order]).max())


@torch.no_grad()
def encoder_outputs(model: Transformer, ids: list[int], with_pe: bool) -> tuple[np.ndarray, np.ndarray]:
    """(layer-0 self-attention output, encoder output) of one sentence, the PE zeroed through a hook edit if asked."""
    edits: dict[str, Edit] = {} if with_pe else {"hook_pos_enc": torch.zeros_like}
    with model.editing(edits), model.recording() as cache:
        memory = model.encode(torch.tensor([ids]))  # (1, S, d_model)
    return cache["encoder.0.self_attn.hook_out"][0].double().numpy(), memory[0].double().numpy()


def equivariance(model: Transformer, ids: list[int], seed: int, with_pe: bool) -> Equivariance:
    """Run the sentence and its shuffle through the encoder, with or without the positional encoding."""
    order = shuffle_order(len(ids), seed)
    attn, memory = encoder_outputs(model, ids, with_pe)
    attn_s, memory_s = encoder_outputs(model, [ids[i] for i in order], with_pe)
    return Equivariance(order, attn, attn_s, memory, memory_s)


@dataclass
class Invariance:
    """What pools over the source positions (cross-attention, hence the translation) for a sentence and a shuffle of
    its tokens, with the source PE removed and with it."""

    order: np.ndarray  # (S,) shuffled position j holds original token order[j]
    logit_diff_no_pe: float  # max |Δ logit| over the teacher-forced translation, source PE removed
    logit_diff_pe: float  # the same with the source PE
    translation_no_pe: list[int]  # greedy output ids of the original sentence, source PE removed
    translation_no_pe_shuffled: list[int]  # … of the shuffled sentence, source PE removed
    translation_pe_shuffled: list[int]  # … of the shuffled sentence, with PE


@torch.no_grad()
def source_logits(model: Transformer, src_ids: list[int], tgt_ids: list[int], with_pe: bool) -> np.ndarray:
    """Teacher-forced logits (T, V_tgt) of tgt_ids (<bos> + output) for one source sentence; without the source PE
    (the target keeps its own) if asked."""
    edits: dict[str, Edit] = {} if with_pe else {"hook_pos_enc": torch.zeros_like}
    with model.editing(edits):
        return model(torch.tensor([src_ids]), torch.tensor([tgt_ids]))[0].double().numpy()


@torch.no_grad()
def greedy_ids(model: Transformer, src_ids: list[int], with_pe: bool, max_steps: int) -> list[int]:
    """Greedy output ids of one source sentence, without the source PE if asked."""
    edits: dict[str, Edit] = {} if with_pe else {"hook_pos_enc": torch.zeros_like}
    with model.editing(edits):
        return greedy_batch(model, torch.tensor([src_ids]), max_steps)[0]


def invariance(model: Transformer, src_ids: list[int], tgt_ids: list[int], seed: int,
               max_steps: int = 40) -> Invariance:
    """The translation's logits and greedy outputs for a sentence and its shuffle (shuffle number `seed`), with the
    source PE removed and with it; tgt_ids = <bos> + the model's translation, the same target for both orders."""
    order = shuffle_order(len(src_ids), seed)
    shuffled = [src_ids[i] for i in order]
    diffs = [float(np.abs(source_logits(model, shuffled, tgt_ids, pe) - source_logits(model, src_ids, tgt_ids, pe))
                   .max()) for pe in (False, True)]
    return Invariance(order, diffs[0], diffs[1], greedy_ids(model, src_ids, False, max_steps),
                      greedy_ids(model, shuffled, False, max_steps), greedy_ids(model, shuffled, True, max_steps))


def visible_shuffle(ids: list[int], tries: int = 20) -> int | None:
    """The first shuffle number (1, 2, …) whose shuffle_order changes the sentence's tokens, or None if none does
    (every token the same word, or one token)."""
    for seed in range(1, tries + 1):
        if [ids[i] for i in shuffle_order(len(ids), seed)] != list(ids):
            return seed
    return None
