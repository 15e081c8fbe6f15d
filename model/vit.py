"""A small Vision Transformer (Dosovitskiy et al. 2021) for 8×8 digits: patches, [CLS], learned positions, Pre-LN."""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import load_model
from torch import nn

from model.checkpoint import CHECKPOINT_DIR
from model.ink import to_image

VIT_DIR = CHECKPOINT_DIR / "vit-digits"  # vit.safetensors (not model.safetensors: it is no translation model)
WEIGHTS = "vit.safetensors"
DRAWN = "drawn.json"  # digits drawn stroke by stroke in Chromium by tools/draw_digits.py: labels, ink texts, accuracy
SAMPLES = (2, 4, 7, 9)  # the canvas's sample digits: the drawn set's first of each


@dataclass(frozen=True)
class ViTConfig:
    """Hyper-parameters of the ViT (paper names: patch size P, d_model, h, d_ff, N)."""

    image_size: int = 8
    patch_size: int = 2
    channels: int = 1
    d_model: int = 48
    h: int = 4
    d_ff: int = 96
    N: int = 3
    n_classes: int = 10
    dropout: float = 0.1

    def __post_init__(self) -> None:
        if self.d_model % self.h:
            raise ValueError("d_model must be divisible by h")
        if self.image_size % self.patch_size:
            raise ValueError("patch_size must divide image_size")

    @property
    def d_k(self) -> int:
        """Per-head query/key width d_model / h."""
        return self.d_model // self.h

    @property
    def grid(self) -> int:
        """Patches per side."""
        return self.image_size // self.patch_size

    @property
    def n_patches(self) -> int:
        """Number of patch tokens (the sequence is one longer: [CLS] first)."""
        return self.grid ** 2

    @property
    def patch_dim(self) -> int:
        """Pixels in one flattened patch, P²·C."""
        return self.patch_size ** 2 * self.channels

    def to_dict(self) -> dict:
        """Plain dict (JSON-friendly)."""
        return asdict(self)


def patchify(images: torch.Tensor, p: int) -> torch.Tensor:
    """(B, H, W) images → (B, (H/P)·(W/P), P²) patches, row by row, each patch's pixels row by row."""
    b, hgt, wid = images.shape
    x = images.reshape(b, hgt // p, p, wid // p, p)  # (B, H/P, P, W/P, P)
    return x.permute(0, 1, 3, 2, 4).reshape(b, (hgt // p) * (wid // p), p * p)  # (B, n_patches, P²)


class Block(nn.Module):
    """Pre-LN encoder layer: x + MSA(LN(x)), then x + MLP(LN(x)) (ViT eq. 2–3)."""

    def __init__(self, cfg: ViTConfig) -> None:
        super().__init__()
        self.h, self.d_k = cfg.h, cfg.d_k
        self.ln1 = nn.LayerNorm(cfg.d_model)
        self.W_Q = nn.Linear(cfg.d_model, cfg.d_model)
        self.W_K = nn.Linear(cfg.d_model, cfg.d_model)
        self.W_V = nn.Linear(cfg.d_model, cfg.d_model)
        self.W_O = nn.Linear(cfg.d_model, cfg.d_model)
        self.ln2 = nn.LayerNorm(cfg.d_model)
        self.fc1 = nn.Linear(cfg.d_model, cfg.d_ff)
        self.fc2 = nn.Linear(cfg.d_ff, cfg.d_model)
        self.drop = nn.Dropout(cfg.dropout)

    def heads(self, x: torch.Tensor) -> torch.Tensor:
        """(B, T, d_model) → (B, h, T, d_k)."""
        b, t, _ = x.shape
        return x.reshape(b, t, self.h, self.d_k).transpose(1, 2)  # (B, h, T, d_k)

    def forward(self, x: torch.Tensor, record: dict | None = None) -> torch.Tensor:
        """One layer; record (if given) receives q, k, v, scores and pattern."""
        y = self.ln1(x)  # (B, T, d_model)
        q, k, v = self.heads(self.W_Q(y)), self.heads(self.W_K(y)), self.heads(self.W_V(y))  # (B, h, T, d_k) each
        scores = q @ k.transpose(-2, -1)  # (B, h, T, T): Q Kᵀ
        pattern = torch.softmax(scores / math.sqrt(self.d_k), dim=-1)  # (B, h, T, T)
        z = (pattern @ v).transpose(1, 2).reshape(x.shape)  # (B, T, d_model): heads concatenated
        if record is not None:
            record.update(q=q, k=k, v=v, scores=scores, pattern=pattern)
        x = x + self.drop(self.W_O(z))  # (B, T, d_model)
        return x + self.drop(self.fc2(self.drop(nn.functional.gelu(self.fc1(self.ln2(x))))))  # (B, T, d_model)


class ViT(nn.Module):
    """Patch embedding, [CLS], learned position embeddings, N Pre-LN layers, a final LayerNorm and the head."""

    def __init__(self, cfg: ViTConfig) -> None:
        super().__init__()
        self.config = cfg
        self.patch_embed = nn.Linear(cfg.patch_dim, cfg.d_model)  # E in eq. 1: a linear map of each flattened patch
        self.cls = nn.Parameter(torch.zeros(1, 1, cfg.d_model))  # x_class
        self.pos = nn.Parameter(torch.randn(1, cfg.n_patches + 1, cfg.d_model) * 0.02)  # E_pos
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.N))
        self.ln = nn.LayerNorm(cfg.d_model)
        self.head = nn.Linear(cfg.d_model, cfg.n_classes)
        self.drop = nn.Dropout(cfg.dropout)

    def embed(self, images: torch.Tensor) -> torch.Tensor:
        """(B, 8, 8) images scaled to [0, 1] → (B, 1 + n_patches, d_model): z_0 of eq. 1."""
        patches = patchify(images, self.config.patch_size)  # (B, n_patches, P²)
        tokens = self.patch_embed(patches)  # (B, n_patches, d_model)
        cls = self.cls.expand(images.shape[0], -1, -1)  # (B, 1, d_model)
        return self.drop(torch.cat([cls, tokens], dim=1) + self.pos)  # (B, 1 + n_patches, d_model)

    def forward(self, images: torch.Tensor, records: list[dict] | None = None) -> torch.Tensor:
        """(B, 8, 8) → (B, n_classes) logits; records (if given) gets one dict per layer."""
        x = self.embed(images)  # (B, T, d_model)
        for block in self.blocks:
            rec = None if records is None else {}
            x = block(x, rec)  # (B, T, d_model)
            if records is not None:
                records.append(rec)
        return self.head(self.ln(x[:, 0]))  # (B, n_classes): y = head(LN(z_L^0)), eq. 4


@dataclass(frozen=True)
class ViTTrace:
    """One image's forward pass: its input, probabilities and every layer's attention (NumPy, float32)."""

    image: np.ndarray  # (8, 8) in [0, 1], as the model read it (occluded patches zeroed)
    probs: np.ndarray  # (n_classes,)
    q: np.ndarray  # (N, h, T, d_k)
    k: np.ndarray  # (N, h, T, d_k)
    v: np.ndarray  # (N, h, T, d_k)
    scores: np.ndarray  # (N, h, T, T) Q Kᵀ before ÷√d_k
    pattern: np.ndarray  # (N, h, T, T)
    config: ViTConfig


@torch.no_grad()
def trace_image(model: ViT, image: np.ndarray) -> ViTTrace:
    """Run one (8, 8) image in [0, 1] and record every layer."""
    records: list[dict] = []
    x = torch.as_tensor(image, dtype=torch.float32)[None]  # (1, 8, 8)
    logits = model(x, records)  # (1, n_classes)
    stack = {name: torch.stack([r[name][0] for r in records]).numpy() for name in ("q", "k", "v", "scores", "pattern")}
    probs = torch.softmax(logits[0], dim=-1).numpy()  # (n_classes,)
    return ViTTrace(image=np.asarray(image, dtype=np.float32), probs=probs, config=model.config, **stack)


def rollout(pattern: np.ndarray) -> np.ndarray:
    """Attention rollout (Abnar & Zuidema 2020): heads averaged, ½(A + I) row-normalised, multiplied over layers."""
    n_tok = pattern.shape[-1]
    result = np.eye(n_tok, dtype=np.float64)  # (T, T)
    for layer in pattern:  # (h, T, T)
        a = 0.5 * layer.mean(axis=0) + 0.5 * np.eye(n_tok)  # (T, T)
        a = a / a.sum(axis=-1, keepdims=True)
        result = a @ result  # (T, T): layer l's mixing applied after the layers below
    return result


def patch_centres(grid: int) -> np.ndarray:
    """(grid², 2) row and column of each patch's centre, in patches."""
    rows, cols = np.divmod(np.arange(grid * grid), grid)
    return np.stack([rows, cols], axis=1).astype(np.float64)


def mean_distance(pattern: np.ndarray, grid: int, pixels_per_patch: int) -> np.ndarray:
    """(N, h) mean attention distance in pixels (ViT Fig. 7 right): patch queries over patch keys, [CLS] left out."""
    centres = patch_centres(grid)  # (n_patches, 2)
    dist = np.linalg.norm(centres[:, None] - centres[None], axis=-1) * pixels_per_patch  # (n_patches, n_patches)
    a = pattern[:, :, 1:, 1:]  # (N, h, n_patches, n_patches)
    a = a / np.maximum(a.sum(axis=-1, keepdims=True), 1e-12)  # the weight among patches only
    return (a * dist).sum(axis=-1).mean(axis=-1)  # (N, h)


def position_similarity(model: ViT) -> np.ndarray:
    """(n_patches, n_patches) cosine similarity of the patches' learned position embeddings (ViT Fig. 7 centre)."""
    pos = model.pos[0, 1:].detach().numpy().astype(np.float64)  # (n_patches, d_model)
    unit = pos / np.linalg.norm(pos, axis=-1, keepdims=True)
    return unit @ unit.T


def load_vit(directory: Path = VIT_DIR) -> ViT:
    """The shipped ViT in eval mode (its config.json and vit.safetensors)."""
    cfg = ViTConfig(**json.loads((directory / "config.json").read_text()))
    model = ViT(cfg)
    load_model(model, str(directory / WEIGHTS))
    return model.eval()


@torch.no_grad()
def classify(model: ViT, inks: list[str]) -> np.ndarray:
    """(n,) predicted digit of each ink text (a blank one reads as an empty image)."""
    blank = np.zeros((model.config.image_size,) * 2, np.float32)
    images = np.stack([img if (img := to_image(ink)) is not None else blank for ink in inks])  # (n, 8, 8)
    return model(torch.from_numpy(images)).argmax(-1).numpy()


def data_record(directory: Path = VIT_DIR) -> dict:
    """What the page says about the model: training and held-out sizes, held-out accuracy, the data's credit, the
    drawn set's size and accuracy, and the canvas's sample digits."""
    log = json.loads((directory / "train_log.json").read_text())
    drawn = json.loads((directory / DRAWN).read_text())
    firsts = {d["label"]: d["ink"] for d in reversed(drawn["digits"])}
    return {"train": log["data"]["train"], "held_out": log["data"]["held_out"],
            "held_out_accuracy": log["held_out_accuracy"], "credit": log["data"]["credit"],
            "drawn_n": len(drawn["digits"]), "drawn_accuracy": drawn["accuracy"],
            "samples": [{"label": str(d), "ink": firsts[d]} for d in SAMPLES if d in firsts]}
