"""Encoder–decoder & decoding: cross-attention, a step-by-step decoding timeline, teacher forcing vs free running."""
import numpy as np
import pandas as pd
import streamlit as st

from model.corpus import translate_en
from model.tokenizer import detokenize
from ui import data, shell, state, widgets
from viz.bars import topk_bar
from viz.heatmap import matrix_heatmap

shell.require_app()

METHODS = {"greedy": "Greedy", "sample": "Sampling", "beam": "Beam search"}

st.header("Encoder–decoder & decoding")
st.caption("The decoder writes one token at a time. At each step it reads what it has written so far (masked "
           "self-attention) and looks back at the source through cross-attention: Q from the decoder, K and V "
           "from the encoder's memory.")

c1, c2, c3, c4 = st.columns([3, 2, 2, 2])
with c1:
    method = state.bound(st.segmented_control, "Decoding", "decode", options=list(METHODS),
                         format_func=METHODS.get) or "greedy"
if method == "sample":
    with c2:
        state.bound(st.slider, "Temperature", "stemp", min_value=0.1, max_value=3.0, step=0.1)
    with c3:
        state.bound(st.number_input, "Top-k (0 = all)", "topk", min_value=0, max_value=50)
    with c4:
        state.bound(st.number_input, "Seed", "seed", min_value=0, max_value=10_000)
elif method == "beam":
    with c2:
        state.bound(st.slider, "Beam width", "beam", min_value=1, max_value=4)

trace = data.current_trace()
if widgets.need_trace(trace):
    N, h = trace.config["N"], trace.config["h"]
    state.clamp("layer", 0, N - 1)
    src = trace.src.tokens
    steps = trace.decoded.steps
    st.markdown("**Translation**")
    widgets.token_chips(trace.decoded.tokens or ["(empty)"])
    if not trace.decoded.finished:
        st.caption(f"Stopped after {len(steps)} steps without <eos>.")

    st.subheader("Decoding timeline")
    t = state.clamp("step", 0, len(steps) - 1)
    t = state.bound(st.slider, "Step", "step", min_value=0, max_value=max(len(steps) - 1, 1),
                    disabled=len(steps) < 2) if len(steps) > 1 else 0
    step = steps[min(t, len(steps) - 1)]
    layer = state.bound(st.segmented_control, "Layer", "layer", options=list(range(N))) or 0
    st.markdown(f"Step {t}: the decoder has **{len(step.prefix_ids)}** tokens and chooses "
                f"**{step.chosen_token}** (p = {step.chosen_prob:.3f}).")
    widgets.token_chips(step.prefix_tokens + ["→ " + step.chosen_token])
    c1, c2 = st.columns(2)
    with c1:
        widgets.figure(topk_bar(step.top_tokens, step.top_probs, chosen=step.chosen_token,
                                title="Next-token probabilities (top-k)"), key="topk")
    with c2:
        widgets.figure(matrix_heatmap(step.cross_attn[layer], [f"head {i}" for i in range(h)], src, kind="prob",
                                      title=f"Cross-attention of the newest position (layer {layer})",
                                      row_title="head", col_title="source token (key)",
                                      hover_formula="{row} → {col}"), key="step-cross")
    c1, c2 = st.columns(2)
    with c1:
        head = int(state.get("head")) % h
        widgets.figure(matrix_heatmap(step.self_attn[layer, head], step.prefix_tokens, step.prefix_tokens,
                                      kind="prob", masked=~np.tril(np.ones_like(step.self_attn[layer, head], bool)),
                                      title=f"Masked self-attention so far (layer {layer}, head {head})"),
                       key="step-self")
    with c2:
        if step.beams:
            st.markdown("**Live beams after this step** (sum of log-probabilities)")
            st.dataframe(pd.DataFrame({"hypothesis": [detokenize(b["tokens"], trace.tgt_lang) for b in step.beams],
                                       "log p": [round(b["log_prob"], 3) for b in step.beams]}),
                         hide_index=True, width="stretch")
        else:
            st.markdown("Greedy takes the most likely token; sampling draws from the distribution "
                        "(temperature flattens or sharpens it, top-k keeps only the k best); beam search keeps "
                        "the best few partial translations.")

    st.subheader("Cross-attention over the whole translation")
    st.caption("Row “我 → 有” is the decoder position whose input is 我 and which predicts 有: it shows where the "
               "decoder looked in the source while choosing 有. Averaged over the heads of each layer.")
    predicted = trace.decoded.tokens + ["<eos>"]
    rows = [f"{a} → {b}" for a, b in zip(trace.tgt_input_tokens, predicted)]
    cols = st.columns(N)
    for i, col in enumerate(cols):
        with col:
            widgets.figure(matrix_heatmap(trace[f"decoder.{i}.cross_attn.hook_pattern"].mean(0), rows, src, kind="prob",
                                          title=f"Layer {i}", row_title="decoder input → prediction",
                                          col_title="source token (key)", hover_formula="{row}: looks at {col}"),
                           key=f"cross-full-{i}")

    st.subheader("Teacher forcing vs free running")
    gold = translate_en(state.get("s")) if trace.src_lang == "en" else None
    default = detokenize(list(gold.zh), "zh") if gold else ""
    reference = st.text_input("Reference translation (fed to the decoder all at once)", value=default, max_chars=400)
    try:
        tf = data.teacher(trace.model, state.get("s"), reference, data.attn_options())
    except ValueError:
        st.info("Type a reference translation to compare.")
        tf = None
    if tf is not None:
        free = trace.decoded.tokens + ["<eos>"]
        n = max(len(tf.target_tokens), len(free))
        pad = lambda xs: list(xs) + [""] * (n - len(xs))  # noqa: E731
        st.dataframe(pd.DataFrame({
            "position": list(range(n)),
            "teacher forcing: input": pad(tf.input_tokens),
            "target": pad(tf.target_tokens),
            "model's pick": pad(tf.predicted_tokens),
            "p(target)": pad([round(p, 3) for p in tf.target_probs]),
            "free running: output": pad(free),
        }), hide_index=True, width="stretch")
        st.caption(f"Teacher forcing: {sum(tf.correct)}/{len(tf.correct)} positions predicted correctly. In training "
                   "the reference is fed at once under the causal mask (parallel); at inference the model must "
                   "feed back its own outputs one step at a time, so one early mistake can carry forward.")
