"""The open section of model/corpus/lexicon.json (written by tools/build_lexicon.py), read as data only."""
from __future__ import annotations

import json
import re
from pathlib import Path

LEXICON = json.loads((Path(__file__).resolve().parents[2] / "model" / "corpus" / "lexicon.json").read_text("utf-8"))
OPEN = LEXICON["open"]
FIELDS = {"noun": {"pl", "mw"}, "verb": {"third", "past", "pp", "ing", "trans"}, "adj": {"cmp", "sup"}, "adv": set()}
CJK = re.compile(r"[\u4e00-\u9fff]")


def _curated_zh() -> set[str]:
    """Chinese words of the curated noun, verb and adjective sections."""
    return {e["zh"] for kind in ("nouns", "verbs", "adjs") for e in LEXICON[kind]}


def test_every_open_entry_has_the_fields_of_its_part_of_speech():
    for entry in OPEN:
        assert entry["pos"] in FIELDS, entry
        assert {"en", "pos", "zh"} | FIELDS[entry["pos"]] <= set(entry), entry
        assert all(entry[k] for k in {"en", "zh"} | FIELDS[entry["pos"]] - {"trans", "cmp", "sup"}), entry


def test_open_english_is_unique_and_new():
    english = [e["en"] for e in OPEN]
    assert len(english) == len(set(english))
    curated = {n["sg"] or n["pl"] for n in LEXICON["nouns"]} | {v["base"] for v in LEXICON["verbs"]}
    assert not set(english) & (curated | {a["en"] for a in LEXICON["adjs"]})


def test_chinese_is_unique_across_curated_and_open():
    chinese = [e["zh"] for e in OPEN]
    assert len(chinese) == len(set(chinese))
    assert not set(chinese) & _curated_zh()


def test_open_chinese_is_plain_chinese():
    for entry in OPEN:
        assert all(CJK.fullmatch(c) for c in entry["zh"]) and "的" not in entry["zh"], entry


def test_measure_words_are_one_character():
    for entry in (e for e in OPEN if e["pos"] == "noun"):
        assert len(entry["mw"]) == 1 and CJK.fullmatch(entry["mw"]), entry


def test_the_models_vocabulary_covers_the_most_frequent_words():
    """The vocabulary the models are trained on (grammar + frames) knows >= 90 % of the 2,000 most frequent English
    words (a contraction counts when its expansion is known: "don't" is read as do not) and >= 90 % of the 1,500
    most frequent Chinese characters (the lists shipped in model/lecture_sets/)."""
    from model.corpus import en_tokens, zh_tokens
    from model.lecture_sets import frequent
    from model.tokenizer import tokenize_en

    english, chinese = en_tokens(), zh_tokens()
    words, chars = frequent("en"), frequent("zh")
    assert len(words) == 2000 and len(chars) == 1500
    known = [w for w in words if all(t in english for t in tokenize_en(w))]
    assert len(known) >= 1800, sorted(set(words) - set(known))
    assert sum(c in chinese for c in chars) >= 1350, [c for c in chars if c not in chinese]


def test_the_shipped_frequency_lists_are_wordfreqs():
    """The shipped lists are wordfreq 3.1.1's (requirements-dev.txt installs it for this test)."""
    import wordfreq

    from model.lecture_sets import frequent

    assert frequent("en") == wordfreq.top_n_list("en", 2000)
    cjk = [w for w in wordfreq.top_n_list("zh", 40000) if len(w) == 1 and CJK.fullmatch(w)]
    assert frequent("zh") == cjk[:1500]
