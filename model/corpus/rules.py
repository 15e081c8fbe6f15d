"""Which specs are inside the grammar: the constraints the sampler obeys and the parser checks."""
from __future__ import annotations

from functools import lru_cache

from model.corpus.grammar import (
    ABSTRACT,
    NP,
    ORDERS,
    POSSESSIVES,
    AdjP,
    Compound,
    Coord,
    Place,
    Spec,
    gen_parts,
    is_gen,
    is_pronoun,
    weather,
)
from model.corpus.lexicon import (
    ADJS,
    ADVERBS,
    COLLOCATIONS,
    FIXED,
    FREQUENCY,
    NOUNS,
    NUMBERS,
    PERSONAL,
    PRONOUNS,
    TIMES,
    VERBS,
    Noun,
    Verb,
)

ALL = ("pres", "past", "fut", "can", "want", "liketo", "prog")
TENSES = {
    ("vp", "stmt"): ALL, ("vp", "very"): ("pres",), ("vp", "neg"): ALL[:6], ("vp", "yn"): ALL,
    ("vp", "or"): ("pres", "fut", "can", "want"), ("vp", "what"): ALL, ("vp", "who"): ALL,
    ("vp", "where"): ("pres", "fut", "can", "want"), ("vp", "whereto"): ("pres", "past", "fut", "want"),
    ("vp", "when"): ("pres", "fut"),
    ("vp", "why"): ALL[:4], ("vp", "howmany"): ("pres", "past", "fut", "want"),
    ("adj", "stmt"): ALL[:3], ("adj", "neg"): ALL[:3], ("adj", "yn"): ALL[:3], ("adj", "how"): ("pres",),
    ("loc", "stmt"): ALL[:3], ("loc", "neg"): ALL[:3], ("loc", "yn"): ALL[:3], ("loc", "where"): ALL[:3],
}
# Time phrases by (form, tense); vp tenses not listed take none.
TIME_GROUPS = {"pres": "habit", "past": "past", "fut": "future", "can": "future", "want": "future",
               "liketo": "habit", "prog": "now"}
BE_TIME_GROUPS = {"pres": "now", "past": "past", "fut": "future"}
TIME_OF: dict[str, set[str]] = {}
for _group, _phrases in TIMES.items():
    for _en, _, _ in _phrases:
        TIME_OF.setdefault(_en, set()).add(_group)
STATIVE_TENSES = ("pres", "fut", "want")
THERE_CATEGORIES = frozenset({"animal", "person", "food", "mfood", "drink", "thing", "read", "cloth", "furn",
                              "plant", "vehicle", "instr", "place", "room"})
CLAUSE_TENSES = ("pres", "past", "fut", "can", "want")
THINGS = frozenset({"thing", "food", "mfood", "drink", "cloth", "read", "media", "furn", "vehicle", "instr", "plant"})
# Adjectives with two senses for things ('delicious': 好吃/好喝): 'this is delicious' would have two translations.
_TWO_SENSES = frozenset(a.en for a in ADJS.values()
                        if sum(b.en == a.en and bool(b.classes & (THINGS | {"animal"})) for b in ADJS.values()) > 1)
GENDERS = {**dict.fromkeys(("he", "man", "boy", "father", "brother", "son", "husband", "grandfather", "uncle", "king",
                            "policeman"), "m"),
           **dict.fromkeys(("she", "woman", "girl", "mother", "sister", "daughter", "wife", "grandmother", "aunt"),
                           "f")}


def countable(noun: Noun) -> bool:
    """Counted with a measure word (has a singular and a plural)."""
    return bool(noun.mw)


@lru_cache(maxsize=1 << 16)
def np_ok(np: NP, slot: str) -> bool:
    """Is the NP well formed for a slot (subj, obj, pred, cmp, there, wh)?"""
    if is_pronoun(np):
        return _pronoun_ok(np, slot)
    noun = NOUNS.get(np.noun)
    if noun is None or (np.unit is not None and np.unit not in noun.units):
        return False
    return _number_ok(np, noun) and _det_ok(np, noun, slot) and _adj_ok(np, noun, slot)


def _number_ok(np: NP, noun: Noun) -> bool:
    """Containers count ('two cups of'); otherwise plural-only nouns are plural and mass nouns singular."""
    if np.unit:
        return np.plural == (np.det != "a")
    return np.plural if not noun.sg else not np.plural if not noun.pl else True


def _pronoun_ok(np: NP, slot: str) -> bool:
    """Personal pronouns anywhere but wh; demonstratives only as subjects."""
    bare = np.det is None and np.unit is None and not np.very and np.adj is None
    pron = PRONOUNS[np.noun]
    return bare and np.plural == pron.plural and (np.noun in PERSONAL or slot == "subj") and slot not in ("wh", "there")


def _det_ok(np: NP, noun: Noun, slot: str) -> bool:
    """Determiner, number and noun agree, and the slot allows the determiner."""
    det, plural = np.det, np.plural
    if noun.bare or noun.category in ABSTRACT:
        return det is None and not plural and slot not in ("wh", "there")
    if np.unit:
        return (det == "a" or det in NUMBERS) and plural == (det != "a") and slot in ("obj", "there")
    if det is None:
        return slot in ("obj", "there", "pred") and (plural or not countable(noun))
    if det == "a" or det in NUMBERS:
        slot_ok = slot in ("obj", "there") or (det == "a" and slot == "pred")
        return countable(noun) and plural == (det != "a") and slot_ok
    if det in ("how many", "how much"):
        return slot == "wh" and (plural and countable(noun) if det == "how many" else not countable(noun) and noun.sg)
    if slot in ("there", "wh"):
        return False
    return _definite_ok(np, noun, slot)


def _definite_ok(np: NP, noun: Noun, slot: str) -> bool:
    """the / this / these / possessives: number agreement (non-person plurals only without a singular)."""
    det, plural = np.det, np.plural
    sg_only = countable(noun) and not noun.person
    if det == "the":
        return not noun.kin and (not plural or noun.person or not noun.sg) and (not sg_only or not plural)
    if det in ("this", "that"):
        return countable(noun) and not plural
    if det in ("these", "those"):
        return plural and (countable(noun) or not noun.sg)
    if det in POSSESSIVES or is_gen(det):
        if (is_gen(det) and not _possessor_ok(det)) or (det == "its" and noun.person) or noun.nopos:
            return False
        if noun.kin and plural and noun.sg:
            return False
        if plural and noun.sg and not noun.person:
            return slot == "pred"
        return not (is_gen(det) and plural and noun.sg)
    return False


def _possessor_ok(det: str) -> bool:
    """'my friend 's' / 'the teacher 's': a possessive or 'the' before a singular person noun."""
    first, owner = gen_parts(det)
    noun = NOUNS.get(owner)
    return (noun is not None and noun.person and noun.sg == owner and first != "its" and not noun.nopos
            and (first in POSSESSIVES or (first == "the" and not noun.kin)))


def _adj_ok(np: NP, noun: Noun, slot: str) -> bool:
    """Attributive adjectives only in objects; fitting the noun; after possessives only bare ones."""
    if np.adj is None:
        return not np.very
    adj = ADJS.get(np.adj)
    if adj is None or adj.attr == "none" or noun.category not in adj.classes or slot not in ("obj", "there"):
        return False
    if (np.very and not adj.cmp) or noun.category in ABSTRACT:
        return False
    if np.det in POSSESSIVES or is_gen(np.det):
        return adj.attr == "bare" and not np.very
    return True


def place_ok(place: Place, there: bool = False) -> bool:
    """A preposition the noun takes, with 'the' or a possessive (none for bare places)."""
    noun = NOUNS.get(place.noun)
    if noun is None or place.prep not in noun.preps:
        return False
    if there and not noun.preps[place.prep]:
        return False
    return place.det is None if noun.bare else (place.det == "the" or place.det in POSSESSIVES)


def _same_person(a: NP, b: NP) -> bool:
    """'we ... me', 'you ... you': an object pronoun that would have to be reflexive."""
    person = {"i": 1, "we": 1, "you": 2}
    return a.noun == b.noun or (a.noun in person and person.get(a.noun) == person.get(b.noun))


def _category(np: NP) -> str:
    """The noun category of an NP (pronouns: 'pronoun')."""
    return "pronoun" if is_pronoun(np) else NOUNS[np.noun].category


def _subject_category(np: NP) -> str:
    """The noun category of a subject ('person' for personal pronouns, 'thing' for it/this/that)."""
    if is_pronoun(np):
        return "thing" if np.noun not in PERSONAL or np.noun == "it" else "person"
    return NOUNS[np.noun].category


def _verb_subject_ok(verb: Verb, subj: NP | None) -> bool:
    """People (and animals for some verbs) do things."""
    if subj is None:
        return True
    if not np_ok(subj, "subj") or subj.noun in ("this", "that", "these", "those"):
        return False
    category = "animal" if subj.noun == "it" else _subject_category(subj)
    return category == "person" or (category == "animal" and "animal" in verb.flags)


def object_ok(verb: Verb, np: NP, mood: str) -> bool:
    """Can this verb take this object NP in this kind of sentence?"""
    if is_pronoun(np):
        return np_ok(np, "obj") and ("person" in verb.objects if np.noun != "it" else "motion" not in verb.flags
                                     and bool(verb.objects - {"person"}))
    noun = NOUNS.get(np.noun)
    if noun is None or not np_ok(np, "wh" if mood == "howmany" else "obj"):
        return False
    colloc = COLLOCATIONS.get((verb.base, noun.key))
    if "motion" in verb.flags:
        home_ok = noun.key != "home" or colloc is not None
        det_ok = np.det is None if noun.bare else np.det == "the" or np.det in POSSESSIVES
        return noun.category in ("place", "room") and home_ok and det_ok and not np.adj
    if not (noun.tags & verb.objects or colloc):
        return False
    if colloc and colloc[1]:
        return np.det == "the"
    return noun.category in ABSTRACT or _object_det_ok(verb, np, mood)


def _object_det_ok(verb: Verb, np: NP, mood: str) -> bool:
    """Determiners a verb allows: counted ones, generic or 'the' (never both), and the negation rules."""
    det = np.det
    counted = det == "a" or det in NUMBERS or det == "how many"
    if mood == "neg":
        if verb.key == "have":
            return det == "a" or (det is not None and not counted and det != "the")
        if counted:
            return False
    if counted:
        return "nocount" not in verb.flags
    if det is None or det == "how much":
        return "nogen" not in verb.flags and "def" not in verb.flags and not (mood == "neg" and verb.key == "have")
    if det == "the":
        return "def" in verb.flags and not np.plural
    return True


def _coord_ok(verb: Verb, coord: Coord, mood: str) -> bool:
    """Two different objects (both people or not): 'and' in statements and yes/no questions, 'or' in or-questions."""
    conj_ok = coord.conj == ("or" if mood == "or" else "and") and mood in ("stmt", "yn", "or")
    same = (_category(coord.first) == "person") == (_category(coord.second) == "person")
    return (conj_ok and same and coord.first.noun != coord.second.noun and "motion" not in verb.flags
            and all(not is_pronoun(np) and object_ok(verb, np, mood) for np in (coord.first, coord.second)))


def _vp_object_ok(s: Spec, verb: Verb) -> bool:
    """The object slot: absent, an NP, a coordination, or the wh-phrase of how many/much."""
    obj = s.obj
    if s.mood in ("what", "whereto"):
        primary = verb.key == verb.base  # a second sense (have breakfast: 吃) would share the first's Chinese
        things = bool(verb.objects - {"person"})
        return obj is None and (things and primary if s.mood == "what" else verb.key == "go")
    if s.mood == "howmany":
        return isinstance(obj, NP) and obj.det in ("how many", "how much") and object_ok(verb, obj, s.mood)
    if s.mood == "or":
        return isinstance(obj, Coord) and _coord_ok(verb, obj, s.mood)
    if obj is None:
        return verb.intr is not None and ("motion" not in verb.flags or s.tense in ("fut", "can", "want"))
    if isinstance(obj, NP) and is_pronoun(obj) and s.subj is not None and _same_person(obj, s.subj):
        return False
    if isinstance(obj, Coord):
        return _coord_ok(verb, obj, s.mood)
    return isinstance(obj, NP) and obj.det not in ("how many", "how much") and object_ok(verb, obj, s.mood)


def _vp_ok(s: Spec) -> bool:
    """A verb sentence."""
    verb = VERBS.get(s.head)
    if verb is None or not _verb_subject_ok(verb, s.subj) or (s.subj is None) != (s.mood == "who"):
        return False
    stative = "stative" in verb.flags
    if stative and s.tense not in STATIVE_TENSES or s.mood == "very" and verb.key not in ("like", "love"):
        return False
    if s.tense == "prog" and "place" in verb.flags or s.mood == "where" and stative:
        return False
    if s.mood == "neg" and "noneg" in verb.flags and s.tense != "past":
        return False
    if s.mood in ("where", "whereto") and (s.mood == "whereto") != ("motion" in verb.flags):
        return False
    if not (_vp_object_ok(s, verb) and _vp_place_ok(s, verb) and _vp_time_ok(s, stative) and _adverb_ok(s)):
        return False
    return not _ambiguous_past(s, verb)


def _vp_place_ok(s: Spec, verb: Verb) -> bool:
    """Place phrases go with non-stative, non-motion verbs (and 'live' needs one)."""
    if s.place is None:
        return "place" not in verb.flags or s.mood == "where"
    blocked = "stative" in verb.flags or "motion" in verb.flags or s.tense == "prog"
    where = NOUNS[s.place.noun].category in ("place", "room", "vehicle") if s.place.noun in NOUNS else False
    return not blocked and where and s.mood not in ("where", "whereto", "or", "very") and place_ok(s.place)


def _vp_time_ok(s: Spec, stative: bool) -> bool:
    """Times matching the tense; none in when/or/very questions, habits not negated, statives only future."""
    if s.time is None:
        return True
    group = TIME_GROUPS[s.tense]
    if group not in TIME_OF.get(s.time, ()) or s.mood in ("when", "or", "very"):
        return False
    return not (s.mood == "neg" and group == "habit") and not (stative and group != "future")


def _adverb_ok(s: Spec) -> bool:
    """also / frequency adverbs only in statements; frequency only in the present and not with 'every ...'."""
    if s.adv is None:
        return True
    if s.adv not in ADVERBS or s.mood != "stmt":
        return False
    if s.adv in FREQUENCY:
        return s.form == "vp" and s.tense == "pres" and not (s.time or "").startswith("every")
    return s.tense not in ("past", "prog") and (s.form == "vp" or s.tense == "pres")


def _ambiguous_past(s: Spec, verb: Verb) -> bool:
    """'i read a book' could be present or past: such past statements need a time or a 3rd-person subject."""
    return (verb.past == verb.base and s.tense == "past" and s.mood == "stmt" and s.time is None
            and not _third(s.subj))


def _third(np: NP) -> bool:
    """3rd person singular subject."""
    return PRONOUNS[np.noun].third if is_pronoun(np) else not np.plural


def _be_time_ok(s: Spec, required: bool) -> bool:
    """Times of be-sentences: now/today, a past time (required with 'was'), a future time."""
    if s.time is None:
        return not required and s.tense != "past"
    return BE_TIME_GROUPS[s.tense] in TIME_OF.get(s.time, ())


def _adj_ok_pred(s: Spec) -> bool:
    """Adjective predicates: the adjective fits the subject; 'very' only in statements."""
    if s.mood == "how":
        return (s.obj is None and s.subj is not None and np_ok(s.subj, "subj") and s.time is None
                and _subject_category(s.subj) == "person")
    if not isinstance(s.obj, AdjP) or s.subj is None or not np_ok(s.subj, "subj"):
        return False
    adj = ADJS.get(s.obj.adj)
    if adj is None or not adj.pred or (s.obj.very and (s.mood != "stmt" or not adj.cmp)):
        return False
    if weather(s):
        fits = True
    elif s.subj.noun in ("it", "this", "that", "these", "those"):
        things = THINGS | {"animal"} if s.subj.noun == "it" else THINGS
        fits = bool(adj.classes & things) and adj.en not in _TWO_SENSES
    else:
        fits = _subject_category(s.subj) in adj.classes
    return fits and _be_time_ok(s, False) and _adverb_ok(s)


def _noun_ok(s: Spec) -> bool:
    """'X is a N': a person is a person; this/that/it can be anything countable or a room."""
    subj = s.subj
    if subj is None or not np_ok(subj, "subj") or s.tense != "pres" or s.time or not _adverb_ok(s):
        return False
    person = _subject_category(subj) == "person"
    demonstrative = subj.noun in ("this", "that", "these", "those")
    if s.mood == "what":
        return s.obj is None and not person and (demonstrative or subj.noun == "it")
    if s.mood == "who":
        return s.obj is None and (person or subj.noun in ("this", "that"))
    obj = s.obj
    if not isinstance(obj, NP) or is_pronoun(obj) or not np_ok(obj, "pred"):
        return False
    noun = NOUNS[obj.noun]
    plural = PRONOUNS[subj.noun].plural if is_pronoun(subj) else subj.plural
    det_ok = obj.det in (None, *POSSESSIVES) or is_gen(obj.det) if plural else obj.det is not None
    if obj.plural != plural or not det_ok or obj.det in ("the", "this", "that", "these", "those"):
        return False
    if person or subj.noun == "it":
        genders = {GENDERS.get(subj.noun), GENDERS.get(noun.key)} - {None}
        gender_ok = len(genders) < 2
        return noun.person == person and (person or countable(noun)) and gender_ok
    return demonstrative and (countable(noun) or not noun.sg or noun.category == "room")


def _loc_ok(s: Spec) -> bool:
    """'X is in the room' / 'where is X'."""
    subj = s.subj
    if subj is None or not np_ok(subj, "subj") or subj.noun in ("this", "that", "these", "those"):
        return False
    if subj.noun not in PERSONAL and NOUNS[subj.noun].category in ABSTRACT:
        return False
    place_fine = s.obj is None if s.mood == "where" else isinstance(s.obj, Place) and place_ok(s.obj)
    return place_fine and _be_time_ok(s, False) and _adverb_ok(s)


def _cmp_ok(s: Spec) -> bool:
    """'X is bigger than Y': both fit the adjective, and they differ."""
    adj = ADJS.get(s.head)
    if adj is None or not adj.cmp or s.subj is None or not isinstance(s.obj, NP) or s.subj == s.obj:
        return False
    if s.subj.noun in ("this", "that", "these", "those", "it") or s.time or s.adv:
        return False
    category = _subject_category(s.subj)
    both = np_ok(s.subj, "subj") and np_ok(s.obj, "cmp") and _subject_category(s.obj) == category
    return both and category in adj.classes


def _there_ok(s: Spec) -> bool:
    """'there is a cat on the table' / 'there is no water in the cup' (no + plural or mass)."""
    obj = s.obj
    if not isinstance(obj, NP) or is_pronoun(obj) or s.subj or s.time or s.adv or s.place is None:
        return False
    noun = NOUNS.get(obj.noun)
    if noun is None or noun.category not in THERE_CATEGORIES or not np_ok(obj, "there"):
        return False
    if s.mood == "neg" and (obj.det is not None or obj.adj):
        return False
    return place_ok(s.place, there=True) and s.place.noun != obj.noun


def valid(s: Spec | Compound) -> bool:
    """Is the spec inside the grammar?"""
    if isinstance(s, Compound):
        return _compound_ok(s)
    if (s.form, s.mood) not in ORDERS or s.tense not in TENSES.get((s.form, s.mood), ("pres",)):
        return False
    if s.form == "vp":
        return _vp_ok(s)
    if s.form == "fixed":
        return s.head in FIXED and s.subj is None and s.obj is None
    if s.form not in ("there", "vp") and s.place is not None:
        return False
    check = {"adj": _adj_ok_pred, "noun": _noun_ok, "loc": _loc_ok, "cmp": _cmp_ok, "there": _there_ok}[s.form]
    return check(s)


def _compound_ok(c: Compound) -> bool:
    """Two plain statements without adverbs, places or times, joined by but/because."""
    return c.conj in ("but", "because") and all(
        isinstance(s, Spec) and s.form in ("vp", "adj") and s.mood == "stmt" and s.tense in CLAUSE_TENSES
        and not (s.end or s.adv or s.place or s.time) and not isinstance(s.obj, Coord) and valid(s)
        for s in (c.first, c.second))
