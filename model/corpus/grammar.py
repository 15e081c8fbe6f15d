"""Sentence structures (Spec) and their rendering into aligned English/Chinese pairs."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from model.corpus.lexicon import (
    ADJS,
    ADVERBS,
    COLLOCATIONS,
    FIXED,
    FIXED_LINKS,
    NOUNS,
    NUMBERS,
    PRONOUNS,
    TIMES,
    VERBS,
    Noun,
)
from model.corpus.phrase import EMPTY, Pair, Piece, assemble, join, piece


class NP(NamedTuple):
    """A noun phrase: determiner (None = generic), container, 'very', adjective sense, noun or pronoun key."""

    det: str | None
    unit: str | None
    very: bool
    adj: str | None
    noun: str
    plural: bool


class Coord(NamedTuple):
    """Two coordinated objects: 'a cat and a dog', 'tea or coffee'."""

    first: NP
    conj: str
    second: NP


class Place(NamedTuple):
    """A place phrase: preposition, determiner ('the', a possessive or None) and noun."""

    prep: str
    det: str | None
    noun: str


class AdjP(NamedTuple):
    """A predicate adjective with optional 'very'."""

    very: bool
    adj: str


class Spec(NamedTuple):
    """The abstract structure of one sentence; rendering it gives the pair."""

    form: str  # vp adj noun loc cmp there fixed
    mood: str  # stmt neg yn or very what who where whereto when why howmany how
    tense: str  # pres past fut can want liketo prog
    subj: NP | None = None
    head: str | None = None  # verb key (vp), adjective key (cmp), phrase (fixed)
    obj: NP | Coord | Place | AdjP | None = None
    place: Place | None = None
    time: str | None = None
    adv: str | None = None
    end: bool = False


class Compound(NamedTuple):
    """Two statements joined by 'but' or 'because'."""

    conj: str
    first: Spec
    second: Spec
    end: bool


# (English role order, Chinese role order). Roles: S subject, A finite auxiliary or copula, B 'be' after
# 'will', X 'want to'/'like to', N negation, M adverb, V verb, O object/predicate, P place, T time,
# W wh-phrase, J adjective, C 'than' phrase, H 'there', R 'very much', Y 吗, F fixed phrase, E end mark.
ORDERS = {
    ("vp", "stmt"): ("SAMXVOPTE", "STMAXPVOE"),
    ("vp", "very"): ("SVORE", "SRVOE"),
    ("vp", "neg"): ("SANXVOPTE", "STNAXPVOE"),
    ("vp", "yn"): ("ASXVOPTE", "STAXPVOYE"),
    ("vp", "or"): ("ASXVOE", "SAXVOE"),
    ("vp", "what"): ("WASXVPTE", "STAXPVWE"),
    ("vp", "who"): ("WAXVOPTE", "WTAXPVOE"),
    ("vp", "where"): ("WASXVOTE", "STAXWVOE"),
    ("vp", "whereto"): ("WASXVTE", "STAXVWE"),
    ("vp", "when"): ("WASXVOPE", "SWAXPVOE"),
    ("vp", "why"): ("WASXVOPTE", "SWTAXPVOE"),
    ("vp", "howmany"): ("WASXVPTE", "STAXPVWE"),
    ("adj", "stmt"): ("SAMBJTE", "STMAJE"),
    ("adj", "neg"): ("SANBJTE", "STNAJE"),
    ("adj", "yn"): ("ASBJTE", "STAJYE"),
    ("adj", "how"): ("WASE", "SWE"),
    ("noun", "stmt"): ("SAMOE", "SMAOE"),
    ("noun", "neg"): ("SANOE", "SNAOE"),
    ("noun", "yn"): ("ASOE", "SAOYE"),
    ("noun", "what"): ("WASE", "SAWE"),
    ("noun", "who"): ("WASE", "SAWE"),
    ("loc", "stmt"): ("SAMBOTE", "STMAOE"),
    ("loc", "neg"): ("SANBOTE", "STNAOE"),
    ("loc", "yn"): ("ASBOTE", "STAOYE"),
    ("loc", "where"): ("WASBTE", "STAWE"),
    ("cmp", "stmt"): ("SAJCE", "SCJE"),
    ("cmp", "yn"): ("ASJCE", "SCJYE"),
    ("there", "stmt"): ("HAOPE", "PAOE"),
    ("there", "neg"): ("HANOPE", "PNAOE"),
    ("there", "yn"): ("AHOPE", "PAOYE"),
    ("fixed", "stmt"): ("FE", "FE"),
}
QUESTIONS = frozenset({"yn", "or", "what", "who", "where", "whereto", "when", "why", "howmany", "how"})
WH = {"what": ("what", "什么"), "who": ("who", "谁"), "where": ("where", "在哪里"), "whereto": ("where", "哪里"),
      "when": ("when", "什么时候"), "why": ("why", "为什么"), "how": ("how", "怎么样")}
CONJ = {"but": "但是", "because": "因为"}

POSSESSIVES = {p.poss: p.zh for k, p in PRONOUNS.items() if p.poss}
_AN_EXCEPTIONS = frozenset({"useful", "one"})
ABSTRACT = frozenset({"lang", "subj", "sport", "meal", "work"})


def is_pronoun(np: NP | None) -> bool:
    """A pronoun NP (its noun is a pronoun key)."""
    return np is not None and np.noun in PRONOUNS


def third_person(np: NP | None) -> bool:
    """Does this subject take 'is'/'does'/-s ('who' when None)?"""
    if np is None:
        return True
    if is_pronoun(np):
        return PRONOUNS[np.noun].third
    return not np.plural


def be_form(np: NP | None, past: bool) -> str:
    """am/is/are or was/were agreeing with the subject."""
    if np is not None and np.noun == "i":
        return "was" if past else "am"
    if third_person(np):
        return "was" if past else "is"
    return "were" if past else "are"


def gen_parts(det: str) -> tuple[str, str]:
    """A possessor determiner 'my friend 's' -> ('my', 'friend')."""
    first, noun, _ = det.split()
    return first, noun


def is_gen(det: str | None) -> bool:
    """A possessor determiner ('my friend 's', 'the teacher 's')."""
    return det is not None and det.endswith(" 's")


def _det_piece(np: NP, noun: Noun, pred: bool) -> Piece:
    """The determiner in both languages (the measure word goes with a container when there is one)."""
    det = np.det
    m = "" if np.unit else noun.mw
    if det is None:
        return EMPTY
    if det == "a":
        return piece("a", "" if pred else "一" + m, None if pred else "0" * (1 + len(m)))
    if det in NUMBERS:
        zh, links = NUMBERS[det]
        return piece(det, zh + m, links + links[-1] * len(m))
    if det == "the":
        return piece("the", "")
    if det in ("this", "that"):
        return piece(det, ("这" if det == "this" else "那") + m)
    if det in ("these", "those"):
        return piece(det, "这些" if det == "these" else "那些")
    if det == "how many":
        return piece(det, "几" + m, "0" + "1" * len(m))
    if det == "how much":
        return piece(det, "多少", "01")
    if det in POSSESSIVES:
        zh = POSSESSIVES[det]
        kin = noun.kin and np.adj is None
        return piece(det, zh if kin else zh + "的", "0" * len(zh) + ("" if kin else "-"))
    first, owner = gen_parts(det)
    own = NOUNS[owner].zh
    head = POSSESSIVES.get(first, "")
    return piece(det, head + own + "的", "0" * len(head) + "1" * len(own) + "-")


def noun_form(noun: Noun, plural: bool) -> str:
    """The English form: plural when plural and countable, the plural of plural-only nouns, else singular."""
    return noun.pl if (plural and noun.pl) or not noun.sg else noun.sg


def _article(en: tuple[str, ...]) -> tuple[str, ...]:
    """'a' -> 'an' before a vowel sound."""
    if len(en) > 1 and en[0] == "a" and en[1][0] in "aeiou" and en[1] not in _AN_EXCEPTIONS:
        return ("an", *en[1:])
    return en


@lru_cache(maxsize=1 << 16)
def np_piece(np: NP, case: str = "subj", pred: bool = False, drop_one: bool = False) -> Piece:
    """Render a noun phrase; pred: no 一+measure after 是 and no 们; drop_one: no 一+measure after 没有."""
    if is_pronoun(np):
        pron = PRONOUNS[np.noun]
        return piece(pron.subj if case == "subj" else pron.obj, pron.zh)
    noun = NOUNS[np.noun]
    parts = [_det_piece(np, noun, pred or drop_one)]
    if np.unit:
        unit = np.unit + ("s" if np.det != "a" else "")
        parts.append(piece(f"{unit} of", noun.units[np.unit], "0"))
    if np.adj:
        adj = ADJS[np.adj]
        if np.very:
            parts.append(piece(f"very {adj.en}", "很" + adj.zh + "的", "0" + "1" * len(adj.zh) + "-"))
        else:
            parts.append(piece(adj.en, adj.zh + ("的" if adj.attr == "de" else "")))
    plural_mark = np.plural and noun.person and noun.sg and not pred and (np.det == "the" or np.det in POSSESSIVES)
    parts.append(piece(noun_form(noun, np.plural), noun.zh + ("们" if plural_mark else "")))
    en, zh, links = join(*parts)
    return _article(en), zh, links


@lru_cache(maxsize=1 << 14)
def place_piece(place: Place, zai: bool = True) -> Piece:
    """'in the room' -> 在房间里 (在 and the localiser align to the preposition); zai=False drops 在."""
    noun = NOUNS[place.noun]
    loc = noun.preps[place.prep]
    det = "" if place.det in (None, "the") else POSSESSIVES[place.det] + "的"
    en = " ".join(w for w in (place.prep, place.det, noun.sg) if w)
    noun_at = 2 if place.det else 1
    links = ("0" if zai else "") + "1" * (len(det) - 1) + "-" * bool(det) + str(noun_at) * len(noun.zh) + "0" * len(loc)
    return piece(en, ("在" if zai else "") + det + noun.zh + loc, links)


def time_piece(key: str) -> Piece:
    """A time phrase."""
    return _TIME_PIECES[key]


_TIME_PIECES = {en: piece(en, zh, links) for group in TIMES.values() for en, zh, links in group}


def _object_noun(obj: NP | Coord | None) -> str | None:
    """The noun of a simple object (for verb-object collocations)."""
    return obj.noun if isinstance(obj, NP) else None


def verb_zh(verb_key: str, obj: NP | Coord | None) -> str:
    """The verb's Chinese: with its object's collocation, its intransitive form, or its usual one."""
    verb = VERBS[verb_key]
    colloc = COLLOCATIONS.get((verb.base, _object_noun(obj)))
    if colloc:
        return colloc[0]
    return verb.zh if obj is not None or verb.intr is None else verb.intr


def _finite(s: Spec, has_aux: bool) -> str:
    """Which English form of the verb the sentence uses."""
    if s.tense == "prog":
        return "ing"
    if has_aux or s.tense not in ("pres", "past"):
        return "base"
    if s.tense == "past":
        return "past"
    return "third" if third_person(s.subj) else "base"


def _aux(s: Spec) -> Piece | None:
    """The finite auxiliary of a verb sentence (English) with its Chinese tense/modal marker."""
    if s.tense == "fut":
        return piece("will", "会")
    if s.tense == "can":
        return piece("can", "能")
    if s.tense == "prog":
        return piece(be_form(s.subj, False), "正在", "00")
    if s.mood in ("stmt", "very", "who"):
        return None
    if s.tense == "past":
        return piece("did", "")
    return piece("does" if third_person(s.subj) else "do", "")


def _modal(s: Spec, finite: bool) -> Piece | None:
    """'want to' -> 想, 'like to' -> 喜欢 (with -s when it carries the tense)."""
    if s.tense not in ("want", "liketo"):
        return None
    word = "want" if s.tense == "want" else "like"
    word += "s" if finite and third_person(s.subj) else ""
    zh = "想" if s.tense == "want" else "喜欢"
    return piece(f"{word} to", zh, "0" * len(zh))


def _obj_piece(s: Spec) -> Piece | None:
    """The object of a verb sentence: NP, coordination or destination."""
    obj = s.obj
    if obj is None or s.mood == "howmany":
        return None
    verb = VERBS[s.head]
    if isinstance(obj, Coord):
        joiner = piece(obj.conj, "和" if obj.conj == "and" else "还是")
        return join(np_piece(obj.first, "obj"), joiner, np_piece(obj.second, "obj"))
    if "motion" in verb.flags:
        to = EMPTY if obj.noun == "home" else piece("to", "", "")
        return join(to, np_piece(obj, "obj"))
    drop = s.mood == "neg" and verb.key == "have" and obj.det == "a"
    return np_piece(obj, "obj", drop_one=drop)


def _common(s: Spec) -> dict[str, Piece | None]:
    """Roles shared by all forms: subject, place, time, adverb, 吗, end mark."""
    question = s.mood in QUESTIONS
    return {
        "S": None if s.subj is None else np_piece(s.subj, "subj"),
        "P": s.place and place_piece(s.place, zai=s.form != "there"),
        "T": s.time and time_piece(s.time),
        "M": s.adv and piece(s.adv, ADVERBS[s.adv]),
        "Y": piece("", "吗", "A") if s.mood == "yn" else None,
        "E": (piece("?", "？") if question else piece(".", "。")) if s.end else None,
        "N": piece("not", "不") if s.mood == "neg" else None,
        "W": piece(*WH[s.mood]) if s.mood in WH else None,
    }


def _vp_roles(s: Spec) -> dict[str, Piece | None]:
    """Roles of a verb sentence."""
    aux = _aux(s)
    modal = _modal(s, aux is None)
    verb = VERBS[s.head]
    le = "了" if s.tense == "past" and s.mood != "neg" else ""
    zh = verb.zh if s.mood == "what" else verb_zh(s.head, s.obj)
    roles = _common(s)
    roles.update({
        "A": aux, "X": modal, "V": piece(getattr(verb, _finite(s, aux is not None or modal is not None)), zh + le,
                                         "0" * (len(zh) + len(le))),
        "O": _obj_piece(s), "R": piece("very much", "很", "0"),
    })
    if s.mood == "neg":
        roles["N"] = piece("not", "没" if s.tense == "past" or s.head == "have" else "不")
    if s.mood == "howmany":
        roles["W"] = np_piece(s.obj, "obj")
    return roles


def _adj_piece(s: Spec) -> Piece | None:
    """The predicate adjective: 很 (aligned to the copula) or 非常 ('very') before it in statements."""
    if s.obj is None:
        return None
    adj = ADJS[s.obj.adj]
    if s.obj.very:
        return piece(f"very {adj.en}", "非常" + adj.zh, "00" + "1" * len(adj.zh))
    if s.mood == "stmt":
        return piece(adj.en, "很" + adj.zh, "A" + "0" * len(adj.zh))
    return piece(adj.en, adj.zh)


def weather(s: Spec) -> bool:
    """'it is cold today' -> 今天很冷: dummy 'it' with a weather adjective and a time."""
    return (s.form == "adj" and s.obj is not None and s.subj is not None and s.subj.noun == "it"
            and s.time is not None and "weather" in ADJS[s.obj.adj].classes)


def _copula(s: Spec) -> Piece:
    """The copula with its Chinese: 是 (X is N), 有 (there is), 会 (will be), or nothing."""
    if s.tense == "fut":
        return piece("will", "会")
    if s.form == "there":
        return piece("are" if s.obj.plural else "is", "有")
    word = be_form(s.subj, s.tense == "past")
    return piece(word, "是" if s.form == "noun" else "")


def _be_roles(s: Spec) -> dict[str, Piece | None]:
    """Roles of a sentence with 'be' (adjective, noun, location, comparison, existence)."""
    roles = _common(s)
    roles["A"] = _copula(s)
    roles["B"] = piece("be", "") if s.tense == "fut" else None
    if s.form == "adj":
        roles["J"] = _adj_piece(s)
        if weather(s):
            roles["S"] = piece("it", "")
    elif s.form == "noun":
        roles["O"] = s.obj and np_piece(s.obj, "obj", pred=True)
    elif s.form == "loc":
        roles["O"] = s.obj and place_piece(s.obj)
    elif s.form == "cmp":
        adj = ADJS[s.head]
        more = adj.cmp.startswith("more ")
        roles["J"] = piece(adj.cmp, adj.zh, ("1" if more else "0") * len(adj.zh))
        roles["C"] = join(piece("than", "比"), np_piece(s.obj, "obj"))
    elif s.form == "there":
        roles["H"] = piece("there", "")
        roles["O"] = np_piece(s.obj, "obj")
        roles["N"] = piece("no", "没") if s.mood == "neg" else None
    return roles


def render(s: Spec | Compound) -> Pair:
    """Render a spec into its (unique) sentence pair."""
    if isinstance(s, Compound):
        return _render_compound(s)
    if s.form == "fixed":
        roles = {"F": piece(s.head, FIXED[s.head], FIXED_LINKS[s.head]), "E": s.end and piece(".", "。")}
    else:
        roles = _vp_roles(s) if s.form == "vp" else _be_roles(s)
    return assemble(roles, *ORDERS[s.form, s.mood])


def _render_compound(c: Compound) -> Pair:
    """'i like cats but he likes dogs' -> 我喜欢猫，但是他喜欢狗 (， and the conjunction align to it)."""
    first, second = render(c.first), render(c.second)
    zh_conj = CONJ[c.conj]
    roles = {"1": (first.en, first.zh, first.zh_to_en), "C": piece(c.conj, "，" + zh_conj, "0" * (1 + len(zh_conj))),
             "2": (second.en, second.zh, second.zh_to_en), "E": c.end and piece(".", "。")}
    return assemble(roles, "1C2E", "1C2E")
