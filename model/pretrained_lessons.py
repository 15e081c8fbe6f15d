"""The BERT vs GPT lesson on a loaded pretrained model: the mask its own attention weights show, its pre-training
objective on the sentence (a masked word for a BERT with an MLM head, every next token for a GPT-2) and its size
counted from its weights next to the formula for its configuration. NumPy/PyTorch only (pages show, this computes)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from model.lessons import bert_parameters, gpt_parameters
from model.pretrained import Prediction, Pretrained, encode, likeliest
from model.trace import read_only


@dataclass(frozen=True)
class Reach:
    """Which keys each query reaches, measured from a block's attention weights over all its layers and heads."""

    visible: np.ndarray  # (Lq, Lk) True where some layer and head gives the key a weight > 0
    above_max: float | None  # largest weight on a key after the query (above the diagonal); None: no such cell
    above_min: float | None  # smallest such weight


def reach(weights: np.ndarray) -> Reach:
    """Reach of the weights (layers, h, Lq, Lk) of one block."""
    w = np.asarray(weights, dtype=np.float64)
    rows, cols = np.triu_indices(w.shape[-2], 1, w.shape[-1])
    above = w[..., rows, cols]  # (layers, h, cells above the diagonal)
    return Reach(read_only(w.max(axis=(0, 1)) > 0), float(above.max()) if above.size else None,
                 float(above.min()) if above.size else None)


def words_to_mask(pm: Pretrained, tokens: list[str], groups: list[int]) -> list[list[int]]:
    """Token positions of every word of the sentence that holds no special token ([CLS], [SEP], a typed [MASK])."""
    specials = set(pm.tokenizer.all_special_tokens)
    words: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        words.setdefault(g, []).append(i)
    return [pos for pos in words.values() if not any(tokens[i] in specials for i in pos)]


@dataclass(frozen=True)
class MaskedWord:
    """One word of the sentence replaced by [MASK] (each of its subwords), and what an MLM head predicts there."""

    positions: list[int]  # the word's token positions, now [MASK]
    tokens: list[str]  # the input the model reads
    targets: list[str]  # the tokens it must recover
    predictions: list[Prediction]  # top tokens at each position (empty without an MLM head)
    target_probs: list[float]  # p(the original token) at each position (empty without an MLM head)

    @property
    def losses(self) -> list[float]:
        """−log p of each original token: the MLM loss terms of this word."""
        return [-float(np.log(p)) for p in self.target_probs]


@torch.inference_mode()
def mask_word(pm: Pretrained, text: str, word: int) -> MaskedWord:
    """Mask the sentence's `word`-th maskable word (clamped) and, with an MLM head, read its predictions."""
    ids, src, groups = encode(pm, text)
    words = words_to_mask(pm, src.tokens, groups)
    if not words:
        raise ValueError("the sentence has no word to mask")
    positions = words[min(max(word, 0), len(words) - 1)]
    mask_id = pm.tokenizer.mask_token_id
    masked = ids.clone()  # (1, L)
    masked[0, positions] = mask_id
    tokens = pm.tokenizer.convert_ids_to_tokens(masked[0].tolist())
    targets = [src.tokens[i] for i in positions]
    if not pm.mlm:
        return MaskedWord(positions, tokens, targets, [], [])
    logits = pm.model(input_ids=masked, attention_mask=torch.ones_like(masked)).logits[0]  # (L, V)
    probs = torch.softmax(logits.double(), dim=-1)  # (L, V)
    return MaskedWord(positions, tokens, targets, [likeliest(pm, logits[i], i) for i in positions],
                      [float(probs[i, ids[0, i]]) for i in positions])


@dataclass(frozen=True)
class NextTokens:
    """Next-token prediction on the sentence itself: position i reads tokens 0…i and must give token i + 1."""

    probs: np.ndarray  # (L − 1,) p(the actual next token)
    losses: np.ndarray  # (L − 1,) −log p

    @property
    def mean(self) -> float:
        """Mean loss over the positions."""
        return float(self.losses.mean())

    @property
    def perplexity(self) -> float:
        """exp(mean loss)."""
        return float(np.exp(self.losses.mean()))


@torch.inference_mode()
def next_tokens(pm: Pretrained, text: str) -> NextTokens:
    """The GPT-2's probability of each next token of the sentence (ValueError if it has fewer than two tokens)."""
    ids, _, _ = encode(pm, text)
    if ids.shape[1] < 2:
        raise ValueError("one token has no next token in the sentence")
    logits = pm.model(input_ids=ids, attention_mask=torch.ones_like(ids), use_cache=False).logits[0]  # (L, V)
    log_p = torch.log_softmax(logits.double(), dim=-1)[:-1]  # (L − 1, V)
    chosen = log_p.gather(1, ids[0, 1:, None])[:, 0].numpy()  # (L − 1,)
    return NextTokens(read_only(np.exp(chosen)), read_only(-chosen))


@dataclass(frozen=True)
class Sizes:
    """A BERT's or GPT-2's parameters counted from its weights, and the formula for its configuration."""

    total: int  # every parameter of the loaded model once (a weight tied to the embedding counted once)
    body: int  # the encoder / decoder stack with its embeddings (the library's base model)
    body_class: str  # e.g. BertModel, GPT2Model
    formula: int  # model.lessons.bert_parameters / gpt_parameters for the configuration
    formula_args: dict  # what the formula was given, from the configuration
    positions: int  # rows of the position table, read from its weight
    position_dim: int
    segments: int  # rows of the segment table (0: the model has none)
    tied: bool  # the output layer's weight is the token embedding's (one tensor)


def count(module: torch.nn.Module) -> int:
    """Parameters of a module, a shared tensor counted once."""
    return sum(p.numel() for p in module.parameters())


def sizes(pm: Pretrained) -> Sizes:
    """Sizes of a loaded BERT-family or GPT-2 model (ValueError for Marian)."""
    base, c = pm.model.base_model, pm.config
    if pm.family == "gpt2":
        table, segments = base.wpe.weight, 0
        args = dict(layers=c.n_layer, hidden=c.n_embd, vocab=c.vocab_size, positions=c.n_positions,
                    d_ff=c.n_inner or 4 * c.n_embd, final_norm=True)
        formula = gpt_parameters(**args)
    elif pm.family == "bert":
        emb = base.embeddings
        table = emb.position_embeddings.weight
        segment_table = getattr(emb, "token_type_embeddings", None)
        segments = 0 if segment_table is None else segment_table.weight.shape[0]
        args = dict(layers=c.num_hidden_layers, hidden=c.hidden_size, vocab=c.vocab_size,
                    positions=c.max_position_embeddings, d_ff=c.intermediate_size, segments=c.type_vocab_size,
                    pooler=getattr(base, "pooler", None) is not None)
        formula = bert_parameters(**args)
    else:
        raise ValueError(f"no BERT/GPT size for the {pm.family} family")
    out = pm.model.get_output_embeddings()
    tied = out is not None and out.weight is pm.model.get_input_embeddings().weight
    return Sizes(count(pm.model), count(base), type(base).__name__, formula, args, table.shape[0], table.shape[1],
                 segments, tied)
