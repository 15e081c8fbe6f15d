"""The README's and docs/pages.md's page tables list the pages by their English navigation titles, in the order of
the navigation (ui/registry.py)."""
import re
from itertools import takewhile
from pathlib import Path

import pytest

from lesson import catalogue
from ui.registry import PATHS

ROOT = Path(__file__).resolve().parents[1]


def table_titles(markdown: str, heading: str) -> list[str]:
    """The first column of the first table after `heading`, without its header row."""
    lines = re.split(rf"^{re.escape(heading)}$", markdown, maxsplit=1, flags=re.M)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    table = list(takewhile(lambda line: line.startswith("|"), lines[start:]))
    return [line.split("|")[1].strip() for line in table[2:]]


@pytest.mark.parametrize(("doc", "heading"), [("README.md", "## Pages"), ("docs/pages.md", "# Pages")])
def test_the_page_table_follows_the_navigation(doc, heading):
    titles = table_titles((ROOT / doc).read_text(encoding="utf-8"), heading)
    assert titles == [catalogue.lookup(f"nav.{path}", "en") for path in PATHS]
