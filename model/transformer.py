"""The encoder–decoder Transformer of "Attention Is All You Need", written out with hook points."""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch
from torch import nn

from model.attention import attend
from model.config import TransformerConfig
from model.hooks import HookPoint, recording, stamp_names
from model.positional import sinusoidal_encoding
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
    """h heads with per-head slices of W_Q, W_K, W_V and a shared output projection W_O."""

    def __init__(self, cfg: TransformerConfig) -> None:
        super().__init__()
        self.h, self.d_k = cfg.h, cfg.d_k
        self.W_Q = nn.Linear(cfg.d_model, cfg.d_model)
        self.W_K = nn.Linear(cfg.d_model, cfg.d_model)
        self.W_V = nn.Linear(cfg.d_model, cfg.d_model)
        self.W_O = nn.Linear(cfg.d_model, cfg.d_model)
        for name in ("q", "k", "v", "scores", "scaled", "mask", "masked_scores", "pattern", "z", "concat", "out"):
            setattr(self, f"hook_{name}", HookPoint())

    def split_heads(self, x: torch.Tensor) -> torch.Tensor:
        """(B, L, d_model) -> (B, h, L, d_k)."""
        B, L, _ = x.shape
        return x.view(B, L, self.h, self.d_k).transpose(1, 2)

    def forward(self, x_q: torch.Tensor, x_kv: torch.Tensor, mask: torch.Tensor, opts: AttnOptions) -> torch.Tensor:
        """Attention of queries from x_q over keys/values from x_kv; mask (B, L_q|1, L_k) True = keep."""
        B, L_q, d_model = x_q.shape
        q = self.hook_q(self.split_heads(self.W_Q(x_q)))  # (B, h, L_q, d_k)
        k = self.hook_k(self.split_heads(self.W_K(x_kv)))  # (B, h, L_k, d_k)
        v = self.hook_v(self.split_heads(self.W_V(x_kv)))  # (B, h, L_k, d_k)
        keep = self.hook_mask(mask.expand(B, L_q, x_kv.shape[1]))  # (B, L_q, L_k)
        r = attend(q, k, v, keep[:, None], opts.scale, opts.temperature)
        self.hook_scores(r.scores)  # (B, h, L_q, L_k)
        self.hook_scaled(r.scaled)  # (B, h, L_q, L_k)
        self.hook_masked_scores(r.masked)  # (B, h, L_q, L_k)
        self.hook_pattern(r.weights)  # (B, h, L_q, L_k)
        z = self.hook_z(r.output)  # (B, h, L_q, d_k)
        concat = self.hook_concat(z.transpose(1, 2).reshape(B, L_q, d_model))  # (B, L_q, d_model)
        return self.hook_out(self.W_O(concat))  # (B, L_q, d_model)


def add_norm(x, sublayer, norm: nn.LayerNorm, dropout: nn.Dropout, hook_resid: HookPoint, hook_ln: HookPoint,
             pre: bool):
    """Post-Norm: LayerNorm(x + Sublayer(x)); Pre-Norm: x + Sublayer(LayerNorm(x))."""
    if pre:
        return hook_resid(x + dropout(sublayer(hook_ln(norm(x)))))  # (B, L, d_model)
    return hook_ln(norm(hook_resid(x + dropout(sublayer(x)))))  # (B, L, d_model)


RESID_NAMES = {2: ["resid_mid", "resid_post"], 3: ["resid_mid", "resid_mid2", "resid_post"]}


class Layer(nn.Module):
    """Shared parts of encoder and decoder layers: FFN, LayerNorms and the residual hooks."""

    def __init__(self, cfg: TransformerConfig, n_sublayers: int) -> None:
        super().__init__()
        self.pre = cfg.norm == "pre"
        self.W_1 = nn.Linear(cfg.d_model, cfg.d_ff)
        self.W_2 = nn.Linear(cfg.d_ff, cfg.d_model)
        self.hook_ffn_hidden = HookPoint()
        self.dropout = nn.Dropout(cfg.dropout)
        self.resid_names = RESID_NAMES[n_sublayers]
        for i, name in enumerate(self.resid_names, start=1):
            setattr(self, f"norm{i}", nn.LayerNorm(cfg.d_model))
            setattr(self, f"hook_{name}", HookPoint())
            setattr(self, f"hook_ln{i}", HookPoint())

    def ffn(self, x: torch.Tensor) -> torch.Tensor:
        """Position-wise FFN: ReLU(x W_1 + b_1) W_2 + b_2; (B, L, d_model) -> (B, L, d_model)."""
        hidden = self.hook_ffn_hidden(torch.relu(self.W_1(x)))  # (B, L, d_ff)
        return self.W_2(hidden)

    def sublayer(self, i: int, x: torch.Tensor, fn) -> torch.Tensor:
        """Apply the i-th (1-based) residual sublayer with its Add & Norm."""
        hook_resid = getattr(self, f"hook_{self.resid_names[i - 1]}")
        norm, hook_ln = getattr(self, f"norm{i}"), getattr(self, f"hook_ln{i}")
        return add_norm(x, fn, norm, self.dropout, hook_resid, hook_ln, self.pre)


class EncoderLayer(Layer):
    """Self-attention, Add & Norm, FFN, Add & Norm."""

    def __init__(self, cfg: TransformerConfig) -> None:
        super().__init__(cfg, 2)
        self.self_attn = MultiHeadAttention(cfg)

    def forward(self, x: torch.Tensor, src_mask: torch.Tensor, opts: AttnOptions) -> torch.Tensor:
        """(B, S, d_model) -> (B, S, d_model)."""
        x = self.sublayer(1, x, lambda t: self.self_attn(t, t, src_mask, opts))
        return self.sublayer(2, x, self.ffn)


class DecoderLayer(Layer):
    """Masked self-attention, cross-attention over memory, FFN; each with Add & Norm."""

    def __init__(self, cfg: TransformerConfig) -> None:
        super().__init__(cfg, 3)
        self.self_attn = MultiHeadAttention(cfg)
        self.cross_attn = MultiHeadAttention(cfg)

    def forward(self, y, memory, src_mask, tgt_mask, opts: AttnOptions) -> torch.Tensor:
        """(B, T, d_model) -> (B, T, d_model); cross-attention takes Q from y, K and V from memory."""
        y = self.sublayer(1, y, lambda t: self.self_attn(t, t, tgt_mask, opts))
        y = self.sublayer(2, y, lambda t: self.cross_attn(t, memory, src_mask, opts))
        return self.sublayer(3, y, self.ffn)


class Transformer(nn.Module):
    """Encoder–decoder Transformer; every intermediate passes through a named HookPoint."""

    def __init__(self, cfg: TransformerConfig) -> None:
        super().__init__()
        self.cfg = cfg
        self.src_lut = nn.Embedding(cfg.src_vocab_size, cfg.d_model, padding_idx=PAD_ID)
        self.tgt_lut = nn.Embedding(cfg.tgt_vocab_size, cfg.d_model, padding_idx=PAD_ID)
        pe = torch.tensor(sinusoidal_encoding(cfg.max_len + 2, cfg.d_model, cfg.pe_base), dtype=torch.float32)
        self.register_buffer("pe", pe, persistent=False)  # (max_len + 2, d_model)
        self.encoder = nn.ModuleList(EncoderLayer(cfg) for _ in range(cfg.N))
        self.decoder = nn.ModuleList(DecoderLayer(cfg) for _ in range(cfg.N))
        self.enc_norm = nn.LayerNorm(cfg.d_model) if cfg.norm == "pre" else nn.Identity()
        self.dec_norm = nn.LayerNorm(cfg.d_model) if cfg.norm == "pre" else nn.Identity()
        self.generator = nn.Linear(cfg.d_model, cfg.tgt_vocab_size)
        self.dropout = nn.Dropout(cfg.dropout)
        for name in ("src_embed", "pos_enc", "src_input", "tgt_embed", "tgt_pos_enc", "tgt_input"):
            setattr(self, f"hook_{name}", HookPoint())
        self.hook_memory = HookPoint()
        self.hook_dec_out = HookPoint()
        self.hook_logits = HookPoint()
        self.hook_points = stamp_names(self)

    def embed(self, ids: torch.Tensor, side: str) -> torch.Tensor:
        """Token embedding × √d_model + PE for side "src" or "tgt"; (B, L) -> (B, L, d_model)."""
        lut = self.src_lut if side == "src" else self.tgt_lut
        x = getattr(self, f"hook_{side}_embed")(lut(ids) * math.sqrt(self.cfg.d_model))  # (B, L, d_model)
        hook_pe = self.hook_pos_enc if side == "src" else self.hook_tgt_pos_enc
        pe = hook_pe(self.pe[: ids.shape[1]])  # (L, d_model)
        return getattr(self, f"hook_{side}_input")(self.dropout(x + pe))  # (B, L, d_model)

    def encode(self, src_ids: torch.Tensor, opts: AttnOptions = AttnOptions()) -> torch.Tensor:
        """(B, S) -> memory (B, S, d_model)."""
        x = self.embed(src_ids, "src")
        src_mask = padding_mask(src_ids)  # (B, 1, S)
        for layer in self.encoder:
            x = layer(x, src_mask, opts)
        return self.hook_memory(self.enc_norm(x))  # (B, S, d_model)

    def decode(self, memory, src_ids, tgt_ids, opts: AttnOptions = AttnOptions()) -> torch.Tensor:
        """Decoder over tgt_ids (B, T) with memory (B, S, d_model) -> logits (B, T, V_tgt)."""
        y = self.embed(tgt_ids, "tgt")
        src_mask, tgt_mask = padding_mask(src_ids), decoder_self_mask(tgt_ids)  # (B, 1, S), (B, T, T)
        for layer in self.decoder:
            y = layer(y, memory, src_mask, tgt_mask, opts)
        y = self.hook_dec_out(self.dec_norm(y))  # (B, T, d_model)
        return self.hook_logits(self.generator(y))  # (B, T, V_tgt)

    def forward(self, src_ids, tgt_ids, opts: AttnOptions = AttnOptions()) -> torch.Tensor:
        """Teacher-forced logits (B, T, V_tgt)."""
        return self.decode(self.encode(src_ids, opts), src_ids, tgt_ids, opts)

    @staticmethod
    def recording(detach: bool = True):
        """Context manager yielding the dict that the hook points fill in this thread (see model.hooks)."""
        return recording(detach)
