"""Coverage (model/coverage.py): the cross-attention each source word received; and the "may be untranslated" mark,
read from each word's peak attention in the layer and below the threshold chosen for the source language."""
from types import SimpleNamespace

import numpy as np
import pytest

from model import coverage
from model.checkpoint import load_bundle
from model.tokenizer import Encoded
from model.trace import run_with_trace


@pytest.fixture(scope="module")
def trace():
    return run_with_trace(load_bundle("en-zh"), "I have a cat and a dog.")


def test_coverage_adds_the_last_layer_head_average_over_the_rows_that_wrote_tokens(trace):
    N, n_out = trace.config.N, len(trace.decoded.tokens)
    pattern = np.asarray(trace[f"decoder.{N - 1}.cross_attn.hook_pattern"], dtype=np.float64)  # (h, T, S)
    want = sum(pattern[:, t, :].mean(0) for t in range(n_out))  # the <eos> row is not a translated token
    np.testing.assert_allclose(trace.coverage, want, rtol=1e-5, atol=1e-6)
    assert trace.coverage.sum() == pytest.approx(n_out, rel=1e-4)  # every written token spreads exactly 1


class FakeTrace(SimpleNamespace):
    """Just what model.coverage reads of a trace."""

    def __getitem__(self, name):
        return self.arrays[name]


def fake(tokens: list[str], rows: list[list[float]], lang: str = "en", unknown: list[bool] | None = None) -> FakeTrace:
    """A one-layer trace whose cross-attention rows (one per output token, one head) are `rows`."""
    pattern = np.array(rows, dtype=np.float32)[None]  # (h=1, T, S)
    enc = Encoded(tokens, [5] * len(tokens), unknown or [False] * len(tokens), False, len(tokens))
    written = SimpleNamespace(tokens=["x"] * len(rows))
    return FakeTrace(src=enc, src_lang=lang, config=SimpleNamespace(N=1), decoded=written,
                     arrays={"decoder.0.cross_attn.hook_pattern": pattern})


def test_a_known_content_word_no_token_looked_at_is_flagged_function_words_and_unknown_ones_are_not():
    t = fake(["i", "love", "machine", "learning", "the", "tom", "."], [[1, 1, 1, 0.05, 0.0, 0.0, 1]],
             unknown=[False] * 5 + [True, False])
    assert coverage.untranslated(t) == [3]  # "the" is a function word; "tom" is unknown (its own notice)


def test_the_mark_reads_the_peak_not_the_total():
    """A word that every one of six output tokens looks at a little (total 1.2, as much as a translated word) but
    none looks at mostly is flagged; one that a single token looks at mostly is not."""
    threshold = coverage.MARK["en"][1]
    rows = [[0.8, 0.2, 0.0]] + [[0.0, 0.2, 0.8]] * 5  # (T=6, S=3)
    t = fake(["cat", "river", "bank"], rows)
    assert coverage.coverage(t)[1] == pytest.approx(1.2) and 0.2 < threshold < 0.8
    assert coverage.untranslated(t) == [1]


def test_the_peak_is_the_largest_head_average_a_written_token_gave_the_word_in_the_marks_layer(trace):
    layer, _ = coverage.mark(trace)
    pattern = np.asarray(trace[f"decoder.{layer}.cross_attn.hook_pattern"], dtype=np.float64)  # (h, T, S)
    n_out = len(trace.decoded.tokens)
    for (a, b), peak in coverage.word_peaks(trace):
        want = max(pattern[:, t, a:b].mean(0).sum() for t in range(n_out))
        assert peak == pytest.approx(want, rel=1e-5, abs=1e-6)


def test_a_chinese_word_counts_all_its_characters():
    # 机器 gets 1 on its first character (an English word attends there), 学习 next to nothing
    t = fake(list("我爱机器学习"), [[1, 1, 1, 0.0, 0.02, 0.01]], lang="zh")
    assert coverage.untranslated(t) == [4, 5]


@pytest.mark.parametrize("text, words", [("我叫汤姆。", ["我", "叫", "汤姆", "。"]),
                                         ("今天天气很好。", ["今天", "天气", "很", "好", "。"]),
                                         ("我爱猫", ["我", "爱", "猫"])])
def test_chinese_characters_are_grouped_into_lexicon_words_and_names(text, words):
    tokens = list(text)
    assert ["".join(tokens[a:b]) for a, b in coverage.spans(tokens, "zh")] == words
