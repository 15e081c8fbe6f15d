"""Evaluate a shipped model on held-out generated pairs: `python -m model.evaluate --model en-zh`."""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import numpy as np
import torch

from model import coverage, lecture_sets, tatoeba
from model.checkpoint import CHECKPOINT_DIR, SCORES, Bundle, available_models, load_bundle
from model.corpus import generate
from model.data import sides, to_batch
from model.decoding import greedy_batch
from model.hooks import act_name
from model.tokenizer import PAD_ID, detokenize, pad
from model.trace import run_with_trace

EVAL_SEED = 4321


def held_out(n: int) -> list:
    """n distinct held-out pairs (test split, disjoint from training sentences)."""
    seen, out = set(), []
    for p in generate(n * 4, seed=EVAL_SEED, split="test"):
        if p.en not in seen:
            seen.add(p.en)
            out.append(p)
        if len(out) == n:
            break
    return out


@torch.no_grad()
def exact_match(bundle: Bundle, pairs: list, batch_size: int = 256) -> float:
    """Fraction of pairs whose greedy translation equals the reference token for token."""
    hits = 0
    for i in range(0, len(pairs), batch_size):
        chunk = pairs[i : i + batch_size]
        src, *_ = to_batch(chunk, bundle.src_vocab, bundle.tgt_vocab)
        outputs = greedy_batch(bundle.transformer, src, bundle.config.max_len)
        for p, out in zip(chunk, outputs):
            hits += bundle.tgt_vocab.decode(out) == list(sides(p, bundle.src_lang)[1])
    return hits / len(pairs)


@torch.no_grad()
def alignment_accuracy(bundle: Bundle, pairs: list, batch_size: int = 256) -> list[float]:
    """Per decoder layer: how often the head-averaged cross-attention argmax, on the row that predicts a
    target token (teacher forcing), is that token's gold source word."""
    N = bundle.config.N
    hits, total = torch.zeros(N), 0
    for i in range(0, len(pairs), batch_size):
        src, tgt_in, _, align = to_batch(pairs[i : i + batch_size], bundle.src_vocab, bundle.tgt_vocab)
        with bundle.transformer.recording() as cache:
            bundle.transformer(src, tgt_in)
        keep = align >= 0  # (B, T)
        total += int(keep.sum())
        for layer in range(N):
            avg = cache[act_name("pattern", layer, "cross")].mean(1)  # (B, T, S)
            hits[layer] += int(((avg.argmax(-1) == align) & keep).sum())
    return (hits / max(total, 1)).tolist()


@torch.no_grad()
def translate_batch(bundle: Bundle, token_lists: list, batch_size: int = 100) -> list[list[str]]:
    """Greedy translations (output tokens) of tokenised sentences, in batches of similar length."""
    order = sorted(range(len(token_lists)), key=lambda i: len(token_lists[i]))
    out: list[list[str]] = [[] for _ in token_lists]
    for i in range(0, len(order), batch_size):
        chunk = order[i : i + batch_size]
        rows = [bundle.src_vocab.ids_of(list(token_lists[j])[: bundle.config.max_len]) for j in chunk]
        for j, ids in zip(chunk, greedy_batch(bundle.transformer, pad(rows), bundle.config.max_len)):
            out[j] = bundle.tgt_vocab.decode(ids)
    return out


def valid_bleu(bundle: Bundle, pairs: list) -> float:
    """BLEU of greedy translations of tokenised pairs against their tokenised references (for training logs)."""
    import sacrebleu

    src_side = [p.en if bundle.src_lang == "en" else p.zh for p in pairs]
    refs = [detokenize(list(p.zh if bundle.src_lang == "en" else p.en), bundle.tgt_lang) for p in pairs]
    hyps = [detokenize(t, bundle.tgt_lang) for t in translate_batch(bundle, src_side)]
    tokenize = "zh" if bundle.tgt_lang == "zh" else "13a"
    return round(sacrebleu.corpus_bleu(hyps, [refs], tokenize=tokenize).score, 2)


BLOCKS = {"encoder self": "encoder", "decoder self": "decoder", "cross": "cross"}  # report name -> block


@torch.no_grad()
def attention_stats(bundle: Bundle, pairs: list, batch_size: int = 256) -> dict[str, list[dict]]:
    """Per attention block and layer, over the real (unpadded) query rows of a teacher-forced pass: the median
    |QKᵀ/√d_k| over unmasked scores, the mean row entropy in bits, and the share of rows whose largest weight
    is above 0.99 (saturated)."""
    N = bundle.config.N
    parts = {(b, i): {"scaled": [], "entropy": [], "top": []} for b in BLOCKS for i in range(N)}
    for i in range(0, len(pairs), batch_size):
        src, tgt_in, _, _ = to_batch(pairs[i : i + batch_size], bundle.src_vocab, bundle.tgt_vocab)
        with bundle.transformer.recording() as cache:
            bundle.transformer(src, tgt_in)
        rows = {"encoder self": src != PAD_ID, "decoder self": tgt_in != PAD_ID, "cross": tgt_in != PAD_ID}
        for (block, layer), acc in parts.items():
            scaled = cache[act_name("scaled", layer, BLOCKS[block])]  # (B, h, L_q, L_k)
            keep = cache[act_name("mask", layer, BLOCKS[block])][:, None].expand_as(scaled)  # (B, h, L_q, L_k)
            real = rows[block][:, None, :].expand(keep.shape[:3])  # (B, h, L_q)
            acc["scaled"].append(scaled[keep & real[..., None]].abs())
            p = cache[act_name("pattern", layer, BLOCKS[block])][real]  # (n_rows, L_k)
            acc["entropy"].append(-(p * torch.log2(p.clamp_min(1e-30))).sum(-1))
            acc["top"].append(p.amax(-1))
    out: dict[str, list[dict]] = {b: [] for b in BLOCKS}
    for (block, _), acc in parts.items():
        top = torch.cat(acc["top"])
        out[block].append({"median_abs_scaled": float(np.median(torch.cat(acc["scaled"]).numpy())),
                           "entropy_bits": float(torch.cat(acc["entropy"]).mean()),
                           "saturated": float((top > 0.99).double().mean())})
    return out


EVERYDAY = Path(__file__).resolve().parent.parent / "tests" / "model"
END_PUNCT = {".", "?", "!", "。", "？", "！"}


def everyday_set(src_lang: str, tgt_lang: str, added: bool = False) -> list[tuple[str, list[str]]]:
    """The hand-written everyday sentences for a direction: (sentence, accepted translations); `added`: with the
    translations accepted later (everyday_*.added.tsv) appended."""
    rows = lecture_sets.load(f"{src_lang}-{tgt_lang}", EVERYDAY / f"everyday_{src_lang}_{tgt_lang}.tsv", added)
    return [(text, list(accepted)) for text, accepted in rows]


def comparable(tokens: list[str]) -> list[str]:
    """Tokens in lower case without a final full stop or question mark (a teacher accepts either; a name the app
    copies into Chinese output keeps its capitals, "我是Anna。", which the accepted translation's tokens may not)."""
    tokens = [t.lower() for t in tokens]
    return tokens[:-1] if tokens and tokens[-1] in END_PUNCT else tokens


def matches(bundle: Bundle, output: list[str], accepted) -> bool:
    """True if output tokens equal one of the accepted translations' tokens (`comparable` on both sides)."""
    return comparable(output) in [comparable(bundle.tgt_vocab.tokenize(a)) for a in accepted]


@torch.no_grad()
def everyday_score(bundle: Bundle) -> dict:
    """Greedy translations of the hand-written set: how many match an accepted translation (token for token,
    final punctuation aside), how many more match one accepted later, and the ones that match none."""
    rows, misses, later = everyday_set(bundle.src_lang, bundle.tgt_lang), [], 0
    wider = dict(everyday_set(bundle.src_lang, bundle.tgt_lang, added=True))
    for text, accepted in rows:
        src = torch.tensor([bundle.src_vocab.encode(text, bundle.config.max_len).ids])  # (1, S)
        output = bundle.tgt_vocab.decode(greedy_batch(bundle.transformer, src, bundle.config.max_len)[0])
        if matches(bundle, output, accepted):
            continue
        if matches(bundle, output, wider[text]):
            later += 1
            continue
        misses.append({"sentence": text, "output": detokenize(output, bundle.tgt_lang), "accepted": accepted})
    return {"correct": len(rows) - len(misses) - later, "total": len(rows), "misses": misses, "accepted_later": later}


def lecture_score(bundle: Bundle) -> dict:
    """The held-out lecture set of the model's direction, translated as the app does (unknown words copied
    from the source): correct count, and per miss its unknown words, whether the output copies each of them, those
    it leaves out (the app strikes them through after the translation) and the known words it may have left
    untranslated (coverage); per sentence whether it was right and its lowest content-word coverage."""
    direction = f"{bundle.src_lang}-{bundle.tgt_lang}"
    rows, misses, lowest, later = lecture_sets.load(direction), [], [], 0
    wider = dict(lecture_sets.load(direction, added=True))
    for text, accepted in rows:
        trace = run_with_trace(bundle, text)
        right = matches(bundle, trace.output_words, accepted)
        later += not right and matches(bundle, trace.output_words, wider[text])
        lowest.append((right, lowest_coverage(trace)))
        if right:
            continue
        unknown = [trace.src.typed(i) for i, u in enumerate(trace.src.unknown) if u]
        misses.append({"sentence": text, "output": trace.output_text, "accepted": list(accepted), "unknown": unknown,
                       "shown": all(w in trace.output_words for w in unknown),
                       "left_out": [trace.src.typed(i) for i in trace.uncopied],
                       "untranslated": [trace.src.typed(i) for i in coverage.untranslated(trace)]})
    return {"correct": len(rows) - len(misses), "total": len(rows), "misses": misses,
            "accepted_later": later, "coverage_fires": fire_rates(lowest)}


def canon_score(bundle: Bundle) -> dict:
    """The lecture canon of the model's direction (model/lecture_sets/canon_*.tsv), translated as the app does and
    scored as the lecture sets are: how many match an accepted translation, and each miss with its faults."""
    rows = lecture_sets.canon(f"{bundle.src_lang}-{bundle.tgt_lang}")
    misses = []
    for text, accepted, used in rows:
        trace = run_with_trace(bundle, text)
        if not matches(bundle, trace.output_words, accepted):
            misses.append({"sentence": text, "output": trace.output_text, "accepted": list(accepted), "used": used,
                           "unknown": [trace.src.typed(i) for i, u in enumerate(trace.src.unknown) if u],
                           "untranslated": [trace.src.typed(i) for i in coverage.untranslated(trace)]})
    return {"correct": len(rows) - len(misses), "total": len(rows), "misses": misses}


def lowest_coverage(trace) -> float:
    """The smallest coverage of a known content word of the sentence (inf if it has none)."""
    return min((cov for _, cov in coverage.word_coverage(trace)), default=float("inf"))


COVERAGE_THRESHOLDS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)


def fire_rates(lowest: list[tuple[bool, float]]) -> list[dict]:
    """For each candidate threshold, how often "may be untranslated" fires on right and on wrong translations."""
    right = [c for ok, c in lowest if ok]
    wrong = [c for ok, c in lowest if not ok]
    rate = lambda values, th: sum(c < th for c in values) / max(len(values), 1)  # noqa: E731
    return [{"threshold": th, "right": rate(right, th), "wrong": rate(wrong, th)} for th in COVERAGE_THRESHOLDS]


def split_score(bundle: Bundle, corpus: Path, split: str = "test") -> dict:
    """sacrebleu BLEU and chrF of the app's translations of a split ("test": test.tsv; "valid": the validation pairs
    carved from train.tsv) in the model's direction (zh -> en reads the pairs the other way), with signatures; BLEU
    also for sources of at most 8 and of more than 8 words; the share of source tokens the model does not know."""
    import sacrebleu

    rows = tatoeba.rows(split, corpus)
    src_of, ref_of = (lambda r: r.en, lambda r: r.zh) if bundle.src_lang == "en" else (lambda r: r.zh, lambda r: r.en)
    traces = [run_with_trace(bundle, src_of(r)) for r in rows]
    hyps = [trace.output_text for trace in traces]
    refs = [ref_of(r) for r in rows]
    tokenize = "zh" if bundle.tgt_lang == "zh" else "13a"
    bleu = sacrebleu.BLEU(tokenize=tokenize)
    chrf = sacrebleu.CHRF()
    out = {"split": split, "pairs": len(rows), "bleu": round(bleu.corpus_score(hyps, [refs]).score, 2),
           "bleu_signature": str(bleu.get_signature()), "chrf": round(chrf.corpus_score(hyps, [refs]).score, 2),
           "chrf_signature": str(chrf.get_signature()), "unknown": unknown_share(bundle, map(src_of, rows)),
           "looping": float(np.mean([looping(trace) for trace in traces])),
           "other_script": float(np.mean([other_script(trace) for trace in traces]))}
    if bundle.tgt_lang == "en":
        lower = sacrebleu.BLEU(tokenize="13a", lowercase=True)
        out["bleu_lowercase"] = round(lower.corpus_score(hyps, [refs]).score, 2)
    for name, keep in (("short", lambda r: len(r.en.split()) <= 8), ("long", lambda r: len(r.en.split()) > 8)):
        idx = [i for i, r in enumerate(rows) if keep(r)]  # None for a bucket with no sentence
        out[f"bleu_{name}"] = round(sacrebleu.BLEU(tokenize=tokenize).corpus_score(
            [hyps[i] for i in idx], [[refs[i] for i in idx]]).score, 2) if idx else None
    out["by_length"] = bleu_by_length([len(r.en.split()) for r in rows], hyps, refs, tokenize)
    out["examples"] = [{"source": src_of(r), "output": h, "reference": ref_of(r)} for r, h in zip(rows[:5], hyps)]
    return out


LENGTH_BUCKETS = ((1, 4), (5, 6), (7, 8), (9, 10), (11, 13), (14, 17), (18, None))  # English words, as bleu_short


def bleu_by_length(lengths: list[int], hyps: list[str], refs: list[str], tokenize: str) -> list[dict]:
    """sacrebleu BLEU per bucket of source length in English words (Bahdanau et al.'s Figure 2): each bucket's
    bounds (high None: no upper bound), pairs, mean length and BLEU (None for an empty bucket)."""
    import sacrebleu

    out = []
    for low, high in LENGTH_BUCKETS:
        idx = [i for i, n in enumerate(lengths) if n >= low and (high is None or n <= high)]
        bleu = sacrebleu.BLEU(tokenize=tokenize).corpus_score(
            [hyps[i] for i in idx], [[refs[i] for i in idx]]).score if idx else None  # sacrebleu fails on no pairs
        out.append({"low": low, "high": high, "pairs": len(idx),
                    "mean_words": round(float(np.mean([lengths[i] for i in idx])), 2) if idx else None,
                    "bleu": round(bleu, 2) if idx else None})
    return out


def rnn_score(name: str, corpus: Path, n: int = 2000) -> dict:
    """A recurrent model's (model/rnn.py) test.tsv BLEU and chrF, translated as the Before 2017 page does (greedy,
    repetition guard, RNNsearch's <unk> copied from its attention's argmax), by source length too; RNNsearch's
    alignment on n held-out generated pairs."""
    import sacrebleu

    from model.rnn import alignment, load_rnn, run_rnn

    bundle = load_rnn(name)
    rows = tatoeba.rows("test", corpus)
    hyps, refs = [run_rnn(bundle, r.en).output_text for r in rows], [r.zh for r in rows]
    bleu, chrf = sacrebleu.BLEU(tokenize="zh"), sacrebleu.CHRF()
    out = {"split": "test", "pairs": len(rows), "bleu": round(bleu.corpus_score(hyps, [refs]).score, 2),
           "bleu_signature": str(bleu.get_signature()), "chrf": round(chrf.corpus_score(hyps, [refs]).score, 2),
           "chrf_signature": str(chrf.get_signature()),
           "by_length": bleu_by_length([len(r.en.split()) for r in rows], hyps, refs, "zh")}
    if bundle.config.kind == "rnnsearch":
        out["alignment"] = alignment(bundle, held_out(n))
    return out


def looping(trace) -> bool:
    """True if the output loops: it ends without <eos>, or writes a run of 1 to 4 tokens three times in a row."""
    ids = trace.decoded.ids
    return not trace.decoded.finished or any(ids[i : i + n] == ids[i + n : i + 2 * n] == ids[i + 2 * n : i + 3 * n]
                                             for n in range(1, 5) for i in range(len(ids) - 3 * n + 1))


HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")


def other_script(trace) -> bool:
    """True if the output holds the other language's script where nothing was copied: a Chinese character in
    English output, a Latin letter in a Chinese output's own tokens (a copied name is marked as one)."""
    if trace.tgt_lang == "en":
        return bool(HAN.search(trace.output_text))
    own = [word for word, j in zip(trace.output_words, trace.decoded.copied_from) if j is None]
    return bool(LATIN.search("".join(own)))


def unknown_share(bundle: Bundle, sources) -> float:
    """The share of the sources' tokens that are not in the model's source vocabulary."""
    tokens = [t for text in sources for t in bundle.src_vocab.tokenize(text)]
    return sum(t not in bundle.src_vocab.stoi for t in tokens) / max(len(tokens), 1)


def overlap(corpus: Path) -> dict:
    """How much of test.tsv was trained on: test rows whose English (lower-cased, punctuation aside) or whose
    Chinese occurs in train.tsv, and test sentences the grammar generates (in its training split)."""
    from model.corpus import split_of, translate_en

    train = tatoeba.read(corpus / "train.tsv")
    keys, chinese = {tatoeba.key(r.en) for r in train}, {r.zh for r in train}
    test = tatoeba.rows("test", corpus)
    generated = [r for r in test if (p := translate_en(r.en)) is not None and split_of(p) == "train"]
    return {"test_pairs": len(test), "english_in_train": sum(tatoeba.key(r.en) in keys for r in test),
            "chinese_in_train": sum(r.zh in chinese for r in test), "grammar_generates": len(generated)}


def evaluate(name: str, n: int, root: Path = CHECKPOINT_DIR, corpus: Path | None = None) -> dict:
    """Exact match, alignment accuracy, attention statistics, the everyday and the lecture sets of one model, and
    its BLEU and chrF on test.tsv and on train.tsv's validation split when the corpus is there."""
    bundle = load_bundle(name, root)
    pairs = held_out(n)
    out = {"model": name, "guided": bundle.guided, "pairs": len(pairs), "exact_match": exact_match(bundle, pairs),
           "alignment_by_layer": alignment_accuracy(bundle, pairs), "attention": attention_stats(bundle, pairs),
           "everyday": everyday_score(bundle), "lecture": lecture_score(bundle), "canon": canon_score(bundle),
           "coverage": vocab_coverage(bundle)}
    if corpus is not None and tatoeba.available(corpus):
        out["test"], out["valid"] = split_score(bundle, corpus, "test"), split_score(bundle, corpus, "valid")
    return out


def vocab_coverage(bundle: Bundle) -> dict:
    """How many of the most frequent English words (2,000) and Chinese characters (1,500) each side knows (a word
    is known when every token it splits into is: "don't" is read as do not), from the frequency lists shipped in
    model/lecture_sets/frequent_*.txt (wordfreq 3.1.1)."""
    out = {}
    for vocab in (bundle.src_vocab, bundle.tgt_vocab):
        words = lecture_sets.frequent(vocab.lang)
        known = sum(all(t in vocab.stoi for t in vocab.tokenize(w)) for w in words)
        out[vocab.lang] = {"known": known, "total": len(words)}
    return out


def record(name: str, root: Path, corpus: Path) -> dict:
    """Score one checkpoint on test.tsv and write the figures beside it (`SCORES`), for pages that show them; a
    recurrent model's name (model/rnn.py, checkpoints/before_2017) is scored by rnn_score and written there."""
    from model.rnn import RNN_DIR

    if (RNN_DIR / name / "model.safetensors").exists():
        root, scores = RNN_DIR, rnn_score(name, corpus)
    else:
        scores = {k: v for k, v in split_score(load_bundle(name, root), corpus, "test").items() if k != "examples"}
    (root / name / SCORES).write_text(json.dumps(scores, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return scores


def main(argv=None) -> None:
    """Print the evaluation table (and JSON with --json); --record writes each model's test.tsv scores beside it."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--model", action="append", help="checkpoint name (repeatable); default: all shipped")
    p.add_argument("--n", type=int, default=2000, help="number of held-out pairs")
    p.add_argument("--dir", type=Path, default=CHECKPOINT_DIR, help="folder holding the checkpoints")
    p.add_argument("--corpus", type=Path, default=tatoeba.DEFAULT_CORPUS,
                   help="folder with test.tsv (BLEU and chrF; skipped with a note if absent)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--record", action="store_true", help=f"only score test.tsv and write {SCORES} beside each model "
                   "(BLEU by source length too; a recurrent model's name, e.g. rnnsearch-en-zh, is read from "
                   "checkpoints/before_2017)")
    args = p.parse_args(argv)
    torch.set_num_threads(1)  # a busy 2-core machine stalls two intra-op threads for seconds
    if args.record:
        for m in args.model or available_models(args.dir):
            print(m, json.dumps(record(m, args.dir, args.corpus)))
        return
    results = [evaluate(m, args.n, args.dir, args.corpus) for m in (args.model or available_models(args.dir))]
    found = tatoeba.available(args.corpus)
    if args.json:
        print(json.dumps({"models": results, "overlap": overlap(args.corpus) if found else None}, indent=1))
        return
    for r in results:
        print_result(r)
    if found:
        print_overlap(overlap(args.corpus))
    else:
        print(f"no test.tsv in {args.corpus}: BLEU and chrF not measured (--corpus FOLDER)")


def print_overlap(o: dict) -> None:
    """The test set's overlap with the training data."""
    print(f"test.tsv overlap with training: {o['english_in_train']} of {o['test_pairs']} English sentences and "
          f"{o['chinese_in_train']} Chinese sentences occur in train.tsv; the grammar generates "
          f"{o['grammar_generates']} of them in its training split")


def print_result(r: dict) -> None:
    """One model's figures as a few readable lines."""
    layers = "  ".join(f"L{i}: {a:.1%}" for i, a in enumerate(r["alignment_by_layer"]))
    day = r["everyday"]
    print(f"{r['model']} ({'trained to align' if r['guided'] else 'unguided'}): held-out pairs {r['pairs']}, "
          f"exact match {r['exact_match']:.2%}, everyday set {day['correct']}/{day['total']} "
          f"({day['correct'] / day['total']:.0%}; {day['correct'] + day['accepted_later']} with the translations "
          f"accepted later, everyday_*.added.tsv); cross-attention alignment {layers}")
    print(f"  {'block':13s} layer  median |QKᵀ/√d_k|  entropy (bits)  rows > 0.99")
    for block, per_layer in r["attention"].items():
        for i, s in enumerate(per_layer):
            print(f"  {block:13s} {i:5d}  {s['median_abs_scaled']:17.2f}  {s['entropy_bits']:14.2f}  "
                  f"{s['saturated']:11.1%}")
    for miss in day["misses"]:
        print(f"  everyday miss: {miss['sentence']} → {miss['output']}  (accepted: {' | '.join(miss['accepted'])})")
    lec = r["lecture"]
    shown = sum(m["shown"] for m in lec["misses"])
    cov = "; ".join(f"{lang}: {c['known']}/{c['total']} ({c['known'] / c['total']:.1%})"
                    for lang, c in r["coverage"].items())
    wider = lec["correct"] + lec["accepted_later"]
    print(f"  lecture set {lec['correct']}/{lec['total']} ({lec['correct'] / lec['total']:.0%}), "
          f"{wider}/{lec['total']} ({wider / lec['total']:.0%}) with the translations accepted later "
          f"(lecture_sets/*.added.tsv); misses copying every unknown word {shown}/{len(lec['misses'])} (the rest are "
          f"struck through as left out); frequent-word "
          f"coverage {cov}")
    fires = ", ".join(f"<{f['threshold']}: {f['right']:.0%} of right / {f['wrong']:.0%} of wrong"
                      for f in lec["coverage_fires"])
    print(f"  a mark on the lowest coverage (total attention; the app marks peaks) would fire on {fires}")
    for miss in lec["misses"]:
        unk = f"  [unknown: {', '.join(miss['unknown'])}]" if miss["unknown"] else ""
        unk += f"  [left out, struck through: {', '.join(miss['left_out'])}]" if miss["left_out"] else ""
        unk += f"  [may be untranslated: {', '.join(miss['untranslated'])}]" if miss["untranslated"] else ""
        print(f"  lecture miss: {miss['sentence']} → {miss['output']}{unk}")
    print_canon(r["canon"])
    if "test" in r:
        print_split(r["test"], "test.tsv")
        print_split(r["valid"], "train.tsv's validation split (never trained on; a split of the training file)")


def print_canon(c: dict) -> None:
    """The canon's score and each miss with its unknown words and the words marked "may be untranslated"."""
    print(f"  lecture canon {c['correct']}/{c['total']} ({c['correct'] / c['total']:.0%}) exact against the accepted "
          f"translations (model/lecture_sets/canon_*.tsv)")
    for miss in c["misses"]:
        marks = f"  [unknown: {', '.join(miss['unknown'])}]" if miss["unknown"] else ""
        marks += f"  [may be untranslated: {', '.join(miss['untranslated'])}]" if miss["untranslated"] else ""
        print(f"  canon miss: {miss['sentence']} → {miss['output']}{marks}")


def print_split(t: dict, label: str) -> None:
    """BLEU and chrF on one split with their signatures; the share of unknown source tokens."""
    lower = f", lower-cased {t['bleu_lowercase']}" if "bleu_lowercase" in t else ""
    print(f"  {label} ({t['pairs']} pairs): BLEU {t['bleu']}{lower} ({t['bleu_signature']}); chrF {t['chrf']} "
          f"({t['chrf_signature']}); BLEU on sources of <= 8 words {t['bleu_short']}, longer {t['bleu_long']}; "
          f"source tokens unknown to the model {t['unknown']:.2%}; outputs that loop {t['looping']:.2%}, with the "
          f"other language's script outside copied words {t['other_script']:.2%}")
    for ex in t["examples"] if t["split"] == "test" else []:
        print(f"    {ex['source']} → {ex['output']}  (reference: {ex['reference']})")


if __name__ == "__main__":
    main()
