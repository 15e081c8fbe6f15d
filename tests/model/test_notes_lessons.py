"""The computations behind the notes' mistakes found on a second reading and the four topics added with them (Table 1's
restricted self-attention, a convolution as attention, GPT-1's inputs), against independent NumPy recomputations on
the shipped model. Sizes come from the loaded model's configuration."""
import inspect
import math

import numpy as np
import pytest
import torch
from torch import nn

from model import lessons
from model.checkpoint import load_bundle
from model.trace import run_with_trace
from model.transformer import AttnOptions
from model.window import receptive_fields, window_keep

torch.set_num_threads(1)


@pytest.fixture(scope="module")
def bundle():
    return load_bundle("en-zh")


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def jacobian_norm(w):
    """‖∂softmax/∂s‖_F from the explicit matrix diag(w) − w·wᵀ."""
    return np.linalg.norm(np.diag(w) - np.outer(w, w))


# ---- the worked example of «CV攻城狮…» -------------------------------------------------------------------------


def test_the_notes_q_k_v_and_scores_come_from_its_x_and_weights_and_its_third_row_is_q3():
    x = np.array([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]], float)
    w_q = np.array([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]], float)
    w_k = np.array([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]], float)
    out = lessons.note_qkv()
    q, k = x @ w_q, x @ w_k
    np.testing.assert_array_equal(out["scores"], q @ k.T)
    np.testing.assert_array_equal(out["scores"], lessons.NOTE_SCORES)  # the scores the note prints
    np.testing.assert_array_equal(out["v"], lessons.NOTE_V)
    assert list(q[2] @ k.T) == [4, 12, 10] and list(q[0] @ k.T) == [2, 4, 4]  # [4, 12, 10] is q₃·Kᵀ, not q₁·Kᵀ


def test_rounding_the_notes_weights_correctly_gives_0_1_in_row_0_and_a_row_summing_to_1_1():
    ex = lessons.worked_example()
    w = softmax(lessons.NOTE_SCORES)
    assert w[0, 0] == pytest.approx(6.3379e-02, abs=1e-6)  # the note's own print
    np.testing.assert_allclose(ex["honest_weights"][0], [0.1, 0.5, 0.5])
    assert ex["honest_weights"][0].sum() == pytest.approx(1.1)
    assert not np.allclose(ex["honest_weights"], lessons.NOTE_ROUNDED_WEIGHTS)  # the note rounded row 0 wrongly
    np.testing.assert_allclose(ex["honest_output"][0], [2.1, 7.2, 1.8])
    np.testing.assert_allclose(ex["output"][0], [1.937, 6.683, 1.595], atol=5e-4)
    np.testing.assert_allclose(ex["scaled_weights"][0], [0.136, 0.432, 0.432], atol=5e-4)
    np.testing.assert_allclose(ex["scaled_output"][0], [1.864, 6.319, 1.704], atol=5e-4)


def test_the_outputs_width_is_w_vs_alone():
    w = lessons.widened_outputs(extra=2)
    assert w["note"] == w["wider_qk"] == (3, 3) and w["wider_v"] == (3, 5)
    assert w["qk"] == w["v"] == (4, 5) and w["input"] == (3, 4)


# ---- ÷√d_k: the rows of this sentence and the statistical argument ------------------------------------------------


def test_scaling_rows_match_the_explicit_jacobian_on_every_row_of_the_model(bundle):
    trace = run_with_trace(bundle, "the cat is on the table")
    attn, d_k = trace.attn("encoder", 0), bundle.config.d_k
    plain, scaled = lessons.scaling_rows(attn.scores, attn.mask, d_k)
    scores = attn.scores.astype(float)  # (h, S, S)
    assert plain.shape == scaled.shape == scores.shape[:2]
    for h in range(scores.shape[0]):
        for i in range(scores.shape[1]):
            assert plain[h, i] == pytest.approx(jacobian_norm(softmax(scores[h, i])), abs=1e-9)
            assert scaled[h, i] == pytest.approx(jacobian_norm(softmax(scores[h, i] / np.sqrt(d_k))), abs=1e-9)
    assert (scaled > plain).any(), "scaling helps on some rows"


def test_the_closed_form_jacobian_norm_equals_the_matrix_norm():
    w = softmax(np.random.default_rng(0).normal(size=(50, 7)) * 3)
    np.testing.assert_allclose(lessons.jacobian_norms(w), [jacobian_norm(row) for row in w], atol=1e-12)


@pytest.mark.parametrize("n, d_k", [(4, 24), (6, 64), (5, 8)])
def test_the_share_of_random_rows_scaling_helps_agrees_with_drawing_q_and_k(n, d_k):
    """Independent Monte Carlo: draw q and n keys k with N(0, 1) components and count rows where ‖J‖ grows."""
    rng = np.random.default_rng(123)
    q, k = rng.standard_normal((3000, d_k)), rng.standard_normal((3000, n, d_k))
    s = np.einsum("nd,nkd->nk", q, k)
    share = np.mean([jacobian_norm(softmax(r / np.sqrt(d_k))) > jacobian_norm(softmax(r)) for r in s])
    assert lessons.random_scaling_share(n, d_k) == pytest.approx(share, abs=0.03)


def test_the_share_grows_with_d_k():
    shares = [lessons.random_scaling_share(6, d) for d in (8, 24, 64, 512)]
    assert shares == sorted(shares) and shares[-1] > 0.9


# ---- the model's weights, its source and its padding ---------------------------------------------------------------


def test_key_spread_finds_the_key_whose_weight_differs_most_between_queries():
    w = softmax(np.random.default_rng(2).normal(size=(5, 5)))
    key, least, most = lessons.key_spread(w)
    spread = w.max(0) - w.min(0)
    assert spread[key] == spread.max() and w[least, key] == w[:, key].min() and w[most, key] == w[:, key].max()


def test_greedy_without_source_equals_decoding_from_a_zero_memory(bundle):
    model = bundle.transformer
    src = bundle.src_vocab.encode("I have a cat", 64).ids
    out = lessons.greedy_without_source(model, src, 12)
    src_t = torch.tensor([src])
    memory = torch.zeros(1, len(src), bundle.config.d_model)
    ys = [1]  # <bos>
    with torch.no_grad():
        for _ in range(12):
            nxt = int(model.decode(memory, src_t, torch.tensor([ys]))[0, -1].argmax())
            ys.append(nxt)
            if nxt == 2:  # <eos>
                break
    assert out == [i for i in ys[1:] if i != 2]
    assert out != run_with_trace(bundle, "I have a cat").decoded.ids


def layer0_weights(model, x):
    """Encoder layer 0's attention weights (h, S, S) from x (S, d) in NumPy, every key visible."""
    mha = model.encoder[0].self_attn
    W = {n: getattr(mha, n).weight.detach().double().numpy() for n in ("W_Q", "W_K")}
    b = {n: getattr(mha, n).bias.detach().double().numpy() for n in ("W_Q", "W_K")}
    q, k = ((x @ W[n].T + b[n]).reshape(len(x), mha.h, mha.d_k).transpose(1, 0, 2) for n in ("W_Q", "W_K"))
    return softmax(q @ k.transpose(0, 2, 1) / np.sqrt(mha.d_k))


def test_unmasked_padding_against_an_encoder_run_by_hand(bundle):
    model = bundle.transformer
    long, short = (bundle.src_vocab.encode(s, 64).ids for s in ("the cat is on the table", "you like tea"))
    r = lessons.unmasked_padding(model, [long, short])
    assert (r["real"], r["pads"]) == (len(short), len(long) - len(short))
    src = torch.tensor([long, short + [0] * (len(long) - len(short))])
    with torch.no_grad():
        x0 = model.embed(src, model.src_lut, (model.hook_src_embed, model.hook_pos_enc, model.hook_src_input))
        x = x0
        for layer in model.encoder:  # every key visible: a mask of ones, passed by hand (no hook edit)
            x = layer(x, torch.ones(2, 1, src.shape[1], dtype=torch.bool), AttnOptions())
        open_memory = model.enc_norm(x)[1, :len(short)]
        masked = model.encode(src)[1, :len(short)]
        alone = model.encode(torch.tensor([short]))[0]
    w = layer0_weights(model, x0[1].double().numpy())  # (h, S, S)
    assert r["pad_weight"] == pytest.approx(w[:, :len(short), len(short):].sum(-1).mean(), abs=1e-5)
    assert r["memory_diff"] == pytest.approx(float((open_memory - masked).abs().max()), abs=1e-5)
    assert r["alone_diff"] == pytest.approx(float((masked - alone).abs().max()), abs=1e-6) and r["alone_diff"] < 1e-4
    assert r["pad_weight"] > 0.01 and r["memory_diff"] > 0.01


def test_conv_parameters_are_k_d_squared_plus_d():
    assert lessons.conv_parameters(10, (3, 5)) == {3: 3 * 100 + 10, 5: 5 * 100 + 10}


def test_a_fresh_embedding_is_nn_embeddings_standard_normal():
    table = lessons.fresh_embedding(2000, 64)
    assert abs(table.mean()) < 0.01 and table.std() == pytest.approx(1, abs=0.01)
    assert lessons.fresh_embedding_norm(64) == pytest.approx(math.sqrt(64), rel=0.02)
    assert lessons.fresh_embedding_norm(512) == pytest.approx(math.sqrt(512), rel=0.01)


def test_nearest_id_skips_specials_and_itself():
    table = np.random.default_rng(4).normal(size=(30, 8))
    j, cos = lessons.nearest_id(table, 10)
    unit = table / np.linalg.norm(table, axis=1, keepdims=True)
    c = unit @ unit[10]
    c[:4], c[10] = -2, -2
    assert j == c.argmax() and cos == pytest.approx(c.max())


def test_visible_shuffle_changes_the_tokens_or_says_none_can():
    assert lessons.visible_shuffle([7, 7, 7]) is None and lessons.visible_shuffle([5]) is None
    seed = lessons.visible_shuffle([5, 6, 5])
    order = lessons.shuffle_order(3, seed)
    assert [[5, 6, 5][i] for i in order] != [5, 6, 5]


def test_torch_mask_arguments_are_read_from_torch():
    names = lessons.torch_mask_arguments()
    assert {"attn_mask", "key_padding_mask"} <= set(names["MultiheadAttention"])
    assert {"tgt_mask", "src_key_padding_mask"} <= set(names["Transformer"])
    assert set(names["Transformer"]) <= set(inspect.signature(nn.Transformer.forward).parameters)


# ---- Table 1's restricted self-attention, a convolution as attention ----------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 4, 7, 12])
@pytest.mark.parametrize("r", [3, 5])
def test_the_restricted_row_and_its_path_from_the_window_masks(n, r):
    """The path: layers of the |i − j| ≤ (r − 1)/2 mask before the first token reaches the last, found by iterating the
    receptive field (model/window.py)."""
    d = 8
    ops, seq, path = lessons.layer_costs(n, d, 3, r)["restricted"]
    assert (ops, seq) == (r * n * d, 1)
    keep = window_keep(n, n, (r + 1) // 2, 0, causal=False)  # |i − j| < (r + 1)/2, i.e. ≤ (r − 1)/2
    assert keep.sum(1).max() == min(n, r)
    fields = receptive_fields(keep, n + 1)  # (layers, n, n)
    layers = next(i + 1 for i, f in enumerate(fields) if f[n - 1, 0])
    assert path == max(1, layers)


def convolve_by_hand(x, kernel, bias):
    """y_i = b + Σ_o x_{i+o} W_o, zero outside the sentence."""
    n, w = len(x), len(kernel) // 2
    y = np.tile(bias, (n, 1)).astype(float)
    for i in range(n):
        for o in range(-w, w + 1):
            if 0 <= i + o < n:
                y[i] += x[i + o] @ kernel[o + w]
    return y


def test_a_convolution_is_k_fixed_one_hot_attention_heads(bundle):
    x = run_with_trace(bundle, "the cat is on the table")["hook_src_input"].astype(float)  # (S, d_model)
    kernel, bias = lessons.conv_kernel(3, x.shape[1], x.shape[1])
    by_hand = convolve_by_hand(x, kernel, bias)
    np.testing.assert_allclose(lessons.convolve(x, kernel, bias), by_hand, atol=1e-10)
    np.testing.assert_allclose(lessons.conv_as_attention(x, kernel, bias), by_hand, atol=1e-10)
    heads = lessons.offset_heads(len(x), 3)
    assert heads.shape == (3, len(x), len(x)) and (heads.sum(-1) <= 1).all() and heads[1].trace() == len(x)


def test_restricted_weights_are_the_softmax_within_the_band():
    s = np.random.default_rng(5).normal(size=(6, 6))
    w, keep = lessons.restricted_weights(s, 3)
    for i in range(6):
        lo, hi = max(0, i - 1), min(6, i + 2)
        np.testing.assert_allclose(w[i, lo:hi], softmax(s[i, lo:hi]))
        assert w[i, :lo].sum() == w[i, hi:].sum() == 0 and keep[i].sum() == hi - lo


def test_a_convolution_sees_a_shuffle_and_the_difference_is_measured_by_hand():
    x = np.random.default_rng(6).normal(size=(5, 4))
    order = np.array([2, 0, 1, 4, 3])
    kernel, bias = lessons.conv_kernel(3, 4, 4)
    expected = np.abs(convolve_by_hand(x[order], kernel, bias) - convolve_by_hand(x, kernel, bias)[order]).max()
    assert lessons.shuffled_conv_difference(x, order) == pytest.approx(expected) and expected > 0.1


# ---- GPT-1's fine-tuning inputs --------------------------------------------------------------------------------------


def test_gpt1_inputs_follow_figure_1_and_count_the_new_parameters():
    a, b = ["i", "have", "a", "cat"], ["you", "like", "tea"]
    seqs = lessons.gpt1_inputs(a, b)
    assert seqs["classification"] == [["<start>", *a, "<extract>"]]
    assert seqs["entailment"] == [["<start>", *a, "<delim>", *b, "<extract>"]]
    assert seqs["similarity"][1] == ["<start>", *b, "<delim>", *a, "<extract>"]
    assert [s[-1] for task in seqs.values() for s in task] == ["<extract>"] * 6
    new = lessons.gpt1_new_parameters(768, seqs)
    assert new == {"classification": 768 * 2 + 2 * 768, "entailment": 768 * 3 + 3 * 768,
                   "similarity": 768 * 2 + 3 * 768, "multiple_choice": 768 * 1 + 3 * 768}
