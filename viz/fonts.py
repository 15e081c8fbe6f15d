"""The app's own Chinese font (built by `python -m deploy.build_font`), so Chinese renders on machines without CJK
fonts: its @font-face rules for the page, and the font as a data URL for files that must work offline.

The page names it twice: as "Attention Lab Sans" (chips, charts, exports, handout put it first in their stacks)
and as an extra face of Streamlit's own "Source Sans" limited to the CJK blocks, so every Streamlit label, button
and heading keeps Source Sans for Latin text and takes its Chinese characters from the shipped font."""
from __future__ import annotations

import base64
import hashlib
from functools import cache
from pathlib import Path

FAMILY = "Attention Lab Sans"
FILE = Path(__file__).resolve().parents[1] / "ui" / "static" / "attention-lab-sans.woff2"  # served by ui/chart
STREAMLIT_FAMILY = "Source Sans"  # the family of Streamlit's text (its bundled @font-face)
CJK_RANGE = "U+2E80-9FFF, U+F900-FAFF, U+FE30-FE4F, U+FF00-FFEF"  # CJK blocks, CJK punctuation, full-width forms
# Formulas (st.latex, KaTeX): each KaTeX class's own font first, then the shipped one for the Chinese it lacks. (An
# extra CJK face inside KaTeX's families is never used: their faces cover every code point by declaration.)
KATEX_STACKS = {".katex": "KaTeX_Main", ".katex .mathnormal": "KaTeX_Math", ".katex .mathsf,.katex .textsf":
                "KaTeX_SansSerif", ".katex .mathtt,.katex .texttt": "KaTeX_Typewriter"}


@cache
def version(path: Path) -> str:
    """A short hash of a file's bytes, for cache-busting URLs (?v=…)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


@cache
def data_url() -> str:
    """The font as a data: URL (about 330 KB of base64)."""
    return "data:font/woff2;base64," + base64.b64encode(FILE.read_bytes()).decode("ascii")


def face(src: str, family: str = FAMILY, unicode_range: str | None = None, style: str = "normal") -> str:
    """One @font-face rule (weights 100–900 map to the one regular face, so bold text finds its Chinese too)."""
    rng = f"unicode-range:{unicode_range};" if unicode_range else ""
    return (f'@font-face{{font-family:"{family}";src:url("{src}") format("woff2");font-weight:100 900;'
            f"font-style:{style};font-display:swap;{rng}}}")


def page_css(src: str) -> str:
    """The page's font rules: the shipped family, its CJK blocks as part of Streamlit's own family (upright and
    italic: Source Sans has an italic face of its own, without Chinese, which *强调* would otherwise get), and after
    KaTeX's fonts in formulas (selectors under the app's root outrank KaTeX's own stylesheet, loaded later)."""
    katex = "".join(f'{",".join(f"[data-testid=stApp] {sel}" for sel in selectors.split(","))}'
                    f'{{font-family:{family},"{FAMILY}","Times New Roman",serif}}'
                    for selectors, family in KATEX_STACKS.items())
    cjk = face(src, STREAMLIT_FAMILY, CJK_RANGE) + face(src, STREAMLIT_FAMILY, CJK_RANGE, "italic")
    return face(src) + cjk + katex
