"""A new live page is the number of files the README's "Add a page" states. A copy of the app gets a real page,
"Spread" (each head's mean attention entropy, in nats or bits), with its own chart builder, its own texts in both
languages and a control of its own (a new view parameter), by exactly those files; there the navigation opens it in
both languages, the control changes what it draws, the numbers are the entropies NumPy computes from a trace of its
own, the keystroke route draws the rerun's very bytes, and the tests' and benchmarks' page lists and the registry's
own tests take it in."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COPIED = ("app.py", "pyproject.toml", ".streamlit", "pages", "ui", "lesson", "model", "viz", "tests", "benchmarks")
PAGE = '''"""Spread: how evenly each head of each layer spreads its attention over the keys."""
import streamlit as st

from ui import bind, controls, data, shell, widgets
from ui.i18n import t
from ui.payload import answer
from ui.views.spread import elements

shell.require_app()
st.header(t("spread.header"))
st.caption(t("spread.caption"))
view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    view = controls.pick_block(trace, view, with_head=False)
    view = bind.picked(view, st.radio, t("spread.unit"), "spread_unit", horizontal=True)
    charts = answer(elements, trace, view)
    widgets.show(charts["spread"], main=True)
'''
VIEWS = '''"""Spread's chart for one trace and the view: each head's mean attention entropy, per layer."""
from __future__ import annotations

import numpy as np

from model.trace import Trace
from ui.view import Element, View, within_model
from viz.bars import grouped_bars


def entropy(trace: Trace, block: str, unit: str) -> np.ndarray:
    """Each layer's and head's attention entropy, averaged over its queries, in nats or bits; (N, h)."""
    p = trace.patterns(block).astype(np.float64)  # (N, h, L_q, L_k)
    nats = -(p * np.log(np.where(p > 0, p, 1.0))).sum(-1).mean(-1)  # (N, h)
    return nats / np.log(2) if unit == "bits" else nats


def elements(trace: Trace, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view."""
    block = within_model(trace, v).block
    spread = entropy(trace, block, v.spread_unit)
    heads = [v.t("label.head", i=j) for j in range(trace.config.h)]
    layers = {v.t("label.layer", i=i): spread[i] for i in range(len(spread))}
    return {"spread": Element([grouped_bars(heads, layers, title=v.t("spread.fig", block=v.block_label(block)),
                                            y_title=v.t(f"spread.{v.spread_unit}"), words=v.words())], "spread")}
'''
MESSAGES = '''"""Messages of the Spread page (prefix spread.*)."""

MESSAGES = {
    "nav.spread": {"en": "Spread", "zh": "注意力分散度"},
    "spread.header": {"en": "How evenly each head spreads its attention", "zh": "每个头的注意力有多分散"},
    "spread.caption": {"en": "The entropy of a query's attention weights: 0 when it looks at one key alone, log n "
                               "when it looks at all n keys alike; averaged over the queries.",
                       "zh": "一个查询的注意力权重的熵：只看一个键时为 0，平均地看全部 n 个键时为 log n；"
                             "对所有查询取平均。"},
    "spread.unit": {"en": "Unit", "zh": "单位"},
    "spread.fig": {"en": "{block}: mean entropy per head", "zh": "{block}：每个头的平均熵"},
    "spread.nats": {"en": "entropy (nats)", "zh": "熵（奈特）"},
    "spread.bits": {"en": "entropy (bits)", "zh": "熵（比特）"},
}
'''
CONTROL = '    spread_unit: str = param("nats", url="su", options=("nats", "bits"))  # Spread: the entropy\'s unit'
CHECK = '''
import numpy as np
from benchmarks import journey, latency
from lesson.catalogue import lookup
from model.checkpoint import load_bundle
from model.trace import run_with_trace
from tests.app.conftest import PAGES, open_page
from tests.protocol import conftest as protocol
from ui import route
from ui.views.spread import elements

assert "spread" in PAGES and "spread" in protocol.PAGES and "spread" in journey.PAGES and "spread" in latency.PAGES
sentence = "I have a cat"
own = run_with_trace(load_bundle("en-zh"), sentence).attn("decoder", 1).pattern.astype(np.float64)  # (h, L_q, L_k)
expected = -(own * np.log(np.where(own > 0, own, 1.0))).sum(-1).mean(-1)  # (h,) nats, layer 1 of the decoder
for lang, unit, scale in (("en", "nats", 1.0), ("zh", "bits", 1 / np.log(2))):
    query = {"s": sentence, "lang": lang, "side": "decoder", "su": unit}
    at = open_page("spread", **query)
    assert not at.exception and not at.error, [e.value for e in [*at.exception, *at.error]]
    assert [h.value for h in at.header] == [lookup("spread.header", lang)], lang
    assert lookup("spread.caption", lang) in [c.value for c in at.caption]
    drawn = [e.proto.bytes for e in at.get("bidi_component") if e.proto.component_name == "attention_lab_chart"]
    assert len(drawn) == 1 and route.payloads("spread", query) == drawn, lang
    v = route.view("spread", query)
    (spec,) = elements(route.data.view_trace(v), v)["spread"].specs
    series = {s.name: s.values for s in spec.panels[0].series}
    assert spec.panels[0].title == lookup(f"spread.{unit}", lang)
    np.testing.assert_allclose(series[lookup("label.layer", lang, i=1)], expected * scale, rtol=1e-4)
at = open_page("spread", s=sentence)
assert at.radio(key="w_spread_unit").value == "nats"
at.radio(key="w_spread_unit").set_value("bits").run()
assert not at.exception and at.query_params["su"] == "bits"
drawn = [e.proto.bytes for e in at.get("bidi_component") if e.proto.component_name == "attention_lab_chart"]
assert route.payloads("spread", {"s": sentence, "su": "bits"}) == drawn
print("spread ok")
'''


def add_line(path: Path, after: str, line: str) -> None:
    """Insert `line` after the first line that is exactly `after`."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(lines.index(after + "\n") + 1, line + "\n")
    path.write_text("".join(lines), encoding="utf-8")


def app_with_a_new_page(root: Path) -> Path:
    """A copy of the app with one more live page, "spread", added as the README says."""
    root.mkdir()
    for name in COPIED:
        source, target = ROOT / name, root / name
        copy = shutil.copytree if source.is_dir() else shutil.copy2
        copy(source, target, **({"ignore": shutil.ignore_patterns("__pycache__")} if source.is_dir() else {}))
    (root / "checkpoints").symlink_to(ROOT / "checkpoints")
    (root / "pages" / "spread.py").write_text(PAGE, encoding="utf-8")
    (root / "ui" / "views" / "spread.py").write_text(VIEWS, encoding="utf-8")
    (root / "lesson" / "messages" / "spread.py").write_text(MESSAGES, encoding="utf-8")
    add_line(root / "lesson" / "messages" / "__init__.py", "    self_attention,", "    spread,")
    init = root / "lesson" / "messages" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8").replace("MODULES = (", "MODULES = (spread, "), encoding="utf-8")
    add_line(root / "ui" / "registry.py", "    self_attention,", "    spread,")
    add_line(root / "ui" / "registry.py", '    Page("positions", ":material/rotate_right:", positions.elements),',
             '    Page("spread", ":material/insights:", spread.elements),')
    add_line(root / "ui" / "view.py", '    shift: int = param(3, low=0, high=8)  # … and how many words are put before '
             'the sentence', CONTROL)
    return root


def changed(root: Path) -> list[str]:
    """The files of the copy that are new or differ from the app's."""
    out = []
    for name in COPIED:
        for path in sorted((root / name).rglob("*") if (root / name).is_dir() else [root / name]):
            if path.is_file() and "__pycache__" not in path.parts:
                original = ROOT / path.relative_to(root)
                if not original.is_file() or original.read_bytes() != path.read_bytes():
                    out.append(str(path.relative_to(root)))
    return out


WORDS = {"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def stated() -> int:
    """How many files the README says a new live page is."""
    said = re.search(r"A new live page is (\w+) files", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert said, "the README's 'Add a page' states the number"
    return WORDS[said[1]]


def run(root: Path, *args: str) -> subprocess.CompletedProcess:
    """A Python process in the copy (its own modules first on the path), one thread for torch."""
    env = os.environ | {"PYTHONPATH": str(root), "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True, text=True)


def test_a_new_live_page_is_the_files_the_readme_states(tmp_path):
    root = app_with_a_new_page(tmp_path / "app")
    assert sorted(changed(root)) == sorted(["pages/spread.py", "ui/views/spread.py", "ui/registry.py",
                                            "lesson/messages/spread.py", "lesson/messages/__init__.py",
                                            "ui/view.py"])
    assert len(changed(root)) == stated()
    checked = run(root, "-c", "import torch; torch.set_num_threads(1)\n" + CHECK)
    assert checked.returncode == 0 and "spread ok" in checked.stdout, checked.stderr[-3000:]
    registry = run(root, "-m", "pytest", "-n", "0", "-v", "-p", "no:cacheprovider", "tests/app/test_registry.py",
                   "-k", "registered or spread")
    assert registry.returncode == 0, registry.stdout[-3000:]
    assert "test_every_page_file_is_registered_and_every_registered_file_exists PASSED" in registry.stdout
    title = "test_a_page_has_a_title_in_both_languages_and_a_live_page_its_views_module[spread] PASSED"
    assert title in registry.stdout
