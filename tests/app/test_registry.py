"""The page registry is the one list of pages: every file in pages/ is in it, and everything it names exists."""
from pathlib import Path

import pytest

from lesson.messages import CATALOGUE
from ui.registry import ALL_FAMILIES, PAGES, PATHS

ROOT = Path(__file__).resolve().parents[2]


def test_every_page_file_is_registered_and_every_registered_file_exists():
    files = {p.stem for p in (ROOT / "pages").glob("*.py") if p.stem != "__init__"}
    assert files == set(PATHS), f"not registered: {files - set(PATHS)}; no file: {set(PATHS) - files}"
    assert len(PATHS) == len(PAGES), "each path once"


@pytest.mark.parametrize("page", PAGES, ids=PATHS)
def test_a_page_has_a_title_in_both_languages_and_its_chart_builder(page):
    assert set(CATALOGUE[f"nav.{page.path}"]) >= {"en", "zh"}
    assert page.icon.startswith(":material/")
    assert set(page.families) <= set(ALL_FAMILIES)
    if page.live:
        assert callable(page.chart_builder())


def test_the_keystroke_route_serves_exactly_the_live_pages():
    from ui import route

    assert [p.path for p in PAGES if route.BY_PATH[p.path].live] == [p.path for p in PAGES if p.charts]
