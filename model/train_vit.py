"""Train the digits ViT on scikit-learn's bundled 8×8 digits: python -m model.train_vit [--steps N] [--out DIR]."""
from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import save_model
from torch import nn

from model.vit import VIT_DIR, WEIGHTS, ViT, ViTConfig

SEED = 0
HELD_OUT = 0.2  # a fixed permutation (seed 0) puts this share of the 1,797 digits aside, never trained on
CREDIT = ("UCI ML hand-written digits (optdigits test part, 1,797 8×8 images by 13 writers of the 43; Alpaydin & "
          "Kaynak 1998), as bundled by scikit-learn (sklearn.datasets.load_digits, BSD-3-Clause); UCI: CC BY 4.0")


def digits() -> tuple[np.ndarray, np.ndarray]:
    """(1797, 8, 8) images in [0, 1] and (1797,) labels (scikit-learn: a training dependency only)."""
    from sklearn.datasets import load_digits  # noqa: PLC0415 (the app never imports scikit-learn)

    data = load_digits()
    return (data.images / 16.0).astype(np.float32), data.target.astype(np.int64)


def split(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Training and held-out indices: a fixed permutation, the last HELD_OUT share held out."""
    order = np.random.default_rng(SEED).permutation(n)
    cut = int(round(n * (1 - HELD_OUT)))
    return np.sort(order[:cut]), np.sort(order[cut:])


def augment(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """(B, 8, 8) → small random rotations, scales, shears and shifts, and thinner or thicker strokes."""
    b = x.shape[0]
    u = lambda lo, hi: lo + (hi - lo) * torch.rand(b, generator=gen)  # noqa: E731
    angle, scale, shear = u(-0.25, 0.25), u(0.85, 1.15), u(-0.2, 0.2)
    cos, sin = torch.cos(angle) / scale, torch.sin(angle) / scale
    theta = torch.stack([torch.stack([cos, -sin + shear, u(-0.2, 0.2)], 1),
                         torch.stack([sin, cos, u(-0.2, 0.2)], 1)], 1)  # (B, 2, 3): shifts up to ±0.8 pixel
    grid = nn.functional.affine_grid(theta, (b, 1, 8, 8), align_corners=False)  # (B, 8, 8, 2)
    y = nn.functional.grid_sample(x[:, None], grid, align_corners=False)  # (B, 1, 8, 8)
    thick = nn.functional.max_pool2d(y, 3, stride=1, padding=1)  # (B, 1, 8, 8)
    mix = u(-0.3, 0.4)[:, None, None, None]
    y = torch.where(mix > 0, y + mix * (thick - y), y * (1 + mix))  # thicker (towards the max) or fainter
    return (y[:, 0] * u(0.8, 1.3)[:, None, None]).clamp(0, 1)  # (B, 8, 8)


@torch.no_grad()
def accuracy(model: ViT, x: torch.Tensor, y: torch.Tensor) -> float:
    """Share of images classified right."""
    model.eval()
    hit = (model(x).argmax(-1) == y).float().mean().item()
    model.train()
    return hit


def train(steps: int, out: Path, batch: int = 128, lr: float = 3e-3) -> dict:
    """Train, save config.json, vit.safetensors and train_log.json to out; return the log."""
    torch.manual_seed(SEED)
    gen = torch.Generator().manual_seed(SEED)
    images, labels = digits()
    tr, ho = split(len(labels))
    x_tr, y_tr = torch.from_numpy(images[tr]), torch.from_numpy(labels[tr])
    x_ho, y_ho = torch.from_numpy(images[ho]), torch.from_numpy(labels[ho])
    cfg = ViTConfig()
    model = ViT(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.05)
    warm = steps // 20
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / warm) * 0.5 * (1 + math.cos(math.pi * min(s, steps) / steps)))
    start, log = time.time(), []
    for step in range(steps):
        idx = torch.randint(len(y_tr), (batch,), generator=gen)
        loss = nn.functional.cross_entropy(model(augment(x_tr[idx], gen)), y_tr[idx], label_smoothing=0.1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 500 == 0 or step == steps - 1:
            log.append({"step": step, "loss": round(loss.item(), 4), "held_out": accuracy(model, x_ho, y_ho),
                        "seconds": round(time.time() - start, 1)})
            print(log[-1], flush=True)
    model.eval()
    out.mkdir(parents=True, exist_ok=True)
    save_model(model, str(out / WEIGHTS))
    (out / "config.json").write_text(json.dumps(cfg.to_dict(), indent=1))
    record = {"args": {"steps": steps, "batch_size": batch, "lr": lr, "weight_decay": 0.05, "label_smoothing": 0.1},
              "seed": SEED, "seconds": round(time.time() - start, 1),
              "parameters": sum(p.numel() for p in model.parameters()),
              "data": {"credit": CREDIT, "images": int(len(labels)), "train": int(len(tr)), "held_out": int(len(ho)),
                       "split": f"numpy default_rng({SEED}).permutation, last {HELD_OUT:.0%} held out"},
              "held_out_accuracy": accuracy(model, x_ho, y_ho), "train_accuracy": accuracy(model, x_tr, y_tr),
              "log": log}
    (out / "train_log.json").write_text(json.dumps(record, indent=1))
    return record


def main() -> None:
    """Command line."""
    torch.set_num_threads(1)
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--steps", type=int, default=6000)
    ap.add_argument("--out", type=Path, default=VIT_DIR)
    args = ap.parse_args()
    record = train(args.steps, args.out)
    print(f"held-out accuracy {record['held_out_accuracy']:.4f}, {record['seconds']} s")


if __name__ == "__main__":
    main()
