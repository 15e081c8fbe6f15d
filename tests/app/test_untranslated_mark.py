"""The "may be untranslated" mark in the header's chips: the word no output token looked at much, with its peak
attention computed here with NumPy, in either language."""
import html

import numpy as np

from model.checkpoint import load_bundle
from model.coverage import MARK
from model.trace import run_with_trace
from tests.app.conftest import open_page

RIVER = "The bank of the river is green."  # en-zh writes 银行是最绿色的。: "river" goes missing


def river_peak() -> float:
    """The largest head-averaged attention a written token gives "river" in the mark's layer, by NumPy."""
    trace = run_with_trace(load_bundle("en-zh"), RIVER)
    layer = MARK["en"][0]
    pattern = np.asarray(trace[f"decoder.{layer}.cross_attn.hook_pattern"], dtype=np.float64)  # (h, T, S)
    rows = pattern[:, : len(trace.decoded.tokens)].mean(0)  # (T', S)
    return float(rows[:, trace.src.tokens.index("river")].max())


def test_the_dropped_word_is_marked_with_its_peak_and_named_in_the_notice():
    peak = river_peak()
    assert peak < MARK["en"][1]
    at = open_page("overview", s=RIVER)
    chips = " ".join(h.proto.body for h in at.get("html"))
    tip = html.escape(f"no output token gave it more than {peak:.2f} of its cross-attention (layer {MARK['en'][0]}; "
                      f"marked below {MARK['en'][1]})")
    assert tip in chips
    assert any("May be untranslated: river" in w.value for w in at.warning)
    at = open_page("overview", s=RIVER, lang="zh")
    assert any("可能未译出：river" in w.value for w in at.warning)


def test_a_right_translation_carries_no_mark():
    at = open_page("overview", s="I have a cat.")
    assert not any("May be untranslated" in w.value for w in at.warning)


def test_a_known_word_the_model_wrote_unk_for_is_named_as_copied_in_pinyin():
    """音乐是人类共通的语言。: zh-en knows every character but writes <unk> where 人类 goes; the Decoding page says the
    model knows the word, copied it, and writes it in pinyin."""
    trace = run_with_trace(load_bundle("zh-en"), "音乐是人类共通的语言。")
    step = next(i for i, j in enumerate(trace.decoded.copied_from) if j is not None)
    at = open_page("decoding", s="音乐是人类共通的语言。", model="zh-en")
    line = next(c.value for c in at.caption if c.value.startswith(f"At step {step} the model wrote <unk>"))
    assert "although it knows the source word there" in line and "written in pinyin, **renlei**" in line
    at = open_page("decoding", s="音乐是人类共通的语言。", model="zh-en", lang="zh")
    assert any("尽管它认识源句里的这个词" in c.value and "以拼音写出，**renlei**" in c.value for c in at.caption)


def test_the_twins_lines_name_the_words_each_translation_copied():
    """The twin comparison shows each translation as text, where no chip marks a copy: the copied words are named."""
    sentence = "My name is Anna."
    at = open_page("decoding", s=sentence, twin=True)
    lines = [m.value for m in at.markdown if "**en-zh**" in m.value]
    assert lines and "(copied from the source where the model wrote <unk>: Anna)" in lines[0]
