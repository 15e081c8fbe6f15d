"""The shared sentence box: a text input that reports its text on every keystroke (or after a pause in typing).

It replaces streamlit-keyup, whose element reported the text it was given back to the server as soon as it appeared
(one extra rerun for every new visitor and every example picked: ~70 ms before the first chart). This box reports
only what the user types: the text it was given is already the server's.
"""
from __future__ import annotations

import re

import streamlit as st

from ui.assets import component_js
from ui.i18n import t
from ui.shared import per_process

NAME = "sentence_box"

HTML = ('<div class="al-sentence"><label class="al-sentence__label"></label><input class="al-sentence__input">'
        '<span class="al-sentence__limit" role="status" hidden></span></div>')

CSS = """
.al-sentence { display: flex; flex-direction: column; width: 100%; position: relative; }
.al-sentence__limit { position: absolute; right: 8px; bottom: 6px; padding: 2px 8px; border-radius: 4px;
  max-width: calc(100% - 16px); box-sizing: border-box; font-family: var(--st-font, sans-serif); font-size: 14px;
  line-height: 1.3; background: #fff8e1; color: #6b4e00; }
.al-sentence__limit[hidden] { display: none; }
.al-sentence--large .al-sentence__limit { font-size: 18px; }
.al-sentence__label { font-family: var(--st-font, sans-serif); font-size: 14px; line-height: 1.6; margin-bottom: 4px;
  min-height: 1.4em; color: var(--st-text-color, inherit); }
.al-sentence__input { box-sizing: border-box; width: 100%; min-width: 0; padding: 10px 14px; font-size: 15px;
  font-family: var(--st-font, sans-serif); color: var(--st-text-color, inherit); outline: none;
  background-color: var(--st-secondary-background-color, #f0f2f6); border: 1px solid rgba(127, 127, 127, 0.3);
  border-radius: 6px; transition: border-color 150ms ease; }
.al-sentence__input:focus { border-color: var(--st-primary-color, #ff4b4b); }
.al-sentence--large .al-sentence__label { display: none; }
.al-sentence--large .al-sentence__input { font-size: 34px; padding: 6px 16px; }
"""

PUNCTUATION = re.compile(r" ([.,?!;:])")  # a tokenised sentence's punctuation, spaced off its word
PRONOUN_I = re.compile(r"\bi\b")

# outside presenter view the header row wraps before the box is narrower than a short sentence
MIN_WIDTH_CSS = '<style>[class*="st-key-sentence_"] {min-width:min(100%, 440px)}</style>'

JS = component_js("sentence_box")  # ui/static/components/sentence_box.js


@per_process(1)
def element():
    """The registered component."""
    return st.components.v2.component(NAME, html=HTML, css=CSS, js=JS, isolate_styles=True)


def ignore() -> None:
    """The box's change callback: the script reads the text itself (Streamlit wants one for a state with a default)."""


def sentence_box(label: str, value: str, key: str, *, max_chars: int, debounce: int | None, placeholder: str,
                 large: bool = False) -> str:
    """The box's text: what the user last typed in it, else `value` (a new key starts the box again from `value`);
    `large` for a projector."""
    if not large:
        st.html(MIN_WIDTH_CSS)
    typed = st.session_state.get(key)
    shown = typed.get("value", value) if isinstance(typed, dict) else value  # the server's copy of the box's text
    result = element()(data={"label": label, "value": shown, "debounce": debounce or 0, "max_chars": max_chars,
                             "placeholder": placeholder, "large": large,
                             "limit_note": t("header.limit_note", n=max_chars)},
                       default={"value": shown}, key=key, on_value_change=ignore, width="stretch")
    return result.value if result.value is not None else shown


def as_typed(words: str) -> str:
    """An English sentence of lower-case tokens as a person types it: "i eat apples every day ." becomes
    "I eat apples every day."."""
    text = PRONOUN_I.sub("I", PUNCTUATION.sub(r"\1", words))
    return text[:1].upper() + text[1:]
