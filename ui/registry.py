"""Every page of the app, once: navigation, the keystroke route, the pretrained-model pages, the tests and the
benchmarks read this list (tests/app/test_registry.py fails for a file in pages/ that is not in it).

Importing it loads nothing else of the app, so the server (app.py before its first run) can read it cheaply; a
page's chart builder is named as "module:function" and imported only when the keystroke route first asks for it.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

ALL_FAMILIES = ("marian", "bert", "gpt2")  # the pretrained model families (model/pretrained/load.py)


@dataclass(frozen=True)
class Page:
    """One page: pages/<path>.py at URL /<path>, titled by the catalogue's "nav.<path>"."""

    path: str
    icon: str
    charts: str = ""  # "module:function", (trace, View) -> the chart elements, as the page draws them; "": reruns only
    families: tuple[str, ...] = ()  # the pretrained model families it can show (none: the built-in models only)

    @property
    def file(self) -> str:
        """The page's script, relative to the app's folder."""
        return f"pages/{self.path}.py"

    @property
    def live(self) -> bool:
        """True if the keystroke route draws its charts while the user types."""
        return bool(self.charts)

    def chart_builder(self) -> Callable:
        """The function building its chart elements (imported on first use)."""
        return _resolve(self.charts)


@cache
def _resolve(name: str) -> Callable:
    """The function a "module:function" name stands for."""
    module, function = name.split(":")
    return getattr(importlib.import_module(module), function)


PAGES: tuple[Page, ...] = (
    Page("overview", ":material/account_tree:", "ui.views.overview:charts", ALL_FAMILIES),
    Page("tour", ":material/school:", "ui.views.tour:charts"),
    Page("embeddings", ":material/waves:", "ui.views.embeddings:charts"),
    Page("self_attention", ":material/grid_on:", "ui.views.self_attention:charts", ALL_FAMILIES),
    Page("multi_head", ":material/view_module:", "ui.views.multi_head:charts", ALL_FAMILIES),
    Page("masks", ":material/visibility_off:", "ui.views.masks:charts"),
    Page("decoding", ":material/translate:", "ui.views.decoding:charts", ("marian",)),
    Page("add_norm", ":material/functions:", "ui.views.add_norm:charts"),
    Page("paper", ":material/description:", "ui.views.paper:charts"),
    Page("bert_gpt", ":material/compare_arrows:", "ui.views.bert_gpt:charts", ALL_FAMILIES),
    Page("notes", ":material/rule:", "ui.views.panels:every_chart"),
    Page("playground", ":material/edit:", "ui.views.playground:charts"),
    Page("lab_timeline", ":material/timeline:", "ui.views.lab_timeline:charts"),
    Page("lab_knockout", ":material/block:", "ui.views.lab_knockout:charts"),
    Page("lab_pairs", ":material/compare:", "ui.views.lab_pairs:charts"),
    Page("after_2017", ":material/bolt:", "ui.views.after_2017:charts"),
    Page("kv_cache", ":material/memory:", "ui.views.kv_cache:charts"),
    Page("sliding_window", ":material/width:", "ui.views.sliding_window:charts"),
    Page("positions", ":material/rotate_right:", "ui.views.positions:charts"),
    Page("pretrained", ":material/hub:", families=ALL_FAMILIES),
    Page("export", ":material/download:"),
)
BY_PATH: dict[str, Page] = {page.path: page for page in PAGES}
PATHS: tuple[str, ...] = tuple(BY_PATH)
