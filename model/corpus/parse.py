"""Parse English tokens or Chinese chars back into specs: role parsers per language, checked by rendering."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from itertools import chain

from model.corpus.grammar import (
    CONJ,
    NP,
    ORDERS,
    POSSESSIVES,
    WH,
    AdjP,
    Compound,
    Coord,
    Place,
    Spec,
    render,
)
from model.corpus.lexicon import (
    ADJS,
    ADVERBS,
    COLLOCATIONS,
    FIXED,
    NOUNS,
    NUMBERS,
    PRONOUNS,
    TIMES,
    VERBS,
)
from model.corpus.phrase import Pair
from model.corpus.rules import TENSES, valid

Seq = tuple[str, ...] | str  # English tokens or a Chinese string
Parser = Callable[[Seq, int, str], Iterator[tuple[object, int]]]


def _table(items) -> dict:
    """key -> list of values, from (key, value) pairs."""
    out: dict = defaultdict(list)
    for key, value in items:
        if value not in out[key]:
            out[key].append(value)
    return dict(out)


def _lookup(table: dict, seq: Seq, i: int, longest: int) -> Iterator[tuple[object, int]]:
    """Every (value, end) of a table key starting at i."""
    for n in range(1, longest + 1):
        for value in table.get(seq[i:i + n], ()):
            yield value, i + n


def _words(text: str) -> tuple[str, ...]:
    """A phrase as a token tuple."""
    return tuple(text.split())


def _pron(key: str) -> NP:
    """A pronoun NP."""
    return NP(None, None, False, None, key, PRONOUNS[key].plural)


# English tables.
_EN_PRON = _table([(_words(form), key) for key, p in PRONOUNS.items() for form in (p.subj, p.obj) if form])
_EN_DET = _table([(_words(d), d) for d in (*NUMBERS, "the", "this", "that", "these", "those", *POSSESSIVES,
                                           "how many", "how much")] + [(("a",), "a"), (("an",), "a")])
_EN_UNIT = _table([(_words(f"{u}{s} of"), u) for n in NOUNS.values() for u in n.units for s in ("", "s")])
_EN_ADJ = _table([((a.en,), key) for key, a in ADJS.items()])
_EN_CMP = _table([(_words(a.cmp), key) for key, a in ADJS.items() if a.cmp])
_EN_NOUN = _table([((form,), (key, plural)) for key, n in NOUNS.items()
                   for form, plural in ((n.sg, False), (n.pl, True)) if form])
_EN_VERB = _table([(_words(getattr(v, f)), key) for key, v in VERBS.items() for f in ("base", "third", "past", "ing")])
_EN_TIME = _table([(_words(en), en) for group in TIMES.values() for en, _, _ in group])
_EN_FIXED = _table([(_words(k), k) for k in FIXED])
_EN_ADV = _table([((a,), a) for a in ADVERBS])
_PREPS = ("at", "in", "on", "under", "near", "behind")

# Chinese tables.
_ZH_PRON = _table([(p.zh, key) for key, p in PRONOUNS.items()])
_ZH_NUM = _table([(zh, det) for det, (zh, _) in NUMBERS.items()] + [("一", "a"), ("几", "how many")])
_MEASURES = frozenset(n.mw for n in NOUNS.values() if n.mw) | {u for n in NOUNS.values() for u in n.units.values()}
_ZH_UNIT = _table([(zh, u) for n in NOUNS.values() for u, zh in n.units.items()])
_ZH_POSS = _table([(zh, det) for det, zh in POSSESSIVES.items()])
_ZH_NOUN = _table([(n.zh, key) for key, n in NOUNS.items()])
_ZH_ADJ = _table([(a.zh, key) for key, a in ADJS.items()])
_ZH_VERB = _table([(zh, key) for key, v in VERBS.items() for zh in (v.zh, v.intr) if zh]
                  + [(zh, v) for (base, _), (zh, _) in COLLOCATIONS.items() for v in VERBS if VERBS[v].base == base])
_ZH_TIME = _table([(zh, en) for group in TIMES.values() for en, zh, _ in group])
_ZH_FIXED = _table([(zh, k) for k, zh in FIXED.items()])
_ZH_ADV = _table([(zh, k) for k, zh in ADVERBS.items()])


def _nothing(seq: Seq, i: int, form: str) -> Iterator[tuple[None, int]]:
    """A role with no words in this language."""
    yield None, i


def _table_parser(table: dict, longest: int) -> Parser:
    """Match a table key (value: the table's value)."""
    return lambda seq, i, form: _lookup(table, seq, i, longest)


def _optional(parser: Parser) -> Parser:
    """A parser that may also match nothing (value None)."""
    def parse(seq: Seq, i: int, form: str) -> Iterator[tuple[object, int]]:
        yield None, i
        yield from parser(seq, i, form)
    return parse


def _literal(*options: str) -> Parser:
    """Match one of some literal phrases (value: the phrase)."""
    table = _table([(_words(o), o) for o in options])
    return lambda seq, i, form: _lookup(table, seq, i, 2)


def _literal_zh(*options: str) -> Parser:
    """Match one of some Chinese strings (value: the string)."""
    table = _table([(o, o) for o in options])
    return lambda seq, i, form: _lookup(table, seq, i, 3)


# ---- English noun phrases, places and the other roles ----

def _en_det(seq: Seq, i: int) -> Iterator[tuple[str | None, int]]:
    """A determiner (or none), including possessors 'my friend 's'."""
    yield None, i
    yield from _lookup(_EN_DET, seq, i, 2)
    if seq[i:i + 1] and (seq[i] in POSSESSIVES or seq[i] == "the") and seq[i + 2:i + 3] == ("'s",):
        yield f"{seq[i]} {seq[i + 1]} 's", i + 3


def _en_np(seq: Seq, i: int, form: str = "") -> Iterator[tuple[NP, int]]:
    """Every noun phrase starting at i."""
    for key, j in _lookup(_EN_PRON, seq, i, 1):
        yield _pron(key), j
    for det, j in _en_det(seq, i):
        for unit, k in [(None, j), *_lookup(_EN_UNIT, seq, j, 2)]:
            very = seq[k:k + 1] == ("very",)
            for adj, m in [(None, k + very), *_lookup(_EN_ADJ, seq, k + very, 1)]:
                if very and adj is None:
                    continue
                for (noun, plural), n in _lookup(_EN_NOUN, seq, m, 1):
                    yield NP(det, unit, very, adj, noun, plural if unit is None else det != "a"), n


def _en_object(seq: Seq, i: int, form: str) -> Iterator[tuple[object, int]]:
    """An object, a coordination, a destination, a place (loc) or a predicate noun phrase."""
    if form == "loc":
        yield from _en_place(seq, i, form)
        return
    if seq[i:i + 1] == ("to",):
        yield from _en_np(seq, i + 1)
    for np, j in _en_np(seq, i):
        yield np, j
        if seq[j:j + 1] in (("and",), ("or",)):
            for second, k in _en_np(seq, j + 1):
                yield Coord(np, seq[j], second), k


def _en_place(seq: Seq, i: int, form: str) -> Iterator[tuple[Place, int]]:
    """'at home', 'in the park', 'on my bed'."""
    if seq[i:i + 1] and seq[i] in _PREPS:
        for det in (None, "the", *POSSESSIVES):
            j = i + 1 + (det is not None)
            if det is None or seq[i + 1:j] == (det,):
                for (noun, plural), k in _lookup(_EN_NOUN, seq, j, 1):
                    if not plural:
                        yield Place(seq[i], det, noun), k


def _en_adj(seq: Seq, i: int, form: str) -> Iterator[tuple[object, int]]:
    """A predicate adjective ([very] X) or a comparative (bigger, more beautiful)."""
    if form == "cmp":
        yield from _lookup(_EN_CMP, seq, i, 2)
        return
    very = seq[i:i + 1] == ("very",)
    for adj, j in _lookup(_EN_ADJ, seq, i + very, 1):
        yield AdjP(very, adj), j


def _en_than(seq: Seq, i: int, form: str) -> Iterator[tuple[NP, int]]:
    """'than' + noun phrase."""
    if seq[i:i + 1] == ("than",):
        yield from _en_np(seq, i + 1)


def _en_wh(seq: Seq, i: int, form: str) -> Iterator[tuple[object, int]]:
    """A wh-word (value None) or a how many/much noun phrase."""
    if seq[i:i + 1] in (("what",), ("who",), ("where",), ("when",), ("why",), ("how",)):
        yield None, i + 1
    if seq[i:i + 2] in (("how", "many"), ("how", "much")):
        yield from _en_np(seq, i)


def _en_end(seq: Seq, i: int, form: str) -> Iterator[tuple[bool, int]]:
    """An optional final '.' or '?'."""
    yield False, i
    if seq[i:i + 1] in ((".",), ("?",)):
        yield True, i + 1


_EN_ROLES: dict[str, Parser] = {
    "S": _en_np, "A": _optional(_literal("do", "does", "did", "will", "can", "am", "is", "are", "was", "were")),
    "B": _optional(_literal("be")), "X": _optional(_literal("want to", "wants to", "like to", "likes to")),
    "N": _literal("not", "no"), "M": _optional(_table_parser(_EN_ADV, 1)), "V": _table_parser(_EN_VERB, 3),
    "O": _optional(_en_object), "P": _optional(_en_place), "T": _optional(_table_parser(_EN_TIME, 3)), "W": _en_wh,
    "J": _optional(_en_adj), "C": _en_than, "H": _literal("there"), "R": _literal("very much"), "Y": _nothing,
    "F": _table_parser(_EN_FIXED, 3), "E": _en_end,
}


# ---- Chinese noun phrases, places and the other roles ----

def _zh_det(seq: str, i: int) -> Iterator[tuple[str | None, str | None, int]]:
    """(determiner, measure word or None, end): 一只, 两本, 这只, 这些, 我的, 我 (kin), 我朋友的, 几只, 多少."""
    yield None, None, i
    for det, j in _lookup(_ZH_NUM, seq, i, 3):
        if seq[j:j + 1] in _MEASURES:
            yield det, seq[j], j + 1
    for zh, det in (("这", "this"), ("那", "that")):
        if seq[i:i + 1] == zh and seq[i + 1:i + 2] in _MEASURES:
            yield det, seq[i + 1], i + 2
    for zh, det in (("这些", "these"), ("那些", "those"), ("多少", "how much")):
        if seq[i:i + len(zh)] == zh:
            yield det, None, i + len(zh)
    for det, j in [*_lookup(_ZH_POSS, seq, i, 2), ("the", i)]:
        if det != "the":
            yield det, None, j + (seq[j:j + 1] == "的")
        for owner, k in _lookup(_ZH_NOUN, seq, j, 5):
            if NOUNS[owner].person and seq[k:k + 1] == "的":
                yield f"{det} {owner} 's", None, k + 1


def _zh_np(seq: str, i: int, slot: str = "subj") -> Iterator[tuple[NP, int]]:
    """Every noun phrase at i; a Chinese bare noun stands for 'the N', a generic N or a dropped 'a' by slot."""
    for key, j in _lookup(_ZH_PRON, seq, i, 2):
        yield _pron(key), j
    for det, m, j in _zh_det(seq, i):
        units = [None] + (_ZH_UNIT.get(m, []) if m else [])
        for (very, adj), k in _zh_attr(seq, j):
            for noun, n in _lookup(_ZH_NOUN, seq, k, 5):
                plural_mark = seq[n:n + 1] == "们"
                for unit in units:
                    for d, plural in _zh_det_number(det, unit, noun, plural_mark, slot):
                        yield NP(d, unit, very, adj, noun, plural), n + plural_mark


def _zh_det_number(det: str | None, unit: str | None, noun: str, mark: bool, slot: str):
    """Candidate (determiner, plural) pairs for what Chinese leaves unsaid."""
    n = NOUNS[noun]
    if unit:
        yield det, det != "a"
    elif det is None:
        plural = mark or not n.sg
        yield "the", plural
        yield None, bool(n.pl) or not n.sg
        if slot in ("obj", "pred"):
            yield "a", False
    elif slot == "pred" and (det in POSSESSIVES or "'s" in det):
        yield det, False
        yield det, True
    else:
        yield det, mark or not n.sg or det in NUMBERS or det in ("these", "those", "how many")


def _zh_attr(seq: str, i: int) -> Iterator[tuple[tuple[bool, str | None], int]]:
    """An attributive adjective: 很X的, X的, X (or none)."""
    yield (False, None), i
    very = seq[i:i + 1] == "很"
    for adj, j in _lookup(_ZH_ADJ, seq, i + very, 4):
        if seq[j:j + 1] == "的":
            yield (very, adj), j + 1
        if not very:
            yield (False, adj), j


def _zh_subject(seq: str, i: int, form: str) -> Iterator[tuple[NP, int]]:
    """A subject (weather sentences have none: 今天很冷)."""
    if form == "adj":
        yield _pron("it"), i
    yield from _zh_np(seq, i, "subj")


def _zh_object(seq: str, i: int, form: str) -> Iterator[tuple[object, int]]:
    """An object, a coordination, a place (loc) or a predicate noun phrase."""
    if form == "loc":
        yield from _zh_place(seq, i, form)
        return
    slot = "pred" if form == "noun" else "obj"
    for np, j in _zh_np(seq, i, slot):
        yield np, j
        for conj, zh in (("and", "和"), ("or", "还是")):
            if seq[j:j + len(zh)] == zh:
                for second, k in _zh_np(seq, j + len(zh), slot):
                    yield Coord(np, conj, second), k


def _zh_place(seq: str, i: int, form: str) -> Iterator[tuple[Place, int]]:
    """在 + [possessive 的] + noun + localiser (no 在 in 'there' sentences)."""
    start = i + (form != "there")
    if form != "there" and seq[i:i + 1] != "在":
        return
    for det, j in [(None, start), *[(d, k + 1) for d, k in _lookup(_ZH_POSS, seq, start, 2) if seq[k:k + 1] == "的"]]:
        for noun, k in _lookup(_ZH_NOUN, seq, j, 5):
            for loc in ("", "里", "上", "下面", "附近", "后面"):
                if seq[k:k + len(loc)] == loc:
                    for prep, localiser in NOUNS[noun].preps.items():
                        if localiser == loc:
                            yield Place(prep, det if det else None if NOUNS[noun].bare else "the", noun), k + len(loc)


def _zh_verb(seq: str, i: int, form: str) -> Iterator[tuple[str, int]]:
    """A verb, with or without 了."""
    for verb, j in _lookup(_ZH_VERB, seq, i, 3):
        yield verb, j + (seq[j:j + 1] == "了")
        if seq[j:j + 1] == "了":
            yield verb, j


def _zh_adj(seq: str, i: int, form: str) -> Iterator[tuple[object, int]]:
    """A predicate adjective (很X, 非常X, X) or the adjective of a comparison."""
    degree = 2 if seq[i:i + 2] == "非常" else 1 if seq[i:i + 1] == "很" else 0
    for adj, j in _lookup(_ZH_ADJ, seq, i + degree, 4):
        yield (adj if form == "cmp" else AdjP(degree == 2, adj)), j


def _zh_than(seq: str, i: int, form: str) -> Iterator[tuple[NP, int]]:
    """比 + noun phrase."""
    if seq[i:i + 1] == "比":
        yield from _zh_np(seq, i + 1, "subj")


def _zh_wh(seq: str, i: int, form: str) -> Iterator[tuple[object, int]]:
    """A wh-word (value None) or a 几/多少 noun phrase."""
    for _, zh in WH.values():
        if seq[i:i + len(zh)] == zh:
            yield None, i + len(zh)
    if seq[i:i + 1] == "几" or seq[i:i + 2] == "多少":
        yield from _zh_np(seq, i, "wh")


def _zh_end(seq: str, i: int, form: str) -> Iterator[tuple[bool, int]]:
    """An optional final 。 or ？."""
    yield False, i
    if seq[i:i + 1] in ("。", "？"):
        yield True, i + 1


_ZH_ROLES: dict[str, Parser] = {
    "S": _zh_subject, "A": _optional(_literal_zh("会", "能", "正在", "是", "有")), "B": _nothing,
    "X": _optional(_literal_zh("想", "喜欢")), "N": _literal_zh("不", "没"), "M": _optional(_table_parser(_ZH_ADV, 3)),
    "V": _zh_verb, "O": _optional(_zh_object), "P": _optional(_zh_place), "T": _optional(_table_parser(_ZH_TIME, 3)),
    "W": _zh_wh, "J": _optional(_zh_adj), "C": _zh_than, "H": _nothing, "R": _literal_zh("很"), "Y": _literal_zh("吗"),
    "F": _table_parser(_ZH_FIXED, 3), "E": _zh_end,
}


def _match(order: str, roles: dict[str, Parser], seq: Seq, i: int, form: str, found: dict,
           memo: dict) -> Iterator[dict]:
    """Every assignment of role values that covers seq[i:] in this role order (role parses memoised)."""
    if not order:
        if i == len(seq):
            yield dict(found)
        return
    key = order[0], i, form
    if key not in memo:
        memo[key] = list(roles[order[0]](seq, i, form))
    for value, j in memo[key]:
        found[order[0]] = value
        yield from _match(order[1:], roles, seq, j, form, found, memo)
    found.pop(order[0], None)


_AUX = frozenset({"do", "does", "did", "will", "can", "am", "is", "are", "was", "were"})
_WH_EN = frozenset({"what", "who", "where", "when", "why", "how"})
# Chinese words a sentence of each mood / form must contain.
_ZH_NEEDS = {"neg": ("不", "没"), "yn": ("吗",), "or": ("还是",), "very": ("很",), "what": ("什么",), "who": ("谁",),
             "where": ("哪里",), "whereto": ("哪里",), "when": ("什么时候",), "why": ("为什么",), "how": ("怎么样",),
             "howmany": ("几", "多少"), "cmp": ("比",), "there": ("有",), "noun": ("是",)}
_EN_NEEDS = {"neg": ("not", "no"), "very": ("much",), "cmp": ("than",), "there": ("there",), "or": ("or",)}


def _possible(form: str, mood: str, seq: Seq, lang: str) -> bool:
    """A cheap check that seq could be of this form and mood (prunes the parse)."""
    if lang == "zh":
        return all(any(w in seq for w in _ZH_NEEDS[k]) for k in (form, mood) if k in _ZH_NEEDS)
    first = seq[0] if seq else ""
    if mood in ("yn", "or"):
        starts = first in _AUX
    elif mood in ("stmt", "neg", "very"):
        starts = first not in _AUX and first not in _WH_EN
    else:
        starts = first in _WH_EN
    return starts and all(any(w in seq for w in _EN_NEEDS[k]) for k in (form, mood) if k in _EN_NEEDS)


def _spec(form: str, mood: str, tense: str, v: dict) -> Spec:
    """The spec whose roles were parsed as v."""
    obj = v.get({"cmp": "C", "adj": "J"}.get(form, "W" if mood == "howmany" else "O"))
    head = v.get("V") or v.get("F") or (v.get("J") if form == "cmp" else None)
    return Spec(form, mood, tense, v.get("S"), head, obj, v.get("P"), v.get("T"), v.get("M"), v.get("E", False))


def _candidates(seq: Seq, lang: str, forms=None) -> Iterator[Spec]:
    """Every valid spec whose roles parse seq (not yet checked by rendering)."""
    roles = _EN_ROLES if lang == "en" else _ZH_ROLES
    memo: dict = {}
    for (form, mood), orders in ORDERS.items():
        if (forms and form not in forms) or not _possible(form, mood, seq, lang):
            continue
        order = orders[0] if lang == "en" else orders[1]
        for v in _match(order, roles, seq, 0, form, {}, memo):
            for tense in TENSES.get((form, mood), ("pres",)):
                spec = _spec(form, mood, tense, v)
                if valid(spec):
                    yield spec


def _compounds(seq: Seq, lang: str) -> Iterator[Compound]:
    """Two clauses joined by but/because."""
    for conj, zh in CONJ.items():
        sep = (conj,) if lang == "en" else "，" + zh
        end = seq[-1:] in ((".",), "。")
        body = seq[:-1] if end else seq
        for k in range(1, len(body)):
            if body[k:k + len(sep)] == sep:
                for first in _candidates(body[:k], lang, ("vp", "adj")):
                    for second in _candidates(body[k + len(sep):], lang, ("vp", "adj")):
                        spec = Compound(conj, first, second, end)
                        if valid(spec):
                            yield spec


def parse(seq: Seq, lang: str) -> Pair | None:
    """The pair of the spec that renders exactly as seq in its language, or None."""
    for spec in chain(_candidates(seq, lang), _compounds(seq, lang)):
        pair = render(spec)
        if (pair.en if lang == "en" else "".join(pair.zh)) == seq:
            return pair
    return None
