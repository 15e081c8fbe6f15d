"""The digits ViT (model/vit.py) against independent implementations, its drawing → image preprocessing
(model/ink.py), and its shipped checkpoint's recorded accuracies."""
import json
import subprocess
import sys

import numpy as np
import pytest
import torch
from torch import nn

from model import ink
from model.vit import (
    DRAWN,
    VIT_DIR,
    ViT,
    ViTConfig,
    classify,
    load_vit,
    mean_distance,
    patchify,
    position_similarity,
    rollout,
    trace_image,
)

torch.set_num_threads(1)


def reference_stack(model: ViT) -> nn.Module:
    """torch's own Pre-LN encoder layers (norm_first=True, GELU) holding the ViT's weights."""
    cfg = model.config
    layers = nn.ModuleList()
    for block in model.blocks:
        ref = nn.TransformerEncoderLayer(cfg.d_model, cfg.h, cfg.d_ff, dropout=0.0, activation="gelu",
                                         batch_first=True, norm_first=True)
        with torch.no_grad():
            ref.self_attn.in_proj_weight.copy_(torch.cat([block.W_Q.weight, block.W_K.weight, block.W_V.weight]))
            ref.self_attn.in_proj_bias.copy_(torch.cat([block.W_Q.bias, block.W_K.bias, block.W_V.bias]))
            ref.self_attn.out_proj.weight.copy_(block.W_O.weight)
            ref.self_attn.out_proj.bias.copy_(block.W_O.bias)
            for mine, theirs in ((block.ln1, ref.norm1), (block.ln2, ref.norm2), (block.fc1, ref.linear1),
                                 (block.fc2, ref.linear2)):
                theirs.weight.copy_(mine.weight)
                theirs.bias.copy_(mine.bias)
        layers.append(ref.eval())
    return layers


def reference_forward(model: ViT, images: torch.Tensor) -> torch.Tensor:
    """Logits through torch.nn.TransformerEncoderLayer, patches cut by NumPy slicing (not model.patchify)."""
    p = model.config.patch_size
    g = model.config.grid
    patches = torch.stack([images[:, r * p:(r + 1) * p, c * p:(c + 1) * p].reshape(len(images), -1)
                           for r in range(g) for c in range(g)], dim=1)  # (B, 16, 4)
    x = patches @ model.patch_embed.weight.T + model.patch_embed.bias  # (B, 16, d_model)
    x = torch.cat([model.cls.expand(len(images), -1, -1), x], dim=1) + model.pos  # (B, 17, d_model)
    for layer in reference_stack(model):
        x = layer(x)
    return nn.functional.layer_norm(x[:, 0], (model.config.d_model,), model.ln.weight, model.ln.bias) \
        @ model.head.weight.T + model.head.bias


@pytest.mark.parametrize("shipped", [True, False])
def test_forward_equals_torch_pre_ln_encoder_layers_with_the_same_weights(shipped):
    """The shipped weights and a fresh random model: logits equal torch's TransformerEncoderLayer(norm_first=True)."""
    torch.manual_seed(3)
    model = load_vit() if shipped else ViT(ViTConfig()).eval()
    images = torch.rand(5, 8, 8)
    with torch.no_grad():
        mine, theirs = model(images), reference_forward(model, images)
    assert torch.allclose(mine, theirs, atol=1e-5), (mine - theirs).abs().max()


def test_recorded_attention_is_the_softmax_of_the_recorded_scores_over_root_d_k():
    """pattern = softmax(QKᵀ/√d_k) from the trace's own q and k, recomputed in NumPy."""
    model = load_vit()
    tr = trace_image(model, np.random.default_rng(0).random((8, 8)).astype(np.float32))
    d_k = model.config.d_k
    scores = np.einsum("lhqd,lhkd->lhqk", tr.q.astype(np.float64), tr.k.astype(np.float64))
    e = np.exp(scores / np.sqrt(d_k) - (scores / np.sqrt(d_k)).max(-1, keepdims=True))
    np.testing.assert_allclose(tr.pattern, e / e.sum(-1, keepdims=True), atol=1e-5)
    np.testing.assert_allclose(tr.scores, scores, atol=1e-4)
    assert tr.pattern.shape == (model.config.N, model.config.h, 17, 17)


def test_patch_grid_equals_a_numpy_reshape():
    """Patch i is the 2×2 block at row i // 4, column i % 4, its pixels row by row."""
    images = np.arange(2 * 64, dtype=np.float32).reshape(2, 8, 8)
    expected = images.reshape(2, 4, 2, 4, 2).swapaxes(2, 3).reshape(2, 16, 4)
    np.testing.assert_array_equal(patchify(torch.from_numpy(images), 2).numpy(), expected)
    assert patchify(torch.from_numpy(images), 2)[0, 5].tolist() == [18, 19, 26, 27]  # row 1, column 1


def test_rollout_equals_a_numpy_product_of_the_layers():
    """Abnar & Zuidema: Â_l = ½(mean_h A_l + I), rows normalised; rollout = Â_N ⋯ Â_1 (np.linalg.multi_dot)."""
    rng = np.random.default_rng(1)
    raw = rng.random((3, 4, 17, 17))
    pattern = raw / raw.sum(-1, keepdims=True)
    hats = []
    for layer in pattern:
        a = 0.5 * layer.mean(0) + 0.5 * np.eye(17)
        hats.append(a / a.sum(1, keepdims=True))
    np.testing.assert_allclose(rollout(pattern), np.linalg.multi_dot(hats[::-1]), atol=1e-12)
    np.testing.assert_allclose(rollout(pattern).sum(-1), 1.0)
    eye = np.broadcast_to(np.eye(17), (2, 4, 17, 17))
    np.testing.assert_allclose(rollout(eye), np.eye(17))  # attention to oneself only: nothing mixes


def test_mean_distance_and_position_similarity_by_hand():
    """A head attending only to the patch to its right (where there is one) looks 2 pixels away on those rows; the
    position map is the cosine of the learned vectors."""
    pattern = np.zeros((1, 1, 17, 17))
    pattern[0, 0, 0, 0] = 1
    for i in range(16):
        j = i + 1 if i % 4 < 3 else i
        pattern[0, 0, 1 + i, 1 + j] = 1
    assert mean_distance(pattern, 4, 2)[0, 0] == pytest.approx(2.0 * 12 / 16)
    model = load_vit()
    pos = model.pos[0, 1:].detach().numpy().astype(np.float64)
    i, j = 3, 9
    cos = pos[i] @ pos[j] / np.linalg.norm(pos[i]) / np.linalg.norm(pos[j])
    assert position_similarity(model)[i, j] == pytest.approx(cos)


def test_ink_text_round_trip_and_hostile_text():
    """encode/parse are inverse; unknown characters are dropped; the text is read up to MAX_INK."""
    strokes = [np.array([[0, 0], [63, 10], [5, 5]]), np.array([[30, 31]])]
    text = ink.encode(strokes)
    assert text == "AA_KFF.ef"  # 0 → A, 63 → _, 10 → K, 5 → F, 30 → e, 31 → f
    assert all((a == b).all() for a, b in zip(ink.parse(text), strokes))
    assert [s.shape for s in ink.parse("<script>!!")] == [(3, 2)]  # s c r i p t: three points, the rest dropped
    assert ink.to_image("") is None and ink.to_image("....") is None and ink.to_image("%%%") is None
    assert len(ink.parse("AB." * 5000)) == ink.MAX_INK // 3


def test_image_is_counts_of_4x4_blocks_of_a_bitmap_that_fills_the_box():
    """A vertical bar fills the 8 rows (the longer side fills the box), centred; cells count inked pixels 0–16."""
    bar = ink.parse("gAgj")  # x = 32, y from 0 to 35
    bits = ink.bitmap(bar)
    counts = ink.counts(bits)
    by_loops = np.array([[bits[4 * r:4 * r + 4, 4 * c:4 * c + 4].sum() for c in range(8)] for r in range(8)])
    np.testing.assert_array_equal(counts, by_loops)
    # pen radius 2.2 around x = 16: pixel centres 14.5 … 17.5, two in block column 3 and two in column 4
    assert set(np.flatnonzero(counts.sum(0))) == {3, 4} and (counts[1:7, 3:5] == 8).all()
    assert (counts.sum(1) > 0).all() and counts.sum() == bits.sum()
    assert ink.to_image("gAgj").max() == 0.5  # 8 of 16


def test_hostile_drawings_give_an_image():
    """A dot, a filled canvas, a thousand strokes: an (8, 8) image in [0, 1], no error."""
    dot = ink.to_image("gg")
    assert dot.shape == (8, 8) and dot.max() > 0
    filled = ink.encode([np.array([[0, y], [63, y]]) for y in range(0, 64, 2)])
    assert ink.to_image(filled).min() > 0.5  # a canvas filled black is all ink
    rng = np.random.default_rng(0)
    many = ".".join(ink.encode([rng.integers(0, 64, (1, 2))]) for _ in range(1000))
    img = ink.to_image(many)
    assert img.shape == (8, 8) and 0 <= img.min() and img.max() <= 1


def test_the_app_never_imports_scikit_learn():
    """The page's modules load the shipped checkpoint; scikit-learn is a training and test dependency only."""
    code = ("import sys, ui.views.patches as p; p.run('gAgj', ''); "
            "assert 'sklearn' not in sys.modules, 'sklearn imported'")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=300)


def test_held_out_accuracy_is_at_least_97_percent_and_as_recorded():
    """The shipped model on the fixed held-out split (recomputed here from scikit-learn's digits)."""
    from model.train_vit import digits, split

    images, labels = digits()
    _, held = split(len(labels))
    model = load_vit()
    with torch.no_grad():
        acc = (model(torch.from_numpy(images[held])).argmax(-1).numpy() == labels[held]).mean()
    log = json.loads((VIT_DIR / "train_log.json").read_text())
    assert acc >= 0.97
    assert acc == pytest.approx(log["held_out_accuracy"], abs=1e-6)
    assert log["data"]["held_out"] == len(held) == 359



def test_drawn_set_has_100_digits_and_its_recorded_accuracy():
    """The digits drawn stroke by stroke in Chromium (tools/draw_digits.py), classified again here."""
    drawn = json.loads((VIT_DIR / DRAWN).read_text())
    labels = np.array([d["label"] for d in drawn["digits"]])
    assert len(labels) >= 100 and set(labels) == set(range(10))
    hits = classify(load_vit(), [d["ink"] for d in drawn["digits"]]) == labels
    assert hits.mean() == pytest.approx(drawn["accuracy"], abs=1e-9)
