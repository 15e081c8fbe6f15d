"""The translation models before the Transformer, for the Before 2017 page: RNNenc, a GRU encoder–decoder whose
decoder sees only the encoder's final state (Cho et al., 2014), and RNNsearch, a bidirectional GRU encoder with
additive attention e_ij = v_aᵀ tanh(W_a s_{i−1} + U_a h_j) (Bahdanau, Cho & Bengio, 2015).

Both read the shipped en-zh checkpoint's vocabularies. Training runs the fused `nn.GRU` / `nn.GRUCell`;
`gru_cell` and `additive_attention` write the same steps out in NumPy (the tests hold them to the torch modules), and a
sentence is translated for the page with them (`run_source`): one row at a time, NumPy's matrix–vector products take
half the time of torch's."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from functools import cached_property
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import load_model, save_model
from torch import nn

from model.checkpoint import CHECKPOINT_DIR
from model.data import to_batch
from model.decoding import guarded, repeating
from model.tokenizer import BOS, BOS_ID, EOS, EOS_ID, PAD_ID, UNK, Encoded, Vocab, detokenize
from model.trace import read_only

RNN_DIR = CHECKPOINT_DIR / "before_2017"  # RNNenc and RNNsearch (not in the app's model picker)
KINDS = ("rnnenc", "rnnsearch")


@dataclass
class RNNConfig:
    """Sizes of a recurrent translation model."""

    kind: str  # "rnnenc" (final state only) or "rnnsearch" (additive attention)
    src_vocab_size: int
    tgt_vocab_size: int
    emb: int = 128  # word embedding size
    hidden: int = 256  # decoder state size; the encoder's state (RNNsearch: both directions together)
    attn: int = 256  # RNNsearch: size of the additive score's hidden layer (W_a s + U_a h)
    dropout: float = 0.2
    max_len: int = 64

    def to_dict(self) -> dict:
        """The config as a JSON-ready dict."""
        return asdict(self)


def lengths_of(src: torch.Tensor) -> torch.Tensor:
    """Real (unpadded) length of each source row, at least 1; (B,)."""
    return (src != PAD_ID).sum(1).clamp_min(1)


class Seq2Seq(nn.Module):
    """What both models share: embeddings, the deep output layer, greedy decoding."""

    def __init__(self, cfg: RNNConfig) -> None:
        super().__init__()
        self.config = cfg
        self.src_emb = nn.Embedding(cfg.src_vocab_size, cfg.emb, padding_idx=PAD_ID)
        self.tgt_emb = nn.Embedding(cfg.tgt_vocab_size, cfg.emb, padding_idx=PAD_ID)
        self.drop = nn.Dropout(cfg.dropout)
        self.readout = nn.Linear(2 * cfg.hidden + cfg.emb, cfg.emb)  # [s_i; E y_{i−1}; c_i] -> t_i
        self.out = nn.Linear(cfg.emb, cfg.tgt_vocab_size)

    def logits(self, s: torch.Tensor, e: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
        """Next-token logits from the decoder state, the previous word's embedding and the context; (..., V)."""
        t = torch.tanh(self.readout(torch.cat([s, e, c], -1)))  # (..., emb)
        return self.out(self.drop(t))  # (..., V)

    @torch.no_grad()
    def greedy(self, src: torch.Tensor, max_steps: int, guard: bool = True) -> tuple[list[list[int]], list[dict]]:
        """Batched greedy decoding with the app's repetition guard (model.decoding.repeating) unless `guard` is
        False: output ids per row (no <eos>) and every step's state (s_prev, s, c; RNNsearch also e and alpha)."""
        state = self.start(src)
        y = torch.full((src.shape[0],), BOS_ID, dtype=torch.long)  # (B,)
        done = torch.zeros(src.shape[0], dtype=torch.bool)
        prefixes: list[list[int]] = [[] for _ in range(src.shape[0])]
        steps = []
        for _ in range(max_steps):
            logit, state = self.step(state, y)
            y = guarded(logit, prefixes, guard).argmax(-1)  # (B,)
            for row, token in zip(prefixes, y.tolist()):
                row.append(token)
            steps.append(state)
            done |= y == EOS_ID
            if done.all():
                break
        out = [row[: row.index(EOS_ID)] if EOS_ID in row else row for row in prefixes]
        return out, steps


class RNNEnc(Seq2Seq):
    """Cho et al. (2014): the encoder's last state c is all the decoder ever sees of the source."""

    def __init__(self, cfg: RNNConfig) -> None:
        super().__init__(cfg)
        self.encoder = nn.GRU(cfg.emb, cfg.hidden, batch_first=True)
        self.init = nn.Linear(cfg.hidden, cfg.hidden)  # s_0 = tanh(W c)
        self.decoder = nn.GRU(cfg.emb + cfg.hidden, cfg.hidden, batch_first=True)  # input [E y_{i−1}; c]

    def encode(self, src: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Every encoder state (B, S, hidden) and the final one c (B, hidden)."""
        x = self.drop(self.src_emb(src))  # (B, S, emb)
        packed = nn.utils.rnn.pack_padded_sequence(x, lengths_of(src), batch_first=True, enforce_sorted=False)
        states, last = self.encoder(packed)
        states, _ = nn.utils.rnn.pad_packed_sequence(states, batch_first=True, total_length=src.shape[1])
        return states, last[0]  # (B, S, hidden), (B, hidden)

    def forward(self, src: torch.Tensor, tgt_in: torch.Tensor) -> tuple[torch.Tensor, None]:
        """Teacher-forced logits (B, T, V); no attention."""
        _, c = self.encode(src)
        e = self.drop(self.tgt_emb(tgt_in))  # (B, T, emb)
        c_t = c[:, None].expand(-1, tgt_in.shape[1], -1)  # (B, T, hidden)
        s, _ = self.decoder(torch.cat([e, c_t], -1), torch.tanh(self.init(c))[None])  # (B, T, hidden)
        return self.logits(s, e, c_t), None

    def start(self, src: torch.Tensor) -> dict:
        """The decoding state before the first step."""
        h, c = self.encode(src)
        return {"s": torch.tanh(self.init(c)), "c": c, "h": h}

    def step(self, state: dict, y: torch.Tensor) -> tuple[torch.Tensor, dict]:
        """One decoding step from the previous word y (B,): logits (B, V) and the state after it (s_prev: the
        state it started from)."""
        e = self.tgt_emb(y)  # (B, emb)
        _, s = self.decoder(torch.cat([e, state["c"]], -1)[:, None], state["s"][None])
        s = s[0]  # (B, hidden)
        return self.logits(s, e, state["c"]), state | {"s_prev": state["s"], "s": s}


class RNNSearch(Seq2Seq):
    """Bahdanau et al. (2015): annotations h_j from a bidirectional GRU, and at each step a context vector
    c_i = Σ_j α_ij h_j with α_i = softmax_j(v_aᵀ tanh(W_a s_{i−1} + U_a h_j))."""

    def __init__(self, cfg: RNNConfig) -> None:
        super().__init__(cfg)
        self.encoder = nn.GRU(cfg.emb, cfg.hidden // 2, batch_first=True, bidirectional=True)
        self.init = nn.Linear(cfg.hidden // 2, cfg.hidden)  # s_0 = tanh(W_s h←_1)
        self.W_a = nn.Linear(cfg.hidden, cfg.attn, bias=False)
        self.U_a = nn.Linear(cfg.hidden, cfg.attn, bias=False)
        self.v_a = nn.Linear(cfg.attn, 1, bias=False)
        self.cell = nn.GRUCell(cfg.emb + cfg.hidden, cfg.hidden)  # input [E y_{i−1}; c_i]

    def encode(self, src: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """The annotations h_j = [h→_j; h←_j] (B, S, hidden) and s_0 (B, hidden)."""
        x = self.drop(self.src_emb(src))  # (B, S, emb)
        packed = nn.utils.rnn.pack_padded_sequence(x, lengths_of(src), batch_first=True, enforce_sorted=False)
        states, last = self.encoder(packed)
        h, _ = nn.utils.rnn.pad_packed_sequence(states, batch_first=True, total_length=src.shape[1])
        return h, torch.tanh(self.init(last[1]))  # last[1]: the backward GRU's state at the first word

    def attend(self, s: torch.Tensor, h: torch.Tensor, Uh: torch.Tensor, src_mask: torch.Tensor):
        """Additive attention of state s (B, hidden) over h (B, S, hidden): scores e (B, S), weights α (B, S),
        context (B, hidden)."""
        e = self.v_a(torch.tanh(self.W_a(s)[:, None] + Uh))[..., 0]  # (B, S)
        alpha = torch.softmax(e.masked_fill(~src_mask, float("-inf")), -1)  # (B, S)
        return e, alpha, torch.bmm(alpha[:, None], h)[:, 0]  # (B, S), (B, S), (B, hidden)

    def forward(self, src: torch.Tensor, tgt_in: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Teacher-forced logits (B, T, V) and attention weights (B, T, S)."""
        state = self.start(src)
        e = self.drop(self.tgt_emb(tgt_in))  # (B, T, emb)
        logits, weights = [], []
        for i in range(tgt_in.shape[1]):
            logit, state = self.step(state, None, e[:, i])
            logits.append(logit)
            weights.append(state["alpha"])
        return torch.stack(logits, 1), torch.stack(weights, 1)  # (B, T, V), (B, T, S)

    def start(self, src: torch.Tensor) -> dict:
        """The decoding state before the first step: s_0, the annotations, U_a h (computed once), the mask."""
        h, s = self.encode(src)
        return {"s": s, "h": h, "Uh": self.U_a(h), "src_mask": src != PAD_ID}

    def step(self, state: dict, y: torch.Tensor | None, emb: torch.Tensor | None = None) -> tuple[torch.Tensor, dict]:
        """One step from the previous word y (B,) (or its embedding): logits (B, V) and the state after it, with
        what the step computed: s_prev, the scores e (B, S), the weights alpha (B, S), the context c (B, hidden)."""
        emb = self.tgt_emb(y) if emb is None else emb  # (B, emb)
        e, alpha, c = self.attend(state["s"], state["h"], state["Uh"], state["src_mask"])
        s = self.cell(torch.cat([emb, c], -1), state["s"])  # (B, hidden)
        return self.logits(s, emb, c), state | {"s_prev": state["s"], "s": s, "e": e, "alpha": alpha, "c": c}


MODELS = {"rnnenc": RNNEnc, "rnnsearch": RNNSearch}


@dataclass
class RNNBundle:
    """A trained recurrent model with the vocabularies it reads and writes."""

    name: str
    model: Seq2Seq
    src_vocab: Vocab
    tgt_vocab: Vocab

    @property
    def config(self) -> RNNConfig:
        """The model's configuration."""
        return self.model.config

    @cached_property
    def decoder(self) -> DecoderWeights:
        """The decoder's weights as NumPy arrays (views of the model's, read-only), for `run_source`."""
        return decoder_weights(self.model)


def build(kind: str, src_vocab: Vocab, tgt_vocab: Vocab, **sizes) -> Seq2Seq:
    """A fresh model of a kind for the vocabularies."""
    return MODELS[kind](RNNConfig(kind, len(src_vocab), len(tgt_vocab), **sizes))


def save_rnn(bundle: RNNBundle, directory: Path) -> None:
    """Write model.safetensors, config.json and the two vocabularies."""
    directory.mkdir(parents=True, exist_ok=True)
    save_model(bundle.model, str(directory / "model.safetensors"))
    (directory / "config.json").write_text(json.dumps(bundle.config.to_dict(), indent=1))
    bundle.src_vocab.save(directory / "src_vocab.json")
    bundle.tgt_vocab.save(directory / "tgt_vocab.json")


def load_rnn(name: str, root: Path = RNN_DIR) -> RNNBundle:
    """Load a shipped recurrent checkpoint by name (e.g. "rnnsearch-en-zh") in eval mode."""
    directory = root / name
    if not (directory / "model.safetensors").exists():
        raise FileNotFoundError(f"no recurrent checkpoint {name!r} in {root}")
    cfg = RNNConfig(**json.loads((directory / "config.json").read_text()))
    model = MODELS[cfg.kind](cfg)
    load_model(model, str(directory / "model.safetensors"))
    model.eval()
    return RNNBundle(name, model, Vocab.load(directory / "src_vocab.json"), Vocab.load(directory / "tgt_vocab.json"))


@dataclass(frozen=True)
class RNNTrace:
    """One sentence through a recurrent model, greedy: the source, the output, and every decoding step's numbers
    (row i: the step that wrote output token i, the last row the step that wrote <eos> when it finished)."""

    model: str
    kind: str
    src: Encoded
    tokens: list[str]  # output tokens as written (<unk> included), no <eos>
    finished: bool  # it wrote <eos> within max_len steps
    annotations: np.ndarray  # (S, hidden) every encoder state h_j (RNNenc's decoder sees only the last)
    states: np.ndarray  # (steps, hidden) the decoder state s_{i−1} each step starts from
    contexts: np.ndarray  # (steps, hidden) what the step reads of the source: c (RNNenc, every step) or c_i
    scores: np.ndarray | None  # (steps, S) RNNsearch: e_ij = v_aᵀ tanh(W_a s_{i−1} + U_a h_j)
    weights: np.ndarray | None  # (steps, S) RNNsearch: α_ij = softmax_j(e_ij)

    @property
    def copied_from(self) -> list[int | None]:
        """Per output token, the source position an <unk> copies (RNNsearch: its attention's argmax, as Jean et
        al., 2015), else None; RNNenc has nothing to copy from."""
        return [int(self.weights[i].argmax()) if t == UNK and self.weights is not None else None
                for i, t in enumerate(self.tokens)]

    @property
    def output_words(self) -> list[str]:
        """The output tokens with each copied <unk> replaced by the source word as typed."""
        return [self.src.typed(j) if j is not None else t for t, j in zip(self.tokens, self.copied_from)]

    @property
    def output_text(self) -> str:
        """The translation as text: copies written, an <unk> that copies nothing left out."""
        return detokenize([w for w in self.output_words if w != UNK], "zh")

    @property
    def rows(self) -> list[str]:
        """Each step's label: the word it read → the word it wrote."""
        written = self.tokens + ([EOS] if self.finished else [])
        return [f"{a} → {b}" for a, b in zip([BOS] + written, written)]


def run_rnn(bundle: RNNBundle, text: str, guard: bool = True) -> RNNTrace:
    """Greedy translation of `text` with every step recorded (ValueError for input with no tokens)."""
    src = bundle.src_vocab.encode(text, bundle.config.max_len)
    if not src.ids:
        raise ValueError("no tokens")
    return run_source(bundle, src, guard)


@dataclass(frozen=True)
class DecoderWeights:
    """One model's decoder as float32 NumPy arrays: the target embeddings, the GRU (gates r, z, n), the deep output,
    and RNNsearch's W_a, U_a and v_a (RNNenc: None)."""

    E: np.ndarray  # (V, emb)
    gru: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # w_ih (3·hidden, emb + hidden), w_hh, b_ih, b_hh
    readout: tuple[np.ndarray, np.ndarray]  # (emb, 2·hidden + emb), (emb,)
    out: tuple[np.ndarray, np.ndarray]  # (V, emb), (V,)
    W_a: np.ndarray | None  # (attn, hidden)
    U_a: np.ndarray | None  # (attn, hidden)
    v_a: np.ndarray | None  # (attn,)


def decoder_weights(model: Seq2Seq) -> DecoderWeights:
    """A model's decoder weights, read-only NumPy views."""
    np_of = lambda t: read_only(t.detach().numpy())  # noqa: E731
    cell = model.cell if isinstance(model, RNNSearch) else model.decoder
    suffix = "" if isinstance(model, RNNSearch) else "_l0"
    gru = tuple(np_of(getattr(cell, f"{w}{suffix}")) for w in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"))
    attention = [np_of(model.W_a.weight), np_of(model.U_a.weight), np_of(model.v_a.weight[0])] \
        if isinstance(model, RNNSearch) else [None] * 3
    return DecoderWeights(np_of(model.tgt_emb.weight), gru, (np_of(model.readout.weight), np_of(model.readout.bias)),
                          (np_of(model.out.weight), np_of(model.out.bias)), *attention)


@torch.no_grad()
def run_source(bundle: RNNBundle, src: Encoded, guard: bool = True) -> RNNTrace:
    """Greedy translation of a tokenised sentence (at least one token) with every step recorded: the encoder in
    torch, the decoder step by step in NumPy (`gru_cell`, `additive_scores`), the repetition guard as `greedy`'s."""
    w, start = bundle.decoder, bundle.model.start(torch.tensor([src.ids]))
    h, s = start["h"][0].numpy(), start["s"][0].numpy()  # (S, hidden), (hidden,)
    Uh = h @ w.U_a.T if w.W_a is not None else None  # (S, attn), once per sentence
    c = None if Uh is not None else start["c"][0].numpy()  # (hidden,) RNNenc: the encoder's last state, every step
    y, written, rows = BOS_ID, [], {"s_prev": [], "c": [], "e": [], "alpha": []}
    for _ in range(bundle.config.max_len):
        emb = w.E[y]  # (emb,)
        if Uh is not None:
            e, alpha = additive_scores(np.tanh(w.W_a @ s + Uh), w.v_a)  # (S,), (S,)
            c = alpha @ h  # (hidden,)
            rows["e"].append(e)
            rows["alpha"].append(alpha)
        rows["s_prev"].append(s)
        rows["c"].append(c)
        s = gru_cell(np.concatenate([emb, c]), s, *w.gru)["h"]  # (hidden,)
        logits = w.out[0] @ np.tanh(w.readout[0] @ np.concatenate([s, emb, c]) + w.readout[1]) + w.out[1]  # (V,)
        if guard and (banned := repeating(written)):
            logits[banned] = -np.inf
        y = int(logits.argmax())
        written.append(y)
        if y == EOS_ID:
            break
    stacked = {k: read_only(np.stack(v)) if v else None for k, v in rows.items()}  # (steps, ...)
    finished = written[-1] == EOS_ID
    tokens = bundle.tgt_vocab.decode(written[:-1] if finished else written)
    return RNNTrace(bundle.name, bundle.config.kind, src, tokens, finished, read_only(h), stacked["s_prev"],
                    stacked["c"], stacked["e"], stacked["alpha"])


@torch.no_grad()
def alignment(bundle: RNNBundle, pairs: list, batch_size: int = 256) -> dict:
    """RNNsearch's teacher-forced attention on generated pairs against their gold alignments: how often its argmax
    is the gold source word, its mean row entropy in bits, and the share of rows whose largest weight is > 0.99
    (the Transformer's figures for its last cross-attention layer, model.evaluate)."""
    hits = total = saturated = 0
    entropy = 0.0
    for i in range(0, len(pairs), batch_size):
        src, tgt_in, _, align = to_batch(pairs[i : i + batch_size], bundle.src_vocab, bundle.tgt_vocab)
        _, weights = bundle.model(src, tgt_in)  # (B, T, S)
        keep = align >= 0  # (B, T)
        rows = weights[keep]  # (n, S)
        hits += int((weights.argmax(-1)[keep] == align[keep]).sum())
        entropy += float(-(rows * rows.clamp_min(1e-12).log2()).sum())
        saturated += int((rows.max(-1).values > 0.99).sum())
        total += int(keep.sum())
    return {"pairs": len(pairs), "aligned": hits / total, "entropy_bits": entropy / total,
            "saturated": saturated / total}


def sigmoid(x: np.ndarray) -> np.ndarray:
    """The logistic function."""
    return 1.0 / (1.0 + np.exp(-x))


def gru_cell(x: np.ndarray, h: np.ndarray, w_ih: np.ndarray, w_hh: np.ndarray, b_ih: np.ndarray,
             b_hh: np.ndarray) -> dict[str, np.ndarray]:
    """One GRU step in NumPy, gates in PyTorch's order (r, z, n): r = σ(W_ir x + U_r h), z = σ(W_iz x + U_z h),
    n = tanh(W_in x + r ⊙ (U_n h)), h' = (1 − z) ⊙ n + z ⊙ h (biases included); every gate and h'."""
    gi = w_ih @ x + b_ih  # (3H,)
    gh = w_hh @ h + b_hh  # (3H,)
    H = h.shape[0]
    r = sigmoid(gi[:H] + gh[:H])  # (H,)
    z = sigmoid(gi[H : 2 * H] + gh[H : 2 * H])  # (H,)
    n = np.tanh(gi[2 * H :] + r * gh[2 * H :])  # (H,)
    return {"r": r, "z": z, "n": n, "h": (1 - z) * n + z * h}


def additive_attention(s: np.ndarray, h: np.ndarray, W_a: np.ndarray, U_a: np.ndarray,
                       v_a: np.ndarray) -> dict[str, np.ndarray]:
    """Bahdanau's scores in NumPy for one decoder state s (hidden,) over annotations h (S, hidden): the hidden
    layer tanh(W_a s + U_a h_j) (S, attn), the scores e_j (S,), the weights α (S,), the context Σ α_j h_j."""
    hidden = np.tanh(W_a @ s + h @ U_a.T)  # (S, attn)
    e, alpha = additive_scores(hidden, v_a)  # (S,), (S,)
    return {"hidden": hidden, "scores": e, "weights": alpha, "context": alpha @ h}


def additive_scores(hidden: np.ndarray, v_a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The scores e_j = v_aᵀ tanh(W_a s + U_a h_j) from the hidden layer tanh(W_a s + U_a h_j) (S, attn), and their
    softmax α; (S,), (S,)."""
    e = hidden @ v_a  # (S,)
    alpha = np.exp(e - e.max())
    return e, alpha / alpha.sum()


ENCODE_LENGTHS = (2, 4, 8, 16, 32, 64)  # sentence lengths timed (the Transformer's positions end at 64)


@torch.no_grad()
def encode_times(rnn: Seq2Seq, transformer, lengths=ENCODE_LENGTHS, repeats: int = 5,
                 seed: int = 0) -> list[tuple[int, float, float]]:
    """(n, ms to encode n random source tokens with the recurrent encoder, ms with the Transformer's encoder) for
    each n: the fastest of `repeats` calls, one thread. The GRU takes n steps one after another; each self-attention
    layer takes one."""
    from model.lessons.paper import best_ms

    gen = torch.Generator().manual_seed(seed)
    out = []
    for n in lengths:
        ids = torch.randint(4, rnn.config.src_vocab_size, (1, n), generator=gen)  # (1, n)
        out.append((n, best_ms(lambda ids=ids: rnn.encode(ids), repeats),
                    best_ms(lambda ids=ids: transformer.encode(ids), repeats)))
    return out
