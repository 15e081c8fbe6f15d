"""The browser code of the app's own Streamlit components and page script, kept in ui/static/components/ (the chart
element's modules are ui/static/*.js, served as files; this code is handed to Streamlit or the page as text)."""
from __future__ import annotations

from pathlib import Path

COMPONENTS = Path(__file__).resolve().parent / "static" / "components"


def component_js(name: str) -> str:
    """The code of ui/static/components/<name>.js."""
    return (COMPONENTS / f"{name}.js").read_text(encoding="utf-8")
