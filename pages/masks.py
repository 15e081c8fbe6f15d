"""Masks: padding in a batch, the causal mask, both combined, and a mask you click together yourself."""
import numpy as np
import pandas as pd
import streamlit as st

from model.explain import apply_mask
from ui import data, notes, shell, state, widgets
from ui.i18n import t, words
from viz.heatmap import matrix_heatmap

shell.require_app()

st.header(t("masks.header"))
st.latex(r"\mathrm{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}} + M\right),\qquad "
         r"M_{ij}=\begin{cases}0 & \text{key } j \text{ visible to query } i\\-\infty & \text{masked}\end{cases}")

trace = data.current_trace()


def mask_figure(keep, rows, cols, title):
    """The additive mask M as in the formula: 0 where the key is visible, grey −∞ where it is masked."""
    return matrix_heatmap(np.zeros(keep.shape), rows, cols, kind="prob", masked=~keep, title=title, decimals=0,
                          hover_formula="M[{row}, {col}]", **axes(), words=words())


def pattern_figure(pattern, keep, rows, cols, title):
    """Softmax weights of a block; masked cells (weight exactly 0) grey."""
    return matrix_heatmap(pattern, rows, cols, kind="prob", title=title, masked=~keep,
                          hover_formula=t("masks.hover_weight"), **axes(), words=words())


def axes() -> dict:
    """Row and column titles of the square query × key figures."""
    return dict(row_title=t("axis.query_row"), col_title=t("axis.key_col"))


if widgets.need_trace(trace):
    head = int(state.get("head")) % trace.config.h
    st.subheader(t("masks.step1"))
    second = state.put_text("second_sentence", st.text_input(t("masks.second"), value=state.get("second_sentence"),
                                                             max_chars=state.MAX_CHARS))
    try:
        batch = data.batch_trace(trace.model, (state.get("sentence"), second), data.attn_options())
    except ValueError:
        st.warning(t("masks.no_tokens"))
        batch = None
    if batch is not None:
        lengths = [sum(tok != "<pad>" for tok in row) for row in batch.src_rows]
        b = int(np.argmin(lengths))
        widgets.token_rows(batch.src_rows)
        st.caption(t("masks.caption_padding", n=b + 1, length=len(batch.src_rows[b])))
        rows = batch.src_rows[b]
        enc = batch.attn("encoder", 0)
        keep = enc.mask[b]
        widgets.figures([mask_figure(keep, rows, rows, t("masks.fig_pad_mask", n=b + 1)),
                         pattern_figure(enc.pattern[b, head], keep, rows, rows, t("masks.fig_enc_weights", head=head))],
                        key="pad", names=["pad-mask", "pad-pattern"])

        widgets.section(t("masks.step2"), t("masks.caption_causal"))
        t_lengths = [sum(tok != "<pad>" for tok in row) for row in batch.tgt_rows]
        tb = int(np.argmin(t_lengths))
        dec = batch.attn("decoder", 0)
        shown = ((1 - tb, "causal", "masks.kind_causal"), (tb, "causal + padding", "masks.kind_both"))
        masks_row = [mask_figure(dec.mask[idx], batch.tgt_rows[idx], batch.tgt_rows[idx],
                                 t("masks.fig_dec_mask", n=idx + 1, kind=t(kind))) for idx, _, kind in shown]
        weights_row = [pattern_figure(dec.pattern[idx, head], dec.mask[idx], batch.tgt_rows[idx], batch.tgt_rows[idx],
                                      t("masks.fig_dec_weights", head=head)) for idx, _, _ in shown]
        widgets.figures(masks_row + weights_row, key="dec", columns=2,
                        names=[f"dec-{part}-{tag}" for part in ("mask", "pattern") for _, tag, _ in shown])

    widgets.section(t("masks.step4"))
    rows = trace.src.tokens
    scaled = trace.attn("encoder", 0).scaled[head]
    labels = [f"{j}:{tok}" for j, tok in enumerate(rows)]
    key = f"custom-mask-{len(rows)}"
    grid = pd.DataFrame(False, index=[f"{i}:{tok}" for i, tok in enumerate(rows)], columns=labels)
    edited = st.data_editor(grid, key=key, width="stretch",
                            column_config={c: st.column_config.CheckboxColumn(c, width="small") for c in labels})
    keep = ~edited.to_numpy(dtype=bool)
    masked, weights = apply_mask(scaled, keep)
    if (~keep).all(axis=1).any():
        st.info(t("masks.all_masked"))
    widgets.figures([matrix_heatmap(masked, rows, rows, title=t("masks.fig_custom_masked", head=head),
                                    hover_formula=t("masks.hover_score"), **axes(), words=words()),
                     pattern_figure(weights, keep, rows, rows, t("masks.fig_renormalised"))],
                    key="custom", names=["custom-masked", "custom-pattern"])

notes.panels_for("masks", data.bundle(state.get("model")), trace)
