"""The guided tour's optional chapters (trained and scored, trust, After 2017): they join the tour only when asked,
every step renders in both languages, and each figure's numbers are recomputed here with NumPy from the trace or an
independent run of the model (the attribution against finite differences, the rollout as a NumPy product)."""
import json
import re
from pathlib import Path

import numpy as np
import pytest
import torch

from lesson import catalogue
from lesson.tour import BEFORE, CHAPTER, PATCHES, STEPS, TRAINING, TRUST, WITH_CHAPTER
from model import scoring
from model.checkpoint import available_models, load_bundle
from tests.app.conftest import element_specs
from tests.app.test_tour import CASES, latex, open_tour, trace_of
from tests.app.test_trust import finite_difference_attribution, log_p

FIRST = WITH_CHAPTER.index(CHAPTER[0])  # After 2017's first step


def chapter_step(key: str):
    """A chapter step by key."""
    return next(step for step in WITH_CHAPTER[len(STEPS):] if step.key == key)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("model", list(CASES))
def test_the_chapter_follows_the_tour_when_asked_and_every_step_renders(model, lang):
    at = open_tour(s=CASES[model], model=model, lang=lang, more="1", tour=str(len(STEPS) - 1))
    for step in WITH_CHAPTER[len(STEPS) - 1 :]:
        assert not at.exception and not at.error, step.key
        assert at.title[0].value == catalogue.lookup(f"tour.{step.key}.title", lang)
        assert latex(at) and element_specs(at)
        if step is not WITH_CHAPTER[-1]:
            at.button(key="tour_next").click().run()
    assert at.button(key="tour_next").disabled
    assert catalogue.lookup("tour.step_of", lang, n=len(WITH_CHAPTER), total=len(WITH_CHAPTER)) in \
        "\n".join(str(m.value) for m in at.markdown)


def test_without_the_chapter_the_tour_ends_at_its_last_2017_step():
    at = open_tour(s="I have a cat", tour=str(len(STEPS) + 3))
    assert not at.exception and at.title[0].value == catalogue.lookup(f"tour.{STEPS[-1].key}.title", "en")
    assert at.button(key="tour_next").disabled


def t(key, **fields):
    """English messages."""
    return catalogue.lookup(key, "en", **fields)


def test_chapter_figures_hold_numpys_numbers():
    """Online softmax: the running maximum after each tile of 4 keys; window: what W = 3 reaches after N layers (a
    boolean matrix power); RoPE: cos(p · 10000^(−2i/d_k)); sinks: the mean weight on <bos> per layer and head."""
    trace = trace_of("en-zh", "the animal did not cross the street because it was too tired .")
    S, N, d_k = len(trace.src.tokens), trace.config.N, trace.config.d_k
    scores = trace.attn("encoder", 0).masked_scores[0].astype(np.float64)  # (S, S)
    ends = [min(s + 4, S) for s in range(0, S, 4)]
    running = np.stack([scores[:, :end].max(axis=1) for end in ends])  # (tiles, S)
    np.testing.assert_allclose(chapter_step("online").figure(trace, t).values, running, atol=1e-5)
    near = np.abs(np.arange(S)[:, None] - np.arange(S)[None, :]) < 3
    reach = np.linalg.matrix_power(near.astype(int), N) > 0
    np.testing.assert_array_equal(~np.asarray(chapter_step("window").figure(trace, t).mask, bool).reshape(S, S),
                                  reach)
    angles = np.arange(S)[:, None] * 10000.0 ** (-np.arange(0, d_k, 2) / d_k)
    np.testing.assert_allclose(chapter_step("rope").figure(trace, t).values, np.cos(angles), atol=1e-6)
    sinks = np.stack([trace.attn("decoder", i).pattern[:, :, 0].mean(-1) for i in range(N)])
    np.testing.assert_allclose(chapter_step("sinks").figure(trace, t).values, sinks, atol=1e-6)
    T = len(trace.tgt_input_tokens)
    assert rf"= {2 * N * trace.config.h * d_k * (T + S)}" in chapter_step("kv_cache").formula(trace)


def test_rope_text_counts_its_frequencies_against_the_2017_pes_and_the_cache_formula_names_h_kv():
    """RoPE's θ_i = 10000^(−2i/d_k) are d_k/2 frequencies, every h-th of the sinusoidal PE's d_model/2 (not the same
    set); the KV-cache formula multiplies the K/V heads h_kv, and says so."""
    trace = trace_of("en-zh", "I have a cat")
    cfg = trace.config
    rope = 10000.0 ** (-np.arange(0, cfg.d_k, 2) / cfg.d_k)
    pe = 10000.0 ** (-np.arange(0, cfg.d_model, 2) / cfg.d_model)
    shared = sum(np.isclose(pe, f, rtol=1e-12, atol=0).any() for f in rope)
    assert shared == len(rope) < len(pe)
    np.testing.assert_allclose(rope, pe[:: cfg.d_model // cfg.d_k])
    at = open_tour(s="I have a cat", more="1", tour=str(FIRST + 4))
    page = "\n".join(str(m.value) for m in at.markdown)
    assert (f"over one head's d_k = {cfg.d_k} numbers, so {len(rope)} frequencies, where the 2017 PE has {len(pe)} "
            f"over d_model = {cfg.d_model}") in page and f"RoPE's are {shared} of those, every h-th" in page
    assert "the same frequencies as the 2017 sinusoids" not in page
    formula = chapter_step("kv_cache").formula(trace)
    assert r"N \cdot h_{kv} \cdot d_k" in formula and rf"\cdot {cfg.h_kv} \cdot {cfg.d_k}" in formula
    held = int(re.search(r"= (\d+)\\end", formula).group(1))
    T, S = len(trace.tgt_input_tokens), len(trace.src.tokens)
    assert held == 2 * cfg.N * cfg.h_kv * cfg.d_k * (T + S)


def test_the_window_step_says_what_its_mask_keeps():
    """|i − j| < W keeps up to 2W − 1 keys, W − 1 on each side: the text's words, the mask's rows."""
    from lesson.tour.after_2017 import WINDOW
    from model.window import window_keep

    at = open_tour(s="the animal did not cross the street because it was too tired .", more="1", tour=str(FIRST + 3))
    page = "\n".join(str(m.value) for m in at.markdown)
    assert "up to 2W − 1 of them, W − 1 on each side" in page and "nearest W keys" not in page
    keep = window_keep(12, 12, WINDOW, 0, causal=False)
    assert keep.sum(1).max() == 2 * WINDOW - 1 and (keep[6, :6].sum(), keep[6, 7:].sum()) == (WINDOW - 1, WINDOW - 1)


def bar_series(chart) -> dict[str, np.ndarray]:
    """A bar chart's series by name, float64."""
    return {s.name: np.asarray(s.values, np.float64) for panel in chart.panels for s in panel.series}


def teacher_log_probs(bundle, trace) -> np.ndarray:
    """log P(output token, then <eos>) from one teacher-forced pass of the model over <bos> + output; (T,)."""
    return log_p(bundle.transformer, torch.tensor([trace.src.ids]), list(trace.decoded.ids), {})


@pytest.mark.parametrize("model", list(CASES))
def test_training_chapter_numbers_match_an_independent_teacher_forced_pass(model):
    """The shifted target's P and loss, the smoothed loss against an explicit q, its floor H(q), the schedule's peak
    and the recorded test scores, each recomputed here."""
    bundle = load_bundle(model)
    trace = trace_of(model, CASES[model])
    own = list(trace.decoded.ids)
    with torch.no_grad():
        logits = bundle.transformer(torch.tensor([trace.src.ids]), torch.tensor([[1] + own]))[0].double()  # (T, V)
    logp = logits.log_softmax(-1).numpy()  # (T, V)
    picked = logp[np.arange(len(own) + 1), own + [2]]  # (T,)
    np.testing.assert_allclose(picked, teacher_log_probs(bundle, trace), atol=1e-9)
    shift = chapter_step("shift")
    (p_target,) = bar_series(shift.figure(trace, t)).values()
    np.testing.assert_allclose(p_target, np.exp(picked), atol=1e-6)
    assert rf"= {-picked.mean():.3f}\end" in shift.formula(trace)
    V, eps = logp.shape[1], 0.1
    q = np.full((len(picked), V), eps / V)
    q[np.arange(len(picked)), own + [2]] += 1 - eps  # (T, V) the smoothed targets
    smoothed = -(q * logp).sum(-1).mean()
    entropy = -(q[0] * np.log(q[0])).sum()
    formula = chapter_step("smoothing").formula(trace)
    assert rf"H(q) = {entropy:.3f}" in formula and rf"L_{{\varepsilon}} = {smoothed:.3f}" in formula
    assert rf"= {1 - eps + eps / V:.4f}" in formula and rf"V = {V}" in formula
    rewarded = bar_series(chapter_step("smoothing").figure(trace, t))["1 − ε + ε/V (what training rewards)"]
    np.testing.assert_allclose(rewarded, 1 - eps + eps / V, atol=1e-6)
    args = scoring.training_log(model)["args"]
    d, w, steps = int(args["d_model"]), int(args["warmup"]), int(args["steps"])
    assert f"n = {w}:\\ {d ** -0.5 * w ** -0.5:.2e}" in chapter_step("warmup").formula(trace)
    assert f"n = {steps}:\\ {d ** -0.5 * steps ** -0.5:.2e}" in chapter_step("warmup").formula(trace)
    recorded = {}
    for name in available_models():
        path = Path("checkpoints") / name / "scores.json"
        if path.exists():
            recorded[name] = json.loads(path.read_text(encoding="utf-8"))
    chart = chapter_step("bleu").figure(trace, t)
    assert list(chart.labels) == list(recorded)
    np.testing.assert_allclose(bar_series(chart)["BLEU"], [round(r["bleu"], 2) for r in recorded.values()], atol=1e-4)
    np.testing.assert_allclose(bar_series(chart)["chrF"], [round(r["chrf"], 2) for r in recorded.values()], atol=1e-4)


def test_trust_chapter_attribution_matches_finite_differences_and_rollout_a_numpy_product():
    sentence = "she has two cats and a dog"
    bundle = load_bundle("en-zh")
    trace = trace_of("en-zh", sentence)
    own = list(trace.decoded.ids)
    fd = finite_difference_attribution(bundle, sentence, own)  # (T, S)
    np.testing.assert_allclose(chapter_step("attribution").figure(trace, t).values,
                               fd / np.abs(fd).sum(-1, keepdims=True), atol=2e-3)
    attention = trace.patterns("cross")[-1].mean(0)  # (T, S)
    agree = int((attention.argmax(-1) == np.abs(fd).argmax(-1)).sum())
    assert rf"\text{{same source token in }} {agree} \text{{ of }} {len(own) + 1}" in \
        chapter_step("attribution").formula(trace)
    enc = trace.patterns("encoder")  # (N, h, S, S)
    S = enc.shape[-1]
    want = np.linalg.multi_dot([0.5 * layer.mean(0) + 0.5 * np.eye(S) for layer in enc][::-1])
    np.testing.assert_allclose(chapter_step("rollout").figure(trace, t).values, want, atol=1e-6)
    before = teacher_log_probs(bundle, trace)
    series = bar_series(chapter_step("replace").figure(trace, t))
    np.testing.assert_allclose(series["as trained"], before, atol=1e-5)
    assert rf"{before.sum():.2f}\ \to\ {series['layer replaced'].sum():.2f}" in chapter_step("replace").formula(trace)


def test_the_toggle_counts_the_chapters_steps():
    assert len(BEFORE) + len(TRAINING) + len(TRUST) + len(CHAPTER) + len(PATCHES) == 18 == \
        len(WITH_CHAPTER) - len(STEPS)
    assert "Eighteen more steps" in catalogue.lookup("tour.chapter_help", "en")
    assert "再走十八步" in catalogue.lookup("tour.chapter_help", "zh")
