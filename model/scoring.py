"""How the model is trained and scored, for one sentence: the teacher-forced loss on the shifted target (with and
without label smoothing), the warm-up schedule, and sentence-level BLEU and chrF with their n-gram matches.

BLEU and chrF follow sacrebleu 2.6.0 (sentence_bleu: exp smoothing, effective order; sentence_chrf: 6 character
orders, β = 2) and its 13a and zh tokenisers, counted here so that the app never imports sacrebleu (a test compares).
"""
from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from model.checkpoint import CHECKPOINT_DIR, SCORES, Bundle
from model.tokenizer import BOS_ID, EOS_ID
from model.train import LABEL_SMOOTHING, lr_at

MAX_ORDER = 4  # BLEU's n-gram orders
CHAR_ORDER, BETA = 6, 2  # chrF's character n-gram orders and recall weight


def label_smoothing() -> float:
    """The ε of the training loss (model.train.LABEL_SMOOTHING)."""
    return LABEL_SMOOTHING


def smoothed_target(vocab_size: int, target: int, eps: float) -> np.ndarray:
    """The training target for one position: (1 − ε) on the reference token plus ε/V on every token; (V,)."""
    q = np.full(vocab_size, eps / vocab_size)  # (V,)
    q[target] += 1.0 - eps
    return q


@dataclass(frozen=True)
class TeacherLoss:
    """The loss of a reference fed in whole, shifted right by one: decoder input <bos> y[:-1], target y."""

    input_tokens: list[str]  # <bos> y1 … yn
    target_tokens: list[str]  # y1 … yn <eos>
    target_ids: list[int]
    log_probs: np.ndarray  # (T, V) float64, log P(token | source, target prefix)
    eps: float

    @property
    def nll(self) -> np.ndarray:
        """−log P(target token) per position; (T,)."""
        return -self.log_probs[np.arange(len(self.target_ids)), self.target_ids]

    @property
    def smoothed(self) -> np.ndarray:
        """Cross-entropy against the smoothed target per position: (1 − ε)·nll + ε·mean over V of −log P; (T,)."""
        return (1.0 - self.eps) * self.nll - self.eps * self.log_probs.mean(-1)

    @property
    def loss(self) -> float:
        """The mean −log P over the target tokens (the cross-entropy without smoothing)."""
        return float(self.nll.mean())

    @property
    def smoothed_loss(self) -> float:
        """The mean loss against the smoothed targets (what training minimised)."""
        return float(self.smoothed.mean())

    @property
    def cap(self) -> float:
        """The probability of the reference token that minimises the smoothed loss: 1 − ε + ε/V."""
        return 1.0 - self.eps + self.eps / self.log_probs.shape[1]

    @property
    def floor(self) -> float:
        """The least smoothed loss per token, reached at P = the smoothed target: its entropy H(q)."""
        V, eps = self.log_probs.shape[1], self.eps
        return float(-(self.cap * np.log(self.cap) + (V - 1) * (eps / V) * np.log(eps / V))) if eps else 0.0

    @property
    def top_probs(self) -> np.ndarray:
        """The model's largest probability at each position; (T,)."""
        return np.exp(self.log_probs.max(-1))

    @property
    def perplexity(self) -> float:
        """exp(cross-entropy): the number of equally likely tokens the model is as unsure as."""
        return math.exp(self.loss)


@torch.inference_mode()
def teacher_loss(bundle: Bundle, text: str, reference: str, eps: float) -> TeacherLoss:
    """The teacher-forced loss of `reference` as the translation of `text`; ValueError if either has no tokens."""
    src = bundle.src_vocab.encode(text, bundle.config.max_len)
    tgt = bundle.tgt_vocab.encode(reference, bundle.config.max_len)
    if not src.ids or not tgt.ids:
        raise ValueError("both the sentence and the reference need tokens")
    inp, target = [BOS_ID] + tgt.ids, tgt.ids + [EOS_ID]  # the target shifted right by one
    logits = bundle.transformer(torch.tensor([src.ids]), torch.tensor([inp]))[0].double()  # (T, V)
    itos = bundle.tgt_vocab.itos
    return TeacherLoss([itos[i] for i in inp], [itos[i] for i in target], target,
                       torch.log_softmax(logits, -1).numpy(), eps)


def training_log(name: str, root: Path = CHECKPOINT_DIR) -> dict:
    """A checkpoint's training log (train_log.json), or {} if it has none."""
    path = root / name / "train_log.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def schedule(d_model: int, warmup: int, factor: float, steps: int) -> tuple[np.ndarray, np.ndarray]:
    """The paper's lrate = factor · d_model^−0.5 · min(n^−0.5, n · warmup^−1.5) at n = 1 … steps (model.train.lr_at)."""
    n = np.arange(1, steps + 1)  # (steps,)
    return n, np.array([lr_at(int(i) - 1, d_model, factor, warmup) for i in n])


def recorded_bleu(model: str, root: Path = CHECKPOINT_DIR) -> tuple[str, str] | None:
    """The model's test.tsv BLEU and chrF as `python -m model.evaluate --record` wrote them beside it, or None."""
    path = root / model / SCORES
    if not path.exists():
        return None
    scores = json.loads(path.read_text(encoding="utf-8"))
    return f"{scores['bleu']:.2f}", f"{scores['chrf']:.2f}"


# sacrebleu's tokenisers (tokenizer_re.py, tokenizer_13a.py, tokenizer_zh.py), rule for rule
_RULES = ((re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])"), r" \1 "), (re.compile(r"([^0-9])([\.,])"), r"\1 \2 "),
          (re.compile(r"([\.,])([^0-9])"), r" \1 \2"), (re.compile(r"([0-9])(-)"), r"\1 \2 "))
# sacrebleu's ranges as written: '\u20000' and '\u2f800' are two-character strings there, and compared as such
_ZH_RANGES = (("\u3400", "\u4db5"), ("\u4e00", "\u9fa5"), ("\u9fa6", "\u9fbb"), ("\uf900", "\ufa2d"),
              ("\ufa30", "\ufa6a"), ("\ufa70", "\ufad9"), ("\u20000", "\u2a6d6"), ("\u2f800", "\u2fa1d"),
              ("\uff00", "\uffef"), ("\u2e80", "\u2eff"), ("\u3000", "\u303f"), ("\u31c0", "\u31ef"),
              ("\u2f00", "\u2fdf"), ("\u2ff0", "\u2fff"), ("\u3100", "\u312f"), ("\u31a0", "\u31bf"),
              ("\ufe10", "\ufe1f"), ("\ufe30", "\ufe4f"), ("\u2600", "\u26ff"), ("\u2700", "\u27bf"),
              ("\u3200", "\u32ff"), ("\u3300", "\u33ff"))


def split_marks(line: str) -> list[str]:
    """sacrebleu's regexp tokeniser: punctuation and symbols apart, . and , apart unless between digits."""
    for pattern, repl in _RULES:
        line = pattern.sub(repl, line)
    return line.split()


def tokenize_13a(line: str) -> list[str]:
    """sacrebleu's 13a (mteval-v13a) tokens of a line."""
    line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    for entity, char in (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">")):
        line = line.replace(entity, char)
    return split_marks(f" {line} ")


def is_chinese(ch: str) -> bool:
    """True for a character sacrebleu's zh tokeniser splits off on its own."""
    return any(start <= ch <= end for start, end in _ZH_RANGES)


def tokenize_zh(line: str) -> list[str]:
    """sacrebleu's zh tokens: every Chinese character alone, the rest as 13a's regexp splits it."""
    return split_marks("".join(f" {ch} " if is_chinese(ch) else ch for ch in line.strip()))


def tokenize(line: str, lang: str) -> list[str]:
    """BLEU's tokens of a line in `lang` ("zh": sacrebleu's zh, else 13a), after sacrebleu's rstrip."""
    return (tokenize_zh if lang == "zh" else tokenize_13a)(line.rstrip())


def ngrams(tokens: list, n: int) -> Counter:
    """The n-grams of a sequence with their counts."""
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


@dataclass(frozen=True)
class Bleu:
    """Sentence BLEU's counts: per order n = 1 … 4 the clipped matches and the hypothesis n-grams."""

    hyp: list[str]
    ref: list[str]
    matches: list[int]  # Σ over hypothesis n-grams of min(count in hypothesis, count in reference)
    totals: list[int]  # hypothesis n-grams

    @property
    def brevity_penalty(self) -> float:
        """1 if the hypothesis is at least as long as the reference, else exp(1 − r/c) (0 for an empty one)."""
        c, r = len(self.hyp), len(self.ref)
        return 1.0 if c >= r else (math.exp(1 - r / c) if c else 0.0)

    @property
    def precisions(self) -> list[float]:
        """The n-gram precisions in %, orders with no match smoothed as sacrebleu's 'exp' (100 / (2^k · total))."""
        out, k = [], 0
        for m, total in zip(self.matches, self.totals):
            if total == 0:
                out.append(0.0)
            elif m == 0:
                k += 1
                out.append(100.0 / (2 ** k * total))
            else:
                out.append(100.0 * m / total)
        return out

    @property
    def order(self) -> int:
        """The effective order: the orders up to the first with no hypothesis n-gram."""
        return next((n for n, total in enumerate(self.totals) if total == 0), MAX_ORDER)

    @property
    def score(self) -> float:
        """BP · exp(mean over the effective orders of log pₙ), in %; 0 if no n-gram matches at all."""
        if not any(self.matches) or self.order == 0:
            return 0.0
        return self.brevity_penalty * math.exp(sum(math.log(p) for p in self.precisions[:self.order]) / self.order)

    def marks(self) -> list[int]:
        """Per hypothesis token the longest n of a clipped matching n-gram that covers it (0: none)."""
        return covered(self.hyp, self.ref)

    def ref_marks(self) -> list[int]:
        """Per reference token the longest n of an n-gram the hypothesis matches that covers it (0: none)."""
        return covered(self.ref, self.hyp)


def covered(tokens: list[str], other: list[str]) -> list[int]:
    """Per token the longest n (≤ 4) of its n-grams that `other` also has, counted left to right and each of
    `other`'s n-grams used as often as it occurs there (BLEU's clipping); 0 for a token in none."""
    out = [0] * len(tokens)
    for n in range(1, MAX_ORDER + 1):
        left = ngrams(other, n)
        for i in range(len(tokens) - n + 1):
            gram = tuple(tokens[i:i + n])
            if left[gram] > 0:
                left[gram] -= 1
                out[i:i + n] = [n] * n
    return out


def sentence_bleu(hypothesis: str, reference: str, lang: str) -> Bleu:
    """BLEU's counts of one hypothesis against one reference, tokenised for the target language."""
    hyp, ref = tokenize(hypothesis, lang), tokenize(reference, lang)
    matches, totals = [], []
    for n in range(1, MAX_ORDER + 1):
        h, r = ngrams(hyp, n), ngrams(ref, n)
        matches.append(sum(min(c, r[g]) for g, c in h.items()))
        totals.append(sum(h.values()))
    return Bleu(hyp, ref, matches, totals)


@dataclass(frozen=True)
class Chrf:
    """chrF's counts: per character order n = 1 … 6 the hypothesis, reference and matching n-grams."""

    hyp: list[int]
    ref: list[int]
    matches: list[int]

    @property
    def score(self) -> float:
        """F_β (β = 2) of the precision and recall averaged over the orders both sides have, in %."""
        both = [(m / h, m / r) for h, r, m in zip(self.hyp, self.ref, self.matches) if h and r]
        if not both:
            return 0.0
        p, r = (sum(x) / len(both) for x in zip(*both))
        return 100.0 * (1 + BETA**2) * p * r / (BETA**2 * p + r) if p + r else 0.0


def sentence_chrf(hypothesis: str, reference: str) -> Chrf:
    """chrF's character n-gram counts of one hypothesis against one reference, whitespace removed."""
    hyp, ref = "".join(hypothesis.split()), "".join(reference.split())
    counts = [(ngrams(hyp, n), ngrams(ref, n)) for n in range(1, CHAR_ORDER + 1)]
    return Chrf([sum(h.values()) for h, _ in counts], [sum(r.values()) for _, r in counts],
                [sum(min(c, r[g]) for g, c in h.items()) for h, r in counts])
