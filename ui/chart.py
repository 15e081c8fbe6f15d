"""The app's chart element (Components v2, see chart.js): one element per key, updated in place.

`st.plotly_chart` derives a chart's identity from its data, so every keystroke re-creates each chart from
scratch. This element keeps its DOM per key. Simple heatmaps (most figures) are drawn on a <canvas> in ~1 ms
with token labels, cell values, grey "−∞" masks, a colour bar, hover tooltips and a PNG button; other figures
(grids, bars, head views) go through `Plotly.react`, which keeps zoom (uirevision), hover and the modebar.
plotly.js is the copy shipped inside the installed `plotly` package, served by Streamlit's component file route.
"""
from __future__ import annotations

import json
from pathlib import Path

import streamlit as st
import streamlit.components.v1 as components_v1
from streamlit import config

from ui import fonts
from viz.style import PLOTLY_JS

STATIC_DIR = Path(__file__).resolve().parent / "static"

# Components v2 sends an element's js_content with every rerun of every element, so it is only a loader:
# the chart code (static/chart.js) is fetched once, as a module, from the component file route.
LOADER = """
const chart = import(new URL(%s, window.location.origin).href);
export default function (args) { return chart.then((m) => m.default(args)); }
"""

def asset_url(name: str, directory: Path, filename: str) -> str:
    """URL of a file served by Streamlit's component route from `directory` (registered once), versioned by a hash
    of its bytes (?v=…): a proxy may cache it for a year, and a changed file gets a new URL."""
    asset = components_v1.declare_component(name, path=str(directory))
    base = config.get_option("server.baseUrlPath").strip("/")
    version = fonts.version(directory / filename)
    return ("/" + base if base else "") + f"/component/{asset.name}/{filename}?v={version}"


@st.cache_resource(show_spinner=False)
def urls() -> tuple[str, str, str]:
    """(chart.js, plotly.min.js, font) URLs: plotly.js is the copy inside the installed plotly package."""
    return (asset_url("chart_js", STATIC_DIR, "chart.js"), asset_url("plotly_js", PLOTLY_JS.parent, PLOTLY_JS.name),
            asset_url("chart_js", STATIC_DIR, fonts.FILE.name))


@st.cache_resource(show_spinner=False)
def element():
    """The registered chart element (its js is the small loader)."""
    return st.components.v2.component("attention_lab_chart", js=LOADER % json.dumps(urls()[0]), isolate_styles=False)


def draw(spec_json: str, plot_config: dict, key: str) -> None:
    """Draw a figure given as Plotly JSON (from fig.to_json()) under a stable key."""
    element()(data={"spec": spec_json, "config": plot_config, "src": urls()[1], "font": urls()[2]}, key=key,
              width="stretch")
