"""The message catalogue: every user-facing text in English and 简体中文, merged from the modules here."""
from __future__ import annotations

from lesson.messages import (
    add_norm,
    after_2017,
    before_2017,
    bert_gpt,
    classroom,
    common,
    embeddings,
    export,
    lab,
    lab_knockout,
    lab_pairs,
    masks,
    notes,
    pages,
    paper,
    patches,
    presenter,
    pretrained,
    self_attention,
    topics,
    tour,
    tour_after_2017,
    tour_chapters,
    training,
    trust,
)

MODULES = (common, presenter, pages, tour, tour_after_2017, tour_chapters, export, lab, lab_knockout, lab_pairs, notes,
           masks, embeddings, self_attention, add_norm, paper, bert_gpt, topics, pretrained, after_2017,
           classroom, training, trust, before_2017, patches)


def merge() -> dict[str, dict[str, str]]:
    """One dict key -> {"en": text, "zh": text}; a key defined twice is an error."""
    out: dict[str, dict[str, str]] = {}
    for module in MODULES:
        for key, entry in module.MESSAGES.items():
            if key in out:
                raise KeyError(f"message {key!r} defined twice")
            out[key] = entry
    return out


CATALOGUE = merge()
