"""From words to patches: the digits ViT's charts for the drawing and the view (no widgets: the page and the
keystroke route both build them here).

The input is the drawing (View.ink, model/ink.py) and the occluded patches (View.occlude), not the sentence: the
trace the route and the page pass in is not read."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import torch

from model.explain import QueryWalkthrough, query_walkthrough
from model.ink import to_image
from model.trace import Trace
from model.vit import ViT, ViTTrace, load_vit, mean_distance, position_similarity, rollout, trace_image
from ui.shared import per_process
from ui.view import Element, View
from viz import style
from viz.bars import likeliest_bar
from viz.curves import line_chart
from viz.grid import attention_grid
from viz.heatmap import matrix_heatmap
from viz.spec import ColourMap

DIGITS = [str(d) for d in range(10)]


@per_process(1)
def vit() -> ViT:
    """The shipped digits ViT (checkpoints/vit-digits), loaded once per process."""
    torch.set_num_threads(1)
    return load_vit()


def occluded(hex_bits: str, n_patches: int) -> np.ndarray:
    """(n_patches,) bool from the view's hex bit row (patch i is bit i); anything not hex reads as none."""
    try:
        bits = int(hex_bits or "0", 16)
    except ValueError:
        bits = 0
    return np.array([(bits >> i) & 1 for i in range(n_patches)], dtype=bool)


@per_process(256)
def run(ink: str, occlude: str) -> ViTTrace:
    """The drawing (blank: an empty image) through the ViT, occluded patches' pixels set to 0."""
    model = vit()
    cfg = model.config
    image = to_image(ink)
    image = np.zeros((cfg.image_size, cfg.image_size), np.float32) if image is None else image  # (8, 8)
    p, g = cfg.patch_size, cfg.grid
    for i in np.flatnonzero(occluded(occlude, cfg.n_patches)):
        r, c = divmod(int(i), g)
        image[r * p:(r + 1) * p, c * p:(c + 1) * p] = 0.0
    return trace_image(model, image)


def within_vit(tr: ViTTrace, v: View) -> View:
    """The view with layer, head and query kept inside the ViT (query 0 is [CLS], 1 … 16 the patches)."""
    cfg = tr.config
    return v.within(layer=cfg.N - 1, head=cfg.h - 1, query=cfg.n_patches)


def token_names(tr: ViTTrace) -> list[str]:
    """[CLS], then p0 … p15 (row by row)."""
    return ["[CLS]"] + [f"p{i}" for i in range(tr.config.n_patches)]


def walk(tr: ViTTrace, v: View) -> QueryWalkthrough:
    """The query row of the view's token at its layer and head, step by step (the Self-attention page's walk)."""
    return query_walkthrough(tr.q[v.layer, v.head, v.query], tr.k[v.layer, v.head], tr.v[v.layer, v.head])


def patch_map(values: np.ndarray, g: int) -> np.ndarray:
    """(n_patches,) → (g, g) laid out as the patches sit in the image."""
    return np.asarray(values, dtype=np.float32).reshape(g, g)


def elements(trace: Trace | None, v: View) -> dict[str, Element]:
    """Every chart element of the page in the view, by section."""
    tr = run(v.ink, v.occlude)
    v = within_vit(tr, v)
    return {"input": input_element(tr, v), "probs": probs_element(tr, v), "cls": cls_element(tr, v),
            "rollout": rollout_element(tr, v), "position": position_element(v), "distance": distance_element(tr, v),
            "walk": walk_element(tr, v)}


def input_element(tr: ViTTrace, v: View) -> Element:
    """The 8×8 image the model reads (0–16 ink per cell) and its 16 patches as tokens, one row of 4 pixels each."""
    cfg = tr.config
    n, p, g = cfg.image_size, cfg.patch_size, cfg.grid
    counts = tr.image * 16.0  # (8, 8)
    gone = np.repeat(np.repeat(patch_map(occluded(v.occlude, cfg.n_patches), g), p, 0), p, 1).astype(bool)  # (8, 8)
    tokens = counts.reshape(g, p, g, p).transpose(0, 2, 1, 3).reshape(cfg.n_patches, p * p)  # (16, 4)
    pixels = [f"({r},{c})" for r in range(p) for c in range(p)]
    return Element([
        matrix_heatmap(counts, [str(r) for r in range(n)], [str(c) for c in range(n)], kind="raw", masked=gone,
                       title=v.t("vit.fig_input"), row_title=v.t("vit.pixel_row"), col_title=v.t("vit.pixel_col"),
                       decimals=0, grey=("×", v.t("vit.occluded")), words=v.words()),
        matrix_heatmap(tokens, token_names(tr)[1:], pixels, kind="raw", title=v.t("vit.fig_tokens", p=p),
                       row_title=v.t("vit.patch_token"), col_title=v.t("vit.pixel_in_patch"), decimals=0,
                       words=v.words())], "vit-input", ["vit-image", "vit-tokens"])


def probs_element(tr: ViTTrace, v: View) -> Element:
    """The ten classes' probabilities, the likeliest in the accent colour."""
    return Element([likeliest_bar(DIGITS, tr.probs, chosen=int(tr.probs.argmax()), title=v.t("vit.fig_probs"),
                                  given=v.t("vit.given"), words=v.words())], "vit-probs")


def cls_element(tr: ViTTrace, v: View) -> Element:
    """[CLS]'s attention over the 4×4 patches, for every layer (rows) and head (columns)."""
    cfg = tr.config
    g = cfg.grid
    maps = tr.pattern[:, :, 0, 1:].reshape(cfg.N, cfg.h, g, g)  # (N, h, g, g): [CLS]'s row, patches only
    rows, cols = [str(r) for r in range(g)], [str(c) for c in range(g)]
    return Element([attention_grid(maps, rows, cols, row_names=[f"L{i}" for i in range(cfg.N)],
                                   col_names=[f"h{i}" for i in range(cfg.h)], title=v.t("vit.fig_cls"),
                                   row_title=v.t("vit.patch_row"), col_title=v.t("vit.patch_col"),
                                   words=v.words())], "vit-cls")


def rollout_element(tr: ViTTrace, v: View) -> Element:
    """Rollout's [CLS] row over the patches beside the last layer's raw [CLS] row (heads averaged) and the picked
    layer and head's (the canvas tints the drawing by any one of them)."""
    cfg = tr.config
    g = cfg.grid
    rolled = rollout(tr.pattern)[0, 1:]  # (n_patches,)
    raw = tr.pattern[-1, :, 0, 1:].mean(axis=0)  # (n_patches,)
    head = tr.pattern[v.layer, v.head, 0, 1:]  # (n_patches,)
    rows, cols = [str(r) for r in range(g)], [str(c) for c in range(g)]
    axes = dict(kind="raw", row_title=v.t("vit.patch_row"), col_title=v.t("vit.patch_col"), decimals=3,
                words=v.words())
    return Element([matrix_heatmap(patch_map(rolled, g), rows, cols, title=v.t("vit.fig_rollout"), **axes),
                    matrix_heatmap(patch_map(raw, g), rows, cols, title=v.t("vit.fig_last", layer=cfg.N - 1), **axes),
                    matrix_heatmap(patch_map(head, g), rows, cols,
                                   title=v.t("vit.fig_head", layer=v.layer, head=v.head), **axes)],
                   "vit-rollout", ["vit-rollout", "vit-last", "vit-head"])


def position_element(v: View) -> Element:
    """Cosine similarity of each patch's learned position embedding with every other's (ViT Fig. 7 centre)."""
    model = vit()
    g = model.config.grid
    sim = position_similarity(model).reshape(g, g, g, g)  # (g, g, g, g): [row, col] of the patch, then the map
    labels = [str(i) for i in range(g)]
    grid = attention_grid(sim, labels, labels, row_names=[f"r{i}" for i in range(g)],
                          col_names=[f"c{i}" for i in range(g)], title=v.t("vit.fig_position"),
                          row_title=v.t("vit.patch_row"), col_title=v.t("vit.patch_col"), words=v.words())
    hover = f"{{name}}\n{v.t('vit.patch_row')}: {{row}}\n{v.t('vit.patch_col')}: {{col}}\ncos"
    return Element([replace(grid, colours=ColourMap(style.SIGNED_COLOURS, -1.0, 1.0, "cos"),
                            hover=hover + " = {value}")], "vit-position")


def distance_element(tr: ViTTrace, v: View) -> Element:
    """Mean attention distance in pixels of each head, by layer (ViT Fig. 7 right), for this drawing."""
    cfg = tr.config
    dist = mean_distance(tr.pattern, cfg.grid, cfg.patch_size)  # (N, h)
    chart = line_chart(np.arange(cfg.N), {f"h{i}": dist[:, i] for i in range(cfg.h)}, title=v.t("vit.fig_distance"),
                       x_title=v.t("vit.depth"), y_title=v.t("vit.distance"), decimals=2, height=340)
    repeat = len(style.SERIES_COLORS)  # the series colours repeat from this head on: its line is dashed
    lines = tuple(replace(line, dash="dash") if i >= repeat else line for i, line in enumerate(chart.lines))
    return Element([replace(chart, lines=lines)], "vit-distance")


def walk_element(tr: ViTTrace, v: View) -> Element:
    """One token's query row at the view's layer and head: q ⊙ k per key, and its softmax laid out over the patches."""
    w = walk(tr, v)
    names = token_names(tr)
    g = tr.config.grid
    dims = [f"d{i}" for i in range(tr.config.d_k)]
    tag = f"L{v.layer}-h{v.head}-q{v.query}"
    axes = [str(i) for i in range(g)]
    return Element([
        matrix_heatmap(w.products, names, dims, title=v.t("vit.fig_products", query=names[v.query]),
                       row_title=v.t("axis.key_token"), col_title=v.t("axis.dimension"), show_values=False,
                       words=v.words()),
        matrix_heatmap(patch_map(w.pattern[1:], g), axes, axes, kind="prob",
                       title=v.t("vit.fig_row", query=names[v.query], cls=f"{w.pattern[0]:.3f}"),
                       row_title=v.t("vit.patch_row"), col_title=v.t("vit.patch_col"), decimals=3,
                       words=v.words())], f"vit-walk-{tag}", [f"vit-products-{tag}", f"vit-row-{tag}"])
