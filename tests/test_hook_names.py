"""No hook name is built outside model/: ui/, pages/, lesson/, viz/ and app.py read a trace through its typed
accessors (docs/trace-format.md), never by a hook name written out or built from model.hooks."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("ui", "pages", "lesson", "viz")
OUTSIDE_MODEL = sorted([ROOT / "app.py", *(p for d in SCANNED for p in ROOT.joinpath(d).rglob("*.py"))])
HOOK_TEXT = re.compile(r"\bhook_|\b(?:self|cross)_attn\.")  # "hook_logits", "encoder.0.self_attn.hook_q", f"…hook_"
NAME_BUILDERS = ("act_name", "ATTN_HOOKS", "POSITION_HOOKS", "BLOCK_PATHS", "KEY_COLUMNS", "SUBLAYER_RESID")


def hook_names(source: str) -> list[str]:
    """Every string constant (f-string parts included) that spells a hook name, and every import of model's name
    builders."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and HOOK_TEXT.search(node.value):
            found.append(node.value)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("model"):
            found += [alias.name for alias in node.names if alias.name in NAME_BUILDERS]
    return found


def test_no_hook_name_is_written_or_built_outside_model():
    assert len(OUTSIDE_MODEL) > 50
    found = {str(p.relative_to(ROOT)): hook_names(p.read_text(encoding="utf-8")) for p in OUTSIDE_MODEL}
    assert {path: names for path, names in found.items() if names} == {}


def test_the_scan_finds_written_and_built_hook_names():
    source = ('from model.hooks import act_name\n'
              'a = trace["hook_logits"]\n'
              'b = trace[f"encoder.{layer}.self_attn.hook_q_rot"]\n'
              'c = trace.attn("encoder", 0).pattern  # the typed accessor\n')
    assert hook_names(source) == ["act_name", "hook_logits", ".self_attn.hook_q_rot"]
