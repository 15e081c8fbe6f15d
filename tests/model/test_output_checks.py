"""model.evaluate's checks of an output: does it loop, does it hold the other language's script outside copies."""
from model.checkpoint import load_bundle
from model.decoding import DecodeOptions
from model.evaluate import looping, other_script
from model.trace import run_with_trace


def test_a_loop_is_a_run_written_three_times_in_a_row_or_an_output_without_end():
    bundle = load_bundle("en-zh")
    assert looping(run_with_trace(bundle, "He tends to sleep.", DecodeOptions(guard=False)))  # 他往往往往往会睡觉。
    assert not looping(run_with_trace(bundle, "He tends to sleep."))
    cut = run_with_trace(bundle, "I love machine learning.", DecodeOptions(max_steps=2))
    assert not cut.decoded.finished and looping(cut)
    assert not looping(run_with_trace(bundle, "I love machine learning."))


def test_other_script_counts_chinese_in_english_and_latin_outside_copies_in_chinese():
    en_zh, zh_en = load_bundle("en-zh"), load_bundle("zh-en")
    anna = run_with_trace(en_zh, "My name is Anna.")  # 我叫Anna。: the Latin letters are a marked copy
    assert "Anna" in anna.output_text and not other_script(anna)
    assert not other_script(run_with_trace(zh_en, "我住在马斯特里赫特。"))  # the name in pinyin
    trace = run_with_trace(zh_en, "我有一只猫。")
    assert not other_script(trace)
    trace.decoded.tokens[-1] = "猫"  # as if the model had written a Chinese character of its own
    assert "猫" in trace.output_text and other_script(trace)
