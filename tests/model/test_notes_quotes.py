"""The notes' quotes in lesson/notes.py are the notes' own words: every run of four or more Chinese characters in a
quote, and every line of quoted code, occurs in the note it is attributed to (the notes live beside the checkout, in
../shared/seeds)."""
import re
from pathlib import Path

import pytest

from lesson.notes import NOTE_TITLES, PANELS

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


def note_texts() -> list[str]:
    """The five notes in the order of NOTE_TITLES (files are sorted by their number prefix)."""
    return [p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("00[0-4]_*.txt"))]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the notes are not beside this checkout")
def test_every_quote_is_in_the_note_it_is_attributed_to():
    texts = note_texts()
    assert len(texts) == len(NOTE_TITLES)
    for n, title in enumerate(NOTE_TITLES):
        assert title.split("(")[0] in texts[n]
    for key, (_, quotes) in PANELS.items():
        for note, quote, code in quotes:
            if code:  # every line of quoted code is a line of the note's code
                for line in quote.splitlines():
                    assert line.strip() == "..." or line.strip() in texts[note], (key, NOTE_TITLES[note], line)
                continue
            runs = re.findall(r"[\u4e00-\u9fff]{4,}", quote)
            assert runs, (key, quote)
            for run in runs:
                assert run in texts[note], (key, NOTE_TITLES[note], run)
