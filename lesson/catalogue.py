"""Message lookup in the catalogue, in a given language (the UI's current language lives in ui.i18n)."""
from __future__ import annotations

import dataclasses
from functools import cache

from lesson.messages import CATALOGUE
from viz.diagram import DiagramWords
from viz.style import Words

LANGS = {"en": "English", "zh": "中文"}


def lookup(key: str, language: str, **fields) -> str:
    """The message `key` in `language`, with {fields} filled in."""
    message = CATALOGUE[key][language]
    return message.format(**fields) if fields else message


@cache
def viz_words(language: str) -> Words:
    """The words charts write by themselves, from the catalogue."""
    keys = dict(value="viz.value", probability="viz.probability", weight="viz.weight", mean="viz.mean",
                variance="viz.variance", token="axis.token", query="axis.query", key="axis.key",
                position="axis.position", dimension="axis.dimension", before_ln="viz.before_ln",
                after_ln="viz.after_ln", masked="viz.masked", dim_sin="viz.dim_sin", dim_cos="viz.dim_cos",
                thinned="viz.thinned")
    return Words(**{name: lookup(key, language) for name, key in keys.items()})


@cache
def diagram_words(language: str) -> DiagramWords:
    """The architecture diagram's labels, from the catalogue (keys diagram.<field>)."""
    return DiagramWords(**{f.name: lookup(f"diagram.{f.name}", language) for f in dataclasses.fields(DiagramWords)})
