"""AppTest helpers: run app.py (the shell) on a page with URL parameters, read the Plotly specs it drew."""
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "app.py")
# pages with fewer than three figures (the rest is tables and text)
MIN_CHARTS = {"lab_knockout": 1, "paper": 2, "bert_gpt": 2}
PAGES = ["overview", "embeddings", "self_attention", "multi_head", "masks", "decoding", "add_norm", "playground",
         "lab_timeline", "lab_knockout", "lab_pairs", "paper", "bert_gpt", "notes"]


def open_page(page: str, **params) -> AppTest:
    """Run the app shell once (so st.navigation is in charge), then the page, with query parameters."""
    at = AppTest.from_file(APP, default_timeout=90)
    for key, value in params.items():
        at.query_params[key] = str(value)
    at.run()
    at.switch_page(f"pages/{page}.py").run()
    return at


def specs(at: AppTest) -> list[dict]:
    """Every Plotly figure on the page as a dict, whichever renderer drew it."""
    inplace = [json.loads(json.loads(el.proto.json)["spec"]) for el in at.get("bidi_component")
               if el.proto.component_name == "attention_lab_chart"]
    return inplace + [json.loads(el.proto.spec) for el in at.get("plotly_chart")]


def by_title(at: AppTest) -> dict[str, dict]:
    """Plotly figures keyed by their title text."""
    out = {}
    for spec in specs(at):
        title = spec["layout"].get("title", {}).get("text", "")
        out[title] = spec
    return out


def ticktext(spec: dict, axis: str = "yaxis") -> list[str]:
    """Tick labels of an axis."""
    return spec["layout"][axis]["ticktext"]


@pytest.fixture
def page():
    """The open_page helper as a fixture."""
    return open_page


def array(obj):
    """A Plotly data array as NumPy: plain nested lists or Plotly's typed {dtype, bdata, shape} encoding."""
    import base64

    import numpy as np

    if isinstance(obj, dict) and "bdata" in obj:
        flat = np.frombuffer(base64.b64decode(obj["bdata"]), dtype=np.dtype(obj["dtype"]))
        shape = obj.get("shape")
        if isinstance(shape, str):
            shape = [int(s) for s in shape.split(",")]
        return flat.reshape(shape) if shape else flat
    return np.array(obj, dtype=object if obj and isinstance(_first(obj), str) else float)


def _first(obj):
    """First scalar of a nested list."""
    while isinstance(obj, list) and obj:
        obj = obj[0]
    return obj
