"""Overview: the architecture, the sentence and its translation, and every attention map at a glance."""
import numpy as np
import streamlit as st

from ui import data, shell, widgets
from viz.diagram import architecture_dot
from viz.grid import attention_grid

shell.require_app(default=True)

st.header("Overview: one forward pass")

trace = data.current_trace()
left, right = st.columns([2, 3])
with left:
    N = trace.config["N"] if trace else 2
    st.graphviz_chart(architecture_dot(N), width="stretch")
with right:
    if widgets.need_trace(trace):
        st.markdown(f"**Model** `{trace.model}` · d_model = {trace.config['d_model']}, h = {trace.config['h']}, "
                    f"N = {N} encoder + {N} decoder layers, {trace.config['norm']}-norm")
        st.markdown("**Source tokens**")
        widgets.token_chips(trace.src.tokens, trace.src.unknown)
        st.markdown("**Translation** (greedy decoding)")
        widgets.token_chips(trace.decoded.tokens or ["(empty)"])
        st.markdown("**Go deeper**")
        c1, c2 = st.columns(2)
        with c1:
            st.page_link("pages/embeddings.py", label="Embeddings & positional encoding", icon=":material/waves:")
            st.page_link("pages/self_attention.py", label="Self-attention, step by step", icon=":material/grid_on:")
            st.page_link("pages/multi_head.py", label="Multi-head & layers", icon=":material/view_module:")
            st.page_link("pages/masks.py", label="Padding & causal masks", icon=":material/visibility_off:")
        with c2:
            st.page_link("pages/decoding.py", label="Cross-attention & decoding", icon=":material/translate:")
            st.page_link("pages/add_norm.py", label="Add & Norm, FFN", icon=":material/functions:")
            st.page_link("pages/playground.py", label="Playground: edit the numbers", icon=":material/edit:")

if trace is not None:
    st.subheader("All attention maps (rows = layers, columns = heads)")
    h = trace.config["h"]
    kinds = (("encoder", "Encoder self-attention"), ("decoder", "Decoder masked self-attention"),
             ("cross", "Cross-attention: decoder rows × source columns"))
    tabs = st.tabs([title for _, title in kinds])
    for tab, (side, title) in zip(tabs, kinds):
        with tab:
            rows, cols = trace.attn_tokens(side)
            patterns = np.stack([trace[f"{trace.attn_prefix(side, layer)}.hook_pattern"] for layer in range(N)])
            widgets.figure(attention_grid(patterns, rows, cols, row_names=[f"layer {i}" for i in range(N)],
                                          col_names=[f"head {j}" for j in range(h)], title=title),
                           key=f"grid-{side}")
