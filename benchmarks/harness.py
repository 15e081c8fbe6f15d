"""Run `streamlit run app.py` on a free localhost port and launch Debian's Chromium (for e2e tests and benchmarks)."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'


def chromium_path() -> str | None:
    """Path of Debian's Chromium, if installed."""
    return CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")


def free_port() -> int:
    """An unused TCP port on localhost."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, timeout: float) -> None:
    """Poll Streamlit's health endpoint until it answers ok."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as r:
                if r.read() == b"ok":
                    return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"streamlit did not answer at {url} within {timeout} s")


@contextmanager
def streamlit_server(env: dict | None = None, timeout: float = 60, log: Path | None = None, app_dir: Path = ROOT):
    """Run `app_dir`'s app (default: this checkout's) headless on a free port (its output into `log`, if given);
    yield (base URL, process)."""
    port = free_port()
    cmd = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
           "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"]
    out = open(log, "wb") if log else subprocess.DEVNULL  # noqa: SIM115 (closed below)
    proc = subprocess.Popen(cmd, cwd=app_dir, env=os.environ | (env or {}), stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, timeout)
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        if log:
            out.close()


def launch(playwright, env: dict | None = None):
    """Headless Debian Chromium with a fresh profile (never a downloaded browser)."""
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS,
                                      env=os.environ | env if env else None)


NO_CJK_FONTS = "/usr/share/fonts/truetype/dejavu"  # Debian's default fonts: Latin, Greek, Cyrillic, no Chinese


def no_cjk_fontconfig(directory: Path, fonts: str = NO_CJK_FONTS) -> dict:
    """Environment for a browser that sees only the fonts in `fonts`, as on a machine without fonts-noto-cjk:
    a fonts.conf (and its own cache) written into `directory`."""
    conf = directory / "fonts.conf"
    conf.write_text(f"""<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>{fonts}</dir><cachedir>{directory / "cache"}</cachedir></fontconfig>
""")
    return {"FONTCONFIG_FILE": str(conf)}
