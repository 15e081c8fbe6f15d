"""Is a model's attention relative? Put `shift` words before a sentence and compare the first encoder layer's scores
between the same words: with RoPE (q and k turned by their positions, so q·k depends on the offset only) and ALiBi
(a bias of −m · |i − j|) they are unchanged; with sinusoidal PE added to the embeddings they are not."""
from __future__ import annotations

import numpy as np
import torch

from model.checkpoint import Bundle
from model.hooks import act_name

FILLER = "so"  # the word put before the sentence (any word of the vocabulary would do)


@torch.no_grad()
def first_layer_scores(bundle: Bundle, ids: list[int]) -> np.ndarray:
    """The first encoder layer's scores Q Kᵀ / √d_k (+ ALiBi's bias) of one sentence of ids; (h, S, S)."""
    with bundle.transformer.recording() as rec:
        bundle.transformer.encode(torch.tensor([ids]))
    return rec[act_name("masked_scores", 0, "encoder")][0].numpy()  # (h, S, S)


def shifted_scores(bundle: Bundle, text: str, shift: int) -> tuple[np.ndarray, np.ndarray]:
    """The first layer's scores of the sentence, and of the same words after `shift` fillers (cut to those words);
    (h, S, S) each."""
    ids = bundle.src_vocab.encode(text, bundle.config.max_len - shift).ids
    before = first_layer_scores(bundle, ids)
    after = first_layer_scores(bundle, [bundle.src_vocab.stoi[FILLER]] * shift + ids)
    return before, after[:, shift:, shift:]


@torch.no_grad()
def mirror_gap(bundle: Bundle, text: str) -> float:
    """Encode the sentence and the sentence backwards: the largest difference between the first memory and the
    second read backwards. 0 (to rounding) for an encoder that sees only |i − j| (ALiBi's symmetric bias): it cannot
    tell a word on the left from one on the right, and a decoder whose cross-attention has no positions then reads
    the same memory for both."""
    ids = torch.tensor([bundle.src_vocab.encode(text, bundle.config.max_len).ids])  # (1, S)
    memory, backwards = bundle.transformer.encode(ids), bundle.transformer.encode(ids.flip(1))  # (1, S, d_model) each
    return float((backwards.flip(1) - memory).abs().max())


def backwards(text: str, bundle: Bundle) -> str:
    """The sentence's tokens in reverse order, as text the model reads back to the same tokens."""
    return " ".join(reversed(bundle.src_vocab.encode(text, bundle.config.max_len).tokens))
