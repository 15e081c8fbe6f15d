"""Attribution, rollout, replaced cross-attention and agreement, each against an independent computation."""
import copy
import threading

import numpy as np
import pandas as pd
import pytest
import torch

from model.attribution import (
    SWAPS,
    agreement,
    attribution,
    grad_times_input,
    permutation,
    rollout,
    swap_cross,
    swap_edits,
    swap_grid,
    teacher_log_probs,
)
from model.checkpoint import load_bundle
from model.hooks import act_name
from model.trace import run_with_trace

torch.set_num_threads(1)
TEXT = "she has two cats and a dog"


@pytest.fixture(scope="module")
def bundle():
    return load_bundle("en-zh")


@pytest.fixture(scope="module")
def own(bundle):
    return run_with_trace(bundle, TEXT).decoded.ids


def log_p_shifted(model, src, tgt_in, target, shift):
    """log P of each target token with `shift` (S, d_model) added to the source token embeddings; (T,)."""
    with torch.no_grad(), model.editing({act_name("src_embed"): lambda x: x + shift}):
        logits = model(src, tgt_in)[0].double()  # (T, V)
    return (logits.log_softmax(-1).gather(-1, target[0][:, None])[:, 0]).numpy()


def test_gradient_times_input_matches_finite_differences(bundle, own):
    model = copy.deepcopy(bundle.transformer).double()  # float64: central differences to ~1e-9
    src = torch.tensor([bundle.src_vocab.encode(TEXT, 64).ids])  # (1, S)
    tgt_in, target = torch.tensor([[1] + own]), torch.tensor([own + [2]])  # <bos> = 1, <eos> = 2
    got = grad_times_input(model, src, own)  # (T, S)
    with torch.no_grad():
        embed = model.src_lut(src)[0] * model.config.d_model ** 0.5  # (S, d_model)
    eps = 1e-5
    for j in range(src.shape[1]):
        along = torch.zeros_like(embed)
        along[j] = embed[j]  # the direction of token j's own embedding: Σ_k grad_jk · e_jk
        fd = (log_p_shifted(model, src, tgt_in, target, eps * along)
              - log_p_shifted(model, src, tgt_in, target, -eps * along)) / (2 * eps)  # (T,)
        np.testing.assert_allclose(got[:, j], fd, atol=1e-6, rtol=1e-5)
    assert got.shape == (len(own) + 1, src.shape[1]) and np.abs(got).max() > 1e-3


def test_rollout_is_the_product_of_the_residual_averaged_layers(bundle):
    patterns = run_with_trace(bundle, TEXT).patterns("encoder")  # (N, h, S, S)
    S = patterns.shape[-1]
    layers = [0.5 * p.mean(0) + 0.5 * np.eye(S) for p in patterns]  # rows of W sum to 1: (W + I) / 2
    want = np.linalg.multi_dot(layers[::-1]) if len(layers) > 1 else layers[0]
    np.testing.assert_allclose(rollout(patterns), want, atol=1e-12)
    np.testing.assert_allclose(rollout(patterns).sum(-1), 1.0, atol=1e-12)


def test_rollout_of_uniform_attention_by_hand():
    uniform = np.full((1, 2, 4, 4), 0.25)  # one layer, two heads
    np.testing.assert_allclose(rollout(uniform), np.full((4, 4), 0.125) + 0.5 * np.eye(4))


def recorded(bundle, own, edits):
    """Every hook of a teacher-forced pass over the own translation, under edits."""
    src = torch.tensor([bundle.src_vocab.encode(TEXT, 64).ids])
    with torch.no_grad(), bundle.transformer.editing(edits), bundle.transformer.recording() as cache:
        bundle.transformer(src, torch.tensor([[1] + own]))
    return cache


def test_adversarial_weights_sit_on_the_least_attended_token_and_z_is_its_value(bundle, own):
    layer = bundle.config.N - 1  # the last layer: its queries do not depend on the edit
    name = lambda hook: act_name(hook, layer, "cross")  # noqa: E731
    before = recorded(bundle, own, {})[name("pattern")][0].numpy()  # (h, T, S)
    after = recorded(bundle, own, swap_edits(layer, "adversarial", np.arange(7)))
    least = before.argmin(-1)  # (h, T)
    np.testing.assert_array_equal(after[name("pattern")][0].numpy().argmax(-1), least)
    np.testing.assert_array_equal(after[name("pattern")][0].numpy().sum(-1), 1.0)
    v, z = after[name("v")][0].numpy(), after[name("z")][0].numpy()  # (h, S, d_k), (h, T, d_k)
    want = np.stack([v[i][least[i]] for i in range(len(v))])  # (h, T, d_k)
    np.testing.assert_allclose(z, want, atol=1e-6)


def test_uniform_weights_give_every_query_the_same_cross_attention_output(bundle, own):
    name = act_name("out", 0, "cross")
    out = recorded(bundle, own, swap_edits(0, "uniform", np.arange(7)))[name][0].numpy()  # (T, d_model)
    np.testing.assert_allclose(out, np.broadcast_to(out[0], out.shape), atol=1e-5)
    intact = recorded(bundle, own, {})[name][0].numpy()
    assert np.abs(intact - intact[0]).max() > 1e-2, "as trained, queries read different things"


def test_permuted_weights_move_the_output(bundle, own):
    swapped = swap_cross(bundle, TEXT, own, 0, "permute", seed=3)
    assert sorted(swapped.perm.tolist()) == list(range(7)) and (swapped.perm != np.arange(7)).any()
    intact = run_with_trace(bundle, TEXT)
    np.testing.assert_allclose(swapped.log_p.sum(), np.log(intact.probs[np.arange(len(own) + 1), own + [2]]).sum(),
                               atol=1e-4)
    pattern = swapped.trace.attn("cross", 0).pattern  # (h, T', S) recorded in the decoding with the swap
    first = intact.attn("cross", 0).pattern[:, 0]  # (h, S): step 0's queries see the same prefix <bos>
    np.testing.assert_allclose(pattern[:, 0], first[:, swapped.perm], atol=1e-6)
    assert swapped.log_p_swapped.sum() < swapped.log_p.sum()


def test_the_grid_of_every_layer_and_replacement_against_an_independent_uniform_edit(bundle, own):
    grid = swap_grid(bundle, TEXT, own, seed=3)  # (N, 3)
    assert grid.shape == (bundle.config.N, len(SWAPS))
    src = torch.tensor([bundle.src_vocab.encode(TEXT, 64).ids])
    tgt_in, target = torch.tensor([[1] + own]), torch.tensor([own + [2]])
    kept = {}

    def keep_v(v):
        kept["v"] = v
        return v

    for layer in range(bundle.config.N):  # uniform weights: every query reads the mean of the layer's values
        edits = {act_name("v", layer, "cross"): keep_v,
                 act_name("z", layer, "cross"): lambda z: kept["v"].mean(2, keepdim=True).expand_as(z)}
        base = log_p_shifted(bundle.transformer, src, tgt_in, target, 0.0).sum()
        with bundle.transformer.editing(edits):
            edited = log_p_shifted(bundle.transformer, src, tgt_in, target, 0.0).sum()
        assert grid[layer, SWAPS.index("uniform")] == pytest.approx(edited - base, abs=1e-4)
    swapped = swap_cross(bundle, TEXT, own, 1, "permute", seed=3)
    # the grid runs its ten passes as one batch: float32 rounds differently with the batch's shape (2e-6 seen)
    assert grid[1, 0] == pytest.approx(swapped.log_p_swapped.sum() - swapped.log_p.sum(), abs=1e-5)


def test_the_batched_grid_holds_each_replacement_run_alone(bundle, own):
    """The grid's ten teacher-forced passes run as one batch with a replacement per row: each cell equals the pass
    with that layer's weights replaced alone (batch of one), and a row with no replacement is the model as trained."""
    grid = swap_grid(bundle, TEXT, own, seed=3)
    src = torch.tensor([bundle.src_vocab.encode(TEXT, 64).ids])
    perm = permutation(src.shape[1], 3)
    base = teacher_log_probs(bundle.transformer, src, own, {}).sum()
    for layer in range(bundle.config.N):
        for i, swap in enumerate(SWAPS):
            alone = teacher_log_probs(bundle.transformer, src, own, swap_edits(layer, swap, perm)).sum()
            assert grid[layer, i] == pytest.approx(alone - base, abs=1e-5), (layer, swap)
    kept = teacher_log_probs(bundle.transformer, src, own, swap_edits(0, [None], perm))
    np.testing.assert_array_equal(kept, teacher_log_probs(bundle.transformer, src, own, {}))


def test_unknown_swap_is_refused():
    with pytest.raises(ValueError):
        swap_edits(0, "sideways", np.arange(3))
    with pytest.raises(ValueError):
        swap_edits(0, [None, "sideways"], np.arange(3))


def test_agreement_against_pandas_rank_correlation():
    rng = np.random.default_rng(0)
    attention = rng.dirichlet(np.ones(6), size=5)  # (T, S)
    attributed = rng.normal(size=(5, 6))
    attributed[0, :2] = [1.5, -1.5]  # a tie in |attribution|
    got = agreement(attention, attributed)
    want = [pd.Series(a).corr(pd.Series(np.abs(b)), method="spearman") for a, b in zip(attention, attributed)]
    np.testing.assert_allclose(got.spearman, want, atol=1e-12)
    np.testing.assert_array_equal(got.same_argmax, attention.argmax(-1) == np.abs(attributed).argmax(-1))
    one = agreement(np.ones((3, 1)), np.ones((3, 1)))
    assert one.share == 1.0 and np.isnan(one.mean_spearman)


def test_attribution_and_grid_give_the_same_numbers_from_many_threads_at_once(bundle):
    """The app's script threads share one model: batched backward passes (vmap) and per-row replacements computed
    from eight threads at once equal those computed alone."""
    texts = [TEXT, "i love machine learning", "the cat sat on the mat", "attention is all you need"]
    outputs = {t: run_with_trace(bundle, t).decoded.ids for t in texts}
    alone = {t: (attribution(bundle, t, outputs[t]), swap_grid(bundle, t, outputs[t], 1)) for t in texts}
    differ = []

    def work(k: int) -> None:
        for r in range(4):
            t = texts[(k + r) % len(texts)]
            got = attribution(bundle, t, outputs[t]), swap_grid(bundle, t, outputs[t], 1)
            if not all(np.array_equal(a, b) for a, b in zip(got, alone[t])):
                differ.append(t)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert differ == []
