"""Before 2017 on the typed sentence: RNNenc and RNNsearch (model/rnn.py) beside the Transformer — RNNsearch's
alignment next to the Transformer's cross-attention, one decoding step of additive attention next to q·k/√d_k, BLEU
by source length on test.tsv, and Table 1's sequential steps measured. The page and the keystroke route both build
its charts here (no Streamlit, no session)."""
from __future__ import annotations

import json
from dataclasses import dataclass, replace

import numpy as np

from model.attention import softmax
from model.checkpoint import CHECKPOINT_DIR, SCORES
from model.decoding import DecodeOptions
from model.rnn import RNN_DIR, RNNBundle, RNNTrace, additive_attention, encode_times, load_rnn, run_source
from model.tokenizer import UNK_ID, Encoded
from model.trace import Trace, read_only
from model.transformer import AttnOptions
from ui import data
from ui.shared import per_process
from ui.view import Element, View, clamp
from ui.views import paper
from viz.curves import line_chart
from viz.heatmap import matrix_heatmap

RNNENC, RNNSEARCH = "rnnenc-en-zh", "rnnsearch-en-zh"
GUIDED = "en-zh"  # the Transformer trained to align, whose twin learned on its own


@per_process(2)
def rnn_bundle(name: str) -> RNNBundle:
    """A recurrent checkpoint, loaded once per process."""
    return load_rnn(name)


@per_process(256)
def rnn_trace(name: str, text: str) -> RNNTrace:
    """A sentence through a recurrent model, greedy (read-only; ValueError for input with no tokens), with its own
    source: a keystroke that leaves the source ids as they were (inside an unknown word) decodes nothing again."""
    bundle = rnn_bundle(name)
    src = bundle.src_vocab.encode(text, bundle.config.max_len)
    if not src.ids:
        raise ValueError("no tokens")
    return replace(rnn_steps(name, tuple(src.ids)), src=src)


@per_process(256)
def rnn_steps(name: str, ids: tuple[int, ...]) -> RNNTrace:
    """A recurrent model's greedy steps from source ids (its source: their vocabulary tokens; rnn_trace puts the
    text's own in)."""
    bundle = rnn_bundle(name)
    tokens = [bundle.src_vocab.itos[i] for i in ids]
    return run_source(bundle, Encoded(tokens, list(ids), [i == UNK_ID for i in ids], False, len(ids)))


@per_process(4)
def scores(name: str) -> dict:
    """A model's test.tsv scores (python -m model.evaluate --record): a recurrent one's or a Transformer's."""
    for root in (RNN_DIR, CHECKPOINT_DIR):
        if (root / name / SCORES).exists():
            return json.loads((root / name / SCORES).read_text(encoding="utf-8"))
    return {}


@per_process(1)
def timings() -> tuple[tuple[int, float, float], ...]:
    """RNNsearch's GRU encoder and en-zh's self-attention encoder timed once per process (about a second)."""
    return tuple(encode_times(rnn_bundle(RNNSEARCH).model, data.bundle(GUIDED).transformer))


@per_process(64)
def timed(n: int) -> tuple[float, float]:
    """ms to encode n tokens with RNNsearch's GRU encoder and with en-zh's encoder (fastest of 5, one thread),
    measured once per length and process: a keystroke that keeps the sentence's length measures nothing."""
    (_, gru_ms, attn_ms), = encode_times(rnn_bundle(RNNSEARCH).model, data.bundle(GUIDED).transformer, (n,))
    return gru_ms, attn_ms


def applies(trace: Trace) -> bool:
    """True if the recurrent models can read the sentence: they translate English into Chinese."""
    return trace.src_lang == "en" and trace.tgt_lang == "zh"


@dataclass(frozen=True)
class Step:
    """One decoding step opened up: RNNsearch's additive attention (NumPy) and the Transformer's at the same step."""

    index: int  # RNNsearch's step
    rnn: RNNTrace
    additive: dict[str, np.ndarray]  # model.rnn.additive_attention: hidden (S, attn), scores, weights, context
    tf_index: int  # the Transformer's step (the same, inside its own translation)
    tf_scaled: np.ndarray  # (h, S) q·k/√d_k of the last cross-attention layer at that step
    tf_weights: np.ndarray  # (h, S) their softmax


@per_process(1)
def additive_weights() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """RNNsearch's W_a (attn, hidden), U_a (attn, hidden) and v_a (attn,) in float64, read-only, made once."""
    w = rnn_bundle(RNNSEARCH).decoder
    return tuple(read_only(m.astype(np.float64)) for m in (w.W_a, w.U_a, w.v_a))


def transformer(v: View) -> Trace:
    """The view's sentence through its model with the default toggles, greedy (what the page compares with)."""
    return data.compared(v, v.model, v.sentence)


def opened_step(v: View) -> Step:
    """The view's decoding step (kept inside both translations) computed in NumPy from the traces."""
    return step_of(v.model, v.sentence, clamp(v.step, 0, len(rnn_trace(RNNSEARCH, v.sentence).states) - 1))


@per_process(64)
def step_of(name: str, text: str, i: int) -> Step:
    """RNNsearch's step i of the sentence, and model `name`'s own step i (or its last) with the default toggles."""
    tr = rnn_trace(RNNSEARCH, text)
    tf = data.trace(name, text, AttnOptions(), DecodeOptions())
    additive = additive_attention(tr.states[i].astype(np.float64), tr.annotations.astype(np.float64),
                                  *additive_weights())
    attn = tf.attn("cross", tf.config.N - 1)
    j = min(i, len(attn.queries) - 1)
    d_k = attn.q.shape[-1]
    scaled = np.einsum("hd,hsd->hs", attn.q[:, j].astype(np.float64), attn.k.astype(np.float64)) / np.sqrt(d_k)
    return Step(i, tr, {k: read_only(a) for k, a in additive.items()}, j, read_only(scaled),
                read_only(softmax(scaled)))


def translations(v: View) -> dict[str, str]:
    """Each model's translation of the sentence, the Transformer's last."""
    return {RNNENC: rnn_trace(RNNENC, v.sentence).output_text, RNNSEARCH: rnn_trace(RNNSEARCH, v.sentence).output_text,
            v.model: transformer(v).output_text}


def align_element(v: View) -> Element:
    """RNNsearch's α beside the last cross-attention layer (head average) of en-zh and of its unguided twin."""
    tr = rnn_trace(RNNSEARCH, v.sentence)
    axes = dict(kind="prob", row_title=v.t("axis.decoder_prediction"), col_title=v.t("axis.source_key"),
                hover_formula=v.t("dec.hover_looks_at"), words=v.words())
    maps = [matrix_heatmap(tr.weights, tr.rows, tr.src.tokens, title=v.t("b17.fig_alpha"), **axes)]
    for name in [GUIDED] + [twin for twin in [data.twin(GUIDED)] if twin]:
        other = data.compared(v, name, v.sentence)
        rows = [f"{a} → {b}" for a, b in zip(other.tgt_input_tokens, other.decoded.tokens + ["<eos>"])]
        maps.append(matrix_heatmap(other.attn("cross", other.config.N - 1).pattern.mean(0), rows, other.src.tokens,
                                   title=v.t("b17.fig_cross", model=name, layer=other.config.N - 1), **axes))
    return Element(maps, "b17-align", [f"b17-align-{i}" for i in range(len(maps))], columns=len(maps))


def step_element(s: Step, v: View) -> Element:
    """RNNsearch's step: s_{i−1}, every h_j and c_i; the hidden layer tanh(W_a s + U_a h_j); e and α per word."""
    tr, a = s.rnn, s.additive
    words = tr.src.tokens
    states = np.vstack([tr.states[s.index][None], tr.annotations, a["context"][None]])  # (S + 2, hidden)
    labels = ["s₍ᵢ₋₁₎"] + [f"h · {w}" for w in words] + ["cᵢ = Σ αⱼ hⱼ"]
    dims = [f"d{k}" for k in range(states.shape[1])]
    return Element([
        matrix_heatmap(states, labels, dims, title=v.t("b17.fig_states", step=tr.rows[s.index]),
                       row_title=v.t("b17.axis_vector"), col_title=v.t("axis.dimension"), show_values=False,
                       col_ticks=16, words=v.words()),
        matrix_heatmap(a["hidden"], words, [f"a{k}" for k in range(a["hidden"].shape[1])],
                       title=v.t("b17.fig_hidden"), row_title=v.t("axis.source_key"),
                       col_title=v.t("axis.dimension"), show_values=False, col_ticks=16, words=v.words()),
        matrix_heatmap(np.vstack([a["scores"], a["weights"]]), ["e = vₐᵀ tanh(Wₐs + Uₐh)", "α = softmax(e)"], words,
                       title=v.t("b17.fig_scores"), row_title="", col_title=v.t("axis.source_key"),
                       show_values=True, decimals=3, words=v.words()),
    ], "b17-step", ["b17-states", "b17-hidden", "b17-scores"], columns=1)


def tf_step_element(s: Step, v: View, tf: Trace) -> Element:
    """The Transformer's step: q·k/√d_k per head over the source and the weights they give."""
    heads = [v.t("label.head", i=i) for i in range(s.tf_scaled.shape[0])]
    row = f"{tf.tgt_input_tokens[s.tf_index]} → {(tf.decoded.tokens + ['<eos>'])[s.tf_index]}"
    layer = tf.config.N - 1
    return Element([
        matrix_heatmap(s.tf_scaled, heads, tf.src.tokens, title=v.t("b17.fig_qk", step=row, layer=layer),
                       row_title=v.t("axis.head"), col_title=v.t("axis.source_key"), show_values=True, decimals=2,
                       hover_formula="q·k/√d_k", words=v.words()),
        matrix_heatmap(s.tf_weights, heads, tf.src.tokens, kind="prob", title=v.t("b17.fig_qk_weights"),
                       row_title=v.t("axis.head"), col_title=v.t("axis.source_key"), words=v.words()),
    ], "b17-tf-step", ["b17-qk", "b17-qk-weights"], columns=2)


def bleu_element(v: View, marker: float | None) -> Element:
    """BLEU on test.tsv by source length for RNNenc, RNNsearch and the Transformer, the typed sentence's length
    marked (Bahdanau et al.'s Figure 2)."""
    series, x = {}, None
    for name in (RNNENC, RNNSEARCH, GUIDED):
        buckets = [b for b in scores(name).get("by_length", []) if b["bleu"] is not None]
        if buckets:
            x = [b["mean_words"] for b in buckets]
            series[name] = [b["bleu"] for b in buckets]
    return Element([line_chart(x or [], series, title=v.t("b17.fig_bleu"), x_title=v.t("b17.axis_length"),
                               y_title="BLEU", decimals=2, marker_x=marker)], "b17-bleu")


def paths_element(trace: Trace, v: View) -> Element:
    """The sentence through a recurrent layer and through self-attention, each headed by its sequential steps and
    longest path (Table 1) for this n: the Paper page's figure."""
    return paper.paths_element(trace, v, "b17-paths")


def speed_element(n: int, v: View) -> Element:
    """The measured time to encode n tokens: RNNsearch's bidirectional GRU against en-zh's self-attention encoder."""
    points = np.array(timings())  # (len(ENCODE_LENGTHS), 3)
    return Element([line_chart(points[:, 0], {v.t("b17.gru"): points[:, 1], v.t("b17.self_attention"): points[:, 2]},
                               title=v.t("b17.fig_speed"), x_title=v.t("paper.axis_n"), y_title=v.t("paper.axis_ms"),
                               log_x=True, marker_x=n)], "b17-speed")


def words_of(text: str) -> int:
    """The sentence's length in English words, as test.tsv's buckets count them."""
    return len(text.split())


def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view; the recurrent models' only for an English sentence through an
    en→zh model (they translate English into Chinese)."""
    common = {"bleu": bleu_element(v, words_of(v.sentence) if applies(trace) else None),
              "paths": paths_element(trace, v), "speed": speed_element(len(trace.src.tokens), v)}
    if not applies(trace):
        return common
    s = opened_step(v)
    return {"align": align_element(v), "step": step_element(s, v),
            "tf_step": tf_step_element(s, v, transformer(v))} | common
