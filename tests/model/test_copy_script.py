"""A word the model copies into its translation stays in the output's script: into English, a Chinese word is written
in pinyin (never in Chinese characters) and marked as copied, whether or not the model knows its characters."""
import re

from model import lecture_sets
from model.checkpoint import load_bundle
from model.romanize import pinyin_word
from model.trace import run_with_trace

HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def test_pinyin_reads_words_as_words_and_capitalises_names_only():
    assert pinyin_word("银行", False) == "yinhang"  # 行 read háng in this word, not xíng
    assert pinyin_word("女", False) == "nü"
    assert pinyin_word("马斯特里赫特", True) == "Masitelihete"
    assert pinyin_word("2020年", False) == "2020nian"


def test_a_chinese_name_copied_into_english_is_pinyin_and_marked():
    trace = run_with_trace(load_bundle("zh-en"), "我住在马斯特里赫特。")  # 赫 is unknown to the model
    assert any(trace.src.unknown)
    copied = [i for i, j in enumerate(trace.decoded.copied_from) if j is not None]
    assert copied and [trace.output_words[i] for i in copied] == ["Masitelihete"]
    assert all(trace.decoded.tokens[i] == "<unk>" for i in copied)
    assert "Masitelihete" in trace.output_text and not HAN.search(trace.output_text)


def test_a_known_character_the_model_copies_is_pinyin_too():
    """音乐是人类共通的语言。: the model knows every character but writes <unk> where 人类 goes (类 was copied)."""
    trace = run_with_trace(load_bundle("zh-en"), "音乐是人类共通的语言。")
    assert not any(trace.src.unknown)
    copied = [i for i, j in enumerate(trace.decoded.copied_from) if j is not None]
    assert copied and not HAN.search(trace.output_text)
    assert "renlei" in [trace.output_words[i] for i in copied]  # lower case: a word, not a name


def test_a_known_word_copied_is_its_lexicon_word_or_its_character_not_the_run_around_it():
    trace = run_with_trace(load_bundle("zh-en"), "猫坐在垫子上。")  # "The cat sat on the 垫." before
    copied = [trace.output_words[i] for i, j in enumerate(trace.decoded.copied_from) if j is not None]
    assert copied in (["dian"], ["dianzi"])  # 垫 or 垫子, not 垫子上
    assert not HAN.search(trace.output_text)


def test_no_chinese_character_in_any_english_output_of_the_lecture_sets():
    bundle = load_bundle("zh-en")
    sources = [s for s, _ in lecture_sets.load("zh-en")] + [s for s, _, _ in lecture_sets.canon("zh-en")]
    assert [s for s in sources if HAN.search(run_with_trace(bundle, s).output_text)] == []


def test_an_english_name_copied_into_chinese_stays_as_typed():
    trace = run_with_trace(load_bundle("en-zh"), "My name is Anna.")
    assert "Anna" in trace.output_text
    assert [trace.output_words[i] for i, j in enumerate(trace.decoded.copied_from) if j is not None] == ["Anna"]
