"""The UI language (in the URL as ?lang=en|zh) and message lookup from the catalogue."""
from __future__ import annotations

from ui import state
from ui.messages import CATALOGUE

LANGS = {"en": "English", "zh": "中文"}


def lang() -> str:
    """The current UI language code."""
    value = state.get("lang")
    return value if value in LANGS else "en"


def text(key: str, language: str, **fields) -> str:
    """The message `key` in `language`, with {fields} filled in (no Streamlit state needed)."""
    message = CATALOGUE[key][language]
    return message.format(**fields) if fields else message


def t(key: str, **fields) -> str:
    """The message `key` in the current UI language."""
    return text(key, lang(), **fields)


def message(notice: tuple[str, dict]) -> str:
    """A (key, fields) notice in the current UI language; a field that is itself a notice is rendered first."""
    key, fields = notice
    return t(key, **{k: message(v) if isinstance(v, tuple) else v for k, v in fields.items()})
