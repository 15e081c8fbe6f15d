"""Running a pretrained model on a sentence into a read-only trace (Marian: decoding it first)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np
import torch

from model.decoding import (
    DecodeOptions,
    DecodeResult,
    beam_candidates,
    choice_distribution,
    steps_from_pass,
    with_beams,
)
from model.hooks import BLOCK_PATHS
from model.pretrained.load import Pretrained, d_model, heads
from model.pretrained.record import block_arrays, block_check, input_names
from model.pretrained.words import word_groups
from model.tokenizer import Encoded
from model.trace import AttnArrays, AttnView, Trace, freeze

MAX_TOKENS = 64  # subword tokens per sentence, like the glass-box model's max_len
N_LIKELIEST = 8
BLOCKS = {"marian": ("encoder", "decoder", "cross"), "bert": ("encoder",), "gpt2": ("decoder",)}


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

    def attn_view(self, block: str, layer: int) -> AttnView:
        """Build one attention block's AttnView: its arrays, its tokens and the inputs recorded for it."""
        queries, keys = self.tokens_for(block)
        x_name, kv_name = input_names(BLOCK_PATHS[block].format(layer=layer), self.post_norm)
        return AttnView(**vars(AttnArrays.read(self.arrays, block, layer)), queries=queries, keys=keys,
                        x_q=self.arrays[x_name], x_kv=self.arrays[kv_name])


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


def likeliest(pm: Pretrained, logits: torch.Tensor, position: int) -> Prediction:
    """The N_LIKELIEST most likely tokens of a logit row, with softmax probabilities."""
    probs = torch.softmax(logits.double(), dim=-1)  # (V,)
    p, i = torch.topk(probs, min(N_LIKELIEST, probs.numel()))
    return Prediction(position, i.tolist(), pm.tokenizer.convert_ids_to_tokens(i.tolist()), p.tolist())


def base_trace(pm: Pretrained, text: str, src: Encoded, arrays: dict, decoded: DecodeResult,
               **extra) -> PretrainedTrace:
    """The trace fields every family shares."""
    c = pm.config
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
    preds = [likeliest(pm, out.logits[0, i], i) for i, t in enumerate(src.ids) if t == mask_id] if pm.mlm else []
    return base_trace(pm, text, src, arrays, DecodeResult("none", [], [], [], True), tgt_input_tokens=[],
                      src_words=words, predictions=preds, mlm=pm.mlm, check=worst)


@torch.inference_mode()
def run_gpt2(pm: Pretrained, text: str) -> PretrainedTrace:
    """Causal self-attention of every layer, and the next-token distribution after every position."""
    ids, src, words = encode(pm, text)
    with pm.recording() as rec:
        out = pm.model(input_ids=ids, attention_mask=torch.ones_like(ids), output_attentions=True, use_cache=False)
    arrays, worst = record_arrays(rec, pm, list(pm.sites))
    preds = [likeliest(pm, out.logits[0, i], i) for i in range(ids.shape[1])]
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
        return self.pm.config.decoder_start_token_id

    @property
    def eos(self) -> int:
        """End-of-sentence id."""
        return self.pm.config.eos_token_id

    def logits(self, prefixes: torch.Tensor) -> torch.Tensor:
        """Decoder logits for each prefix (B, t) -> (B, t, V); <pad> is never a choice (as in generate())."""
        from transformers.modeling_outputs import BaseModelOutput

        n = prefixes.shape[0]
        out = self.pm.model(encoder_outputs=BaseModelOutput(last_hidden_state=self.memory.expand(n, -1, -1)),
                            attention_mask=self.src_mask.expand(n, -1), decoder_input_ids=prefixes,
                            output_attentions=True, output_hidden_states=True, use_cache=False)
        logits = out.logits.clone()
        pad = self.pm.config.pad_token_id
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
    opts = dataclasses.replace(opts, guard=False)  # Marian decodes as the library does: no repetition guard
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
    steps = with_beams(steps_from_pass(prefix, cache, Pieces(pm.tokenizer), pm.layers("decoder"), opts), snapshots)
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

