"""A new live page is four files: its page file, its views module, its line in the registry and its titles in the
catalogue (README, "Add a page"). A copy of the app gets a throwaway live page by exactly those four edits; there the
navigation opens it, the keystroke route draws the rerun's very bytes for it, and the tests' and benchmarks' page
lists and the registry's own tests take it in."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COPIED = ("app.py", "pyproject.toml", ".streamlit", "pages", "ui", "lesson", "model", "viz", "tests", "benchmarks")
PAGE = '''"""A throwaway live page."""
import streamlit as st

from ui import data, shell, state, widgets
from ui.i18n import t
from ui.views.probe import charts

shell.require_app()
st.header(t("nav.probe"))
trace = data.current_trace()
if widgets.need_trace(trace):
    (element,) = charts(trace, state.view_state())
    widgets.show(element, main=True)
'''
VIEWS = '''"""The throwaway page's chart: the encoder's mask, as BERT vs GPT draws it."""
from model.trace import Trace
from ui.view import Element, View
from ui.views.bert_gpt import side_element


def charts(trace: Trace, v: View) -> list[Element]:
    """Every chart element of the page."""
    return [side_element(trace, "encoder", v)]
'''
CHECK = '''
from benchmarks import journey, latency
from tests.app.conftest import PAGES, open_page
from tests.protocol import conftest as protocol
from ui import route
from lesson.catalogue import t

assert "probe" in PAGES and "probe" in protocol.PAGES and "probe" in journey.PAGES and "probe" in latency.PAGES
at = open_page("probe", s="I have a cat")
assert not at.exception and not at.error, [e.value for e in [*at.exception, *at.error]]
assert [h.value for h in at.header] == [t("nav.probe", "en")]
drawn = [e.proto.bytes for e in at.get("bidi_component") if e.proto.component_name == "attention_lab_chart"]
assert len(drawn) == 1 and route.payloads("probe", {"s": "I have a cat"}) == drawn
print("probe ok")
'''


def add_line(path: Path, after: str, line: str) -> None:
    """Insert `line` after the first line that is exactly `after`."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(lines.index(after + "\n") + 1, line + "\n")
    path.write_text("".join(lines), encoding="utf-8")


def app_with_a_new_page(root: Path) -> Path:
    """A copy of the app with one more live page, "probe", added by four files."""
    root.mkdir()
    for name in COPIED:
        source, target = ROOT / name, root / name
        copy = shutil.copytree if source.is_dir() else shutil.copy2
        copy(source, target, **({"ignore": shutil.ignore_patterns("__pycache__")} if source.is_dir() else {}))
    (root / "checkpoints").symlink_to(ROOT / "checkpoints")
    (root / "pages" / "probe.py").write_text(PAGE, encoding="utf-8")
    (root / "ui" / "views" / "probe.py").write_text(VIEWS, encoding="utf-8")
    add_line(root / "ui" / "registry.py", "    positions,", "    probe,")
    add_line(root / "ui" / "registry.py", '    Page("positions", ":material/rotate_right:", positions.charts),',
             '    Page("probe", ":material/science:", probe.charts),')
    add_line(root / "lesson" / "messages" / "common.py", "MESSAGES = {",
             '    "nav.probe": {"en": "Probe", "zh": "探针"},')
    return root


def run(root: Path, *args: str) -> subprocess.CompletedProcess:
    """A Python process in the copy (its own modules first on the path), one thread for torch."""
    env = os.environ | {"PYTHONPATH": str(root), "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True, text=True)


def test_a_new_live_page_is_four_files(tmp_path):
    root = app_with_a_new_page(tmp_path / "app")
    checked = run(root, "-c", "import torch; torch.set_num_threads(1)\n" + CHECK)
    assert checked.returncode == 0 and "probe ok" in checked.stdout, checked.stderr[-3000:]
    registry = run(root, "-m", "pytest", "-n", "0", "-v", "-p", "no:cacheprovider", "tests/app/test_registry.py",
                   "-k", "registered or probe")
    assert registry.returncode == 0, registry.stdout[-3000:]
    assert "test_every_page_file_is_registered_and_every_registered_file_exists PASSED" in registry.stdout
    assert "test_a_page_has_a_title_in_both_languages_and_a_live_page_its_views_module[probe] PASSED" in registry.stdout
