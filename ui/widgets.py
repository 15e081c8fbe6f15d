"""Small shared widgets: token chips, figure display, the empty-sentence notice."""
from __future__ import annotations

import html
import re

import streamlit as st

from model.trace import Trace
from ui import data, fonts, profile, state
from ui.chart import draw, urls
from ui.i18n import t
from ui.localise import localise
from ui.pinyin import readings

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
.al-arrow{font-size:1.15rem;margin:0 .3rem;color:#6b7a90}
</style>
"""


def chips_html(tokens: list[str], unknown: list[bool] | None = None, with_pinyin: bool = False) -> str:
    """HTML for token chips, with pinyin under Chinese tokens if asked; every token is escaped, so user text is
    never markup."""
    unknown = unknown or [False] * len(tokens)
    marks = readings(tokens) if with_pinyin else [""] * len(tokens)
    spans = []
    for i, (tok, unk, mark) in enumerate(zip(tokens, unknown, marks)):
        cls = "al-chip" + (" unk" if unk else "") + (" py" if mark else "")
        tip = f' title="{html.escape(t("chip.unknown_tip"))}"' if unk else ""
        body = f"<span>{html.escape(tok)}<small>{i}</small></span>"
        body += f'<span class="al-py">{html.escape(mark)}</span>' if mark else ""
        spans.append(f'<span class="{cls}"{tip}>{body}</span>')
    return '<div class="al-chips">' + "".join(spans) + "</div>"


_MARKDOWN = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$])")


def plain(text: str) -> str:
    """User text escaped for st.markdown/st.warning: shown as typed, never as markup, link or image."""
    return _MARKDOWN.sub(r"\\\1", text)


def font_css() -> None:
    """The shipped Chinese font on the page (ui/fonts.py): Chinese text renders even where no CJK font is installed."""
    st.html(f"<style>{fonts.page_css(urls()[2])}</style>")


def token_chips(tokens: list[str], unknown: list[bool] | None = None) -> None:
    """Show tokens as numbered chips (unknown ones in red), with pinyin under Chinese ones when the view asks."""
    st.html(CHIP_CSS + chips_html(tokens, unknown, bool(state.get("pinyin"))))


def figure(fig, key: str) -> None:
    """Draw a Plotly figure full-width with PNG export; layout.meta.rev names the sentence it shows.

    The in-place renderer is the default; `?renderer=naive` draws with st.plotly_chart (the benchmark's reference).
    """
    fig = localise(fig)
    fig["layout"]["meta"] = {"rev": state.get("s")}
    if state.get("presenter"):
        enlarge(fig["layout"])
    config = PLOTLY_CONFIG | {"toImageButtonOptions": PLOTLY_CONFIG["toImageButtonOptions"] | {"filename": key}}
    profile.count_chart()
    with profile.section("serialise"):
        if state.get("renderer") == "naive":
            st.plotly_chart(fig.to_dict(), key=key, config=config, theme=None)
        else:
            draw(fig.to_json(), config, key)


PRESENTER_SCALE = 1.45


def enlarge(layout: dict) -> None:
    """Presenter view: taller figures and every font size × PRESENTER_SCALE (canvas and Plotly alike)."""
    layout["height"] = int(layout.get("height", 360) * PRESENTER_SCALE)
    layout["meta"]["scale"] = PRESENTER_SCALE
    stack = [layout]
    while stack:
        node = stack.pop()
        for key, value in node.items():
            if key in ("font", "tickfont", "textfont") and isinstance(value, dict) and "size" in value:
                value["size"] = round(value["size"] * PRESENTER_SCALE)
            if isinstance(value, dict):
                stack.append(value)


def cross_note(trace: Trace) -> None:
    """One line saying which model this is and whether its cross-attention was trained to align."""
    if data.is_pretrained():
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


def need_trace(trace: Trace | None) -> bool:
    """Show a notice and return False when there is no sentence to show."""
    if trace is None:
        if not (data.is_pretrained() and data.pretrained_status()[1]):  # a load error is shown under the picker
            st.info(t("notice.type_sentence"))
        return False
    return True


PRESENTER_CSS = """
<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], header[data-testid="stHeader"] {display:none}
.stMainBlockContainer, [data-testid="stMainBlockContainer"] {padding-top:1rem; max-width:100%}
html, body, [data-testid="stMarkdownContainer"] p, [data-testid="stCaptionContainer"] {font-size:1.35rem !important}
h1 {font-size:3rem !important} h2 {font-size:2.4rem !important} h3 {font-size:2rem !important}
.al-chip {font-size:1.8rem !important}
[data-testid="stHorizontalBlock"]:has([data-al-chart]) {flex-direction:column}
[data-testid="stHorizontalBlock"]:has([data-al-chart]) > div {width:100% !important; flex:1 1 auto !important}
</style>
"""


def presenter_css() -> None:
    """Projector styling: no sidebar, larger text and token chips."""
    st.html(PRESENTER_CSS)
