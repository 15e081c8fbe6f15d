"""The page "How it is trained and scored" in both languages: it runs with the model's own translation as the
reference, with a typed one, an empty one, one in the wrong language and an empty sentence; the numbers it shows are
recomputed here with torch's cross_entropy, sacrebleu and the paper's schedule formula."""
import json
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
import torch
import torch.nn.functional as F

from lesson import catalogue
from model.checkpoint import load_bundle
from model.trace import run_with_trace
from tests.app.conftest import element_specs, open_page

torch.set_num_threads(1)
ROOT = Path(__file__).resolve().parents[2]
SENTENCE = "I have a cat"
EPS = 0.1  # model/train.py's CrossEntropyLoss(label_smoothing=0.1), as docs/model.md records it


def texts(at) -> str:
    """Every markdown, caption, info and warning text of the page, joined."""
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "info", "warning") for e in getattr(at, kind))


def reference_box(at, lang):
    """The page's reference text box."""
    return next(b for b in at.text_input if b.label == catalogue.lookup("tr.reference", lang))


def torch_losses(model: str, text: str, reference: str) -> tuple[float, float]:
    """Teacher-forced cross-entropy of `reference` without and with label smoothing, by torch alone."""
    bundle = load_bundle(model)
    ids = bundle.tgt_vocab.encode(reference, 64).ids
    with torch.no_grad():
        logits = bundle.transformer(torch.tensor([bundle.src_vocab.encode(text, 64).ids]),
                                    torch.tensor([[1] + ids]))[0].double()  # (T, V); 1 = <bos>
    target = torch.tensor(ids + [2])  # 2 = <eos>
    return F.cross_entropy(logits, target).item(), F.cross_entropy(logits, target, label_smoothing=EPS).item()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_shows_the_loss_the_scores_and_the_schedule_of_the_models_own_translation(lang):
    at = open_page("training", s=SENTENCE, lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    output = run_with_trace(load_bundle("en-zh"), SENTENCE).output_text
    assert reference_box(at, lang).value == output
    loss, smoothed = torch_losses("en-zh", SENTENCE, output)
    shown = texts(at)
    assert f"**{loss:.3f}**" in shown and f"**{np.exp(loss):.2f}**" in shown
    assert f"**{smoothed:.3f}**" in shown
    assert f"BLEU {sacrebleu.sentence_bleu(output, [output], tokenize='zh').score:.2f}" in shown  # 100.00
    lines = [line for spec in element_specs(at) for line in spec.lines]
    assert len(lines) == 3  # the schedule, the training loss, the validation BLEU
    n, rate = lines[0].x.astype(float), lines[0].y.astype(float)
    assert rate == pytest.approx(128**-0.5 * np.minimum(n**-0.5, n * 1000**-1.5), rel=1e-5)  # float32 on the wire
    assert catalogue.lookup("tr.smooth_paper", lang) in shown
    bundle = load_bundle("en-zh")
    with torch.no_grad():
        ids = bundle.tgt_vocab.encode(output, 64).ids
        logits = bundle.transformer(torch.tensor([bundle.src_vocab.encode(SENTENCE, 64).ids]),
                                    torch.tensor([[1] + ids]))[0].double()  # (T, V)
    top = torch.softmax(logits, -1).max(-1).values.numpy()
    V = logits.shape[-1]
    q = np.full(V, EPS / V)
    q[0] += 1 - EPS
    assert f"H(q) = {-(q * np.log(q)).sum():.3f}" in shown
    assert catalogue.lookup("tr.smooth_cap", lang, cap=f"{1 - EPS + EPS / V:.4f}", mean=f"{top.mean():.4f}",
                       top=f"{top.max():.4f}") in shown


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_typed_reference_gives_torchs_loss_and_sacrebleus_bleu_and_chrf(lang):
    at = open_page("training", s=SENTENCE, lang=lang)
    reference = "我有一只狗。"
    reference_box(at, lang).input(reference).run()
    assert not at.exception, [e.message for e in at.exception]
    output = run_with_trace(load_bundle("en-zh"), SENTENCE).output_text
    loss, smoothed = torch_losses("en-zh", SENTENCE, reference)
    shown = texts(at)
    assert f"**{loss:.3f}**" in shown and f"**{smoothed:.3f}**" in shown
    assert f"BLEU {sacrebleu.sentence_bleu(output, [reference], tokenize='zh').score:.2f}" in shown
    assert f"chrF {sacrebleu.sentence_chrf(output, [reference]).score:.2f}" in shown


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_empty_reference_asks_for_one(lang):
    at = open_page("training", s=SENTENCE, lang=lang)
    reference_box(at, lang).input("").run()
    assert not at.exception, [e.message for e in at.exception]
    assert catalogue.lookup("tr.type_reference", lang) in [i.value for i in at.info]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_reference_in_the_wrong_language_is_named(lang):
    at = open_page("training", s=SENTENCE, lang=lang)
    reference_box(at, lang).input("I have a dog").run()
    assert not at.exception, [e.message for e in at.exception]
    expected = catalogue.lookup("tr.wrong_lang", lang, got=catalogue.lookup("tr.lang_en", lang),
                           want=catalogue.lookup("tr.lang_zh", lang))
    assert expected in [w.value for w in at.warning]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_empty_sentence_shows_the_notice(lang):
    at = open_page("training", s="", lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    assert catalogue.lookup("notice.type_sentence", lang) in [i.value for i in at.info]


def test_user_text_in_the_reference_is_never_markup():
    at = open_page("training", s=SENTENCE)
    reference_box(at, "en").input("我 <b>有</b> [x](http://e.com) **猫**").run()
    assert not at.exception, [e.message for e in at.exception]
    shown = texts(at)
    assert r"\< b \>" in shown and r"\* \*" in shown and r"\[ x \] \( http" in shown  # its zh tokens, escaped
    assert "<b>" not in shown and "](http" not in shown


def test_a_model_without_recorded_scores_says_so(monkeypatch, tmp_path):
    from model import scoring

    monkeypatch.setattr(scoring, "SCORES", "no-such-file.json")
    at = open_page("training", s=SENTENCE, lang="zh")
    assert not at.exception, [e.message for e in at.exception]
    assert catalogue.lookup("tr.no_recorded", "zh") in texts(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_recorded_test_bleu_is_shown(lang):
    at = open_page("training", s=SENTENCE, lang=lang)
    scores = json.loads((ROOT / "checkpoints" / "en-zh" / "scores.json").read_text(encoding="utf-8"))
    bleu, chrf = f"{scores['bleu']:.2f}", f"{scores['chrf']:.2f}"
    assert catalogue.lookup("tr.recorded", lang, bleu=bleu, chrf=chrf) in texts(at)


def test_the_chinese_to_english_model_is_scored_with_13a_tokens():
    at = open_page("training", s="我有一只猫", model="zh-en")
    assert not at.exception, [e.message for e in at.exception]
    reference = "I have a black cat."
    reference_box(at, "en").input(reference).run()
    output = run_with_trace(load_bundle("zh-en"), "我有一只猫").output_text
    loss, smoothed = torch_losses("zh-en", "我有一只猫", reference)
    shown = texts(at)
    assert f"**{loss:.3f}**" in shown and f"**{smoothed:.3f}**" in shown
    assert f"BLEU {sacrebleu.sentence_bleu(output, [reference], tokenize='13a').score:.2f}" in shown
    assert catalogue.lookup("tr.score_caption", "en", tok="13a") in shown


@pytest.mark.parametrize(("model", "query"), [("en-zh-pre", {}), ("en-zh-unguided", {"presenter": "true"})])
def test_the_other_models_show_their_own_log_and_recorded_scores(model, query):
    at = open_page("training", s=SENTENCE, model=model, **query)
    assert not at.exception, [e.message for e in at.exception]
    scores = json.loads((ROOT / "checkpoints" / model / "scores.json").read_text(encoding="utf-8"))
    bleu, chrf = f"{scores['bleu']:.2f}", f"{scores['chrf']:.2f}"
    assert catalogue.lookup("tr.recorded", "en", bleu=bleu, chrf=chrf) in texts(at)
    assert len([line for spec in element_specs(at) for line in spec.lines]) == 3
    aligned = catalogue.lookup("tr.curve_aligned", "en", weight=0.5)  # en-zh-pre: --align-weight 0.5; the twin: none
    assert (aligned in texts(at)) == (model == "en-zh-pre")


@pytest.mark.parametrize("reference", ["   ", "<unk> <bos> <eos>", "。。。", "猫" * 400, "$x$ `code` \\n # h", "🙂🙂"])
def test_odd_references_give_no_traceback(reference):
    at = open_page("training", s=SENTENCE, lang="zh")
    reference_box(at, "zh").input(reference).run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.info or "BLEU" in texts(at)
