"""Plotly figures drawn by a small Components-v2 element that updates the same chart in place (Plotly.react).

`st.plotly_chart` derives a chart's identity from its data, so every keystroke re-creates each chart from
scratch (layout, axes, modebar), which costs ~25–40 ms of browser time per chart. This element keeps one
graph div per key and calls `Plotly.react` with the new figure: zoom (uirevision), hover and the PNG button
survive, and only what changed is redrawn. plotly.js itself is the copy shipped inside the installed `plotly`
package, served once by Streamlit's component file route and cached by the browser.
"""
from __future__ import annotations

from pathlib import Path

import plotly
import streamlit as st
import streamlit.components.v1 as components_v1
from streamlit import config

PLOTLY_DIR = Path(plotly.__file__).resolve().parent / "package_data"

JS = r"""
const loadPlotly = (src) => window.__attentionLabPlotly ??= new Promise((resolve, reject) => {
  if (window.Plotly) return resolve(window.Plotly);
  const script = document.createElement("script");
  script.src = src;
  script.onload = () => resolve(window.Plotly);
  script.onerror = () => reject(new Error("plotly.js could not be loaded from " + src));
  document.head.appendChild(script);
});

export default function ({ parentElement, data }) {
  let gd = parentElement.querySelector(".al-plot");
  if (!gd) {
    gd = document.createElement("div");
    gd.className = "al-plot";
    gd.style.width = "100%";
    parentElement.appendChild(gd);
  }
  const fig = JSON.parse(data.spec);
  gd.__latest = fig;
  loadPlotly(data.src).then((Plotly) => {
    if (gd.__latest !== fig) return;  // a newer figure arrived while plotly.js loaded
    return Plotly.react(gd, fig.data, fig.layout, data.config);
  });
}
"""

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
