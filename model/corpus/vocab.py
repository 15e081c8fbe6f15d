"""Every English token and Chinese character the grammar can produce."""
from __future__ import annotations

from model.corpus.grammar import CONJ, WH
from model.corpus.lexicon import ADJS, ADVERBS, COLLOCATIONS, FIXED, NOUNS, NUMBERS, PRONOUNS, TIMES, VERBS, Verb

_FUNCTION_EN = ("a an the how many much very 's of to do does did will can am is are was were be not no want "
                "wants like likes there than and or at in on under near behind . ?")
_FUNCTION_ZH = "们的一几多少这那些很非常了会能正在想喜欢不没有是吗比和还是，。？里上下面附近后"


def verb_forms(verb: Verb) -> tuple[str, ...]:
    """The past and -ing forms a verb is used in (statives have neither; verbs needing a place no -ing)."""
    if "stative" in verb.flags:
        return ()
    return (verb.past,) if "place" in verb.flags else (verb.past, verb.ing)


def _english() -> frozenset[str]:
    """English words of every lexicon entry, closed class and grammatical word."""
    phrases = [*_FUNCTION_EN.split(), *NUMBERS, *ADVERBS, *FIXED, *CONJ, *(en for en, _ in WH.values())]
    phrases += [form for p in PRONOUNS.values() for form in (p.subj, p.obj, p.poss)]
    phrases += [u + s for n in NOUNS.values() for u in n.units for s in ("", "s")]
    phrases += [form for a in ADJS.values() for form in (a.en, a.cmp or "")]
    phrases += [form for n in NOUNS.values() for form in (n.sg, n.pl)]
    phrases += [form for v in VERBS.values() for form in (v.base, v.third, *verb_forms(v))]
    phrases += [en for group in TIMES.values() for en, _, _ in group]
    return frozenset(w for phrase in phrases for w in phrase.split())


def grammar_words_zh() -> frozenset[str]:
    """The Chinese words of the grammar's lexicon (open entries must not reuse them)."""
    return frozenset(_chinese_words()) | {n.zh for n in NOUNS.values()}


def _chinese_words() -> list[str]:
    """Chinese words of every lexicon entry, closed class and grammatical word."""
    words = [_FUNCTION_ZH, *(zh for zh, _ in NUMBERS.values()), *ADVERBS.values(), *FIXED.values(), *CONJ.values()]
    words += [zh for _, zh in WH.values()] + [p.zh for p in PRONOUNS.values()]
    words += [n.zh + n.mw + "".join(n.units.values()) for n in NOUNS.values()]
    words += [a.zh for a in ADJS.values()] + [zh for v in VERBS.values() for zh in (v.zh, v.intr or "")]
    words += [zh for zh, _ in COLLOCATIONS.values()] + [zh for group in TIMES.values() for _, zh, _ in group]
    return words


def _chinese() -> frozenset[str]:
    """Chinese characters of every lexicon entry, closed class and grammatical word."""
    return frozenset("".join(_chinese_words()))


EN_TOKENS = _english()
ZH_TOKENS = _chinese()
