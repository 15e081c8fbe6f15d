"""Greedy, sampling (temperature, top-k) and beam-search decoding, recording every step."""
from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import torch

from model.hooks import act_name
from model.tokenizer import BOS_ID, EOS_ID, UNK_ID, Vocab
from model.transformer import AttnOptions, Transformer, cross_cache, new_cache

N_LIKELIEST = 8
METHODS = ("greedy", "sample", "beam")
NO_REPEAT_RUN = 4  # the guard: no run of 1 to 4 tokens is written a third time in a row (chosen in docs/model.md)


@dataclass(frozen=True)
class DecodeOptions:
    """How to pick the next token."""

    method: str = "greedy"  # greedy | sample | beam
    temperature: float = 1.0  # sampling temperature (divides the logits)
    top_k: int = 0  # sample only among the k most likely tokens; 0 = all
    seed: int = 0  # sampling seed
    beam_width: int = 4
    max_steps: int = 40
    guard: bool = True  # the repetition guard (`repeating`); False: every step takes the model's own choice

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"decode method must be one of {METHODS}")
        if not 1 <= self.beam_width <= 4:
            raise ValueError("beam width must be between 1 and 4")
        if self.temperature <= 0:
            raise ValueError("temperature must be > 0")


@dataclass
class Step:
    """One decoding step: what the decoder saw, where it looked, and what it chose."""

    prefix_ids: list[int]  # decoder input so far, starting with <bos>
    prefix_tokens: list[str]
    self_attn: np.ndarray  # (N, h, t, t) masked self-attention over the prefix
    cross_attn: np.ndarray  # (N, h, S) cross-attention row of the newest position
    top_ids: list[int]
    top_tokens: list[str]
    top_probs: list[float]  # the distribution the choice was made from, best first
    chosen_id: int
    chosen_token: str
    chosen_prob: float
    beams: list[dict] = field(default_factory=list)  # beam search: live hypotheses after this step


@dataclass
class DecodeResult:
    """The decoded sequence and its steps."""

    method: str
    ids: list[int]  # output ids, without <bos> and <eos>
    tokens: list[str]
    steps: Sequence[Step]  # a list, or Steps read off the recorded pass when first asked for
    finished: bool  # True if <eos> was produced
    copied_from: list[int | None] = field(default_factory=list)  # per output token: source position if <unk>


class Steps(Sequence):
    """A decoding's steps, read off its recorded pass the first time they are asked for (the Decoding page asks;
    most pages never do). Threads that race read equal lists."""

    def __init__(self, build: Callable[[], list[Step]]) -> None:
        self.build = build

    @functools.cached_property
    def steps(self) -> list[Step]:
        """The steps, built once."""
        with torch.inference_mode():
            return self.build()

    def __getitem__(self, i):
        return self.steps[i]

    def __len__(self) -> int:
        return len(self.steps)


def copy_source(cross: np.ndarray, ids: list[int]) -> list[int | None]:
    """For each output <unk>, the source position the last cross-attention layer's row of its step (cross: that
    layer's pattern (h, T, S)) looks at most, head average: the word to copy there (Jean et al. 2015; Luong, Pham &
    Manning 2015); None for every other token."""
    return [int(cross[:, t].mean(0).argmax()) if i == UNK_ID else None for t, i in enumerate(ids)]


def repeating(prefix: list[int]) -> list[int]:
    """The tokens the repetition guard forbids next: each one that would end the prefix with a run of 1 to
    NO_REPEAT_RUN tokens written a third time in a row (人 after 没人人, 的朋友 after 的朋友的朋友的朋)."""
    out = []
    for n in range(1, NO_REPEAT_RUN + 1):
        tail = prefix[len(prefix) - 3 * n + 1:]  # the run twice, then all of it but its last token
        if len(tail) == 3 * n - 1 and tail[:n] == tail[n : 2 * n] and tail[2 * n:] == tail[: n - 1]:
            out.append(tail[n - 1])
    return out


def guarded(log_probs: torch.Tensor, prefixes: list[list[int]], guard: bool) -> torch.Tensor:
    """Log-probabilities (B, V) with each row's repeating tokens set to −inf (the guard on), else unchanged; copied
    only when the guard forbids something."""
    banned = [repeating(prefix) for prefix in prefixes] if guard else []
    if not any(banned):
        return log_probs
    out = log_probs.clone()
    for row, tokens in enumerate(banned):
        out[row, tokens] = float("-inf")
    return out


def next_log_probs(model: Transformer, memory, src_ids, prefix: torch.Tensor, opts: AttnOptions,
                   guard: bool = False) -> torch.Tensor:
    """Log-probabilities of the next token after each prefix (B, t) -> (B, V), without recording; `guard`: the
    repetition guard applied."""
    logits = model.decode(memory, src_ids, prefix, opts)  # (B, t, V)
    return guarded(torch.log_softmax(logits[:, -1].double(), dim=-1), prefix.tolist(), guard)


def sampling_distribution(log_probs: torch.Tensor, opts: DecodeOptions) -> torch.Tensor:
    """softmax(log p / T) restricted to the top_k tokens (renormalised), along the last axis; (…, V)."""
    scaled = log_probs / opts.temperature  # (…, V)
    if 0 < opts.top_k < scaled.shape[-1]:
        cutoff = torch.topk(scaled, opts.top_k, dim=-1).values[..., -1:]  # (…, 1)
        scaled = scaled.masked_fill(scaled < cutoff, float("-inf"))
    return torch.softmax(scaled, dim=-1)


def choice_distribution(log_probs: torch.Tensor, opts: DecodeOptions) -> torch.Tensor:
    """The distribution a step chooses from: the model's for greedy and beam, the sampling one otherwise."""
    return sampling_distribution(log_probs, opts) if opts.method == "sample" else log_probs.exp()


Pass = tuple[list[int], dict]  # a recorded decoder pass: its input rows and what its hook points recorded


def greedy_with_draft(model, memory, src_ids, draft: list[int], max_steps: int, attn: AttnOptions,
                      follows: dict[int, int] | None = None, guard: bool = False) -> tuple[list[int], Pass]:
    """Exact greedy decoding that verifies a guessed continuation (e.g. the previous keystroke's translation)
    in one decoder pass: guessed tokens are kept while they equal the argmax, and the first mismatch's argmax
    comes from the same pass; after a miss the draft is realigned (`realign`), and once it is used up the guess is
    what followed the prefix's last tokens earlier in the prefix, or in the model's recent translations (`follows`,
    updated here; see `guessed`); with no draft, after the guess's first miss, the rest decoded with the KV cache
    (`cached_greedy`). A good draft needs 1–3 passes instead of one per token. `guard`: each row's argmax
    skips the tokens that would repeat an n-gram of its prefix. Returns the ids and the last pass, recorded (a right
    draft's last pass is the one a trace records)."""
    follows = {} if follows is None else follows
    prefix, at = [BOS_ID], 0  # at: the draft position expected next
    cross = cross_cache(model.config.N)  # the memory's K/V, projected on the first pass only
    while True:
        from_draft = at < len(draft)
        guess = before_eos(draft[at:] if from_draft else guessed(prefix, follows))
        rows = (prefix + guess)[: max_steps + 1]
        with model.recording() as cache:
            logits = model.decode(memory, src_ids, torch.tensor([rows]), attn, cross)[0]  # (len, V)
        pred = row_argmax(logits, rows, len(prefix) - 1, guard)
        for j, token in enumerate(pred):  # token after rows[: len(prefix) + j]
            prefix.append(token)
            if token == EOS_ID or len(prefix) > max_steps:
                follows.update(zip(prefix, prefix[1:]))
                return prefix, (rows, cache)
            if j >= len(guess) or guess[j] != token:
                break
        if from_draft:
            at = realign(draft, at + j, token) if j < len(guess) else at + j
        elif not draft:  # no draft, and the recent translations' guess missed: greedy's own, cached, is the draft
            draft, at = cached_greedy(model, memory, src_ids, prefix, max_steps, attn, guard), len(prefix) - 1


def before_eos(guess: list[int]) -> list[int]:
    """The guess up to its <eos>: the row after <eos> predicts nothing, and a pass that ends on the output's last token
    is the pass a trace records (no second pass over exactly the output's rows)."""
    return guess[: guess.index(EOS_ID)] if EOS_ID in guess else guess


def row_argmax(logits: torch.Tensor, rows: list[int], start: int, guard: bool) -> list[int]:
    """The argmax of each row of one pass (logits (len, V)) from row `start` on, row k over rows[: k + 1]; `guard`:
    repeating tokens skipped."""
    prefixes = [rows[: k + 1] for k in range(start, len(rows))]
    return guarded(logits[start:], prefixes, guard).argmax(-1).tolist()


def realign(draft: list[int], at: int, token: int) -> int:
    """Where the draft goes on after `token` came where draft[at] was expected: after the token if it comes a
    little later (the draft had words too many here) or a little earlier (words were inserted before it, and the
    guess ran ahead), else at + 1 (one word was replaced; a keystroke usually changes one word of the
    translation); nearest first, anywhere in the draft (a keystroke may move a phrase: the draft's words after it
    come again). Only speed depends on it."""
    for k in sorted(range(-at, len(draft) - at), key=lambda k: (abs(k), k < 0)):
        if k and draft[at + k] == token:
            return at + k + 1
    return at + 1


def guessed(prefix: list[int], follows: dict[int, int], n: int = 32) -> list[int]:
    """The guess once the draft is used up: what followed the prefix's last tokens earlier in the prefix, else up to
    n tokens chained through `follows` (token -> the token after it in the model's recent translations: a new word
    at the end of a sentence was often translated before). Only speed depends on it."""
    guess = continuation(prefix)
    token = (guess or prefix)[-1]
    while len(guess) < n and token != EOS_ID:
        token = follows.get(token)
        if token is None or token in guess:
            break
        guess.append(token)
    return guess


def continuation(prefix: list[int], n: int = 2) -> list[int]:
    """What followed the latest earlier occurrence of the prefix's last n tokens in the prefix (a repeating
    translation repeats again), or nothing; a guess, so only speed depends on it."""
    tail = prefix[-n:]
    for start in range(len(prefix) - n - 1, 0, -1):
        if prefix[start : start + n] == tail:
            return prefix[start + n :]
    return []


def cached_greedy(model, memory, src_ids, prefix: list[int], max_steps: int, attn: AttnOptions,
                  guard: bool) -> list[int]:
    """A draft when there is none: the prefix (with <bos>) and greedy's continuation, decoded a row a step with the KV
    cache, unrecorded, <bos> left off; equal to greedy's up to float rounding (a near tie may differ), so the
    verifying pass decides and only speed depends on it (a step costs about half a pass; a wrong guess, a pass)."""
    cache, new = new_cache(model.config.N), prefix
    while len(prefix) <= max_steps and prefix[-1] != EOS_ID:
        logits = model.decode_step(memory, src_ids, torch.tensor([new]), cache, attn)[0, -1:]  # (1, V)
        new = guarded(logits, [prefix], guard).argmax(-1).tolist()
        prefix = prefix + new
    return prefix[1:]


def sequential_prefix(model, memory, src_ids, opts: DecodeOptions, attn: AttnOptions,
                      draft: list[int] | None = None,
                      follows: dict[int, int] | None = None) -> tuple[list[int], Pass | None]:
    """Greedy (verifying `draft`, guessing with `follows`) or sampled token ids, <bos> first (and <eos> last if
    produced), and greedy's last recorded pass."""
    if opts.method == "greedy":
        return greedy_with_draft(model, memory, src_ids, draft or [], opts.max_steps, attn, follows, opts.guard)
    gen = torch.Generator().manual_seed(opts.seed)
    prefix = [BOS_ID]
    for _ in range(opts.max_steps):
        log_probs = next_log_probs(model, memory, src_ids, torch.tensor([prefix]), attn, opts.guard)[0]  # (V,)
        dist = choice_distribution(log_probs, opts)
        chosen = int(torch.multinomial(dist, 1, generator=gen))
        prefix.append(chosen)
        if chosen == EOS_ID:
            break
    return prefix, None


def beam_candidates(beams, log_probs: torch.Tensor, width: int):
    """Expand every live beam by its best tokens; return the best `width` (score, prefix) pairs."""
    candidates = []
    for (score, prefix), lp in zip(beams, log_probs):
        top_lp, top_i = torch.topk(lp, width)
        candidates += [(score + float(p), prefix + [int(i)]) for p, i in zip(top_lp, top_i)]
    return sorted(candidates, key=lambda c: -c[0])[:width]


def beam_prefix(model, memory, src_ids, vocab: Vocab, opts: DecodeOptions, attn: AttnOptions):
    """Beam search on summed log-probabilities: the best prefix and the live beams after each step."""
    live, done, snapshots = [(0.0, [BOS_ID])], [], []
    for _ in range(opts.max_steps):
        prefixes = torch.tensor([p for _, p in live])  # (n_live, t)
        mem = memory.expand(len(live), -1, -1)  # (n_live, S, d_model)
        log_probs = next_log_probs(model, mem, src_ids.expand(len(live), -1), prefixes, attn, opts.guard)
        best = beam_candidates(live, log_probs, opts.beam_width)
        snapshots.append([{"tokens": [vocab.itos[i] for i in p[1:]], "log_prob": sc} for sc, p in best])
        done += [c for c in best if c[1][-1] == EOS_ID]
        live = [c for c in best if c[1][-1] != EOS_ID][: opts.beam_width - len(done)]
        if not live:
            break
    return max(done + live, key=lambda c: c[0])[1], snapshots


SELF_KEY_AXIS = ("mask", "scores", "scaled", "masked_scores", "pattern", "bias")  # a key axis of T in self-attention


def steps_from_pass(prefix: list[int], cache: dict, vocab: Vocab, N: int, opts: DecodeOptions) -> list[Step]:
    """Every step, read off one recorded decoder pass over the prefix: under the causal mask, row t of that pass
    is exactly what the decoder computed at step t."""
    log_probs = torch.log_softmax(cache[act_name("logits")][0].double(), dim=-1)  # (T, V)
    log_probs = guarded(log_probs, [prefix[: t + 1] for t in range(len(log_probs))], opts.guard)  # (T, V)
    self_attn = np.stack([cache[act_name("pattern", i, "decoder")][0].numpy() for i in range(N)])  # (N,h,T,T)
    cross = np.stack([cache[act_name("pattern", i, "cross")][0].numpy() for i in range(N)])  # (N,h,T,S)
    self_attn.setflags(write=False)  # every step's arrays are views of these: read-only, like a cached trace's
    cross.setflags(write=False)
    dist = choice_distribution(log_probs[: len(prefix) - 1], opts)  # (T', V): step t chooses from row t − 1
    top_p, top_i = torch.topk(dist, min(N_LIKELIEST, dist.shape[-1]), dim=-1)  # (T', k) twice
    chosen_p = dist.gather(1, torch.tensor(prefix[1:], dtype=torch.long)[:, None])[:, 0].tolist()  # (T',)
    top_p, top_i = top_p.tolist(), top_i.tolist()
    steps = []
    for t in range(1, len(prefix)):
        chosen = prefix[t]
        steps.append(Step(
            prefix_ids=prefix[:t], prefix_tokens=[vocab.itos[i] for i in prefix[:t]],
            self_attn=self_attn[:, :, :t, :t], cross_attn=cross[:, :, t - 1],
            top_ids=top_i[t - 1], top_tokens=[vocab.itos[i] for i in top_i[t - 1]], top_probs=top_p[t - 1],
            chosen_id=chosen, chosen_token=vocab.itos[chosen], chosen_prob=chosen_p[t - 1],
        ))
    return steps


def with_beams(steps: list[Step], snapshots: list[list[dict]]) -> list[Step]:
    """The steps, each with beam search's live hypotheses after it (none for other methods)."""
    for step, snap in zip(steps, snapshots):
        step.beams = snap
    return steps


def finish(method: str, prefix: list[int], steps: Sequence[Step], recording: Recording, N: int,
           vocab: Vocab) -> DecodeResult:
    """Package a decoded prefix (with <bos>, maybe <eos>) as a result; an output <unk> reads the recorded pass's last
    cross-attention layer to copy its source word (other outputs read nothing of it)."""
    finished = prefix[-1] == EOS_ID
    ids = prefix[1:-1] if finished else prefix[1:]
    copied = [None] * len(ids)
    if UNK_ID in ids:
        copied = copy_source(recording.cache[act_name("pattern", N - 1, "cross")][0].numpy(), ids)  # (h, T, S) in
    return DecodeResult(method, ids, [vocab.itos[i] for i in ids], steps, finished, copied)


class Recording:
    """The decoder pass over exactly <bos> + output (what a trace records): decoding's last pass when it ran over
    exactly those rows, else a pass run when first read, so that a page which reads no decoder array (Self-attention
    on the encoder) never pays for it. `names` are its hook points; `nbytes` what its tensors hold (for a pass not
    run yet, the longer pass's: at least as much). Threads that race run equal passes."""

    def __init__(self, run: Callable[[], dict], cache: dict | None = None, names: tuple[str, ...] = (),
                 nbytes: int = 0) -> None:
        self.run = run
        if cache is not None:
            self.__dict__["cache"] = cache
            names, nbytes = tuple(cache), sum(t.nbytes for t in cache.values())
        self.names, self.nbytes = names, nbytes

    @functools.cached_property
    def cache(self) -> dict[str, torch.Tensor]:
        """The pass's recorded tensors by hook name, run the first time they are asked for."""
        with torch.inference_mode():
            cache = self.run()
        self.run = None  # the memory and hook context it held are no longer needed
        return cache


@torch.inference_mode()
def decode_with_cache(model: Transformer, memory, src_ids, vocab: Vocab, opts: DecodeOptions, attn: AttnOptions,
                      draft: list[int] | None = None,
                      follows: dict[int, int] | None = None) -> tuple[DecodeResult, Recording]:
    """Decode (memory (1, S, d_model), src_ids (1, S)); return the result and the recorded decoder pass
    over <bos> + output, whose rows give every step. `draft` (output ids) and `follows` (see `guessed`) only
    speed up greedy decoding."""
    snapshots, last = [], None
    if opts.method == "beam":
        prefix, snapshots = beam_prefix(model, memory, src_ids, vocab, opts, attn)
    else:
        prefix, last = sequential_prefix(model, memory, src_ids, opts, attn, draft, follows)
    rows = prefix[:-1] if prefix[-1] == EOS_ID else prefix  # decoder input: <bos> y1 … yn

    def record() -> dict:  # a pass over exactly the rows, so that a drafted and an undrafted run record the same
        with model.recording() as cache:  # numbers (a longer pass gives the first rows only up to float rounding,
            model.decode(memory, src_ids, torch.tensor([rows]), attn)  # ~1e-6: another shape, another summation order)
        return cache

    if last is not None and last[0] == rows:  # the last pass was over exactly these rows: it is the one to record
        recording = Recording(record, cache=last[1])
    elif last is not None:  # greedy ran longer: the same hook points, run when a page reads one, under the hook
        context = contextvars.copy_context()  # edits in force now (a knocked-out head, a window)
        recording = Recording(lambda: context.copy().run(record), names=tuple(last[1]),
                              nbytes=sum(t.nbytes for t in last[1].values()))
    else:
        recording = Recording(record, cache=record())
    steps = Steps(lambda: with_beams(steps_from_pass(prefix, recording.cache, vocab, model.config.N, opts), snapshots))
    return finish(opts.method, prefix, steps, recording, model.config.N, vocab), recording


@torch.no_grad()
def greedy_batch(model: Transformer, src_ids: torch.Tensor, max_steps: int, guard: bool = True) -> list[list[int]]:
    """Fast batched greedy decoding without recording (for evaluation), with the repetition guard unless `guard` is
    False, as the app decodes; returns output ids per row."""
    memory = model.encode(src_ids)
    ys = torch.full((src_ids.shape[0], 1), BOS_ID, dtype=torch.long)  # (B, 1)
    done = torch.zeros(src_ids.shape[0], dtype=torch.bool)
    for _ in range(max_steps):
        logits = model.decode(memory, src_ids, ys)[:, -1]  # (B, V)
        nxt = guarded(logits, ys.tolist(), guard).argmax(-1)  # (B,)
        ys = torch.cat([ys, nxt[:, None]], dim=1)
        done |= nxt == EOS_ID
        if done.all():
            break
    out = []
    for row in ys[:, 1:].tolist():
        out.append(row[: row.index(EOS_ID)] if EOS_ID in row else row)
    return out
