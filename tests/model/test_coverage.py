"""Coverage (model/coverage.py): the cross-attention each source word received, and the words it flags."""
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


def fake(tokens: list[str], cov: list[float], lang: str = "en", unknown: list[bool] | None = None) -> FakeTrace:
    """A trace whose last cross-attention layer gives each source token `cov` over one output row."""
    pattern = np.array(cov, dtype=np.float32)[None, None, :]  # (h=1, T=1, S)
    enc = Encoded(tokens, [5] * len(tokens), unknown or [False] * len(tokens), False, len(tokens))
    return FakeTrace(src=enc, src_lang=lang, config=SimpleNamespace(N=1), decoded=SimpleNamespace(tokens=["x"]),
                     arrays={"decoder.0.cross_attn.hook_pattern": pattern})


def test_a_known_content_word_with_little_attention_is_flagged_function_words_and_unknown_ones_are_not():
    t = fake(["i", "love", "machine", "learning", "the", "tom", "."], [1, 1, 1, 0.05, 0.0, 0.0, 1],
                      unknown=[False] * 5 + [True, False])
    assert coverage.untranslated(t) == [3]  # "the" is a function word; "tom" is unknown (its own notice)
    assert coverage.untranslated(t, threshold=0.01) == []


def test_a_chinese_word_counts_all_its_characters():
    # 机器 gets 1 on its first character (an English word attends there), 学习 gets nothing
    t = fake(list("我爱机器学习"), [1, 1, 1, 0.0, 0.02, 0.01], lang="zh")
    assert coverage.untranslated(t) == [4, 5]


@pytest.mark.parametrize("text, words", [("我叫汤姆。", ["我", "叫", "汤姆", "。"]),
                                         ("今天天气很好。", ["今天", "天气", "很", "好", "。"]),
                                         ("我爱猫", ["我", "爱", "猫"])])
def test_chinese_characters_are_grouped_into_lexicon_words_and_names(text, words):
    tokens = list(text)
    assert ["".join(tokens[a:b]) for a, b in coverage.spans(tokens, "zh")] == words
