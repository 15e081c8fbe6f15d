"""Views are pure: a page's charts are a function of (trace, View) alone (ui/view.py). Neither ui/view.py, the
answers' code (ui/payload.py, which the route uses) nor any module under ui/views/ or viz/ reads ambient state, and
a chart builder called twice with the same arguments, outside any Streamlit run, gives the same bytes."""
import ast
from dataclasses import replace
from pathlib import Path

import pytest

from ui import data, route, url
from ui.payload import build
from ui.registry import PAGES
from ui.view import View

ROOT = Path(__file__).resolve().parents[2]
PURE = sorted([*(ROOT / "ui" / f for f in ("view.py", "param.py", "url.py", "payload.py")),
               *ROOT.joinpath("ui", "views").glob("*.py"), *ROOT.joinpath("viz").glob("*.py")])
AMBIENT_MODULES = ("streamlit", "ui.state", "ui.bind", "ui.live", "ui.i18n", "ui.widgets",
                   "ui.controls")  # read the run's state
AMBIENT_NAMES = ("state", "st", "live")  # anything read through these names is the run's
AMBIENT_DATA = ("is_pretrained", "pretrained_status", "source_lang", "model_options")  # read state
LIVE = [p for p in PAGES if p.live]


def imported(tree: ast.Module) -> set[str]:
    """Every module a file imports, and every `from m import name` as m.name."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def ambient_reads(tree: ast.Module) -> list[str]:
    """What a file reads of the run's state: a module that holds it, a state-reading call, a ContextVar's .get()."""
    found = [m for m in imported(tree) if m.startswith(AMBIENT_MODULES)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id in AMBIENT_NAMES or (node.value.id == "data" and node.attr in AMBIENT_DATA):
                found.append(f"{node.value.id}.{node.attr}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            if not node.args and not node.keywords:
                found.append(f"line {node.lineno}: .get()")
    return found


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_view_reads_ambient_state(path):
    """A view or viz module takes what it shows as arguments: no Streamlit, no session, no ContextVar."""
    assert ambient_reads(ast.parse(path.read_text(encoding="utf-8"))) == []


def test_the_scan_sees_ambient_reads():
    """The scan catches each kind of read it forbids."""
    code = ("import streamlit as st\nfrom ui import state\nfrom ui.i18n import t\n"
            "a = state.get('head')\nb = data.is_pretrained()\nc = _URL.get()\nd = st.session_state\n")
    assert len(ambient_reads(ast.parse(code))) >= 7


VIEWS = {"self_attention": {"side": "decoder", "layer": "1", "head": "3", "query": "2", "lang": "zh"},
         "multi_head": {"side": "cross", "layer": "9", "head": "-3"},
         "decoding": {"step": "60", "decode": "beam"}, "tour": {"tour": "99"}, "masks": {"cm": "6.1..ff"},
         "playground": {"preset": "sentence", "scale": "false"}, "lab_pairs": {"mp": "I have three dogs"},
         "embeddings": {"shuffle": "3", "pe_d": "16", "pe_len": "20"}, "notes": {"mask_mode": "mul"},
         "after_2017": {"side": "decoder", "layer": "1", "tile": "3", "ts": "2"}}


def payloads(page, v) -> list[bytes]:
    """The page's chart payloads for view `v`, built from its elements outside any cache."""
    trace = data.view_trace(v)
    return [build(element, v) for element in page.elements(trace, v).values()]


@pytest.mark.parametrize("page", LIVE, ids=lambda p: p.path)
def test_a_view_gives_the_same_bytes_for_the_same_trace_and_view(page):
    """Outside any Streamlit run and session: twice the same (trace, View) gives the same payloads, and they are the
    keystroke route's for the same query string."""
    params = {"s": "i have two cats and a dog"} | VIEWS.get(page.path, {})
    v = route.view(page.path, params)
    first = payloads(page, v)
    assert first and payloads(page, replace(v, drafts={})) == first
    assert route.payloads(page.path, params) == first


def test_the_view_state_is_read_once_into_a_frozen_view():
    """The View holds the checked values of a query string; it cannot be changed after it is built."""
    values, _ = url.from_url({"head": "3", "temp": "2.5", "lang": "fr", "decode": "beam"})
    v = View.of(values)
    assert (v.head, v.attn.temperature, v.lang, v.decode.method) == (3, 2.5, "en", "beam")
    with pytest.raises(AttributeError):
        v.head = 4
