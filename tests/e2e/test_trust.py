"""The trust page in Chromium at 1280×720: all 13 charts drawn (en-zh and its twin), in English and Chinese, no
console error; a screenshot of each chart element is written for a person to look at (TRUST_SHOTS, default: the
test's temporary folder)."""
import os
from pathlib import Path

import pytest

from tests.e2e.helpers import open_app, url_of, wait_charts

TEXT = "she has two cats and a dog"
TITLES = {"en": ("Cross-attention, layer 2 (head average)", "Attention rollout through 3 encoder layers",
                 "Attention against attribution, per model"),
          "zh": ("交叉注意力，第 2 层（头平均）", "经过 3 层编码器的注意力展开", "注意力与归因的一致程度，按模型")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_trust_page_draws_every_chart_at_1280x720(browser, app_url, lang, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_app(page, url_of(app_url, "trust", s=TEXT, lang=lang))
        drawn = wait_charts(page, 13)
        assert len(drawn) == 13, [c["title"] for c in drawn]
        assert set(TITLES[lang]) <= {c["title"] for c in drawn}
        assert page.locator('[data-testid="stException"]').count() == 0
        assert not errors
        shots = Path(os.environ.get("TRUST_SHOTS", tmp_path))
        page.screenshot(path=str(shots / f"trust-{lang}-top.png"))
        elements = page.locator('[data-testid="stBidiComponentRegular"]:has(.al-charts)')
        for i in range(elements.count()):  # each chart element scrolled into view, as a person would see it
            elements.nth(i).scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"trust-{lang}-{i}.png"))
    finally:
        context.close()
