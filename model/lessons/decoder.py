"""The decoder's output: the notes' classifier softmax, teacher forcing in one pass, greedy vs beam, decoding
without the source."""
from __future__ import annotations

import warnings

import numpy as np
import torch
from torch import nn

from model.decoding import DecodeOptions, beam_prefix, greedy_batch
from model.tokenizer import BOS_ID, EOS_ID
from model.transformer import AttnOptions, Transformer


def implicit_softmax(logits: np.ndarray) -> np.ndarray:
    """The note's classifier head `nn.Softmax()` (no dim) on (B, T, V) logits: PyTorch picks dim 0, the batch."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return nn.Softmax()(torch.as_tensor(np.asarray(logits, dtype=np.float64))).numpy()


@torch.no_grad()
def one_pass_vs_steps(model: Transformer, src_ids: list[int], tgt_ids: list[int]) -> float:
    """max |Δ logit| between one teacher-forced pass over <bos> + output (training) and one pass per position on
    the growing prefix (how the note describes training); tgt_ids = <bos> + output."""
    src = torch.tensor([src_ids])
    memory = model.encode(src)
    once = model.decode(memory, src, torch.tensor([tgt_ids]))[0]  # (T, V)
    steps = torch.stack([model.decode(memory, src, torch.tensor([tgt_ids[: t + 1]]))[0, -1]
                         for t in range(len(tgt_ids))])  # (T, V)
    return float((once - steps).abs().max())


@torch.no_grad()
def sequence_log_prob(model: Transformer, src_ids: list[int], out_ids: list[int]) -> float:
    """Σ log p of out_ids followed by <eos>, teacher-forced after <bos>: how likely the model finds a translation."""
    tgt = [BOS_ID, *out_ids]
    logp = torch.log_softmax(model(torch.tensor([src_ids]), torch.tensor([tgt]))[0].double(), -1)  # (T, V)
    target = [*out_ids, EOS_ID]
    return float(logp[torch.arange(len(target)), torch.tensor(target)].sum())


@torch.no_grad()
def beam_ids(model: Transformer, src_ids: list[int], vocab, width: int = 4, max_steps: int = 40) -> list[int]:
    """Beam search output ids (this app's beam: summed log-probabilities, no length penalty), without <eos>."""
    src = torch.tensor([src_ids])
    prefix, _ = beam_prefix(model, model.encode(src), src, vocab, DecodeOptions(method="beam", beam_width=width,
                                                                                  max_steps=max_steps), AttnOptions())
    return [i for i in prefix[1:] if i != EOS_ID]


@torch.no_grad()
def greedy_without_source(model: Transformer, src_ids: list[int], max_steps: int) -> list[int]:
    """Greedy output ids with the encoder's output (memory) zeroed: the decoder then learns nothing of the source."""
    with model.editing({"hook_memory": torch.zeros_like}):
        return greedy_batch(model, torch.tensor([src_ids]), max_steps)[0]
