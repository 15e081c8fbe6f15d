"""The guided tour's optional chapter After 2017: it joins the tour only when asked, every step renders in both
languages, and each figure's numbers are recomputed here with NumPy from the trace."""
import numpy as np
import pytest

from lesson.tour import CHAPTER, STEPS, WITH_CHAPTER
from tests.app.conftest import element_specs
from tests.app.test_tour import CASES, latex, open_tour, trace_of
from ui.i18n import text

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
        assert at.title[0].value == text(f"tour.{step.key}.title", lang)
        assert latex(at) and element_specs(at)
        if step is not WITH_CHAPTER[-1]:
            at.button(key="tour_next").click().run()
    assert at.button(key="tour_next").disabled
    assert text("tour.step_of", lang, n=len(WITH_CHAPTER), total=len(WITH_CHAPTER)) in \
        "\n".join(str(m.value) for m in at.markdown)


def test_without_the_chapter_the_tour_ends_at_its_last_2017_step():
    at = open_tour(s="I have a cat", tour=str(FIRST + 3))
    assert not at.exception and at.title[0].value == text(f"tour.{STEPS[-1].key}.title", "en")
    assert at.button(key="tour_next").disabled


def tr(key, **fields):
    """English messages."""
    return text(key, "en", **fields)


def test_chapter_figures_hold_numpys_numbers():
    """Online softmax: the running maximum after each tile of 4 keys; window: what W = 3 reaches after N layers (a
    boolean matrix power); RoPE: cos(p · 10000^(−2i/d_k)); sinks: the mean weight on <bos> per layer and head."""
    trace = trace_of("en-zh", "the animal did not cross the street because it was too tired .")
    S, N, d_k = len(trace.src.tokens), trace.config.N, trace.config.d_k
    scores = trace.attn("encoder", 0).masked_scores[0].astype(np.float64)  # (S, S)
    ends = [min(s + 4, S) for s in range(0, S, 4)]
    running = np.stack([scores[:, :end].max(axis=1) for end in ends])  # (tiles, S)
    np.testing.assert_allclose(chapter_step("online").figure(trace, tr).values, running, atol=1e-5)
    near = np.abs(np.arange(S)[:, None] - np.arange(S)[None, :]) < 3
    reach = np.linalg.matrix_power(near.astype(int), N) > 0
    np.testing.assert_array_equal(~np.asarray(chapter_step("window").figure(trace, tr).mask, bool).reshape(S, S),
                                  reach)
    angles = np.arange(S)[:, None] * 10000.0 ** (-np.arange(0, d_k, 2) / d_k)
    np.testing.assert_allclose(chapter_step("rope").figure(trace, tr).values, np.cos(angles), atol=1e-6)
    sinks = np.stack([trace.attn("decoder", i).pattern[:, :, 0].mean(-1) for i in range(N)])
    np.testing.assert_allclose(chapter_step("sinks").figure(trace, tr).values, sinks, atol=1e-6)
    T = len(trace.tgt_input_tokens)
    assert rf"= {2 * N * trace.config.h * d_k * (T + S)}" in chapter_step("kv_cache").formula(trace)
