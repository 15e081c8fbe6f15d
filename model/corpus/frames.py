"""Frames: the constructions a lecture uses, as aligned templates with typed slots, and the open vocabulary.

A frame is an English template and a Chinese template. English: words, and slots ``{S}`` (filled from a
table) or agreement words ``{be}`` / ``{do}`` / ``{V.3}`` (chosen by the subject ``S``). Chinese: segments
separated by spaces, each ``chars:word`` (every char aligned to that English word, ``word@2`` its second
occurrence, ``-`` none) or a slot ``{S}``. Rendering gives a ``Pair`` with the gold alignment; parsing
matches a sentence against every frame and keeps the fillers whose rendering gives it back.

Slots (what fills them): NAME a name the model must copy (``<unk>`` on both sides, Luong et al. 2015);
S a subject (pronoun, "the" + person/animal noun) with its agreement; P an object pronoun; POSS my/your/his/
her; A a predicate adjective; N "the" + a noun; NB a bare plural or mass noun; VI a verb used without an
object (base form; ``{VI.3}`` agrees with S, ``{VI.ing}``, ``{VI.past}``, ``{VI.pp}``); VP a verb with its object;
NUM a number; HOUR 1–12; DAY a weekday; MONTH a month; CITY a country or city; ADDR whom a greeting addresses.
Open-vocabulary frames use every entry of the lexicon's "open" section (nouns, verbs, adjectives, adverbs).

Constructions (English -> Chinese; each frame in FRAMES is one line of this list):
  names        "my name is Tom" -> 我叫Tom; "what is your name" -> 你叫什么名字; "i am Tom" -> 我是Tom; "this is Tom"
  greetings    good morning/afternoon/evening, X -> 早上好，X; hello / hi / hey; thank you (very much) -> (非常感谢);
               happy birthday -> 生日快乐; nice to meet you; excuse me; good luck; see you later; well done; okay / yes
  classroom    "i do not understand" -> 我不明白; "can you say that again ?" -> 你能再说一遍吗; "any questions ?"
  weather/time "it is raining outside" -> 外面在下雨; "what time is it" -> 现在几点; "it is (around) five o'clock";
               "today is monday"; "my birthday is in may"; "i am ten years old"; "… two days / weeks ago" -> 两天前
  imperatives  "please open the door" -> 请打开门; "do not …" -> 不要…; "let us …" -> 我们…吧; "shall we …"
  degree       "too + adj" -> 太…了; superlative "the tallest" -> 最高的; "a little" -> 有点; "as … as" -> 和…一样…
  aspect/modal progressive of every verb -> 正在; perfect "has been to X" -> 去过, "has already …" -> 已经…了, "have you
               ever …" -> 曾经…过, "not … yet" -> 还没有; should -> 应该, must -> 必须, would like to -> 想要,
               could you -> 你可以…吗, will let -> 会让
  prepositions with -> 和…一起, from -> 来自, for -> 给…的, about -> 关于…的, into -> 进, over -> 过, through -> 过,
               until -> 到, during -> 期间, by (passive) -> 被
  clauses      because (the subject referred back to by "it"/the pronoun) -> …，因为它太…了; so -> 所以; if -> 如果;
               when -> …的时候; although -> 虽然…还是; relative "the door that he opened" -> 他打开的门
  quantities   digits (copied as <unk>), "a few" -> 几个, "a lot of" -> 很多, some -> 一些, each -> 每…都, both ->
               两个都, all -> 都, only one -> 只有一, another -> 还想要一, which -> 哪, mine / yours -> 我的 / 你的
  quotation    'the mother said , " i am tired . "' -> 妈妈说：“我很累。”
  open words   "this is a X" -> 这是X; "i need a X" -> 我需要一MW X; "i like Xs"; "i want to V"; "do you V ?";
               "he does not V"; "he Vs"; "he Ved yesterday" -> 昨天V了; "it is very A"; "he ADV Vs"
Alignment rules (the grammar's, in corpus/__init__.py, plus): each template char aligns to the English word written
after its colon; a slot's chars align inside the slot (一 + measure word -> "a"; 最 -> the superlative word); 了 of a
past or perfect -> the verb or have/has; 吗 -> the auxiliary the question starts with; 的 -> nothing, except in a
relative clause ("that"), "the … when" (的时候), mine/yours, "yes" (是的) and "did it" (…做的); a name or a digit is
one <unk> on each side, aligned to each other, so the model learns to write <unk> and the app copies the word.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from model.corpus.grammar import NP, be_form, np_piece, third_person, verb_zh
from model.corpus.lexicon import ADJS, NOUNS, NUMBERS, PAST_PARTICIPLES, PRONOUNS, TIMES, VERBS
from model.corpus.lexicon import open_entries as _all_open
from model.corpus.phrase import Pair, Piece, piece
from model.corpus.rules import object_ok
from model.corpus.vocab import grammar_words_zh

UNK = "<unk>"


class Filler(NamedTuple):
    """One slot filler: its aligned phrase and, for subjects, the words that agree with it."""

    piece: Piece
    agree: tuple[tuple[str, str], ...] = ()  # (agreement key, English word): ("be", "is"), ("3", "s")
    forms: tuple[tuple[str, Piece], ...] = ()  # a verb's other forms: ("3", piece), ("ing", piece), ...


class Frame(NamedTuple):
    """An aligned template pair and its sampling weight."""

    name: str
    en: tuple[str, ...]
    zh: tuple[str, ...]
    weight: float


def _unk_piece() -> Piece:
    """A name: one <unk> aligned to one <unk>."""
    return (UNK,), (UNK,), (0,)


def _frame(name: str, en: str, zh: str, weight: float = 1.0) -> Frame:
    """A frame from its two templates."""
    return Frame(name, tuple(en.split()), tuple(zh.split()), weight)


def _literal_links() -> dict[str, set[str]]:
    """Each Chinese word the templates write, with the English words it aligns to."""
    out: dict[str, set[str]] = {}
    for frame in FRAMES:
        for seg in frame.zh:
            chars, _, word = seg.rpartition(":")
            if _slot(seg) is None and word != "-" and not word.startswith("{"):
                out.setdefault(chars, set()).add(word.split("@")[0])
    return out


def open_entries(pos: str) -> list[dict]:
    """Open entries of a part of speech that do not clash with a template's words (one meaning per word)."""
    links = _literal_links()
    english = {w: zh for zh, words in links.items() for w in words}
    return [e for e in _all_open(pos) if links.get(e["zh"], {e["en"]}) == {e["en"]}
            and english.get(e["en"], e["zh"]) == e["zh"] and e["en"] not in _CURATED_EN and e["zh"] not in _GRAMMAR_ZH]


_GRAMMAR_ZH = grammar_words_zh()
_CURATED_EN = frozenset([n.sg for n in NOUNS.values()] + [n.pl for n in NOUNS.values()] + [a.en for a in ADJS.values()]
                        + [v.base for v in VERBS.values()] + [p.subj for p in PRONOUNS.values()])


# ---- slot tables -------------------------------------------------------------------------------------------


def _subject(key: str) -> Filler:
    """A pronoun subject with its agreement words."""
    np = NP(None, None, False, None, key, False)
    return _agreeing(np_piece(np), np)


def _agreeing(p: Piece, np: NP) -> Filler:
    """A subject phrase with be/was/do/-s agreement."""
    third = third_person(np)
    return Filler(p, (("be", be_form(np, False)), ("was", be_form(np, True)), ("do", "does" if third else "do"),
                      ("have", "has" if third else "have"), ("3", "3" if third else "base")))


def _the(noun: str) -> NP:
    """'the' + a singular noun."""
    return NP("the", None, False, None, noun, False)


def _subjects() -> list[Filler]:
    """Pronouns and 'the' + person or animal nouns."""
    out = [_subject(k) for k in ("i", "you", "he", "she", "we", "they")]
    for key, noun in NOUNS.items():
        if noun.category in ("person", "animal") and noun.sg:
            out.append(_agreeing(np_piece(_the(key)), _the(key)))
    return out


def _verb_forms(base: str, third: str, past: str, ing: str, pp: str | None, zh: str) -> Filler:
    """A verb without an object, in all its forms (Chinese is the same for all; no pp when unknown)."""
    forms = (("3", piece(third, zh)), ("past", piece(past, zh)), ("ing", piece(ing, zh)))
    return Filler(piece(base, zh), forms=forms + ((("pp", piece(pp, zh)),) if pp else ()))


def _intransitives() -> list[Filler]:
    """Verbs used without an object: the grammar's (their intransitive Chinese) and open ones."""
    out = [_verb_forms(v.base, v.third, v.past, v.ing, PAST_PARTICIPLES.get(v.base), v.intr)
           for v in VERBS.values() if v.intr and " " not in v.base]
    out += [_verb_forms(e["en"], e["third"], e["past"], e["ing"], e.get("pp"), e["zh"])
            for e in open_entries("verb")]
    return out


def _object_phrases() -> list[Filler]:
    """Verb + object phrases of the grammar's verbs that take a definite object ('open the door')."""
    out = []
    for key, verb in VERBS.items():
        if "def" not in verb.flags or " " in verb.base:
            continue
        for noun_key, noun in NOUNS.items():
            np = _the(noun_key)
            if noun.sg and noun.tags & verb.objects and object_ok(verb, np, "stmt"):
                obj = np_piece(np, "obj")
                zh = verb_zh(key, np)
                head = piece(verb.base, zh)
                out.append(Filler(_cat(head, obj), forms=(("past", _cat(piece(verb.past, zh), obj)),)))
    return out


def _transitives() -> list[Filler]:
    """Verbs that take an object: the grammar's that take a definite one, and the open transitive verbs."""
    out = [_verb_forms(v.base, v.third, v.past, v.ing, PAST_PARTICIPLES.get(v.base), v.zh)
           for v in VERBS.values() if v.intr is None and " " not in v.base]
    out += [_verb_forms(e["en"], e["third"], e["past"], e["ing"], e.get("pp"), e["zh"])
            for e in open_entries("verb") if e.get("trans")]
    return out


def _statives() -> list[Filler]:
    """The grammar's verbs of state (like, know, want…), whose past needs no 了 ('she liked cats before')."""
    return [_verb_forms(v.base, v.third, v.past, v.ing, PAST_PARTICIPLES.get(v.base), v.zh)
            for v in VERBS.values() if "stative" in v.flags and " " not in v.base]


def _relatives() -> list[Filler]:
    """'the door that he opened' -> 他打开的门: an object, 'that', a pronoun and a past verb (的 -> that)."""
    out = []
    for f in _object_phrases():
        (verb, *obj), zh, links = dict(f.forms)["past"]
        n_verb = sum(1 for i in links if i == 0)
        for who in ("i", "you", "he", "she", "we", "they"):
            pron = PRONOUNS[who]
            en = (*obj, "that", who, verb)
            obj_links = "".join(str(i - 1) for i in links[n_verb:])
            zh_text = pron.zh + "".join(zh[:n_verb]) + "的" + "".join(zh[n_verb:])
            link = str(len(obj) + 1) * len(pron.zh) + str(len(obj) + 2) * n_verb + str(len(obj)) + obj_links
            out.append(Filler(piece(" ".join(en), zh_text, link)))
    return out


def _cat(a: Piece, b: Piece) -> Piece:
    """Two phrases in the same order in both languages."""
    return a[0] + b[0], a[1] + b[1], a[2] + tuple(i + len(a[0]) if isinstance(i, int) else i for i in b[2])


def _superlative(en: str, cmp: str | None) -> str:
    """'tallest' from 'taller', 'best' from 'better', 'most X' otherwise."""
    irregular = {"better": "best", "worse": "worst"}
    if cmp in irregular:
        return irregular[cmp]
    if cmp and cmp.endswith("er") and " " not in cmp:
        return cmp[:-2] + "est"
    return f"most {en}"


def _adjective(en: str, cmp: str | None, zh: str) -> Filler:
    """An adjective and its superlative (the Chinese of both is the adjective's)."""
    return Filler(piece(en, zh), forms=(("est", piece(_superlative(en, cmp), zh)),))


def _adjectives(categories: tuple[str, ...]) -> list[Filler]:
    """Predicate adjectives fitting any of these noun categories, and the open adjectives."""
    out = [_adjective(a.en, a.cmp, a.zh) for a in ADJS.values() if a.pred and a.classes & set(categories)]
    return out + [_adjective(e["en"], e.get("cmp"), e["zh"]) for e in open_entries("adj")]


def _nouns() -> list[Filler]:
    """'the' + every singular noun, the grammar's and the open ones."""
    out = [Filler(np_piece(_the(k))) for k, n in NOUNS.items() if n.sg and not n.bare]
    return out + [Filler(piece(f"the {e['en']}", e["zh"], "1" * len(e["zh"]))) for e in open_entries("noun")]


def _open_nouns_a(pred: bool = False) -> list[Filler]:
    """'a'/'an' + an open noun, with 一 + its measure word (none after 是, as in the grammar: 这是书)."""
    out = []
    for e in open_entries("noun"):
        art = "an" if e["en"][0] in "aeiou" else "a"
        mw = "" if pred else "一" + _measure(e)
        out.append(Filler(piece(f"{art} {e['en']}", mw + e["zh"], "0" * len(mw) + "1" * len(e["zh"]))))
    return out


def _open_plurals(counted: bool = False) -> list[Filler]:
    """Bare plurals of open nouns ('governments' -> 政府); counted: after a number, with the measure word."""
    out = [Filler(piece(e["pl"], _measure(e) * counted + e["zh"])) for e in open_entries("noun") if e.get("pl")]
    if counted:
        out += [Filler(piece(n.pl, n.mw + n.zh)) for n in NOUNS.values() if n.pl and n.sg and n.mw]
    return out


def _measure(entry: dict) -> str:
    """An open noun's measure word ('' for nouns that are their own: 一天, 一年)."""
    mw = entry.get("mw") or "个"
    return "" if mw == entry["zh"] else mw


def _bare_nouns() -> list[Filler]:
    """A singular noun without article, with its measure word before it (哪只猫, 每只猫)."""
    out = [Filler(piece(n.sg, n.mw + n.zh, "0" * (len(n.mw) + len(n.zh)))) for n in NOUNS.values()
           if n.sg and n.pl and n.mw]
    return out + [Filler(piece(e["en"], _measure(e) + e["zh"], "0" * (len(_measure(e)) + len(e["zh"]))))
                  for e in open_entries("noun") if e.get("pl")]


def _adverbs() -> list[Filler]:
    """Open adverbs, placed before the verb in both languages."""
    return [Filler(piece(e["en"], e["zh"])) for e in open_entries("adv")]


def _table(pairs: list[tuple[str, str]]) -> list[Filler]:
    """Fillers from (English, Chinese) phrases, every char aligned to the last English word."""
    return [Filler(piece(en, zh)) for en, zh in pairs]


_ONE_TO_TWELVE = [("one", "一"), *((en, zh) for en, (zh, _) in NUMBERS.items() if en in (
    "two three four five six seven eight nine ten eleven twelve".split()))]
_POSS = [("my", "我"), ("your", "你"), ("his", "他"), ("her", "她")]
_ADDR = [("teacher", "老师"), ("everyone", "大家"), ("mom", "妈妈"), ("dad", "爸爸"), ("class", "同学们")]


def _unique(fillers: list[Filler]) -> list[Filler]:
    """The fillers whose English forms and whose Chinese are each the first of their kind (one translation each
    way: 'worst' may not be the superlative of two adjectives)."""
    seen_en, seen_zh, out = set(), set(), []
    for f in fillers:
        en = {f.piece[0], *(p[0] for _, p in f.forms)}
        if not en & seen_en and f.piece[1] not in seen_zh:
            seen_en |= en
            seen_zh.add(f.piece[1])
            out.append(f)
    return out


@lru_cache(maxsize=1)
def slots() -> dict[str, list[Filler]]:
    """Every slot's fillers, each English and each Chinese phrase once."""
    return {name: _unique(table) for name, table in _tables().items()}


def _tables() -> dict[str, list[Filler]]:
    """Every slot's candidate fillers."""
    people = ("person",)
    cities = [k for k, n in NOUNS.items() if n.bare and k not in ("home", "school")]
    return {
        "NAME": [Filler(_unk_piece())],
        "S": _subjects(),
        "P": _table([(PRONOUNS[k].obj, PRONOUNS[k].zh) for k in ("i", "you", "he", "she", "we", "they")]),
        "POSS": _table(_POSS),
        "A": _adjectives(people + ("animal",)),
        "AT": _adjectives(("thing", "food", "place", "cloth", "read", "media")),
        "N": _nouns(),
        "N2": _nouns(),
        "NA": _open_nouns_a(),
        "NPRED": _open_nouns_a(pred=True),
        "NB": _open_plurals(),
        "NBM": _open_plurals(counted=True),
        "VI": _intransitives(),
        "VI2": _intransitives(),
        "NSW": _bare_nouns(),
        "VS": _statives(),
        "AGO": _table([("days", "天"), ("weeks", "个星期"), ("months", "个月"), ("years", "年")]),
        "VP": _object_phrases(),
        "VT": _transitives(),
        "REL": _relatives(),
        "WE": _table([("we", "我们"), ("they", "他们"), ("the students", "学生们"), ("the children", "孩子们")]),
        "DIG": [Filler(_unk_piece())],
        "ADV": _adverbs(),
        "NUM": _table([(en, zh) for en, (zh, _) in NUMBERS.items()]),
        "HOUR": _table(_ONE_TO_TWELVE),
        "DAY": _table([(en[3:], zh) for en, zh, _ in TIMES["past"] if en.startswith("on ")]),
        "MONTH": _table([(en[3:], zh) for en, zh, _ in TIMES["past"] if en.startswith("in ")]),
        "CITY": [Filler(piece(NOUNS[k].sg, NOUNS[k].zh)) for k in cities],
        "ADDR": _table(_ADDR),
    }


# ---- the frames ------------------------------------------------------------------------------------------

FRAMES: tuple[Frame, ...] = (
    # names
    _frame("name", "{POSS} name is {NAME} .", "{POSS} 叫:name {NAME} 。:.", 3),
    _frame("name", "{POSS} name is {NAME}", "{POSS} 叫:name {NAME}", 1),
    _frame("name", "what is {POSS} name ?", "{POSS} 叫:is 什么:what 名字:name ？:?", 1),
    _frame("name", "i am {NAME} .", "我:i 是:am {NAME} 。:.", 1.5),
    _frame("name", "this is {NAME} .", "这:this 是:is {NAME} 。:.", 1),
    _frame("name", "{NAME} is my friend .", "{NAME} 是:is 我:my 的:- 朋友:friend 。:.", 0.5),
    _frame("name", "{NAME} {VI.3} .", "{NAME} {VI} 。:.", 0.5),
    _frame("name", "{NAME} is a teacher .", "{NAME} 是:is 老师:teacher 。:.", 0.5),
    _frame("name", "nice to meet you , {NAME} .", "很:nice 高兴:nice 认识:meet 你:you ，:, {NAME} 。:.", 0.5),
    # greetings and set phrases
    _frame("greet", "good morning , {ADDR} .", "早上:morning 好:good ，:, {ADDR} 。:.", 0.6),
    _frame("greet", "good afternoon , {ADDR} .", "下午:afternoon 好:good ，:, {ADDR} 。:.", 0.4),
    _frame("greet", "good evening , {ADDR} .", "晚上:evening 好:good ，:, {ADDR} 。:.", 0.4),
    _frame("greet", "hello , {ADDR} .", "你好:hello ，:, {ADDR} 。:.", 0.4),
    _frame("greet", "thank you , {ADDR} .", "谢谢:thank ，:, {ADDR} 。:.", 0.4),
    _frame("greet", "hello , {NAME} .", "你好:hello ，:, {NAME} 。:.", 0.4),
    _frame("greet", "i am fine , thank you .", "我:i 很:am 好:fine ，:, 谢谢:thank 。:.", 0.3),
    _frame("greet", "thank you very much .", "非常:very 感谢:thank 。:.", 0.3),
    _frame("greet", "happy birthday !", "生日:birthday 快乐:happy ！:!", 0.3),
    _frame("greet", "happy new year !", "新年:year 快乐:happy ！:!", 0.2),
    _frame("greet", "nice to meet you .", "很:nice 高兴:nice 认识:meet 你:you 。:.", 0.3),
    _frame("greet", "excuse me .", "打扰:excuse 一下:me 。:.", 0.2),
    _frame("greet", "good luck !", "祝:good 你:good 好运:luck ！:!", 0.2),
    _frame("greet", "see you later .", "回头:later 见:see 。:.", 0.2),
    _frame("greet", "i do not understand .", "我:i 不:not 明白:understand 。:.", 0.4),
    _frame("greet", "can you say that again ?", "你:you 能:can 再:again 说:say 一:that 遍:that 吗:can ？:?", 0.3),
    _frame("greet", "i have a question .", "我:i 有:have 一:a 个:a 问题:question 。:.", 0.3),
    _frame("greet", "any questions ?", "有:any 问题:questions 吗:any ？:?", 0.2),
    # weather and time
    _frame("weather", "it is raining .", "在:is 下雨:raining 。:.", 0.3),
    _frame("weather", "it is raining outside .", "外面:outside 在:is 下雨:raining 。:.", 0.3),
    _frame("weather", "it is snowing .", "在:is 下雪:snowing 。:.", 0.3),
    _frame("weather", "it rained yesterday .", "昨天:yesterday 下雨:rained 了:rained 。:.", 0.2),
    _frame("weather", "what time is it ?", "现在:it 几:what 点:what ？:?", 0.3),
    _frame("weather", "it is {HOUR} o'clock .", "现在:it {HOUR} 点:o'clock 。:.", 0.5),
    _frame("weather", "{S} {VI.3} at {HOUR} o'clock .", "{S} {HOUR} 点:o'clock {VI} 。:.", 0.5),
    _frame("weather", "today is {DAY} .", "今天:today 是:is {DAY} 。:.", 0.4),
    _frame("weather", "my birthday is in {MONTH} .", "我:my 的:- 生日:birthday 在:in {MONTH} 。:.", 0.4),
    _frame("weather", "i am {NUM} years old .", "我:i {NUM} 岁:years 。:.", 0.5),
    _frame("weather", "how old are you ?", "你:you 几:how 岁:old ？:?", 0.2),
    # imperatives and please
    _frame("please", "please {VP} .", "请:please {VP} 。:.", 1.5),
    _frame("please", "please {VI} .", "请:please {VI} 。:.", 1),
    _frame("please", "do not {VP} .", "不:not 要:do {VP} 。:.", 0.8),
    _frame("please", "let us {VI} .", "我们:us {VI} 吧:let 。:.", 0.6),
    _frame("please", "please sit down .", "请:please 坐:sit 下:down 。:.", 0.2),
    # too + adjective, superlatives, progressive, modals
    _frame("too", "{S} {be} too {A} .", "{S} 太:too {A} 了:too 。:.", 2),
    _frame("most", "{S} {be} the {A.est} .", "{S} 是:{be} 最:{A.est} {A} 的:- 。:.", 3),
    _frame("prog", "{S} {be} {VI.ing} .", "{S} 正在:{be} {VI} 。:.", 2),
    _frame("modal", "{S} should {VI} .", "{S} 应该:should {VI} 。:.", 1),
    _frame("modal", "{S} must {VI} .", "{S} 必须:must {VI} 。:.", 1),
    _frame("modal", "{S} would like to {VI} .", "{S} 想:like 要:would {VI} 。:.", 0.6),
    _frame("modal", "{S} should {VP} .", "{S} 应该:should {VP} 。:.", 1),
    _frame("modal", "{S} must {VT} {N} .", "{S} 必须:must {VT} {N} 。:.", 1),
    _frame("prog", "{S} {be} {VT.ing} {N} .", "{S} 正在:{be} {VT} {N} 。:.", 1.5),
    _frame("perfect", "{S} {have} {VI.pp} before .", "{S} 以前:before {VI} 过:{have} 。:.", 1),
    _frame("perfect", "{S} {have} been to {CITY} .", "{S} 去:been 过:{have} {CITY} 。:.", 0.8),
    _frame("perfect", "{S} {have} already {VI.pp} .", "{S} 已经:already {VI} 了:{have} 。:.", 0.8),
    # prepositions
    _frame("prep", "{S} {VI.3} with {POSS} friend .", "{S} 和:with {POSS} 朋友:friend 一起:with {VI} 。:.", 1),
    _frame("prep", "{S} {be} from {CITY} .", "{S} 来自:from {CITY} 。:.", 1),
    _frame("prep", "this is for {P} .", "这:this 是:is 给:for {P} 的:- 。:.", 0.5),
    _frame("prep", "it is a book about {NB} .", "这:it 是:is 一:a 本:a 关于:about {NB} 的:- 书:book 。:.", 0.8),
    _frame("prep", "{S} {VI.past} into the room .", "{S} {VI} 进:into 了:into 房间:room 。:.", 0.3),
    # because / so / if / when with a pronoun that refers back
    _frame("clause", "{N} did not {VI} because it was too {A} .",
           "{N} 没:not 有:did {VI} ，:because 因为:because 它:it 太:too {A} 了:too 。:.", 1.5),
    _frame("clause", "if it rains , {S} will {VI} .", "如果:if 下雨:rains ，:, {S} 会:will {VI} 。:.", 1),
    _frame("clause", "{N} did not {VT} {N2} because it was too {A} .",
           "{N} 没:not 有:did {VT} {N2} ，:because 因为:because 它:it 太:too {A} 了:too 。:.", 2),
    _frame("clause", "{S} did not {VI} because {S} {was} too {A} .",
           "{S} 没:not 有:did {VI} ，:because 因为:because {S} 太:too {A} 了:too 。:.", 1),
    _frame("clause", "{S} {be} {A} , so {S} {VI.3} .", "{S} 很:{be} {A} ，:, 所以:so {S} {VI} 。:.", 1),
    _frame("clause", "when {S} {be} {A} , {S} {VI.3} .", "{S} {A} 的:when 时候:when ，:, {S} {VI} 。:.", 1),
    _frame("clause", "if {S} {be} {A} , {S} will {VI} .", "如果:if {S} 很:{be} {A} ，:, {S} 会:will {VI} 。:.", 1),
    _frame("clause", "{S} said , \" i am {A} . \"", "{S} 说:said ：:, “:\" 我:i 很:am {A} 。:. ”:\"@2", 0.6),
    # adverbs and function words of everyday speech
    _frame("adverb", "{S} just {VI.past} .", "{S} 刚:just {VI} 了:{VI.past} 。:.", 1),
    _frame("adverb", "{S} went out .", "{S} 出:out 去:went 了:went 。:.", 0.4),
    _frame("adverb", "which {NSW} do you like ?", "你:you 喜欢:like 哪:which {NSW} ？:?", 1),
    _frame("adverb", "{S} {have} some {NB} .", "{S} 有:{have} 一些:some {NB} 。:.", 1),
    _frame("adverb", "i like other {NB} .", "我:i 喜欢:like 其他:other 的:- {NB} 。:.", 0.8),
    _frame("adverb", "{S} only {have} one {NSW} .", "{S} 只:only 有:{have} 一:one {NSW} 。:.", 1),
    _frame("adverb", "{S} {VI.3} after dinner .", "{S} 晚饭:dinner 后:after {VI} 。:.", 0.6),
    _frame("adverb", "{S} {VI.3} before lunch .", "{S} 午饭:lunch 前:before {VI} 。:.", 0.6),
    _frame("adverb", "first {VI} , then {VI2} .", "先:first {VI} ，:, 然后:then {VI2} 。:.", 1),
    _frame("adverb", "could you {VP} ?", "你:you 可以:could {VP} 吗:could ？:?", 1),
    _frame("adverb", "{S} will come back .", "{S} 会:will 回:back 来:come 。:.", 0.4),
    _frame("adverb", "well done !", "干:done 得:well 好:well ！:!", 0.2),
    _frame("adverb", "{S} {be} here .", "{S} 在:{be} 这里:here 。:.", 0.6),
    _frame("adverb", "{S} {be} still {A} .", "{S} 还:still 很:{be} {A} 。:.", 1),
    _frame("adverb", "{S} never {VI.3} .", "{S} 从:never 不:never {VI} 。:.", 1),
    _frame("adverb", "have you ever {VI.pp} ?", "你:you 曾:ever 经:ever {VI} 过:have 吗:have ？:?", 1),
    _frame("adverb", "we are the same .", "我们:we 一样:same 。:.", 0.2),
    _frame("adverb", "{WE} both {VI} .", "{WE} 两:both 个:both 都:both {VI} 。:.", 0.6),
    _frame("adverb", "{S} {be} a little {A} .", "{S} 有:a 点:little {A} 。:.", 1),
    _frame("adverb", "each {NSW} is {AT} .", "每:each {NSW} 都:is 很:is {AT} 。:.", 1),
    _frame("adverb", "{S} {VI.past} {NUM} {AGO} ago .", "{S} {NUM} {AGO} 前:ago {VI} 了:{VI.past} 。:.", 1),
    _frame("adverb", "{WE} {VI} together .", "{WE} 一起:together {VI} 。:.", 0.8),
    _frame("adverb", "yes .", "是:yes 的:yes 。:.", 0.2),
    _frame("adverb", "hi , {ADDR} .", "嗨:hi ，:, {ADDR} 。:.", 0.3),
    _frame("adverb", "{S} {VS.past} {NB} before .", "{S} 以前:before {VS} {NB} 。:.", 1),
    _frame("adverb", "{N} jumped over {N2} .", "{N} 跳:jumped 过:over 了:jumped {N2} 。:.", 0.8),
    _frame("adverb", "{S} walked through the park .", "{S} 走:walked 过:through 了:walked 公园:park 。:.", 0.3),
    _frame("adverb", "it is around {HOUR} o'clock .", "现在:it 大约:around {HOUR} 点:o'clock 。:.", 0.4),
    _frame("adverb", "{S} {VI.past} during lunch .", "{S} 午饭:lunch 期间:during {VI} 了:{VI.past} 。:.", 0.5),
    _frame("adverb", "{S} {VI.past} until {HOUR} o'clock .", "{S} {VI} 到:until {HOUR} 点:o'clock 。:.", 0.6),
    _frame("adverb", "i want another {NSW} .", "我:i 还:another 想:want 要:want 一:another {NSW} 。:.", 0.8),
    _frame("adverb", "{S} ran away .", "{S} 跑:ran 掉:away 了:ran 。:.", 0.3),
    _frame("adverb", "{S} did not {VT} anything .", "{S} 什么:anything 都:anything 没:not 有:did {VT} 。:.", 1),
    _frame("adverb", "is anyone here ?", "有:is 人:anyone 在:is 这里:here 吗:is ？:?", 0.2),
    _frame("adverb", "nobody {VI.3} .", "没:nobody 有:nobody 人:nobody {VI} 。:.", 0.6),
    _frame("adverb", "{S} {have} a few {NB} .", "{S} 有:{have} 几:few 个:few {NB} 。:.", 0.8),
    _frame("adverb", "{S} {have} a lot of {NB} .", "{S} 有:{have} 很:lot 多:lot {NB} 。:.", 0.8),
    _frame("adverb", "what else ?", "还:else 有:else 什么:what ？:?", 0.2),
    _frame("adverb", "{S} {have} not {VI.pp} yet .", "{S} 还:yet 没:not 有:{have} {VI} 。:.", 1),
    _frame("adverb", "{S} {VI.past} once .", "{S} {VI} 过:{VI.past} 一:once 次:once 。:.", 0.6),
    _frame("adverb", "although {S} {be} {A} , {S} {VI.3} .",
           "虽然:although {S} 很:{be} {A} ，:, {S} 还:although 是:although {VI} 。:.", 1),
    _frame("adverb", "okay .", "好:okay 吧:okay 。:.", 0.2),
    _frame("adverb", "oh , i see .", "哦:oh ，:, 我:i 明白:see 了:see 。:.", 0.2),
    _frame("adverb", "wow !", "哇:wow ！:!", 0.2),
    _frame("adverb", "yeah .", "嗯:yeah 。:.", 0.2),
    _frame("adverb", "hey , {ADDR} .", "嘿:hey ，:, {ADDR} 。:.", 0.3),
    _frame("adverb", "shall we {VI} ?", "我们:we {VI} 好:shall 吗:shall ？:?", 0.6),
    _frame("adverb", "this {NSW} is mine .", "这:this {NSW} 是:is 我:mine 的:mine 。:.", 0.5),
    _frame("adverb", "this {NSW} is yours .", "这:this {NSW} 是:is 你:yours 的:yours 。:.", 0.5),
    _frame("adverb", "please turn off the light .", "请:please 关:off 灯:light 。:.", 0.2),
    _frame("adverb", "i did it myself .", "我:i 自己:myself 做:did 的:it 。:.", 0.15),
    _frame("adverb", "you did it yourself .", "你:you 自己:yourself 做:did 的:it 。:.", 0.15),
    _frame("adverb", "he did it himself .", "他:he 自己:himself 做:did 的:it 。:.", 0.15),
    _frame("adverb", "she did it herself .", "她:she 自己:herself 做:did 的:it 。:.", 0.15),
    _frame("adverb", "they did it themselves .", "他们:they 自己:themselves 做:did 的:it 。:.", 0.15),
    _frame("adverb", "{S} {be} as {A} as {P} .", "{S} 和:as {P} 一样:as@2 {A} 。:.", 1),
    # relative clauses, passives, numbers, all / again / let / give
    _frame("relative", "{REL} is {AT} .", "{REL} 很:is {AT} 。:.", 1.5),
    _frame("relative", "i like {REL} .", "我:i 喜欢:like {REL} 。:.", 0.8),
    _frame("passive", "{N} was {VT.pp} by {N2} .", "{N} 被:by {N2} {VT} 了:was 。:.", 1.5),
    _frame("number", "{S} {have} {DIG} {NBM} .", "{S} 有:{have} {DIG} {NBM} 。:.", 0.8),
    _frame("number", "it was built in {DIG} .", "它:it 建:built 于:in {DIG} 年:in 。:.", 0.4),
    _frame("number", "{S} {was} born in {DIG} .", "{S} 出生:born 于:in {DIG} 年:in 。:.", 0.4),
    _frame("number", "please turn to page {DIG} .", "请:please 翻:turn 到:to 第:page {DIG} 页:page 。:.", 0.3),
    _frame("all", "{WE} all {VI} .", "{WE} 都:all {VI} 。:.", 1),
    _frame("again", "{S} {VI.past} again .", "{S} 又:again {VI} 了:{VI.past} 。:.", 1),
    _frame("let", "{S} will let {P} {VI} .", "{S} 会:will 让:let {P} {VI} 。:.", 1),
    _frame("give", "{S} gave {P} {NA} .", "{S} 给:gave 了:gave {P} {NA} 。:.", 1),
    _frame("question", "does {S} {VT} {N} ?", "{S} {VT} {N} 吗:does ？:?", 1),
    _frame("question", "would you like to {VI} ?", "你:you 想:like 要:would {VI} 吗:would ？:?", 0.6),
    # open vocabulary
    _frame("open", "this is {NPRED} .", "这:this 是:is {NPRED} 。:.", 3),
    _frame("open", "i need {NA} .", "我:i 需要:need {NA} 。:.", 2),
    _frame("open", "i like {NB} .", "我:i 喜欢:like {NB} 。:.", 2),
    _frame("open", "i want to {VI} .", "我:i 想:want {VI} 。:.", 2),
    _frame("open", "do you {VI} ?", "你:you {VI} 吗:do ？:?", 1.5),
    _frame("open", "{S} {do} not {VI} .", "{S} 不:not {VI} 。:.", 1.5),
    _frame("open", "{S} {VI.3} .", "{S} {VI} 。:.", 1.5),
    _frame("open", "{S} {VI.past} yesterday .", "{S} 昨天:yesterday {VI} 了:{VI.past} 。:.", 1.5),
    _frame("open", "it is very {AT} .", "它:it 非常:very {AT} 。:.", 1.5),
    _frame("open", "{S} {be} very {A} .", "{S} 非常:very {A} 。:.", 1.5),
    _frame("open", "{S} {ADV} {VI.3} .", "{S} {ADV} {VI} 。:.", 2),
)


# ---- rendering -------------------------------------------------------------------------------------------


def _slot(token: str) -> tuple[str, str] | None:
    """'{VI.3}' -> ('VI', '3'); '{S}' -> ('S', ''); a literal word -> None."""
    if token.startswith("{") and token.endswith("}") and len(token) > 2:
        name, _, form = token[1:-1].partition(".")
        return name, form
    return None


AGREEMENT = {"be", "was", "do", "have"}


def _en_word(slot: tuple[str, str], values: dict[str, Filler]) -> Piece:
    """The English phrase of a slot or agreement word in this sentence."""
    name, form = slot
    if name in AGREEMENT:
        return (dict(values["S"].agree)[name],), (), ()
    filler = values[name]
    if form == "3":
        form = "" if dict(values["S"].agree).get("3") == "base" else "3"
    if form:
        return dict(filler.forms)[form]
    return filler.piece


def render_frame(frame: Frame, values: dict[str, Filler]) -> Pair:
    """The pair of a frame with its slots filled (a slot used twice aligns occurrence to occurrence)."""
    en: list[str] = []
    where: dict[str, int] = {}
    seen: dict[str, int] = {}
    starts: dict[str, list[int]] = {}
    pieces: dict[str, Piece] = {}
    for token in frame.en:
        slot = _slot(token)
        if slot is None:
            seen[token] = seen.get(token, 0) + 1
            where[f"{token}@{seen[token]}" if seen[token] > 1 else token] = len(en)
            en.append(token)
            continue
        p = _en_word(slot, values)
        where.setdefault(token, len(en))
        starts.setdefault(slot[0], []).append(len(en))
        pieces.setdefault(slot[0], p)
        en += p[0]
    zh: list[str] = []
    links: list[int | None] = []
    used: dict[str, int] = {}
    for seg in frame.zh:
        slot = _slot(seg)
        if slot is not None:
            k = used[slot[0]] = used.get(slot[0], -1) + 1
            base = starts[slot[0]][min(k, len(starts[slot[0]]) - 1)]
            p = pieces[slot[0]]
            zh += p[1]
            links += [base + i if isinstance(i, int) else None for i in p[2]]
            continue
        chars, _, word = seg.rpartition(":")
        zh += list(chars)
        links += [None if word == "-" else where[word]] * len(chars)
    return Pair(tuple(en), tuple(zh), tuple(links))


def _weights() -> tuple[list[Frame], list[float]]:
    """Frames with a positive weight and their weights."""
    live = [f for f in FRAMES if all(slots()[s] for s in _slot_names(f))]
    return live, [f.weight for f in live]


def _slot_names(frame: Frame) -> list[str]:
    """The table slots a frame uses (agreement words excluded)."""
    names = [_slot(t)[0] for t in frame.en if _slot(t)]
    return [n for n in names if n not in AGREEMENT]


class Decks:
    """Shuffled decks of slot fillers, one per slot and form: every filler is drawn once before any is drawn again,
    so every word of the open vocabulary is used about equally often."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.decks: dict[tuple[str, str], list[Filler]] = {}

    def draw(self, name: str, form: str) -> Filler:
        """The next filler of a slot that has this form ('' the base form)."""
        deck = self.decks.get((name, form))
        if not deck:
            deck = [f for f in slots()[name] if form in ("", "3") or form in dict(f.forms)]
            self.rng.shuffle(deck)
            self.decks[name, form] = deck
        return deck.pop()


BARE_END = 0.35  # share of frame sentences written without their final . ? ! (as people type)
MARKS = {".": "。", "?": "？", "!": "！"}


def _form(frame: Frame, name: str) -> str:
    """The form a frame asks of a slot ('ing' for {VI.ing}; '' for the base form)."""
    return next(_slot(t)[1] for t in frame.en if _slot(t) and _slot(t)[0] == name)


def sample_frame(rng: random.Random, decks: Decks | None = None) -> Pair:
    """A random frame sentence, its slots drawn from `decks` (evenly) or uniformly at random."""
    frames, weights = _LIVE
    decks = decks or Decks(rng)
    while True:
        frame = rng.choices(frames, weights)[0]
        values = {name: decks.draw(name, _form(frame, name)) for name in _slot_names(frame)}
        pair = _safe_render(frame, values | {"S": values.get("S", _default_subject())})
        if pair is not None:
            return _bare(pair) if pair.en[-1] in MARKS and rng.random() < BARE_END else pair


def _bare(pair: Pair) -> Pair:
    """The pair without its final mark."""
    return Pair(pair.en[:-1], pair.zh[:-1], pair.zh_to_en[:-1])


def _default_subject() -> Filler:
    """The agreement of frames without a subject slot: third person singular ('he')."""
    return slots()["S"][2]


# ---- parsing ---------------------------------------------------------------------------------------------


def _starts(table: list[Filler], lang: str) -> dict[str, list[tuple[Filler, Piece]]]:
    """(filler, phrase) pairs indexed by the phrase's first English token or first Chinese char."""
    out: dict[str, list[tuple[Filler, Piece]]] = {}
    for f in table:
        for p in dict.fromkeys((f.piece, *(q for _, q in f.forms))):  # distinct forms, in order
            side = p[0] if lang == "en" else p[1]
            if side:
                out.setdefault(side[0], []).append((f, p))
    return out


@lru_cache(maxsize=1)
def _index() -> dict[tuple[str, str], dict]:
    """Per (slot, language), the fillers by first token."""
    return {(name, lang): _starts(table, lang) for name, table in slots().items() for lang in ("en", "zh")}


def _units(frame: Frame, lang: str) -> list[tuple[str, str]]:
    """The template as (kind, text): ("slot", name), ("agree", name) or ("lit", word or chars)."""
    out = []
    for token in frame.en if lang == "en" else frame.zh:
        slot = _slot(token)
        if slot is None:
            out.append(("lit", token if lang == "en" else token.rpartition(":")[0]))
        else:
            out.append(("agree" if slot[0] in AGREEMENT else "slot", slot[0]))
    return out


def _match(units: list, seq, i: int, lang: str, values: dict) -> Iterator[dict[str, Filler]]:
    """Every slot assignment that lays the template over seq[i:] exactly (agreement words checked later)."""
    if not units:
        if i == len(seq):
            yield dict(values)
        return
    (kind, text), rest = units[0], units[1:]
    if kind == "lit":
        n = 1 if lang == "en" else len(text)
        if (seq[i:i + 1] == (text,)) if lang == "en" else ("".join(seq[i:i + n]) == text):
            yield from _match(rest, seq, i + n, lang, values)
        return
    if kind == "agree":
        if lang == "en" and i < len(seq):
            yield from _match(rest, seq, i + 1, lang, values)
        elif lang == "zh":
            yield from _match(rest, seq, i, lang, values)
        return
    if i >= len(seq):
        return
    for f, p in _index()[text, lang].get(seq[i], ()):
        side = p[0] if lang == "en" else p[1]
        if tuple(seq[i:i + len(side)]) != tuple(side) or values.get(text, f) != f:
            continue
        bound = text in values
        values[text] = f
        yield from _match(rest, seq, i + len(side), lang, values)
        if not bound:
            del values[text]


def parse_frame(seq: tuple[str, ...], lang: str) -> Pair | None:
    """The frame pair whose English tokens (or Chinese chars) are `seq` (with or without the final mark), or None."""
    seq = tuple(seq)
    pair = _parse_marked(seq, lang)
    if pair is not None or not seq or seq[-1] in MARKS or seq[-1] in MARKS.values():
        return pair
    for mark in MARKS if lang == "en" else MARKS.values():
        pair = _parse_marked(seq + (mark,), lang)
        if pair is not None:
            return _bare(pair)
    return None


def _parse_marked(seq: tuple[str, ...], lang: str) -> Pair | None:
    """parse_frame for a sentence that ends as its template does."""
    for frame in FRAMES:
        if not _literals_fit(frame, seq, lang):
            continue
        names = _slot_names(frame)
        for values in _match(_units(frame, lang), seq, 0, lang, {}):
            for subj in ([values["S"]] if "S" in names else [_default_subject()]):
                pair = _safe_render(frame, values | {"S": subj})
                if pair is not None and (pair.en if lang == "en" else pair.zh) == seq:
                    return pair
    return None


def _safe_render(frame: Frame, values: dict[str, Filler]) -> Pair | None:
    """render_frame, or None when a filler lacks a form the frame asks for."""
    try:
        return render_frame(frame, values)
    except KeyError:
        return None


def _literals_fit(frame: Frame, seq: tuple[str, ...], lang: str) -> bool:
    """Every literal word (char) of the template occurs in the sentence: a cheap filter before matching."""
    if lang == "en":
        return all(t in seq for t in frame.en if _slot(t) is None)
    text = "".join(seq)
    return all(seg.rpartition(":")[0] in text for seg in frame.zh if _slot(seg) is None)


def fixed_sentences() -> frozenset[str]:
    """The English of frames without slots ('how old are you ?'), final mark dropped: always train, never test."""
    return frozenset(" ".join(t for t in f.en if t not in (".", "?", "!")) for f in FRAMES if not _slot_names(f))


@lru_cache(maxsize=1)
def frame_tokens() -> tuple[frozenset[str], frozenset[str]]:
    """Every English token and Chinese char the frames can produce (with every slot filler)."""
    en: set[str] = set()
    zh: set[str] = set()
    for frame in FRAMES:
        for t in frame.en:
            if _slot(t) is None:
                en.add(t)
        for seg in frame.zh:
            if _slot(seg) is None:
                zh.update(seg.rpartition(":")[0])
    table = slots()
    for frame in FRAMES:
        for token in frame.en:
            slot = _slot(token)
            if slot is None or slot[0] in AGREEMENT:
                continue
            name, form = slot
            forms = ("", "3") if form == "3" else (form,)
            for f in table[name]:
                for p in (f.piece if not k else dict(f.forms).get(k) for k in forms):
                    if p is not None:
                        en.update(p[0])
                        zh.update(p[1])
    en.update(("am", "is", "are", "was", "were", "do", "does", "have", "has"))
    return frozenset(en - {UNK}), frozenset(zh - {UNK})


_LIVE = _weights()
