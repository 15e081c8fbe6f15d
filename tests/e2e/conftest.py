"""Fixtures for browser tests: a running app and a Chromium browser; skip (or, in CI, fail) without Chromium."""
import os

import pytest

from benchmarks.harness import CHROMIUM_ARGS, chromium_path, launch, no_cjk_fontconfig, streamlit_server


def pytest_collection_modifyitems(config, items):
    """Skip e2e tests when Chromium is missing on a developer machine; in CI that is an error."""
    if chromium_path():
        return
    if os.environ.get("CI"):
        raise pytest.UsageError("CI must run the browser tests: install Debian's chromium (see .ci/run)")
    skip = pytest.mark.skip(reason="Chromium not found at /usr/bin/chromium: apt-get install -y chromium")
    for item in items:
        if "e2e" in item.nodeid:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def app_server(tmp_path_factory):
    """One app server shared by the e2e session (of each test worker): (base URL, its log file, its process)."""
    log = tmp_path_factory.mktemp("app") / "streamlit.log"
    with streamlit_server(log=log) as (url, proc):
        yield url, log, proc


@pytest.fixture(scope="session")
def app_url(app_server):
    """Base URL of the session's app server."""
    return app_server[0]


@pytest.fixture(scope="session")
def browser():
    """One Chromium for the session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    """A fresh context and page that records console errors and dialogs."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    pg.errors, pg.dialogs = [], []
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))
    yield pg
    context.close()


@pytest.fixture(scope="session")
def bare_browser(browser, tmp_path_factory):
    """A second Chromium (from the session's Playwright) that sees no CJK font at all, launched once for the session
    (test_fonts.py and test_ordinary_use.py each started one per worker)."""
    env = no_cjk_fontconfig(tmp_path_factory.mktemp("fontconfig"))
    bare = browser.browser_type.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, env=os.environ | env)
    yield bare
    bare.close()
