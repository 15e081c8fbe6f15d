"""Files for after class, built without Streamlit: any trace matrix as labelled CSV, and a self-contained HTML
handout (plotly.js inlined, no network) with one section per step, each with its formula and chart."""
from __future__ import annotations

import html
import re
from functools import cache, partial

import numpy as np
import pandas as pd

from lesson.catalogue import text
from model.trace import Trace
from viz import fonts, style
from viz.plotly import PLOTLY_JS, to_plotly

Section = tuple[str, str, str, str]  # (heading, explanation, formula LaTeX, figure JSON)

GREEK = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon "
         "phi chi psi omega").split()
SYMBOLS = dict(zip(GREEK, "αβγδεζηθικλμνξοπρστυφχψω")) | dict(zip((g.capitalize() for g in GREEK),
                                                                   "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ"))
SYMBOLS |= {
    "varepsilon": "ε", "vartheta": "ϑ", "varphi": "φ", "cdot": "·", "times": "×", "top": "ᵀ", "intercal": "ᵀ",
    "infty": "∞", "ell": "ℓ", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "neq": "≠", "ne": "≠", "approx": "≈",
    "in": "∈",
    "sum": "Σ", "prod": "Π", "to": "→", "rightarrow": "→", "leftarrow": "←", "mapsto": "↦", "pm": "±", "odot": "⊙",
    "ldots": "…", "dots": "…", "cdots": "⋯", "vdots": "⋮", "circ": "∘", "sim": "~", "partial": "∂", "nabla": "∇",
    "longrightarrow": "⟶", "mid": "|", "lVert": "‖", "rVert": "‖", "|": "‖", "textless": "<", "textgreater": ">",
    "textbackslash": "\\", "textasciicircum": "^", "textasciitilde": "~",
    "{": "{", "}": "}", "%": "%", "_": "_", "&": "&", "#": "#", "$": "$",
    ",": " ", ";": " ", ":": " ", "!": "", " ": " ", "quad": " ", "qquad": " ", "\\": "\n",
}
GROUP_MACROS = {"mathrm", "text", "textrm", "textbf", "operatorname", "mathbf", "mathit", "mathsf", "mathtt",
                "boldsymbol", "bm", "mathcal", "hat", "tilde", "bar", "vec", "overline"}  # keep the argument only
OPERATORS = {"cdot", "times", "to", "rightarrow", "leftarrow", "longrightarrow", "mapsto", "le", "leq", "ge", "geq",
             "neq", "ne", "approx", "in", "pm", "odot", "mid", "sim", "circ"}  # written with a space either side
OPENERS = {"lVert", "left", "big", "Big", "bigl", "Bigl", "bigg", "Bigg"}  # the spaces after them are dropped
MATRIX = {"bmatrix": ("[", "]"), "pmatrix": ("(", ")")}  # other environments (gathered, cases…) vanish
SIZING = {"left", "right", "big", "Big", "bigl", "bigr", "Bigl", "Bigr", "bigg", "Bigg", "displaystyle"}
SIMPLE = re.compile(r"[\w.ᵀ′]+|\([^()]*\)|.")  # needs no parentheses after √, ^ or _

STYLE = """
body{font-family:"Attention Lab Sans","Noto Sans CJK SC","Microsoft YaHei","PingFang SC",sans-serif;color:#111;
 max-width:1100px;margin:2rem auto;padding:0 1.2rem;line-height:1.6;font-size:17px}
h1{font-size:2rem;margin:.2rem 0}.subtitle{color:#555;margin:0 0 2rem 0}
section{border-top:1px solid #d0d0d0;padding:1.2rem 0 .6rem 0}h2{font-size:1.45rem;margin:.2rem 0 .6rem 0}
.text{white-space:pre-line}
.formula{background:#f5f7fb;border:1px solid #dde3ee;border-radius:6px;padding:.6rem .9rem;margin:.8rem 0}
.formula .label{font-size:.8rem;color:#6b7a90;text-transform:uppercase;letter-spacing:.04em}
.formula pre{font-family:"DejaVu Sans Mono",Menlo,Consolas,"Attention Lab Sans","Noto Sans Mono CJK SC",monospace;
 font-size:1.05rem;white-space:pre-wrap;margin:.3rem 0}
.formula details{font-size:.85rem;color:#555}.formula code{font-family:monospace;white-space:pre-wrap}
.chart{width:100%;min-height:360px}footer{color:#6b7a90;font-size:.9rem;border-top:1px solid #d0d0d0;padding-top:.8rem}
@media print{body{max-width:none;margin:0;font-size:11pt}section{break-inside:avoid;page-break-inside:avoid}
 .modebar-container,details{display:none}.formula{background:none}@page{margin:14mm}}
"""

RENDER = """
var charts = [];
document.querySelectorAll('script.al-figure').forEach(function (node) {
  try {  // one broken chart must not stop the others
    var fig = JSON.parse(node.textContent), gd = document.getElementById(node.dataset.target);
    Plotly.newPlot(gd, fig.data, fig.layout, {responsive: true, displaylogo: false});
    charts.push(gd);
  } catch (err) {
    console.error('chart ' + node.dataset.target + ': ' + err);
  }
});
function fit(width) {  // paper is narrower than the screen: A4 or Letter less the margins is about 680 CSS px
  charts.forEach(function (gd) { Plotly.relayout(gd, {width: width}); });
}
window.addEventListener('beforeprint', function () { fit(680); });
window.addEventListener('afterprint', function () { fit(null); });
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


@cache
def plotly_js() -> str:
    """The plotly.js bundle shipped in the installed plotly package."""
    return PLOTLY_JS.read_text(encoding="utf-8")


def take_arg(latex: str, i: int) -> tuple[str, int]:
    """The argument starting at i (a {balanced group}, a \\macro or one character) and the index after it."""
    while i < len(latex) and latex[i] == " ":
        i += 1
    if i >= len(latex):
        return "", i
    if latex[i] == "{":
        depth, j = 0, i
        while j < len(latex):
            if latex[j] == "\\":
                j += 2  # an escaped character such as \{ never opens or closes a group
                continue
            depth += {"{": 1, "}": -1}.get(latex[j], 0)
            if depth == 0:
                return latex[i + 1:j], j + 1
            j += 1
        return latex[i + 1:], len(latex)
    if latex[i] == "\\":
        name = re.match(r"\\([A-Za-z]+|.?)", latex[i:]).group(0)
        return name, i + len(name)
    return latex[i], i + 1


def wrap(part: str) -> str:
    """A rewritten argument, parenthesised unless it is one symbol or word."""
    return part if SIMPLE.fullmatch(part) else f"({part})"


def macro(latex: str, name: str, i: int) -> tuple[str, int]:
    """The rewrite of the macro \\name whose arguments start at i, and the index after them."""
    if name in ("frac", "dfrac", "tfrac"):
        top, i = take_arg(latex, i)
        bottom, i = take_arg(latex, i)
        return f"({readable_formula(top)})/({readable_formula(bottom)})", i
    if name == "sqrt":
        arg, i = take_arg(latex, i)
        return "√" + wrap(readable_formula(arg)), i
    if name in GROUP_MACROS:
        arg, i = take_arg(latex, i)
        return readable_formula(arg), i
    if name in ("begin", "end"):
        env, i = take_arg(latex, i)
        return MATRIX.get(env, ("", ""))[name == "end"], i
    if name == "\\" and latex[i:i + 1] == "[":  # a line break's spacing, as in \\[4pt]
        end = latex.find("]", i)
        return "\n", len(latex) if end < 0 else end + 1
    if name in OPENERS:
        i += len(latex[i:]) - len(latex[i:].lstrip(" "))
    if name in SIZING:
        return "", i + 1 if latex[i:i + 1] == "." else i
    symbol = SYMBOLS.get(name, name)
    return (f" {symbol} " if name in OPERATORS else symbol), i


def readable_formula(latex: str) -> str:
    """LaTeX made readable as plain text: \\frac{a}{b} → (a)/(b), \\sqrt{x} → √x, \\cdot → ·, ^\\top → ᵀ, Greek."""
    out, i = [], 0
    while i < len(latex):
        char = latex[i]
        if char == "\\":
            name = re.match(r"\\([A-Za-z]+|.?)", latex[i:]).group(1)
            piece, i = macro(latex, name, i + 1 + len(name))
        elif char in "^_":
            arg, i = take_arg(latex, i + 1)
            arg = readable_formula(arg)
            piece = arg if arg == "ᵀ" else char + wrap(arg)
        elif char == "{":
            arg, i = take_arg(latex, i)
            piece = readable_formula(arg)
        else:
            piece, i = ("" if char == "}" else " " if char == "&" else char), i + 1
        out.append(piece)
    return "\n".join(re.sub(r"\s+", " ", line).strip() for line in "".join(out).split("\n"))


def figure_script(figure_json: str, target: str) -> str:
    """The figure as inert JSON data; every "<" is written \\u003c, so no text in it can end the script element."""
    safe = figure_json.replace("<", "\\u003c")
    return f'<script type="application/json" class="al-figure" data-target="{target}">{safe}</script>'


def formula_html(latex: str, lang: str) -> str:
    """The readable formula in a monospace block, with the LaTeX source folded below."""
    return (f'<div class="formula"><div class="label">{html.escape(text("handout.formula", lang))}</div>'
            f"<pre>{html.escape(readable_formula(latex))}</pre>"
            f"<details><summary>{html.escape(text('handout.latex', lang))}</summary>"
            f"<code>{html.escape(latex)}</code></details></div>")


def section_html(number: int, section: Section, lang: str) -> str:
    """One step: heading, explanation, formula, and the chart's empty div with its figure data."""
    heading, explanation, latex, figure_json = section
    target = f"chart-{number}"
    return (f"<section><h2>{number} · {html.escape(heading)}</h2>"
            f'<p class="text">{html.escape(explanation)}</p>{formula_html(latex, lang)}'
            f'<div class="chart" id="{target}"></div>{figure_script(figure_json, target)}</section>')


def render_handout(title: str, subtitle: str, sections: list[Section], lang: str) -> str:
    """The whole handout as one HTML document that works from a file:// URL without any network (the Chinese font
    is embedded, so it reads on a machine without CJK fonts)."""
    body = "".join(section_html(n, s, lang) for n, s in enumerate(sections, 1))
    return (f'<!DOCTYPE html>\n<html lang="{"zh-CN" if lang == "zh" else "en"}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{fonts.face(fonts.data_url())}{STYLE}</style><script>{plotly_js()}</script></head>"
            f'<body><header><h1>{html.escape(title)}</h1><p class="subtitle">{html.escape(subtitle)}</p></header>'
            f"{body}<footer>{html.escape(text('handout.footer', lang))}</footer>"
            f"<script>{RENDER}</script></body></html>")


def cross_note(trace: Trace, align_weight: float, lang: str) -> str:
    """Which model this is and whether its cross-attention was trained to align (plain text)."""
    if align_weight > 0:
        note = text("cross.guided", lang, model=trace.model, last=trace.config.N - 1, w=f"{align_weight:g}")
    else:
        note = text("cross.unguided", lang, model=trace.model)
    return note.replace("**", "")


def build_handout(trace: Trace, lang: str, align_weight: float) -> str:
    """The handout of a trace: every guided-tour step and the chapter After 2017, titled with the sentence and its
    translation, in `lang`; `align_weight` is the model's guided-alignment weight, stated next to the
    cross-attention."""
    from lesson.tour import WITH_CHAPTER, facts

    tr, sizes = partial(text, language=lang), facts(trace)
    notes = {"cross": " " + cross_note(trace, align_weight, lang)}
    sections = [(tr(f"tour.{step.key}.title", **sizes), tr(f"tour.{step.key}.text", **sizes) + notes.get(step.key, ""),
                 step.formula(trace), to_plotly(step.figure(trace, tr)).to_json()) for step in WITH_CHAPTER]
    cfg = trace.config
    subtitle = tr("handout.subtitle", model=trace.model, d_model=cfg.d_model, h=cfg.h, N=cfg.N,
                  norm="Post-Norm" if trace.post_norm else "Pre-Norm")
    return render_handout(f"{trace.text} → {trace.output_text}", subtitle, sections, lang)
