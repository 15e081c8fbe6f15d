"""The page "How it is trained and scored" in Chromium at 1280×720, in both languages: its three charts draw, the
schedule peaks at the model's warm-up, and a typed reference changes the scores shown."""
import os
import re

import pytest

from lesson import catalogue
from tests.e2e.helpers import charts, open_app, url_of, wait_charts

SHOTS = os.environ.get("AL_SHOTS")  # a folder to keep the screenshots in (to look at them), else none


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_training_page_draws_its_charts_and_rescores_a_typed_reference(browser, app_url, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, url_of(app_url, "training", s="I have a cat", lang=lang))
    titles = [c["title"] for c in wait_charts(page, 3)]
    assert catalogue.lookup("tr.fig_schedule", lang, d_model=128, warmup=1000) in titles
    assert catalogue.lookup("tr.fig_loss", lang) in titles and catalogue.lookup("tr.fig_bleu", lang) in titles
    body = page.inner_text("main")
    assert re.search(r"BLEU 100\.00", body)  # the model's own translation as the reference
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/training-{lang}-top.png")
    box = page.get_by_label(catalogue.lookup("tr.reference", lang))
    box.fill("我有一只狗。")
    box.press("Enter")
    page.wait_for_function("() => !document.body.innerText.includes('BLEU 100.00')", timeout=30_000, polling=100)
    assert re.search(r"BLEU \d+\.\d\d", page.inner_text("main"))
    if SHOTS:
        page.get_by_text(catalogue.lookup("tr.score_header", lang)).scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/training-{lang}-scores.png")
    assert not errors, errors
    assert len(charts(page)) >= 3
    context.close()
