"""Train a shipped translation model deterministically: `python -m model.train --task en-zh`."""
from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

import torch
from torch import nn
from tqdm import tqdm

from model.checkpoint import CHECKPOINT_DIR, TASKS, Bundle, parameter_count, save_bundle
from model.config import TransformerConfig
from model.corpus import generate
from model.data import build_vocabs, to_batch
from model.tokenizer import PAD_ID
from model.transformer import Transformer

SEED = 1234


def parse_args(argv=None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--task", choices=sorted(TASKS), default="en-zh")
    p.add_argument("--norm", choices=["post", "pre"], default="post")
    p.add_argument("--steps", type=int, default=5000)
    p.add_argument("--batch-size", type=int, default=128)
    p.add_argument("--pairs", type=int, default=60000)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--align-weight", type=float, default=0.5,
                   help="weight of the guided-alignment loss on the last decoder layer (0 = off)")
    p.add_argument("--out", type=Path, default=None, help="checkpoint directory (default checkpoints/TASK[-pre])")
    return p.parse_args(argv)


def seed_everything(seed: int) -> None:
    """Fix every random source and the thread count, for a reproducible run."""
    random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(2)
    torch.use_deterministic_algorithms(True)


def lr_at(step: int, total: int, peak: float, warmup: int = 200) -> float:
    """Linear warm-up then cosine decay to 5% of peak."""
    if step < warmup:
        return peak * (step + 1) / warmup
    progress = (step - warmup) / max(1, total - warmup)
    return peak * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * progress)))


def alignment_loss(pattern: torch.Tensor, align: torch.Tensor) -> torch.Tensor:
    """Cross-entropy of the head-averaged cross-attention (B, h, T, S) against gold alignments (B, T)."""
    avg = pattern.mean(1).clamp_min(1e-9)  # (B, T, S)
    keep = align >= 0  # (B, T)
    picked = avg.gather(-1, align.clamp_min(0)[..., None])[..., 0]  # (B, T)
    return -(picked.log() * keep).sum() / keep.sum().clamp_min(1)


def batches(pairs, src_vocab, tgt_vocab, batch_size: int, rng: random.Random):
    """Endless stream of length-bucketed, shuffled batches."""
    while True:
        order = sorted(range(len(pairs)), key=lambda i: (len(pairs[i].en) + rng.random() * 3))
        chunks = [order[i : i + batch_size] for i in range(0, len(order), batch_size)]
        rng.shuffle(chunks)
        for chunk in chunks:
            yield to_batch([pairs[i] for i in chunk], src_vocab, tgt_vocab)


def train(args: argparse.Namespace) -> Path:
    """Train, save the bundle and a training log; return the checkpoint directory."""
    seed_everything(SEED)
    src_lang, tgt_lang = TASKS[args.task]
    src_vocab, tgt_vocab = build_vocabs(src_lang, tgt_lang)
    cfg = TransformerConfig(len(src_vocab), len(tgt_vocab), norm=args.norm)
    model = Transformer(cfg)
    pairs = generate(args.pairs, seed=SEED, split="train")
    opt = torch.optim.Adam(model.parameters(), lr=args.lr, betas=(0.9, 0.98), eps=1e-9)
    criterion = nn.CrossEntropyLoss(ignore_index=PAD_ID, label_smoothing=0.1)
    stream = batches(pairs, src_vocab, tgt_vocab, args.batch_size, random.Random(SEED))
    log, start = [], time.time()
    model.train()
    bar = tqdm(range(args.steps), desc=f"train {args.task}", unit="step")
    for step in bar:
        src, tgt_in, tgt_out, align = next(stream)
        for group in opt.param_groups:
            group["lr"] = lr_at(step, args.steps, args.lr)
        with model.recording(detach=False) as cache:
            logits = model(src, tgt_in)  # (B, T, V)
        loss = criterion(logits.reshape(-1, logits.shape[-1]), tgt_out.reshape(-1))
        if args.align_weight > 0:
            pattern = cache[f"decoder.{cfg.N - 1}.cross_attn.hook_pattern"]  # (B, h, T, S)
            loss = loss + args.align_weight * alignment_loss(pattern, align)
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if step % 50 == 0 or step == args.steps - 1:
            bar.set_postfix(loss=f"{loss.item():.3f}")
            log.append({"step": step, "loss": round(loss.item(), 4)})
    model.eval()
    out = args.out or CHECKPOINT_DIR / (args.task + ("-pre" if args.norm == "pre" else ""))
    save_bundle(Bundle(out.name, model, src_vocab, tgt_vocab), out)
    meta = {"args": {k: str(v) for k, v in vars(args).items()}, "seed": SEED, "seconds": round(time.time() - start, 1),
            "parameters": parameter_count(model), "loss": log}
    (out / "train_log.json").write_text(json.dumps(meta, indent=1))
    print(f"saved {out} ({parameter_count(model)} parameters, {meta['seconds']} s)")
    return out


if __name__ == "__main__":
    train(parse_args())
