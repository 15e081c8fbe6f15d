"""The guided tour's optional chapter After 2017: it joins the tour only when asked, every step renders in both
languages, and each figure's numbers are recomputed here with NumPy from the trace."""
import re

import numpy as np
import pytest

from lesson import catalogue
from lesson.tour import CHAPTER, STEPS, WITH_CHAPTER
from tests.app.conftest import element_specs
from tests.app.test_tour import CASES, latex, open_tour, trace_of

FIRST = len(STEPS)  # the chapter's first step


def chapter_step(key: str):
    """A chapter step by key."""
    return next(step for step in CHAPTER if step.key == key)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("model", list(CASES))
def test_the_chapter_follows_the_tour_when_asked_and_every_step_renders(model, lang):
    at = open_tour(s=CASES[model], model=model, lang=lang, more="1", tour=str(FIRST - 1))
    for step in WITH_CHAPTER[FIRST - 1 :]:
        assert not at.exception and not at.error, step.key
        assert at.title[0].value == catalogue.t(f"tour.{step.key}.title", lang)
        assert latex(at) and element_specs(at)
        if step is not WITH_CHAPTER[-1]:
            at.button(key="tour_next").click().run()
    assert at.button(key="tour_next").disabled
    assert catalogue.t("tour.step_of", lang, n=len(WITH_CHAPTER), total=len(WITH_CHAPTER)) in \
        "\n".join(str(m.value) for m in at.markdown)


def test_without_the_chapter_the_tour_ends_at_its_last_2017_step():
    at = open_tour(s="I have a cat", tour=str(FIRST + 3))
    assert not at.exception and at.title[0].value == catalogue.t(f"tour.{STEPS[-1].key}.title", "en")
    assert at.button(key="tour_next").disabled


def t(key, **fields):
    """English messages."""
    return catalogue.t(key, "en", **fields)


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
