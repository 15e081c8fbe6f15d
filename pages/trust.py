"""How far an attention map can be trusted: cross-attention beside gradient × input, encoder rollout, one layer's
cross-attention replaced, and the guided and unguided twins' agreement of attention with attribution."""
import math

import numpy as np
import pandas as pd
import streamlit as st

from model.attribution import SWAPS
from ui import bind, data, shell, state, widgets
from ui.i18n import t
from ui.payload import Answer, answer
from ui.views.trust import attributed, elements, experiment, intact, last_cross, measured, twin_traces

shell.require_app()


def verdict(traces, found) -> str:
    """One sentence that is true for the agreement numbers shown: guided vs unguided, or the model alone."""
    if len(traces) == 1:
        return t("trust.verdict_alone", model=traces[0].model, k=int(found[0].same_argmax.sum()),
                 n=len(found[0].same_argmax))
    guided, unguided = found
    shown = [(guided.share, unguided.share), (round(guided.mean_spearman, 3), round(unguided.mean_spearman, 3))]
    signs = {np.sign(a - b) for a, b in shown if not math.isnan(a - b)}  # as the table rounds them
    key = {frozenset({1.0}): "trust.verdict_more", frozenset({-1.0}): "trust.verdict_less"}.get(frozenset(signs),
                                                                                              "trust.verdict_mixed")
    return t(key, guided=traces[0].model, unguided=traces[1].model)


def twins_view(own, charts: Answer) -> None:
    """The agreement table for the model and its twin, the sentence that reads it, and its chart."""
    widgets.section(t("trust.twins_header"), t("trust.twins_text"))
    traces = twin_traces(own, charts.view)
    found = [measured(other) for other in traces]
    st.dataframe(pd.DataFrame({
        t("trust.col_model"): [other.model for other in traces],
        t("trust.col_kind"): [t("trust.kind_guided" if data.bundle(other.model).guided else "trust.kind_unguided")
                              for other in traces],
        t("trust.col_argmax"): [f"{int(a.same_argmax.sum())} / {len(a.same_argmax)}" for a in found],
        t("trust.col_spearman"): [None if math.isnan(a.mean_spearman) else round(a.mean_spearman, 3) for a in found],
    }), hide_index=True, width="stretch")
    if len(own.src.tokens) > 1:  # one source token: every argmax agrees, no rank correlation (said above)
        st.markdown(verdict(traces, found))
    widgets.show(charts["twins"])
    st.markdown(t("trust.per_token", model=own.model))
    st.dataframe(per_token(own, found[[other.model for other in traces].index(own.model)]), hide_index=True,
                 width="stretch")


def per_token(own, found) -> pd.DataFrame:
    """Each output token of the model shown: its most-attended and its most-attributed source token, and ρ."""
    attention = last_cross(own)  # (T, S)
    share = attributed(own.model, own.text, tuple(own.decoded.ids))  # (T, S)
    src = own.src.tokens
    return pd.DataFrame({
        t("trust.col_output"): own.decoded.tokens + ["<eos>"],
        t("trust.col_attended"): [src[j] for j in attention.argmax(-1)],
        t("trust.col_attributed"): [src[j] for j in np.abs(share).argmax(-1)],
        t("trust.col_same"): list(found.same_argmax),
        t("trust.col_rho"): [None if math.isnan(r) else round(float(r), 3) for r in found.spearman],
    })


def swap_view(own, charts: Answer) -> None:
    """The experiment: the pickers, the new translation and what the replacement did to the original's log P."""
    widgets.section(t("trust.swap_header"), t("trust.swap_text"))
    N = own.config.N
    with st.container(horizontal=True, vertical_alignment="bottom", gap="large"):
        state.keep(charts.view, layer=N - 1)  # the charts' view holds the picks already (experiment keeps them)
        bind.bound(st.segmented_control, t("trust.swap_layer"), "layer", options=list(range(N)))
        swap = bind.bound(st.segmented_control, t("trust.swap"), "swap", options=list(SWAPS),
                          format_func={s: t(f"trust.swap_{s}") for s in SWAPS}.get)
        if swap == "permute":
            bind.bound(st.number_input, t("trust.swap_seed"), "swap_seed", width=160)
    at, sw = experiment(own, charts.view)
    if at.swap == "permute":
        st.caption(t("trust.permutation", pairs=", ".join(f"{i} ← {j}" for i, j in enumerate(sw.perm))))
    st.markdown(t("trust.swapped_translation", layer=at.layer))
    widgets.output_chips(sw.trace, charts.view)
    before, after = float(sw.log_p.sum()), float(sw.log_p_swapped.sum())
    st.markdown(t("trust.same_output" if sw.trace.decoded.ids == own.decoded.ids else "trust.new_output") + " "
                + t("trust.log_p", before=before, after=after, delta=after - before, ratio=math.exp(after - before)))
    widgets.show(charts["swap"])
    st.caption(t("trust.grid_caption"))
    widgets.show(charts["grid"])


st.header(t("trust.header"))
st.caption(t("trust.caption"))
view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    charts = answer(elements, trace, view)  # the keystroke route sends the same charts
    own = intact(trace.model, view)
    st.markdown(t("trust.translation"))
    widgets.output_chips(own, view)
    if len(own.src.tokens) < 2:
        st.info(t("trust.one_token"))

    widgets.section(t("trust.attribution_header"), t("trust.attribution_text"))
    widgets.cross_note(own, view)
    st.caption(t("trust.compare_caption", layer=own.config.N - 1, h=own.config.h))
    widgets.show(charts["compare"], main=True)
    st.markdown(f"#### {t('trust.heads')}")
    widgets.show(charts["heads"])

    widgets.section(t("trust.rollout_header"), t("trust.rollout_text"))
    st.caption(t("trust.rollout_caption", n=own.config.N))
    widgets.show(charts["rollout"])

    swap_view(own, charts)
    twins_view(own, charts)
