"""Computations behind the app's lessons on the notes: their mistakes next to what the model does, positional-encoding
alternatives, LayerNorm vs BatchNorm, the paper's sizes, BERT vs GPT. NumPy/PyTorch only (pages show, this computes)."""
from __future__ import annotations

import functools
import inspect
import time
import warnings
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from model.attention import masked_softmax, softmax
from model.checkpoint import Bundle
from model.decoding import DecodeOptions, beam_prefix, greedy_batch
from model.hooks import Edit, act_name
from model.positional import sinusoidal_encoding
from model.tokenizer import BOS_ID, EOS_ID, pad
from model.trace import Trace, read_only, run_with_trace
from model.transformer import AttnOptions, Transformer

# The worked example of «CV攻城狮入门VIT(vision transformer)之旅»: scores QKᵀ of its 3×4 input (3 tokens), its V, the
# softmax it rounds to one decimal, and the outputs it prints from those rounded weights. No ÷√d_k in that note.
NOTE_SCORES = np.array([[2.0, 4.0, 4.0], [4.0, 16.0, 12.0], [4.0, 12.0, 10.0]])
NOTE_V = np.array([[1.0, 2.0, 3.0], [2.0, 8.0, 0.0], [2.0, 6.0, 3.0]])
NOTE_ROUNDED_WEIGHTS = np.array([[0.0, 0.5, 0.5], [0.0, 1.0, 0.0], [0.0, 0.9, 0.1]])
NOTE_ROUNDED_OUTPUT = np.array([[2.0, 7.0, 1.5], [2.0, 8.0, 0.0], [2.0, 7.8, 0.3]])
# The same note's input x (3 tokens × 4) and its weight matrices w_query, w_key, w_value (4 × 3), as it writes them.
NOTE_X = np.array([[1.0, 0.0, 1.0, 0.0], [0.0, 2.0, 0.0, 2.0], [1.0, 1.0, 1.0, 1.0]])
NOTE_W_Q = np.array([[1.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
NOTE_W_K = np.array([[0.0, 0.0, 1.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0]])
NOTE_W_V = np.array([[0.0, 2.0, 0.0], [0.0, 3.0, 0.0], [1.0, 0.0, 3.0], [1.0, 1.0, 0.0]])

# The paper's base model (Vaswani et al. 2017, Table 3) and the pre-trained models of «Transformer系列模型笔记».
PAPER = {"N": 6, "d_model": 512, "h": 8, "d_k": 64, "d_ff": 2048, "vocab": 37000, "params_m": 65}
PRETRAINED = {  # name: (layers, hidden, heads, stated parameters in millions, vocabulary, positions)
    "BERT-base": (12, 768, 12, 110, 30522, 512),
    "BERT-large": (24, 1024, 16, 340, 30522, 512),
    "GPT-1": (12, 768, 12, 117, 40478, 512),
    "GPT-2 (largest)": (48, 1600, 25, 1542, 50257, 1024),
    "GPT-3 (largest)": (96, 12288, 96, 175_000, 50257, 2048),
}


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


def worked_example() -> dict[str, np.ndarray]:
    """The note's example computed exactly: softmax(QKᵀ)V (as in the note, unscaled), the weights rounded to one
    decimal as the note means to (it prints other numbers), and with ÷√3 (d_k = 3)."""
    exact = softmax(NOTE_SCORES)  # (3, 3)
    scaled = softmax(NOTE_SCORES / np.sqrt(3.0))  # (3, 3)
    honest = np.round(exact, 1)  # (3, 3)
    return {"weights": exact, "output": exact @ NOTE_V, "scaled_weights": scaled, "scaled_output": scaled @ NOTE_V,
            "rounded_output": NOTE_ROUNDED_WEIGHTS @ NOTE_V, "honest_weights": honest, "honest_output": honest @ NOTE_V}


def note_qkv() -> dict[str, np.ndarray]:
    """The note's Q = x·w_query, K = x·w_key, V = x·w_value (3 × 3 each) and the scores QKᵀ, computed."""
    q, k, v = NOTE_X @ NOTE_W_Q, NOTE_X @ NOTE_W_K, NOTE_X @ NOTE_W_V  # (3, 3) each
    return {"q": q, "k": k, "v": v, "scores": q @ k.T}


def widened_outputs(extra: int = 2, seed: int = 0) -> dict[str, tuple[int, ...]]:
    """Shapes of the note's attention output when w_query and w_key, or w_value, get `extra` more (random) columns:
    the output's width is w_value's alone."""
    rng = np.random.default_rng(seed)
    more = rng.normal(size=(NOTE_X.shape[1], extra))  # (4, extra)
    w_q, w_k = np.hstack([NOTE_W_Q, more]), np.hstack([NOTE_W_K, more])  # (4, 3 + extra) each
    w_v = np.hstack([NOTE_W_V, more])  # (4, 3 + extra)

    def out(wq: np.ndarray, wk: np.ndarray, wv: np.ndarray) -> tuple[int, ...]:
        return (softmax((NOTE_X @ wq) @ (NOTE_X @ wk).T) @ (NOTE_X @ wv)).shape

    return {"note": out(NOTE_W_Q, NOTE_W_K, NOTE_W_V), "wider_qk": out(w_q, w_k, NOTE_W_V),
            "wider_v": out(NOTE_W_Q, NOTE_W_K, w_v), "input": NOTE_X.shape, "qk": w_q.shape, "v": w_v.shape}


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
    with bundle.transformer.editing(shared_norm_edits(bundle.transformer)):
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
    layer, d = model.encoder[0], model.config.d_model
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


def softmax_jacobian(w: np.ndarray) -> np.ndarray:
    """∂softmax(s)/∂s at the weights w = softmax(s): diag(w) − w wᵀ, (L, L); masked keys (w = 0) give zero rows."""
    w = np.asarray(w, dtype=np.float64)
    return np.diag(w) - np.outer(w, w)


def softmax_gradient_norms(scores: np.ndarray, keep: np.ndarray, d_k: int) -> tuple[float, float]:
    """Frobenius norm of the softmax's Jacobian for one row of scores q·k (L,), without and with ÷√d_k; keep (L,)
    marks the visible keys. A saturated softmax (one weight near 1) has a Jacobian near 0: vanishing gradients."""
    s = np.asarray(scores, dtype=np.float64)
    keep = np.asarray(keep, bool)
    out = []
    for z in (s, s / np.sqrt(d_k)):
        out.append(float(np.linalg.norm(softmax_jacobian(softmax(np.where(keep, z, -np.inf))))))
    return out[0], out[1]


def scaling_rows(scores: np.ndarray, keep: np.ndarray, d_k: int) -> tuple[np.ndarray, np.ndarray]:
    """‖J‖ of every row of every head's scores q·k (h, L_q, L_k), unscaled and ÷√d_k; keep (L_q, L_k) marks the
    visible keys; -> (h, L_q) twice."""
    norms = np.array([[softmax_gradient_norms(row, keep[i], d_k) for i, row in enumerate(head)]
                      for head in np.asarray(scores, dtype=np.float64)])  # (h, L_q, 2)
    return norms[..., 0], norms[..., 1]


def jacobian_norms(w: np.ndarray) -> np.ndarray:
    """‖diag(w) − w·wᵀ‖_F of each row of softmax weights w (..., L), in closed form: Σᵢ wᵢ²(1 − wᵢ)² on the diagonal
    plus Σ_{i≠j} wᵢ²wⱼ² off it."""
    squares = (w**2).sum(-1)  # (...,)
    return np.sqrt(np.maximum((w**2 * (1 - w) ** 2).sum(-1) + squares**2 - (w**4).sum(-1), 0.0))  # ≥ 0 up to rounding


@functools.lru_cache(maxsize=64)
def random_scaling_share(n_keys: int, d_k: int, draws: int = 4000, seed: int = 0) -> float:
    """Share of random rows of scores q·k (q and n_keys keys k with independent N(0, 1) components) whose softmax
    Jacobian is larger after ÷√d_k than before: the paper's statistical argument, measured at d_k. Given q, the
    scores K·q are independent N(0, ‖q‖²) with ‖q‖² ~ χ²(d_k), so a row is drawn as ‖q‖ times n_keys N(0, 1)."""
    rng = np.random.default_rng(seed)
    s = np.sqrt(rng.chisquare(d_k, (draws, 1))) * rng.standard_normal((draws, n_keys))  # (draws, n_keys)
    return float((jacobian_norms(softmax(s / np.sqrt(d_k))) > jacobian_norms(softmax(s))).mean())


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


# ---- The notes' further mistakes (lesson/notes.py): the numbers each panel shows, computed on this model ----------


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


def pe_shift(d_model: int, pos: int, k: int) -> dict[str, float]:
    """PE(pos + k) two ways: as a rotation of PE(pos) by angle k·ωᵢ in each (sin, cos) pair (exact), and as the best
    linear combination a·PE(pos) + b·PE(k) (least squares); -> max errors and a, b."""
    pe = sinusoidal_encoding(pos + k + 1, d_model).astype(np.float64)  # (pos + k + 1, d)
    omega = 1.0 / np.power(10000.0, np.arange(0, d_model, 2) / d_model)  # (d/2,)
    s, c = pe[pos, 0::2], pe[pos, 1::2]
    rotated = np.empty(d_model)
    rotated[0::2] = s * np.cos(k * omega) + c * np.sin(k * omega)  # sin(a + b)
    rotated[1::2] = c * np.cos(k * omega) - s * np.sin(k * omega)  # cos(a + b)
    basis = np.stack([pe[pos], pe[k]], axis=1)  # (d, 2)
    (a, b), *_ = np.linalg.lstsq(basis, pe[pos + k], rcond=None)
    return {"rotation_err": float(np.abs(rotated - pe[pos + k]).max()),
            "combo_err": float(np.abs(basis @ np.array([a, b]) - pe[pos + k]).max()), "a": float(a), "b": float(b)}


def div_term_check(d_model: int) -> dict[str, float]:
    """The annotated code's div_term: the exponents arange(0, d_model, 2) end at d_model − 2 (not d_model − 1), its
    smallest value 10000^(−(d_model−2)/d_model) is far from any underflow, and the power written directly gives
    the same float32 numbers as exp(·log)."""
    i = torch.arange(0, d_model, 2, dtype=torch.float32)
    via_log = torch.exp(i * -(np.log(10000.0) / d_model))
    direct = torch.pow(torch.tensor(10000.0), -i / d_model)
    return {"last": int(i[-1]), "count": len(i), "smallest": float(via_log.min()),
            "diff": float((via_log - direct).abs().max())}


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


def pe_nonlinear(d_model: int) -> float:
    """max |PE(2) − 2·PE(1)|: the encoding is not a linear function of the position."""
    pe = sinusoidal_encoding(3, d_model).astype(np.float64)
    return float(np.abs(pe[2] - 2 * pe[1]).max())


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


# ---- The paper's Table 1 for one sentence, and its training schedule ------------------------------------------------

PAPER_TRAINING = {"warmup": 4000, "beta1": 0.9, "beta2": 0.98, "eps": 1e-9, "dropout": 0.1, "label_smoothing": 0.1,
                  "beam": 4, "alpha": 0.6, "steps_base": 100_000, "steps_big": 300_000}
PAPER_BIG = {"N": 6, "d_model": 1024, "d_ff": 4096, "h": 16, "dropout": 0.3, "params_m": 213}


def layer_costs(n: int, d: int, k: int = 3, r: int = 3) -> dict[str, tuple[int, int, int]]:
    """The paper's Table 1 evaluated for n tokens of width d: (operations per layer, sequential operations, maximum
    path length) for self-attention (n²·d, 1, 1), a recurrent layer (n·d², n, n), a convolution of kernel k
    (k·n·d², 1, ⌈log_k n⌉ with dilated convolutions) and self-attention restricted to the r keys centred on each
    query (r·n·d, 1, restricted_path(n, r): O(n/r))."""
    return {"self_attention": (n * n * d, 1, 1), "recurrent": (n * d * d, n, n),
            "convolutional": (k * n * d * d, 1, max(1, int(np.ceil(np.log(n) / np.log(k) - 1e-12)))),
            "restricted": (r * n * d, 1, restricted_path(n, r))}


def restricted_path(n: int, r: int) -> int:
    """Layers of restricted self-attention (the r keys centred on each query, r odd ≥ 3) before the first token
    reaches the last: each layer carries a token (r − 1)/2 positions further."""
    return max(1, int(np.ceil((n - 1) / ((r - 1) // 2))))


def learning_rate(step: np.ndarray | int, d_model: int, warmup: int = 4000) -> np.ndarray:
    """The paper's schedule: d_model^−0.5 · min(step^−0.5, step · warmup^−1.5) (step ≥ 1)."""
    step = np.asarray(step, dtype=np.float64)
    return d_model ** -0.5 * np.minimum(step ** -0.5, step * warmup ** -1.5)


# ---- The notes' further mistakes, second reading: the numbers each panel shows, computed on this model -----------


def key_spread(pattern: np.ndarray) -> tuple[int, int, int]:
    """One head's weights (L_q, L_k): the key whose weight differs most between queries, then the query giving it
    the least and the one giving it the most; -> (key, q_least, q_most)."""
    w = np.asarray(pattern, dtype=np.float64)
    key = int((w.max(0) - w.min(0)).argmax())
    return key, int(w[:, key].argmin()), int(w[:, key].argmax())


@torch.no_grad()
def greedy_without_source(model: Transformer, src_ids: list[int], max_steps: int) -> list[int]:
    """Greedy output ids with the encoder's output (memory) zeroed: the decoder then learns nothing of the source."""
    with model.editing({"hook_memory": torch.zeros_like}):
        return greedy_batch(model, torch.tensor([src_ids]), max_steps)[0]


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


def conv_parameters(d: int, kernels: tuple[int, ...]) -> dict[int, int]:
    """Parameters of a 1-D convolution d → d channels for each kernel size (nn.Conv1d, built without memory)."""
    return {k: sum(p.numel() for p in nn.Conv1d(d, d, k, device="meta").parameters()) for k in kernels}


def fresh_embedding(vocab: int, d: int, seed: int = 0) -> np.ndarray:
    """A new embedding table as nn.Embedding makes it (N(0, 1), its reset_parameters), from a seeded generator;
    (vocab, d)."""
    return nn.init.normal_(torch.empty(vocab, d, dtype=torch.float64), generator=torch.Generator().manual_seed(seed)
                           ).numpy()


@functools.lru_cache(maxsize=8)
def fresh_embedding_norm(d: int, rows: int = 1000, seed: int = 0) -> float:
    """Mean row norm of a fresh nn.Embedding(rows, d), drawn from N(0, 1): about √d."""
    return float(np.linalg.norm(fresh_embedding(rows, d, seed), axis=1).mean())


def visible_shuffle(ids: list[int], tries: int = 20) -> int | None:
    """The first shuffle number (1, 2, …) whose shuffle_order changes the sentence's tokens, or None if none does
    (every token the same word, or one token)."""
    for seed in range(1, tries + 1):
        if [ids[i] for i in shuffle_order(len(ids), seed)] != list(ids):
            return seed
    return None


def nearest_id(table: np.ndarray, i: int) -> tuple[int, float]:
    """The other word whose row of `table` (V, d) is closest to row i in cosine, and that cosine; special tokens
    (ids 0–3) are skipped."""
    table = np.asarray(table, dtype=np.float64)
    unit = table / np.maximum(np.linalg.norm(table, axis=1, keepdims=True), 1e-12)  # (V, d)
    cos = unit @ unit[i]  # (V,)
    cos[:4], cos[i] = -np.inf, -np.inf
    j = int(cos.argmax())
    return j, float(cos[j])


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    """Cosine similarity of two vectors."""
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def torch_mask_arguments() -> dict[str, list[str]]:
    """The mask arguments of the installed PyTorch's nn.MultiheadAttention.forward and nn.Transformer.forward."""
    return {cls.__name__: [p for p in inspect.signature(cls.forward).parameters if "mask" in p]
            for cls in (nn.MultiheadAttention, nn.Transformer)}


# ---- A convolution as attention (note 004) and restricted self-attention (the paper's Table 1) ---------------------


def conv_kernel(k: int, d_in: int, d_out: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """A random 1-D convolution: one d_in × d_out matrix per offset −(k−1)/2 … (k−1)/2 and a bias; (k, d_in, d_out),
    (d_out,)."""
    rng = np.random.default_rng(seed)
    return rng.normal(size=(k, d_in, d_out)) / np.sqrt(k * d_in), rng.normal(size=d_out) * 0.1


def convolve(x: np.ndarray, kernel: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """The convolution of x (n, d_in) with zero padding, by PyTorch's conv1d; (n, d_out)."""
    weight = torch.from_numpy(np.ascontiguousarray(kernel.transpose(2, 1, 0)))  # (d_out, d_in, k)
    y = torch.nn.functional.conv1d(torch.from_numpy(np.asarray(x, np.float64).T)[None], weight,
                                   torch.from_numpy(bias), padding=len(kernel) // 2)  # (1, d_out, n)
    return y[0].T.numpy()


def offset_heads(n: int, k: int) -> np.ndarray:
    """k fixed attention patterns, one per offset o: query i puts weight 1 on key i + o (none past the ends);
    (k, n, n)."""
    w = (k - 1) // 2
    return np.array([np.eye(n, k=o) for o in range(-w, w + 1)])


def conv_as_attention(x: np.ndarray, kernel: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """The same convolution as k attention heads with fixed one-hot weights, head o reading x·W_o: Σ_o A_o·x·W_o + b;
    (n, d_out)."""
    heads = offset_heads(len(x), len(kernel))  # (k, n, n)
    return np.einsum("oij,jd,ode->ie", heads, np.asarray(x, np.float64), kernel) + bias


def restricted_weights(scores: np.ndarray, r: int) -> tuple[np.ndarray, np.ndarray]:
    """One head's scores (L, L) softmaxed over the r keys centred on each query only (restricted self-attention);
    -> (weights (L, L), keep (L, L))."""
    i, j = np.indices(np.shape(scores))
    keep = np.abs(i - j) <= (r - 1) // 2  # (L, L)
    return softmax(np.where(keep, np.asarray(scores, np.float64), -np.inf)), keep


def shuffled_conv_difference(x: np.ndarray, order: np.ndarray, k: int = 3, seed: int = 0) -> float:
    """max |conv(x shuffled) − conv(x), shuffled the same way| for a random convolution of kernel k: it computes every
    position at once and still sees the order."""
    kernel, bias = conv_kernel(k, x.shape[1], x.shape[1], seed)
    return float(np.abs(convolve(x[order], kernel, bias) - convolve(x, kernel, bias)[order]).max())


# ---- GPT-1's fine-tuning inputs (Radford et al. 2018, §3.3 and Figure 1) --------------------------------------------

GPT1_TOKENS = ("<start>", "<delim>", "<extract>")  # randomly initialised, learned when fine-tuning
GPT1_TASKS = {"classification": 2, "entailment": 3, "similarity": 2, "multiple_choice": 1}  # task: W_y's columns


def gpt1_inputs(a: list[str], b: list[str]) -> dict[str, list[list[str]]]:
    """Each task's input sequences for texts a and b: classification (a), entailment (premise a, hypothesis b),
    similarity (both orders, their final states added), multiple choice (context a, one sequence per answer: b and a
    read backwards)."""
    start, delim, extract = GPT1_TOKENS
    return {"classification": [[start, *a, extract]], "entailment": [[start, *a, delim, *b, extract]],
            "similarity": [[start, *a, delim, *b, extract], [start, *b, delim, *a, extract]],
            "multiple_choice": [[start, *a, delim, *answer, extract] for answer in (b, a[::-1])]}


def gpt1_new_parameters(d: int, inputs: dict[str, list[list[str]]]) -> dict[str, int]:
    """What fine-tuning adds to GPT-1 per task: W_y (d × the task's columns) and an embedding of d for each new token
    its inputs use (gpt1_inputs)."""
    return {task: d * GPT1_TASKS[task] + d * len({tok for seq in seqs for tok in seq if tok in GPT1_TOKENS})
            for task, seqs in inputs.items()}
