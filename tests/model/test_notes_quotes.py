"""The notes' quotes in lesson/notes.py are the notes' own words at the lines they give: every run of four or more
Chinese characters in a quote, and every line of quoted code, occurs in the note it is attributed to, on a line
within the quote's (first, last) lines (the notes live beside the checkout, in ../shared/seeds)."""
import re
from pathlib import Path

import pytest

from lesson.notes import MISTAKES, NOTE_TITLES, REMARKS

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason="the notes are not beside this checkout")


def note_lines() -> list[list[str]]:
    """The five notes' lines in the order of NOTE_TITLES (files are sorted by their number prefix)."""
    return [p.read_text(encoding="utf-8").splitlines() for p in sorted(SEEDS.glob("00[0-4]_*.txt"))]


def pieces(quote: str, code: bool) -> list[str]:
    """What must be found in the note: each code line (but "..."); in prose, each run of four or more Chinese
    characters and each Latin word of four or more letters between Chinese ones (e.g. 进行Softmax操作)."""
    if code:
        return [line.strip() for line in quote.splitlines() if line.strip() != "..."]
    return re.findall(r"[\u4e00-\u9fff]{4,}", quote) + re.findall(r"[\u4e00-\u9fff]{2,}[A-Za-z]{4,}[\u4e00-\u9fff]{2,}",
                                                                   quote)


def lines_holding(piece: str, lines: list[str]) -> list[int]:
    """The 1-based numbers of the lines containing `piece`."""
    return [i + 1 for i, line in enumerate(lines) if piece in line]


def test_the_notes_are_the_five_titled_ones():
    notes = note_lines()
    assert len(notes) == len(NOTE_TITLES)
    for lines, title in zip(notes, NOTE_TITLES):
        assert lines_holding(title.split("(")[0], lines), title


def located(lines: list[str], first: int, last: int, quote: str, code: bool) -> bool:
    """True if every piece of the quote is on a line from first to last, and the first and last hold one."""
    found = pieces(quote, code)
    span = [[n for n in lines_holding(piece, lines) if first <= n <= last] for piece in found]
    if not found or not all(span):
        return False
    return min(min(s) for s in span) == first and max(max(s) for s in span) == last


@pytest.mark.parametrize("key", [*MISTAKES, *REMARKS])
def test_every_quote_is_in_its_note_at_the_lines_it_gives(key):
    notes = note_lines()
    for note, (first, last), quote, code in (MISTAKES | REMARKS)[key][1]:
        assert located(notes[note], first, last, quote, code), (key, NOTE_TITLES[note], first, last)


def test_a_quote_given_other_lines_is_not_located():
    notes = note_lines()
    for key in ("mask_mul", "name_error", "decoder_source"):
        note, (first, last), quote, code = MISTAKES[key][1][0]
        assert located(notes[note], first, last, quote, code)
        assert not located(notes[note], first + 1, last + 1, quote, code), key
        assert not located(notes[(note + 1) % 5], first, last, quote, code), key
