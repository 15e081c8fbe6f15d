"""The paper next to this model: sizes, where the parameters are (counted from the loaded model), Table 1 for this
sentence with a convolution as restricted self-attention beside it, and the cost of attention against sentence length,
measured."""
import pandas as pd
import streamlit as st

from model import lessons
from model.checkpoint import parameter_count
from ui import data, notes, shell, widgets
from ui.i18n import t
from ui.payload import Answer, answer
from ui.views.paper import K, R, conv_check, elements, lengths, score_mb, table1

shell.require_app()

FORMULAS = {"attention": "3·N·(4·d² + 4·d)", "ffn": "2·N·(2·d·d_ff + d_ff + d)", "norm": "{k}·N·2·d{extra}",
            "embeddings": "(V_src + V_tgt)·d", "generator_bias": "V_tgt"}


def sizes_table(bundle) -> None:
    """N, d_model, h, d_k, d_ff, vocabulary and parameters: the paper's base model next to this one."""
    cfg, P = bundle.config, lessons.PAPER
    paper_total = sum(lessons.formula_groups(P["N"], P["d_model"], P["d_ff"], P["vocab"], 0, False).values())
    rows = {
        "paper.row_n": (P["N"], cfg.N), "paper.row_d": (P["d_model"], cfg.d_model), "paper.row_h": (P["h"], cfg.h),
        "paper.row_dk": (P["d_k"], cfg.d_k), "paper.row_dff": (P["d_ff"], cfg.d_ff),
        "paper.row_vocab": (t("paper.paper_vocab", v=f"{P['vocab']:,}"),
                            t("paper.model_vocab", src=f"{cfg.src_vocab_size:,}", tgt=f"{cfg.tgt_vocab_size:,}")),
        "paper.row_params": (t("paper.paper_params", computed=f"{paper_total:,}", stated=P["params_m"]),
                             f"{parameter_count(bundle.transformer):,}"),
    }
    st.dataframe(pd.DataFrame({t("paper.col_name"): [t(k) for k in rows],
                               t("paper.col_paper"): [str(a) for a, _ in rows.values()],
                               t("paper.col_model", model=bundle.name): [str(b) for _, b in rows.values()]}),
                 hide_index=True, width="stretch")
    shared = P["vocab"] * P["d_model"]
    st.caption(t("paper.sharing", v=f"{P['vocab']:,}", d=P["d_model"], emb=f"{shared:,}",
                 three=f"{paper_total + 2 * shared:,}", stated=P["params_m"],
                 gap=f"{P['params_m'] - paper_total / 1e6:.1f}"))


def table1_section(bundle, trace, charts: Answer) -> None:
    """The paper's Table 1 evaluated for this sentence's n and this model's d, and beside it the sentence drawn
    through a recurrent layer and through self-attention with the same counts."""
    d = bundle.config.d_model
    n, costs = table1(trace, d)
    st.subheader(t("paper.table1"))
    st.caption(t("paper.caption_table1", n=n, d=d, k=K, chain=n - 1) + " " + t(
        "paper.caption_restricted", r=R, w=(R - 1) // 2, path=costs["restricted"][2]))
    st.dataframe(pd.DataFrame({
        t("paper.col_layer"): [t(f"paper.layer_{name}") for name in costs],
        t("paper.col_ops"): [f"{ops:,}" for ops, _, _ in costs.values()],
        t("paper.col_seq"): [str(seq) for _, seq, _ in costs.values()],
        t("paper.col_path"): [str(path) for _, _, path in costs.values()],
    }), hide_index=True, width="stretch")
    if trace is not None:
        widgets.show(charts["paths"])


def cnn_section(bundle, trace, charts: Answer) -> None:
    """«CV…»'s "a CNN is a simplified self-attention", worked on this sentence: a convolution as fixed one-hot
    attention heads, beside the model's restricted and full weights."""
    st.subheader(t("paper.cnn"))
    st.caption(t("paper.caption_cnn", title=notes.NOTE_TITLES[4], k=K, n=len(trace.src.tokens), d=bundle.config.d_model,
                 w=(K - 1) // 2, diff=f"{conv_check(trace):.1e}"))
    widgets.show(charts["cnn"])


def training_section(bundle) -> None:
    """The paper's optimiser, regularisation, schedule and decoding; the learning rate computed from its formula."""
    T, B = lessons.PAPER_TRAINING, lessons.PAPER_BIG
    st.subheader(t("paper.training"))
    st.markdown(t("paper.caption_training", b1=T["beta1"], b2=T["beta2"], eps=f"{T['eps']:g}", dropout=T["dropout"],
                  ls=T["label_smoothing"], steps_base=T["steps_base"], steps_big=T["steps_big"], big_n=B["N"],
                  big_d=B["d_model"], big_ff=B["d_ff"], big_h=B["h"], big_drop=B["dropout"],
                  big_params=B["params_m"], beam=T["beam"], alpha=T["alpha"], warmup=T["warmup"]))
    st.latex(r"lrate = d_{\mathrm{model}}^{-0.5}\cdot\min(step^{-0.5},\ step\cdot warmup\_steps^{-1.5})")
    d, w, later = lessons.PAPER["d_model"], T["warmup"], 100_000
    st.caption(t("paper.caption_lr", d=d, warmup=w, peak=f"{float(lessons.learning_rate(w, d, w)):.2e}", later=later,
                 at_later=f"{float(lessons.learning_rate(later, d, w)):.2e}", d_ours=bundle.config.d_model,
                 peak_ours=f"{float(lessons.learning_rate(w, bundle.config.d_model, w)):.2e}"))


def parameters_table(bundle) -> None:
    """Parameters by part, counted from the loaded model, next to each part's formula."""
    cfg = bundle.config
    pre = cfg.norm == "pre"
    counted = lessons.parameter_groups(bundle.transformer)
    formula = lessons.formula_groups(cfg.N, cfg.d_model, cfg.d_ff, cfg.src_vocab_size, cfg.tgt_vocab_size, pre)
    total = sum(counted.values())
    names = list(counted)
    texts = [FORMULAS[n].format(k=5, extra=" + 2·2·d" if pre else "") for n in names]
    st.dataframe(pd.DataFrame({
        t("paper.col_part"): [t(f"paper.part_{n}") for n in names] + [t("paper.part_total")],
        t("paper.col_formula"): texts + [""],
        t("paper.col_formula_value"): [f"{formula[n]:,}" for n in names] + [f"{sum(formula.values()):,}"],
        t("paper.col_counted"): [f"{counted[n]:,}" for n in names] + [f"{total:,}"],
        t("paper.col_share"): [f"{counted[n] / total:.1%}" for n in names] + ["100%"],
    }), hide_index=True, width="stretch")
    per_block = 4 * cfg.d_model**2 + 4 * cfg.d_model
    st.markdown(t("paper.no_params", per_block=f"{per_block:,}", blocks=3 * cfg.N, total=f"{counted['attention']:,}"))


def cost_section(name: str, charts: Answer) -> None:
    """Measured time and score-matrix memory of attention against n, with the FFN for comparison."""
    points = data.attention_cost(name)
    n, mb = lengths(points), score_mb(points)
    st.caption(t("paper.caption_cost", repeats=data.COST_REPEATS))
    c1, c2 = st.columns(2)
    with c1:
        widgets.show(charts["time"], main=True)
    with c2:
        widgets.show(charts["memory"])
    st.dataframe(pd.DataFrame({t("paper.col_n"): n, t("paper.col_attn_ms"): [round(p.attention_ms, 2) for p in points],
                               t("paper.col_ffn_ms"): [round(p.ffn_ms, 2) for p in points],
                               t("paper.col_mb"): mb.round(3)}), hide_index=True)


st.header(t("paper.header"))
view = shell.page_view()
bundle = data.bundle(view.model)
st.subheader(t("paper.sizes"))
sizes_table(bundle)
st.subheader(t("paper.params"))
st.caption(t("paper.caption_params"))
parameters_table(bundle)
trace = data.view_trace(view)
charts = answer(elements, trace, view)  # the keystroke route sends the same charts
table1_section(bundle, trace, charts)
if trace is not None:
    cnn_section(bundle, trace, charts)
training_section(bundle)
st.subheader(t("paper.cost"))
cost_section(bundle.name, charts)
notes.section("paper", bundle, trace)
