"""The page registry is the one list of pages: every file in pages/ is in it, and everything it names exists."""
import subprocess
import sys
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
def test_a_page_has_a_title_in_both_languages_and_a_live_page_its_views_module(page):
    assert set(CATALOGUE[f"nav.{page.path}"]) >= {"en", "zh"}
    assert page.icon.startswith(":material/")
    assert set(page.families) <= set(ALL_FAMILIES)
    if page.live:  # the chart builder itself, from the page's own ui/views module
        assert page.elements.__module__ == f"ui.views.{page.path}"


def test_the_keystroke_route_serves_exactly_the_live_pages():
    from ui import route, url

    defaults, _ = url.from_url({})
    served = [p.path for p in PAGES if route.applies(p.path, defaults)]
    assert served == [p.path for p in PAGES if p.elements is not None]


def test_the_server_starts_without_the_registry_and_the_model_stack():
    """`streamlit run` imports app.py to find its st.App before the server answers: that import loads neither the
    registry (which imports every views module) nor torch; the first page's HTML reads the registry (ui/server.py)."""
    code = "import sys, app; print(sorted(m for m in ('ui.registry', 'ui.views', 'torch') if m in sys.modules))"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert run.stdout.splitlines()[-1] == "[]"
