"""Train a shipped translation model deterministically: `python -m model.train --task en-zh`.

Two recipes. "real" (the shipped en-zh, en-zh-unguided, zh-en, en-zh-pre): the Tatoeba pairs of train.tsv and
generated pairs, d_model 128, N 3 + 3, an exponential moving average of the weights shipped. "grammar" (the After
2017 family and its sinusoidal reference): generated pairs only, d_model 96, N 2 + 2, as trained in 2026-11.
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import time
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import load_model, save_model
from torch import nn
from tqdm import tqdm

from model import english, tatoeba
from model.checkpoint import CHECKPOINT_DIR, TASKS, VARIANT_DIR, Bundle, parameter_count, save_bundle
from model.config import POSITIONS, TransformerConfig
from model.corpus import generate
from model.data import DATA, build_vocabs, to_batch, with_unknowns, word_pairs
from model.evaluate import exact_match, held_out, valid_bleu
from model.provenance import record
from model.tokenizer import PAD_ID, SubwordVocab, Vocab, learn_subwords
from model.transformer import Transformer

SEED = 1234
ATTN_DROPOUT, WEIGHT_DECAY = 0.1, 0.1
UNK_RATE = 0.15  # share of generated pairs with one content word replaced by <unk> on both sides
PROBE_PAIRS = 300  # held-out generated pairs scored at each snapshot
LABEL_SMOOTHING = 0.1  # ε of the training loss, as in the paper (§5.4)
PAIRS = 400_000  # the grammar recipe's generated pairs
# recipe -> defaults; the grammar recipe is the one the After 2017 variants were trained with
RECIPES = {
    "real": dict(data="mixed", d_model=128, d_ff=512, N=3, steps=6000, warmup=1000, dropout=0.2, ema=0.999,
                 min_count=2, generated=20000),
    "grammar": dict(data="grammar", d_model=96, d_ff=384, N=2, steps=12000, warmup=600, dropout=0.1, ema=0.0,
                    min_count=0, generated=0),
}
GRAMMAR_WIDER = {"zh-en": (128, 512)}  # the grammar recipe's zh-en was wider


def parse_args(argv=None) -> argparse.Namespace:
    """Command-line options; unset ones take the recipe's defaults."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--task", choices=sorted(TASKS), default="en-zh")
    p.add_argument("--recipe", choices=sorted(RECIPES), default=None,
                   help="real (default) or grammar (default for --position / --kv-heads variants)")
    p.add_argument("--data", choices=DATA, default=None, help="grammar, tatoeba or mixed (both)")
    p.add_argument("--corpus", type=Path, default=tatoeba.DEFAULT_CORPUS, help="folder with train.tsv")
    p.add_argument("--norm", choices=["post", "pre"], default="post")
    p.add_argument("--steps", type=int, default=None)
    p.add_argument("--batch-size", type=int, default=128)
    p.add_argument("--pairs", type=int, default=PAIRS, help="grammar recipe: generated pairs")
    p.add_argument("--generated", type=int, default=None, help="real recipe: generated pairs per epoch")
    p.add_argument("--min-count", type=int, default=None, help="a Tatoeba word enters the vocabulary this often")
    p.add_argument("--d-model", type=int, default=None)
    p.add_argument("--d-ff", type=int, default=None)
    p.add_argument("--N", type=int, default=None, help="layers per stack")
    p.add_argument("--dropout", type=float, default=None, help="residual and embedding dropout")
    p.add_argument("--ema", type=float, default=None, help="decay of the weights' moving average (0: none)")
    p.add_argument("--factor", type=float, default=1.0, help="learning-rate scale of the paper's schedule")
    p.add_argument("--warmup", type=int, default=None, help="warm-up steps of the paper's schedule")
    p.add_argument("--attn-dropout", type=float, default=ATTN_DROPOUT, help="dropout on attention weights")
    p.add_argument("--weight-decay", type=float, default=WEIGHT_DECAY, help="AdamW decay of the weight matrices")
    p.add_argument("--align-weight", type=float, default=0.5,
                   help="weight of the guided-alignment loss on the last decoder layer (0 = off: unguided)")
    p.add_argument("--position", choices=POSITIONS, default="sinusoidal",
                   help="sinusoidal PE added to the embeddings, or RoPE / ALiBi in every self-attention")
    p.add_argument("--kv-heads", type=int, default=0, help="the decoder's K/V heads (GQA; 1 = MQA; 0 = h)")
    p.add_argument("--snapshots", type=int, default=0,
                   help="also save this many log-spaced snapshots (step 0 = initialisation … final) in float16")
    p.add_argument("--eval-every", type=int, default=1000, help="real recipe: validation BLEU and resume state")
    p.add_argument("--resume", action="store_true", help="continue from the output folder's resume.pt")
    p.add_argument("--en-tokenizer", type=tokenizer_spec, default="words",
                   help="English: words (today's vocabulary) or spm:SIZE / unigram:SIZE (SentencePiece pieces)")
    p.add_argument("--zh-tokenizer", type=tokenizer_spec, default="chars",
                   help="Chinese: chars (today's vocabulary) or spm:SIZE / unigram:SIZE (SentencePiece pieces)")
    p.add_argument("--export", type=Path, default=None,
                   help="write the output folder's resume.pt (averaged weights) as a checkpoint folder here, then stop")
    p.add_argument("--export-step", type=int, default=None,
                   help="with --export: the output folder's float16 snapshot of this step instead of resume.pt")
    p.add_argument("--out", type=Path, default=None,
                   help="checkpoint directory (default checkpoints/TASK[-pre][-unguided])")
    return with_recipe(p.parse_args(argv))


SUBWORD_KINDS = {"spm": "bpe", "unigram": "unigram"}  # --*-tokenizer prefix -> SentencePiece model type


def tokenizer_spec(text: str) -> str:
    """A --*-tokenizer value: words, chars, or spm:SIZE / unigram:SIZE with SIZE a number above 100."""
    kind, _, size = text.partition(":")
    if text in ("words", "chars") or (kind in SUBWORD_KINDS and size.isdigit() and int(size) > 100):
        return text
    raise argparse.ArgumentTypeError(f"{text!r}: expected words, chars, spm:SIZE or unigram:SIZE")


def subword(spec: str) -> tuple[str, int] | None:
    """(SentencePiece model type, size) of a tokenizer spec, None for words / chars."""
    kind, _, size = spec.partition(":")
    return (SUBWORD_KINDS[kind], int(size)) if kind in SUBWORD_KINDS else None


def with_recipe(args: argparse.Namespace) -> argparse.Namespace:
    """Fill every option left unset from the recipe (variants default to the grammar recipe)."""
    variant = args.position != "sinusoidal" or args.kv_heads
    args.recipe = args.recipe or ("grammar" if variant else "real")
    defaults = dict(RECIPES[args.recipe])
    if args.recipe == "grammar" and args.task in GRAMMAR_WIDER:
        defaults["d_model"], defaults["d_ff"] = GRAMMAR_WIDER[args.task]
    for name, value in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    return args


def default_name(args: argparse.Namespace) -> str:
    """Checkpoint name: task, then -pre for Pre-Norm, -unguided without the alignment loss, -rope / -alibi and
    -gqaK (K/V heads) for the After 2017 variants."""
    return (args.task + ("-pre" if args.norm == "pre" else "") + ("-unguided" if args.align_weight == 0 else "")
            + ("" if args.position == "sinusoidal" else f"-{args.position}")
            + (f"-gqa{args.kv_heads}" if args.kv_heads else ""))


def default_out(args: argparse.Namespace) -> Path:
    """checkpoints/NAME; grammar-recipe models go to checkpoints/after_2017/NAME (not in the app's model picker)."""
    return (VARIANT_DIR if args.recipe == "grammar" else CHECKPOINT_DIR) / default_name(args)


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


@torch.no_grad()
def update_average(average: Transformer, model: Transformer, decay: float, step: int) -> None:
    """average ← d · average + (1 − d) · model, with d = min(decay, (1 + n) / (10 + n)) so early steps follow."""
    d = min(decay, (1 + step) / (10 + step))
    torch._foreach_lerp_(list(average.parameters()), list(model.parameters()), 1 - d)


def snapshot_steps(total: int, k: int) -> list[int]:
    """k log-spaced steps from 0 (the random initialisation) to total (the final model), distinct."""
    if k < 2:
        return []
    inner = np.geomspace(max(total / 200, 1), total, k - 1)
    return sorted({0, *(int(round(s)) for s in inner[:-1]), total})


@torch.no_grad()
def snapshot(bundle: Bundle, step: int, path: Path | None, probe: list) -> dict:
    """Save the weights in float16 to `path` (None: the final step, which is the shipped checkpoint itself) and
    measure exact match on the probe pairs; the model is left in eval mode."""
    bundle.transformer.eval()
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_model(copy.deepcopy(bundle.transformer).half(), str(path))
    return {"step": step, "exact_match": round(exact_match(bundle, probe), 4)}


def grammar_batches(pairs, src_vocab, tgt_vocab, batch_size: int, rng: random.Random):
    """The grammar recipe's endless stream of length-bucketed, shuffled batches."""
    while True:
        order = sorted(range(len(pairs)), key=lambda i: (len(pairs[i].en) + rng.random() * 3))
        chunks = [order[i : i + batch_size] for i in range(0, len(order), batch_size)]
        rng.shuffle(chunks)
        for chunk in chunks:
            yield to_batch([pairs[i] for i in chunk], src_vocab, tgt_vocab)


def epoch_pairs(epoch: int, real: list, generated: int) -> list:
    """One epoch of the real recipe: every real pair and `generated` fresh generated pairs (some with <unk>)."""
    made = generate(generated, seed=SEED + epoch, split="train") if generated else []
    return real + with_unknowns(made, UNK_RATE, random.Random(f"unk:{epoch}"))


def epoch_chunks(epoch: int, pairs: list, batch_size: int) -> list[list[int]]:
    """The epoch's batches as index lists: bucketed by length, in a shuffled order fixed by the epoch."""
    rng = random.Random(f"order:{epoch}")
    order = sorted(range(len(pairs)), key=lambda i: len(pairs[i].en) + rng.random() * 3)
    chunks = [order[i : i + batch_size] for i in range(0, len(order), batch_size)]
    rng.shuffle(chunks)
    return chunks


def real_batches(real: list, args, src_vocab, tgt_vocab, start: int):
    """The real recipe's stream from step `start` on, epoch after epoch (deterministic, so a resumed run sees
    the batches an uninterrupted one would)."""
    epoch, step = 0, 0
    per_epoch = -(-(len(real) + args.generated) // args.batch_size)  # batches in every epoch
    while True:
        if step + per_epoch > start:
            pairs = epoch_pairs(epoch, real, args.generated)
            for chunk in epoch_chunks(epoch, pairs, args.batch_size)[max(0, start - step):]:
                yield to_batch([pairs[i] for i in chunk], src_vocab, tgt_vocab)
        step += per_epoch
        epoch += 1


def real_pairs(args, split: str = "train") -> list:
    """The Tatoeba pairs of a split the data choice asks for (none for grammar); English as words_en when its
    vocabulary is subword pieces."""
    if args.data not in ("tatoeba", "mixed"):
        return []
    return word_pairs(split, args.corpus, subword(args.en_tokenizer) is not None)


def vocabularies(args, real: list, out: Path) -> tuple[Vocab, Vocab]:
    """Each side's vocabulary: today's words / characters, or SentencePiece pieces learned from the training pairs
    and epoch 0's generated pairs (a resumed run reads back the ones saved in its folder)."""
    src_lang, tgt_lang = TASKS[args.task]
    vocabs = list(build_vocabs(src_lang, tgt_lang, real, args.min_count, args.data != "tatoeba"))
    specs = {"en": args.en_tokenizer, "zh": args.zh_tokenizer}
    for k, (lang, role) in enumerate(((src_lang, "src"), (tgt_lang, "tgt"))):
        if subword(specs[lang]) is None:
            continue
        saved = out / f"{role}_vocab.json"
        if args.resume and saved.exists():
            vocabs[k] = Vocab.load(saved)
            continue
        made = generate(args.generated, seed=SEED, split="train") if args.data != "tatoeba" else []
        model_type, size = subword(specs[lang])
        vocabs[k] = learn_subwords(lang, [p.en if lang == "en" else p.zh for p in real + made], size, model_type)
    return vocabs[0], vocabs[1]


def build(args, real: list) -> Bundle:
    """A fresh model and its vocabularies for the options."""
    out = args.out or default_out(args)
    src_vocab, tgt_vocab = vocabularies(args, real, out)
    tgt_lang = tgt_vocab.lang
    if tgt_lang == "en" and real and not isinstance(tgt_vocab, SubwordVocab):  # how English output is spelled back
        tgt_vocab.surface = english.surface_table([r.en for r in tatoeba.rows("train", args.corpus)])
    cfg = TransformerConfig(len(src_vocab), len(tgt_vocab), d_model=args.d_model, d_ff=args.d_ff, N=args.N,
                            norm=args.norm, dropout=args.dropout, attn_dropout=args.attn_dropout,
                            position=args.position, kv_heads=args.kv_heads)
    return Bundle(out.name, Transformer(cfg), src_vocab, tgt_vocab, args.align_weight)


def train_step(model, opt, criterion, batch, args, lr: float) -> float:
    """One optimiser step on a batch; returns the loss."""
    src, tgt_in, tgt_out, align = batch
    for group in opt.param_groups:
        group["lr"] = lr
    with model.recording(detach=False) as cache:
        logits = model(src, tgt_in)  # (B, T, V)
    loss = criterion(logits.reshape(-1, logits.shape[-1]), tgt_out.reshape(-1))
    if args.align_weight > 0:
        pattern = cache[f"decoder.{model.config.N - 1}.cross_attn.hook_pattern"]  # (B, h, T, S)
        loss = loss + args.align_weight * alignment_loss(pattern, align)
    opt.zero_grad()
    loss.backward()
    nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    return loss.item()


def save_state(path: Path, step: int, model, average, opt, log: dict) -> None:
    """Everything a resumed run needs: weights, their average, the optimiser, the RNG, the log so far."""
    state = {"step": step, "model": model.state_dict(), "average": average.state_dict() if average else None,
             "opt": opt.state_dict(), "rng": torch.get_rng_state(), "log": log}
    torch.save(state, path.with_suffix(".tmp"))
    path.with_suffix(".tmp").replace(path)


def load_state(path: Path, model, average, opt) -> tuple[int, dict]:
    """Restore a saved state into the model, its average and the optimiser; (step, log)."""
    state = torch.load(path, weights_only=False)
    model.load_state_dict(state["model"])
    if average is not None:
        average.load_state_dict(state["average"])
    opt.load_state_dict(state["opt"])
    torch.set_rng_state(state["rng"])
    return state["step"], state["log"]


def train(args: argparse.Namespace) -> Path:
    """Train, save the bundle and a training log; return the checkpoint directory."""
    seed_everything(SEED)
    real = real_pairs(args)
    bundle = build(args, real)
    model, out = bundle.transformer, args.out or default_out(args)
    out.mkdir(parents=True, exist_ok=True)
    for role, vocab in (("src", bundle.src_vocab), ("tgt", bundle.tgt_vocab)):  # a resumed run reads them back
        vocab.save(out / f"{role}_vocab.json")
    average = copy.deepcopy(model) if args.ema else None
    shipped = Bundle(bundle.name, average or model, bundle.src_vocab, bundle.tgt_vocab, args.align_weight)
    opt = optimizer(model, args.weight_decay)
    criterion = nn.CrossEntropyLoss(ignore_index=PAD_ID, label_smoothing=LABEL_SMOOTHING)
    state_path, start = out / "resume.pt", 0
    log = {"loss": [], "valid": [], "snapshots": [], "seconds": 0.0}
    if args.resume and state_path.exists():
        start, log = load_state(state_path, model, average, opt)
    elif not args.resume:
        for stale in (out / "snapshots").glob("step_*.safetensors"):  # an earlier run's steps
            stale.unlink()
    stream = (real_batches(real, args, bundle.src_vocab, bundle.tgt_vocab, start) if args.recipe == "real" else
              grammar_batches(with_unknowns(generate(args.pairs, seed=SEED, split="train"), UNK_RATE,
                                            random.Random(SEED + 1)),
                              bundle.src_vocab, bundle.tgt_vocab, args.batch_size, random.Random(SEED)))
    at, probe = snapshot_steps(args.steps, args.snapshots), held_out(PROBE_PAIRS)
    valid = real_pairs(args, "valid")[:600] if args.recipe == "real" and tatoeba.available(args.corpus) \
        else []
    began = time.time() - log["seconds"]
    model.train()
    for step in tqdm(range(start, args.steps), desc=f"train {out.name}", unit="step", initial=start,
                     total=args.steps, mininterval=30):
        if step in at:
            log["snapshots"].append(snapshot(shipped, step, out / "snapshots" / f"step_{step:06d}.safetensors",
                                             probe))
            model.train()
        loss = train_step(model, opt, criterion, next(stream), args,
                          lr_at(step, args.d_model, args.factor, args.warmup))
        if average is not None:
            update_average(average, model, args.ema, step)
        if step % 50 == 0 or step == args.steps - 1:
            log["loss"].append({"step": step, "loss": round(loss, 4)})
        if args.recipe == "real" and (step + 1) % args.eval_every == 0:
            log["seconds"] = round(time.time() - began, 1)
            log["valid"].append(validate(shipped, valid, step + 1, log["seconds"]))
            model.train()
            save_state(state_path, step + 1, model, average, opt, log)
    if at:
        log["snapshots"].append(snapshot(shipped, args.steps, None, probe))
    shipped.transformer.eval()
    save_bundle(shipped, out)
    log["seconds"] = round(time.time() - began, 1)
    write_log(out, args, shipped.transformer, log)
    print(f"saved {out} ({parameter_count(shipped.transformer)} parameters, {log['seconds']} s)")
    return out


def export(args) -> Path:
    """The averaged weights of the output folder's resume.pt (or its snapshot at --export-step) as a checkpoint
    folder `args.export` that model.evaluate reads, with the vocabularies saved at the run's start."""
    out = args.out or default_out(args)
    args.resume = True  # the vocabularies saved in the output folder
    bundle = build(args, real_pairs(args))
    if args.export_step is None:
        state = torch.load(out / "resume.pt", weights_only=False)
        bundle.transformer.load_state_dict(state["average"] or state["model"])
        step, log = state["step"], state["log"]
    else:
        load_model(bundle.transformer, str(out / "snapshots" / f"step_{args.export_step:06d}.safetensors"))
        step, log = args.export_step, {"loss": [], "valid": [], "snapshots": [], "seconds": 0.0}
    bundle.transformer.eval()
    save_bundle(bundle, args.export)
    write_log(args.export, args, bundle.transformer, log | {"exported_step": step})
    print(f"exported step {step} of {out} to {args.export}")
    return args.export


def validate(bundle: Bundle, valid: list, step: int, seconds: float) -> dict:
    """BLEU of the shipped (averaged) weights on the validation pairs, printed and returned for the log."""
    bundle.transformer.eval()
    bleu = valid_bleu(bundle, valid) if valid else None
    print(f"step {step}: validation BLEU {bleu} after {seconds / 60:.1f} min", flush=True)
    return {"step": step, "bleu": bleu, "seconds": seconds}


def write_log(out: Path, args, model, log: dict) -> None:
    """train_log.json: the options, the data it was trained on (files, hashes, mix), the losses and scores."""
    meta = {"args": {k: str(v) for k, v in vars(args).items() if k != "resume"}, "align_weight": args.align_weight,
            "seed": SEED, "seconds": log["seconds"], "parameters": parameter_count(model),
            "data": record(args.data, args.corpus, args.generated if args.recipe == "real" else args.pairs,
                           UNK_RATE),
            "loss": log["loss"], "valid": log["valid"], "snapshots": log["snapshots"]}
    if "exported_step" in log:
        meta["exported_step"] = log["exported_step"]
    (out / "train_log.json").write_text(json.dumps(meta, indent=1))


if __name__ == "__main__":
    options = parse_args()
    if options.export:
        export(options)
    else:
        train(options)
