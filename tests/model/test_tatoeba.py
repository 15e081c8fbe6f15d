"""Real pairs: the validation split carved from train.tsv, the pairs as the model reads them, the test set's overlap.

The sample in tests/model/corpus_sample runs everywhere; the checks of the full corpus need ../shared/corpus, which
a clone of the repository alone does not have (they skip with that reason there; CI has the folder)."""
from pathlib import Path

import pytest

from model import tatoeba
from model.evaluate import overlap
from model.tokenizer import tokenize_en, tokenize_zh

SAMPLE = Path(__file__).parent / "corpus_sample"
FULL = pytest.mark.skipif(not tatoeba.available(), reason=f"no corpus at {tatoeba.DEFAULT_CORPUS} (a clone alone)")


def test_train_and_valid_split_train_tsv_by_english_sentence():
    train, valid = tatoeba.rows("train", SAMPLE), tatoeba.rows("valid", SAMPLE)
    everything = tatoeba.read(SAMPLE / "train.tsv")
    assert sorted(train + valid, key=everything.index) == everything
    assert not {tatoeba.key(r.en) for r in train} & {tatoeba.key(r.en) for r in valid}


def test_the_same_english_sentence_falls_on_one_side_whatever_its_punctuation():
    a, b = tatoeba.Row("Hi.", "嗨。", "x"), tatoeba.Row("hi!", "你好。", "y")
    assert tatoeba.key(a.en) == tatoeba.key(b.en) == "hi"
    assert tatoeba.split_of(a) == tatoeba.split_of(b)


def test_pairs_are_the_tokenizers_tokens_with_no_alignment():
    row = tatoeba.rows("test", SAMPLE)[0]
    pair = tatoeba.to_pair(row)
    assert list(pair.en) == tokenize_en(row.en) and list(pair.zh) == tokenize_zh(row.zh)
    assert pair.zh_to_en == (None,) * len(pair.zh)


def test_training_pairs_longer_than_the_limits_are_dropped(tmp_path):
    long_en = " ".join(["word"] * (tatoeba.MAX_EN + 1)) + "."
    (tmp_path / "train.tsv").write_text(f"{long_en}\t字。\ta\nI see.\t我明白。\tb\n", encoding="utf-8")
    kept = [p.en for p in tatoeba.pairs("train", tmp_path) + tatoeba.pairs("valid", tmp_path)]
    assert kept == [("i", "see", ".")]


@FULL
def test_the_test_set_shares_no_sentence_with_train_tsv():
    o = overlap(tatoeba.DEFAULT_CORPUS)
    assert o["test_pairs"] == 2000
    assert o["english_in_train"] == 0 and o["chinese_in_train"] == 0


@FULL
def test_the_validation_split_is_about_three_percent_of_train_tsv():
    train, valid = tatoeba.rows("train"), tatoeba.rows("valid")
    assert len(train) + len(valid) == 29_055
    assert 0.02 < len(valid) / 29_055 < 0.04
