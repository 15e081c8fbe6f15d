"""The UI language (in the URL as ?lang=en|zh) and message lookup from the catalogue."""
from __future__ import annotations

from functools import cache

from ui import state
from ui.messages import CATALOGUE
from viz.style import Words

LANGS = {"en": "English", "zh": "中文"}


def lang() -> str:
    """The current UI language code."""
    value = state.get("lang")
    return value if value in LANGS else "en"


def text(key: str, language: str, **fields) -> str:
    """The message `key` in `language`, with {fields} filled in (no Streamlit state needed)."""
    message = CATALOGUE[key][language]
    return message.format(**fields) if fields else message


@cache
def viz_words(language: str) -> Words:
    """The words charts write by themselves, from the catalogue."""
    keys = dict(value="viz.value", probability="viz.probability", weight="viz.weight", mean="viz.mean",
                variance="viz.variance", token="axis.token", query="axis.query", key="axis.key",
                position="axis.position", dimension="axis.dimension", before_ln="viz.before_ln",
                after_ln="viz.after_ln", masked="viz.masked", dim_sin="viz.dim_sin", dim_cos="viz.dim_cos")
    return Words(**{name: text(key, language) for name, key in keys.items()})


def words() -> Words:
    """viz_words in the current UI language."""
    return viz_words(lang())


def t(key: str, **fields) -> str:
    """The message `key` in the current UI language."""
    return text(key, lang(), **fields)


def message(notice: tuple[str, dict]) -> str:
    """A (key, fields) notice in the current UI language; a field that is itself a notice is rendered first."""
    key, fields = notice
    return t(key, **{k: message(v) if isinstance(v, tuple) else v for k, v in fields.items()})
