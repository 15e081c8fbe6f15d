"""Random specs: a weighted mix of constructions that spreads use evenly over the lexicon."""
from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate

from model.corpus.grammar import ABSTRACT, NP, POSSESSIVES, AdjP, Compound, Coord, Place, Spec
from model.corpus.lexicon import ADJS, ADVERBS, COLLOCATIONS, FIXED, NOUNS, NUMBERS, PERSONAL, PRONOUNS, TIMES, VERBS
from model.corpus.rules import (
    BE_TIME_GROUPS,
    CLAUSE_TENSES,
    STATIVE_TENSES,
    TENSES,
    THERE_CATEGORIES,
    TIME_GROUPS,
    countable,
    np_ok,
    object_ok,
    place_ok,
    valid,
)


def _pick(rng: random.Random, seq):
    """rng.choice, faster."""
    return seq[int(rng.random() * len(seq))]


class Weights:
    """A weight table to draw keys from."""

    def __init__(self, weights: dict) -> None:
        self.keys = list(weights)
        self.cum = list(accumulate(weights.values()))

    def draw(self, rng: random.Random):
        """A key drawn with probability proportional to its weight."""
        return self.keys[bisect(self.cum, rng.random() * self.cum[-1])]


SHAPES = {
    ("vp", "stmt"): 30, ("vp", "neg"): 7, ("vp", "yn"): 8, ("vp", "or"): 1.5, ("vp", "very"): 1,
    ("vp", "what"): 3.5, ("vp", "who"): 3, ("vp", "where"): 2, ("vp", "whereto"): 1.5, ("vp", "when"): 1.5,
    ("vp", "why"): 2.5, ("vp", "howmany"): 2.5,
    ("adj", "stmt"): 6, ("adj", "neg"): 2, ("adj", "yn"): 2, ("adj", "how"): 0.3,
    ("noun", "stmt"): 3, ("noun", "neg"): 1, ("noun", "yn"): 1, ("noun", "what"): 0.4, ("noun", "who"): 0.4,
    ("loc", "stmt"): 2.5, ("loc", "neg"): 0.7, ("loc", "yn"): 0.8, ("loc", "where"): 0.8,
    ("cmp", "stmt"): 5, ("cmp", "yn"): 1.5, ("there", "stmt"): 4, ("there", "neg"): 2, ("there", "yn"): 1.5,
    ("fixed", "stmt"): 0.6, ("compound", "but"): 1.5, ("compound", "because"): 1.5,
}
TENSE_WEIGHTS = {"pres": 36, "past": 22, "fut": 13, "can": 6, "want": 6, "liketo": 4, "prog": 20}
_PEOPLE = [p for p in PERSONAL if p != "it"]
_SUBJECT_PRONOUNS = Weights({"i": 1, "you": 1, "he": 2, "she": 2, "we": 0.6, "they": 0.6})
_PERSONS = [k for k, n in NOUNS.items() if n.person]
_OWNERS = [k for k in _PERSONS if NOUNS[k].sg and not NOUNS[k].nopos]
_BY_CATEGORY: dict[str, list[str]] = {}
for _key, _noun in NOUNS.items():
    _BY_CATEGORY.setdefault(_noun.category, []).append(_key)
_OBJECTS = {v: [k for k, n in NOUNS.items() if n.tags & verb.objects or (verb.base, k) in COLLOCATIONS]
            for v, verb in VERBS.items()}
_OBJECT_VERBS = [v for v in VERBS if _OBJECTS[v]]
_ALL_VERBS, _ALL_NOUNS, _POSSESSIVES = list(VERBS), list(NOUNS), list(POSSESSIVES)
_VERBS_OF = {n: [v for v in _OBJECT_VERBS if n in _OBJECTS[v]] for n in NOUNS}
_COLLOCATED = {n: [v for v in VERBS if VERBS[v].base == b] for b, n in COLLOCATIONS}
_COLLOCATED_NOUNS = list(_COLLOCATED)
_PLACES = [(k, prep) for k, n in NOUNS.items() for prep in n.preps]
_DESTINATIONS = [k for k, n in NOUNS.items() if n.category in ("place", "room")]
_PRED_ADJS = [k for k, a in ADJS.items() if a.pred]
_CMP_ADJS = [k for k, a in ADJS.items() if a.cmp and a.classes & set(_BY_CATEGORY)]
_ATTR_ADJS = {c: [k for k, a in ADJS.items() if a.attr != "none" and c in a.classes] for c in _BY_CATEGORY}
_SMALL = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
_TEENS = [n for n in NUMBERS if n.endswith("teen") or n in ("eleven", "twelve")]
_LARGE = [n for n in NUMBERS if n not in _SMALL and n not in _TEENS]


def _how_many(noun: str) -> NP:
    """'how many cats' / 'how much water'."""
    counted = countable(NOUNS[noun])
    return NP("how many" if counted else "how much", None, False, None, noun, counted)


_HOW_MANY = {v: [n for n in _OBJECTS[v] if object_ok(VERBS[v], _how_many(n), "howmany")] for v in VERBS}
_VP_PLACES = [(k, prep) for k, prep in _PLACES if NOUNS[k].category in ("place", "room", "vehicle")]


def _verbs_for(objects: bool, how_many: bool, tense: str) -> list[str]:
    """Verbs usable in a tense (statives only in some), with objects / how many objects if asked."""
    def fits(v: str) -> bool:
        verb = VERBS[v]
        if "stative" in verb.flags and tense not in STATIVE_TENSES or tense == "prog" and "place" in verb.flags:
            return False
        has_objects = bool(_OBJECTS[v]) and "motion" not in verb.flags
        return (not objects or has_objects) and (not how_many or bool(_HOW_MANY[v]))
    return [v for v in VERBS if fits(v)]


_VERBS_FOR = {(o, h, t): _verbs_for(o, h, t) for o in (False, True) for h in (False, True) for t in TENSE_WEIGHTS}
_VERBS_OF_FOR = {k: {n: [v for v in _VERBS_OF[n] if v in verbs] for n in NOUNS} for k, verbs in _VERBS_FOR.items()}
_COLLOCATED_FOR = {k: {n: [v for v in vs if v in verbs] for n, vs in _COLLOCATED.items()}
                   for k, verbs in _VERBS_FOR.items()}
_THINGS = [k for k, n in NOUNS.items() if n.category not in ABSTRACT and not n.bare]
_THERE_NOUNS = [k for k, n in NOUNS.items() if n.category in THERE_CATEGORIES]
_TENSE_CHOICES = {shape: Weights({t: TENSE_WEIGHTS[t] for t in TENSES.get(shape, ("pres",))}) for shape in SHAPES}
_SHAPES = Weights(SHAPES)
_SUBJECT_DETS = Weights({"the": 3, "poss": 3, "gen": 1, "dem": 1})
_PRED_DETS = {False: Weights({"a": 3, "poss": 2, "gen": 1}), True: Weights({"generic": 3, "poss": 1.5, "gen": 0.5})}
_THERE_DETS = {True: Weights({"generic": 1}), False: Weights({"a": 3, "num": 2, "generic": 1, "unit": 1})}
_DET_WEIGHTS = Weights({"a": 3, "num": 3, "generic": 4, "the": 2, "dem": 1.2, "poss": 2, "gen": 0.8, "unit": 2})
_POSSESSORS = [p for p in POSSESSIVES if p != "its"] + ["the"]
_ADVERBS = list(ADVERBS)


def _number(rng: random.Random) -> str:
    """A number word: small numbers most often, every tens and teens word regularly."""
    r = rng.random()
    if r < 0.05:
        return "one hundred"
    return _pick(rng, _SMALL if r < 0.5 else _TEENS if r < 0.7 else _LARGE)


def _possessor(rng: random.Random) -> str:
    """A possessor determiner: 'my friend 's' or 'the teacher 's'."""
    owner = _pick(rng, _OWNERS)
    first = _pick(rng, _POSSESSORS)
    return f"{first} {NOUNS[owner].sg or owner} 's"


def _det(rng: random.Random, kind: str, noun: str) -> tuple[str | None, str | None, bool]:
    """(determiner, container, plural) of one determiner kind for a noun."""
    n = NOUNS[noun]
    plural = rng.random() < 0.3 and bool(n.pl)
    if kind in ("a", "num") and n.units and (not n.mw or rng.random() < 0.5):
        kind = "unit"
    if kind == "a":
        return "a", None, False
    if kind == "num":
        return _number(rng), None, True
    if kind == "unit":
        det = "a" if rng.random() < 0.5 else _number(rng)
        return det, _pick(rng, list(n.units)) if n.units else None, det != "a"
    if kind == "generic":
        return None, None, bool(n.pl) or not n.sg
    if kind == "the":
        return "the", None, plural and n.person or not n.sg
    if kind == "dem":
        plural = plural or not n.sg
        return _pick(rng, ["these", "those"] if plural else ["this", "that"]), None, plural
    det = _pick(rng, _POSSESSIVES) if kind == "poss" else _possessor(rng)
    return det, None, (plural and n.person and kind == "poss") or not n.sg


def _np(rng: random.Random, noun: str, slot: str, kinds: Weights, adj_rate: float = 0.0) -> NP:
    """A random NP of a noun with a determiner kind drawn from kinds (may be invalid: callers check)."""
    kind = kinds.draw(rng)
    det, unit, plural = _det(rng, kind, noun)
    n = NOUNS[noun]
    if n.bare or n.category in ABSTRACT:
        det, unit, plural = None, None, False
    adj, very = None, False
    adjs = _ATTR_ADJS.get(n.category)
    if adjs and rng.random() < adj_rate:
        adj = _pick(rng, adjs)
        very = rng.random() < 0.25
    return NP(det, unit, very, adj, noun, plural)


def _retry(rng: random.Random, make, ok, tries: int = 8):
    """The first of a few random candidates that passes the check (or None)."""
    for _ in range(tries):
        x = make(rng)
        if ok(x):
            return x
    return None


def _pronoun(key: str) -> NP:
    """A pronoun NP."""
    return NP(None, None, False, None, key, PRONOUNS[key].plural)


def _subject(rng: random.Random, categories: list[str], pronoun_rate: float = 0.45) -> NP | None:
    """A subject of one of the categories: a personal pronoun for people, else a definite NP."""
    category = _pick(rng, categories)
    if category == "person" and rng.random() < pronoun_rate:
        return _pronoun(_SUBJECT_PRONOUNS.draw(rng))
    return _retry(rng, lambda r: _np(r, _pick(r, _BY_CATEGORY[category]), "subj", _SUBJECT_DETS),
                  lambda np: np_ok(np, "subj"))


def _object(rng: random.Random, verb: str, mood: str, noun: str | None = None, pronoun: bool = True) -> NP | None:
    """A random object the verb takes (pronouns sometimes for verbs of people)."""
    if pronoun and "person" in VERBS[verb].objects and rng.random() < 0.25:
        return _pronoun(_pick(rng, PERSONAL))
    nouns = [noun] if noun else _OBJECTS[verb]
    return _retry(rng, lambda r: _np(r, _pick(r, nouns), "obj", _DET_WEIGHTS, 0.3),
                  lambda np: object_ok(VERBS[verb], np, mood))


def _place(rng: random.Random, there: bool = False, places: list | None = None) -> Place | None:
    """A random place phrase (from places, default: any noun with a preposition)."""
    def make(r: random.Random) -> Place:
        noun, prep = _pick(r, places or _PLACES)
        det = None if NOUNS[noun].bare else "the" if r.random() < 0.6 else _pick(r, _POSSESSIVES)
        return Place(prep, det, noun)
    return _retry(rng, make, lambda p: place_ok(p, there))


def _time(rng: random.Random, group: str, rate: float) -> str | None:
    """A time phrase of a group, with some probability."""
    return _pick(rng, TIMES[group])[0] if rng.random() < rate else None


def _destination(rng: random.Random, verb: str) -> NP | None:
    """Where a motion verb goes: 'to school', 'to the park', 'home'."""
    r = rng.random()
    noun = "home" if r < 0.15 and verb == "go" else "school" if r < 0.25 else _pick(rng, _DESTINATIONS)
    det = None if NOUNS[noun].bare else "the" if rng.random() < 0.6 else _pick(rng, _POSSESSIVES)
    np = NP(det, None, False, None, noun, False)
    return np if object_ok(VERBS[verb], np, "stmt") else None


def _vp_object(rng: random.Random, verb: str, mood: str, noun: str | None):
    """The object slot of a verb sentence for its mood (about noun if given)."""
    v = VERBS[verb]
    if mood in ("what", "whereto"):
        return None
    if "motion" in v.flags:
        return None if rng.random() < 0.2 else _destination(rng, verb)
    if mood == "howmany":
        return _how_many(noun if noun in _HOW_MANY[verb] else _pick(rng, _HOW_MANY[verb]))
    if not v.objects or (v.intr is not None and rng.random() < 0.25 and mood != "or"):
        return None
    if mood == "or" or (mood in ("stmt", "yn") and rng.random() < 0.08):
        first, second = _object(rng, verb, mood, noun, False), _object(rng, verb, mood, None, False)
        return first and second and Coord(first, "or" if mood == "or" else "and", second)
    return _object(rng, verb, mood, noun)


def _pick_verb(rng: random.Random, mood: str, tense: str) -> tuple[str, str | None]:
    """A verb for the mood and tense, and sometimes the object noun it was chosen for (so every noun gets used)."""
    if mood == "whereto":
        return "go", None
    if mood == "very":
        return ("like" if rng.random() < 0.6 else "love"), None
    verbs = _VERBS_FOR[mood in ("what", "howmany", "or"), mood == "howmany", tense]
    if rng.random() < 0.72 or mood in ("what", "howmany"):
        return _pick(rng, verbs), None
    noun = _pick(rng, _ALL_NOUNS if rng.random() < 0.9 else _COLLOCATED_NOUNS)
    key = mood in ("what", "howmany", "or"), mood == "howmany", tense
    fitting = rng.random() < 0.5 and _COLLOCATED_FOR[key].get(noun) or _VERBS_OF_FOR[key][noun]
    return (_pick(rng, fitting), noun) if fitting else (_pick(rng, verbs), None)


def _vp(rng: random.Random, mood: str, tense: str) -> Spec:
    """A verb sentence."""
    verb, noun = _pick_verb(rng, mood, tense)
    v = VERBS[verb]
    stative, where = "stative" in v.flags, mood in ("where", "whereto", "or", "very")
    categories = ["person"] * 4 + (["animal"] if "animal" in v.flags else [])
    subj = None if mood == "who" else _subject(rng, categories)
    obj = _vp_object(rng, verb, mood, noun)
    placeable = not (stative or "motion" in v.flags or tense == "prog" or where)
    place = _place(rng, places=_VP_PLACES) if placeable and (rng.random() < 0.3 or "place" in v.flags) else None
    timed = mood not in ("when", "or", "very") and not (stative and TIME_GROUPS[tense] != "future")
    timed = timed and not (mood == "neg" and TIME_GROUPS[tense] == "habit")
    time = _time(rng, TIME_GROUPS[tense], 0.3) if timed else None
    adv = None
    if mood == "stmt" and rng.random() < 0.12 and tense not in ("past", "prog"):
        adv = _pick(rng, _ADVERBS) if tense == "pres" and not (time or "").startswith("every") else "also"
    return Spec("vp", mood, tense, subj, verb, obj, place, time, adv, rng.random() < 0.5)


def _adj(rng: random.Random, mood: str, tense: str) -> Spec:
    """An adjective predicate."""
    if mood == "how":
        return Spec("adj", mood, "pres", _subject(rng, ["person"]), end=rng.random() < 0.5)
    adj = ADJS[_pick(rng, _PRED_ADJS)]
    time = _time(rng, BE_TIME_GROUPS[tense], 1.0 if tense == "past" else 0.25)
    categories = [c for c in sorted(adj.classes) if c in _BY_CATEGORY]
    if "weather" in adj.classes and (rng.random() < 0.5 or not categories):
        subj, time = _pronoun("it"), time or _time(rng, BE_TIME_GROUPS[tense], 1.0)
    elif rng.random() < 0.1:
        subj = _pronoun(_pick(rng, ["it", "this", "that", "these", "those"]))
    else:
        subj = _subject(rng, categories)
    very = mood == "stmt" and rng.random() < 0.3
    adv = "also" if mood == "stmt" and tense == "pres" and rng.random() < 0.1 else None
    return Spec("adj", mood, tense, subj, obj=AdjP(very, adj.key), time=time, adv=adv, end=rng.random() < 0.5)


def _noun(rng: random.Random, mood: str, tense: str) -> Spec:
    """'X is a N' and what/who is X."""
    if mood == "what" or rng.random() < 0.35:
        subj = _pronoun(_pick(rng, ["this", "that", "these", "those", "it"]))
        nouns = _THINGS
    else:
        subj = _subject(rng, ["person"], 0.6)
        nouns = _PERSONS
    obj = None
    if mood not in ("what", "who") and subj is not None:
        plural = subj.plural
        kinds = _PRED_DETS[plural]
        obj = _retry(rng, lambda r: _np(r, _pick(r, nouns), "pred", kinds)._replace(plural=plural),
                     lambda np: np_ok(np, "pred"))
    adv = "also" if mood == "stmt" and rng.random() < 0.1 else None
    return Spec("noun", mood, "pres", subj, obj=obj, adv=adv, end=rng.random() < 0.5)


def _loc(rng: random.Random, mood: str, tense: str) -> Spec:
    """'X is in the room' / 'where is X'."""
    category = _pick(rng, ["person", "person", "animal", "thing", "read", "cloth"])
    subj = _subject(rng, [category], 0.5) if category == "person" or rng.random() < 0.85 else _pronoun("it")
    place = None if mood == "where" else _place(rng)
    time = _time(rng, BE_TIME_GROUPS[tense], 1.0 if tense == "past" else 0.3)
    adv = "also" if mood == "stmt" and tense == "pres" and rng.random() < 0.05 else None
    return Spec("loc", mood, tense, subj, obj=place, time=time, adv=adv, end=rng.random() < 0.5)


def _cmp(rng: random.Random, mood: str, tense: str) -> Spec:
    """'X is bigger than Y'."""
    adj = ADJS[_pick(rng, _CMP_ADJS)]
    category = _pick(rng, [c for c in sorted(adj.classes) if c in _BY_CATEGORY])
    subj = _subject(rng, [category], 0.4)
    if category == "person" and rng.random() < 0.3:
        other = _pronoun(_pick(rng, _PEOPLE))
    else:
        other = _subject(rng, [category], 0.0)
    return Spec("cmp", mood, "pres", subj, adj.key, other, end=rng.random() < 0.5)


def _there(rng: random.Random, mood: str, tense: str) -> Spec:
    """'there is a cat on the table'."""
    noun = _pick(rng, _THERE_NOUNS if rng.random() < 0.7 else _DESTINATIONS)
    obj = _np(rng, noun, "there", _THERE_DETS[mood == "neg"], 0.0 if mood == "neg" else 0.2)
    return Spec("there", mood, "pres", obj=obj, place=_place(rng, there=True), end=rng.random() < 0.5)


def _fixed(rng: random.Random, mood: str, tense: str) -> Spec:
    """A fixed everyday phrase."""
    return Spec("fixed", "stmt", "pres", head=_pick(rng, list(FIXED)), end=rng.random() < 0.3)


def _clause(rng: random.Random) -> Spec:
    """A plain statement for a compound sentence."""
    if rng.random() < 0.35:
        return _adj(rng, "stmt", "pres")._replace(time=None, adv=None, end=False)
    tense = _pick(rng, CLAUSE_TENSES)
    return _vp(rng, "stmt", tense)._replace(place=None, time=None, adv=None, end=False)


_FORMS = {"vp": _vp, "adj": _adj, "noun": _noun, "loc": _loc, "cmp": _cmp, "there": _there, "fixed": _fixed}


def sample_spec(rng: random.Random) -> Spec | Compound:
    """A random spec inside the grammar."""
    while True:
        form, mood = _SHAPES.draw(rng)
        if form == "compound":
            spec = Compound(mood, _clause(rng), _clause(rng), rng.random() < 0.5)
        else:
            tense = _TENSE_CHOICES[form, mood].draw(rng)
            spec = _FORMS[form](rng, mood, tense)
        if valid(spec):
            return spec
