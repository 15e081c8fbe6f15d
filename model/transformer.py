"""The encoder–decoder Transformer of "Attention Is All You Need", written out with hook points."""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch
from torch import nn

from model.attention import attend
from model.config import TransformerConfig
from model.hooks import Edit, HookPoint, editing, recording, stamp_names
from model.positional import alibi_bias, rope_angles, sinusoidal_encoding
from model.tokenizer import PAD_ID


@dataclass(frozen=True)
class AttnOptions:
    """Run-time attention options (the app's toggles), passed down the forward pass."""

    scale: bool = True
    temperature: float = 1.0


def padding_mask(ids: torch.Tensor) -> torch.Tensor:
    """Key padding mask: True where the key is a real token; (B, 1, L)."""
    return (ids != PAD_ID)[:, None, :]


def causal_mask(length: int) -> torch.Tensor:
    """Subsequent mask: position i may attend to j <= i; (1, L, L)."""
    return torch.tril(torch.ones(length, length, dtype=torch.bool))[None]


def decoder_self_mask(tgt_ids: torch.Tensor) -> torch.Tensor:
    """Target padding mask combined with the causal mask; (B, T, T)."""
    return padding_mask(tgt_ids) & causal_mask(tgt_ids.shape[1])


class MultiHeadAttention(nn.Module):
    """h heads with per-head slices of W_Q, W_K, W_V and a shared output projection W_O. With cfg.kv_heads, groups
    of h / h_kv query heads share one K/V head (GQA; MQA at 1) where `grouped`; in self-attention cfg.position may
    rotate q and k (RoPE) or bias the scores by distance (ALiBi)."""

    def __init__(self, cfg: TransformerConfig, self_attention: bool = True, grouped: bool = False,
                 causal: bool = False) -> None:
        super().__init__()
        self.causal = causal  # the decoder's self-attention: every key it keeps is on the left
        self.h, self.d_k = cfg.h, cfg.d_k
        self.h_kv = cfg.h_kv if grouped else cfg.h
        self.position = cfg.position if self_attention else "sinusoidal"  # cross-attention has no shared positions
        self.pe_base = cfg.pe_base
        self.W_Q = nn.Linear(cfg.d_model, cfg.d_model)
        self.W_K = nn.Linear(cfg.d_model, self.h_kv * cfg.d_k)
        self.W_V = nn.Linear(cfg.d_model, self.h_kv * cfg.d_k)
        self.W_O = nn.Linear(cfg.d_model, cfg.d_model)
        self.attn_dropout = nn.Dropout(cfg.attn_dropout)  # training only: drops attention weights before × V
        self.hook_q = HookPoint()  # (B, h, L_q, d_k)
        self.hook_k = HookPoint()  # (B, h_kv, L_k, d_k)
        self.hook_v = HookPoint()  # (B, h_kv, L_k, d_k)
        self.hook_q_rot = HookPoint()  # (B, h, L_q, d_k) RoPE only: q rotated by its position
        self.hook_k_rot = HookPoint()  # (B, h_kv, L_k, d_k) RoPE only
        self.hook_bias = HookPoint()  # (h, L_q, L_k) ALiBi only (see positional.alibi_bias)
        self.hook_mask = HookPoint()  # (B, L_q, L_k) True = keep
        self.hook_scores = HookPoint()  # (B, h, L_q, L_k) Q Kᵀ
        self.hook_scaled = HookPoint()  # (B, h, L_q, L_k) Q Kᵀ / √d_k
        self.hook_masked_scores = HookPoint()  # (B, h, L_q, L_k) −inf where masked (ALiBi's bias added)
        self.hook_pattern = HookPoint()  # (B, h, L_q, L_k) softmax weights
        self.hook_z = HookPoint()  # (B, h, L_q, d_k) pattern · V
        self.hook_concat = HookPoint()  # (B, L_q, d_model) heads side by side
        self.hook_out = HookPoint()  # (B, L_q, d_model) concat · W_O

    def split_heads(self, x: torch.Tensor) -> torch.Tensor:
        """(B, L, n · d_k) -> (B, n, L, d_k) for n heads."""
        B, L, width = x.shape
        return x.view(B, L, width // self.d_k, self.d_k).transpose(1, 2)

    def shared(self, kv: torch.Tensor) -> torch.Tensor:
        """K or V per query head: head i reads K/V head i // (h / h_kv); (B, h_kv, L, d_k) -> (B, h, L, d_k)."""
        return kv if self.h_kv == self.h else kv.repeat_interleave(self.h // self.h_kv, dim=1)

    def forward(self, x_q: torch.Tensor, x_kv: torch.Tensor, mask: torch.Tensor, opts: AttnOptions,
                past: KV | None = None) -> torch.Tensor:
        """Attention of queries from x_q over keys/values from x_kv; mask (B, L_q|1, L_k) True = keep. With `past`
        (a decoding step with a KV cache) x_q holds the new positions only: self-attention appends x_kv's K/V rows
        to the cache and attends over all of them; cross-attention projects memory once and reuses it."""
        B, L_q, d_model = x_q.shape
        k, v = self.keys_values(x_kv, past)  # (B, h_kv, L_k, d_k) each
        L_k = k.shape[2]
        q = self.hook_q(self.split_heads(self.W_Q(x_q)))  # (B, h, L_q, d_k)
        bias = None
        if self.position == "rope":
            q = self.hook_q_rot(rotate(q, torch.arange(L_k - L_q, L_k), self.pe_base))  # (B, h, L_q, d_k)
        elif self.position.startswith("alibi"):
            one_slope = self.causal or self.position == "alibi-sym"  # causal: the paper's; else split heads
            bias = alibi_bias(self.h, L_q, L_k, L_k - L_q, one_slope)  # (h, L_q, L_k)
            bias = self.hook_bias(torch.tensor(bias, dtype=q.dtype))  # (h, L_q, L_k)
        keep = self.hook_mask(mask.expand(B, L_q, L_k))  # (B, L_q, L_k)
        k, v = self.shared(k), self.shared(v)  # (B, h, L_k, d_k) each
        r = attend(q, k, v, keep[:, None], opts.scale, opts.temperature, bias)
        self.hook_scores(r.scores)  # (B, h, L_q, L_k)
        self.hook_scaled(r.scaled)  # (B, h, L_q, L_k)
        self.hook_masked_scores(r.masked_scores)  # (B, h, L_q, L_k)
        self.hook_pattern(r.pattern)  # (B, h, L_q, L_k)
        z = self.hook_z(self.attn_dropout(r.pattern) @ v if self.training else r.z)  # (B, h, L_q, d_k)
        concat = self.hook_concat(z.transpose(1, 2).reshape(B, L_q, d_model))  # (B, L_q, d_model)
        return self.hook_out(self.W_O(concat))  # (B, L_q, d_model)

    def keys_values(self, x_kv: torch.Tensor, past: KV | None) -> tuple[torch.Tensor, torch.Tensor]:
        """K and V of every key: x_kv's projections (RoPE-rotated by position), after the cached ones if any;
        a cross-attention cache (`static`) projects memory on its first pass only, and every pass's hooks see
        them. (B, L, d_model) -> (B, h_kv, L_k, d_k) twice."""
        if past is not None and past.static:
            if past.k is None:
                past.k, past.v = self.split_heads(self.W_K(x_kv)), self.split_heads(self.W_V(x_kv))  # (B,h_kv,S,d_k)
            return self.hook_k(past.k), self.hook_v(past.v)  # (B, h_kv, S, d_k) each
        start = past.length if past is not None else 0
        k = self.hook_k(self.split_heads(self.W_K(x_kv)))  # (B, h_kv, L, d_k)
        v = self.hook_v(self.split_heads(self.W_V(x_kv)))  # (B, h_kv, L, d_k)
        if self.position == "rope":
            k = self.hook_k_rot(rotate(k, torch.arange(start, start + k.shape[2]), self.pe_base))  # (B, h_kv, L, d_k)
        return past.extend(k, v) if past is not None else (k, v)


@dataclass
class KV:
    """One attention block's key/value cache: the rows of every position decoded so far (self-attention), or the
    memory's K/V projected once (cross-attention, `static`)."""

    static: bool = False
    k: torch.Tensor | None = None  # (B, h_kv, L, d_k)
    v: torch.Tensor | None = None  # (B, h_kv, L, d_k)

    @property
    def length(self) -> int:
        """Positions held."""
        return 0 if self.k is None else self.k.shape[2]

    def extend(self, k: torch.Tensor, v: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Append new rows (B, h_kv, L_new, d_k) and return everything held."""
        self.k = k if self.k is None else torch.cat([self.k, k], dim=2)  # (B, h_kv, L, d_k)
        self.v = v if self.v is None else torch.cat([self.v, v], dim=2)  # (B, h_kv, L, d_k)
        return self.k, self.v


def new_cache(N: int) -> list[tuple[KV, KV]]:
    """An empty KV cache for a decoder of N layers: (self-attention, cross-attention) per layer."""
    return [(KV(), KV(static=True)) for _ in range(N)]


def cross_cache(N: int) -> list[KV]:
    """An empty cross-attention cache for N decoder layers: passes over one memory project its K/V once."""
    return [KV(static=True) for _ in range(N)]


def rotate(x: torch.Tensor, positions: torch.Tensor, base: float) -> torch.Tensor:
    """RoPE: each pair (x[2i], x[2i+1]) of a row at position p turned by the angle p · base^(−2i/d_k);
    (B, n, L, d_k) -> (B, n, L, d_k)."""
    angles = torch.tensor(rope_angles(positions.numpy(), x.shape[-1], base), dtype=x.dtype)  # (L, d_k/2)
    cos, sin = angles.cos(), angles.sin()  # (L, d_k/2)
    even, odd = x[..., 0::2], x[..., 1::2]  # (B, n, L, d_k/2)
    turned = torch.stack((even * cos - odd * sin, even * sin + odd * cos), dim=-1)  # (B, n, L, d_k/2, 2)
    return turned.flatten(-2)  # (B, n, L, d_k)


def drop(dropout: nn.Dropout, x: torch.Tensor) -> torch.Tensor:
    """dropout(x) while training, else x itself (not through nn.Dropout's call: ~3 µs, ten times a pass)."""
    return dropout(x) if dropout.training else x


class SublayerConnection(nn.Module):
    """Residual connection with LayerNorm: Post-Norm LayerNorm(x + Sublayer(x)), Pre-Norm x + Sublayer(LayerNorm(x))."""

    def __init__(self, cfg: TransformerConfig) -> None:
        super().__init__()
        self.pre = cfg.norm == "pre"
        self.norm = nn.LayerNorm(cfg.d_model)
        self.dropout = nn.Dropout(cfg.dropout)

    def forward(self, x: torch.Tensor, sublayer, hook_resid: HookPoint, hook_ln: HookPoint) -> torch.Tensor:
        """(B, L, d_model) -> (B, L, d_model); hook_resid sees x + Sublayer(·), hook_ln the LayerNorm output."""
        if self.pre:
            return hook_resid(x + drop(self.dropout, sublayer(hook_ln(self.norm(x)))))
        return hook_ln(self.norm(hook_resid(x + drop(self.dropout, sublayer(x)))))


class FeedForward(nn.Module):
    """Position-wise FFN: ReLU(x W_1 + b_1) W_2 + b_2."""

    def __init__(self, cfg: TransformerConfig) -> None:
        super().__init__()
        self.W_1 = nn.Linear(cfg.d_model, cfg.d_ff)
        self.W_2 = nn.Linear(cfg.d_ff, cfg.d_model)

    def forward(self, x: torch.Tensor, hook_hidden: HookPoint) -> torch.Tensor:
        """(B, L, d_model) -> (B, L, d_model); hook_hidden sees the ReLU activations (B, L, d_ff)."""
        return self.W_2(hook_hidden(torch.relu(self.W_1(x))))


class EncoderLayer(nn.Module):
    """Self-attention, Add & Norm, FFN, Add & Norm."""

    def __init__(self, cfg: TransformerConfig) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(cfg)
        self.ffn = FeedForward(cfg)
        self.sub1 = SublayerConnection(cfg)
        self.sub2 = SublayerConnection(cfg)
        self.hook_resid_mid = HookPoint()  # (B, S, d_model) x + SelfAttn(·)
        self.hook_ln1 = HookPoint()  # (B, S, d_model) first LayerNorm's output
        self.hook_ffn_hidden = HookPoint()  # (B, S, d_ff)
        self.hook_resid_post = HookPoint()  # (B, S, d_model) x + FFN(·)
        self.hook_ln2 = HookPoint()  # (B, S, d_model) second LayerNorm's output

    def forward(self, x: torch.Tensor, src_mask: torch.Tensor, opts: AttnOptions) -> torch.Tensor:
        """(B, S, d_model) -> (B, S, d_model)."""
        x = self.sub1(x, lambda t: self.self_attn(t, t, src_mask, opts), self.hook_resid_mid, self.hook_ln1)
        return self.sub2(x, lambda t: self.ffn(t, self.hook_ffn_hidden), self.hook_resid_post, self.hook_ln2)


class DecoderLayer(nn.Module):
    """Masked self-attention, cross-attention over memory, FFN; each with Add & Norm. With cfg.kv_heads both
    attentions share K/V heads (GQA, as Ainslie et al. (2023) apply it: the decoder's, whose K/V a cache holds)."""

    def __init__(self, cfg: TransformerConfig) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(cfg, grouped=True, causal=True)
        self.cross_attn = MultiHeadAttention(cfg, self_attention=False, grouped=True)
        self.ffn = FeedForward(cfg)
        self.sub1 = SublayerConnection(cfg)
        self.sub2 = SublayerConnection(cfg)
        self.sub3 = SublayerConnection(cfg)
        self.hook_resid_mid = HookPoint()  # (B, T, d_model) y + MaskedSelfAttn(·)
        self.hook_ln1 = HookPoint()  # (B, T, d_model)
        self.hook_resid_mid2 = HookPoint()  # (B, T, d_model) y + CrossAttn(·, memory)
        self.hook_ln2 = HookPoint()  # (B, T, d_model)
        self.hook_ffn_hidden = HookPoint()  # (B, T, d_ff)
        self.hook_resid_post = HookPoint()  # (B, T, d_model) y + FFN(·)
        self.hook_ln3 = HookPoint()  # (B, T, d_model)

    def forward(self, y, memory, src_mask, tgt_mask, opts: AttnOptions, past: tuple[KV, KV] | None = None):
        """(B, T, d_model) -> (B, T, d_model); cross-attention takes Q from y, K and V from memory. With `past` (this
        layer's (self, cross) KV cache) y holds only the new positions."""
        self_kv, cross_kv = past or (None, None)
        y = self.sub1(y, lambda t: self.self_attn(t, t, tgt_mask, opts, self_kv), self.hook_resid_mid, self.hook_ln1)
        y = self.sub2(y, lambda t: self.cross_attn(t, memory, src_mask, opts, cross_kv), self.hook_resid_mid2,
                      self.hook_ln2)
        return self.sub3(y, lambda t: self.ffn(t, self.hook_ffn_hidden), self.hook_resid_post, self.hook_ln3)


class Transformer(nn.Module):
    """Encoder–decoder Transformer; every intermediate passes through a named HookPoint."""

    def __init__(self, cfg: TransformerConfig) -> None:
        super().__init__()
        self.config = cfg
        self.src_lut = nn.Embedding(cfg.src_vocab_size, cfg.d_model, padding_idx=PAD_ID)
        self.tgt_lut = nn.Embedding(cfg.tgt_vocab_size, cfg.d_model, padding_idx=PAD_ID)
        pe = torch.tensor(sinusoidal_encoding(cfg.max_len + 2, cfg.d_model, cfg.pe_base), dtype=torch.float32)
        self.register_buffer("pe", pe, persistent=False)  # (max_len + 2, d_model)
        self.encoder = nn.ModuleList(EncoderLayer(cfg) for _ in range(cfg.N))
        self.decoder = nn.ModuleList(DecoderLayer(cfg) for _ in range(cfg.N))
        self.enc_norm = nn.LayerNorm(cfg.d_model) if cfg.norm == "pre" else nn.Identity()
        self.dec_norm = nn.LayerNorm(cfg.d_model) if cfg.norm == "pre" else nn.Identity()
        self.generator = nn.Linear(cfg.d_model, cfg.tgt_vocab_size)
        self.generator.weight = self.tgt_lut.weight  # §3.4: the output projection shares the target embedding
        self.dropout = nn.Dropout(cfg.dropout)
        self.hook_src_embed = HookPoint()  # (B, S, d_model) embedding × √d_model
        self.hook_pos_enc = HookPoint()  # (S, d_model)
        self.hook_src_input = HookPoint()  # (B, S, d_model) embedding × √d_model + PE
        self.hook_memory = HookPoint()  # (B, S, d_model) the encoder's output
        self.hook_tgt_embed = HookPoint()  # (B, T, d_model)
        self.hook_tgt_pos_enc = HookPoint()  # (T, d_model)
        self.hook_tgt_input = HookPoint()  # (B, T, d_model)
        self.hook_dec_out = HookPoint()  # (B, T, d_model) the decoder's output
        self.hook_logits = HookPoint()  # (B, T, V_tgt)
        stamp_names(self)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Paper-style initialisation: Xavier-uniform matrices, zero biases, embeddings N(0, 1/d_model) so that
        embedding × √d_model has unit scale per component (the same order as the PE it is added to)."""
        for name, p in self.named_parameters():
            if name.endswith("_lut.weight"):
                nn.init.normal_(p, 0.0, self.config.d_model**-0.5)
            elif p.dim() > 1:
                nn.init.xavier_uniform_(p)
            elif name.endswith("bias") and "norm" not in name:
                nn.init.zeros_(p)
        for lut in (self.src_lut, self.tgt_lut):
            with torch.no_grad():
                lut.weight[PAD_ID].zero_()

    def embed(self, ids: torch.Tensor, lut: nn.Embedding, hooks: tuple[HookPoint, HookPoint, HookPoint], start=0):
        """Token embedding × √d_model + PE from position `start` (no PE when position lives in self-attention:
        RoPE, ALiBi); hooks = (embed, pos_enc, input); (B, L) -> (B, L, d_model)."""
        hook_embed, hook_pe, hook_input = hooks
        x = hook_embed(lut(ids) * math.sqrt(self.config.d_model))  # (B, L, d_model)
        pe = self.pe[start : start + ids.shape[1]]  # (L, d_model)
        if self.config.position != "sinusoidal":
            pe = torch.zeros_like(pe)  # nothing added: position lives in self-attention
        return hook_input(drop(self.dropout, x + hook_pe(pe)))  # (B, L, d_model)

    def encode(self, src_ids: torch.Tensor, opts: AttnOptions = AttnOptions()) -> torch.Tensor:
        """(B, S) -> memory (B, S, d_model)."""
        x = self.embed(src_ids, self.src_lut, (self.hook_src_embed, self.hook_pos_enc, self.hook_src_input))
        src_mask = padding_mask(src_ids)  # (B, 1, S)
        for layer in self.encoder:
            x = layer(x, src_mask, opts)
        return self.hook_memory(self.enc_norm(x))  # (B, S, d_model)

    def decode(self, memory, src_ids, tgt_ids, opts: AttnOptions = AttnOptions(),
               cross: list[KV] | None = None) -> torch.Tensor:
        """Decoder over tgt_ids (B, T) with memory (B, S, d_model) -> logits (B, T, V_tgt). `cross` (one static KV
        per layer, `cross_cache`) keeps the memory's K/V between passes over the same memory."""
        y = self.embed(tgt_ids, self.tgt_lut, (self.hook_tgt_embed, self.hook_tgt_pos_enc, self.hook_tgt_input))
        src_mask, tgt_mask = padding_mask(src_ids), decoder_self_mask(tgt_ids)  # (B, 1, S), (B, T, T)
        for i, layer in enumerate(self.decoder):
            y = layer(y, memory, src_mask, tgt_mask, opts, None if cross is None else (None, cross[i]))
        y = self.hook_dec_out(self.dec_norm(y))  # (B, T, d_model)
        return self.hook_logits(self.generator(y))  # (B, T, V_tgt)

    def decode_step(self, memory, src_ids, new_ids, cache: list[tuple[KV, KV]], opts: AttnOptions = AttnOptions()):
        """One decoding step with a KV cache (`new_cache`): the decoder runs on the new positions new_ids (B, t)
        only, reading earlier positions' K/V from the cache, which it extends -> logits (B, t, V_tgt), equal to
        decode()'s last t rows."""
        start = cache[0][0].length
        hooks = (self.hook_tgt_embed, self.hook_tgt_pos_enc, self.hook_tgt_input)
        y = self.embed(new_ids, self.tgt_lut, hooks, start)  # (B, t, d_model)
        src_mask = padding_mask(src_ids)  # (B, 1, S)
        tgt_mask = causal_mask(start + new_ids.shape[1])[:, start:]  # (1, t, start + t)
        for layer, past in zip(self.decoder, cache):
            y = layer(y, memory, src_mask, tgt_mask, opts, past)
        return self.hook_logits(self.generator(self.hook_dec_out(self.dec_norm(y))))  # (B, t, V_tgt)

    def forward(self, src_ids, tgt_ids, opts: AttnOptions = AttnOptions()) -> torch.Tensor:
        """Teacher-forced logits (B, T, V_tgt)."""
        return self.decode(self.encode(src_ids, opts), src_ids, tgt_ids, opts)

    # Record and edit through the model, not model.hooks directly: after a source edit Streamlit re-imports every
    # module of the app while st.cache_resource keeps this model, whose hook points read the ContextVars of the
    # model.hooks they were built with; these methods are of that same module.
    @staticmethod
    def recording(detach: bool = True):
        """Context manager yielding the dict that the hook points fill in this thread (see model.hooks)."""
        return recording(detach)

    @staticmethod
    def editing(edits: dict[str, Edit]):
        """Context manager applying `edits` at the named hook points in this thread (see model.hooks)."""
        return editing(edits)
