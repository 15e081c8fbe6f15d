"""SentencePiece subword vocabularies: round trips, unknown and rare pieces, alignment inherited by pieces."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import sentencepiece as spm
import torch

from model.checkpoint import load_bundle
from model.corpus import Pair
from model.data import piece_rates, to_batch
from model.tokenizer import UNK_ID, SubwordVocab, Vocab, learn_subwords, normalise, tokenize_zh, words_en

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = Path(__file__).parent / "corpus_sample"
EN_TRAIN = ["the cat sat on the mat .", "my neighbour likes red colours .",
            "we do not like coffee , but we drink tea .", "please open your books to page 12 .",
            "the river bank is green .", "i love machine learning !",
            "she is a teacher and he is a student .", "they went to the station at 2 o'clock ."] * 5
ZH_TRAIN = ["先生过马路。", "学者喜欢马路。", "那位先生是学者。", "我喜欢机器学习。", "猫坐在垫子上。",
            "我住在Paris，2026年。"] * 5


@pytest.fixture(scope="module")
def en_vocab() -> SubwordVocab:
    return learn_subwords("en", [s.split() for s in EN_TRAIN], 120)


@pytest.fixture(scope="module")
def zh_vocab() -> SubwordVocab:
    return learn_subwords("zh", [tokenize_zh(s) for s in ZH_TRAIN], 60)


def test_normalisation_is_words_joined_by_spaces_and_chinese_without_spaces():
    """What a round trip gives back, written out by hand."""
    assert normalise("I don't like the Café.", "en") == "i do not like the café ."
    assert normalise("Ｔｏｍ’s naïve idea", "en") == "tom 's naïve idea"
    assert normalise("你 好, Tom!", "zh") == "你好，Tom！"
    assert words_en("Café") == ["café"]


@pytest.mark.parametrize("text", ["I don't like the café.", "Café au lait, s'il vous plaît!",
                                  "Please open your books to page 12.", "It costs 3.50 euros in 2026.",
                                  "I love 机器学习 and Paris.", "Germans' neighbours like colours."])
def test_english_round_trip(en_vocab, text):
    """decode(encode(s)) == normalised s, accents, digits and Chinese included (unknown pieces keep their text)."""
    assert en_vocab.detokenize(en_vocab.tokenize(text)) == normalise(text, "en")


@pytest.mark.parametrize("text", ["先生过马路。", "我住在Maastricht，2026年。", "你好, world!",
                                  "那只动物没有过马路，因为它太累了。"])
def test_chinese_round_trip(zh_vocab, text):
    """Chinese pieces joined give the normalised text back (names, digits and unknown characters included)."""
    assert zh_vocab.detokenize(zh_vocab.tokenize(text)) == normalise(text, "zh")


def test_every_english_word_begins_with_the_word_mark(en_vocab):
    """▁ marks the first piece of each word and no other piece."""
    for word in words_en("My neighbour's colours, page 12, café!"):
        pieces = en_vocab.tokenize(word)
        assert "".join(pieces) == "▁" + word
        assert all("▁" not in p for p in pieces[1:])


def test_a_character_never_seen_is_an_unknown_piece(en_vocab):
    """"é" is in no training sentence: its piece maps to <unk> and is flagged unknown; the rest is known."""
    enc = en_vocab.encode("the café", max_len=64)
    assert "é" in enc.tokens
    assert [t for t, u in zip(enc.tokens, enc.unknown) if u] == ["é"]
    assert enc.ids[enc.tokens.index("é")] == UNK_ID


def test_frequent_chinese_words_are_one_piece(zh_vocab):
    """马路, 先生 and 学者 (each seen 10 times or more) become single pieces; 路 is read inside 马路's piece."""
    assert zh_vocab.tokenize("学者先生") == ["学者", "先生"]
    pieces = zh_vocab.tokenize("我过马路。")
    assert pieces == ["我", "过", "马路", "。"]
    ids, word_of, piece_of = zh_vocab.split(tokenize_zh("我过马路。"))
    assert piece_of == [0, 1, 2, 2, 3] and word_of == [0, 1, 2, 4]
    assert ids == [zh_vocab.stoi[p] for p in pieces]


def test_unknown_and_rare_rates_on_a_small_sample():
    """Counted by hand: "my fox" (seen twice, no letter shared with "the cat") has only rare pieces; "the café"
    has an unknown piece (é); every piece of "the cat" is seen 10 times."""
    train = [["the", "cat"]] * 10 + [["my", "fox"]] * 2
    vocab = learn_subwords("en", train, 20)
    test = [["the", "cat"], ["my", "fox"], ["the", "café"], ["the", "cat"]]
    rates = piece_rates(vocab, train, test)
    assert rates["unknown_pct"] == 25.0 and rates["rare_pct"] == 50.0
    processor = spm.SentencePieceProcessor(model_proto=vocab.proto)
    assert rates["per_sentence"] == sum(len(processor.encode(w)) for s in test for w in s) / 4
    words = piece_rates(Vocab.build("en", ["the", "cat"]), train, test)
    assert words["unknown_pct"] == 50.0 and words["per_sentence"] == 2.0


GENERATED = Pair(("my", "neighbour", "likes", "red", "colours", "."),
                 ("我", "的", "邻", "居", "喜", "欢", "红", "色", "。"), (0, None, 1, 1, 2, 2, 3, 4, 5))


def test_en_zh_target_characters_point_at_the_first_piece_of_their_word(en_vocab):
    """Each Chinese character's gold source position is the first piece of its gold English word."""
    processor = spm.SentencePieceProcessor(model_proto=en_vocab.proto)
    lengths = [len(processor.encode(w, out_type=str)) for w in GENERATED.en]
    assert lengths[1] > 1 or lengths[4] > 1, "a multi-piece word before an aligned one"
    starts = [sum(lengths[:i]) for i in range(len(lengths))]
    zh_vocab = Vocab.build("zh", GENERATED.zh)
    src, _, tgt_out, align = to_batch([GENERATED], en_vocab, zh_vocab)
    assert src.shape == (1, sum(lengths))
    want = [-1 if i is None else starts[i] for i in GENERATED.zh_to_en] + [-1]
    assert align[0].tolist() == want
    assert tgt_out.shape == (1, len(GENERATED.zh) + 1)


def test_zh_en_target_pieces_inherit_their_words_alignment(en_vocab):
    """Every piece of an English target word carries that word's gold Chinese character."""
    processor = spm.SentencePieceProcessor(model_proto=en_vocab.proto)
    pieces = [(k, p) for k, w in enumerate(GENERATED.en) for p in processor.encode(w, out_type=str)]
    gold = GENERATED.en_to_zh()  # (0, 2, 4, 6, 7, 8)
    zh_vocab = Vocab.build("zh", GENERATED.zh)
    _, _, tgt_out, align = to_batch([GENERATED], zh_vocab, en_vocab)
    assert tgt_out[0, :-1].tolist() == [en_vocab.stoi[p] for _, p in pieces]
    assert align[0].tolist() == [gold[k] for k, _ in pieces] + [-1]
    assert len(pieces) > len(GENERATED.en)


def test_word_vocabularies_batch_as_before():
    """With one token per word the alignment is the word alignment itself."""
    en, zh = Vocab.build("en", GENERATED.en), Vocab.build("zh", GENERATED.zh)
    src, tgt_in, _, align = to_batch([GENERATED], en, zh)
    assert src[0].tolist() == en.ids_of(list(GENERATED.en))
    assert align[0].tolist() == [-1 if i is None else i for i in GENERATED.zh_to_en] + [-1]


def test_a_saved_subword_vocabulary_loads_back_with_its_model(tmp_path, en_vocab):
    """save writes the JSON and the SentencePiece model beside it; load gives the same pieces."""
    en_vocab.save(tmp_path / "src_vocab.json")
    assert (tmp_path / "src_vocab.model").read_bytes() == en_vocab.proto
    loaded = Vocab.load(tmp_path / "src_vocab.json")
    assert isinstance(loaded, SubwordVocab) and loaded.itos == en_vocab.itos
    assert loaded.tokenize("My neighbour's café") == en_vocab.tokenize("My neighbour's café")


def test_training_with_subwords_ships_the_tokenizer_and_exports_its_state(tmp_path):
    """A tiny en-zh run with English BPE: the checkpoint holds the tokenizer, loads as a bundle that translates
    pieces, and --export writes resume.pt's averaged weights (here: the final ones) as a checkpoint."""
    cmd = [sys.executable, "-m", "model.train", "--task", "en-zh", "--corpus", str(SAMPLE), "--generated", "60",
           "--batch-size", "16", "--d-model", "32", "--d-ff", "64", "--eval-every", "4", "--steps", "4",
           "--en-tokenizer", "spm:150", "--out", str(tmp_path / "run")]
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
    subprocess.run(cmd + ["--export", str(tmp_path / "exported")], cwd=ROOT, check=True, capture_output=True)
    assert (tmp_path / "run" / "src_vocab.model").exists()
    bundle = load_bundle("run", tmp_path)
    assert isinstance(bundle.src_vocab, SubwordVocab) and len(bundle.src_vocab) == 150
    assert bundle.config.src_vocab_size == 150
    enc = bundle.src_vocab.encode("I like tea.", bundle.config.max_len)
    assert enc.tokens[0] == "▁i"
    exported = load_bundle("exported", tmp_path)
    assert all(torch.equal(a, b) for a, b in zip(bundle.transformer.state_dict().values(),
                                                 exported.transformer.state_dict().values()))
    log = json.loads((tmp_path / "exported" / "train_log.json").read_text())
    assert log["exported_step"] == 4 and log["args"]["en_tokenizer"] == "spm:150"
