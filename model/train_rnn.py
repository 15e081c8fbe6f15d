"""Train RNNenc or RNNsearch on the shipped en-zh's data and vocabularies:
`python -m model.train_rnn --kind rnnsearch` (Tatoeba's train.tsv and 20,000 generated pairs per epoch, the batches
of `model.train`'s real recipe, Adam, one thread; a wall-time cap; a checkpoint and a resume state every few
minutes)."""
from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import torch
from torch import nn

from model import tatoeba
from model.checkpoint import CHECKPOINT_DIR
from model.data import word_pairs
from model.provenance import record
from model.rnn import KINDS, RNN_DIR, RNNBundle, build, save_rnn
from model.tokenizer import PAD_ID, Vocab, detokenize, pad
from model.train import SEED, UNK_RATE, real_batches

GENERATED = 20000  # generated pairs per epoch, as the shipped en-zh
VALID_PAIRS = 300  # validation pairs scored at every save


def parse_args(argv=None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--kind", choices=KINDS, required=True)
    p.add_argument("--vocab-from", default="en-zh", help="shipped checkpoint whose vocabularies are read")
    p.add_argument("--corpus", type=Path, default=tatoeba.DEFAULT_CORPUS, help="folder with train.tsv")
    p.add_argument("--steps", type=int, default=60000, help="at most this many steps")
    p.add_argument("--minutes", type=float, default=70.0, help="wall-time cap of this run (a resumed run adds)")
    p.add_argument("--save-minutes", type=float, default=5.0, help="checkpoint and resume state this often")
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--emb", type=int, default=128)
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--dropout", type=float, default=0.2)
    p.add_argument("--resume", action="store_true", help="continue from the output folder's resume.pt")
    p.add_argument("--out", type=Path, default=None, help="default checkpoints/before_2017/KIND-en-zh")
    args = p.parse_args(argv)
    args.out = args.out or RNN_DIR / f"{args.kind}-en-zh"
    args.data, args.generated, args.en_tokenizer = "mixed", GENERATED, "words"  # what real_batches reads
    return args


@torch.no_grad()
def valid_bleu(bundle: RNNBundle, pairs: list) -> float:
    """BLEU of greedy translations of tokenised validation pairs against their references."""
    import sacrebleu

    bundle.model.eval()
    hyps = []
    for i in range(0, len(pairs), 100):
        rows = [bundle.src_vocab.ids_of(list(p.en)[: bundle.config.max_len]) for p in pairs[i : i + 100]]
        out, _ = bundle.model.greedy(pad(rows), bundle.config.max_len)
        hyps += [detokenize(bundle.tgt_vocab.decode(ids), "zh") for ids in out]
    refs = [detokenize(list(p.zh), "zh") for p in pairs]
    bundle.model.train()
    return round(sacrebleu.corpus_bleu(hyps, [refs], tokenize="zh").score, 2)


def save(bundle: RNNBundle, args, opt, step: int, log: dict) -> None:
    """The checkpoint folder (weights, config, vocabularies, train_log.json) and resume.pt."""
    bundle.model.eval()
    save_rnn(bundle, args.out)
    meta = {"args": {k: str(v) for k, v in vars(args).items() if k != "resume"}, "seed": SEED, "step": step,
            "seconds": log["seconds"], "parameters": sum(p.numel() for p in bundle.model.parameters()),
            "data": record("mixed", args.corpus, GENERATED, UNK_RATE), "loss": log["loss"], "valid": log["valid"]}
    (args.out / "train_log.json").write_text(json.dumps(meta, indent=1))
    state = {"step": step, "model": bundle.model.state_dict(), "opt": opt.state_dict(),
             "rng": torch.get_rng_state(), "log": log}
    torch.save(state, args.out / "resume.tmp")
    (args.out / "resume.tmp").replace(args.out / "resume.pt")
    bundle.model.train()


def train(args) -> Path:
    """Train until --steps or the wall-time cap; save every --save-minutes and at the end."""
    random.seed(SEED)
    torch.manual_seed(SEED)
    torch.set_num_threads(1)
    vocab_dir = CHECKPOINT_DIR / args.vocab_from
    src_vocab, tgt_vocab = Vocab.load(vocab_dir / "src_vocab.json"), Vocab.load(vocab_dir / "tgt_vocab.json")
    model = build(args.kind, src_vocab, tgt_vocab, emb=args.emb, hidden=args.hidden, attn=args.hidden,
                  dropout=args.dropout)
    bundle = RNNBundle(args.out.name, model, src_vocab, tgt_vocab)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    criterion = nn.CrossEntropyLoss(ignore_index=PAD_ID, label_smoothing=0.1)
    start, log = 0, {"loss": [], "valid": [], "seconds": 0.0}
    if args.resume and (args.out / "resume.pt").exists():
        state = torch.load(args.out / "resume.pt", weights_only=False)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        torch.set_rng_state(state["rng"])
        start, log = state["step"], state["log"]
    real = word_pairs("train", args.corpus, False)
    valid = word_pairs("valid", args.corpus, False)[:VALID_PAIRS]
    stream = real_batches(real, args, src_vocab, tgt_vocab, start)
    began, last_save, deadline = time.time() - log["seconds"], time.time(), time.time() + args.minutes * 60
    model.train()
    step = start
    while step < args.steps and time.time() < deadline:
        src, tgt_in, tgt_out, _ = next(stream)
        logits, _ = model(src, tgt_in)  # (B, T, V)
        loss = criterion(logits.reshape(-1, logits.shape[-1]), tgt_out.reshape(-1))
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        step += 1
        if step % 50 == 0:
            log["loss"].append({"step": step, "loss": round(loss.item(), 4)})
        if time.time() - last_save > args.save_minutes * 60:
            log["seconds"] = round(time.time() - began, 1)
            log["valid"].append({"step": step, "bleu": valid_bleu(bundle, valid), "seconds": log["seconds"]})
            print(f"step {step}: loss {loss.item():.3f}, validation BLEU {log['valid'][-1]['bleu']} after "
                  f"{log['seconds'] / 60:.1f} min", flush=True)
            save(bundle, args, opt, step, log)
            last_save = time.time()
    log["seconds"] = round(time.time() - began, 1)
    log["valid"].append({"step": step, "bleu": valid_bleu(bundle, valid), "seconds": log["seconds"]})
    save(bundle, args, opt, step, log)
    print(f"saved {args.out} at step {step} ({log['seconds'] / 60:.1f} min), validation BLEU "
          f"{log['valid'][-1]['bleu']}", flush=True)
    return args.out


if __name__ == "__main__":
    train(parse_args())
