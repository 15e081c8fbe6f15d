"""Files for after class, built without Streamlit: any trace matrix as labelled CSV, and a self-contained HTML
handout (no network) with one section per step, each with its formula and its chart drawn by the app's own chart
modules (ui/static, inlined)."""
from __future__ import annotations

import base64
import html
import importlib.util
import json
import re
from functools import cache, partial
from pathlib import Path

import numpy as np
import pandas as pd

from lesson.catalogue import lookup
from model.trace import Trace
from viz import fonts, style
from viz.wire import pack

Section = tuple[str, str, str, bytes]  # (heading, explanation, formula LaTeX, chart payload)

STATIC = fonts.FILE.parent  # ui/static: the app's chart modules, read by path as the font is
ENTRY = STATIC / "components" / "handout.js"  # typesets the formulas and draws the charts with chart.js
BARE = "attention-lab/"  # a chart module's bare name in the handout's import map
# an import of a chart module, by its path ("./x.js", in ui/static) or its bare name (in ENTRY)
IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\./|attention-lab/)([\w.-]+\.js)\2""")

# charts are 680 px wide, A4 or Letter less the print margins: paper shows them as the screen does, as vector SVG
# while printing (.al-paper, ui/static/components/handout.js)
STYLE = """
body{font-family:"Attention Lab Sans","Noto Sans CJK SC","Microsoft YaHei","PingFang SC",sans-serif;color:#111;
 max-width:1100px;margin:2rem auto;padding:0 1.2rem;line-height:1.6;font-size:17px}
h1{font-size:2rem;margin:.2rem 0}.subtitle{color:#555;margin:0 0 2rem 0}
section{border-top:1px solid #d0d0d0;padding:1.2rem 0 .6rem 0}h2{font-size:1.45rem;margin:.2rem 0 .6rem 0}
.text{white-space:pre-line}
.formula{background:#f5f7fb;border:1px solid #dde3ee;border-radius:6px;padding:.6rem .9rem;margin:.8rem 0}
.formula .label{font-size:.8rem;color:#6b7a90;text-transform:uppercase;letter-spacing:.04em}
.formula .tex{margin:.3rem 0;overflow-x:auto;overflow-y:hidden;white-space:pre-wrap}
.formula .katex-display{margin:.4rem 0}
.formula details{font-size:.85rem;color:#555}.formula code{font-family:monospace;white-space:pre-wrap}
.copy{border:1px dashed #e8b36b;background:#fff1dc;color:#7a4300;border-radius:.3rem;padding:0 .15em}
.unk{border:1px solid #e89b9b;background:#fde8e8;color:#8a1c1c;border-radius:.3rem;padding:0 .15em}
.miss{color:#8a1c1c;text-decoration:line-through}.legend{color:#555;font-size:.95rem;margin:0 0 .4rem 0}
.chart{width:680px;max-width:100%}.al-paper{display:none}
footer{color:#6b7a90;font-size:.9rem;border-top:1px solid #d0d0d0;padding-top:.8rem}
@media print{body{max-width:none;margin:0;font-size:11pt}section{break-inside:avoid;page-break-inside:avoid}
 .al-toolbar,details,.al-paper+canvas{display:none!important}.al-paper{display:block}.formula{background:none}
 @page{margin:14mm}}
"""


def dims(n: int) -> list[str]:
    """Labels d0 … d{n-1} of a vector axis."""
    return [f"d{i}" for i in range(n)]


def matrix_labels(trace: Trace, name: str, shape: tuple[int, int], vocab: list[str]) -> tuple[list[str], list[str]]:
    """Row and column labels of hook `name`'s matrix: tokens, target-vocabulary entries or dimensions."""
    rows, cols = trace.axes(name)
    cols = vocab if cols == "vocab" else dims(shape[1]) if cols == "dims" else cols
    return style.distinct(rows), style.distinct(cols)


def hook_matrix(trace: Trace, name: str, head: int = 0) -> np.ndarray:
    """The 2-D matrix of hook `name` (head `head` of a per-head array); masks as 1 = visible, 0 = masked."""
    array = trace[name]
    matrix = array[head] if array.ndim == 3 else array
    return matrix.astype(np.int8) if matrix.dtype == bool else matrix


def matrix_frame(trace: Trace, name: str, head: int, vocab: list[str]) -> pd.DataFrame:
    """The matrix of hook `name` (head `head` of a per-head array) with labelled rows and columns."""
    matrix = hook_matrix(trace, name, head)
    rows, cols = matrix_labels(trace, name, matrix.shape, vocab)
    return pd.DataFrame(matrix, index=rows, columns=cols)


def matrix_csv(trace: Trace, name: str, head: int, vocab: list[str]) -> str:
    """The labelled matrix as CSV; a UTF-8 byte-order mark lets Excel show Chinese."""
    return "\ufeff" + matrix_frame(trace, name, head, vocab).to_csv()


def imported(code: str) -> list[str]:
    """File names of the chart modules that `code` imports."""
    return [m[4] for m in IMPORT.finditer(code)]


def bare(code: str) -> str:
    """`code` importing each chart module by its bare name (a data: module has no URL to be relative to)."""
    return IMPORT.sub(lambda m: f"{m[1]}{m[2]}{BARE}{m[4]}{m[2]}", code)


def data_url(code: str) -> str:
    """A module's code as a data: URL."""
    return "data:text/javascript;base64," + base64.b64encode(code.encode("utf-8")).decode("ascii")


@cache
def import_map() -> str:
    """The handout's import map: ENTRY and every chart module it imports, each a data: URL of its code."""
    entry = ENTRY.read_text(encoding="utf-8")
    codes, todo = {}, imported(entry)
    while todo:
        name = todo.pop()
        if name not in codes:
            codes[name] = (STATIC / name).read_text(encoding="utf-8")
            todo += imported(codes[name])
    imports = {BARE + name: data_url(bare(code)) for name, code in sorted(codes.items())}
    return json.dumps({"imports": imports | {BARE + ENTRY.name: data_url(entry)}}, separators=(",", ":"))


def chart_payload(spec, name: str, sentence: str, lang: str) -> bytes:
    """One chart's payload as the app's chart element receives it; the font is the handout's own @font-face."""
    return pack([spec], sentence=sentence, zoom=1.0, columns=1, names=[name],
                words={"download": lookup("viz.download", lang, format="{format}")}, font="", live="")


def payload_script(payload: bytes, target: str) -> str:
    """The payload as inert base64 data (no "<" in it), drawn into the element `target`."""
    data = base64.b64encode(payload).decode("ascii")
    return f'<script type="application/octet-stream" class="al-payload" data-target="{target}">{data}</script>'


def formula_html(latex: str, lang: str) -> str:
    """The formula's LaTeX, typeset by KaTeX when the handout opens (as st.latex does in the app), its source folded
    below."""
    return (f'<div class="formula"><div class="label">{html.escape(lookup("handout.formula", lang))}</div>'
            f'<div class="tex">{html.escape(latex)}</div>'
            f"<details><summary>{html.escape(lookup('handout.latex', lang))}</summary>"
            f"<code>{html.escape(latex)}</code></details></div>")


@cache
def katex() -> tuple[str, str]:
    """KaTeX's script (as a classic script that sets window.katex) and its style with every font inlined, as the
    installed Streamlit ships them to typeset st.latex: the handout's formulas look as the app's, offline."""
    static = Path(importlib.util.find_spec("streamlit").origin).parent / "static" / "static"
    script = next((static / "js").glob("katex.*.js")).read_text(encoding="utf-8")
    script, n = KATEX_EXPORT.subn(r"window.katex=\1;", script)
    if n != 1:
        raise RuntimeError("Streamlit's KaTeX module no longer ends with its default export")
    css = next(c for c in (static / "css").glob("index.*.css") if "katex-display" in c.read_text(encoding="utf-8"))
    style = katex_rules(css.read_text(encoding="utf-8"))
    inline = lambda m: "url(data:font/woff2;base64," + base64.b64encode(  # noqa: E731
        (static / "media" / m.group(1)).read_bytes()).decode("ascii") + ")"
    return script, re.sub(r"url\(\.\./media/([\w.-]+\.woff2)\)", inline, style)


KATEX_EXPORT = re.compile(r"export\s*\{\s*([\w$]+)\s+as\s+default\s*\};?\s*$")


def katex_rules(css: str) -> str:
    """KaTeX's rules at the head of Streamlit's style sheet: every top-level rule up to the first that is not
    KaTeX's (its @font-face rules, .katex… and the equation counters)."""
    out, depth, start = [], 0, 0
    for i, char in enumerate(css):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == "}" and depth == 0:
            rule = css[start:i + 1]
            if "katex" not in rule.lower():
                break
            out.append(rule)
            start = i + 1
    return "".join(out)


def section_html(number: int, section: Section, lang: str) -> str:
    """One step: heading, explanation, formula, and the chart's empty div with its payload."""
    heading, explanation, latex, payload = section
    target = f"chart-{number}"
    return (f"<section><h2>{number} · {html.escape(heading)}</h2>"
            f'<p class="text">{html.escape(explanation)}</p>{formula_html(latex, lang)}'
            f'<div class="chart" id="{target}"></div>{payload_script(payload, target)}</section>')


def render_handout(title: str, subtitle: str, sections: list[Section], lang: str, heading: str = "") -> str:
    """The whole handout as one HTML document that works from a file:// URL without any network (the Chinese font
    and KaTeX's fonts are embedded, so it reads on a machine without CJK fonts). `heading`: the title as HTML,
    its words marked (default: the title, escaped)."""
    body = "".join(section_html(n, s, lang) for n, s in enumerate(sections, 1))
    script, katex_css = katex()
    return (f'<!DOCTYPE html>\n<html lang="{"zh-CN" if lang == "zh" else "en"}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{fonts.face(fonts.data_url())}{katex_css}{STYLE}</style>"
            f'<script>{script}</script><script type="importmap">{import_map()}</script></head>'
            f"<body><header><h1>{heading or html.escape(title)}</h1>"
            f'<p class="subtitle">{html.escape(subtitle)}</p></header>'
            f"{body}<footer>{html.escape(lookup('handout.footer', lang))}</footer>"
            f'<script type="module">import "{BARE}{ENTRY.name}";</script></body></html>')


def marked(text_: str, words: list[str], marks: dict[int, str]) -> str:
    """`text_` escaped, with words[i] wrapped in marks[i] (a span's opening tag) where it is found, in order: each
    word is looked for after the one before it (case aside), so a short word is never found inside an earlier one."""
    out, at, low = [], 0, text_.lower()
    for i, word in enumerate(words):
        found = low.find(word.lower(), at) if word else -1
        if found < 0:
            continue
        end = found + len(word)
        if i in marks:
            out.append(html.escape(text_[at:found]) + marks[i] + html.escape(text_[found:end]) + "</span>")
            at = end
        elif end > at:
            out.append(html.escape(text_[at:end]))
            at = end
    return "".join(out) + html.escape(text_[at:])


def sentence_heading(trace: Trace, lang: str) -> str:
    """The sentence → its translation as HTML, marked as the app's chips mark them: unknown source words red, words
    the translation copies from the source dashed orange (with the position they come from), and unknown words it
    leaves out struck through after it."""
    src = trace.src
    typed = [src.typed(i) for i in range(len(src.tokens))]
    tip = lambda key, **f: html.escape(lookup(key, lang, **f), quote=True)  # noqa: E731
    unknown = {i: f'<span class="unk" title="{tip("chip.unknown_tip")}">' for i, u in enumerate(src.unknown) if u}
    copies = {i: f'<span class="copy" title="{tip("chip.copied_tip", pos=j)}">'
              for i, j in enumerate(trace.decoded.copied_from or []) if j is not None}
    left_out = [html.escape(typed[i]) for i in trace.uncopied]
    missing = (f' <span class="legend">{html.escape(lookup("chip.missing_label", lang))}</span> '
               + " ".join(f'<span class="miss">{w}</span>' for w in left_out) if left_out else "")
    return (marked(trace.text, typed, unknown) + " → " + marked(trace.output_text, trace.output_words, copies)
            + missing)


def cross_note(trace: Trace, align_weight: float, lang: str) -> str:
    """Which model this is and whether its cross-attention was trained to align (plain text)."""
    if align_weight > 0:
        note = lookup("cross.guided", lang, model=trace.model, last=trace.config.N - 1, w=f"{align_weight:g}")
    else:
        note = lookup("cross.unguided", lang, model=trace.model)
    return note.replace("**", "")


def build_handout(trace: Trace, lang: str, align_weight: float) -> str:
    """The handout of a trace: every guided-tour step and its chapters (Before 2017, trained and scored, trust, After
    2017, From words to patches), titled with the sentence and its translation, in `lang`; `align_weight` is the
    model's guided-alignment weight, stated next to the cross-attention."""
    from lesson.tour import WITH_CHAPTER, facts

    sizes, in_lang = facts(trace), partial(lookup, language=lang)
    notes = {"cross": " " + cross_note(trace, align_weight, lang)}
    sections = [(lookup(f"tour.{step.key}.title", lang, **sizes), lookup(f"tour.{step.key}.text", lang, **sizes)
                 + notes.get(step.key, ""), step.formula(trace),
                 chart_payload(step.figure(trace, in_lang), f"step-{n}-{step.key}", trace.text, lang))
                for n, step in enumerate(WITH_CHAPTER, 1)]
    cfg = trace.config
    subtitle = lookup("handout.subtitle", lang, model=trace.model, d_model=cfg.d_model, h=cfg.h, N=cfg.N,
                  norm="Post-Norm" if trace.post_norm else "Pre-Norm")
    return render_handout(f"{trace.text} → {trace.output_text}", subtitle, sections, lang,
                          sentence_heading(trace, lang))
