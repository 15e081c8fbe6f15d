"""Build the app's Chinese font: Noto Sans CJK SC cut down to every character the app can show, as WOFF2.

    python -m deploy.build_font [--source PATH] [--out PATH]

Upstream: Noto Sans CJK SC Regular (SIL Open Font License 1.1, https://github.com/googlefonts/noto-cjk), face 2
of Debian's fonts-noto-cjk `NotoSansCJK-Regular.ttc`. Kept: printable ASCII, every character of every shipped
vocabulary (checkpoints/*/src_vocab.json, tgt_vocab.json), every character of the message catalogue in both
languages and every non-ASCII character in the app's own source (language names, model labels, axis symbols).
Characters the upstream font lacks (a few math symbols) are listed and left to the browser's other fonts.
Needs `fonttools` and `brotli` (requirements-dev.txt); the app itself never imports them. Run it again whenever
a vocabulary or the catalogue changes: tests/app/test_font.py fails until the font covers them again.
"""
from __future__ import annotations

import argparse
import json
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SC_FACE = "Noto Sans CJK SC"
OUT = ROOT / "ui" / "static" / "attention-lab-sans.woff2"
FAMILY = "Attention Lab Sans"  # the subset is a modified version of the font, so it gets its own name
SOURCE_GLOBS = ("app.py", "ui/**/*.py", "pages/*.py", "viz/*.py")


def vocabulary_chars() -> set[str]:
    """Every character of every token in the shipped vocabularies (training snapshots included)."""
    chars: set[str] = set()
    for path in sorted((ROOT / "checkpoints").rglob("*_vocab.json")):
        for token in json.loads(path.read_text(encoding="utf-8"))["itos"]:
            chars |= set(token)
    return chars


def catalogue_chars() -> set[str]:
    """Every character of every message, both languages."""
    from lesson.messages import CATALOGUE

    return {c for entry in CATALOGUE.values() for message in entry.values() for c in message}


def source_chars() -> set[str]:
    """Non-ASCII characters written in the app's source (e.g. "中文", "−∞", "→")."""
    chars: set[str] = set()
    for pattern in SOURCE_GLOBS:
        for path in sorted(ROOT.glob(pattern)):
            chars |= {c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7F}
    return chars


def wanted_chars() -> set[str]:
    """Everything the app can show: ASCII, vocabularies, catalogue, source literals (no control characters)."""
    chars = {chr(c) for c in range(0x20, 0x7F)} | vocabulary_chars() | catalogue_chars() | source_chars()
    return {c for c in chars if unicodedata.category(c)[0] != "C"}


def sc_face_index(source: Path) -> int:
    """Index of the Simplified Chinese face inside the collection."""
    from fontTools.ttLib import TTCollection

    names = [font["name"].getDebugName(1) for font in TTCollection(str(source), lazy=True).fonts]
    if SC_FACE not in names:
        raise SystemExit(f"{source} has no {SC_FACE!r} face (faces: {names})")
    return names.index(SC_FACE)


def rename(font) -> None:
    """Give the subset its own family name (OFL: a modified font should not pass as the original)."""
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (3, 4):
            names.setName(f"{FAMILY} Regular", record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(FAMILY.replace(" ", "") + "-Regular", record.nameID, record.platformID,
                          record.platEncID, record.langID)


def build(source: Path, out: Path) -> tuple[int, list[str]]:
    """Write the WOFF2 subset; return (number of characters kept, characters the upstream font lacks)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source), fontNumber=sc_face_index(source), recalcTimestamp=False)  # same bytes every build
    cmap = font.getBestCmap()
    wanted = wanted_chars()
    kept = sorted(c for c in wanted if ord(c) in cmap)
    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False  # screens scale it anyway; saves about a fifth
    options.desubroutinize = True  # compresses better under Brotli
    options.layout_features = ["kern", "liga", "locl", "vert", "vrt2"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14, 16, 17]  # keep copyright and licence
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in kept])
    subsetter.subset(font)
    rename(font)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.flavor = "woff2"
    font.save(str(out))
    return len(kept), sorted(wanted - set(kept))


def main(argv=None) -> None:
    """Build the font and say what it holds."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", type=Path, default=SOURCE, help="Noto Sans CJK collection (.ttc) or SC font")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    if not args.source.exists():
        raise SystemExit(f"{args.source} not found: apt-get install fonts-noto-cjk (or pass --source)")
    count, lacking = build(args.source, args.out)
    print(f"{args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}: {count} characters, "
          f"{args.out.stat().st_size / 1024:.0f} KB")
    if lacking:
        print("not in the upstream font (left to the browser's other fonts): "
              + " ".join(f"{c} U+{ord(c):04X}" for c in lacking))


if __name__ == "__main__":
    main()
