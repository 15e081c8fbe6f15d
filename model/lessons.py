"""Computations behind the app's lessons on the notes: their mistakes next to what the model does, positional-encoding
alternatives, LayerNorm vs BatchNorm, the paper's sizes, BERT vs GPT. NumPy/PyTorch only (pages show, this computes)."""
from __future__ import annotations

import functools
import time
import warnings
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from model.attention import masked_softmax
from model.checkpoint import Bundle
from model.decoding import DecodeOptions
from model.hooks import Edit
from model.positional import sinusoidal_encoding
from model.tokenizer import EOS_ID
from model.trace import Trace, read_only, run_with_trace
from model.transformer import AttnOptions, Transformer

# The worked example of «CV攻城狮入门VIT(vision transformer)之旅»: scores QKᵀ of its 3×4 input (3 tokens), its V, the
# softmax it rounds to one decimal, and the outputs it prints from those rounded weights. No ÷√d_k in that note.
NOTE_SCORES = np.array([[2.0, 4.0, 4.0], [4.0, 16.0, 12.0], [4.0, 12.0, 10.0]])
NOTE_V = np.array([[1.0, 2.0, 3.0], [2.0, 8.0, 0.0], [2.0, 6.0, 3.0]])
NOTE_ROUNDED_WEIGHTS = np.array([[0.0, 0.5, 0.5], [0.0, 1.0, 0.0], [0.0, 0.9, 0.1]])
NOTE_ROUNDED_OUTPUT = np.array([[2.0, 7.0, 1.5], [2.0, 8.0, 0.0], [2.0, 7.8, 0.3]])

# The paper's base model (Vaswani et al. 2017, Table 3) and the pre-trained models of «Transformer系列模型笔记».
PAPER = {"N": 6, "d_model": 512, "h": 8, "d_k": 64, "d_ff": 2048, "vocab": 37000, "params_m": 65}
PRETRAINED = {  # name: (layers, hidden, heads, stated parameters in millions, vocabulary, positions)
    "BERT-base": (12, 768, 12, 110, 30522, 512),
    "BERT-large": (24, 1024, 16, 340, 30522, 512),
    "GPT-1": (12, 768, 12, 117, 40478, 512),
}


def plain_softmax(x: np.ndarray) -> np.ndarray:
    """Textbook row softmax, exp(x − max) / Σ: an all −∞ row gives NaN (−∞ − (−∞))."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(invalid="ignore"):
        e = np.exp(x - x.max(-1, keepdims=True))
        return e / e.sum(-1, keepdims=True)


def causal_keep(n: int) -> np.ndarray:
    """Lower-triangular 0/1 mask: query i may see keys j ≤ i; (n, n)."""
    return np.tril(np.ones((n, n)))


def multiplicative_mask(scores: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """The note's masking: scores ⊙ mask, then softmax; a masked score becomes 0, not −∞."""
    return plain_softmax(np.asarray(scores, float) * keep)


def additive_mask(scores: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """The paper's masking: scores + M (M = −∞ where masked), then softmax (this app's masked softmax)."""
    masked = np.where(np.asarray(keep, bool), np.asarray(scores, float), -np.inf)
    return masked_softmax(torch.from_numpy(masked)).numpy()


def fully_masked_row(n: int) -> dict[str, np.ndarray]:
    """One query with all n keys masked, three ways: −1e9 fill, −∞ with a plain softmax, −∞ in this app."""
    return {"fill": plain_softmax(np.full(n, -1e9)), "inf_plain": plain_softmax(np.full(n, -np.inf)),
            "inf_app": masked_softmax(torch.full((n,), float("-inf"), dtype=torch.float64)).numpy()}


def worked_example() -> dict[str, np.ndarray]:
    """The note's example computed exactly: softmax(QKᵀ)V (as in the note, unscaled) and with ÷√3 (d_k = 3)."""
    exact = plain_softmax(NOTE_SCORES)
    scaled = plain_softmax(NOTE_SCORES / np.sqrt(3.0))
    return {"weights": exact, "output": exact @ NOTE_V, "scaled_output": scaled @ NOTE_V,
            "rounded_output": NOTE_ROUNDED_WEIGHTS @ NOTE_V}


def note_pe(max_seq_len: int, embed_dim: int) -> np.ndarray:
    """The PE code of «Transformer 学习笔记», verbatim: row 0 left all zeros, and i runs over every dimension."""
    positional_encoding = np.array([
        [pos / np.power(10000, 2 * i / embed_dim) for i in range(embed_dim)]
        if pos != 0 else np.zeros(embed_dim) for pos in range(max_seq_len)])
    positional_encoding[1:, 0::2] = np.sin(positional_encoding[1:, 0::2])
    positional_encoding[1:, 1::2] = np.cos(positional_encoding[1:, 1::2])
    return positional_encoding


def pe_periods(d_model: int) -> tuple[np.ndarray, np.ndarray]:
    """Wavelength (in positions) of each dimension: the paper's (pairs share one) and the note's code (each its own)."""
    dims = np.arange(d_model)
    paper = 2 * np.pi * np.power(10000.0, 2 * (dims // 2) / d_model)
    note = 2 * np.pi * np.power(10000.0, 2 * dims / d_model)
    return paper, note


def i_ranges(d_model: int) -> dict[str, int]:
    """How many values of i each reading gives for d_model: the paper's 0 … d/2 − 1, and the notes' readings."""
    return {"paper": d_model // 2, "all_dims": d_model, "inclusive_half": d_model // 2 + 1}


def index_codes(length: int, d_model: int) -> dict[str, np.ndarray]:
    """The notes' simple alternatives for a sentence of `length`: the index pos added to every dimension (its norm
    pos·√d_model) and pos/len, for this length and for a sentence twice as long."""
    pos = np.arange(length, dtype=np.float64)
    return {"index_norm": pos * np.sqrt(d_model), "frac": pos / length, "frac_double": pos / (2 * length)}


def concat_vs_add(x: np.ndarray, seed: int = 0) -> dict[str, np.ndarray | float]:
    """[xᵢ; pᵢ]·[Wᴵ; Wᴾ] against xᵢWᴵ + pᵢWᴾ with pᵢ one-hot (position i) and random Wᴵ, Wᴾ; x (L, d)."""
    L, d = x.shape
    rng = np.random.default_rng(seed)
    W_I, W_P = rng.normal(size=(d, d)) / np.sqrt(d), rng.normal(size=(L, d))  # (d, d), (L, d)
    p = np.eye(L)  # (L, L) one-hot positions
    concat = np.concatenate([x, p], axis=1) @ np.concatenate([W_I, W_P], axis=0)  # (L, d)
    added = x @ W_I + p @ W_P  # (L, d); p @ W_P is row i of W_P: a learned position table
    return {"concat": concat, "added": added, "max_diff": float(np.abs(concat - added).max())}


def pe_shift_similarity(positions: list[int], k: int, d_model: int) -> np.ndarray:
    """PE[p]·PE[p + k] for each p: the same number at every p, however far beyond the training lengths."""
    pe = sinusoidal_encoding(max(positions) + k + 1, d_model)
    return np.array([pe[p] @ pe[p + k] for p in positions])


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


def layer_norm_parts(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5):
    """(x̂, γ ⊙ x̂ + β) of LayerNorm over the last axis; x (L, d)."""
    x = np.asarray(x, dtype=np.float64)
    x_hat = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps)
    return x_hat, gamma * x_hat + beta


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
    with bundle.model.editing(shared_norm_edits(bundle.model)):
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


def implicit_softmax(logits: np.ndarray) -> np.ndarray:
    """The note's classifier head `nn.Softmax()` (no dim) on (B, T, V) logits: PyTorch picks dim 0, the batch."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return nn.Softmax()(torch.as_tensor(np.asarray(logits, dtype=np.float64))).numpy()


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


def parameter_groups(model: Transformer) -> dict[str, int]:
    """The model's parameters counted by part from its named parameters (the tied generator weight counted once)."""
    groups = {"attention": 0, "ffn": 0, "norm": 0, "embeddings": 0, "generator_bias": 0}
    for name, p in model.named_parameters():  # named_parameters yields a shared tensor once
        if ".W_Q." in name or ".W_K." in name or ".W_V." in name or ".W_O." in name:
            groups["attention"] += p.numel()
        elif ".ffn." in name:
            groups["ffn"] += p.numel()
        elif "norm" in name:
            groups["norm"] += p.numel()
        elif "_lut" in name:
            groups["embeddings"] += p.numel()
        elif name == "generator.bias":
            groups["generator_bias"] += p.numel()
        else:
            raise ValueError(f"unexpected parameter {name}")
    return groups


def formula_groups(N: int, d: int, d_ff: int, v_src: int, v_tgt: int, pre_norm: bool) -> dict[str, int]:
    """The same parts from the formulas: 4d² + 4d per attention block (3 per layer pair), 2·d·d_ff + d_ff + d per
    FFN, 2d per LayerNorm (5 per layer pair, + 2 final ones in Pre-Norm), embeddings V·d, generator bias V_tgt."""
    return {"attention": 3 * N * (4 * d * d + 4 * d), "ffn": 2 * N * (2 * d * d_ff + d_ff + d),
            "norm": (5 * N + (2 if pre_norm else 0)) * 2 * d, "embeddings": (v_src + v_tgt) * d,
            "generator_bias": v_tgt}


def bert_parameters(layers: int, hidden: int, vocab: int = 30522, positions: int = 512, d_ff: int | None = None,
                    segments: int = 2, pooler: bool = True) -> int:
    """BERT's parameter count from its configuration (token, position and segment embeddings, their LayerNorm,
    encoder layers with d_ff = 4·hidden unless given, the pooler if it has one)."""
    d, d_ff = hidden, d_ff or 4 * hidden
    embeddings = (vocab + positions + segments) * d + 2 * d
    layer = (4 * d * d + 4 * d) + (2 * d * d_ff + d_ff + d) + 2 * 2 * d
    return embeddings + layers * layer + (d * d + d if pooler else 0)


def gpt_parameters(layers: int, hidden: int, vocab: int = 40478, positions: int = 512, d_ff: int | None = None,
                   final_norm: bool = False) -> int:
    """GPT-1's parameter count from its configuration (token and position embeddings, the output layer tied to the
    token embedding, decoder layers without cross-attention, d_ff = 4·hidden unless given); GPT-2 adds a final
    LayerNorm (final_norm)."""
    d, d_ff = hidden, d_ff or 4 * hidden
    layer = (4 * d * d + 4 * d) + (2 * d * d_ff + d_ff + d) + 2 * 2 * d
    return (vocab + positions) * d + layers * layer + (2 * d if final_norm else 0)


@dataclass
class CostPoint:
    """One length of the attention cost measurement."""

    n: int
    attention_ms: float  # fastest time of one self-attention block (projections, QKᵀ, softmax, × V, W_O)
    ffn_ms: float  # fastest time of the FFN on the same tokens, for comparison
    score_bytes: int  # bytes of the recorded score tensor QKᵀ, (h, n, n) float32


@torch.no_grad()
def attention_cost(model: Transformer, lengths: list[int], repeats: int = 5, seed: int = 0) -> list[CostPoint]:
    """Time encoder layer 0's self-attention and FFN on n random token vectors for each n, and read the size of the
    score matrix it records. Run on the real model; n may exceed max_len (no positional encoding is involved)."""
    layer, d = model.encoder[0], model.cfg.d_model
    gen = torch.Generator().manual_seed(seed)
    points = []
    for n in lengths:
        x = torch.randn(1, n, d, generator=gen)  # (1, n, d_model)
        keep = torch.ones(1, 1, n, dtype=torch.bool)  # (1, 1, n)
        with model.recording() as cache:
            layer.self_attn(x, x, keep, AttnOptions())
        scores = cache["encoder.0.self_attn.hook_scores"]  # (1, h, n, n)
        attn_ms = best_ms(lambda x=x, keep=keep: layer.self_attn(x, x, keep, AttnOptions()), repeats)
        ffn_ms = best_ms(lambda x=x: layer.ffn(x, layer.hook_ffn_hidden), repeats)
        points.append(CostPoint(n, attn_ms, ffn_ms, scores.numel() * scores.element_size()))
    return points


def best_ms(fn, repeats: int) -> float:
    """Fastest wall time of fn() in milliseconds over `repeats` calls after one warm-up call (the least disturbed
    by other work on the machine)."""
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return float(min(times))


def mlm_example(tokens: list[str], rate: float = 0.15, seed: int = 0) -> tuple[list[int], list[str]]:
    """BERT's masked-LM input for a sentence: ⌈rate·n⌉ positions picked at random become [MASK] (BERT then keeps
    80 % as [MASK], swaps 10 % for a random word and leaves 10 %); -> (picked positions, input tokens)."""
    n = len(tokens)
    k = max(1, int(np.ceil(rate * n)))
    picked = sorted(np.random.default_rng(seed).choice(n, size=k, replace=False).tolist())
    return picked, ["[MASK]" if i in picked else tok for i, tok in enumerate(tokens)]


def next_token_losses(trace: Trace) -> tuple[list[str], list[str], np.ndarray]:
    """Next-token prediction on the model's own translation: (inputs <bos> y₁…, targets y₁…<eos>, −log p per step)."""
    inputs = trace.tgt_input_tokens
    targets = trace.decoded.tokens + ["<eos>"]
    ids = trace.decoded.ids + [EOS_ID]
    probs = trace["probs"]  # (T, V_tgt)
    return inputs, targets[: len(probs)], -np.log(probs[np.arange(len(probs)), ids[: len(probs)]])



def nearest_words(table: np.ndarray, ids: list[int], itos: list[str], k: int = 3) -> list[list[str]]:
    """For each id, the k other words whose embedding rows are closest in cosine; table (V, d). Special tokens
    (ids 0–3) are skipped."""
    table = np.asarray(table, dtype=np.float64)
    unit = table / np.maximum(np.linalg.norm(table, axis=1, keepdims=True), 1e-12)  # (V, d)
    out = []
    for i in ids:
        cos = unit[4:] @ unit[i]  # (V - 4,)
        order = [j + 4 for j in np.argsort(-cos) if j + 4 != i][:k]
        out.append([itos[j] for j in order])
    return out


@functools.lru_cache(maxsize=8)
def dot_variance(d_ks: tuple[int, ...], n: int = 4000, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Variance of q·k and of q·k/√d_k over n random pairs with independent N(0, 1) components, per d_k
    (cached, read-only)."""
    rng = np.random.default_rng(seed)
    raw, scaled = [], []
    for d_k in d_ks:
        dots = np.einsum("nd,nd->n", rng.standard_normal((n, d_k)), rng.standard_normal((n, d_k)))  # (n,)
        raw.append(dots.var())
        scaled.append((dots / np.sqrt(d_k)).var())
    return read_only(np.array(raw)), read_only(np.array(scaled))
