"""Coverage (Tu et al., 2016, "Modeling Coverage for Neural Machine Translation"): the total cross-attention each
source word received over the decoding steps; and the "may be untranslated" mark: a known content word that no output
token looked at much ("The bank of the river is green." -> 银行是最绿色的。 leaves "river" with little).

Total attention barely tells right translations from wrong ones (docs/model.md), so the mark reads each word's peak
instead: the largest share of a cross-attention row, averaged over heads, that any output token gave the word, in
the layer and below the threshold chosen per source language on the lecture and everyday sets (MARK). Chinese is
read per word (characters grouped by the lexicon's words, longest first), since an English word attends to its
Chinese word's first character.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from model.hooks import act_name

MARK = {"en": (2, 0.7), "zh": (1, 0.2)}  # source language -> (cross-attention layer, peak threshold), docs/model.md
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
FUNCTION_ZH_WORDS = frozenset("因为 所以 但是 可是 而且 如果 虽然 然后 或者 还是 因此 不过 于是 只是 就是 一起 一些 "
                              "这个 那个 这些 那些 什么 怎么 哪里 哪儿 这里 那里".split())  # conjunctions, pronouns:
# their English counterparts (because, but, so, if, together, some, this, what, where, here) are function words too


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


def lexicon_word(tokens: list[str], j: int) -> tuple[int, int]:
    """The span of the longest lexicon word (at most four characters) that holds Chinese position j, else j alone."""
    known = zh_words()
    around = [(a, b) for a in range(max(0, j - 3), j + 1) for b in range(j + 1, min(len(tokens), a + 4) + 1)]
    words = [span for span in around if "".join(tokens[span[0] : span[1]]) in known]
    return max(words, key=lambda span: span[1] - span[0], default=(j, j + 1))


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
        return word not in FUNCTION_ZH_WORDS and any(ch not in FUNCTION_ZH for ch in word)
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


def mark(trace) -> tuple[int, float]:
    """The layer whose peaks the "may be untranslated" mark reads, and the threshold, for the trace's direction."""
    layer, threshold = MARK.get(trace.src_lang, MARK["en"])
    return min(layer, trace.config.N - 1), threshold


def word_peaks(trace) -> list[tuple[tuple[int, int], float]]:
    """Each known content word of the source as (its span of positions, the largest head-averaged attention any
    output row of the mark's layer gave its positions together)."""
    rows = len(trace.decoded.tokens)  # the row that wrote <eos> excluded
    pattern = trace[act_name("pattern", mark(trace)[0], "cross")][:, :rows].mean(0)  # (T', S)
    return [((a, b), float(pattern[:, a:b].sum(-1).max()) if rows else 0.0) for (a, b), _ in word_coverage(trace)]


def untranslated(trace) -> list[int]:
    """Positions of known content words that no output token looked at much (peak below the direction's threshold):
    the translation may have left them out (every position of a Chinese word is listed)."""
    threshold = mark(trace)[1]
    return [i for (a, b), peak in word_peaks(trace) if peak < threshold for i in range(a, b)]


def peaks(trace) -> dict[int, float]:
    """Each known content word's positions -> the word's peak (what a flagged chip's tooltip shows)."""
    return {i: peak for (a, b), peak in word_peaks(trace) for i in range(a, b)}
