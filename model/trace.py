"""Run the model on a sentence and return every intermediate as plain, cacheable data."""
from __future__ import annotations

import contextvars
import json
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields, replace

import numpy as np
import torch

from model import coverage, english
from model.attention import masked_softmax
from model.checkpoint import Bundle
from model.config import TransformerConfig
from model.decoding import DecodeOptions, DecodeResult, decode_with_cache, greedy_batch
from model.hooks import ATTN_HOOKS, BLOCK_PATHS, act_name
from model.romanize import has_han, pinyin_word
from model.tokenizer import BOS_ID, EOS_ID, Encoded, pad
from model.transformer import AttnOptions

FORMAT_VERSION = 1


@dataclass
class TeacherForcing:
    """The reference target fed in at once under the causal mask, next to what the model predicts."""

    input_tokens: list[str]  # <bos> y1 … yn
    target_tokens: list[str]  # y1 … yn <eos>
    predicted_tokens: list[str]  # argmax at each position
    target_probs: list[float]  # p(target token) at each position
    correct: list[bool]


KEY_COLUMNS = ("mask", "scores", "scaled", "masked_scores", "pattern")  # attention hooks with one column per key
SUBLAYER_RESID = {"encoder": ("resid_mid", "resid_post"),  # the residual sum after each sublayer
                  "decoder": ("resid_mid", "resid_mid2", "resid_post")}


@dataclass(frozen=True)
class AttnArrays:
    """One attention block's hook arrays by name (leading batch axis kept, if the run had one)."""

    q: np.ndarray  # (h, L_q, d_k)
    k: np.ndarray  # (h, L_k, d_k)
    v: np.ndarray  # (h, L_k, d_k)
    mask: np.ndarray  # (L_q, L_k) True = key visible
    scores: np.ndarray  # (h, L_q, L_k) Q Kᵀ
    scaled: np.ndarray  # (h, L_q, L_k) ÷ √d_k (and the temperature)
    masked_scores: np.ndarray  # (h, L_q, L_k) −∞ where masked
    pattern: np.ndarray  # (h, L_q, L_k) softmax weights
    z: np.ndarray  # (h, L_q, d_k) pattern · V
    concat: np.ndarray  # (L_q, d_model)
    out: np.ndarray  # (L_q, d_model) concat · W_O + b_O

    @classmethod
    def read(cls, arrays: dict[str, np.ndarray], block: str, layer: int) -> AttnArrays:
        """The block's arrays out of a hook dict."""
        return cls(**{name: arrays[act_name(name, layer, block)] for name in ATTN_HOOKS})


@dataclass(frozen=True)
class AttnView(AttnArrays):
    """AttnArrays of one run, with the tokens on each axis and the inputs fed to W_Q and to W_K, W_V."""

    queries: list[str] = field(default_factory=list)  # row tokens
    keys: list[str] = field(default_factory=list)  # column tokens
    x_q: np.ndarray | None = None  # (L_q, d_model)
    x_kv: np.ndarray | None = None  # (L_k, d_model)


@dataclass(frozen=True)
class SublayerView:
    """One sublayer with its residual connection and LayerNorm (Post-Norm or Pre-Norm)."""

    stream_in: np.ndarray  # (L, d_model) the residual stream entering the sublayer
    resid: np.ndarray  # (L, d_model) stream_in + Sublayer(·)
    ln: np.ndarray  # (L, d_model) the LayerNorm's output
    post_norm: bool

    @property
    def before_norm(self) -> np.ndarray:
        """What the LayerNorm normalises: the residual sum (Post-Norm) or the incoming stream (Pre-Norm)."""
        return self.resid if self.post_norm else self.stream_in

    @property
    def sublayer_input(self) -> np.ndarray:
        """What the sublayer (attention or FFN) reads: the stream (Post-Norm) or its LayerNorm (Pre-Norm)."""
        return self.stream_in if self.post_norm else self.ln

    @property
    def output(self) -> np.ndarray:
        """The stream leaving the sublayer: LayerNorm(x + Sublayer(x)) or x + Sublayer(LayerNorm(x))."""
        return self.ln if self.post_norm else self.resid


@dataclass(frozen=True)
class Embedded:
    """One side's input: tokens, embedding × √d_model, positional encoding and their sum X."""

    tokens: list[str]
    embed: np.ndarray  # (L, d_model)
    pos_enc: np.ndarray  # (L, d_model)
    x: np.ndarray  # (L, d_model) embed + pos_enc


@dataclass
class Trace:
    """Tokens, every hook's array (batch axis removed), decoding steps and options of one run."""

    model: str
    config: TransformerConfig
    src_lang: str
    tgt_lang: str
    text: str
    src: Encoded
    tgt_input_tokens: list[str]  # decoder rows: <bos> + output tokens
    decoded: DecodeResult
    arrays: Mapping[str, np.ndarray]  # an Arrays for a run_with_trace trace
    attn_opts: AttnOptions = field(default_factory=AttnOptions)
    decode_opts: DecodeOptions = field(default_factory=DecodeOptions)
    teacher: TeacherForcing | None = None
    surface: dict = field(default_factory=dict)  # English output's spellings (model.english); empty for Chinese

    @property
    def output_words(self) -> list[str]:
        """The output tokens with each <unk> replaced by the source word its cross-attention points to; English
        with its capitals ("I", "Tom", the first word)."""
        copied = self.decoded.copied_from or [None] * len(self.decoded.tokens)
        words = [tok if j is None or j >= len(self.src.tokens) else self.copied_word(j)
                 for tok, j in zip(self.decoded.tokens, copied)]
        if self.tgt_lang != "en":
            return words
        return english.cased(words, self.surface, [j is not None for j in copied])

    def copied_word(self, j: int) -> str:
        """What an output <unk> that copies source position j writes: the word as typed; into English, a Chinese
        word in pinyin: a name (a run of content characters one of which the model does not know, as
        model.coverage.spans groups them) capitalised, else the lexicon word holding j, else its character."""
        if self.tgt_lang != "en" or not has_han(self.src.typed(j)):
            return self.src.typed(j)
        a, b = next(span for span in coverage.spans(self.src.tokens, self.src_lang) if span[0] <= j < span[1])
        name = any(self.src.unknown[a:b])
        a, b = (a, b) if name else coverage.lexicon_word(self.src.tokens, j)
        return pinyin_word("".join(self.src.typed(i) for i in range(a, b)), name)

    @property
    def uncopied(self) -> list[int]:
        """Source positions of unknown words that no output <unk> copies: the translation leaves them out (or says
        something else there), so the app marks them instead of letting them vanish."""
        copied = set(self.decoded.copied_from or [])
        return [i for i, u in enumerate(self.src.unknown) if u and i not in copied]

    @property
    def coverage(self) -> np.ndarray:
        """Per source token, the cross-attention it received over the decoding steps (model.coverage); (S,)."""
        return coverage.coverage(self)

    @property
    def untranslated(self) -> list[int]:
        """Source positions of known content words that no output token looked at much: the translation may have
        left them out (model.coverage)."""
        return coverage.untranslated(self)

    @property
    def output_text(self) -> str:
        """The translation as text, unknown words copied from the source (English: contractions and punctuation
        attached as written)."""
        if self.tgt_lang == "zh":
            return "".join(self.output_words)
        return english.text(self.output_words, self.surface)

    def __getitem__(self, name: str) -> np.ndarray:
        """The array recorded at hook point `name` (see model.hooks.act_name)."""
        return self.arrays[name]

    @property
    def post_norm(self) -> bool:
        """True for Post-Norm (LayerNorm after the residual add)."""
        return self.config.norm == "post"

    @property
    def memory(self) -> np.ndarray:
        """The encoder's output, K and V of every cross-attention; (S, d_model)."""
        return self.arrays["hook_memory"]

    @property
    def logits(self) -> np.ndarray:
        """The final linear layer per decoder row; (T, V)."""
        return self.arrays["hook_logits"]

    @property
    def probs(self) -> np.ndarray:
        """softmax(logits): row t is the distribution of the token after tgt_input_tokens[t]; (T, V)."""
        return self.arrays["probs"]

    def tokens_for(self, block: str) -> tuple[list[str], list[str]]:
        """(query tokens, key tokens) of an attention block: "encoder", "decoder" (masked self) or "cross"."""
        if block == "encoder":
            return self.src.tokens, self.src.tokens
        return self.tgt_input_tokens, (self.tgt_input_tokens if block == "decoder" else self.src.tokens)

    def attn(self, block: str, layer: int) -> AttnView:
        """Every array of one attention block, its tokens and its inputs (built once per trace: a page, its
        pickers and its captions all ask; threads that race build equal views)."""
        views = self.__dict__.setdefault("_attn_views", {})
        if (block, layer) not in views:
            views[(block, layer)] = self.attn_view(block, layer)
        return views[(block, layer)]

    def attn_view(self, block: str, layer: int) -> AttnView:
        """Build one attention block's AttnView."""
        queries, keys = self.tokens_for(block)
        stack, sub = ("encoder", 0) if block == "encoder" else ("decoder", 0 if block == "decoder" else 1)
        x_q = self.sublayer(stack, layer, sub).sublayer_input
        x_kv = self.memory if block == "cross" else x_q
        return AttnView(**vars(AttnArrays.read(self.arrays, block, layer)), queries=queries, keys=keys,
                        x_q=x_q, x_kv=x_kv)

    def rotated(self, block: str, layer: int) -> tuple[np.ndarray, np.ndarray]:
        """A RoPE model's q and k of a self-attention block, turned by position; (h, L_q, d_k), (h_kv, L_k, d_k)."""
        return self.arrays[act_name("q_rot", layer, block)], self.arrays[act_name("k_rot", layer, block)]

    def n_layers(self, block: str) -> int:
        """How many layers an attention block has (N for this encoder–decoder)."""
        return self.config.N

    def patterns(self, block: str) -> np.ndarray:
        """The attention weights of every layer of a block; (N, h, L_q, L_k)."""
        return np.stack([self.arrays[act_name("pattern", i, block)] for i in range(self.n_layers(block))])

    def embedding(self, side: str) -> Embedded:
        """The "source" (encoder) or "target" (decoder) input."""
        if side == "source":
            names, tokens = ("src_embed", "pos_enc", "src_input"), self.src.tokens
        else:
            names, tokens = ("tgt_embed", "tgt_pos_enc", "tgt_input"), self.tgt_input_tokens
        return Embedded(tokens, *(self.arrays[act_name(n)] for n in names))

    def layer_output(self, stack: str, layer: int) -> np.ndarray:
        """Output of an encoder/decoder layer; layer -1 is the embedded input; (L, d_model)."""
        if layer < 0:
            return self.embedding("source" if stack == "encoder" else "target").x
        return self.sublayer(stack, layer, len(SUBLAYER_RESID[stack]) - 1).output

    def sublayer(self, stack: str, layer: int, sub: int) -> SublayerView:
        """Sublayer `sub` of a layer (encoder: 0 self-attention, 1 FFN; decoder: 0 masked self, 1 cross, 2 FFN)."""
        stream_in = self.layer_output(stack, layer - 1) if sub == 0 else self.sublayer(stack, layer, sub - 1).output
        resid = self.arrays[act_name(SUBLAYER_RESID[stack][sub], layer, stack)]
        return SublayerView(stream_in, resid, self.arrays[act_name(f"ln{sub + 1}", layer, stack)], self.post_norm)

    def ffn_hidden(self, stack: str, layer: int) -> np.ndarray:
        """ReLU(x W_1 + b_1) of a layer's FFN; (L, d_ff)."""
        return self.arrays[act_name("ffn_hidden", layer, stack)]

    def axes(self, name: str) -> tuple[list[str], list[str] | str]:
        """Row tokens and columns of hook `name`'s (per-head) matrix: key tokens, "vocab" (the target
        vocabulary) or "dims" (a vector axis)."""
        src, tgt = self.src.tokens, self.tgt_input_tokens
        table = {act_name(n): (src, "dims") for n in ("src_embed", "pos_enc", "src_input", "memory")}
        table |= {act_name(n): (tgt, "dims") for n in ("tgt_embed", "tgt_pos_enc", "tgt_input", "dec_out")}
        table |= {act_name("logits"): (tgt, "vocab"), "probs": (tgt, "vocab")}
        for layer in range(self.config.N):
            for block in BLOCK_PATHS:
                queries, keys = self.tokens_for(block)
                for n in ATTN_HOOKS:
                    table[act_name(n, layer, block)] = (keys if n in ("k", "v") else queries,
                                                        keys if n in KEY_COLUMNS else "dims")
            for stack, tokens in (("encoder", src), ("decoder", tgt)):
                for n in (*SUBLAYER_RESID[stack], *(f"ln{i + 1}" for i in range(len(SUBLAYER_RESID[stack]))),
                          "ffn_hidden"):
                    table[act_name(n, layer, stack)] = (tokens, "dims")
        return table[name]


class Arrays(Mapping):
    """A trace's hook arrays by name, read-only. A group of them (the recorded decoder pass, the probabilities) is made
    when one of its names is first read: a keystroke pays for the arrays its page reads, and a page that reads more
    gets the same numbers later. Threads that race make equal arrays."""

    def __init__(self, made: dict[str, np.ndarray]) -> None:
        self.made = {name: read_only(a) for name, a in made.items()}
        self.makers: dict[str, Callable[[], dict[str, np.ndarray]]] = dict.fromkeys(made)
        self.planned, self.expected = sum(a.nbytes for a in made.values()), 0
        self.pending: Callable[[], object] = lambda: None  # names the rest (a Deferred trace's decoding)

    def later(self, names: Iterable[str], make: Callable[[], dict[str, np.ndarray]], nbytes: int) -> None:
        """Add arrays made by make() (every one of `names`) when first read; nbytes: what they will hold."""
        self.makers |= dict.fromkeys(names, make)
        self.planned, self.expected = self.planned + nbytes, 0

    def expect(self, nbytes: int) -> None:
        """Bytes the arrays not named yet are expected to hold (until `later` names them)."""
        self.expected = nbytes

    def names(self) -> dict[str, Callable[[], dict[str, np.ndarray]]]:
        """Every name with its maker, naming the rest first if they are still pending."""
        self.pending()
        return self.makers

    def __getitem__(self, name: str) -> np.ndarray:
        if name not in self.made:
            make = (self.makers if name in self.makers else self.names())[name]  # KeyError: a name the trace has not
            self.made |= {n: read_only(a) for n, a in make().items()}
        return self.made[name]

    def __contains__(self, name: object) -> bool:
        return name in self.makers or name in self.names()

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.names())

    @property
    def nbytes(self) -> int:
        """Bytes the arrays hold once all are made (what a cache of traces weighs), the ones not named yet expected."""
        return self.planned + self.expected


def probabilities(cache: dict[str, torch.Tensor]) -> np.ndarray:
    """softmax of a recorded pass's logits, in float64 (a step's top probabilities are summed and compared); (T, V)."""
    return masked_softmax(cache[act_name("logits")][0].double()).numpy()  # (T, V)


def squeeze_cache(cache: dict[str, torch.Tensor]) -> dict[str, np.ndarray]:
    """Hook tensors as NumPy with the batch axis removed (PE hooks have none)."""
    out = {}
    for name, t in cache.items():
        a = t.numpy()
        out[name] = a if name.endswith("pos_enc") else a[0]
    return out


@torch.no_grad()
def teacher_force(bundle: Bundle, src_ids: torch.Tensor, reference: str, attn: AttnOptions) -> TeacherForcing:
    """Feed the reference target at once (causal mask) and compare with the model's argmax per position."""
    tgt = bundle.tgt_vocab.encode(reference, bundle.config.max_len)
    inp = [BOS_ID] + tgt.ids  # (T,)
    target = tgt.ids + [EOS_ID]
    probs = torch.softmax(bundle.transformer(src_ids, torch.tensor([inp]), attn)[0].double(), -1)  # (T, V)
    pred = probs.argmax(-1).tolist()
    itos = bundle.tgt_vocab.itos
    return TeacherForcing(
        input_tokens=[itos[i] for i in inp],
        target_tokens=[itos[i] for i in target],
        predicted_tokens=[itos[i] for i in pred],
        target_probs=[float(probs[t, i]) for t, i in enumerate(target)],
        correct=[p == t for p, t in zip(pred, target)],
    )


def run_teacher_forcing(bundle: Bundle, text: str, reference: str, attn: AttnOptions | None = None) -> TeacherForcing:
    """Teacher forcing of `reference` for source `text`; raises ValueError if either has no tokens."""
    src = bundle.src_vocab.encode(text, bundle.config.max_len)
    if not src.ids or not bundle.tgt_vocab.tokenize(reference):
        raise ValueError("both the sentence and the reference need tokens")
    return teacher_force(bundle, torch.tensor([src.ids]), reference, attn or AttnOptions())


@torch.inference_mode()
def run_with_trace(
    bundle: Bundle,
    text: str,
    decode_opts: DecodeOptions | None = None,
    attn: AttnOptions | None = None,
    reference: str | None = None,
    draft: list[int] | None = None,
) -> Trace:
    """Encode `text` and record every hook, decoding when the output is first read (`Deferred`); raises ValueError
    on input with no tokens.

    `draft` (a guess of the output ids, e.g. the previous keystroke's) makes greedy decoding faster, never different.
    """
    decode_opts = decode_opts or DecodeOptions()
    attn = attn or AttnOptions()
    cfg, model = bundle.config, bundle.transformer
    src = bundle.src_vocab.encode(text, cfg.max_len)
    if not src.ids:
        raise ValueError("the sentence has no tokens")
    src_ids = torch.tensor([src.ids])  # (1, S)
    with model.recording() as enc_cache:
        memory = model.encode(src_ids, attn)  # (1, S, d_model)
    arrays = Arrays(squeeze_cache(enc_cache))
    T, V = len(src.ids) + 1, cfg.tgt_vocab_size  # the decoder's rows, expected (its arrays' bytes until it runs)
    arrays.expect(2 * arrays.planned * T // len(src.ids) + T * V * 12)  # 2 attention blocks a layer; logits, probs

    context = contextvars.copy_context()  # the hook edits in force (a knockout, a window): decoding runs under them

    def decode(draft: list[int] | None) -> DecodeResult:
        """Decode (greedy verifying `draft`) and add the decoder pass's arrays and the probabilities, made when read."""
        result, recording = context.copy().run(decode_with_cache, model, memory, src_ids, bundle.tgt_vocab,
                                               decode_opts, attn, draft, bundle.follows)
        arrays.later(recording.names, lambda: squeeze_cache(recording.cache), recording.nbytes)
        arrays.later(("probs",), lambda: {"probs": probabilities(recording.cache)}, (len(result.ids) + 1) * V * 8)
        return result

    return Deferred(decode, draft, model=bundle.name, config=cfg, src_lang=bundle.src_lang, tgt_lang=bundle.tgt_lang,
                    text=text, src=src, arrays=arrays, attn_opts=attn, decode_opts=decode_opts,
                    teacher=teacher_force(bundle, src_ids, reference, attn) if reference else None,
                    surface=bundle.tgt_vocab.surface)


class Deferred(Trace):
    """A Trace whose decoding runs when something first reads what it made: the output, the decoder's rows or one of
    their arrays. A keystroke on a page that shows the encoder alone (Self-attention's default) never decodes; a page
    or the rerun that reads the translation decodes it then, verifying the latest draft offered (`offer`: the
    rerun's, the previous run's translation, where the keystrokes that made the trace had none): the same result.
    Threads that read it at once wait for one decoding."""

    def __init__(self, decode: Callable[[list[int] | None], DecodeResult], draft: list[int] | None = None,
                 **fields) -> None:
        vars(self).update(_decode=decode, _draft=draft, _lock=threading.RLock(), _then=[])
        super().__init__(tgt_input_tokens=[], decoded=None, **fields)
        self.arrays.pending = self.settle

    def offer(self, draft: list[int] | None) -> None:
        """A guess of the output to verify when it decodes (only speed depends on it), if it has not decoded yet."""
        with self._lock:
            if draft and "_decoded" not in vars(self):
                vars(self)["_draft"] = draft

    def settle(self) -> DecodeResult:
        """The decoded result, decoding now if nothing has read it yet."""
        with self._lock:
            if "_decoded" not in vars(self):
                vars(self)["_decoded"] = self._decode(self._draft)
                vars(self).update(_decode=None, _draft=None)  # its encoder memory and hook context are not needed
                for then in self._then:
                    then(self._decoded.ids)
                self._then.clear()  # a session's drafts are not kept alive by a cached trace
        return self._decoded

    def when_decoded(self, then: Callable[[list[int]], None]) -> None:
        """Call then(output ids) once decoded: now if it is, else when something first reads the output."""
        with self._lock:
            if "_decoded" not in vars(self):
                self._then.append(then)
                return
        then(self._decoded.ids)

    def retold(self, text: str, src: Encoded) -> Deferred:
        """This trace's run told of another text with the same source ids: it decodes by settling this trace."""
        kept = {f.name: getattr(self, f.name) for f in fields(Trace) if f.name not in ("tgt_input_tokens", "decoded")}
        told = Deferred(self.settled, **kept | {"text": text, "src": src})
        self.arrays.pending = self.settle  # the shared arrays settle this trace, which decodes once under its lock
        return told

    def settled(self, draft: list[int] | None) -> DecodeResult:
        """The decoded result, decoding now verifying `draft` if nothing has read it yet."""
        self.offer(draft)
        return self.settle()

    @property
    def decoded(self) -> DecodeResult:
        return self.settle()

    @decoded.setter
    def decoded(self, value: DecodeResult | None) -> None:  # Trace.__init__ sets None: nothing decoded yet
        if value is not None:
            vars(self)["_decoded"] = value

    @property
    def tgt_input_tokens(self) -> list[str]:
        return ["<bos>"] + self.settle().tokens

    @tgt_input_tokens.setter
    def tgt_input_tokens(self, value: list[str]) -> None:  # follows from `decoded`
        pass


def retold(trace: Trace, text: str, src: Encoded) -> Trace:
    """`trace` told of `text`, whose tokens have the same ids (a half-typed word is <unk> key after key): the same
    arrays and output, shared and computed once, with this text's tokens and spellings."""
    if trace.text == text:
        return trace
    if isinstance(trace, Deferred):
        return trace.retold(text, src)
    return replace(trace, text=text, src=src)


def freeze(trace: Trace) -> Trace:
    """Make every array of the trace read-only (a cached trace is shared by all sessions); return it."""
    if not isinstance(trace.arrays, Arrays):  # an Arrays' arrays are read-only as they are made
        for a in trace.arrays.values():
            read_only(a)
    return trace  # the steps' arrays are read-only views already (decoding.steps_from_pass)


def json_array(a: np.ndarray):
    """Nested lists with non-finite values written as null."""
    a = np.asarray(a, dtype=np.float64)
    if np.isfinite(a).all():
        return np.round(a, 6).tolist()
    obj = np.round(a, 6).astype(object)
    obj[~np.isfinite(a)] = None
    return obj.tolist()


def trace_to_dict(trace: Trace) -> dict:
    """The JSON-ready form of a trace (see docs/trace-format.md)."""
    steps = [
        {k: (json_array(v) if isinstance(v, np.ndarray) else v) for k, v in asdict(s).items()}
        for s in trace.decoded.steps
    ]
    return {
        "format_version": FORMAT_VERSION,
        "model": trace.model,
        "config": trace.config.to_dict(),
        "src_lang": trace.src_lang,
        "tgt_lang": trace.tgt_lang,
        "text": trace.text,
        "src": asdict(trace.src),
        "tgt_input_tokens": trace.tgt_input_tokens,
        "output": {"tokens": trace.decoded.tokens, "ids": trace.decoded.ids, "text": trace.output_text,
                   "finished": trace.decoded.finished, "method": trace.decoded.method},
        "options": {"attention": asdict(trace.attn_opts), "decode": asdict(trace.decode_opts)},
        "hooks": [{"name": n, "shape": list(a.shape), "data": json_array(a)} for n, a in trace.arrays.items()],
        "steps": steps,
        "teacher_forcing": asdict(trace.teacher) if trace.teacher else None,
    }


def trace_to_json(trace: Trace, indent: int | None = None) -> str:
    """Serialise a trace as JSON text (UTF-8, Chinese kept readable)."""
    return json.dumps(trace_to_dict(trace), ensure_ascii=False, indent=indent)


@dataclass
class BatchEncoding:
    """Several sentences encoded as one padded batch (Add & Norm's LayerNorm against BatchNorm): arrays keep the
    batch axis."""

    src_rows: list[list[str]]  # source tokens per sentence, right-padded with <pad>
    arrays: dict[str, np.ndarray]

    def norm_input(self, post_norm: bool) -> np.ndarray:
        """What encoder layer 0's first LayerNorm normalises: x + SelfAttn(x) (Post-Norm) or x (Pre-Norm);
        (B, S, d_model)."""
        return self.arrays[act_name("resid_mid", 0, "encoder") if post_norm else act_name("src_input")]


@dataclass
class BatchTrace(BatchEncoding):
    """Several sentences run as one padded batch through encoder and decoder (the masks page)."""

    tgt_rows: list[list[str]]  # decoder input tokens per sentence (<bos> + greedy output), padded

    def attn(self, block: str, layer: int) -> AttnArrays:
        """One attention block's arrays, each with the batch axis first (e.g. pattern (B, h, L_q, L_k))."""
        return AttnArrays.read(self.arrays, block, layer)


def padded_sources(bundle: Bundle, texts: list[str]) -> torch.Tensor:
    """The texts' source ids as one right-padded batch (B, S); raises ValueError if one has no tokens."""
    encoded = [bundle.src_vocab.encode(t, bundle.config.max_len) for t in texts]
    if any(not e.ids for e in encoded):
        raise ValueError("every sentence in the batch needs at least one token")
    return pad([e.ids for e in encoded])  # (B, S)


@torch.no_grad()
def run_batch_encoding(bundle: Bundle, texts: list[str], attn: AttnOptions | None = None) -> BatchEncoding:
    """Encode texts as one padded batch, recording the encoder alone (its arrays equal run_batch_trace's)."""
    src = padded_sources(bundle, texts)  # (B, S)
    with bundle.transformer.recording() as cache:
        bundle.transformer.encode(src, attn or AttnOptions())
    return BatchEncoding(src_rows=[[bundle.src_vocab.itos[i] for i in row] for row in src.tolist()],
                         arrays={n: read_only(t.numpy()) for n, t in cache.items()})


@torch.no_grad()
def run_batch_trace(bundle: Bundle, texts: list[str], attn: AttnOptions | None = None,
                    outputs: list[list[int]] | None = None) -> BatchTrace:
    """Encode texts as one padded batch and record the teacher-forced pass over their outputs: `outputs` (each
    sentence's greedy translation, when the caller already has it) or the batch decoded greedily here."""
    attn = attn or AttnOptions()
    src = padded_sources(bundle, texts)  # (B, S)
    if outputs is None:
        outputs = greedy_batch(bundle.transformer, src, bundle.config.max_len)
    tgt_in = pad([[BOS_ID] + o for o in outputs])  # (B, T)
    with bundle.transformer.recording() as cache:
        bundle.transformer(src, tgt_in, attn)
    itos_src, itos_tgt = bundle.src_vocab.itos, bundle.tgt_vocab.itos
    return BatchTrace(
        src_rows=[[itos_src[i] for i in row] for row in src.tolist()],
        tgt_rows=[[itos_tgt[i] for i in row] for row in tgt_in.tolist()],
        arrays={n: read_only(t.numpy()) for n, t in cache.items()},
    )


def read_only(a: np.ndarray) -> np.ndarray:
    """The array, made read-only (cached results are shared by every session)."""
    a.setflags(write=False)
    return a
