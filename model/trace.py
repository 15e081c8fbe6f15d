"""Run the model on a sentence and return every intermediate as plain, cacheable data."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

import numpy as np
import torch

from model.checkpoint import Bundle
from model.decoding import DecodeOptions, DecodeResult, decode_with_cache, greedy_batch
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


@dataclass
class Trace:
    """Tokens, every hook's array (batch axis removed), decoding steps and options of one run."""

    model: str
    config: dict
    src_lang: str
    tgt_lang: str
    text: str
    src: Encoded
    tgt_input_tokens: list[str]  # decoder rows: <bos> + output tokens
    decoded: DecodeResult
    arrays: dict[str, np.ndarray]
    attn: AttnOptions = field(default_factory=AttnOptions)
    decode_opts: DecodeOptions = field(default_factory=DecodeOptions)
    teacher: TeacherForcing | None = None

    @property
    def src_tokens(self) -> list[str]:
        """Source tokens (encoder rows and cross-attention columns)."""
        return self.src.tokens

    @property
    def output_text(self) -> str:
        """The translation as text."""
        sep = "" if self.tgt_lang == "zh" else " "
        return sep.join(self.decoded.tokens)

    def __getitem__(self, name: str) -> np.ndarray:
        """The array recorded at hook point `name`."""
        return self.arrays[name]

    @property
    def post_norm(self) -> bool:
        """True for Post-Norm (LayerNorm after the residual add)."""
        return self.config["norm"] == "post"

    def attn_prefix(self, side: str, layer: int) -> str:
        """Hook prefix of an attention block; side is "encoder", "decoder" (masked self) or "cross"."""
        return {"encoder": f"encoder.{layer}.self_attn", "decoder": f"decoder.{layer}.self_attn",
                "cross": f"decoder.{layer}.cross_attn"}[side]

    def attn_tokens(self, side: str) -> tuple[list[str], list[str]]:
        """(query tokens, key tokens) of an attention block."""
        if side == "encoder":
            return self.src.tokens, self.src.tokens
        return self.tgt_input_tokens, (self.tgt_input_tokens if side == "decoder" else self.src.tokens)

    def layer_output(self, stack: str, layer: int) -> np.ndarray:
        """Output of an encoder/decoder layer; layer -1 is the embedded input; (L, d_model)."""
        if layer < 0:
            return self.arrays["hook_src_input" if stack == "encoder" else "hook_tgt_input"]
        last = "hook_ln2" if stack == "encoder" else "hook_ln3"
        return self.arrays[f"{stack}.{layer}.{last if self.post_norm else 'hook_resid_post'}"]

    def attn_input(self, side: str, layer: int) -> tuple[np.ndarray, np.ndarray]:
        """(X fed to W_Q, X fed to W_K and W_V) of an attention block; (L_q, d_model), (L_k, d_model)."""
        stack = "encoder" if side == "encoder" else "decoder"
        if side == "cross":
            x_q = self.arrays[f"decoder.{layer}.hook_{'ln1' if self.post_norm else 'ln2'}"]
            return x_q, self.arrays["hook_memory"]
        x = self.layer_output(stack, layer - 1) if self.post_norm else self.arrays[f"{stack}.{layer}.hook_ln1"]
        return x, x


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
    tgt = bundle.tgt_vocab.encode(reference, bundle.cfg.max_len)
    inp = [BOS_ID] + tgt.ids  # (T,)
    target = tgt.ids + [EOS_ID]
    probs = torch.softmax(bundle.model(src_ids, torch.tensor([inp]), attn)[0].double(), -1)  # (T, V)
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
    src = bundle.src_vocab.encode(text, bundle.cfg.max_len)
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
    """Encode `text`, decode it, and record every hook; raises ValueError on input with no tokens.

    `draft` (a guess of the output ids, e.g. the previous keystroke's) makes greedy decoding faster, never different.
    """
    decode_opts = decode_opts or DecodeOptions()
    attn = attn or AttnOptions()
    cfg, model = bundle.cfg, bundle.model
    src = bundle.src_vocab.encode(text, cfg.max_len)
    if not src.ids:
        raise ValueError("the sentence has no tokens")
    src_ids = torch.tensor([src.ids])  # (1, S)
    with model.recording() as enc_cache:
        memory = model.encode(src_ids, attn)  # (1, S, d_model)
    result, dec_cache = decode_with_cache(model, memory, src_ids, bundle.tgt_vocab, decode_opts, attn, draft)
    arrays = squeeze_cache(enc_cache) | squeeze_cache(dec_cache)
    arrays["probs"] = softmax_np(arrays["hook_logits"])
    return freeze(Trace(
        model=bundle.name,
        config=cfg.to_dict(),
        src_lang=bundle.src_lang,
        tgt_lang=bundle.tgt_lang,
        text=text,
        src=src,
        tgt_input_tokens=["<bos>"] + result.tokens,
        decoded=result,
        arrays=arrays,
        attn=attn,
        decode_opts=decode_opts,
        teacher=teacher_force(bundle, src_ids, reference, attn) if reference else None,
    ))


def freeze(trace: Trace) -> Trace:
    """Make every array of the trace read-only (a cached trace is shared by all sessions); return it."""
    for a in trace.arrays.values():
        read_only(a)
    for step in trace.decoded.steps:
        read_only(step.self_attn)
        read_only(step.cross_attn)
    return trace


def softmax_np(logits: np.ndarray) -> np.ndarray:
    """Row-wise softmax of (T, V) logits in float64."""
    x = logits.astype(np.float64)
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


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
        "config": trace.config,
        "src_lang": trace.src_lang,
        "tgt_lang": trace.tgt_lang,
        "text": trace.text,
        "src": asdict(trace.src),
        "tgt_input_tokens": trace.tgt_input_tokens,
        "output": {"tokens": trace.decoded.tokens, "ids": trace.decoded.ids, "text": trace.output_text,
                   "finished": trace.decoded.finished, "method": trace.decoded.method},
        "options": {"attention": asdict(trace.attn), "decode": asdict(trace.decode_opts)},
        "hooks": [{"name": n, "shape": list(a.shape), "data": json_array(a)} for n, a in trace.arrays.items()],
        "steps": steps,
        "teacher_forcing": asdict(trace.teacher) if trace.teacher else None,
    }


def trace_to_json(trace: Trace, indent: int | None = None) -> str:
    """Serialise a trace as JSON text (UTF-8, Chinese kept readable)."""
    return json.dumps(trace_to_dict(trace), ensure_ascii=False, indent=indent)


@dataclass
class BatchTrace:
    """Several sentences run as one padded batch (the masks page): arrays keep the batch axis."""

    src_rows: list[list[str]]  # source tokens per sentence, right-padded with <pad>
    tgt_rows: list[list[str]]  # decoder input tokens per sentence (<bos> + greedy output), padded
    arrays: dict[str, np.ndarray]


@torch.no_grad()
def run_batch_trace(bundle: Bundle, texts: list[str], attn: AttnOptions | None = None) -> BatchTrace:
    """Encode texts as one padded batch, decode greedily, and record the teacher-forced pass over the outputs."""
    attn = attn or AttnOptions()
    encoded = [bundle.src_vocab.encode(t, bundle.cfg.max_len) for t in texts]
    if any(not e.ids for e in encoded):
        raise ValueError("every sentence in the batch needs at least one token")
    src = pad([e.ids for e in encoded])  # (B, S)
    outputs = greedy_batch(bundle.model, src, bundle.cfg.max_len)
    tgt_in = pad([[BOS_ID] + o for o in outputs])  # (B, T)
    with bundle.model.recording() as cache:
        bundle.model(src, tgt_in, attn)
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
