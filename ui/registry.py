"""Every page of the app, once: navigation, the keystroke route, the pretrained-model pages, the tests and the
benchmarks read this list (tests/app/test_registry.py fails for a file in pages/ that is not in it).

A live page's entry holds its chart builder itself (ui/views/<page>.py's `charts`), so a reader or a call-graph tool
follows a keystroke from ui/route.py through here into ui/views and model/. Importing it imports every views module
and so the model stack, which a script run needs anyway: the server imports it in a thread at start-up and reads the
page list from it for the first page's HTML (ui/server.py), never before it answers.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from model.trace import Trace
from ui.view import Element, View
from ui.views import (
    add_norm,
    after_2017,
    bert_gpt,
    decoding,
    embeddings,
    findings,
    kv_cache,
    lab_knockout,
    lab_pairs,
    lab_timeline,
    masks,
    multi_head,
    overview,
    paper,
    playground,
    positions,
    self_attention,
    sliding_window,
    tour,
    training,
    trust,
)

ALL_FAMILIES = ("marian", "bert", "gpt2")  # the pretrained model families (model/pretrained/load.py)
Charts = Callable[[Trace, View], list[Element]]  # a page's chart elements, as the page draws them


@dataclass(frozen=True)
class Page:
    """One page: pages/<path>.py at URL /<path>, titled by the catalogue's "nav.<path>"."""

    path: str
    icon: str
    charts: Charts | None = None  # its chart builder if the keystroke route draws it while the user types
    families: tuple[str, ...] = ()  # the pretrained model families it can show (none: the built-in models only)

    @property
    def file(self) -> str:
        """The page's script, relative to the app's folder."""
        return f"pages/{self.path}.py"

    @property
    def live(self) -> bool:
        """True if the keystroke route draws its charts while the user types."""
        return self.charts is not None


PAGES: tuple[Page, ...] = (
    Page("overview", ":material/account_tree:", overview.charts, ALL_FAMILIES),
    Page("tour", ":material/school:", tour.charts),
    Page("embeddings", ":material/waves:", embeddings.charts),
    Page("self_attention", ":material/grid_on:", self_attention.charts, ALL_FAMILIES),
    Page("multi_head", ":material/view_module:", multi_head.charts, ALL_FAMILIES),
    Page("masks", ":material/visibility_off:", masks.charts),
    Page("decoding", ":material/translate:", decoding.charts, ("marian",)),
    Page("training", ":material/model_training:", training.charts),
    Page("add_norm", ":material/functions:", add_norm.charts),
    Page("paper", ":material/description:", paper.charts),
    Page("bert_gpt", ":material/compare_arrows:", bert_gpt.charts, ALL_FAMILIES),
    Page("notes", ":material/rule:", findings.every_chart),
    Page("playground", ":material/edit:", playground.charts),
    Page("lab_timeline", ":material/timeline:", lab_timeline.charts),
    Page("lab_knockout", ":material/block:", lab_knockout.charts),
    Page("lab_pairs", ":material/compare:", lab_pairs.charts),
    Page("trust", ":material/fact_check:", trust.charts),
    Page("after_2017", ":material/bolt:", after_2017.charts),
    Page("kv_cache", ":material/memory:", kv_cache.charts),
    Page("sliding_window", ":material/width:", sliding_window.charts),
    Page("positions", ":material/rotate_right:", positions.charts),
    Page("pretrained", ":material/hub:", families=ALL_FAMILIES),
    Page("export", ":material/download:"),
)
BY_PATH: dict[str, Page] = {page.path: page for page in PAGES}
PATHS: tuple[str, ...] = tuple(BY_PATH)
