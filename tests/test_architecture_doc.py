"""docs/architecture.md names only files that exist: every `path/like.this` in backticks and every link."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
CODE = re.compile(r"`([^`\s]+)`")
LINK = re.compile(r"\]\(([^)#]+)(?:#[^)]*)?\)")
FILE = re.compile(r"^[\w./-]+(\.(py|js|md|toml|json|woff2)|/)$")


def named_paths(text: str) -> set[str]:
    """The file and folder paths a Markdown text names in code spans (pytest node ids cut at '::')."""
    names = {m.split("::")[0] for m in CODE.findall(text)}
    return {n for n in names if FILE.match(n) and ("/" in n or n.endswith((".py", ".md", ".toml")))}


def test_every_file_the_architecture_names_exists():
    text = DOC.read_text(encoding="utf-8")
    missing = [p for p in sorted(named_paths(text)) if not (ROOT / p).exists() and not (DOC.parent / p).exists()]
    missing += [p for p in LINK.findall(text) if not (DOC.parent / p).exists()]
    assert not missing, f"docs/architecture.md names files that do not exist: {missing}"


def test_the_check_sees_a_missing_file():
    assert "ui/nowhere.py" in named_paths("the route (`ui/nowhere.py`) and `tests/x.py::test_y`")
    assert not (ROOT / "ui/nowhere.py").exists()
