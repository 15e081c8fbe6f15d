"""The README's first ten minutes: a Python version and a venv line, then two commands (one installs and runs the app,
one installs and runs the tests) that take PyTorch's CPU build of torch, the test command as CI and docs/testing.md
run it, and a presenter-view screenshot that is in the repository and small."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CPU_TORCH = "python -m pip install --index-url https://download.pytorch.org/whl/cpu torch=="


def commands(markdown: str) -> list[str]:
    """The lines of every bash block."""
    return [line for block in re.findall(r"```bash\n(.*?)```", markdown, re.S) for line in block.splitlines()]


def test_the_readme_says_which_python_and_how_to_make_its_environment():
    assert re.search(r"Python 3\.11 or newer", README)
    assert 'requires-python = ">=3.11"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert commands(README)[0] == "python3 -m venv .venv && . .venv/bin/activate"


def test_two_commands_take_torch_from_the_cpu_index_first_one_runs_the_app_one_the_tests():
    pin = next(line for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
               if line.startswith("torch=="))
    torch = f"{CPU_TORCH}{pin.removeprefix('torch==')} && "
    assert [c for c in commands(README) if "pip install" in c] == [
        torch + "python -m pip install -r requirements.txt && streamlit run app.py",
        torch + "python -m pip install -r requirements-dev.txt && python -m pytest -q"]
    assert "../shared" not in README, "a fresh clone has nothing outside the repository"


def test_ci_and_the_testing_doc_run_the_readme_test_command():
    test = [c for c in commands(README) if "pytest" in c][0]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test.replace("pip install ", "pip install -q ") in ci.splitlines()
    assert test in commands((ROOT / "docs" / "testing.md").read_text(encoding="utf-8"))


def test_the_screenshot_of_presenter_view_ships_and_is_small():
    (image,) = re.findall(r"!\[[^\]]*\]\((docs/[^)]+\.png)\)", README)
    data = (ROOT / image).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 300_000
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1280, 720), "a projector's screen, as presenter view is tested"
