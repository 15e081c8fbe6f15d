"""The page "How far an attention map can be trusted": what it shows against independent NumPy computations, in both
languages, for an empty box, one token, a long sentence and Chinese input."""
import copy

import numpy as np
import pandas as pd
import pytest
import torch

from model.checkpoint import load_bundle
from model.hooks import act_name
from model.trace import run_with_trace
from tests.app.conftest import array, by_title, open_page

torch.set_num_threads(1)
TEXT = "she has two cats and a dog"


def heatmap(figure) -> np.ndarray:
    """A heatmap's values as float64."""
    return np.asarray(array(figure["data"][0]["z"]), float)


def bars(figure) -> dict[str, np.ndarray]:
    """A bar chart's series by name."""
    return {s["name"]: np.asarray(array(s["y"]), float) for s in figure["data"] if s.get("type") == "bar"}


def log_p(model, src, own, edits):
    """log P of each own output token and <eos> given the teacher-forced prefix, under edits; (T,)."""
    with torch.no_grad(), model.editing(edits):
        logits = model(src, torch.tensor([[1] + own]))[0].double()  # (T, V)
    return logits.log_softmax(-1)[np.arange(len(own) + 1), own + [2]].numpy()


def finite_difference_attribution(bundle, text, own) -> np.ndarray:
    """log P(token t) differentiated along each source token's own embedding, by central differences in float64."""
    model = copy.deepcopy(bundle.transformer).double()
    src = torch.tensor([bundle.src_vocab.encode(text, 64).ids])  # (1, S)
    with torch.no_grad():
        embed = model.src_lut(src)[0] * model.config.d_model ** 0.5  # (S, d_model)
    eps, columns = 1e-5, []
    for j in range(src.shape[1]):
        along = torch.zeros_like(embed)
        along[j] = eps * embed[j]
        plus = log_p(model, src, own, {act_name("src_embed"): lambda x, d=along: x + d})
        minus = log_p(model, src, own, {act_name("src_embed"): lambda x, d=along: x - d})
        columns.append((plus - minus) / (2 * eps))
    return np.stack(columns, -1)  # (T, S)


def test_shown_numbers_match_independent_computations():
    bundle = load_bundle("en-zh")
    N = bundle.config.N
    at = open_page("trust", s=TEXT, swap="uniform", layer=N - 1)
    assert not at.exception and not at.error
    figures = by_title(at)
    intact = run_with_trace(bundle, TEXT)
    own = intact.decoded.ids
    attention = heatmap(figures[f"Cross-attention, layer {N - 1} (head average)"])
    np.testing.assert_allclose(attention, intact.patterns("cross")[N - 1].mean(0), atol=1e-6)
    for head in range(bundle.config.h):
        np.testing.assert_allclose(heatmap(figures[f"Cross-attention, layer {N - 1}, head {head}"]),
                                   intact.patterns("cross")[N - 1, head], atol=1e-6)
    attributed = heatmap(figures["Gradient × input (share of each row)"])
    fd = finite_difference_attribution(bundle, TEXT, own)  # (T, S)
    np.testing.assert_allclose(attributed, fd / np.abs(fd).sum(-1, keepdims=True), atol=2e-3)
    np.testing.assert_allclose(np.abs(attributed).sum(-1), 1.0, atol=1e-5)

    enc = intact.patterns("encoder")  # (N, h, S, S)
    S = enc.shape[-1]
    want = np.linalg.multi_dot([0.5 * layer.mean(0) + 0.5 * np.eye(S) for layer in enc][::-1])
    np.testing.assert_allclose(heatmap(figures[f"Attention rollout through {N} encoder layers"]), want, atol=1e-6)

    def uniform_z(z):  # (1, h, T, d_k): every query reads the mean of the layer's values
        return uniform_z.v.mean(2, keepdim=True).expand_as(z)

    def keep_v(v):
        uniform_z.v = v
        return v

    src = torch.tensor([bundle.src_vocab.encode(TEXT, 64).ids])
    swapped = log_p(bundle.transformer, src, own, {act_name("v", N - 1, "cross"): keep_v,
                                                   act_name("z", N - 1, "cross"): uniform_z})
    shown = bars(figures["log P of each original output token"])
    np.testing.assert_allclose(shown["as trained"], log_p(bundle.transformer, src, own, {}), atol=1e-5)
    np.testing.assert_allclose(shown["layer replaced"], swapped, atol=1e-4)
    total = f"{shown['as trained'].sum():.3f} → {shown['layer replaced'].sum():.3f}"
    assert any(total in m.value for m in at.markdown)

    changes = heatmap(figures["en-zh: change in log P(its translation), each layer replaced alone"])  # (N, 3)
    assert changes.shape == (N, 3)
    assert changes[N - 1, 1] == pytest.approx(swapped.sum() - shown["as trained"].sum(), abs=1e-3)  # uniform

    agreement = bars(figures["Attention against attribution, per model"])
    same = (attention.argmax(-1) == np.abs(attributed).argmax(-1)).mean()
    rho = np.mean([pd.Series(a).corr(pd.Series(np.abs(b)), method="spearman") for a, b in zip(attention, attributed)])
    assert agreement["share with the same argmax"][0] == pytest.approx(same)
    assert agreement["mean Spearman ρ"][0] == pytest.approx(rho, abs=1e-6)
    table = at.dataframe[0].value
    assert list(table["model"]) == ["en-zh", "en-zh-unguided"]
    assert table["same argmax"][0] == f"{int(round(same * len(attention)))} / {len(attention)}"
    tokens = at.dataframe[1].value
    src = intact.src.tokens
    assert list(tokens["output token"]) == intact.decoded.tokens + ["<eos>"]
    assert list(tokens["most attended"]) == [src[j] for j in attention.argmax(-1)]
    assert list(tokens["largest |attribution|"]) == [src[j] for j in np.abs(fd).argmax(-1)]


def test_the_verdict_is_true_for_the_numbers_shown():
    at = open_page("trust", s=TEXT)
    table = at.dataframe[0].value
    argmax = [int(cell.split(" / ")[0]) / int(cell.split(" / ")[1]) for cell in table["same argmax"]]
    rho = list(table["mean Spearman ρ"])
    text = " ".join(m.value for m in at.markdown)
    if argmax[0] > argmax[1] and rho[0] > rho[1]:
        assert "agrees with its attribution more than" in text
    elif argmax[0] < argmax[1] and rho[0] < rho[1]:
        assert "agrees with its attribution less than" in text
    else:
        assert "neither model's attention agrees with its attribution better on both measures" in text


def test_chinese_interface_and_the_permutation_experiment():
    at = open_page("trust", s=TEXT, lang="zh", swap="permute", sseed=5)
    assert not at.exception and not at.error
    figures = by_title(at)
    assert "经过 3 层编码器的注意力展开" in figures and "原译文每个词元的 log P" in figures
    text = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    assert "梯度 × 输入" in text and "Jain 与 Wallace" in text and "Abnar 与 Zuidema" in text
    assert "源位置 i 现在得到的是位置 `perm[i]` 原来的权重" in text


@pytest.mark.parametrize("params", [
    {"s": ""},
    {"s": "cat"},
    {"s": "the old man who lives next to the station reads two books and a newspaper every morning before he "
          "walks to school with his young daughter and their small brown dog"},
    {"model": "zh-en", "s": "我有两只猫和一只狗", "swap": "adversarial", "layer": 1},
    {"model": "en-zh-unguided", "s": TEXT, "lang": "zh"},
    {"s": "<b>two</b> cats & a <script>dog</script>", "presenter": 1, "swap": "bogus", "layer": 40, "sseed": -3},
])
def test_the_page_works_for_any_sentence(params):
    at = open_page("trust", **params)
    assert not at.exception and not at.error
    figures = by_title(at)
    if not params["s"]:
        assert not figures
        return
    assert len(figures) == (13 if params.get("model", "en-zh").startswith("en-zh") else 12)  # + the twin's grid
    if params["s"] == "cat":
        assert at.info, "one source token: the page says why nothing can be compared"
    if params.get("model") == "zh-en":
        assert any("No twin" in m.value for m in at.markdown)
