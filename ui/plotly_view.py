"""The app's chart element (Components v2, see chart.js): one element per key, updated in place.

`st.plotly_chart` derives a chart's identity from its data, so every keystroke re-creates each chart from
scratch. This element keeps its DOM per key. Simple heatmaps (most figures) are drawn on a <canvas> in ~1 ms
with token labels, cell values, grey "−∞" masks, a colour bar, hover tooltips and a PNG button; other figures
(grids, bars, head views) go through `Plotly.react`, which keeps zoom (uirevision), hover and the modebar.
plotly.js is the copy shipped inside the installed `plotly` package, served by Streamlit's component file route.
"""
from __future__ import annotations

from pathlib import Path

import plotly
import streamlit as st
import streamlit.components.v1 as components_v1
from streamlit import config

PLOTLY_DIR = Path(plotly.__file__).resolve().parent / "package_data"

JS = (Path(__file__).with_name("chart.js")).read_text(encoding="utf-8")

_element = st.components.v2.component("attention_lab_plotly", js=JS, isolate_styles=False)


@st.cache_resource(show_spinner=False)
def plotly_js_url() -> str:
    """URL of the plotly.min.js that ships with the installed plotly package (registered once per process)."""
    asset = components_v1.declare_component("plotly_js", path=str(PLOTLY_DIR))
    base = config.get_option("server.baseUrlPath").strip("/")
    return ("/" + base if base else "") + f"/component/{asset.name}/plotly.min.js"


def plotly_view(spec_json: str, plot_config: dict, key: str) -> None:
    """Draw a figure given as Plotly JSON (from fig.to_json()) under a stable key."""
    _element(data={"spec": spec_json, "config": plot_config, "src": plotly_js_url()}, key=key, width="stretch")
