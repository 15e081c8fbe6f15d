"""The UI language (in the URL as ?lang=en|zh) and message lookup from the catalogue."""
from __future__ import annotations

from lesson import catalogue
from lesson.catalogue import LANGS, viz_words
from lesson.messages import CATALOGUE
from ui import state
from viz.style import Words


def lang() -> str:
    """The current UI language code."""
    value = state.get("lang")
    return value if value in LANGS else "en"


def words() -> Words:
    """viz_words in the current UI language."""
    return viz_words(lang())


def t(key: str, **fields) -> str:
    """The message `key` in the current UI language."""
    return catalogue.lookup(key, lang(), **fields)


def model_label(name: str) -> str:
    """A shipped model's name in the UI language (its checkpoint name if the catalogue has none)."""
    return t(f"model.{name}") if f"model.{name}" in CATALOGUE else name


def message(notice: tuple[str, dict]) -> str:
    """A (key, fields) notice in the current UI language; a field that is itself a notice is rendered first."""
    key, fields = notice
    return t(key, **{k: message(v) if isinstance(v, tuple) else v for k, v in fields.items()})
