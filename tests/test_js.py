"""The browser code's pure functions (ui/static: decode, colour, format, the heatmap's cell text, curves, wirings)
under `node --test` (tests/js). Without node the test skips, saying so; in CI (CI=true) it fails."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = sorted((Path(__file__).resolve().parent / "js").glob("*.test.mjs"))


def node() -> str | None:
    """Debian's node (package nodejs), if installed."""
    return shutil.which("node") or shutil.which("nodejs")


def test_the_pure_js_modules_pass_their_node_tests():
    if not node():
        if os.environ.get("CI"):
            pytest.fail("CI must run the JS unit tests: install Debian's nodejs (see .ci/run)")
        pytest.skip("node not found: apt-get install -y nodejs")
    assert JS_TESTS, "tests/js holds the node tests"
    done = subprocess.run([node(), "--test", *map(str, JS_TESTS)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
