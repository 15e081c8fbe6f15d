"""The app's chart element (Components v2): one element per key, updated in place, holding one or more charts.

`st.plotly_chart` derives a chart's identity from its data, so every keystroke re-creates each chart from
scratch. This element keeps its DOM per key and receives its charts as ONE binary message (viz/wire.py: the specs'
fields as JSON, their arrays as float32 / uint8 bytes), drawn on <canvas> by ui/static/ (heatmaps, grids, bars,
bar panels, head views, arrows) with hover values, PNG / SVG / CSV buttons and readable labels. Curves (no canvas
drawing) travel as Plotly JSON from viz.plotly.to_plotly and are drawn with Plotly.react; plotly.js is
the copy inside the installed plotly package, served by Streamlit's component file route.
"""
from __future__ import annotations

import atexit
import hashlib
import json
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import streamlit as st
import streamlit.components.v1 as components_v1

from ui import first_load
from ui.live import base_path
from viz import fonts
from viz.plotly import PLOTLY_JS, to_plotly
from viz.spec import Arrows, BarPanels, Bars, Grid, HeadView, Heatmap
from viz.wire import pack

STATIC_DIR = Path(__file__).resolve().parent / "static"
CANVAS_KINDS = (Heatmap, Grid, Bars, BarPanels, HeadView, Arrows)
# a module specifier of static/*.js: `from "./x.js"`, `import "./x.js"`, `import("./x.js")`
IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\./[\w.-]+\.js)\2""")

# Components v2 sends an element's js_content with every rerun of every element, so it is only a loader:
# the chart code (static/chart.js and the modules it imports) is fetched once, as modules, from the file route.
LOADER = """
const chart = import(new URL(%s, window.location.origin).href);
export default function (args) { return chart.then((m) => m.default(args)); }
"""


@dataclass(frozen=True)
class PlotlyFigure:
    """A chart the element draws with Plotly: its title and to_plotly's figure."""

    kind: ClassVar[str] = "plotly"
    title: str
    figure: dict


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


@st.cache_resource(show_spinner=False)
def urls() -> tuple[str, str, str]:
    """(chart.js, plotly.min.js, font) URLs: chart.js and every module it imports carry one version over all the
    modules; plotly.js is the copy inside the installed plotly package. Pages preload the modules and the font."""
    directory, version = served_modules()
    modules = [module_url("chart_js", directory, path.name, version) for path in sorted(directory.glob("*.js"))]
    chart = next(url for url in modules if "/chart.js?" in url)
    font = asset_url("font", STATIC_DIR, fonts.FILE.name)
    first_load.preload(modules, font, fonts.page_css(font))  # every page's HTML asks for them from now on
    return chart, asset_url("plotly_js", PLOTLY_JS.parent, PLOTLY_JS.name), font


@st.cache_resource(show_spinner=False)
def element():
    """The registered chart element (its js is the small loader)."""
    return st.components.v2.component("attention_lab_chart", js=LOADER % json.dumps(urls()[0]), isolate_styles=False)


def drawable(spec, zoom: float):
    """The spec itself when the element draws its kind on canvas, else its Plotly figure."""
    if isinstance(spec, CANVAS_KINDS):
        return spec
    return PlotlyFigure(spec.title, to_plotly(spec, zoom=zoom).to_dict())  # the element carries the sentence


def payload(specs, names: list[str], *, sentence: str, zoom: float, columns: int, words: dict[str, str],
            live: str = "") -> bytes:
    """The element's binary message for these charts (`live`: the page's keystroke route, or "")."""
    _, plotly_src, font = urls()
    return pack([drawable(s, zoom) for s in specs], sentence=sentence, zoom=zoom, columns=columns, names=names,
                words=words, plotly_src=plotly_src, font=font, live=live)


def draw(data: bytes, key: str) -> None:
    """Show one chart element (its payload from `payload`) under a stable key."""
    element()(data=data, key=key, width="stretch")
