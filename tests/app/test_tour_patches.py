"""The tour's chapter From words to patches: the last optional chapter, and its numbers recomputed here by a NumPy
forward pass of the shipped ViT's weights (read from vit.safetensors, not through model/vit.py) on the sample digit."""
import math

import numpy as np
import pytest
from safetensors.numpy import load_file

from lesson import catalogue
from lesson.tour import PATCHES, WITH_CHAPTER
from lesson.tour.patches import CLS
from lesson.tour.patches import PATCHES as TOKENS
from model.ink import to_image
from model.vit import VIT_DIR, data_record

D_MODEL, H, P = 48, 4, 2  # checkpoints/vit-digits/config.json


def t(key, **fields):
    """English messages."""
    return catalogue.lookup(key, "en", **fields)


@pytest.fixture(scope="module")
def image():
    """The page's first sample digit as the model reads it, (8, 8) in [0, 1]."""
    return to_image(data_record()["samples"][0]["ink"]).astype(np.float64)


def layer_norm(x, w, b):
    """LayerNorm over the last axis, ε = 1e-5."""
    mu, var = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * w + b


def gelu(x):
    """Exact GELU, x·Φ(x)."""
    return x * 0.5 * (1.0 + np.vectorize(math.erf)(x / math.sqrt(2.0)))


def numpy_vit(image):
    """(scores, patterns, probs): per layer (h, 17, 17) q·k before ÷√d_k and softmax weights; (10,) probabilities."""
    w = {k: v.astype(np.float64) for k, v in load_file(str(VIT_DIR / "vit.safetensors")).items()}
    patches = np.array([image[r:r + P, c:c + P].ravel() for r in range(0, 8, P) for c in range(0, 8, P)])  # (16, 4)
    x = np.vstack([w["cls"][0], patches @ w["patch_embed.weight"].T + w["patch_embed.bias"]]) + w["pos"][0]
    d_k, scores, patterns = D_MODEL // H, [], []
    for n in range(3):
        b = {k.split(".", 2)[2]: v for k, v in w.items() if k.startswith(f"blocks.{n}.")}
        y = layer_norm(x, b["ln1.weight"], b["ln1.bias"])
        q, k, v = ((y @ b[f"W_{m}.weight"].T + b[f"W_{m}.bias"]).reshape(17, H, d_k).transpose(1, 0, 2)
                   for m in "QKV")  # (h, 17, d_k) each
        s = q @ k.transpose(0, 2, 1)  # (h, 17, 17)
        e = np.exp(s / math.sqrt(d_k) - (s / math.sqrt(d_k)).max(-1, keepdims=True))
        a = e / e.sum(-1, keepdims=True)
        scores.append(s)
        patterns.append(a)
        x = x + (a @ v).transpose(1, 0, 2).reshape(17, D_MODEL) @ b["W_O.weight"].T + b["W_O.bias"]
        y = layer_norm(x, b["ln2.weight"], b["ln2.bias"])
        x = x + gelu(y @ b["fc1.weight"].T + b["fc1.bias"]) @ b["fc2.weight"].T + b["fc2.bias"]
    logits = layer_norm(x[0], w["ln.weight"], w["ln.bias"]) @ w["head.weight"].T + w["head.bias"]
    probs = np.exp(logits - logits.max())
    return scores, patterns, probs / probs.sum()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_chapter_is_the_last_and_renders_in_both_languages(lang):
    assert WITH_CHAPTER[-len(PATCHES):] == PATCHES == (TOKENS, CLS)
    for step in PATCHES:
        assert catalogue.lookup(f"tour.{step.key}.title", lang) and catalogue.lookup(f"tour.{step.key}.text", lang, S=5)
        assert step.figure(None, lambda key, **f: catalogue.lookup(key, lang, **f)).title


def test_patch_tokens_are_numpys_slices_of_the_sample(image):
    patches = np.array([image[r:r + P, c:c + P].ravel() for r in range(0, 8, P) for c in range(0, 8, P)])  # (16, 4)
    np.testing.assert_allclose(TOKENS.figure(None, t).values, patches * 16, atol=1e-4)
    i = int(patches.sum(1).argmax())
    row = r",\,".join(f"{v:.2f}".rstrip("0").rstrip(".") for v in patches[i][:3])
    assert rf"x_p^{{{i + 1}}}" in TOKENS.formula(None) and row in TOKENS.formula(None)
    assert r"\mathbb{R}^{17\times48}" in TOKENS.formula(None)


def test_cls_rollout_score_and_weight_match_a_numpy_forward(image):
    scores, patterns, probs = numpy_vit(image)
    rolled = np.eye(17)
    for a in patterns:
        mixed = 0.5 * a.mean(0) + 0.5 * np.eye(17)
        rolled = (mixed / mixed.sum(1, keepdims=True)) @ rolled
    np.testing.assert_allclose(CLS.figure(None, t).values, rolled[0, 1:].reshape(4, 4), atol=1e-5)
    j = int(patterns[-1][0, 0, 1:].argmax()) + 1
    raw = scores[-1][0, 0, j]
    tex = CLS.formula(None)
    assert rf"k_{{p{j - 1}}}" in tex and rf"\frac{{{raw:.2f}}}{{\sqrt{{12}}}} = {raw / math.sqrt(12):.2f}" in tex
    assert f"= {patterns[-1][0, 0, j]:.2f}" in tex and f"= {rolled[0, j]:.3f}" in tex
    assert f"P(y = {probs.argmax()}) = {probs.max():.2f}" in tex
