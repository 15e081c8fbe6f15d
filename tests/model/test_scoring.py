"""model/scoring.py against independent computations: BLEU and chrF against sacrebleu, the teacher-forced loss
against torch's cross_entropy (with and without label smoothing), ε against the training code, the schedule against
the paper's formula, the recorded test BLEU against docs/model.md's table."""
import json
import math
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
import torch
import torch.nn.functional as F
from sacrebleu.metrics import CHRF

from model import scoring
from model.checkpoint import load_bundle

ROOT = Path(__file__).resolve().parents[2]
torch.set_num_threads(1)

PAIRS = [  # (hypothesis, reference, target language)
    ("the cat sat on the mat", "the cat is on the mat", "en"),
    ("I have a cat.", "I have a cat .", "en"),
    ("hello world, 3.5-4 (yes)", "hello  world 3.5 - 4!", "en"),
    ("It's \"fine\" & <ok>", "it's fine &amp; ok", "en"),
    ("a", "b c d e", "en"),
    ("", "hello", "en"),
    ("the the the the", "the cat", "en"),
    ("我有一只猫。", "我有一只狗。", "zh"),
    ("他是 Tom 。", "Tom 是他", "zh"),
    ("我喜欢喝茶，也喜欢喝咖啡。", "我爱喝茶。", "zh"),
    ("今天是2026年11月29日", "今天是 2026 年 11 月 29 日。", "zh"),
]


@pytest.mark.parametrize(("hyp", "ref", "lang"), PAIRS)
def test_sentence_bleu_and_chrf_agree_with_sacrebleu(hyp, ref, lang):
    ours = scoring.sentence_bleu(hyp, ref, lang)
    theirs = sacrebleu.sentence_bleu(hyp, [ref], tokenize="zh" if lang == "zh" else "13a")
    assert ours.matches == theirs.counts and ours.totals == theirs.totals
    assert ours.score == pytest.approx(theirs.score, abs=1e-9)
    assert ours.brevity_penalty == pytest.approx(theirs.bp, abs=1e-12)
    if any(ours.matches):  # sacrebleu returns zero precisions when nothing matches
        assert ours.precisions == pytest.approx(theirs.precisions, abs=1e-9)
    assert scoring.sentence_chrf(hyp, ref).score == pytest.approx(sacrebleu.sentence_chrf(hyp, [ref]).score, abs=1e-9)
    chrf = scoring.sentence_chrf(hyp, ref)
    stats = CHRF()._extract_corpus_statistics([hyp], [[ref]])[0]  # [hyp, ref, match] per character order
    assert (chrf.ref, chrf.matches) == (stats[1::3], stats[2::3])
    # sacrebleu writes 0 for the hypothesis's n-grams of an order the reference is too short to have (unscored)
    assert [h if r else 0 for h, r in zip(chrf.hyp, chrf.ref)] == stats[0::3]


def test_bleu_by_hand_on_a_small_pair():
    b = scoring.sentence_bleu("the the cat", "the cat sat", "en")
    # unigrams: the ×2 (clipped to 1), cat → 2 of 3; bigrams: "the the", "the cat" → 1 of 2; no trigram matches
    assert (b.matches[:3], b.totals[:3]) == ([2, 1, 0], [3, 2, 1])
    p = [200 / 3, 50, 100 / (2 * 1)]  # the unmatched trigram smoothed as 100 / (2^1 · 1)
    assert b.score == pytest.approx(math.exp(sum(map(math.log, p)) / 3))  # lengths equal: no brevity penalty
    assert b.marks() == [1, 2, 2]  # the first "the" matched as a unigram, "the cat" as a bigram


def test_marks_clip_a_repeated_token():
    b = scoring.sentence_bleu("the the the", "the cat", "en")
    assert b.marks() == [1, 0, 0]
    assert b.ref_marks() == [1, 0]


def test_reference_marks_show_what_the_translation_matched():
    b = scoring.sentence_bleu("我有一只猫", "我有一只狗。", "zh")
    assert b.marks() == [4, 4, 4, 4, 0]  # 我有一只 is a matching 4-gram; 猫 is not in the reference
    assert b.ref_marks() == [4, 4, 4, 4, 0, 0]  # 狗 and 。 are not in the translation


def test_the_zh_tokeniser_splits_characters_and_keeps_latin_words():
    assert scoring.tokenize("他是Tom。", "zh") == ["他", "是", "Tom", "。"]
    assert scoring.tokenize("don't stop, 3.5", "en") == ["don't", "stop", ",", "3.5"]  # 13a keeps the apostrophe


def test_epsilon_is_the_training_losses_and_the_papers():
    from model.lessons.paper import PAPER_TRAINING
    from model.train import LABEL_SMOOTHING

    assert scoring.label_smoothing() == LABEL_SMOOTHING == PAPER_TRAINING["label_smoothing"] == 0.1


def test_smoothed_target_sums_to_one_and_puts_one_minus_eps_plus_eps_over_v_on_the_reference():
    q = scoring.smoothed_target(10, 3, 0.1)
    assert q.sum() == pytest.approx(1.0)
    assert q[3] == pytest.approx(0.91) and q[0] == pytest.approx(0.01)


@pytest.mark.parametrize(("model", "text", "reference"), [("en-zh", "I have a cat", "我有一只猫。"),
                                                          ("zh-en", "我有一只猫", "I have a dog .")])
def test_teacher_loss_matches_torch_cross_entropy(model, text, reference):
    bundle = load_bundle(model)
    eps = scoring.label_smoothing()
    tl = scoring.teacher_loss(bundle, text, reference, eps)
    ids = bundle.tgt_vocab.encode(reference, bundle.config.max_len).ids
    assert tl.input_tokens[0] == "<bos>" and tl.input_tokens[1:] == tl.target_tokens[:-1]  # shifted by one
    assert tl.target_tokens[-1] == "<eos>"
    with torch.no_grad():
        logits = bundle.transformer(torch.tensor([bundle.src_vocab.encode(text, 64).ids]),
                                    torch.tensor([[1] + ids]))[0].double()  # (T, V); 1 = <bos>
    target = torch.tensor(ids + [2])  # 2 = <eos>
    assert tl.loss == pytest.approx(F.cross_entropy(logits, target).item(), abs=1e-9)
    assert tl.smoothed_loss == pytest.approx(F.cross_entropy(logits, target, label_smoothing=eps).item(), abs=1e-9)
    assert tl.nll == pytest.approx(F.cross_entropy(logits, target, reduction="none").numpy(), abs=1e-9)
    assert tl.perplexity == pytest.approx(np.exp(tl.loss))
    assert tl.top_probs == pytest.approx(torch.softmax(logits, -1).max(-1).values.numpy(), abs=1e-12)
    assert tl.cap == pytest.approx(1 - eps + eps / logits.shape[-1])
    q = scoring.smoothed_target(logits.shape[-1], 0, eps)
    assert tl.floor == pytest.approx(-(q * np.log(q)).sum(), abs=1e-12)  # H(q), by NumPy
    assert (tl.smoothed >= tl.floor).all()
    at_q = F.cross_entropy(torch.log(torch.tensor(q))[None], torch.tensor([0]), label_smoothing=eps).item()
    assert tl.floor == pytest.approx(at_q, abs=1e-9)  # the smoothed loss of P = q itself
    assert tl.smoothed_loss > tl.loss * (1 - eps)  # smoothing adds ε · mean −log P over the vocabulary


def test_the_smoothed_loss_is_lowest_at_the_cap():
    """Over distributions that give the target p and share 1 − p evenly, the smoothed loss is least at p = cap."""
    V, eps = 50, 0.1
    q = scoring.smoothed_target(V, 0, eps)
    ps = np.linspace(0.5, 0.999, 2000)
    losses = [-(q * np.log(np.r_[p, np.full(V - 1, (1 - p) / (V - 1))])).sum() for p in ps]
    assert ps[int(np.argmin(losses))] == pytest.approx(1 - eps + eps / V, abs=1e-3)


def test_teacher_loss_refuses_an_empty_reference():
    with pytest.raises(ValueError):
        scoring.teacher_loss(load_bundle("en-zh"), "I have a cat", "  ", 0.1)


def test_schedule_is_the_papers_formula():
    n, rate = scoring.schedule(128, 1000, 1.0, 6000)
    expected = 128**-0.5 * np.minimum(n**-0.5, n * 1000**-1.5)
    assert rate == pytest.approx(expected)
    assert int(n[rate.argmax()]) == 1000  # the peak is at the end of warm-up


def test_recorded_bleu_reads_the_scores_written_beside_the_checkpoint(tmp_path):
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / scoring.SCORES).write_text(json.dumps({"bleu": 21.2, "chrf": 19.054}), encoding="utf-8")
    assert scoring.recorded_bleu("m", tmp_path) == ("21.20", "19.05")
    assert scoring.recorded_bleu("no-such-model", tmp_path) is None


def test_every_shipped_model_has_its_test_scores_recorded():
    from model.checkpoint import available_models

    for model in available_models():
        scores = json.loads((ROOT / "checkpoints" / model / scoring.SCORES).read_text(encoding="utf-8"))
        assert scores["split"] == "test" and scores["pairs"] == 2000, model
        tokenizer = "tok:zh" if model.startswith("en-zh") else "tok:13a"
        assert tokenizer in scores["bleu_signature"], model
        assert 0 < scores["chrf"] < 100 and 0 < scores["bleu"] < 100


def test_training_log_of_the_shipped_model_has_the_recipe():
    log = scoring.training_log("en-zh")
    assert int(log["args"]["d_model"]) == load_bundle("en-zh").config.d_model
    assert scoring.training_log("no-such-model") == {}


def test_the_page_runs_without_sacrebleu():
    """sacrebleu is a dev dependency: the page's modules must not import it."""
    import subprocess
    import sys

    code = "import sys, pages, ui.views.training, model.scoring; assert 'sacrebleu' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
