"""The tour's chapter From words to patches: the shipped digits ViT (model/vit.py, the page of that name) on a fixed
sample digit drawn in the browser (the tour has no canvas): its 16 patch tokens, and [CLS]'s attention over them with
the Self-attention step's q·k/√d_k and softmax, and its rollout (Abnar & Zuidema 2020)."""
from __future__ import annotations

import functools
import math

import numpy as np

from lesson.tour.common import HEAD, Chart, TourStep, Translate, lines, num, prob, tok, vec, words
from model.ink import to_image
from model.trace import Trace
from model.vit import ViTTrace, data_record, load_vit, rollout, trace_image
from viz.heatmap import matrix_heatmap


@functools.cache
def sample() -> ViTTrace:
    """The page's first sample digit through the shipped ViT, run once."""
    return trace_image(load_vit(), to_image(data_record()["samples"][0]["ink"]))


def patch_tokens(tr: ViTTrace) -> np.ndarray:
    """(n_patches, P²) the image's patches row by row, each patch's pixels row by row (ink 0–16)."""
    cfg = tr.config
    p, g = cfg.patch_size, cfg.grid
    return (tr.image * 16.0).reshape(g, p, g, p).transpose(0, 2, 1, 3).reshape(cfg.n_patches, p * p)  # (16, 4)


def cls_rollout(tr: ViTTrace) -> np.ndarray:
    """(grid, grid) rollout's [CLS] row over the patches, laid out as they sit in the image."""
    g = tr.config.grid
    return rollout(tr.pattern)[0, 1:].reshape(g, g)  # (g, g)


# ---------------------------------------------------------------- patch tokens


def fig_patches(trace: Trace, t: Translate) -> Chart:
    """The sample digit's 16 patches as tokens: one row of P² pixels each."""
    tr = sample()
    p = tr.config.patch_size
    return matrix_heatmap(patch_tokens(tr), [f"p{i}" for i in range(tr.config.n_patches)],
                          [f"({r},{c})" for r in range(p) for c in range(p)], kind="raw",
                          title=t("vit.fig_tokens", p=p), row_title=t("vit.patch_token"),
                          col_title=t("vit.pixel_in_patch"), decimals=0, words=words(t))


def tex_patches(trace: Trace) -> str:
    """Eq. 1 of the ViT paper with this model's sizes and the sample's inkiest patch written out."""
    tr = sample()
    cfg = tr.config
    i = int(patch_tokens(tr).sum(axis=1).argmax())
    n, p = cfg.image_size, cfg.patch_size
    return lines(rf"x \in \mathbb{{R}}^{{{n}\times{n}}} \to x_p^1, \ldots, x_p^{{{cfg.n_patches}}} "
                 rf"\in \mathbb{{R}}^{{{cfg.patch_dim}}}\ \ ({p}\times{p}),\quad "
                 rf"x_p^{{{i + 1}}}\ ({tok(f'p{i}')}) = {vec(patch_tokens(tr)[i] / 16.0)}",
                 rf"z_0 = [x_{{\mathrm{{class}}}};\ x_p^1 E;\ \ldots;\ x_p^{{{cfg.n_patches}}} E] + E_{{pos}} "
                 rf"\in \mathbb{{R}}^{{{cfg.n_patches + 1}\times{cfg.d_model}}},\quad "
                 rf"E \in \mathbb{{R}}^{{{cfg.patch_dim}\times{cfg.d_model}}}")


PATCHES = TourStep("vit_patches", fig_patches, tex_patches)


# ---------------------------------------------------------------- [CLS] attention


def fig_cls(trace: Trace, t: Translate) -> Chart:
    """Rollout's [CLS] row over the sample's 4×4 patches."""
    tr = sample()
    g = tr.config.grid
    return matrix_heatmap(cls_rollout(tr), [str(r) for r in range(g)], [str(c) for c in range(g)], kind="raw",
                          title=t("vit.fig_rollout"), row_title=t("vit.patch_row"), col_title=t("vit.patch_col"),
                          decimals=3, words=words(t))


def tex_cls(trace: Trace) -> str:
    """The last layer's [CLS] query against the patch the followed head weighs most: q·k, ÷√d_k, its softmax weight,
    its rollout and the prediction."""
    tr = sample()
    cfg = tr.config
    last = cfg.N - 1
    j = int(tr.pattern[last, HEAD, 0, 1:].argmax()) + 1  # token index of that patch ([CLS] is 0)
    raw = float(tr.scores[last, HEAD, 0, j])
    digit = int(tr.probs.argmax())
    return lines(rf"\frac{{q_{{\mathrm{{CLS}}}} \cdot k_{{p{j - 1}}}}}{{\sqrt{{d_k}}}} = "
                 rf"\frac{{{num(raw)}}}{{\sqrt{{{cfg.d_k}}}}} = {num(raw / math.sqrt(cfg.d_k))},\quad "
                 rf"\alpha = \mathrm{{softmax}}_j = {prob(tr.pattern[last, HEAD, 0, j])}\ \ "
                 rf"(\ell = {last},\ \mathrm{{head}}\ {HEAD})",
                 rf"\tilde{{A}} = \prod_{{\ell}} \tfrac12(\bar{{A}}_\ell + I),\quad "
                 rf"\tilde{{A}}_{{\mathrm{{CLS}},\,p{j - 1}}} = {num(cls_rollout(tr).ravel()[j - 1], 3)},\quad "
                 rf"P(y = {digit}) = {prob(tr.probs[digit])}")


CLS = TourStep("vit_cls", fig_cls, tex_cls)

CHAPTER: tuple[TourStep, ...] = (PATCHES, CLS)
