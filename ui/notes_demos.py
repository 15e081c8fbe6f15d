"""The live demonstrations of the findings in the notes: for each finding's key, what this app computes instead of
the notes' words, drawn in the right half of its box (ui/notes.py). The charts among them are built in
ui/views/notes.py, where the keystroke route builds them too.
"""
from __future__ import annotations

import functools
import math
import time

import numpy as np
import pandas as pd
import streamlit as st
import torch

from model import extrapolation, lessons, note_code
from model.attention import softmax
from model.checkpoint import Bundle
from model.decoding import DecodeOptions
from model.explain import SUBSCRIPTS
from model.positional import sinusoidal_encoding
from model.tokenizer import BOS_ID, PAD_ID, detokenize
from model.trace import Trace, read_only
from model.transformer import AttnOptions
from ui import bind, data, state, widgets
from ui.budget import per_process_bytes
from ui.i18n import t
from ui.payload import Answer
from ui.shared import per_process
from ui.view import PARAMS
from ui.views import notes as notes_charts


def vec(values, decimals: int = 3) -> str:
    """Numbers as "a, b, c" ("NaN" for not-a-number)."""
    return ", ".join("NaN" if np.isnan(v) else f"{v:.{decimals}f}" for v in np.asarray(values, dtype=float))


def sub(i: int) -> str:
    """An index as Unicode subscript digits (v₀, v₁₂)."""
    return str(i).translate(SUBSCRIPTS)


def has_sentence(trace: Trace | None) -> bool:
    """False (with the usual notice) when a demonstration needs a sentence and there is none: the notes page is a
    glass-box model's (ui/registry.py gives it no pretrained family), so no load error stands in for the notice."""
    if trace is None:
        st.info(t("notice.type_sentence"))
    return trace is not None


def demo_mask_mul(bundle: Bundle, trace: Trace | None, charts: Answer) -> None:
    """The note's scores masked by × and by + (−∞), switched in the URL; and a fully masked row three ways."""
    st.markdown(t("notes.mask_mul.app", leak=f"{notes_charts.mask_mul_weights('mul')[0, 1]:.3f}"))
    modes = {"mul": t("mm.mul"), "add": t("mm.add")}
    mode = bind.bound(st.segmented_control, t("mm.mode"), "mask_mode", options=list(modes), format_func=modes.get)
    widgets.show(charts["note-mask"])
    w = notes_charts.mask_mul_weights(mode)[0]
    st.caption(t("mm.caption_mul" if mode == "mul" else "mm.caption_add", w0=f"{w[0]:.3f}", w1=f"{w[1]:.3f}",
                 w2=f"{w[2]:.3f}"))
    row = lessons.fully_masked_row(3)
    st.caption(t("mm.all_masked", fill=vec(row["fill"]), plain=vec(row["inf_plain"]), app=vec(row["inf_app"])))


def demo_pe_code(bundle: Bundle, trace: Trace | None, charts: Answer) -> None:
    """The note's PE code against the paper's formula at this model's d_model."""
    d, n = bundle.config.d_model, notes_charts.PE_ROWS
    note, paper = notes_charts.note_pe(bundle)
    long_paper, long_note = (p[-1] for p in lessons.pe_periods(d))
    st.markdown(t("notes.pe_code.app", d=d, paper0=f"{paper[0, 1]:.3f}", note0=f"{note[0, 1]:.3f}",
                  paper1=f"{paper[1, 1]:.3f}", note1=f"{note[1, 1]:.3f}", paper_long=f"{long_paper:,.0f}",
                  note_long=f"{long_note:.3g}", n=n, diff=f"{np.abs(note - paper).max():.3f}"))
    widgets.show(charts["note-pe-code"])
    widgets.show(charts["note-pe-paper"])


def demo_i_range(bundle: Bundle, trace: Trace | None) -> None:
    """How many i each reading gives at this model's d_model."""
    d = bundle.config.d_model
    r = lessons.i_ranges(d)
    st.markdown(t("notes.i_range.app", d=d, last=r["paper"] - 1, pairs=r["paper"], all_dims=r["all_dims"],
                  incl=r["inclusive_half"], half=d // 2, d_last=d - 1))


@per_process(64)
def neighbours(name: str, ids: tuple[int, ...]) -> tuple[list[list[str]], list[list[str]] | None]:
    """Nearest words of each id in the trained source table and, if the model ships snapshots, at step 0."""
    bundle = data.bundle(name)
    itos = bundle.src_vocab.itos
    trained = lessons.nearest_words(bundle.transformer.src_lut.weight.detach().numpy(), list(ids), itos)
    snaps = data.timeline(name)[0]
    if not snaps or snaps[0].step != 0:
        return trained, None
    start = data.snapshot(name, 0).transformer.src_lut.weight.detach().numpy()
    return trained, lessons.nearest_words(start, list(ids), itos)


def demo_word2vec(bundle: Bundle, trace: Trace | None) -> None:
    """Nearest neighbours of this sentence's words: random at step 0, related after translation training."""
    st.markdown(t("notes.word2vec.app", v=bundle.config.src_vocab_size, d=bundle.config.d_model))
    if not has_sentence(trace):
        return
    known = [(tok, i) for tok, i, unk in zip(trace.src.tokens, trace.src.ids, trace.src.unknown) if not unk]
    known = list(dict.fromkeys(known))[:6]
    if not known:
        return
    trained, start = neighbours(trace.model, tuple(i for _, i in known))
    table = {t("notes.col_token"): [tok for tok, _ in known]}
    if start is not None:
        table[t("notes.col_random")] = [", ".join(w) for w in start]
    table[t("notes.col_trained")] = [", ".join(w) for w in trained]
    st.dataframe(pd.DataFrame(table), hide_index=True, width="stretch")
    if start is None:
        st.caption(t("notes.word2vec.no_snapshot"))


def first_norm_input(trace: Trace) -> np.ndarray:
    """What encoder layer 0's first LayerNorm normalises: x + SelfAttn(x) in Post-Norm, the input x in Pre-Norm."""
    return trace.sublayer("encoder", 0, 0).before_norm


def demo_ln_iid(bundle: Bundle, trace: Trace | None) -> None:
    """x̂ sums to 0 and has mean square 1 for every token; after γ, β the mean and variance are anything."""
    st.markdown(t("notes.ln_iid.app"))
    if not has_sentence(trace):
        return
    x_hat, _, _ = lessons.layer_norm(first_norm_input(trace))
    y = trace.sublayer("encoder", 0, 0).ln.astype(np.float64)
    st.dataframe(pd.DataFrame({
        t("notes.col_token"): trace.src.tokens,
        t("notes.col_sum"): [f"{v:.6f}" for v in np.round(x_hat.sum(-1), 6) + 0.0],
        t("notes.col_meansq"): [f"{v:.4f}" for v in (x_hat**2).mean(-1)],
        t("notes.col_mean_out"): [f"{v:.3f}" for v in y.mean(-1)],
        t("notes.col_var_out"): [f"{v:.3f}" for v in y.var(-1)],
    }), hide_index=True, width="stretch")


# A shared-norm trace holds 3.0-3.4 MB for a 7-16-token sentence (with one LayerNorm per layer the model decodes to
# DecodeOptions' 40-step limit) and 5.7 MB at 64: 16 MB keeps the last ~5 sentences (64 of them held up to 360 MB).
@per_process_bytes(16)
def shared_norm_trace(name: str, text: str) -> Trace:
    """Greedy trace with one LayerNorm per layer (the note's code); raises ValueError for input with no tokens."""
    trace = lessons.run_shared_norm(data.bundle(name), text)
    trace.settle()  # the demo shows the output: decoded before it is stored, weighed whole (40 steps, not S + 1)
    return trace


def translation_probability(trace: Trace) -> float:
    """P(the translation) under greedy decoding: the product of every chosen token's probability."""
    return float(np.prod([s.chosen_prob for s in trace.decoded.steps]))


def demo_ln_shared(bundle: Bundle, trace: Trace | None) -> None:
    """How different the learned LayerNorms are, and the translation with one LayerNorm per layer."""
    spread = lessons.gamma_spread(bundle.transformer)
    if not has_sentence(trace):
        return
    shared = shared_norm_trace(trace.model, trace.text)
    st.markdown(t("notes.ln_shared.app", shared=widgets.output_line(shared),
                  own=widgets.output_line(trace), p_own=f"{translation_probability(trace):.3f}",
                  p_shared=f"{translation_probability(shared):.3f}"))
    st.dataframe(pd.DataFrame({t("notes.col_layer"): [name for name, _, _ in spread],
                               t("notes.col_dgamma"): [round(g, 3) for _, g, _ in spread],
                               t("notes.col_dbeta"): [round(b, 3) for _, _, b in spread]}),
                 hide_index=True, width="stretch")


def demo_nn_softmax(bundle: Bundle, trace: Trace | None) -> None:
    """The note's nn.Softmax() (dim 0 = batch) against the softmax over the vocabulary, on the first output token."""
    if not has_sentence(trace):
        return
    note = lessons.implicit_softmax(trace.logits[None])[0, 0]  # (V,)
    probs = trace.probs[0]  # (V,)
    st.markdown(t("notes.nn_softmax.app", v=len(probs), note_p=f"{note.min():.3f}", note_sum=f"{note.sum():,.0f}",
                  sum=f"{probs.sum():.3f}", top=f"{probs.max():.3f}"))


def demo_attn_weights(bundle: Bundle, trace: Trace | None) -> None:
    """The weights (L × L) against Attention(Q, K, V) = weights · V (L × d_k), with the first row written out."""
    if not has_sentence(trace):
        return
    attn = trace.attn("encoder", 0)
    w = attn.pattern[0].astype(np.float64)  # (S, S)
    v = attn.v[0].astype(np.float64)  # (S, d_k)
    z = attn.z[0]  # (S, d_k)
    shown = min(len(w), 4)
    terms = " + ".join(f"{w[0, j]:.2f}·v{sub(j)}" for j in range(shown)) + (" + …" if len(w) > shown else "")
    st.markdown(t("notes.attn_weights.app", wq=w.shape[0], wk=w.shape[1], zq=z.shape[0], zd=z.shape[1],
                  terms=terms, z=vec((w[0] @ v)[:3])))


def demo_parallel(bundle: Bundle, trace: Trace | None) -> None:
    """How many decoder passes this translation needed in sequence, against one teacher-forced pass."""
    if not has_sentence(trace):
        return
    st.markdown(t("notes.parallel.app", passes=len(trace.decoded.steps), s=len(trace.src.tokens)))


def demo_ln_dims(bundle: Bundle, trace: Trace | None) -> None:
    """Per-token statistics (LayerNorm) against per-dimension ones, before and after normalising."""
    if not has_sentence(trace):
        return
    x = first_norm_input(trace)
    x_hat, mu, _ = lessons.layer_norm(x)
    cols = x_hat.mean(0)
    st.markdown(t("notes.ln_dims.app", tokens=len(mu), row_means=vec(mu[:4], 2),
                  after_row=f"{np.abs(x_hat.mean(-1)).max():.1e}", col_lo=f"{cols.min():.2f}",
                  col_hi=f"{cols.max():.2f}"))


def cells(matrix: np.ndarray, decimals: int = 3) -> list[str]:
    """Each row of a matrix as "[a, b, c]"."""
    return [f"[{vec(row, decimals)}]" for row in matrix]


def rounding_fields() -> dict[str, str]:
    """The note's first weight, what it rounds to, and row 0 rounded correctly with its sum."""
    ex = lessons.worked_example()
    w0, honest = ex["weights"][0, 0], ex["honest_weights"][0]
    return {"w0": f"{w0:.4f}", "w0_rounded": f"{np.round(w0, 1):.1f}", "honest0": vec(honest, 1),
            "honest_sum": f"{honest.sum():.1f}"}


def demo_rounding(bundle: Bundle, trace: Trace | None) -> None:
    """The weights and outputs of the note's example: as it prints them, exact, rounded correctly, and ÷√d_k."""
    st.markdown(t("notes.rounding.app"))
    ex = lessons.worked_example()
    for title, note, exact, rounded, scaled, decimals in (
            ("notes.rounding_weights", lessons.NOTE_ROUNDED_WEIGHTS, ex["weights"], ex["honest_weights"],
             ex["scaled_weights"], 1),
            ("notes.rounding_outputs", lessons.NOTE_ROUNDED_OUTPUT, ex["output"], ex["honest_output"],
             ex["scaled_output"], 2)):
        st.markdown(t(title))
        st.dataframe(pd.DataFrame({t("notes.col_row"): ["x1", "x2", "x3"], t("notes.col_as_printed"): cells(note, 1),
                                   t("notes.col_exact"): cells(exact),
                                   t("notes.col_one_decimal"): cells(rounded, decimals),
                                   t("notes.col_scaled"): cells(scaled)}), hide_index=True, width="stretch")


def shuffle_next() -> None:
    """Button: the next shuffle of the sentence."""
    state.put("shuffle", int(state.get("shuffle")) % int(PARAMS["shuffle"].high) + 1)


def demo_shuffle(bundle: Bundle, trace: Trace | None, charts: Answer) -> None:
    """A toggle that removes the PE and a button that shuffles the sentence; the outputs compared."""
    st.markdown(t("notes.shuffle.app"))
    if not has_sentence(trace):
        return
    bind.bound(st.toggle, t("pe.with_pe"), "shuffle_with_pe")
    c1, c2 = st.columns(2)
    with c1:
        st.button(t("pe.shuffle"), key="pe_shuffle", on_click=shuffle_next)
    with c2:
        st.button(t("pe.unshuffle"), key="pe_unshuffle", on_click=lambda: state.put("shuffle", 0))
    if len(trace.src.ids) < 2:
        st.info(t("pe.one_token"))
        return
    view = charts.view
    s = notes_charts.shuffle(trace, view)
    if s is None:
        st.caption(t("pe.not_shuffled"))
        return
    st.markdown(t("pe.shuffled", tokens=widgets.plain(" ".join(s.tokens))))
    st.markdown(t("pe.result_pe" if s.with_pe else "pe.result_no_pe", attn=f"{s.result.attn_diff:.1e}",
                  memory=f"{s.result.memory_diff:.1e}"))
    widgets.show(charts["pe-shuffle-diff"])
    inv = notes_charts.translation_check(trace, view)
    if inv is not None:
        text = functools.partial(detokenize, lang=trace.tgt_lang)
        itos = bundle.tgt_vocab.decode
        st.markdown(t("pe.invariance", no_pe=f"{inv.logit_diff_no_pe:.1e}", pe=f"{inv.logit_diff_pe:.2f}",
                      orig=widgets.plain(text(itos(inv.translation_no_pe)) or "∅"),
                      shuf=widgets.plain(text(itos(inv.translation_no_pe_shuffled)) or "∅"),
                      pe_shuf=widgets.plain(text(itos(inv.translation_pe_shuffled)) or "∅"),
                      own=widgets.output_line(trace)))


def scaling_example(attn, plain: np.ndarray, scaled: np.ndarray) -> str:
    """The row where the scaling lowers ‖J‖ the most, as a sentence (empty if it raises ‖J‖ in every row)."""
    lowered = scaled <= plain  # (h, L_q)
    if not lowered.any():
        return ""
    head, row = np.unravel_index(int(np.argmax(np.where(lowered, plain - scaled, -np.inf))), plain.shape)
    return t("notes.scale_grad.example", head=head, token=widgets.plain(attn.queries[row]),
             plain=f"{plain[head, row]:.3f}", scaled=f"{scaled[head, row]:.3f}")


def demo_scale_grad(bundle: Bundle, trace: Trace | None) -> None:
    """In how many rows of encoder layer 0 the scaling raises the softmax's Jacobian norm, the row where it lowers
    it most, and the share for random unit-variance q, k at this d_k, the paper's 64 and 512."""
    if not has_sentence(trace):
        return
    attn, d_k = trace.attn("encoder", 0), trace.config.d_k
    plain, scaled = lessons.scaling_rows(attn.scores, attn.mask, d_k)  # (h, L_q) each
    raised, n = scaled > plain, attn.mask.shape[1]

    def measured(width: int) -> str:
        return f"{lessons.random_scaling_share(n, width):.0%}"

    st.markdown(t("notes.scale_grad.app", d_k=d_k, raised=int(raised.sum()), rows=raised.size,
                  lowered=int((~raised).sum()), example=scaling_example(attn, plain, scaled), n=n,
                  share_dk=measured(d_k), share_64=measured(64), share_512=measured(512)))


def demo_qk_similarity(bundle: Bundle, trace: Trace | None) -> None:
    """QKᵀ is not symmetric, and a token's top score need not be on itself."""
    if not has_sentence(trace):
        return
    a = lessons.score_asymmetry(trace)
    st.markdown(t("notes.qk_similarity.app", n=a["n"], asym=f"{a['asym']:.3f}", off=a["off_diag"]))


def demo_mh_reason(bundle: Bundle, trace: Trace | None) -> None:
    """One attention block's parameters (the same for any h) and how different the heads are."""
    if not has_sentence(trace):
        return
    params = sum(p.numel() for p in bundle.transformer.encoder[0].self_attn.parameters())
    st.markdown(t("notes.mh_reason.app", params=f"{params:,}", d=bundle.config.d_model, h=bundle.config.h,
                  diff=f"{lessons.head_differences(trace):.3f}"))


def demo_mh_projection(bundle: Bundle, trace: Trace | None) -> None:
    """Every head's q is a slice of one projection of X."""
    if not has_sentence(trace):
        return
    st.markdown(t("notes.mh_projection.app", diff=f"{lessons.head_slices(bundle.transformer, trace):.1e}",
                  h=bundle.config.h, d_k=bundle.config.d_k))


def demo_d_eq_dv(bundle: Bundle, trace: Trace | None) -> None:
    """The note's d = d_v and t_v in this model's numbers, and the shapes through concatenation and W_O."""
    if not has_sentence(trace):
        return
    concat = trace.attn("encoder", 0).concat  # (S, h·d_v)
    wo = tuple(bundle.transformer.encoder[0].self_attn.W_O.weight.shape)
    st.markdown(t("notes.d_eq_dv.app", d=bundle.config.d_model, h=bundle.config.h,
                  t_v=trace.attn("encoder", 0).v.shape[-1], rows=concat.shape[0], concat=concat.shape[1],
                  wo0=wo[1], wo1=wo[0]))


def demo_transpose(bundle: Bundle, trace: Trace | None) -> None:
    """One head's output, its transpose, the concatenation and W_O, as shapes of this sentence."""
    if not has_sentence(trace):
        return
    z = trace.attn("encoder", 0).z[0]  # (S, d_k)
    concat, out = trace.attn("encoder", 0).concat, trace.attn("encoder", 0).out
    st.markdown(t("notes.transpose.app", rows=z.shape[0], d_k=z.shape[1], h=bundle.config.h, concat=concat.shape[1],
                  d=out.shape[1]))


@per_process(8)
def plain_list_parameters(d: int, h: int) -> dict[str, int]:
    """What PyTorch registers of the note's module, plain lists against nn.ModuleList (cached by size)."""
    return lessons.plain_list_parameters(d, h)


def demo_module_list(bundle: Bundle, trace: Trace | None) -> None:
    """The note's module built at this model's size: what .parameters() and state_dict see."""
    d, h = bundle.config.d_model, bundle.config.h
    c = plain_list_parameters(d, h)
    st.markdown(t("notes.module_list.app", d=d, h=h, plain=f"{c['plain_params']:,}", plain_keys=c["plain_keys"],
                  listed=f"{c['list_params']:,}", list_keys=c["list_keys"]))


def demo_six_pairs(bundle: Bundle, trace: Trace | None) -> None:
    """Every decoder layer's cross-attention keys come from the encoder's final output."""
    if not has_sentence(trace):
        return
    diff, first = lessons.cross_attention_sources(bundle.transformer, trace)
    st.markdown(t("notes.six_pairs.app", N=bundle.config.N, diff=f"{diff:.1e}", first=f"{first:.2f}"))


def demo_sin_cos_linear(bundle: Bundle, trace: Trace | None) -> None:
    """The PE's wavelengths at this d_model, and PE(2) against 2·PE(1)."""
    d = bundle.config.d_model
    periods = lessons.pe_periods(d)[0]
    st.markdown(t("notes.sin_cos_linear.app", d=d, short=f"{periods.min():.2f}", long=f"{periods.max():,.0f}",
                  nl=f"{lessons.pe_nonlinear(d):.3f}"))


def demo_pe_linear(bundle: Bundle, trace: Trace | None) -> None:
    """PE(pos + k) as a rotation of PE(pos), against the best a·PE(pos) + b·PE(k)."""
    d, pos, k = bundle.config.d_model, 3, 2
    r = lessons.pe_shift(d, pos, k)
    st.markdown(t("notes.pe_linear.app", d=d, pos=pos, k=k, rot=f"{r['rotation_err']:.1e}", a=f"{r['a']:.3f}",
                  b=f"{r['b']:.3f}", combo=f"{r['combo_err']:.3f}"))


def demo_div_term(bundle: Bundle, trace: Trace | None) -> None:
    """The exponents, the smallest div_term and the two ways of computing it, at this d_model and at 512."""
    d = bundle.config.d_model
    r, big = lessons.div_term_check(d), lessons.div_term_check(512)
    st.markdown(t("notes.div_term.app", d=d, count=r["count"], last=r["last"], smallest=f"{r['smallest']:.2e}",
                  diff=f"{r['diff']:.1e}", smallest512=f"{big['smallest']:.2e}", diff512=f"{big['diff']:.1e}"))


def demo_location_encoder(bundle: Bundle, trace: Trace | None) -> None:
    """‖embedding‖ with and without × √d_model on this sentence, against ‖PE‖; and what nn.Embedding's own N(0, 1)
    gives at this d_model and at 512."""
    if not has_sentence(trace):
        return
    d = bundle.config.d_model
    emb = np.linalg.norm(trace.embedding("source").embed.astype(np.float64), axis=-1)  # (S,) embedding × √d_model
    raw = emb / np.sqrt(d)
    pe = np.linalg.norm(trace.embedding("source").pos_enc.astype(np.float64), axis=-1)  # (S,)
    pe512 = float(np.linalg.norm(sinusoidal_encoding(2, 512)[1]))
    fresh512 = lessons.fresh_embedding_norm(512)
    st.markdown(t("notes.location_encoder.app", raw_lo=f"{raw.min():.2f}", raw_hi=f"{raw.max():.2f}",
                  pe=f"{pe.mean():.2f}", d=d, emb_lo=f"{emb.min():.2f}", emb_hi=f"{emb.max():.2f}",
                  fresh=f"{lessons.fresh_embedding_norm(d):.1f}", fresh512=f"{fresh512:.1f}", pe512=f"{pe512:.1f}",
                  ratio512=f"{fresh512 * np.sqrt(512) / pe512:.0f}"))


def code_list(names: list[str]) -> str:
    """Names as inline code, comma-separated."""
    return ", ".join(f"`{name}`" for name in names)


def demo_attention_mask_name(bundle: Bundle, trace: Trace | None) -> None:
    """PyTorch's mask arguments read from the installed torch, the causal mask of this translation and the source's
    padding."""
    if not has_sentence(trace):
        return
    keep = trace.attn("decoder", 0).mask  # (T, T) True = keep
    names = lessons.torch_mask_arguments()
    st.markdown(t("notes.attention_mask_name.app", mha=code_list(names["MultiheadAttention"]),
                  transformer=code_list(names["Transformer"]), t=keep.shape[0], masked=int((~keep).sum()),
                  pads=sum(i == PAD_ID for i in trace.src.ids)))


@per_process(64)
def one_pass_vs_steps(name: str, src: tuple[int, ...], tgt: tuple[int, ...]) -> float:
    """max |Δ logit| between one teacher-forced pass and a pass per position (cached, shared by sessions)."""
    return lessons.one_pass_vs_steps(data.bundle(name).transformer, list(src), list(tgt))


def demo_training_steps(bundle: Bundle, trace: Trace | None) -> None:
    """One teacher-forced pass against step-by-step passes on this translation."""
    if not has_sentence(trace):
        return
    tgt = (BOS_ID, *trace.decoded.ids)
    st.markdown(t("notes.training_steps.app", t=len(tgt),
                  diff=f"{one_pass_vs_steps(trace.model, tuple(trace.src.ids), tgt):.1e}"))


@per_process(64)
def greedy_and_beam(name: str, src: tuple[int, ...]) -> tuple[list[int], list[int], float, float]:
    """Greedy and width-4 beam outputs of one source sentence and their summed log-probabilities (cached)."""
    b = data.bundle(name)
    model = b.transformer
    greedy = lessons.greedy_ids(model, list(src), True, 40)
    beam = lessons.beam_ids(model, list(src), b.tgt_vocab, 4)
    return greedy, beam, lessons.sequence_log_prob(model, list(src), greedy), lessons.sequence_log_prob(
        model, list(src), beam)


def demo_greedy(bundle: Bundle, trace: Trace | None) -> None:
    """Greedy against beam search (width 4) on this sentence."""
    if not has_sentence(trace):
        return
    greedy, beam, lp_g, lp_b = greedy_and_beam(trace.model, tuple(trace.src.ids))
    text = functools.partial(detokenize, lang=trace.tgt_lang)
    st.markdown(t("notes.greedy.app", greedy=widgets.plain(text(bundle.tgt_vocab.decode(greedy)) or "∅"),
                  beam=widgets.plain(text(bundle.tgt_vocab.decode(beam)) or "∅"), lp_greedy=f"{lp_g:.3f}",
                  lp_beam=f"{lp_b:.3f}"))


# ---- found on a second reading ---------------------------------------------------------------------------------


def share(part: int, total: int) -> str:
    """A part of a total as a percentage."""
    return f"{part / total:.1%}"


def demo_attention_only(bundle: Bundle, trace: Trace | None) -> None:
    """The model's parameters by part: attention projections, FFNs, embeddings, LayerNorms, output bias."""
    g = lessons.parameter_groups(bundle.transformer)
    total = sum(g.values())
    st.markdown(t("notes.attention_only.app", attention=f"{g['attention']:,}",
                  attention_share=share(g["attention"], total), ffn=f"{g['ffn']:,}", ffn_share=share(g["ffn"], total),
                  embeddings=f"{g['embeddings']:,}", embeddings_share=share(g["embeddings"], total),
                  norm=f"{g['norm']:,}", bias=f"{g['generator_bias']:,}"))


def demo_name_error(bundle: Bundle, trace: Trace | None) -> None:
    """The note's attention classes run as written on this sentence's encoder input, then with the missing lines."""
    if not has_sentence(trace):
        return
    x = torch.from_numpy(trace.embedding("source").x.astype(np.float32))[None]  # (1, S, d_model)
    error, _ = note_code.run_note_attention(x, bundle.config.h, fixed=False)
    _, shape = note_code.run_note_attention(x, bundle.config.h, fixed=True)
    st.markdown(t("notes.name_error.app", S=x.shape[1], d=x.shape[2], h=bundle.config.h, error=error,
                  shape=" × ".join(map(str, shape))))


@per_process(64)
def unmasked_padding(name: str, batch: tuple[tuple[int, ...], ...]) -> dict[str, float | int]:
    """A padded batch encoded with its padding mask and without (cached, shared by sessions)."""
    return lessons.unmasked_padding(data.bundle(name).transformer, [list(ids) for ids in batch])


def demo_no_padding_mask(bundle: Bundle, trace: Trace | None) -> None:
    """This sentence and the Masks page's second one as a batch: what the shorter one's padding does unmasked."""
    if not has_sentence(trace):
        return
    second = state.get("second_sentence")
    ids = bundle.src_vocab.encode(second, bundle.config.max_len).ids
    if not ids:
        st.info(t("masks.no_tokens"))
        return
    if len(ids) == len(trace.src.ids):
        st.info(t("notes.no_padding_mask.same_length"))
        return
    r = unmasked_padding(trace.model, (tuple(trace.src.ids), tuple(ids)))
    st.markdown(t("notes.no_padding_mask.app", second=widgets.plain(second), real=r["real"], pads=r["pads"],
                  pad_weight=f"{r['pad_weight']:.3f}", diff=f"{r['memory_diff']:.3f}", alone=f"{r['alone_diff']:.1e}"))


def demo_enc_dec_new(bundle: Bundle, trace: Trace | None) -> None:
    """The encoder–decoder this model keeps, and the recurrence it does without."""
    if not has_sentence(trace):
        return
    st.markdown(t("notes.enc_dec_new.app", N=bundle.config.N, S=len(trace.src.tokens), d=bundle.config.d_model))


def parameters(module: torch.nn.Module) -> int:
    """A module's parameter count."""
    return sum(p.numel() for p in module.parameters())


def demo_diagram(bundle: Bundle, trace: Trace | None) -> None:
    """One decoder layer's parts counted from the model, and its masked self-attention on this translation."""
    if not has_sentence(trace):
        return
    layer, cfg = bundle.transformer.decoder[0], bundle.config
    keep = trace.attn("decoder", 0).mask  # (T, T) True = keep
    norms = sum(parameters(getattr(layer, f"sub{i}")) for i in (1, 2, 3))
    st.markdown(t("notes.diagram.app", self=f"{parameters(layer.self_attn):,}", masked=int((~keep).sum()),
                  cells=keep.size, cross=f"{parameters(layer.cross_attn):,}", S=len(trace.src.tokens), d=cfg.d_model,
                  ffn=f"{parameters(layer.ffn):,}", d_ff=cfg.d_ff, norms=f"{norms:,}", N=cfg.N))


def demo_rnn_parallel(bundle: Bundle, trace: Trace | None) -> None:
    """Steps one after another for this sentence: the Transformer's against a recurrent encoder–decoder's."""
    if not has_sentence(trace):
        return
    st.markdown(t("notes.rnn_parallel.app", S=len(trace.src.tokens), N=bundle.config.N, T=len(trace.decoded.steps)))


def demo_score_importance(bundle: Bundle, trace: Trace | None) -> None:
    """The key whose weight differs most between queries (encoder layer 0, head 0), and the note's own example."""
    if not has_sentence(trace):
        return
    w = trace.attn("encoder", 0).pattern[0].astype(np.float64)  # (S, S)
    key, least, most = lessons.key_spread(w)
    tokens, note = trace.src.tokens, lessons.worked_example()["weights"]
    st.markdown(t("notes.score_importance.app", word=widgets.plain(tokens[key]), low=f"{w[least, key]:.3f}",
                  q_low=widgets.plain(tokens[least]), high=f"{w[most, key]:.3f}", q_high=widgets.plain(tokens[most]),
                  w1=f"{note[0, 0]:.3f}", w2=f"{note[1, 0]:.2e}"))


def demo_scale_no_effect(bundle: Bundle, trace: Trace | None) -> None:
    """The note's example unscaled and ÷√3, and this sentence translated without ÷√d_k."""
    ex = lessons.worked_example()
    plain, scaled = ex["weights"], ex["scaled_weights"]
    st.dataframe(pd.DataFrame({t("notes.col_row"): ["x1", "x2", "x3"], t("notes.col_unscaled"): cells(plain),
                               t("notes.col_scaled_3"): cells(scaled)}), hide_index=True, width="stretch")
    if not has_sentence(trace):
        return
    own, unscaled = (data.trace(trace.model, trace.text, AttnOptions(scale=scale), DecodeOptions())
                     for scale in (True, False))
    scores = own.attn("encoder", 0).scores.astype(np.float64)  # (h, S, S) q·k, not yet scaled
    st.markdown(t("notes.scale_no_effect.app", top_plain=f"{plain.max(1).mean():.3f}",
                  top_scaled=f"{scaled.max(1).mean():.3f}",
                  model_scaled=f"{softmax(scores / np.sqrt(trace.config.d_k)).max(-1).mean():.3f}",
                  model_plain=f"{softmax(scores).max(-1).mean():.3f}",
                  unscaled=widgets.output_line(unscaled), own=widgets.output_line(own)))


def demo_q_typo(bundle: Bundle, trace: Trace | None) -> None:
    """The three rows of the note's scores, computed from its x and weights."""
    scores = lessons.note_qkv()["scores"]  # (3, 3)
    st.markdown(t("notes.q_typo.app", r1=vec(scores[0], 0), r2=vec(scores[1], 0), r3=vec(scores[2], 0)))


def dims(shape: tuple[int, ...]) -> str:
    """A shape as "3 × 4"."""
    return " × ".join(map(str, shape))


def demo_output_width(bundle: Bundle, trace: Trace | None) -> None:
    """The output's shape with the note's matrices, with wider W_q and W_k, and with a wider W_v."""
    w = lessons.widened_outputs()
    st.markdown(t("notes.output_width.app", x=dims(w["input"]), w=dims(lessons.NOTE_W_Q.shape), note=dims(w["note"]),
                  qk=dims(w["qk"]), wider_qk=dims(w["wider_qk"]), v=dims(w["v"]), wider_v=dims(w["wider_v"])))


@per_process(64)
def without_source(name: str, ids: tuple[int, ...]) -> list[int]:
    """Greedy output ids with the encoder's output zeroed (cached, shared by sessions)."""
    b = data.bundle(name)
    return lessons.greedy_without_source(b.transformer, list(ids), b.config.max_len)


def demo_decoder_source(bundle: Bundle, trace: Trace | None) -> None:
    """The translation, and what the decoder writes when the encoder's output is zeroed."""
    if not has_sentence(trace):
        return
    blind = detokenize(bundle.tgt_vocab.decode(without_source(trace.model, tuple(trace.src.ids))), trace.tgt_lang)
    st.markdown(t("notes.decoder_source.app", own=widgets.output_line(trace),
                  blind=widgets.plain(blind or "∅"), N=bundle.config.N, S=len(trace.src.tokens)))


@functools.cache
def conv2d_parameters(d: int) -> int:
    """Parameters of a 3 × 3 2-D convolution from d to d channels, as a CNN on images has."""
    return parameters(torch.nn.Conv2d(d, d, 3))


def demo_more_params(bundle: Bundle, trace: Trace | None) -> None:
    """One self-attention block's parameters against 1-D convolutions of kernel 3, 5 and 7 and a 3 × 3 2-D one."""
    d = bundle.config.d_model
    conv = lessons.conv_parameters(d, (3, 5, 7))
    st.markdown(t("notes.more_params.app", d=d, attn=f"{parameters(bundle.transformer.encoder[0].self_attn):,}",
                  k3=f"{conv[3]:,}", k5=f"{conv[5]:,}", k7=f"{conv[7]:,}", k33=f"{conv2d_parameters(d):,}"))


@per_process(4)
def fresh_table(vocab: int, d: int) -> np.ndarray:
    """A fresh nn.Embedding(vocab, d) table (read-only, shared by sessions)."""
    return read_only(lessons.fresh_embedding(vocab, d))


def demo_embedding_random(bundle: Bundle, trace: Trace | None) -> None:
    """The nearest word of the sentence's first known word in a fresh nn.Embedding and in the trained table."""
    if not has_sentence(trace):
        return
    known = [(tok, i) for tok, i, unk in zip(trace.src.tokens, trace.src.ids, trace.src.unknown) if not unk]
    if not known:
        return
    word, i = known[0]
    itos, trained = bundle.src_vocab.itos, bundle.transformer.src_lut.weight.detach().double().numpy()  # (V, d)
    fresh = fresh_table(*trained.shape)  # (V, d)
    (f, f_cos), (j, j_cos) = lessons.nearest_id(fresh, i), lessons.nearest_id(trained, i)
    st.markdown(t("notes.embedding_random.app", v=trained.shape[0], d=trained.shape[1], word=widgets.plain(word),
                  fresh_near=widgets.plain(itos[f]), fresh_cos=f"{f_cos:.3f}", trained_near=widgets.plain(itos[j]),
                  trained_cos=f"{j_cos:.3f}", pair_fresh=f"{lessons.cosine(fresh[i], fresh[j]):.3f}"))


def demo_parallel_order(bundle: Bundle, trace: Trace | None) -> None:
    """Self-attention without PE against a random convolution, on a shuffle of this sentence."""
    if not has_sentence(trace):
        return
    seed = lessons.visible_shuffle(trace.src.ids)
    if seed is None:
        st.info(t("notes.parallel_order.same"))
        return
    shuffled = data.equivariance(trace.model, tuple(trace.src.ids), seed, False)
    x = trace.embedding("source").embed.astype(np.float64)  # (S, d_model) embedding × √d_model, no PE
    conv = lessons.shuffled_conv_difference(x, shuffled.order)
    st.markdown(t("notes.parallel_order.app", attn=f"{shuffled.attn_diff:.1e}", conv=f"{conv:.2f}"))


def demo_ln_symbols(bundle: Bundle, trace: Trace | None) -> None:
    """ε, γ and β of this model's first LayerNorm, a new one's γ and β, and a constant token with and without ε."""
    norm, d = bundle.transformer.encoder[0].sub1.norm, bundle.config.d_model
    fresh = torch.nn.LayerNorm(d)
    gamma, beta = norm.weight.detach().numpy(), norm.bias.detach().numpy()  # (d_model,) each
    flat = torch.full((1, d), 0.5)  # (1, d_model) every value equal: σ = 0
    with torch.no_grad():
        with_eps, without_eps = (torch.nn.functional.layer_norm(flat, (d,), eps=eps)[0, :3] for eps in (norm.eps, 0.0))
    st.markdown(t("notes.ln_symbols.app", eps=f"{norm.eps:g}", d=d, gamma=vec(np.unique(fresh.weight.detach()), 0),
                  beta=vec(np.unique(fresh.bias.detach()), 0), g_lo=f"{gamma.min():.3f}", g_hi=f"{gamma.max():.3f}",
                  b_lo=f"{beta.min():.3f}", b_hi=f"{beta.max():.3f}", with_eps=vec(with_eps, 0),
                  without_eps=vec(without_eps, 0)))


def demo_pe_extrapolate(bundle: Bundle, trace: Trace | None) -> None:
    """The shipped sinusoidal, RoPE and ALiBi models' loss per token past their training length, and PE(101)."""
    m, d, pos = extrapolation.load(), bundle.config.d_model, 101
    if m is None:
        return
    edges, loss = [0, *m["buckets"]], m["loss"]
    within = m["buckets"].index(m["train_max_src"])
    sinus = loss["en-zh-sinusoidal"]
    norm = np.linalg.norm(sinusoidal_encoding(pos + 1, d)[pos])
    st.markdown(t("notes.pe_extrapolate.app", train_max=m["train_max_src"], within=f"{sinus[within]:.2f}",
                  past=f"{sinus[within + 1]:.2f}", lo=edges[within + 1] + 1, hi=edges[within + 2],
                  longest=f"{sinus[-1]:.2f}", lo_last=edges[-2] + 1, hi_last=edges[-1],
                  rope_last=f"{loss['en-zh-rope'][-1]:.2f}", alibi_last=f"{loss['en-zh-alibi'][-1]:.2f}", pos=pos, d=d,
                  norm=f"{norm:.3f}"))


@functools.cache
def encoder_layer_parameters(d: int, h: int, d_ff: int) -> int:
    """Parameters of one nn.TransformerEncoderLayer(d, h, d_ff): the paper's encoder layer."""
    return parameters(torch.nn.TransformerEncoderLayer(d, h, d_ff))


def demo_en_eight(bundle: Bundle, trace: Trace | None) -> None:
    """One encoder layer of the paper's base model counted by PyTorch, and what the note's two extra layers add."""
    layer = encoder_layer_parameters(512, 8, 2048)
    st.markdown(t("notes.en_eight.app", d=512, h=8, d_ff=2048, layer=f"{layer:,}", extra=f"{2 * layer:,}",
                  paper_enc=f"{6 * layer:,}", N=bundle.config.N))


def demo_causal_diagonal(bundle: Bundle, trace: Trace | None) -> None:
    """The rows of this translation's causal mask keep i + 1 keys; the weight each decoder position puts on itself."""
    if not has_sentence(trace):
        return
    view = trace.attn("decoder", 0)
    keep, w = view.mask, view.pattern[0].astype(np.float64)  # (T, T) True = keep, (T, T) head 0
    kept = keep.sum(1)
    shown = ", ".join(map(str, kept)) if len(kept) <= 8 else f"{kept[0]}, {kept[1]}, …, {kept[-1]}"
    st.markdown(t("notes.causal_diagonal.app", t=len(keep), kept=shown, first=f"{w[0, 0]:.3f}",
                  diag=f"{np.diag(w).mean():.3f}"))


@functools.cache
def div_term_timings(d: int, runs: int = 200) -> tuple[int, float, float, float]:
    """div_term at d_model = d by the power and by exp(·log): (count, µs of each, fastest of `runs`, max |Δ|)."""
    i = torch.arange(0, d, 2, dtype=torch.float32)  # (d_model/2,)

    def power() -> torch.Tensor:
        return torch.pow(torch.tensor(10000.0), -i / d)

    def exp_log() -> torch.Tensor:
        return torch.exp(i * (-math.log(10000.0) / d))

    def fastest(fn) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return min(times) * 1e6

    return len(i), fastest(power), fastest(exp_log), float((power() - exp_log()).abs().max())


def demo_exp_speed(bundle: Bundle, trace: Trace | None) -> None:
    """div_term computed both ways at this d_model, timed, and their largest difference."""
    d = bundle.config.d_model
    n, pow_us, exp_us, diff = div_term_timings(d)
    st.markdown(t("notes.exp_speed.app", d=d, n=n, pow_us=f"{pow_us:.1f}", exp_us=f"{exp_us:.1f}", runs=200,
                  diff=f"{diff:.1e}"))


def demo_concat_dims(bundle: Bundle, trace: Trace | None) -> None:
    """The concatenated heads against × W_O on this sentence, and the shapes with another d_v."""
    if not has_sentence(trace):
        return
    cfg, w_o = bundle.config, bundle.transformer.encoder[0].self_attn.W_O
    attn = trace.attn("encoder", 0)
    concat = attn.concat.astype(np.float64)  # (S, h·d_v)
    out = attn.out.astype(np.float64)  # (S, d_model)
    d_v2 = cfg.d_k + 16
    st.markdown(t("notes.concat_dims.app", h=cfg.h, rows=len(concat), concat=concat.shape[1], d_v=cfg.d_k,
                  wo0=w_o.in_features, wo1=w_o.out_features, d=out.shape[1], diff=f"{np.abs(out - concat).max():.3f}",
                  d_v2=d_v2, concat2=cfg.h * d_v2))


def token_row(tokens: list[str]) -> str:
    """Tokens as "[a, b, c]", escaped."""
    return "[" + ", ".join(widgets.plain(tok) for tok in tokens) + "]"


def demo_unshifted_target(bundle: Bundle, trace: Trace | None) -> None:
    """This translation's decoder input shifted (<bos> first) as trained, against the target itself as in the note."""
    if not has_sentence(trace):
        return
    targets = [*trace.decoded.tokens, "<eos>"]
    st.markdown(t("notes.unshifted_target.app", shifted=token_row(trace.tgt_input_tokens), targets=token_row(targets),
                  unshifted=token_row(targets), t=len(targets)))


@per_process(64)
def first_position(name: str, ids: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Position 0's logits (after <bos>) with this source's encoder output and with it zeroed (cached)."""
    model = data.bundle(name).transformer
    src = torch.tensor([ids])  # (1, S)
    with torch.no_grad():
        memory = model.encode(src)  # (1, S, d_model)
        logits = [model.decode(m, src, torch.tensor([[BOS_ID]]))[0, 0].double().numpy()  # (V,)
                  for m in (memory, torch.zeros_like(memory))]
    return read_only(logits[0]), read_only(logits[1])


def demo_z0_only(bundle: Bundle, trace: Trace | None) -> None:
    """The first prediction with the source and with the encoder's output zeroed: position 0 reads the source."""
    if not has_sentence(trace):
        return
    own, blind = first_position(trace.model, tuple(trace.src.ids))
    p_own, p_blind = softmax(own), softmax(blind)
    itos = bundle.tgt_vocab.itos
    st.markdown(t("notes.z0_only.app", own=widgets.plain(itos[int(own.argmax())]), p_own=f"{p_own.max():.3f}",
                  blind=widgets.plain(itos[int(blind.argmax())]), p_blind=f"{p_blind.max():.3f}",
                  diff=f"{np.abs(own - blind).max():.2f}"))


def demo_cnn_complex(bundle: Bundle, trace: Trace | None) -> None:
    """Encoder layer 0, head 0: the weight on the key at offset −1 across queries, and the weight beyond ±1."""
    if not has_sentence(trace):
        return
    w = trace.attn("encoder", 0).pattern[0].astype(np.float64)  # (S, S)
    n = len(w)
    if n < 2:
        st.info(t("notes.cnn_complex.short"))
        return
    left = w[np.arange(1, n), np.arange(n - 1)]  # (S − 1,) query i's weight on key i − 1
    offset = np.abs(np.arange(n)[:, None] - np.arange(n)[None, :])  # (S, S) |i − j|
    st.markdown(t("notes.cnn_complex.app", lo=f"{left.min():.3f}", hi=f"{left.max():.3f}",
                  far=f"{np.where(offset > 1, w, 0).sum(1).mean():.3f}"))


def demo_electra(bundle: Bundle, trace: Trace | None) -> None:
    """How many of this sentence's tokens give a loss term under MLM (15 %) and under replaced-token detection."""
    if not has_sentence(trace):
        return
    tokens = trace.src.tokens
    picked, _ = lessons.mlm_example(tokens)
    st.markdown(t("notes.electra.app", n=len(tokens), picked=len(picked),
                  masked=", ".join(widgets.plain(tokens[i]) for i in picked)))


def gpt1_learning_rate(update: int, peak: float = 2.5e-4, warmup: int = 2000) -> float:
    """GPT-1's learning rate during its linear warm-up (Radford et al. 2018, §4.1)."""
    return peak * min(update, warmup) / warmup


@functools.cache
def training_optimizer(name: str) -> tuple[str, tuple[float, float], float]:
    """The optimizer model.train builds for this model: its class name, betas and eps."""
    from model import train

    opt = train.optimizer(data.bundle(name).transformer, train.WEIGHT_DECAY)
    group = opt.param_groups[0]
    return type(opt).__name__, group["betas"], group["eps"]


def demo_gpt1_sgd(bundle: Bundle, trace: Trace | None) -> None:
    """GPT-1's warm-up computed from §4.1, and the optimizer this app's training builds for this model."""
    name, betas, eps = training_optimizer(bundle.name)
    st.markdown(t("notes.gpt1_sgd.app", w500=f"{gpt1_learning_rate(500):.2e}", w1000=f"{gpt1_learning_rate(1000):.2e}",
                  w2000=f"{gpt1_learning_rate(2000):.2e}", name=name, betas=f"({betas[0]}, {betas[1]})",
                  eps=f"{eps:g}"))



def demo_input_scale(bundle: Bundle, trace: Trace | None) -> None:
    """This sentence's embeddings with and without × √d_model against ‖PE‖, and the note's input against the model's."""
    if not has_sentence(trace):
        return
    source, d = trace.embedding("source"), bundle.config.d_model
    embed = source.embed.astype(np.float64)  # (S, d_model) embedding × √d_model
    raw = embed / np.sqrt(d)  # (S, d_model) the bare embedding, as the note adds it
    norms, raw_norms = np.linalg.norm(embed, axis=1), np.linalg.norm(raw, axis=1)
    note_input = raw + source.pos_enc  # (S, d_model)
    st.markdown(t("notes.input_scale.app", d=d, raw_lo=f"{raw_norms.min():.2f}", raw_hi=f"{raw_norms.max():.2f}",
                  emb_lo=f"{norms.min():.2f}", emb_hi=f"{norms.max():.2f}",
                  pe=f"{np.linalg.norm(source.pos_enc, axis=1).mean():.2f}",
                  diff=f"{np.abs(note_input - source.x).max():.2f}"))


def demo_concat_symbol(bundle: Bundle, trace: Trace | None) -> None:
    """The sizes of x^i, p^i and their concatenation on this sentence, and [x^i p^i]·W against x^i·W^I + p^i·W^P."""
    if not has_sentence(trace):
        return
    x = trace.embedding("source").embed.astype(np.float64)  # (S, d_model)
    L, d = x.shape
    st.markdown(t("notes.concat_symbol.app", d=d, L=L, both=d + L,
                  diff=f"{lessons.concat_vs_add(x)['max_diff']:.1e}"))


def demo_mask_shape(bundle: Bundle, trace: Trace | None) -> None:
    """The shapes of this translation's decoder input X, its causal mask and one head's QKᵀ."""
    if not has_sentence(trace):
        return
    view = trace.attn("decoder", 0)
    T, d = trace.embedding("target").x.shape  # (T, d_model) the decoder's input
    (rows, cols), (h, q_rows, k_cols) = view.mask.shape, view.scores.shape  # (T, T), (h, T, T)
    st.markdown(t("notes.mask_shape.app", T=T, d=d, mask=f"{rows} × {cols}", qk=f"{q_rows} × {k_cols}", h=h,
                  d_k=view.q.shape[-1]))


def demo_qkv_same_shape(bundle: Bundle, trace: Trace | None) -> None:
    """The shapes of Q's input, K's and V's input and the weights in this translation's first cross-attention."""
    if not has_sentence(trace):
        return
    view = trace.attn("cross", 0)
    (T, d), (S, _), h = view.x_q.shape, view.x_kv.shape, view.pattern.shape[0]  # (T, d_model), (S, d_model), (h, T, S)
    st.markdown(t("notes.qkv_same_shape.app", T=T, S=S, d=d, h=h))


def demo_d_model_lost(bundle: Bundle, trace: Trace | None) -> None:
    """This model's d_model, this sentence's PE recomputed with it, and the longest wavelength it gives."""
    cfg = bundle.config  # every shipped translation model adds sinusoidal PE
    if not has_sentence(trace):
        return
    pe = trace.embedding("source").pos_enc  # (S, d_model) the PE the model added
    formula = sinusoidal_encoding(len(pe), cfg.d_model, cfg.pe_base)  # (S, d_model)
    longest = 2 * math.pi * cfg.pe_base ** ((cfg.d_model - 2) / cfg.d_model)
    st.markdown(t("notes.d_model_lost.app", d=cfg.d_model, S=len(pe), diff=f"{np.abs(formula - pe).max():.1e}",
                  base=f"{cfg.pe_base:g}", longest=f"{longest:,.0f}"))


# demonstrations that run the model on the sentence again (another decoding, another model): run when a reader opens
# them (ui/notes.on_request), not on every typing pause
ON_REQUEST = frozenset({"greedy", "training_steps", "decoder_source", "ln_shared", "scale_no_effect"})
CHART_DEMOS = {"mask_mul": demo_mask_mul, "pe_code": demo_pe_code, "shuffle": demo_shuffle}  # draw the page's charts
DEMOS = {"i_range": demo_i_range, "word2vec": demo_word2vec, "attn_weights": demo_attn_weights, "ln_iid": demo_ln_iid,
         "ln_shared": demo_ln_shared, "ln_dims": demo_ln_dims, "nn_softmax": demo_nn_softmax,
         "parallel": demo_parallel, "rounding": demo_rounding, "scale_grad": demo_scale_grad,
         "qk_similarity": demo_qk_similarity, "mh_reason": demo_mh_reason, "mh_projection": demo_mh_projection,
         "d_eq_dv": demo_d_eq_dv, "transpose": demo_transpose, "module_list": demo_module_list,
         "six_pairs": demo_six_pairs, "sin_cos_linear": demo_sin_cos_linear, "pe_linear": demo_pe_linear,
         "div_term": demo_div_term, "location_encoder": demo_location_encoder,
         "attention_mask_name": demo_attention_mask_name, "training_steps": demo_training_steps,
         "greedy": demo_greedy, "attention_only": demo_attention_only, "name_error": demo_name_error,
         "no_padding_mask": demo_no_padding_mask, "enc_dec_new": demo_enc_dec_new, "diagram": demo_diagram,
         "rnn_parallel": demo_rnn_parallel, "score_importance": demo_score_importance,
         "scale_no_effect": demo_scale_no_effect, "q_typo": demo_q_typo, "output_width": demo_output_width,
         "decoder_source": demo_decoder_source, "more_params": demo_more_params,
         "embedding_random": demo_embedding_random, "parallel_order": demo_parallel_order,
         "ln_symbols": demo_ln_symbols, "pe_extrapolate": demo_pe_extrapolate, "en_eight": demo_en_eight,
         "causal_diagonal": demo_causal_diagonal, "exp_speed": demo_exp_speed, "concat_dims": demo_concat_dims,
         "unshifted_target": demo_unshifted_target, "z0_only": demo_z0_only, "cnn_complex": demo_cnn_complex,
         "electra": demo_electra, "gpt1_sgd": demo_gpt1_sgd, "input_scale": demo_input_scale,
         "concat_symbol": demo_concat_symbol, "mask_shape": demo_mask_shape,
         "qkv_same_shape": demo_qkv_same_shape, "d_model_lost": demo_d_model_lost}
VERDICT_FIELDS = {"rounding": rounding_fields}  # mistakes whose text quotes numbers computed here
