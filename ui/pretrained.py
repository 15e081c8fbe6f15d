"""Streamlit parts for pretrained (Hugging Face) models: the source box, load errors, the model card, page notes."""
from __future__ import annotations

import streamlit as st

from model import pretrained
from model.pretrained import PretrainedError, PretrainedTrace
from ui import bind, data, widgets
from ui.i18n import t
from ui.param import MAX_CHARS
from ui.registry import BY_PATH, PAGES
from ui.view import View


def applies(page: str, v: View) -> bool:
    """True if the page can show the view `v` (always for a glass-box model)."""
    if not v.pretrained:
        return True
    families = BY_PATH[page].families if page in BY_PATH else ()
    if not families:
        return False
    pm = data.pretrained_status(v.hf_model)[0]
    return pm is None or pm.family in families


def source_box() -> None:
    """The model id / folder box under the model picker, with the load status (and a download button on request)."""
    source = bind.bound(st.text_input, t("hf.source"), "hf_model", placeholder=t("hf.placeholder"),
                        max_chars=MAX_CHARS)
    with st.spinner(t("hf.loading")):
        pm, err = data.pretrained_status(source)
    if pm is not None:
        return
    st.info(widgets.load_error(err))
    if err.code == "not_found" and st.button(t("hf.download", source=err.fields["source"])):
        with st.spinner(t("hf.downloading")):
            try:
                pretrained.download(err.fields["source"])
            except PretrainedError as failed:
                st.error(widgets.load_error(failed))
                return
        st.rerun()


def layers_text(trace: PretrainedTrace) -> str:
    """"6 layers" or, for Marian, "6 + 6 layers"."""
    if trace.family == "marian":
        return t("hf.card_layers_marian", enc=trace.layers["encoder"], dec=trace.layers["decoder"])
    return t("hf.card_layers", n=trace.config.N)


def model_card(trace: PretrainedTrace) -> None:
    """One line about the model and one about how its attention was read and checked."""
    c = trace.config
    st.markdown(t("hf.card", name=widgets.plain(trace.model), family=t(f"hf.family.{trace.family}"),
                  arch=trace.architecture, layers=layers_text(trace), h=c.h, d_model=c.d_model,
                  d_k=c.d_k, params=f"{trace.n_params / 1e6:.1f}"))
    st.caption(t("hf.check", diff=f"{trace.check:.1e}"))


def not_applicable(page: str, title: str, v: View) -> None:
    """The note a page shows instead of itself when it does not apply to the view `v`'s loaded pretrained model."""
    st.header(title)
    pm = data.pretrained_status(v.hf_model)[0]
    if page == "decoding" and pm is not None:
        st.info(t("hf.decoding_not_applicable", family=t(f"hf.family.{pm.family}"), what=t(f"hf.what_{pm.family}")))
        return
    names = ", ".join(t(f"nav.{p.path}") for p in PAGES if p.families and applies(p.path, v))
    st.info(t("hf.not_applicable", page=title, pages=names))
