"""The frames (model/corpus/frames.py): the constructions a lecture uses, names as <unk>, the open vocabulary."""
import random

import pytest

from model.corpus import translate_en, translate_zh
from model.corpus.frames import FRAMES, parse_frame, render_frame, sample_frame, slots
from model.corpus.lexicon import OPEN
from model.data import mask_word, with_unknowns
from model.tokenizer import UNK

# (English tokens, Chinese) written by hand from the constructions' Chinese grammar, not read off the templates.
EXPECTED = [
    ("my name is <unk> .", "我叫<unk>。"),
    ("what is your name ?", "你叫什么名字？"),
    ("i am <unk> .", "我是<unk>。"),
    ("good morning , teacher .", "早上好，老师。"),
    ("thank you very much .", "非常感谢。"),
    ("happy birthday !", "生日快乐！"),
    ("it is raining outside .", "外面在下雨。"),
    ("what time is it ?", "现在几点？"),
    ("i do not understand .", "我不明白。"),
    ("the dog is too tired .", "狗太累了。"),
    ("she is the tallest .", "她是最高的。"),
    ("please open the door .", "请打开门。"),
    ("if it rains , i will rest .", "如果下雨，我会休息。"),
    ("she is from china .", "她来自中国。"),
    ("he has been to china .", "他去过中国。"),
    ("we all sing .", "我们都唱歌。"),
]


@pytest.mark.parametrize("en, zh", EXPECTED)
def test_constructions_translate_as_a_teacher_would(en, zh):
    """Each construction gives the Chinese a teacher would write, and parses back from it."""
    pair = parse_frame(tuple(en.split()), "en")
    assert pair is not None and "".join(pair.zh) == zh
    back = parse_frame(tuple(pair.zh), "zh")
    assert back is not None and " ".join(back.en) == en


def test_every_frame_renders_and_parses_back_both_ways():
    """Random fillers of every frame: the rendering parses back to itself from either side."""
    rng = random.Random(0)
    table = slots()
    for frame in FRAMES:
        names = sorted({t[1:-1].split(".")[0] for t in frame.en if t.startswith("{")} & set(table))
        for _ in range(15):
            values = {n: rng.choice(table[n]) for n in names}
            values.setdefault("S", table["S"][2])
            try:
                pair = render_frame(frame, values)
            except KeyError:  # a filler without the form the frame asks for (no past participle): never sampled
                continue
            assert parse_frame(pair.en, "en") == pair, frame.en
            assert parse_frame(pair.zh, "zh").zh == pair.zh, frame.zh


def test_every_char_aligns_except_de():
    """In frame sentences every Chinese char aligns to an English word, except 的 outside relative clauses."""
    rng = random.Random(1)
    for _ in range(3000):
        pair = sample_frame(rng)
        for ch, i in zip(pair.zh, pair.zh_to_en, strict=True):
            assert i is not None or ch == "的", pair


def test_names_are_unknown_on_both_sides_and_aligned():
    """A name slot is one <unk> in English aligned to one <unk> in Chinese (so the model learns to copy it)."""
    pair = parse_frame(("my", "name", "is", UNK, "."), "en")
    j = pair.zh.index(UNK)
    assert pair.en[pair.zh_to_en[j]] == UNK


def test_open_vocabulary_translates_one_to_one():
    """No two open entries share a Chinese word or an English word (each translates one way in each direction)."""
    zh = [e["zh"] for e in OPEN]
    en = [(e["en"], e["pos"]) for e in OPEN]
    assert len(set(zh)) == len(zh) and len({w for w, _ in en}) == len(en)


def test_frame_sentences_are_in_the_corpus_parsers():
    """translate_en / translate_zh read frame sentences (the app's reference translations)."""
    pair = translate_en("She is from China.")
    assert pair is not None and "".join(pair.zh) == "她来自中国。"
    assert translate_zh("她来自中国。").en == pair.en


def test_mask_word_replaces_a_word_and_its_chars_by_one_unk():
    """Masking 'cat' in 'i have a cat' gives 'i have a <unk>' / 我有一只<unk>, <unk> aligned to <unk>."""
    pair = translate_en("i have a cat")
    masked = mask_word(pair, 3)
    assert masked.en == ("i", "have", "a", UNK)
    assert "".join(masked.zh) == "我有一只" + UNK and masked.zh_to_en[-1] == 3


def test_with_unknowns_masks_about_the_asked_share():
    """About `rate` of the pairs get one content word masked; the others are unchanged."""
    pairs = [translate_en("i have a cat")] * 2000
    out = with_unknowns(pairs, 0.15, random.Random(0))
    share = sum(UNK in p.en for p in out) / len(out)
    assert 0.12 < share < 0.18
    assert all(p == pairs[0] for p in out if UNK not in p.en)
