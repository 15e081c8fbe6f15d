"""The grammar's words: open classes from lexicon.json (see tools/build_lexicon.py) and the closed classes."""
from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple


class Noun(NamedTuple):
    """A noun: English forms, Chinese, category tags, measure word, place prepositions."""

    key: str
    sg: str  # "" for plural-only nouns
    pl: str  # "" for uncountable nouns
    zh: str
    tags: frozenset[str]
    category: str  # the first tag; adjectives and subjects are chosen by it
    mw: str  # measure word; "" if not counted with numbers
    kin: bool  # "my mother" -> 我妈妈 (no 的)
    bare: bool  # proper or article-less place: "china", "school", "home"
    nopos: bool  # takes no possessive ("his man" would mean her husband)
    units: dict[str, str]  # container -> measure word: {"cup": "杯"}
    preps: dict[str, str]  # place preposition -> localiser: {"on": "上", "at": ""}

    @property
    def person(self) -> bool:
        """A person noun (takes 们 after 'the'/possessives in the plural)."""
        return self.category == "person"


class Verb(NamedTuple):
    """A verb sense: English forms, Chinese, object tags and flags."""

    key: str
    base: str
    third: str
    past: str
    ing: str
    zh: str
    intr: str | None  # Chinese when used without an object (None: needs an object)
    objects: frozenset[str]
    flags: frozenset[str]  # stative def nocount nogen noneg place motion animal


class Adj(NamedTuple):
    """An adjective sense: English, comparative, Chinese, the noun categories it fits, its uses."""

    key: str
    en: str
    cmp: str | None
    zh: str
    classes: frozenset[str]
    attr: str  # "bare": 大狗, "de": 可爱的猫, "none": predicate only
    pred: bool


class Pronoun(NamedTuple):
    """A personal or demonstrative pronoun."""

    subj: str
    obj: str
    poss: str
    zh: str
    third: bool
    plural: bool


def _load() -> dict:
    """The JSON lexicon shipped next to this module."""
    return json.loads((Path(__file__).parent / "lexicon.json").read_text(encoding="utf-8"))


_LEX = _load()
NOUNS = {(n["sg"] or n["pl"]): Noun(n["sg"] or n["pl"], n["sg"], n["pl"], n["zh"], frozenset(n["tags"]), n["tags"][0],
                                    n.get("mw", ""), n["kin"], n["bare"], n["nopos"], n["units"], n["preps"])
         for n in _LEX["nouns"]}
VERBS = {v["key"]: Verb(v["key"], v["base"], v["third"], v["past"], v["ing"], v["zh"], v["intr"],
                        frozenset(v["objects"]), frozenset(v["flags"])) for v in _LEX["verbs"]}
ADJS = {a["key"]: Adj(a["key"], a["en"], a["cmp"], a["zh"], frozenset(a["classes"]), a["attr"], a["pred"])
        for a in _LEX["adjs"]}
COLLOCATIONS = {(c["verb"], c["noun"]): (c["zh"], c["the"]) for c in _LEX["collocations"]}
PAST_PARTICIPLES: dict[str, str] = {v["base"]: v["pp"] for v in _LEX["verbs"] if v.get("pp")}
OPEN: tuple[dict, ...] = tuple(_LEX.get("open", ()))  # the open vocabulary from maintained sources


def open_entries(pos: str) -> list[dict]:
    """The open-vocabulary entries of one part of speech (noun, verb, adj, adv)."""
    return [e for e in OPEN if e["pos"] == pos]

PRONOUNS = {p[0]: Pronoun(*p) for p in [
    ("i", "me", "my", "我", False, False), ("you", "you", "your", "你", False, False),
    ("he", "him", "his", "他", True, False), ("she", "her", "her", "她", True, False),
    ("it", "it", "its", "它", True, False), ("we", "us", "our", "我们", False, True),
    ("they", "them", "their", "他们", False, True),
    ("this", "", "", "这", True, False), ("that", "", "", "那", True, False),
    ("these", "", "", "这些", False, True), ("those", "", "", "那些", False, True),
]}
PERSONAL = ("i", "you", "he", "she", "it", "we", "they")

_UNITS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}
_TEENS = {10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen", 15: "fifteen", 16: "sixteen",
          17: "seventeen", 18: "eighteen", 19: "nineteen"}
_TENS = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy", 8: "eighty", 9: "ninety"}
_ZH_DIGITS = "零一二三四五六七八九"


def _number(n: int) -> tuple[str, str, str]:
    """English words, Chinese and alignment links (one per char) of a number 2..100."""
    if n == 100:
        return "one hundred", "一百", "01"
    if n == 2:
        return "two", "两", "0"
    if n < 10:
        return _UNITS[n], _ZH_DIGITS[n], "0"
    if n < 20:
        zh = "十" + (_ZH_DIGITS[n - 10] if n > 10 else "")
        return _TEENS[n], zh, "0" * len(zh)
    tens, unit = divmod(n, 10)
    if not unit:
        return _TENS[tens], _ZH_DIGITS[tens] + "十", "00"
    return f"{_TENS[tens]} {_UNITS[unit]}", _ZH_DIGITS[tens] + "十" + _ZH_DIGITS[unit], "001"


NUMBERS = {en: (zh, links) for en, zh, links in map(_number, range(2, 101))}

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH_ZH = [_ZH_DIGITS[i] for i in range(1, 10)] + ["十", "十一", "十二"]
_DATES = [(f"on {d}", "星期" + "一二三四五六天"[i], "111") for i, d in enumerate(_WEEKDAYS)] + [
    (f"in {m}", _MONTH_ZH[i] + "月", "1" * (len(_MONTH_ZH[i]) + 1)) for i, m in enumerate(_MONTHS)]

# Time phrases by the tenses they go with: (English, Chinese, links).
TIMES = {
    "habit": [("every day", "每天", "01"), ("every week", "每周", "01"), ("every month", "每个月", "011"),
              ("every year", "每年", "01"), ("in the morning", "早上", "22"), ("in the afternoon", "下午", "22"),
              ("in the evening", "晚上", "22"), ("on weekends", "周末", "11")],
    "past": [("yesterday", "昨天", "00"), ("last night", "昨晚", "01"), ("last week", "上周", "01"),
             ("last month", "上个月", "011"), ("last year", "去年", "01"), *_DATES],
    "future": [("tomorrow", "明天", "00"), ("tonight", "今晚", "00"), ("next week", "下周", "01"),
               ("next month", "下个月", "011"), ("next year", "明年", "01"), *_DATES],
    "now": [("today", "今天", "00"), ("now", "现在", "00")],
}

ADVERBS = {"also": "也", "often": "经常", "always": "总是", "sometimes": "有时候", "usually": "通常"}
FREQUENCY = ("often", "always", "sometimes", "usually")

FIXED = {"hello": "你好", "thank you": "谢谢", "goodbye": "再见", "sorry": "对不起", "good morning": "早上好",
         "good night": "晚安", "you are welcome": "不客气", "see you tomorrow": "明天见"}
FIXED_LINKS = {"hello": "00", "thank you": "00", "goodbye": "00", "sorry": "000", "good morning": "110",
               "good night": "11", "you are welcome": "222", "see you tomorrow": "220"}
