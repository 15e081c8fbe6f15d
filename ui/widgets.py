"""Small shared widgets: token chips, figure display, the empty-sentence notice."""
from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import streamlit as st

from model.trace import Trace
from ui import data, instrument
from ui.chart import draw, urls
from ui.i18n import t
from ui.payload import PRESENTER_ZOOM, Chart, shown_specs
from ui.pinyin import readings
from ui.view import Element, View
from viz import fonts
from viz.plotly import to_plotly

PLOTLY_CONFIG = {
    "displaylogo": False,
    "modeBarButtonsToRemove": ["lasso2d", "select2d"],
    "toImageButtonOptions": {"format": "png", "scale": 2, "filename": "attention-lab"},
}

CHIP_CSS = """
<style>
.al-chips{display:flex;flex-wrap:wrap;gap:.35rem;margin:.2rem 0 .4rem 0}
.al-chip{font-size:1.15rem;padding:.15rem .55rem;border-radius:.5rem;background:#e8eef8;color:#1b2a41;
 border:1px solid #c5d3ea;font-family:"Attention Lab Sans","Noto Sans CJK SC","Microsoft YaHei",sans-serif}
.al-chip small{color:#6b7a90;font-size:.7rem;margin-left:.25rem}
.al-chip.py{display:inline-flex;flex-direction:column;align-items:center;line-height:1.15}
.al-chip .al-py{font-size:.8rem;color:#44546a;font-family:"Noto Sans","DejaVu Sans",sans-serif}
.al-chip.unk{background:#fde8e8;border-color:#e89b9b;color:#8a1c1c}
.al-chip.copy{background:#fff1dc;border-color:#e8b36b;color:#7a4300;border-style:dashed}
.al-chip.unc{background:#fff8e1;border-color:#c99400;color:#5c4300;border-style:dotted;border-width:2px}
.al-chip.unc b{color:#a06f00;margin-left:.15rem}
.al-chip.miss{background:#fff;border-color:#c0392b;color:#8a1c1c;border-style:dashed;text-decoration:line-through}
.al-miss{font-size:.95rem;color:#8a1c1c;align-self:center;margin-left:.6rem}
.al-arrow{font-size:1.15rem;margin:0 .3rem;color:#6b7a90}
</style>
"""


def chips_html(tokens: list[str], unknown: list[bool] | None = None, with_pinyin: bool = False,
               copied: list[int | None] | None = None, missing: list[str] | None = None,
               flagged: dict[int, str] | None = None) -> str:
    """HTML for token chips (unknown ones red, words copied from a source position dashed orange, `flagged` known
    words that may be untranslated dotted amber with a "?", each with its tooltip), with pinyin under Chinese tokens
    if asked, then the `missing` words (unknown source words the translation left out) struck through after a label;
    every token is escaped, so user text is never markup."""
    unknown = unknown or [False] * len(tokens)
    copied = copied or [None] * len(tokens)
    flagged = flagged or {}
    marks = readings(tokens) if with_pinyin else [""] * len(tokens)
    spans = []
    for i, (tok, unk, mark, src) in enumerate(zip(tokens, unknown, marks, copied)):
        cls = ("al-chip" + (" unk" if unk else "") + (" copy" if src is not None else "") + (" py" if mark else "")
               + (" unc" if i in flagged else ""))
        tip = (t("chip.unknown_tip") if unk else t("chip.copied_tip", pos=src) if src is not None
               else flagged.get(i, ""))
        tip = f' title="{html.escape(tip)}"' if tip else ""
        badge = "<b>?</b>" if i in flagged else ""
        body = f"<span>{html.escape(tok)}{badge}<small>{i}</small></span>"
        body += f'<span class="al-py">{html.escape(mark)}</span>' if mark else ""
        spans.append(f'<span class="{cls}"{tip}>{body}</span>')
    if missing:
        spans.append(f'<span class="al-miss">{html.escape(t("chip.missing_label"))}</span>')
        tip = html.escape(t("chip.missing_tip"))
        spans += [f'<span class="al-chip miss" title="{tip}"><span>{html.escape(w)}</span></span>' for w in missing]
    return '<div class="al-chips">' + "".join(spans) + "</div>"


_MARKDOWN = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$])")


def plain(text: str) -> str:
    """User text escaped for st.markdown/st.warning: shown as typed, never as markup, link or image."""
    return _MARKDOWN.sub(r"\\\1", text)


def copies_note(trace: Trace) -> str:
    """" (copied from the source where the model wrote <unk>: …)" naming the translation's copied words, or "" (a
    line of text shows no chip marks)."""
    copied = [plain(trace.output_words[i]) for i, j in enumerate(trace.decoded.copied_from or []) if j is not None]
    return t("dec.copies_note", words=", ".join(copied)) if copied else ""


def output_line(trace: Trace) -> str:
    """A translation as escaped text and its copies note: every page that prints a translation prints it so."""
    return plain(trace.output_text or "∅") + copies_note(trace)


PAGE_CSS = """
[data-testid="stHeadingWithActionElements"]:has(> h3) ~ :is(p, ul) {color: rgba(49, 51, 63, 0.6); font-size: 0.875rem}
[data-stale="true"] {opacity: 1 !important; transition: none !important}
@media (max-width: 640px) {
  .st-key-al-header [data-testid="stHorizontalBlock"] {flex-wrap: wrap !important; row-gap: .4rem !important;
    column-gap: .8rem !important; justify-content: flex-start !important}
  .st-key-al-header [data-testid="stHorizontalBlock"] > [class*="st-key-sentence_"] {flex: 1 1 100% !important;
    width: 100% !important}
  .st-key-al-header [data-testid="stHorizontalBlock"] > * {min-width: 0; max-width: 100%}
  .katex-display > .katex {font-size: 1.05em}
}
"""


def font_css() -> None:
    """The shipped Chinese font on the page (viz/fonts.py): Chinese text renders even where no CJK font is installed;
    a section's caption styled as st.caption (see `section`); and no "stale" dimming while a rerun runs: every
    keystroke's rerun would otherwise restyle every element twice and make the browser repaint the whole page,
    canvases included, before the new charts arrive (Streamlit's running indicator still shows a slow rerun). On a
    phone the header's rows wrap, the sentence box on a line of its own, and a display formula is set at 1.05em, not
    KaTeX's 1.21em (Self-attention's fits a 390 px phone's 358 px)."""
    st.html(f"<style>{fonts.page_css(urls()[1])}{PAGE_CSS}</style>")


def section(title: str, caption: str = "") -> None:
    """A section's heading and its caption as ONE markdown element (text under an h3 looks like st.caption):
    every element costs the browser a render on every keystroke."""
    st.markdown(f"### {title}" + (f"\n\n{caption}" if caption else ""))


def token_chips(tokens: list[str], v: View, unknown: list[bool] | None = None,
                flagged: dict[int, str] | None = None) -> None:
    """Show tokens as numbered chips (unknown ones in red, `flagged` ones marked "may be untranslated" with their
    tooltip), with pinyin under Chinese ones when the view `v` asks."""
    st.html(CHIP_CSS + chips_html(tokens, unknown, v.pinyin, flagged=flagged))


def chip_row(tokens: list[str], unknown: list[bool], flagged: dict[int, str], v: View, notice: str = "",
             tip: str = "") -> None:
    """Presenter view's source chips: one row, their size fitted to the width (18 px at least), and the notice as one
    line after them (its full text as a tooltip); pinyin as the view `v` asks. Plain text in, escaped here."""
    chips = chips_html(tokens, unknown, v.pinyin, flagged=flagged)
    line = (f'<span class="al-notice" title="{html.escape(tip or notice)}">⚠ {html.escape(notice)}</span>'
            if notice else "")
    st.html(CHIP_CSS + f'<div class="al-fit" style="--chip:{chip_font(tokens, flagged, notice)}">'
            f'<div class="al-row">{chips}{line}</div></div>')


def em(text: str) -> float:
    """A text's width in em of the app's sans font, estimated per character (wide CJK 1, capitals 0.64, other
    letters and digits 0.56, spaces 0.23, the rest 0.5), a little over the measured widths."""
    def one(ch: str) -> float:
        if unicodedata.east_asian_width(ch) in "WFA":
            return 1.0
        return 0.64 if ch.isupper() else 0.56 if ch.isalnum() else 0.23 if ch.isspace() else 0.5
    return sum(one(ch) for ch in text)


def select_width(label: str, px: float = 24) -> int:
    """The width (px) of a select box that shows `label` whole at `px` (presenter view's model box, PRESENTER_CSS)."""
    return round(em(label) * px) + 64


CHIP_EM, INDEX_PX, CHIP_GAP_PX, NOTICE_PX = 0.9, 18, 6, 18  # a chip's padding and index margin (em); sizes (px)


def chip_font(tokens: list[str], flagged: dict[int, str], notice: str) -> str:
    """The chips' font size as CSS: as large as fits the row's width (the wrapper's 100cqw) with every chip's
    padding, its 18 px index and the notice, between 18 and 30 px (a longer sentence wraps)."""
    scaled = sum(em(tok) + CHIP_EM + (0.65 if i in flagged else 0) for i, tok in enumerate(tokens))
    fixed = sum(0.56 * INDEX_PX * len(str(i)) + 2 for i in range(len(tokens))) + CHIP_GAP_PX * len(tokens)
    fixed += (em(notice) + 2) * NOTICE_PX + 24 if notice else 0
    return f"clamp(18px, calc((100cqw - {fixed:.0f}px) / {max(scaled, 1):.2f}), 30px)"


def output_chips(trace, v: View) -> None:
    """The translation as chips: each <unk> the model wrote shows the source word copied there, marked as a copy;
    unknown source words that nothing copies follow, struck through, so none vanishes unnoticed (pinyin as the view
    `v` asks)."""
    words = getattr(trace, "output_words", trace.decoded.tokens)
    copied = getattr(trace.decoded, "copied_from", None) or None
    missing = [trace.src.typed(i) for i in getattr(trace, "uncopied", [])]
    html_ = chips_html(words or [t("label.empty")], None, v.pinyin, copied if words else None, missing)
    st.html(CHIP_CSS + html_)


def numbered(tokens: list[str]) -> list[str]:
    """Grid labels that stay unique though a token repeats: "0:the", "1:cat", "2:the"."""
    return [f"{i}:{tok}" for i, tok in enumerate(tokens)]


def token_rows(rows: list[list[str]], v: View) -> None:
    """Several rows of token chips (e.g. a padded batch) in one element, with pinyin as the view `v` asks."""
    st.html(CHIP_CSS + "".join(chips_html(tokens, None, v.pinyin) for tokens in rows))


def figure(spec, key: str, v: View) -> None:
    """Draw one chart (a viz spec) full-width under a stable key, outside any page's answer (a pretrained model's
    charts: built now, in the page's view `v`)."""
    show(Chart(Element([spec], key), v))


def show(chart: Chart, main: bool = False) -> None:
    """Draw a chart element (`main`: the page's main figure, first on a projector's screen, see `main_figure`), its
    payload the page's answer's (ui/payload.py). `?renderer=naive` draws each chart with st.plotly_chart instead
    (the benchmark's reference), from the same specs."""
    if main:
        with main_figure():
            show(chart)
        return
    element, v = chart.element, chart.view
    instrument.count_charts(len(element.specs))
    with instrument.section("serialise"):
        if v.renderer == "naive":
            naive(shown_specs(element, v), element.file_names(), v.sentence, PRESENTER_ZOOM if v.presenter else 1.0,
                  element.columns or len(element.specs))
        else:
            draw(chart.packed(), element.key)


def naive(specs, names: list[str], sentence: str, zoom: float, columns: int) -> None:
    """The reference renderer: each chart as Plotly JSON through st.plotly_chart, in columns like the element."""
    if columns > 1 and zoom == 1.0:
        grid = st.columns(min(columns, len(specs)))
        slots = [grid[i % len(grid)] for i in range(len(specs))]
    else:
        slots = [st.container() for _ in specs]
    for spec, name, slot in zip(specs, names, slots, strict=True):
        with slot:
            image = PLOTLY_CONFIG["toImageButtonOptions"] | {"filename": name}
            config = PLOTLY_CONFIG | {"toImageButtonOptions": image}
            figure_ = to_plotly(spec, sentence=sentence, zoom=zoom).to_dict()
            st.plotly_chart(figure_, key=name, config=config, theme=None)



def cross_note(trace: Trace, v: View) -> None:
    """One line saying which model this is (the view `v`'s) and whether its cross-attention was trained to align."""
    if v.pretrained:
        st.caption(t("hf.cross_note", model=plain(trace.model)))
        return
    bundle = data.bundle(trace.model)
    if bundle.guided:
        st.caption(t("cross.guided", model=trace.model, last=trace.config.N - 1, w=f"{bundle.align_weight:g}"))
    else:
        st.caption(t("cross.unguided", model=trace.model))


def load_error(err) -> str:
    """A pretrained model's load error (model.pretrained.PretrainedError) in the UI language, user text escaped
    (a validated model id is shown as code, where escapes would show)."""
    return t(f"hf.err.{err.code}", **{k: v if k == "model_id" else plain(str(v)) for k, v in err.fields.items()})


def need_trace(trace: Trace | None, v: View) -> bool:
    """Show a notice and return False when there is no sentence to show (in the view `v`)."""
    if trace is None:
        if not (v.pretrained and data.pretrained_status(v.hf_model)[1]):  # a load error is shown under the picker
            st.info(t("notice.type_sentence"))
        return False
    return True


PRESENTER_CSS = """
<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], header[data-testid="stHeader"] {display:none}
.stMainBlockContainer, [data-testid="stMainBlockContainer"] {padding:.35rem 1rem 4rem 1rem; max-width:100%}
html, body, [data-testid="stMarkdownContainer"] p, [data-testid="stCaptionContainer"] {font-size:1.35rem !important}
h1 {font-size:2.2rem !important; padding-top:0.25rem !important} h2 {font-size:2rem !important}
h3 {font-size:1.7rem !important}
[data-testid="stSliderThumbValue"] {transform:translateY(-0.6rem)}
[data-testid="stSliderThumbValue"] p, [data-testid="stSliderTickBar"] {font-size:1.15rem !important}
[data-testid="stSelectbox"] div[role="group"] input {font-size:1.35rem}
.al-chip {font-size:1.5rem !important}
.al-chip small {font-size:18px !important}
.al-fit {container-type:inline-size}
.al-fit .al-row {display:flex; flex-wrap:wrap; align-items:center; gap:6px 12px}
.al-fit .al-chips {margin:0; gap:6px}
.al-fit .al-chip {font-size:var(--chip) !important; padding:.08em .35em}
.al-fit .al-chip small {margin-left:.2em}
.al-notice {font-size:18px; line-height:1.3; padding:3px 10px; border-radius:6px; background:#fff8e1; color:#6b4e00;
 white-space:nowrap; max-width:100%; overflow:hidden; text-overflow:ellipsis}
.al-keys {font-size:18px; color:#8a94a6; white-space:nowrap}
.al-toolbar button {font-size:18px !important}
.st-key-w_model input {font-size:24px !important}
.katex .sizing.size1, .katex .sizing.size2 {font-size:18px !important}
.st-key-page_keys {display:none}
.st-key-al-header {gap:.5rem}
.st-key-al-stage {margin-top:-1rem}
[data-testid="stHorizontalBlock"]:has([data-al-chart]):not(.st-key-al-stage *) {flex-direction:column}
[data-testid="stHorizontalBlock"]:has([data-al-chart]):not(.st-key-al-stage *) > div
 {width:100% !important; flex:1 1 auto !important}
</style>
"""


# This run's slot for the page's main figure (presenter view), or None. A ContextVar, not an argument: the shell opens
# it before the page script runs, which takes no arguments, and the page's first main figure fills it from wherever
# it is drawn; each run has its own thread.
_STAGE: ContextVar = ContextVar("stage", default=None)
STAGE_KEY = "al-stage"  # its element key (class st-key-al-stage: the chart code fits a chart there to the screen)


def open_stage(v: View) -> None:
    """In presenter view (`v.presenter`), an empty slot under the token chips for the page's main figure, so a
    projector's first screen shows the sentence, its tokens and the figure (elsewhere the figure stays in its place
    in the page)."""
    _STAGE.set(st.container(key=STAGE_KEY) if v.presenter else None)


@contextmanager
def main_figure() -> Iterator[None]:
    """Draw what follows in the stage slot (presenter view; the page's first main figure only), else in place."""
    slot = _STAGE.get()
    if slot is None:
        yield
        return
    _STAGE.set(None)
    with slot:
        yield


@contextmanager
def stage_pickers() -> Iterator[None]:
    """Draw what follows (the figure's pickers) at the top of the stage, in one row above the figure (presenter view:
    reachable and seen without scrolling), else in place."""
    slot = _STAGE.get()
    if slot is None:
        yield
        return
    with slot, st.container(key=PICKERS_KEY):
        st.html(PICKERS_CSS)
        yield


PICKERS_KEY = "al-pickers"
# on the stage each picker's label stands beside it (the block's options name themselves), at the presenter minimum
# of 18 px: one short row
PICKERS_CSS = """<style>
.st-key-al-pickers .stButtonGroup, .st-key-al-pickers .stSelectbox
 {display:flex; flex-direction:row; align-items:center; gap:.5rem; width:auto}
.st-key-al-pickers label {margin:0; min-height:0; white-space:nowrap}
.st-key-al-pickers .st-key-w_block label {display:none}
.st-key-al-pickers p, .st-key-al-pickers input {font-size:18px !important; line-height:1.2}
.st-key-al-pickers label p {color:#5f6b7a}
.st-key-al-pickers button {min-height:0; padding:.15rem .5rem}
.st-key-al-pickers .st-key-w_query {width:auto !important; flex:0 0 auto}
.st-key-al-pickers .react-aria-ComboBox {width:9.5rem}
.st-key-al-pickers [data-testid="stHorizontalBlock"] {row-gap:.3rem; column-gap:1.25rem}
.st-key-al-pickers [data-testid="stSlider"] label {margin-bottom:1.1rem}
.st-key-al-pickers .stMultiSelect .react-aria-ComboBox {width:100%}
</style>"""


def presenter_css() -> None:
    """Projector styling: no sidebar, larger text and token chips."""
    st.html(PRESENTER_CSS)
