"""Model configuration."""
from __future__ import annotations

from dataclasses import asdict, dataclass

POSITIONS = ("sinusoidal", "rope", "alibi", "alibi-sym")


@dataclass(frozen=True)
class TransformerConfig:
    """Hyper-parameters of the encoder–decoder (paper names)."""

    src_vocab_size: int
    tgt_vocab_size: int
    d_model: int = 64
    h: int = 4
    d_ff: int = 256
    N: int = 2
    max_len: int = 64
    norm: str = "post"  # "post": LayerNorm(x + Sublayer(x)); "pre": x + Sublayer(LayerNorm(x))
    dropout: float = 0.1  # residual and embedding dropout (§5.4)
    attn_dropout: float = 0.0  # dropout on the attention weights (training only)
    pe_base: float = 10000.0
    # "sinusoidal": PE added to the embeddings (§3.5); "rope" / "alibi": in self-attention ("alibi": an encoder's heads
    # look one way each; "alibi-sym": both ways with one slope, see positional.alibi_bias)
    position: str = "sinusoidal"
    kv_heads: int = 0  # the decoder's K/V heads, each shared by h / kv_heads query heads (GQA; 1: MQA); 0: h

    def __post_init__(self) -> None:
        if self.d_model % self.h:
            raise ValueError("d_model must be divisible by h")
        if self.position not in POSITIONS:
            raise ValueError(f"position must be one of {POSITIONS}")
        if self.kv_heads < 0 or self.h % self.h_kv:
            raise ValueError("kv_heads must divide h")
        if self.norm not in ("post", "pre"):
            raise ValueError("norm must be 'post' or 'pre'")

    @property
    def h_kv(self) -> int:
        """Number of K/V heads: h for ordinary multi-head attention, fewer when query heads share them."""
        return self.kv_heads or self.h

    @property
    def d_k(self) -> int:
        """Per-head query/key/value width d_k = d_model / h."""
        return self.d_model // self.h

    def to_dict(self) -> dict:
        """Plain dict (JSON-friendly)."""
        return asdict(self)
