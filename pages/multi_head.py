"""Multi-head & layers: every head of every layer, a BertViz-style head view, and split → concat → W_O."""
import streamlit as st

from model import pretrained
from model.explain import SUBSCRIPTS, projection_weights
from ui import controls, data, shell, widgets
from ui.i18n import t, words
from viz.grid import attention_grid, wrap
from viz.headview import head_view
from viz.heatmap import matrix_heatmap

shell.require_app()

st.header(t("mh.header"))
st.latex(r"\mathrm{MultiHead}(X)=\mathrm{Concat}(\mathrm{head}_0,\dots,\mathrm{head}_{h-1})\,W^O+b^O,\quad "
         r"\mathrm{head}_i=\mathrm{Attention}(XW_i^Q+b_i^Q,\;XW_i^K+b_i^K,\;XW_i^V+b_i^V)")

trace = data.current_trace()
if widgets.need_trace(trace):
    side, layer, head = controls.pick_block(trace)
    N, h, d_model, d_k = trace.n_layers(side), trace.config.h, trace.config.d_model, trace.config.d_k
    attn = trace.attn(side, layer)
    rows, cols = attn.queries, attn.keys
    axes = dict(row_title=t("axis.query"), col_title=t("axis.key"))
    if N * h > 16:  # a pretrained model: the picked layer's heads, in full rows
        n_r, n_c = wrap(h)
        st.caption(t("hf.grid_caption", n=N, h=h))
        widgets.figure(attention_grid(attn.pattern.reshape(n_r, n_c, len(rows), len(cols)),
                                      rows, cols, row_names=[""] * n_r, col_names=[""] * n_c,
                                      cell_names=[[t("label.head", i=r * n_c + c) for c in range(n_c)]
                                                  for r in range(n_r)],
                                      title=t("hf.fig_layer_heads", side=controls.side_label(side), h=h, layer=layer),
                                      **axes, words=words()), key=f"mh-grid-{side}")
    else:
        widgets.figure(attention_grid(trace.patterns(side), rows, cols,
                                      row_names=[t("label.layer", i=i) for i in range(N)],
                                      col_names=[t("label.head", i=j) for j in range(h)],
                                      title=t("mh.fig_grid", side=controls.side_label(side)), **axes, words=words()),
                       key=f"mh-grid-{side}")
    st.markdown(t("mh.how_to_read"))
    widgets.figures([head_view(attn.pattern[head], rows, cols, title=t("mh.fig_head_view", layer=layer, head=head),
                               words=words()),
                     matrix_heatmap(attn.pattern.mean(0), rows, cols, kind="prob",
                                    title=t("mh.fig_average", h=h, layer=layer), hover_formula=t("mh.hover_average"),
                                    row_title=t("axis.query_row"), col_title=t("axis.key_col"), words=words())],
                    key=f"hv-{side}", names=[f"hv-{side}-{layer}-{head}", f"avg-{side}-{layer}"])

    z_last = "Z" + str(h - 1).translate(SUBSCRIPTS)
    widgets.section(t("mh.split"), t("mh.caption_split", d_model=d_model, h=h, d_k=d_k, rows=len(rows),
                                     z_last=z_last))
    concat_cols = [f"h{i // d_k}·{i % d_k}" for i in range(d_model)]
    widgets.figure(matrix_heatmap(attn.concat, rows, concat_cols,
                                  title=t("mh.fig_concat", z_last=z_last), row_title=t("axis.query_token"),
                                  col_title=t("axis.head_dimension"), show_values=False, col_ticks=16, words=words()),
                   key=f"concat-{side}-{layer}")
    if data.is_pretrained():  # d_model² cells would be ~1 MB per keystroke: the picked head's d_k rows
        W_O = pretrained.output_weights(data.pretrained_status()[0], side, layer)[head * d_k:(head + 1) * d_k]
        wo_rows, wo_title = concat_cols[head * d_k:(head + 1) * d_k], t("hf.fig_wo_head", head=head, d_k=d_k)
    else:
        W_O = projection_weights(data.bundle(trace.model).model, side, layer)["W_O"]
        wo_rows, wo_title = concat_cols, "W_O"
    dims = [f"d{i}" for i in range(d_model)]
    widgets.figures([matrix_heatmap(W_O, wo_rows, dims, title=wo_title, row_title=t("axis.concat_dimension"),
                                    col_title=t("axis.output_dimension"), show_values=False, col_ticks=16,
                                    row_ticks=16, height=520, words=words()),
                     matrix_heatmap(attn.out, rows, dims, title=t("mh.fig_output"), row_title=t("axis.query_token"),
                                    col_title=t("axis.dimension"), show_values=False, col_ticks=16, words=words())],
                    key=f"wo-{side}", names=[f"wo-{side}-{layer}", f"out-{side}-{layer}"])
