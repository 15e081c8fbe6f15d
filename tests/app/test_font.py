"""The shipped font (ui/static/attention-lab-sans.woff2, built by `python -m deploy.build_font`) covers every
character the models and the message catalogue can show; it is recomputed here from the vocabularies and the
catalogue, so this fails when either changes and the font was not rebuilt."""
import base64
import json
import unicodedata
from pathlib import Path

from fontTools.ttLib import TTFont

from lesson.messages import CATALOGUE
from ui.i18n import LANGS
from viz import fonts

ROOT = Path(__file__).resolve().parents[2]
FONT = ROOT / "ui" / "static" / "attention-lab-sans.woff2"


def covered() -> set[str]:
    """Characters the shipped font has glyphs for."""
    return {chr(c) for c in TTFont(str(FONT)).getBestCmap()}


def test_the_font_covers_every_character_of_every_vocabulary():
    vocab = {c for path in ROOT.glob("checkpoints/**/*_vocab.json")
             for token in json.loads(path.read_text(encoding="utf-8"))["itos"] for c in token}
    assert len(vocab) > 600, "the vocabularies hold Chinese characters"
    assert sorted(vocab - covered()) == []


def test_the_font_covers_every_wide_character_of_the_catalogue_and_the_language_names():
    """Wide (East Asian) characters are the ones that become boxes without a CJK font."""
    texts = [m for entry in CATALOGUE.values() for m in entry.values()] + list(LANGS.values())
    wide = {c for text in texts for c in text if unicodedata.east_asian_width(c) in ("W", "F")}
    assert len(wide) > 300
    assert sorted(wide - covered()) == []


def test_the_font_covers_ascii_and_is_a_small_renamed_subset_with_its_licence():
    assert {chr(c) for c in range(0x20, 0x7F)} <= covered()
    font = TTFont(str(FONT))
    # ~2,600 characters (every char the models can read or write, the catalogue): 655 KB, a fraction of the 16 MB face
    assert font.flavor == "woff2" and FONT.stat().st_size < 700_000
    assert font["name"].getDebugName(1) == fonts.FAMILY == "Attention Lab Sans"
    assert "SIL Open Font License" in font["name"].getDebugName(13)
    licence = (FONT.parent / "OFL.txt").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto Sans CJK SC" in licence
    assert "龘" not in covered(), "a subset, not the whole font"


def test_the_embedded_font_is_the_shipped_file():
    prefix = "data:font/woff2;base64,"
    assert fonts.data_url().startswith(prefix)
    assert base64.b64decode(fonts.data_url()[len(prefix):]) == FONT.read_bytes()
    css = fonts.page_css("/component/x/attention-lab-sans.woff2?v=1")
    assert css.count("@font-face") == 3 and css.count('font-family:"Source Sans"') == 2
    assert css.count("unicode-range:U+2E80-9FFF") == 2 and "font-style:italic" in css
