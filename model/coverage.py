"""Coverage (Tu et al., 2016, "Modeling Coverage for Neural Machine Translation"): the total cross-attention each
source word received over the decoding steps. A known content word that received too little may have been left
untranslated ("I love machine learning." -> 我爱机器。 leaves "learning" with almost none).

The attention read is the last decoder layer's, averaged over heads: the layer whose argmax copies an unknown word
(model.decoding), trained to align in the guided models. Chinese is read per word (characters grouped by the
lexicon's words, longest first), since an English word attends to its Chinese word's first character.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from model.hooks import act_name

THRESHOLD = 0.5  # a content word whose coverage is below this may be untranslated (chosen in docs/model.md)
FUNCTION_EN = frozenset(
    "a an the this that these those some any each every of to in on at for from with by as into about than "
    "through over under up down out off after before around near behind between during until without within across "
    "along against toward towards upon onto "
    "and or but so if because when while then there here do does did done doing am is are was were be been being "
    "have has had having will would shall should can could may might must 's i me my mine you your yours he him "
    "his she her hers it its we us our ours they them their theirs who whom whose which what one ones very too "
    "also just . , ? ! ; : \" ' ( ) -".split())
FUNCTION_ZH = frozenset("的了吗呢吧啊呀着过得地是在和与也都很就还又把被给个只位本件这那们之所而及或我你您他她它"
                        "，。？！、；：“”‘’（）《》…")


@lru_cache(maxsize=1)
def zh_words() -> frozenset[str]:
    """The lexicon's Chinese words (for grouping characters into words)."""
    from model.corpus.lexicon import ADJS, ADVERBS, FIXED, NOUNS, OPEN, PRONOUNS, TIMES, VERBS

    words = [n.zh for n in NOUNS.values()] + [v.zh for v in VERBS.values()] + [a.zh for a in ADJS.values()]
    words += [e.get("zh", "") for e in OPEN] + [p.zh for p in PRONOUNS.values()] + list(ADVERBS.values())
    words += list(FIXED.values()) + [zh for group in TIMES.values() for _, zh, _ in group]
    return frozenset(w for w in words if w)


def spans(tokens: list[str], lang: str) -> list[tuple[int, int]]:
    """Source positions grouped into words: one per token for English; for Chinese the longest lexicon word
    starting at each character (at most four characters), and runs of content characters that are no lexicon word
    kept together (a name such as 汤姆, whose English word attends to its first character only)."""
    if lang != "zh":
        return [(i, i + 1) for i in range(len(tokens))]
    out, i, known = [], 0, zh_words()
    while i < len(tokens):
        end = next((j for j in range(min(len(tokens), i + 4), i, -1) if "".join(tokens[i:j]) in known), i + 1)
        if out and tokens[i] not in known and loose(tokens, (i, end), known) and loose(tokens, out[-1], known):
            out[-1] = (out[-1][0], end)
        else:
            out.append((i, end))
        i = end
    return out


def loose(tokens: list[str], span: tuple[int, int], known: frozenset[str]) -> bool:
    """True if a span is content characters that form no lexicon word longer than one character (what a name such
    as 汤姆 or 玛丽 is made of: its characters may be words of their own, 汤 "soup")."""
    text = "".join(tokens[span[0]:span[1]])
    single = len(text) == 1 or text not in known
    return single and all(ch not in FUNCTION_ZH and "\u4e00" <= ch <= "\u9fff" for ch in text)


def coverage(trace) -> np.ndarray:
    """Per source token, the head-averaged last-layer cross-attention summed over the rows that wrote an output
    token (the row that wrote <eos> excluded); (S,)."""
    pattern = trace[act_name("pattern", trace.config.N - 1, "cross")]  # (h, T, S)
    rows = len(trace.decoded.tokens)
    return pattern[:, :rows].mean(0).sum(0)  # (S,)


def is_content(word: str, lang: str) -> bool:
    """A word whose loss changes the meaning: not a function word or punctuation (English), or a Chinese word
    with a character outside the function characters."""
    if lang == "zh":
        return any(ch not in FUNCTION_ZH for ch in word)
    return word not in FUNCTION_EN and any(ch.isalnum() for ch in word)


def word_coverage(trace) -> list[tuple[tuple[int, int], float]]:
    """Each known content word of the source as (its span of positions, the coverage its positions received)."""
    tokens, lang, cov = trace.src.tokens, trace.src_lang, coverage(trace)
    out = []
    for a, b in spans(tokens, lang):
        word = "".join(tokens[a:b]) if lang == "zh" else tokens[a]
        if not any(trace.src.unknown[a:b]) and is_content(word, lang):
            out.append(((a, b), float(cov[a:b].sum())))
    return out


def untranslated(trace, threshold: float = THRESHOLD) -> list[int]:
    """Positions of known content words whose word received less than `threshold` attention in all (every position
    of a Chinese word is listed)."""
    return [i for (a, b), cov in word_coverage(trace) if cov < threshold for i in range(a, b)]
