"""BERT vs GPT: encoder-only with bidirectional attention vs decoder-only with the causal mask, shown with this app's
own encoder and decoder; the two pre-training objectives on this sentence; positions, segments and sizes."""
import numpy as np
import pandas as pd
import streamlit as st

from model import lessons
from model.checkpoint import parameter_count
from ui import data, shell, state, widgets
from ui.i18n import t, words
from viz.heatmap import matrix_heatmap

shell.require_app()

MAX_LINES = 8  # "… sees …" lines listed per mask


def mask_figure(keep: np.ndarray, tokens: list[str], title: str, key: str) -> None:
    """The additive mask M as the Masks page draws it: 0 where the key is visible, grey −∞ where it is hidden."""
    widgets.figure(matrix_heatmap(np.zeros(keep.shape), tokens, tokens, kind="prob", masked=~keep, decimals=0,
                                  title=title, row_title=t("axis.query_row"), col_title=t("axis.key_col"),
                                  hover_formula=t("bg.hover_visible"), words=words()), key=key)


def sees(keep: np.ndarray, tokens: list[str]) -> str:
    """One line per query token listing the keys it can see."""
    lines = [t("bg.sees", token=widgets.plain(tok), visible=widgets.plain(" ".join(np.array(tokens)[keep[i]])))
             for i, tok in enumerate(tokens[:MAX_LINES])]
    return "  \n".join(lines + (["…"] if len(tokens) > MAX_LINES else []))


def masks_section(trace) -> None:
    """Which mask each half uses, on this sentence (encoder) and its translation (decoder)."""
    st.subheader(t("bg.masks"))
    enc_keep = np.asarray(trace.attn("encoder", 0).mask, bool)
    dec_keep = np.asarray(trace.attn("decoder", 0).mask, bool)
    c1, c2 = st.columns(2)
    with c1:
        mask_figure(enc_keep, trace.src.tokens, t("bg.fig_encoder"), "bg-enc-mask")
        st.caption(sees(enc_keep, trace.src.tokens))
    with c2:
        mask_figure(dec_keep, trace.tgt_input_tokens, t("bg.fig_decoder"), "bg-dec-mask")
        st.caption(sees(dec_keep, trace.tgt_input_tokens))


def objectives_section(trace) -> None:
    """Masked-token prediction (worked input and targets) and next-token prediction (the decoder's own losses)."""
    st.subheader(t("bg.objectives"))
    tokens = trace.src.tokens
    picked, inp = lessons.mlm_example(tokens)
    st.markdown(t("bg.mlm", k=len(picked), n=len(tokens)))
    st.markdown(t("bg.mlm_input"))
    widgets.token_chips(inp)
    st.markdown(t("bg.mlm_target"))
    widgets.token_chips([f"{i}: {tokens[i]}" for i in picked])
    st.caption(t("bg.mlm_note"))
    inputs, targets, losses = lessons.next_token_losses(trace)
    st.markdown(t("bg.ntp", t=len(losses)))
    st.dataframe(pd.DataFrame({t("bg.col_sees"): [" ".join(inputs[: i + 1]) for i in range(len(losses))],
                               t("bg.col_predicts"): targets, t("bg.col_p"): np.exp(-losses).round(3),
                               t("bg.col_loss"): losses.round(3)}), hide_index=True, width="stretch")
    st.caption(t("bg.ntp_mean", loss=f"{losses.mean():.3f}", ppl=f"{np.exp(losses.mean()):.3f}"))


def positions_and_segments(trace, bundle) -> None:
    """Learned vs sinusoidal positions, and BERT's segment embeddings for this sentence and a second one."""
    st.subheader(t("bg.positions"))
    _, bert_d, _, _, _, bert_pos = lessons.PRETRAINED["BERT-base"]
    cfg = bundle.cfg
    st.caption(t("bg.caption_positions", bert_pos=bert_pos, bert_d=bert_d, bert_params=f"{bert_pos * bert_d:,}",
                 max_len=cfg.max_len, ours=f"{2 * cfg.max_len * cfg.d_model:,}"))
    st.subheader(t("bg.segments"))
    second = state.get("second_sentence")
    b_tokens = bundle.src_vocab.encode(second, cfg.max_len).tokens
    seq = ["[CLS]"] + trace.src.tokens + ["[SEP]"] + b_tokens + (["[SEP]"] if b_tokens else [])
    segment = [0] * (len(trace.src.tokens) + 2) + [1] * (len(seq) - len(trace.src.tokens) - 2)
    st.caption(t("bg.caption_segments", second=widgets.plain(second)))
    table = pd.DataFrame([seq, segment, list(range(len(seq)))],
                         index=[t("bg.row_token"), t("bg.row_segment"), t("bg.row_position")]).astype(str)
    st.dataframe(table, width="stretch")
    st.caption(t("bg.caption_no_segments"))


def sizes_section(bundle) -> None:
    """BERT-base/large and GPT-1 (stated and computed from their configurations) next to this model."""
    st.subheader(t("bg.sizes"))
    rows, ours = [], parameter_count(bundle.model)
    for name, (layers, hidden, heads, stated, vocab, positions) in lessons.PRETRAINED.items():
        count = (lessons.gpt_parameters if name.startswith("GPT") else lessons.bert_parameters)(
            layers, hidden, vocab, positions)
        rows.append((name, layers, hidden, heads, f"{stated}M", f"{count:,}"))
    cfg = bundle.cfg
    rows.append((t("bg.this_model", model=bundle.name), f"{cfg.N} + {cfg.N}", cfg.d_model, cfg.h, "", f"{ours:,}"))
    cols = ["bg.col_model", "bg.col_layers", "bg.col_hidden", "bg.col_heads", "bg.col_stated", "bg.col_computed"]
    st.dataframe(pd.DataFrame(rows, columns=[t(c) for c in cols]).astype(str), hide_index=True, width="stretch")
    base = lessons.bert_parameters(*lessons.PRETRAINED["BERT-base"][:2])
    st.caption(t("bg.caption_sizes", ratio=f"{base / ours:,.0f}"))


st.header(t("bg.header"))
st.caption(t("bg.intro"))
bundle = data.bundle(state.get("model"))
trace = data.current_trace()
if widgets.need_trace(trace):
    masks_section(trace)
    objectives_section(trace)
    positions_and_segments(trace, bundle)
sizes_section(bundle)
