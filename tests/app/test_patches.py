"""From words to patches: the page's charts (ui/views/patches.py) against NumPy and an independent forward pass,
and the keystroke route serving them for a drawing."""
import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
import torch

from model import ink
from model.vit import rollout
from tests.model.test_vit import reference_forward
from ui import route
from ui.registry import BY_PATH
from ui.url import from_url
from ui.view import View
from ui.views.patches import elements, run, vit, walk, within_vit

torch.set_num_threads(1)
CANVAS_JS = Path(__file__).resolve().parents[2] / "ui" / "static" / "components" / "ink_canvas.js"
SEVEN = ink.encode([np.array([[10, 6], [54, 6], [26, 60]])])  # a 7: across the top, then down to the left


def view(**params) -> View:
    """The View of a link's parameters, served by the route (as a request builds it)."""
    values, _ = from_url(params)
    return View.of(values, "/_al/live/patches")


def values(el) -> list[np.ndarray]:
    """The arrays an element's charts draw."""
    return [np.asarray(s.values) for s in el.specs]


def test_probabilities_are_the_softmax_of_an_independent_forward_pass():
    """The bars equal softmax(logits) of torch's Pre-LN encoder layers given the same weights and image."""
    charts = elements(None, view(ink=SEVEN))
    image = torch.from_numpy(ink.to_image(SEVEN))[None]
    with torch.no_grad():
        expected = torch.softmax(reference_forward(vit(), image)[0], -1).numpy()
    np.testing.assert_allclose(values(charts["probs"])[0], expected, atol=1e-5)
    assert int(np.argmax(expected)) == 7


def test_cls_maps_rollout_and_walk_against_numpy():
    """[CLS]'s maps are the pattern's row 0 laid out 4 × 4; rollout is the NumPy product's row 0; the walk's softmax
    is softmax(q·k/√d_k) of the recorded q and k."""
    v = view(ink=SEVEN, layer="1", head="2", query="6")
    charts, tr = elements(None, v), run(SEVEN, "")
    cls = values(charts["cls"])[0]  # (N, h, 4, 4)
    assert cls[1, 2, 1, 3] == pytest.approx(tr.pattern[1, 2, 0, 1 + 4 * 1 + 3])
    rolled, last, picked = values(charts["rollout"])
    np.testing.assert_allclose(picked.ravel(), tr.pattern[1, 2, 0, 1:], atol=1e-7)  # the tint's picked layer and head
    hats = [(0.5 * a.mean(0) + 0.5 * np.eye(17)) / (0.5 * a.mean(0) + 0.5 * np.eye(17)).sum(1, keepdims=True)
            for a in tr.pattern.astype(np.float64)]
    np.testing.assert_allclose(rolled.ravel(), np.linalg.multi_dot(hats[::-1])[0, 1:], atol=1e-6)
    np.testing.assert_allclose(rolled.ravel(), rollout(tr.pattern)[0, 1:], atol=1e-6)
    np.testing.assert_allclose(last.ravel(), tr.pattern[-1, :, 0, 1:].mean(0), atol=1e-6)
    products, row = values(charts["walk"])
    q, k = tr.q[1, 2, 6].astype(np.float64), tr.k[1, 2].astype(np.float64)  # the query p5 (token 6), layer 1, head 2
    scaled = k @ q / np.sqrt(tr.config.d_k)
    softmax = np.exp(scaled) / np.exp(scaled).sum()
    np.testing.assert_allclose(row, softmax[1:].reshape(4, 4), atol=1e-6)  # patch 4r + c at row r, column c
    np.testing.assert_allclose(products.sum(1), k @ q, atol=1e-4)
    w = walk(tr, within_vit(tr, v))  # the page's table
    np.testing.assert_allclose(w.scores, k @ q, atol=1e-4)
    np.testing.assert_allclose(w.masked_scores, scaled, atol=1e-5)
    np.testing.assert_allclose(w.pattern, softmax, atol=1e-6)


def test_input_is_the_optdigits_counts_and_occluded_patches_are_zero_and_grey():
    """The image chart shows the 4×4-block counts of the bitmap; an occluded patch's pixels are 0 and masked, and
    the model reads the occluded image."""
    counts = ink.counts(ink.bitmap(ink.parse(SEVEN)))
    image, tokens = values(elements(None, view(ink=SEVEN))["input"])
    np.testing.assert_array_equal(image, counts)
    np.testing.assert_array_equal(tokens[5], counts[2:4, 2:4].ravel())  # patch 5: rows 2–3, columns 2–3
    hidden = elements(None, view(ink=SEVEN, occ="0021"))  # patches 0 and 5
    spec = hidden["input"].specs[0]
    assert spec.mask[0:2, 0:2].all() and spec.mask[2:4, 2:4].all() and spec.mask.sum() == 8
    tr = run(SEVEN, "0021")
    assert tr.image[0:2, 0:2].max() == 0 and tr.image[2:4, 2:4].max() == 0
    assert not np.allclose(tr.probs, run(SEVEN, "").probs)
    assert np.allclose(run(SEVEN, "ffff").probs, run("", "").probs)  # every patch hidden: the empty image


def test_every_element_is_there_for_blank_hostile_and_drawn_canvases():
    """The same elements whatever the drawing: blank, garbage text, one dot, a thousand strokes, bad occlusion."""
    keys = None
    for params in ({}, {"ink": "<b>x</b>'\"&;"}, {"ink": "gg"}, {"ink": "gg." * 1000}, {"ink": SEVEN, "occ": "zz"}):
        charts = elements(None, view(**params))
        keys = keys or list(charts)
        assert list(charts) == keys
        probs = values(charts["probs"])[0]
        assert np.isfinite(probs).all() and probs.sum() == pytest.approx(1.0, abs=1e-5)


def test_the_route_serves_the_page_elements_for_a_drawing():
    """A request with the drawing answers one payload per element of the page, and another drawing other bytes."""
    assert BY_PATH["patches"].live
    seven = route.payloads("patches", {"s": "I have a cat", "ink": SEVEN})
    assert len(seven) == len(elements(None, view(ink=SEVEN)))
    other = route.payloads("patches", {"s": "I have a cat", "ink": "gAgj"})
    assert len(other) == len(seven) and other != seven


def test_the_canvas_places_the_patch_grid_where_the_model_cuts_its_patches():
    """The canvas's JS (ink_canvas.js frame, patchAt) places the drawing in the 32×32 bitmap exactly as model/ink.py
    does, so the grid drawn over the digit and a click to occlude name the model's patches."""
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        pytest.skip("node not found: apt-get install -y nodejs")
    inks = [SEVEN, "gAgj", "KGqG0a.ab", "gg", "AAgKFF.ef.zzAA"]
    js = (f"import {{ parse, frame, patchAt }} from {json.dumps(CANVAS_JS.as_uri())};"
          f"console.log(JSON.stringify({json.dumps(inks)}.map((t) => {{ const f = frame(parse(t));"
          "return [f.lo, f.scale, f.shift, patchAt(f, 20, 20), patchAt(f, 40, 50)]; })));")
    done = subprocess.run([node, "--input-type=module", "-e", js], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    for text, (lo, scale, shift, p1, p2) in zip(inks, json.loads(done.stdout)):
        want_lo, want_scale, want_shift = ink.placement(ink.parse(text))
        np.testing.assert_allclose(lo, want_lo)
        assert scale == pytest.approx(want_scale)
        np.testing.assert_allclose(shift, want_shift, atol=1e-9)
        for (x, y), got in (((20, 20), p1), ((40, 50), p2)):
            bx, by = (np.array([x, y]) - want_lo) * want_scale + want_shift
            inside = 0 <= bx < 32 and 0 <= by < 32
            assert got == (int(by // 8) * 4 + int(bx // 8) if inside else -1)


def test_mean_attention_distance_chart_against_loops():
    """Each head's line: for each patch query, its weights over the patches (renormalised without [CLS]) times the
    pixel distance between patch centres (2 pixels a patch), averaged over the 16 queries; the 4th head dashed."""
    tr = run(SEVEN, "")
    lines = elements(None, view(ink=SEVEN))["distance"].specs[0].lines
    for h, line in enumerate(lines):
        for layer in range(tr.config.N):
            a = tr.pattern[layer, h, 1:, 1:].astype(np.float64)
            total = 0.0
            for i in range(16):
                for j in range(16):
                    far = 2 * np.hypot(i // 4 - j // 4, i % 4 - j % 4)
                    total += a[i, j] / a[i].sum() * far
            assert line.y[layer] == pytest.approx(total / 16, abs=1e-5)
    assert [line.dash for line in lines] == ["solid", "solid", "solid", "dash"]
