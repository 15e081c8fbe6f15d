"""The app's chart element (Components v2): one element per key, updated in place, holding one or more charts.

`st.plotly_chart` derives a chart's identity from its data, so every keystroke re-creates each chart from
scratch. This element keeps its DOM per key and receives its charts as ONE binary message (viz/wire.py: the specs'
fields as JSON, their arrays as float32 / uint8 bytes), drawn on <canvas> by ui/static/ (heatmaps, grids, bars,
bar panels, head views, arrows, curves, wirings) with hover values, PNG / SVG / CSV buttons and readable labels.
"""
from __future__ import annotations

import atexit
import hashlib
import json
import re
import shutil
import tempfile
from pathlib import Path

import streamlit as st
import streamlit.components.v1 as components_v1

from ui import first_load
from ui.assets import component_js
from ui.live import base_path
from ui.shared import per_process
from viz import fonts
from viz.wire import pack

STATIC_DIR = Path(__file__).resolve().parent / "static"
# a module specifier of static/*.js: `from "./x.js"`, `import "./x.js"`, `import("./x.js")`
IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\./[\w.-]+\.js)\2""")

LOADER = component_js("chart_loader")  # chart.js's URL goes in place of CHART_URL


def asset_url(name: str, directory: Path, filename: str) -> str:
    """URL of a file served by Streamlit's component route from `directory` (registered once), versioned by a hash
    of its bytes (?v=…): a proxy may cache it for a year, and a changed file gets a new URL."""
    asset = components_v1.declare_component(name, path=str(directory))
    version = fonts.version(directory / filename)
    return base_path() + f"/component/{asset.name}/{filename}?v={version}"


def modules_version(directory: Path) -> str:
    """One short hash over every module in `directory` (names and bytes): it changes when any module changes."""
    digest = hashlib.sha256()
    for path in sorted(directory.glob("*.js")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def versioned_modules(source: Path, target: Path) -> str:
    """Copy source's modules into target with every import of a sibling module carrying ?v=<modules_version>, so a
    browser or proxy can never mix an old module with a new one; return the version."""
    version = modules_version(source)
    for path in source.glob("*.js"):
        code = IMPORT.sub(lambda m: f"{m[1]}{m[2]}{m[3]}?v={version}{m[2]}", path.read_text(encoding="utf-8"))
        (target / path.name).write_text(code, encoding="utf-8")
    return version


def served_modules() -> tuple[Path, str]:
    """A private directory holding static/*.js as served (imports versioned), removed at exit; and the version."""
    target = Path(tempfile.mkdtemp(prefix="attention-lab-chart-"))
    atexit.register(shutil.rmtree, target, ignore_errors=True)
    return target, versioned_modules(STATIC_DIR, target)


def module_url(name: str, directory: Path, filename: str, version: str) -> str:
    """URL of a module served by Streamlit's component route from `directory`, with the modules' version."""
    asset = components_v1.declare_component(name, path=str(directory))
    return base_path() + f"/component/{asset.name}/{filename}?v={version}"


@per_process(1)
def urls() -> tuple[str, str]:
    """(chart.js, font) URLs: chart.js and every module it imports carry one version over all the modules. Pages
    preload the modules and the font, and draw their first chart with chart.js."""
    directory, version = served_modules()
    modules = [module_url("chart_js", directory, path.name, version) for path in sorted(directory.glob("*.js"))]
    chart = next(url for url in modules if "/chart.js?" in url)
    font = asset_url("font", STATIC_DIR, fonts.FILE.name)
    first_load.preload(modules, font, fonts.page_css(font), chart)  # every page's HTML asks for them from now on
    return chart, font


@per_process(1)
def element():
    """The registered chart element (its js is the small loader)."""
    js = LOADER.replace("CHART_URL", json.dumps(urls()[0]))
    return st.components.v2.component("attention_lab_chart", js=js, isolate_styles=False)


def payload(specs, names: list[str], *, sentence: str, zoom: float, columns: int, words: dict[str, str],
            live: str = "", widths: list[float] = ()) -> bytes:
    """The element's binary message for these charts (`live`: the page's keystroke route, or ""; `widths`: theirs
    side by side on a stage, relative, or none)."""
    return pack(specs, sentence=sentence, zoom=zoom, columns=columns, widths=list(widths), names=names, words=words,
                font=urls()[1], live=live)


def draw(data: bytes, key: str) -> None:
    """Show one chart element (its payload from `payload`) under a stable key."""
    element()(data=data, key=key, width="stretch")
