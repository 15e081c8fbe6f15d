"""Masks: padding in a batch, the causal mask, both combined, and a mask you click together yourself."""
import numpy as np
import pandas as pd
import streamlit as st

from model.explain import apply_mask
from ui import data, shell, state, widgets
from viz.heatmap import matrix_heatmap

shell.require_app()

st.header("Masks: padding, causal, combined, custom")
st.latex(r"\mathrm{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}} + M\right),\qquad "
         r"M_{ij}=\begin{cases}0 & \text{key } j \text{ visible to query } i\\-\infty & \text{masked}\end{cases}")

trace = data.current_trace()


def mask_figure(keep, rows, cols, title, key):
    """The additive mask M as in the formula: 0 where the key is visible, grey −∞ where it is masked."""
    widgets.figure(matrix_heatmap(np.zeros(keep.shape), rows, cols, kind="prob", masked=~keep, title=title,
                                  decimals=0, hover_formula="M[{row}, {col}]"), key=key)


def pattern_figure(pattern, keep, rows, cols, title, key):
    """Softmax weights of a block; masked cells (weight exactly 0) grey."""
    widgets.figure(matrix_heatmap(pattern, rows, cols, kind="prob", title=title, masked=~keep,
                                  hover_formula="weight {row} → {col}"), key=key)


if widgets.need_trace(trace):
    head = int(state.get("head")) % trace.config["h"]
    st.subheader("1 · Padding mask: two sentences in one batch")
    second = st.text_input("Second sentence in the batch", value=state.get("s2"), max_chars=400)
    state.put("s2", second)
    try:
        batch = data.batch_trace(trace.model, (state.get("s"), second), data.attn_options())
    except ValueError:
        st.warning("The second sentence has no tokens; type one to see padding.")
        batch = None
    if batch is not None:
        lengths = [sum(t != "<pad>" for t in row) for row in batch.src_rows]
        b = int(np.argmin(lengths))
        for row in batch.src_rows:
            widgets.token_chips(row)
        st.caption(f"Sentence {b + 1} is shorter, so it is padded with <pad> to {len(batch.src_rows[b])} tokens. "
                   "The key-padding mask hides the <pad> columns from every query.")
        rows = batch.src_rows[b]
        keep = batch.arrays["encoder.0.self_attn.hook_mask"][b]
        c1, c2 = st.columns(2)
        with c1:
            mask_figure(keep, rows, rows, f"Key padding mask M (sentence {b + 1})", "pad-mask")
        with c2:
            pattern_figure(batch.arrays["encoder.0.self_attn.hook_pattern"][b, head], keep, rows, rows,
                           f"Encoder layer 0, head {head}: weights", "pad-pattern")

        st.subheader("2 · Causal (subsequent) mask in the decoder, and 3 · both combined")
        st.caption("While decoding, position i may only look at positions ≤ i: the future is not written yet. "
                   "With padding in the batch, the padding columns are hidden too (mask = padding AND causal).")
        t_lengths = [sum(t != "<pad>" for t in row) for row in batch.tgt_rows]
        tb = int(np.argmin(t_lengths))
        c1, c2 = st.columns(2)
        for col, idx, title in ((c1, 1 - tb, "causal"), (c2, tb, "causal + padding")):
            with col:
                trow = batch.tgt_rows[idx]
                dec_keep = batch.arrays["decoder.0.self_attn.hook_mask"][idx]
                mask_figure(dec_keep, trow, trow, f"Decoder mask M, sentence {idx + 1}: {title}", f"dec-mask-{title}")
                pattern_figure(batch.arrays["decoder.0.self_attn.hook_pattern"][idx, head], dec_keep, trow, trow,
                               f"Decoder layer 0, head {head}: weights", f"dec-pattern-{title}")

    st.subheader("4 · Your own mask: tick the cells to hide")
    rows = trace.src.tokens
    scaled = trace["encoder.0.self_attn.hook_scaled"][head]
    labels = [f"{j}:{t}" for j, t in enumerate(rows)]
    key = f"custom-mask-{len(rows)}"
    grid = pd.DataFrame(False, index=[f"{i}:{t}" for i, t in enumerate(rows)], columns=labels)
    edited = st.data_editor(grid, key=key, width="stretch",
                            column_config={c: st.column_config.CheckboxColumn(c, width="small") for c in labels})
    keep = ~edited.to_numpy(dtype=bool)
    masked, weights = apply_mask(scaled, keep)
    if (~keep).all(axis=1).any():
        st.info("A row with every key masked has nothing to attend to: its weights are all 0 (not NaN).")
    c1, c2 = st.columns(2)
    with c1:
        widgets.figure(matrix_heatmap(masked, rows, rows, title=f"Masked scores (encoder layer 0, head {head})",
                                      hover_formula="score({row}, {col})"), key="custom-masked")
    with c2:
        pattern_figure(weights, keep, rows, rows, "Renormalised softmax", "custom-pattern")
