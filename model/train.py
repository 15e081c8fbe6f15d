"""Train a shipped translation model deterministically: `python -m model.train --task en-zh`."""
from __future__ import annotations

import argparse
import copy
import json
import random
import time
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import save_model
from torch import nn
from tqdm import tqdm

from model.checkpoint import CHECKPOINT_DIR, TASKS, VARIANT_DIR, Bundle, parameter_count, save_bundle
from model.config import POSITIONS, TransformerConfig
from model.corpus import generate
from model.data import build_vocabs, to_batch, with_unknowns
from model.evaluate import exact_match, held_out
from model.tokenizer import PAD_ID
from model.transformer import Transformer

SEED = 1234
STEPS, PAIRS, D_MODEL, D_FF, FACTOR, WARMUP = 12000, 400_000, 96, 384, 1.0, 600
# zh-en writes English, three times en-zh's output vocabulary: at d_model 96 it reached 92.4 % exact match, 128 95.2 %
WIDER = {"zh-en": (128, 512)}  # task -> (d_model, d_ff) where not (D_MODEL, D_FF)
ATTN_DROPOUT, WEIGHT_DECAY = 0.1, 0.1
UNK_RATE = 0.15  # share of training pairs with one content word replaced by <unk> on both sides
PROBE_PAIRS = 300  # held-out pairs scored at each snapshot


def parse_args(argv=None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--task", choices=sorted(TASKS), default="en-zh")
    p.add_argument("--norm", choices=["post", "pre"], default="post")
    p.add_argument("--steps", type=int, default=STEPS)
    p.add_argument("--batch-size", type=int, default=128)
    p.add_argument("--pairs", type=int, default=PAIRS)
    p.add_argument("--d-model", type=int, default=None, help=f"default {D_MODEL} ({WIDER} for wider tasks)")
    p.add_argument("--d-ff", type=int, default=None, help=f"default {D_FF}")
    p.add_argument("--factor", type=float, default=FACTOR, help="learning-rate scale of the paper's schedule")
    p.add_argument("--warmup", type=int, default=WARMUP, help="warm-up steps of the paper's schedule")
    p.add_argument("--attn-dropout", type=float, default=ATTN_DROPOUT, help="dropout on attention weights")
    p.add_argument("--weight-decay", type=float, default=WEIGHT_DECAY, help="AdamW decay of the weight matrices")
    p.add_argument("--align-weight", type=float, default=0.5,
                   help="weight of the guided-alignment loss on the last decoder layer (0 = off: unguided)")
    p.add_argument("--position", choices=POSITIONS, default="sinusoidal",
                   help="sinusoidal PE added to the embeddings, or RoPE / ALiBi in every self-attention")
    p.add_argument("--kv-heads", type=int, default=0, help="the decoder's K/V heads (GQA; 1 = MQA; 0 = h)")
    p.add_argument("--snapshots", type=int, default=0,
                   help="also save this many log-spaced snapshots (step 0 = initialisation … final) in float16")
    p.add_argument("--out", type=Path, default=None,
                   help="checkpoint directory (default checkpoints/TASK[-pre][-unguided])")
    args = p.parse_args(argv)
    d_model, d_ff = WIDER.get(args.task, (D_MODEL, D_FF))
    args.d_model, args.d_ff = args.d_model or d_model, args.d_ff or d_ff
    return args


def default_name(args: argparse.Namespace) -> str:
    """Checkpoint name: task, then -pre for Pre-Norm, -unguided without the alignment loss, -rope / -alibi and
    -gqaK (K/V heads) for the After 2017 variants."""
    return (args.task + ("-pre" if args.norm == "pre" else "") + ("-unguided" if args.align_weight == 0 else "")
            + ("" if args.position == "sinusoidal" else f"-{args.position}")
            + (f"-gqa{args.kv_heads}" if args.kv_heads else ""))


def default_out(args: argparse.Namespace) -> Path:
    """checkpoints/NAME; the After 2017 variants go to checkpoints/after_2017/NAME (not in the app's model picker)."""
    variant = args.position != "sinusoidal" or args.kv_heads
    return (VARIANT_DIR if variant else CHECKPOINT_DIR) / default_name(args)


def seed_everything(seed: int) -> None:
    """Fix every random source and the thread count, for a reproducible run."""
    random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(1)  # one core per run: two runs train side by side, and contention cannot stall OpenMP
    torch.use_deterministic_algorithms(True)


def lr_at(step: int, d_model: int, factor: float, warmup: int) -> float:
    """The paper's schedule (§5.3): factor · d_model^−½ · min(n^−½, n · warmup^−1.5), n = step + 1."""
    n = step + 1
    return factor * d_model**-0.5 * min(n**-0.5, n * warmup**-1.5)


def alignment_loss(pattern: torch.Tensor, align: torch.Tensor) -> torch.Tensor:
    """Cross-entropy of the head-averaged cross-attention (B, h, T, S) against gold alignments (B, T)."""
    avg = pattern.mean(1).clamp_min(1e-9)  # (B, T, S)
    keep = align >= 0  # (B, T)
    picked = avg.gather(-1, align.clamp_min(0)[..., None])[..., 0]  # (B, T)
    return -(picked.log() * keep).sum() / keep.sum().clamp_min(1)


def optimizer(model: Transformer, weight_decay: float) -> torch.optim.Optimizer:
    """AdamW with the paper's betas and eps; weight matrices decay, biases and LayerNorm gains do not."""
    matrices = [p for p in model.parameters() if p.dim() > 1]
    others = [p for p in model.parameters() if p.dim() <= 1]
    groups = [{"params": matrices, "weight_decay": weight_decay}, {"params": others, "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=0.0, betas=(0.9, 0.98), eps=1e-9)  # lr set per step


def snapshot_steps(total: int, k: int) -> list[int]:
    """k log-spaced steps from 0 (the random initialisation) to total (the final model), distinct."""
    if k < 2:
        return []
    inner = np.geomspace(max(total / 200, 1), total, k - 1)
    return sorted({0, *(int(round(s)) for s in inner[:-1]), total})


@torch.no_grad()
def snapshot(bundle: Bundle, step: int, path: Path | None, probe: list) -> dict:
    """Save the weights in float16 to `path` (None: the final step, which is the shipped checkpoint itself) and
    measure exact match on the probe pairs; the model is left in training mode."""
    bundle.model.eval()
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_model(copy.deepcopy(bundle.model).half(), str(path))
    record = {"step": step, "exact_match": round(exact_match(bundle, probe), 4)}
    bundle.model.train()
    return record


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
    cfg = TransformerConfig(len(src_vocab), len(tgt_vocab), d_model=args.d_model, d_ff=args.d_ff, norm=args.norm,
                            attn_dropout=args.attn_dropout, position=args.position, kv_heads=args.kv_heads)
    model = Transformer(cfg)
    pairs = with_unknowns(generate(args.pairs, seed=SEED, split="train"), UNK_RATE, random.Random(SEED + 1))
    opt = optimizer(model, args.weight_decay)
    criterion = nn.CrossEntropyLoss(ignore_index=PAD_ID, label_smoothing=0.1)
    stream = batches(pairs, src_vocab, tgt_vocab, args.batch_size, random.Random(SEED))
    out = args.out or default_out(args)
    bundle = Bundle(out.name, model, src_vocab, tgt_vocab, args.align_weight)
    at, probe, snaps = snapshot_steps(args.steps, args.snapshots), held_out(PROBE_PAIRS), []
    for stale in (out / "snapshots").glob("step_*.safetensors") if at else ():  # an earlier run's steps
        stale.unlink()
    log, start = [], time.time()
    model.train()
    bar = tqdm(range(args.steps), desc=f"train {out.name}", unit="step")
    for step in bar:
        if step in at:
            snaps.append(snapshot(bundle, step, out / "snapshots" / f"step_{step:06d}.safetensors", probe))
        src, tgt_in, tgt_out, align = next(stream)
        for group in opt.param_groups:
            group["lr"] = lr_at(step, cfg.d_model, args.factor, args.warmup)
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
    if at:
        snaps.append(snapshot(bundle, args.steps, None, probe))
    model.eval()
    save_bundle(bundle, out)
    meta = {"args": {k: str(v) for k, v in vars(args).items()}, "align_weight": args.align_weight, "seed": SEED,
            "seconds": round(time.time() - start, 1), "parameters": parameter_count(model), "loss": log,
            "snapshots": snaps}
    (out / "train_log.json").write_text(json.dumps(meta, indent=1))
    print(f"saved {out} ({parameter_count(model)} parameters, {meta['seconds']} s)")
    return out


if __name__ == "__main__":
    train(parse_args())
