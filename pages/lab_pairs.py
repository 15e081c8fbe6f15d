"""Lab: minimal pairs — two sentences a word apart, their attention side by side and the aligned difference."""
from dataclasses import replace

import streamlit as st

from ui import controls, data, shell, state, widgets
from ui.i18n import t
from ui.param import MAX_CHARS
from ui.payload import answer
from ui.view import View
from ui.views.lab_pairs import elements, second_trace

shell.require_app()
PRESETS = [("I have a cat", "I have two cats"), ("he likes tea", "he does not like tea"),
           ("you have a cat", "do you have a cat ?"),
           ("my dog is bigger than your cat", "your cat is bigger than my dog")]  # said in the source language


def presets() -> list[tuple[str, str]]:
    """The preset pairs in the model's source language (the grammar translates them)."""
    lang = data.source_lang()
    return [(data.in_language(a, lang) or a, data.in_language(b, lang) or b) for a, b in PRESETS]


def on_preset() -> None:
    """A pair was picked: put its first sentence in the box and its second here."""
    choice = st.session_state.get("mp_preset")
    if choice in range(len(PRESETS)):  # not a stale label
        first, second = presets()[choice]
        state.set_sentence(first)
        state.put("pair_sentence", second)
        st.session_state["mp_gen"] = st.session_state.get("mp_gen", 0) + 1
    st.session_state["mp_preset"] = None


def second_sentence(view: View) -> View:
    """The preset picker and the second sentence's box (kept in the URL); returns the view with the box's text."""
    c1, c2 = st.columns([2, 3])
    with c1:
        st.selectbox(t("mp.preset"), list(range(len(PRESETS))), index=None, key="mp_preset", on_change=on_preset,
                     format_func=lambda i: " / ".join(presets()[i]), placeholder=t("mp.pick"))
    with c2:
        text = st.text_input(t("mp.second"), value=view.pair_sentence, max_chars=MAX_CHARS,
                             key=f"mp_text_{st.session_state.get('mp_gen', 0)}_{data.source_lang()}")
    return replace(view, pair_sentence=state.put_text("pair_sentence", text))


st.header(t("mp.header"))
st.caption(t("mp.caption"))
view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    view = second_sentence(view)
    charts = answer(elements, trace, view)  # the keystroke route sends the same charts
    if "diff" not in charts:
        st.info(t("mp.no_second"))
    else:
        controls.pick_block(trace, view)  # the charts' view holds the picks already (kept inside the model there)
        other = second_trace(trace, view)
        with widgets.main_figure():  # the translations in a row of their own: the three maps start level
            for col, which, run in zip(st.columns(3), ("first", "second"), (trace, other)):
                col.markdown(t(f"mp.{which}_label", output=widgets.output_line(run)))
            for col, which in zip(st.columns(3), ("first", "second", "diff")):
                with col:
                    widgets.show(charts[which])
