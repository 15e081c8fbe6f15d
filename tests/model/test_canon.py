"""The lecture canon: the sentences lectures on attention use, each with accepted translations and where it is used,
none of them trained on."""
import re

import pytest

from model import tatoeba
from model.lecture_sets import DIRECTIONS, canon

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]+")
NAMED = {"en-zh": ["Attention is all you need.", "I love machine learning.", "The cat sat on the mat.",
                   "The animal didn't cross the street because it was too tired.",
                   "The animal didn't cross the street because it was too wide.", "The bank of the river is green.",
                   "I have a cat."],
         "zh-en": ["猫坐在垫子上。", "我喜欢机器学习。", "我有一只猫。", "注意力就是你所需要的一切。"]}


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_each_direction_has_sixty_unique_sentences_with_where_they_are_used(direction):
    rows = canon(direction)
    assert len(rows) >= 60
    sources = [source for source, _, _ in rows]
    assert len(sources) == len(set(sources))
    assert all(accepted and used for _, accepted, used in rows)
    assert set(NAMED[direction]) <= set(sources)


def test_sources_and_translations_are_in_their_languages():
    for source, accepted, _ in canon("en-zh"):
        assert not CJK.search(source), source
        words = {w.lower() for w in LATIN.findall(source)}
        for zh in accepted:
            assert CJK.search(zh) and " " not in zh, (source, zh)
            assert all(w.lower() in words for w in LATIN.findall(zh)), (source, zh)  # Latin only as a copied name
    for source, accepted, _ in canon("zh-en"):
        assert CJK.search(source), source
        assert all(not CJK.search(en) for en in accepted), source


def test_a_line_without_where_it_is_used_is_rejected(tmp_path, monkeypatch):
    monkeypatch.setattr("model.lecture_sets.HERE", tmp_path)
    (tmp_path / "canon_en-zh.tsv").write_text("# c\nHello.\t你好。\tbeginner demos\nBye.\t再见。\t \n",
                                              encoding="utf-8")
    with pytest.raises(ValueError, match="line 3"):
        canon("en-zh")


@pytest.mark.skipif(not tatoeba.available(), reason="../shared/corpus/train.tsv is absent (it is there in CI)")
def test_no_canon_sentence_is_in_the_training_data():
    train = tatoeba.read(tatoeba.DEFAULT_CORPUS / "train.tsv")
    english = {tatoeba.key(r.en) for r in train}  # lower case, punctuation aside
    chinese = {r.zh for r in train}
    assert [s for s, _, _ in canon("en-zh") if tatoeba.key(s) in english] == []
    assert [s for s, _, _ in canon("zh-en") if s in chinese] == []


def test_evaluate_scores_the_canon_as_the_app_translates_it():
    from model.checkpoint import load_bundle
    from model.evaluate import canon_score, matches
    from model.trace import run_with_trace

    bundle = load_bundle("zh-en")
    score = canon_score(bundle)
    rows = canon("zh-en")
    assert score["total"] == len(rows) and score["correct"] + len(score["misses"]) == len(rows)
    missed = {m["sentence"] for m in score["misses"]}
    for source, accepted, _ in rows[:12]:
        output = run_with_trace(bundle, source).output_words
        assert (source not in missed) == matches(bundle, output, accepted), source
