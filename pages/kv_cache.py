"""After 2017: the KV cache, step by step on the typed sentence's translation, with the work and memory it trades."""
import streamlit as st

from ui import bind, data, shell, state, widgets
from ui.i18n import t
from ui.payload import answer
from ui.view import View
from ui.views.kv_cache import GROUPED, check, elements, grouped_run, highest, work

shell.require_app()


def pick_step(trace, view: View) -> View:
    """The decoding step (one per decoder input token) and the decoder layer and head, in one row (kept inside the
    trace, as the charts show them; presenter view: on the stage, above the cache they pick); returns the view with
    the picks."""
    cfg, n = trace.config, len(trace.tgt_input_tokens)
    view = state.keep(view, **highest(trace))
    with widgets.stage_pickers(), st.container(horizontal=True, vertical_alignment="bottom", gap="large"):
        if n > 1:
            view = bind.picked(view, st.slider, t("kv.step"), "step", max_value=n - 1, width=360)
        view = bind.picked(view, st.segmented_control, t("ctl.layer"), "layer", options=list(range(cfg.N)))
        view = bind.picked(view, st.segmented_control, t("ctl.head"), "head", options=list(range(cfg.h)))
    return view


st.header(t("kv.header"))
st.caption(t("kv.caption"))
view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    widgets.output_chips(trace, view)
    view = pick_step(trace, view)
    n = len(trace.tgt_input_tokens)
    charts = answer(elements, trace, view)  # the keystroke route sends the same charts
    at = view.within(**highest(trace))
    step = at.step
    st.markdown(t("kv.step_line", step=step, token=widgets.plain(trace.tgt_input_tokens[step]), cached=step))
    widgets.show(charts["cache"], main=True)
    gap, same = check(trace)
    st.markdown(t("kv.check", steps=n, vocab=trace.logits.shape[1], gap=f"{gap:.1e}", same=same))
    steps, without, with_cache, floats = work(trace)
    cfg = trace.config
    widgets.section(t("kv.work"), t("kv.work_caption", d_model=cfg.d_model, h=cfg.h, N=cfg.N,
                                    S=len(trace.src.tokens), steps=n, full=int(without.sum()),
                                    cached=int(with_cache.sum()), ratio=without.sum() / with_cache.sum(),
                                    floats=int(floats[-1]), kb=floats[-1] * 4 / 1024))
    widgets.show(charts["work"])

    if "grouped" in charts:
        widgets.section(t("kv.grouped"), t("kv.grouped_caption"))
        for col, name in zip(st.columns(len(GROUPED)), GROUPED):
            with col:
                run = grouped_run(name, trace.text, view)
                st.markdown(f"**{t(GROUPED[name], kv=run.config.h_kv)}**")
                widgets.output_chips(run, view)
        widgets.show(charts["grouped"])
    elif trace.src_lang != "en":
        st.info(t("kv.grouped_only_en"))
