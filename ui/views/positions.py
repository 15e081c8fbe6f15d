"""The RoPE & ALiBi page's charts: three models that differ only in where position goes, side by side on the
sentence; RoPE's turned q and k pairs; the first layer's scores after shifting the sentence; ALiBi's bias; and the
loss past the longest training sentence (the page and the keystroke route both build them here)."""
from __future__ import annotations

import numpy as np

from model.positional import alibi_bias, split_slopes
from model.trace import Trace
from ui import data
from ui.view import Element, View, within_model
from viz.arrows import arrows
from viz.curves import line_chart
from viz.heatmap import matrix_heatmap

REFERENCE = "en-zh-sinusoidal"  # the grammar-trained en-zh beside the variants: trained alike but for position
MODELS = {REFERENCE: "pos.sinusoidal", "en-zh-rope": "pos.rope", "en-zh-alibi": "pos.alibi"}  # -> its name
SYMMETRIC = "en-zh-alibi-sym"  # ALiBi with one slope on both sides of an encoder's query (Left or right?)
BLOCKS = ("encoder", "decoder")  # the self-attentions RoPE and ALiBi change


def models() -> list[str]:
    """The three models, if the variants ship (else none)."""
    return list(MODELS) if set(MODELS) <= set(data.variants()) else []


def applies(trace: Trace) -> bool:
    """True if the sentence can be read by the three models (English, with the variants shipped)."""
    return trace.src_lang == "en" and bool(models())


def run(name: str, text: str, v: View) -> Trace:
    """The sentence's greedy trace through one of the three models."""
    return data.compared(v, name, text)


def within(trace: Trace, v: View) -> View:
    """The view with its self-attention block, layer, head and RoPE pair kept inside the model."""
    return within_model(trace, v, BLOCKS).within(pair=trace.config.d_k // 2 - 1)


def maps_element(trace: Trace, v: View) -> Element:
    """Each model's attention weights of the view's block, layer and head on the sentence."""
    m = within(trace, v)
    block, layer, head = m.block, m.layer, m.head
    figures = []
    for name, label in MODELS.items():
        attn = run(name, trace.text, v).attn(block, layer)
        figures.append(matrix_heatmap(attn.pattern[head], attn.queries, attn.keys, kind="prob", masked=~attn.mask,
                                      title=v.t("pos.fig_map", model=v.t(label), block=v.block_label(block),
                                                layer=layer, head=head),
                                      row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col"),
                                      words=v.words()))
    return Element(figures, f"pos-maps-{block}-L{layer}-h{head}", None, columns=3)


def rotated(trace: Trace, layer: int, v: View) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """The RoPE model's turned q and k of the encoder layer, and the tokens; (h, S, d_k) twice."""
    rope = run("en-zh-rope", trace.text, v)
    return (*rope.rotated("encoder", layer), rope.src.tokens)


def pairs_element(trace: Trace, v: View) -> Element:
    """RoPE's q and k pairs (2i, 2i + 1) of each word, as arrows, in the view's encoder layer and head."""
    m = within(trace, v)
    layer, head, i = m.layer, m.head, m.pair
    q, k, tokens = rotated(trace, layer, v)
    names = [f"{p}:{tok}" for p, tok in enumerate(tokens)]
    axes = dict(x_title=f"x[{2 * i}]", y_title=f"x[{2 * i + 1}]")
    return Element([arrows(q[head][:, 2 * i : 2 * i + 2], names, title=v.t("pos.fig_q", i=i), **axes),
                    arrows(k[head][:, 2 * i : 2 * i + 2], names, title=v.t("pos.fig_k", i=i), **axes)],
                   f"pos-pairs-L{layer}-h{head}-i{i}", None, columns=2)


def shift_gaps(trace: Trace, v: View) -> dict[str, np.ndarray]:
    """Per model: the first layer's score change between the same words after the view's shift; (h, S, S)."""
    return {name: data.shift_change(name, trace.text, v.shift) for name in MODELS}


def shift_element(trace: Trace, v: View) -> Element:
    """The change in each model's first-layer scores after the shift, for the view's head, on one colour map."""
    head = within(trace, v).head
    gaps = shift_gaps(trace, v)
    tokens = run(REFERENCE, trace.text, v).src.tokens[: gaps[REFERENCE].shape[1]]  # a shift may cut a 64-token sentence
    bound = max(1e-3, max(float(np.nanmax(np.abs(g))) for g in gaps.values()))
    figures = [matrix_heatmap(gaps[name][head], tokens, tokens, bound=bound, hover_formula="Δ s({row}, {col})",
                              title=v.t("pos.fig_shift", model=v.t(label)), row_title=v.t("axis.query_row"),
                              col_title=v.t("axis.key_col"), words=v.words())
               for name, label in MODELS.items()]
    return Element(figures, f"pos-shift-{v.shift}-h{head}", None, columns=3)


def bias_element(trace: Trace, v: View) -> Element:
    """The ALiBi encoder's bias of each head over the sentence's tokens: half the heads look left, half right (the
    other side masked)."""
    tokens = run("en-zh-alibi", trace.text, v).src.tokens
    h = trace.config.h
    bias = alibi_bias(h, len(tokens), len(tokens))  # (h, S, S), −inf (grey) on a head's masked side
    m, bound = split_slopes(h), float(np.abs(bias[np.isfinite(bias)]).max())  # (h,)
    sides = [v.t("pos.left" if j < h // 2 else "pos.right") for j in range(h)]
    figures = [matrix_heatmap(bias[j], tokens, tokens, bound=bound,
                              title=v.t("pos.fig_bias", head=j, side=sides[j], m=f"1/{round(1 / m[j])}"),
                              hover_formula="b({row}, {col})", row_title=v.t("axis.query_row"),
                              col_title=v.t("axis.key_col"), words=v.words())
               for j in range(h)]
    return Element(figures, "pos-alibi-bias", None, columns=2)


def long_element(v: View) -> Element | None:
    """Each model's loss per target token against source length, the longest training input marked."""
    result = data.extrapolation()
    if result is None:
        return None
    series = {v.t(MODELS[name]): np.array(losses) for name, losses in result["loss"].items()}
    return Element([line_chart(np.array(result["buckets"]), series, title=v.t("pos.fig_long"),
                               x_title=v.t("pos.axis_length"), y_title=v.t("pos.axis_loss"),
                               marker_x=float(result["train_max_src"]))], "pos-long")


def reference(trace: Trace, v: View) -> Trace:
    """The sentence through the sinusoidal reference: the page's charts are drawn on the three models' layers,
    heads and widths, whatever the model picked for the other pages."""
    return run(REFERENCE, trace.text, v)



def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view: on the sinusoidal reference's layers, the three models' maps,
    RoPE's pairs, the shift and ALiBi's biases (an English sentence only), and the loss past the longest training
    sentence (where measured)."""
    measured = long_element(v)
    long = {"long": measured} if measured is not None else {}
    if not applies(trace):
        return long
    ref = reference(trace, v)
    return {"maps": maps_element(ref, v), "pairs": pairs_element(ref, v), "shift": shift_element(ref, v),
            "bias": bias_element(ref, v)} | long
