"""Every page of the app, once: navigation, the keystroke route, the pretrained-model pages, the tests and the
benchmarks read this list (tests/app/test_registry.py fails for a file in pages/ that is not in it).

A live page's entry holds its chart builder itself (ui/views/<page>.py's `elements`), so a reader or a call-graph tool
follows a keystroke from ui/route.py through here into ui/views and model/. Importing it imports every views module
and so the model stack, which a script run needs anyway: the server imports it in a thread at start-up and reads the
page list from it for the first page's HTML (ui/server.py), never before it answers.
"""
from __future__ import annotations

from dataclasses import dataclass

from ui.payload import Elements
from ui.views import (
    add_norm,
    after_2017,
    before_2017,
    bert_gpt,
    decoding,
    embeddings,
    kv_cache,
    lab_knockout,
    lab_pairs,
    lab_timeline,
    masks,
    multi_head,
    notes,
    overview,
    paper,
    patches,
    playground,
    positions,
    self_attention,
    sliding_window,
    tour,
    training,
    trust,
)

ALL_FAMILIES = ("marian", "bert", "gpt2")  # the pretrained model families (model/pretrained/load.py)


@dataclass(frozen=True)
class Page:
    """One page: pages/<path>.py at URL /<path>, titled by the catalogue's "nav.<path>"."""

    path: str
    icon: str
    elements: Elements | None = None  # its chart builder if the keystroke route draws it while the user types
    families: tuple[str, ...] = ()  # the pretrained model families it can show (none: the built-in models only)
    sentence: bool = True  # its charts read the typed sentence's trace (False: its own input, e.g. a drawing)

    @property
    def file(self) -> str:
        """The page's script, relative to the app's folder."""
        return f"pages/{self.path}.py"

    @property
    def live(self) -> bool:
        """True if the keystroke route draws its charts while the user types."""
        return self.elements is not None


PAGES: tuple[Page, ...] = (
    Page("overview", ":material/account_tree:", overview.elements, ALL_FAMILIES),
    Page("tour", ":material/school:", tour.elements),
    Page("embeddings", ":material/waves:", embeddings.elements),
    Page("before_2017", ":material/history:", before_2017.elements),
    Page("self_attention", ":material/grid_on:", self_attention.elements, ALL_FAMILIES),
    Page("multi_head", ":material/view_module:", multi_head.elements, ALL_FAMILIES),
    Page("masks", ":material/visibility_off:", masks.elements),
    Page("decoding", ":material/translate:", decoding.elements, ("marian",)),
    Page("training", ":material/model_training:", training.elements),
    Page("add_norm", ":material/functions:", add_norm.elements),
    Page("paper", ":material/description:", paper.elements),
    Page("bert_gpt", ":material/compare_arrows:", bert_gpt.elements, ALL_FAMILIES),
    Page("notes", ":material/rule:", notes.elements),
    Page("playground", ":material/edit:", playground.elements),
    Page("lab_timeline", ":material/timeline:", lab_timeline.elements),
    Page("lab_knockout", ":material/block:", lab_knockout.elements),
    Page("lab_pairs", ":material/compare:", lab_pairs.elements),
    Page("trust", ":material/fact_check:", trust.elements),
    Page("after_2017", ":material/bolt:", after_2017.elements),
    Page("kv_cache", ":material/memory:", kv_cache.elements),
    Page("sliding_window", ":material/width:", sliding_window.elements),
    Page("positions", ":material/rotate_right:", positions.elements),
    Page("patches", ":material/draw:", patches.elements, sentence=False),
    Page("pretrained", ":material/hub:", families=ALL_FAMILIES),
    Page("export", ":material/download:"),
)
BY_PATH: dict[str, Page] = {page.path: page for page in PAGES}
PATHS: tuple[str, ...] = tuple(BY_PATH)
