"""The intended layering is a test: import-linter contracts in pyproject.toml (pages → ui → lesson → viz → model;
no Streamlit below ui; the model draws nothing; the app never imports the benchmarks, deploy or the build tools)."""
import ast
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def lint(config: Path, cwd: Path) -> subprocess.CompletedProcess:
    """Run import-linter on `config` from `cwd` (no cache, so every run reads the code)."""
    code = ("import sys; from importlinter.cli import lint_imports; "
            f"sys.exit(lint_imports(config_filename={str(config)!r}, no_cache=True, no_logo=True))")
    env = os.environ | {"PYTHONPATH": str(cwd)}
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_the_project_keeps_its_layers():
    result = lint(ROOT / "pyproject.toml", ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" not in result.stdout.lower().replace("0 broken", "")


def test_the_contracts_catch_a_violation(tmp_path):
    """The same contracts on a copy of the layout where model/ imports Streamlit and viz/ imports ui/ fail."""
    for package, body in {"pages": "", "ui": "", "lesson": "import streamlit\n", "viz": "import ui\n",
                          "model": "import streamlit\n", "benchmarks": "", "deploy": "", "tools": ""}.items():
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(body)
    (tmp_path / "streamlit").mkdir()  # a stand-in, so the import resolves without the real package
    (tmp_path / "streamlit" / "__init__.py").write_text("")
    config = tmp_path / "pyproject.toml"
    config.write_text((ROOT / "pyproject.toml").read_text())
    result = lint(config, tmp_path)
    assert result.returncode != 0
    assert "No Streamlit below ui BROKEN" in result.stdout
    assert "pages over ui over lesson over viz over model BROKEN" in result.stdout


def test_app_sits_on_top():
    """app.py (a script, so not in the contracts) imports no benchmark, and no module imports app."""
    tree = ast.parse((ROOT / "app.py").read_text())
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not any(m.split(".")[0] == "benchmarks" for m in imported)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    for package in config["root_packages"]:
        for path in (ROOT / package).rglob("*.py"):
            source = ast.parse(path.read_text())
            names = {a.name for n in ast.walk(source) if isinstance(n, ast.Import) for a in n.names}
            names |= {n.module for n in ast.walk(source) if isinstance(n, ast.ImportFrom) and n.module}
            assert "app" not in names, path
