"""The held-out lecture sets: size, no duplicates, Chinese where it belongs, a loader that rejects bad lines."""
import re

import pytest

from model.lecture_sets import DIRECTIONS, load

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]+")


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_each_set_is_large_with_unique_sources_and_translations(direction):
    rows = load(direction)
    assert len(rows) >= 150
    sources = [source for source, _ in rows]
    assert len(sources) == len(set(sources)), "duplicate source sentences"
    assert all(len(accepted) >= 1 and all(accepted) for _, accepted in rows)


def test_en_zh_translations_are_chinese_with_latin_only_when_copied_from_the_source():
    for source, accepted in load("en-zh", added=True):
        source_words = {w.lower() for w in LATIN.findall(source)}
        for zh in accepted:
            assert CJK.search(zh), (source, zh)
            assert " " not in zh and not re.search(r"[,.?!]", zh), (source, zh)
            copied = [run for run in LATIN.findall(zh) if run.lower() not in source_words]
            assert not copied, (source, zh, copied)


def test_zh_en_sources_are_chinese():
    for source, accepted in load("zh-en"):
        assert CJK.search(source), source
        assert all(not CJK.search(en) for en in accepted), source


@pytest.mark.parametrize("bad", ["no tab here", "a\tb\tc", "\tonly a translation", "source\tone | | two"])
def test_loader_rejects_a_malformed_line_with_its_number(tmp_path, bad):
    path = tmp_path / "set.tsv"
    path.write_text(f"# comment\n\nHello.\t你好。\n{bad}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 4"):
        load("en-zh", path)


def test_loader_skips_comments_and_blank_lines(tmp_path):
    path = tmp_path / "set.tsv"
    path.write_text("# comment\n\nMy name is Tom.\t我叫Tom。 | 我叫汤姆。\n", encoding="utf-8")
    assert load("en-zh", path) == [("My name is Tom.", ("我叫Tom。", "我叫汤姆。"))]


def test_translations_accepted_later_join_their_sentences_and_name_only_known_ones(tmp_path):
    path = tmp_path / "set.tsv"
    path.write_text("My name is Tom.\t我叫Tom。\nI am Anna.\t我是Anna。\n", encoding="utf-8")
    (tmp_path / "set.added.tsv").write_text("# later\nMy name is Tom.\t我叫汤姆。\n", encoding="utf-8")
    assert load("en-zh", path) == [("My name is Tom.", ("我叫Tom。",)), ("I am Anna.", ("我是Anna。",))]
    assert load("en-zh", path, added=True) == [("My name is Tom.", ("我叫Tom。", "我叫汤姆。")),
                                               ("I am Anna.", ("我是Anna。",))]
    (tmp_path / "set.added.tsv").write_text("Who is she?\t她是谁？\n", encoding="utf-8")
    with pytest.raises(ValueError, match="Who is she"):
        load("en-zh", path, added=True)


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_every_later_translation_belongs_to_a_sentence_of_the_set(direction):
    assert len(load(direction, added=True)) == len(load(direction))
