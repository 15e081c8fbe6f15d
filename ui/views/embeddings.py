"""Embeddings & PE's charts for one trace and the view state (the page places `elements`' charts by key, the
keystroke route sends them all)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model.explain import pe_similarity
from model.positional import sinusoidal_encoding
from model.trace import Trace
from ui.view import Element, View
from ui.views import notes
from viz.heatmap import matrix_heatmap
from viz.positional import pe_heatmap


def sentence_element(trace: Trace, v: View) -> Element:
    """This sentence's token embeddings (× √d_model), their PE and the sum X, one chart per row."""
    source, d_model = trace.embedding("source"), trace.config.d_model
    dims = [f"d{i}" for i in range(d_model)]
    rows = [f"{i}: {tok}" for i, tok in enumerate(source.tokens)]
    axes = dict(row_title=v.t("axis.token"), col_title=v.t("axis.dimension"), show_values=False, col_ticks=16,
                words=v.words())
    return Element([matrix_heatmap(source.embed, rows, dims, title=v.t("emb.fig_embedding"), **axes),
                    pe_heatmap(source.pos_enc, rows, title=v.t("emb.fig_pe_tokens"), words=v.words()),
                    matrix_heatmap(source.x, rows, dims, title=v.t("emb.fig_x"), **axes)],
                   "sentence", ["emb", "pe-tokens", "x"], columns=1)


@dataclass(frozen=True)
class Explorer:
    """The PE explorer's sliders and the table they make."""

    d: int  # its d_model
    base: float
    length: int
    pe: np.ndarray  # (length, d)


def explorer(v: View) -> Explorer:
    """The explorer's PE for the view's d_model, base and length."""
    d, base, length = int(v.pe_d_model), float(v.pe_base), int(v.pe_length)
    return Explorer(d, base, length, sinusoidal_encoding(length, d, base))


def pe_element(e: Explorer, v: View) -> Element:
    """The whole PE table: position × dimension."""
    return Element([pe_heatmap(e.pe, list(range(e.length)), col_labels=[f"d{i}" for i in range(e.d)],
                               title=v.t("emb.fig_pe_full", length=e.length, d=e.d, base=f"{e.base:g}"),
                               words=v.words())],
                   "pe-full")


def similarity_element(e: Explorer, v: View) -> Element:
    """PE[i]·PE[j] for every pair of positions."""
    positions = list(range(e.length))
    return Element([matrix_heatmap(pe_similarity(e.pe), positions, positions, kind="raw",
                                   title=v.t("emb.fig_similarity"),
                                   row_title=v.t("axis.position"), col_title=v.t("axis.position"),
                                   hover_formula="PE[{row}]·PE[{col}]", show_values=False, col_ticks=32, row_ticks=32,
                                   words=v.words())], "pe-dot")



def elements(trace: Trace | None, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view: the sentence's (none without one), the PE explorer's and the
    findings'."""
    e = explorer(v)
    own = {"sentence": sentence_element(trace, v)} if trace is not None else {}
    return own | {"pe": pe_element(e, v), "similarity": similarity_element(e, v)} | notes.on_page(
        "embeddings", trace, v)
