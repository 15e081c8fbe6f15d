"""AppTest helpers: run app.py (the shell) on a page with URL parameters, read the charts it drew."""
import dataclasses
import functools
import json
import struct
import typing
from pathlib import Path

import numpy as np
import pytest
from streamlit.components.v2 import manifest_scanner
from streamlit.testing.v1 import AppTest

from model.checkpoint import trained_alike
from ui.registry import PATHS

# Each AppTest's first run looks for Streamlit components in every installed distribution's metadata (~650 of them,
# 1–3 s, most of a page test's time); the installed packages do not change during the tests, so the scan runs once
# per test process and every AppTest registers what it found (a server, too, scans once for all its sessions).
manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)

APP = str(Path(__file__).resolve().parents[2] / "app.py")
# pages with fewer than three figures (the rest is tables and text; the training-timeline lab draws the curves and a
# grid per twin: en-zh alone while its sibling is not trained alike)
MIN_CHARTS = {"lab_knockout": 1, "paper": 2, "bert_gpt": 2,
              "lab_timeline": 3 if trained_alike("en-zh", "en-zh-unguided") else 2}
# every registered page but those with tests of their own: the tour (test_tour.py: its charts are one step's),
# Export (test_export.py: downloads, no charts) and Pretrained (test_pretrained_pages.py: needs a loaded model)
OWN_TESTS = ("tour", "export", "pretrained")
PAGES = [path for path in PATHS if path not in OWN_TESTS]


def open_page(page: str, **params) -> AppTest:
    """Run the app shell once (so st.navigation is in charge), then the page, with query parameters."""
    at = AppTest.from_file(APP, default_timeout=90)
    for key, value in params.items():
        at.query_params[key] = str(value)
    at.run()
    assert not at.exception, [e.message for e in at.exception]  # the first run (the session's first) is clean too
    at.switch_page(f"pages/{page}.py").run()
    return at


def with_demos_open(at: AppTest) -> AppTest:
    """The page run again with every finding's box that runs the model on demand opened (ui/notes.on_request)."""
    from ui.notes_demos import ON_REQUEST

    for key in ON_REQUEST:
        at.session_state[f"demo_{key}"] = True
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def payloads(at: AppTest) -> list[dict]:
    """Each chart element's binary payload, read independently of viz.wire: header fields, NumPy arrays in place."""
    out = []
    for el in at.get("bidi_component"):
        if el.proto.component_name != "attention_lab_chart":
            continue
        raw = el.proto.bytes
        assert raw[:4] == b"ALC1", "the chart element receives bytes, not JSON"
        (n,) = struct.unpack("<I", raw[4:8])
        header, base = json.loads(raw[8:8 + n]), 8 + n
        arrays = [np.frombuffer(raw, dtype={"f4": "<f4", "u1": "u1"}[a["dtype"]], offset=base + a["offset"],
                                count=int(np.prod(a["shape"]))).reshape(a["shape"]) for a in header["arrays"]]
        header["charts"] = [resolve(c, arrays) for c in header["charts"]]
        out.append(header)
    return out


def resolve(value, arrays):
    """Array references {"array": i} replaced by the arrays."""
    if isinstance(value, dict):
        if value.keys() == {"array"}:
            return arrays[value["array"]]
        return {k: resolve(v, arrays) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, arrays) for v in value]
    return value


def rebuild(cls, data):
    """A viz spec dataclass from its decoded fields (nested dataclasses and tuples too)."""
    hints = typing.get_type_hints(cls)
    return cls(**{f.name: build(hints[f.name], data[f.name]) for f in dataclasses.fields(cls)})


def build(hint, value):
    """A decoded value as the type its spec field declares."""
    if dataclasses.is_dataclass(hint):
        return rebuild(hint, value)
    if typing.get_origin(hint) is tuple:
        inner = typing.get_args(hint)[0]
        return tuple(build(inner, v) for v in value)
    if hint is np.ndarray and value.dtype == np.uint8:
        return value.astype(bool)
    return value


def element_specs(at: AppTest) -> list:
    """Every chart the in-place element received, as viz spec objects."""
    from viz.spec import SPECS

    kinds = {cls.kind: cls for cls in SPECS}
    out = []
    for header in payloads(at):
        for chart in header["charts"]:
            out.append(rebuild(kinds[chart["kind"]], chart))
    return out


def specs(at: AppTest) -> list[dict]:
    """Every chart on the page as a Plotly figure dict, whichever renderer drew it: the in-place element's specs
    through viz.plotly.to_plotly (what an export or the naive page draws from the same spec)."""
    from viz.plotly import to_plotly

    inplace = [to_plotly(c).to_dict() for c in element_specs(at)]
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
