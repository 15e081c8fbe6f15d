"""The lessons' computations against independent NumPy (or PyTorch) recomputations and published figures."""
import numpy as np
import pytest
import torch

from model import lessons
from model.checkpoint import load_bundle
from model.hooks import editing, recording


@pytest.fixture(scope="module")
def bundle():
    return load_bundle("en-zh")


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def test_multiplicative_mask_leaks_0_107_to_each_masked_key_on_the_notes_scores():
    w = lessons.multiplicative_mask(lessons.NOTE_SCORES, lessons.causal_keep(3))
    # row 0 becomes softmax([2, 0, 0]) = [e², 1, 1] / (e² + 2)
    np.testing.assert_allclose(w[0], np.array([np.e**2, 1, 1]) / (np.e**2 + 2))
    assert abs(w[0, 1] - 0.1065) < 1e-4


def test_additive_mask_gives_masked_keys_exactly_zero():
    w = lessons.additive_mask(lessons.NOTE_SCORES, lessons.causal_keep(3))
    assert w[0, 1] == 0 and w[0, 2] == 0 and w[1, 2] == 0
    np.testing.assert_allclose(w[2], softmax(lessons.NOTE_SCORES[2]))


def test_a_fully_masked_row_three_ways():
    row = lessons.fully_masked_row(3)
    np.testing.assert_allclose(row["fill"], [1 / 3] * 3)
    assert np.isnan(row["inf_plain"]).all()
    np.testing.assert_array_equal(row["inf_app"], [0, 0, 0])


def test_worked_example_exact_and_rounded():
    ex = lessons.worked_example()
    S, V = np.array([[2, 4, 4], [4, 16, 12], [4, 12, 10.0]]), np.array([[1, 2, 3], [2, 8, 0], [2, 6, 3.0]])
    np.testing.assert_allclose(ex["output"], softmax(S) @ V)
    np.testing.assert_allclose(ex["scaled_output"], softmax(S / np.sqrt(3)) @ V)
    np.testing.assert_allclose(ex["rounded_output"], [[2, 7, 1.5], [2, 8, 0], [2, 7.8, 0.3]])  # the note's print
    assert abs(ex["output"][0, 1] - 6.683) < 1e-3


def test_note_pe_zeroes_row_0_and_runs_i_over_every_dimension():
    pe = lessons.note_pe(5, 8)
    assert (pe[0] == 0).all()
    assert pe[1, 1] == pytest.approx(np.cos(1 / 10000 ** (2 * 1 / 8)))  # the paper has cos(1 / 10000^0) = cos 1
    assert pe[3, 6] == pytest.approx(np.sin(3 / 10000 ** (2 * 6 / 8)))  # the paper: sin(3 / 10000^(6/8))


def test_i_ranges():
    assert lessons.i_ranges(96) == {"paper": 48, "all_dims": 96, "inclusive_half": 49}


def test_concatenating_a_one_hot_position_equals_adding_a_row_of_w_p():
    x = np.random.default_rng(1).normal(size=(5, 6))
    out = lessons.concat_vs_add(x, seed=3)
    rng = np.random.default_rng(3)  # the same draws as concat_vs_add(seed=3): W_I first, then W_P
    W_I, W_P = rng.normal(size=(6, 6)) / np.sqrt(6), rng.normal(size=(5, 6))
    np.testing.assert_allclose(out["added"], x @ W_I + W_P)
    assert out["max_diff"] < 1e-12


def test_pe_neighbour_similarity_is_the_same_at_any_position():
    sims = lessons.pe_shift_similarity([0, 10, 64, 1000], 1, 96)
    i = np.arange(48)
    np.testing.assert_allclose(sims, np.sum(np.cos(1 / 10000 ** (2 * i / 96))))


def numpy_attention_output(model, x):
    """Encoder layer 0's multi-head self-attention in NumPy from the model's weights; x (S, d)."""
    mha = model.encoder[0].self_attn
    W = {n: getattr(mha, n).weight.detach().double().numpy() for n in ("W_Q", "W_K", "W_V", "W_O")}
    b = {n: getattr(mha, n).bias.detach().double().numpy() for n in ("W_Q", "W_K", "W_V", "W_O")}
    h, d_k = mha.h, mha.d_k
    q, k, v = ((x @ W[n].T + b[n]).reshape(len(x), h, d_k).transpose(1, 0, 2) for n in ("W_Q", "W_K", "W_V"))
    z = softmax(q @ k.transpose(0, 2, 1) / np.sqrt(d_k)) @ v  # (h, S, d_k)
    return z.transpose(1, 0, 2).reshape(len(x), h * d_k) @ W["W_O"].T + b["W_O"]


def test_without_pe_self_attention_is_permutation_equivariant_and_with_pe_it_is_not(bundle):
    ids = bundle.src_vocab.encode("the cat is on the table", 64).ids
    emb = bundle.transformer.src_lut.weight.detach().double().numpy()[ids] * np.sqrt(bundle.config.d_model)
    for with_pe in (False, True):
        result = lessons.equivariance(bundle.transformer, ids, seed=5, with_pe=with_pe)
        x = emb + (bundle.transformer.pe[: len(ids)].double().numpy() if with_pe else 0)
        x_shuffled = emb[result.order] + (bundle.transformer.pe[: len(ids)].double().numpy() if with_pe else 0)
        np.testing.assert_allclose(result.attn, numpy_attention_output(bundle.transformer, x), atol=1e-4)
        shuffled = numpy_attention_output(bundle.transformer, x_shuffled)
        np.testing.assert_allclose(result.attn_shuffled, shuffled, atol=1e-4)
        if with_pe:
            assert result.attn_diff > 0.05 and result.memory_diff > 0.05
        else:
            assert result.attn_diff < 1e-5 and result.memory_diff < 1e-5
    assert sorted(result.order) == list(range(len(ids))) and (result.order != np.arange(len(ids))).any()


def logits_zeroing_the_pe_buffer(model, src, tgt, with_pe):
    """Teacher-forced logits with the source PE removed by zeroing a copy of the PE table for the encoder only
    (independent of the hook edit lessons.invariance uses)."""
    pe = model.pe.clone()
    with torch.no_grad():
        if not with_pe:
            model.pe.zero_()
        try:
            memory = model.encode(torch.tensor([src]))
        finally:
            model.pe.copy_(pe)
        return model.decode(memory, torch.tensor([src]), torch.tensor([tgt]))[0].double().numpy()


@pytest.mark.parametrize("name, text", [("en-zh", "I have a cat"), ("zh-en", "我有一只猫")])
def test_without_source_pe_the_translation_is_invariant_to_shuffling_and_with_it_it_is_not(name, text):
    from model.decoding import greedy_batch
    from model.tokenizer import BOS_ID

    b = load_bundle(name)
    src = b.src_vocab.encode(text, 64).ids
    tgt = [BOS_ID] + greedy_batch(b.transformer, torch.tensor([src]), 40)[0]
    result = lessons.invariance(b.transformer, src, tgt, seed=3)
    shuffled = [src[i] for i in result.order]
    for with_pe, shown in ((False, result.logit_diff_no_pe), (True, result.logit_diff_pe)):
        diff = np.abs(logits_zeroing_the_pe_buffer(b.transformer, shuffled, tgt, with_pe)
                      - logits_zeroing_the_pe_buffer(b.transformer, src, tgt, with_pe)).max()
        assert shown == pytest.approx(diff, abs=1e-5)
    assert result.logit_diff_no_pe < 1e-4 and result.logit_diff_pe > 0.3
    assert result.translation_no_pe_shuffled == result.translation_no_pe


def test_softmax_jacobian_norm_matches_finite_differences_and_vanishes_when_saturated():
    rng = np.random.default_rng(0)
    d_k = 512
    s = rng.standard_normal((6, d_k)) @ rng.standard_normal(d_k)  # q·k for 6 keys: standard deviation ≈ √d_k
    keep = np.array([True, True, True, True, True, False])
    plain, scaled = lessons.softmax_gradient_norms(s, keep, d_k)

    def fd_norm(z, eps=1e-6):  # ∂softmax/∂z over the visible keys by central differences
        z = z[keep]
        return np.linalg.norm([(softmax(z + eps * e) - softmax(z - eps * e)) / (2 * eps) for e in np.eye(len(z))])

    assert plain == pytest.approx(fd_norm(s), abs=1e-6)
    assert scaled == pytest.approx(fd_norm(s / np.sqrt(d_k)), abs=1e-6)
    assert plain < 1e-3 < 0.1 < scaled  # unscaled at d_k = 512 the softmax is saturated


def test_shared_norm_edit_applies_the_first_layernorm_to_every_sublayer(bundle):
    src = torch.tensor([bundle.src_vocab.encode("I have a cat", 64).ids])
    with editing(lessons.shared_norm_edits(bundle.transformer)), recording() as cache:
        bundle.transformer.encode(src)
    resid = cache["encoder.0.hook_resid_post"][0].double().numpy()
    norm1 = bundle.transformer.encoder[0].sub1.norm
    x_hat = (resid - resid.mean(-1, keepdims=True)) / np.sqrt(resid.var(-1, keepdims=True) + norm1.eps)
    expected = x_hat * norm1.weight.detach().double().numpy() + norm1.bias.detach().double().numpy()
    np.testing.assert_allclose(cache["encoder.0.hook_ln2"][0].double().numpy(), expected, atol=1e-4)


def test_implicit_softmax_normalises_over_the_batch_axis():
    logits = np.random.default_rng(0).normal(size=(2, 3, 5))
    out = lessons.implicit_softmax(logits)
    np.testing.assert_allclose(out, np.exp(logits) / np.exp(logits).sum(0, keepdims=True))
    np.testing.assert_array_equal(lessons.implicit_softmax(logits[:1]), np.ones((1, 3, 5)))


def test_batch_norm_and_layer_norm_axes():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(2, 4, 6))
    real = np.array([[1, 1, 1, 1], [1, 1, 0, 0]], bool)
    y, mu, var = lessons.batch_norm(x, real)
    flat = np.concatenate([x[0], x[1, :2]])  # the 6 real tokens
    np.testing.assert_allclose(mu, flat.mean(0))
    np.testing.assert_allclose(y[0, 0], (x[0, 0] - flat.mean(0)) / np.sqrt(flat.var(0) + 1e-5))
    assert (y[1, 2:] == 0).all()
    z, m, _ = lessons.layer_norm(x)
    np.testing.assert_allclose(m, x.mean(-1))
    np.testing.assert_allclose(z.mean(-1), 0, atol=1e-12)


def test_parameter_groups_add_up_and_match_the_formulas(bundle):
    cfg = bundle.config
    groups = lessons.parameter_groups(bundle.transformer)
    assert sum(groups.values()) == sum(p.numel() for p in bundle.transformer.parameters())
    d, d_ff, N = cfg.d_model, cfg.d_ff, cfg.N
    assert groups["attention"] == 3 * N * 4 * (d * d + d)
    assert groups["ffn"] == 2 * N * (d * d_ff + d_ff + d_ff * d + d)
    assert groups == lessons.formula_groups(N, d, d_ff, cfg.src_vocab_size, cfg.tgt_vocab_size, False)


def test_pretrained_counts_are_within_2_percent_of_the_published_figures():
    for name, (layers, hidden, _, stated, vocab, positions) in lessons.PRETRAINED.items():
        f = lessons.gpt_parameters if name.startswith("GPT") else lessons.bert_parameters
        assert abs(f(layers, hidden, vocab, positions) / (stated * 1e6) - 1) < 0.02, name
    paper = sum(lessons.formula_groups(6, 512, 2048, 37000, 0, False).values())
    assert abs(paper / 65e6 - 1) < 0.05


def test_attention_cost_records_an_h_n_n_float32_score_matrix(bundle):
    points = lessons.attention_cost(bundle.transformer, [8, 16], repeats=1)
    assert [p.score_bytes for p in points] == [4 * 8 * 8 * 4, 4 * 16 * 16 * 4]
    assert all(p.attention_ms > 0 and p.ffn_ms > 0 for p in points)


def test_dot_variance_is_d_k_before_and_1_after_scaling():
    raw, scaled = lessons.dot_variance((4, 64, 256))
    np.testing.assert_allclose(raw, [4, 64, 256], rtol=0.1)
    np.testing.assert_allclose(scaled, 1, rtol=0.1)


def test_mlm_picks_fifteen_percent_and_shuffle_order_is_a_permutation():
    picked, inp = lessons.mlm_example(list("abcdefghijklmnopqrst"))
    assert len(picked) == 3 and all(inp[i] == "[MASK]" for i in picked)
    assert sum(tok == "[MASK]" for tok in inp) == 3
    np.testing.assert_array_equal(lessons.shuffle_order(4, 0), np.arange(4))
    for seed in range(1, 30):
        order = lessons.shuffle_order(3, seed)
        assert sorted(order) == [0, 1, 2] and (order != np.arange(3)).any()


def test_nearest_words_by_cosine():
    table = np.array([[0, 0], [0, 0], [0, 0], [0, 0], [1, 0], [0.9, 0.1], [-1, 0], [0, 1.0]])
    itos = ["<pad>", "<unk>", "<bos>", "<eos>", "a", "b", "c", "d"]
    assert lessons.nearest_words(table, [4], itos, k=2) == [["b", "d"]]


def test_shared_norm_runs_on_the_pre_norm_model_and_keeps_its_final_layernorms():
    pre = load_bundle("en-zh-pre")
    edits = lessons.shared_norm_edits(pre.transformer)
    assert "encoder.0.hook_ln2" in edits and not any("enc_norm" in name for name in edits)
    assert lessons.run_shared_norm(pre, "I have a cat").decoded.steps
    N = pre.config.N
    assert [layer for layer, _, _ in lessons.gamma_spread(pre.transformer)] == \
        [f"encoder.{i}" for i in range(N)] + [f"decoder.{i}" for i in range(N)]


# ---- the notes' further mistakes: each finding's numbers recomputed independently ---------------------------------


def test_the_notes_plain_lists_hide_the_heads_from_pytorch():
    d, h = 96, 4
    c = lessons.plain_list_parameters(d, h)
    assert c["plain_params"] == d * d + d  # only `lin`
    assert c["list_params"] == 3 * h * (d * (d // h) + d // h) + d * d + d == 4 * d * d + 4 * d
    assert (c["plain_keys"], c["list_keys"]) == (2, 2 + 3 * h * 2)


def test_pe_of_pos_plus_k_is_a_rotation_of_pe_pos_not_a_combination_with_pe_k():
    d, pos, k = 96, 3, 2
    i = np.arange(d // 2)
    w = 1 / 10000 ** (2 * i / d)

    def pe(p):
        out = np.empty(d)
        out[0::2], out[1::2] = np.sin(p * w), np.cos(p * w)
        return out

    r = lessons.pe_shift(d, pos, k)
    A = np.stack([pe(pos), pe(k)], 1)
    coef = np.linalg.pinv(A) @ pe(pos + k)
    assert (r["a"], r["b"]) == pytest.approx(tuple(coef), abs=1e-9)
    assert r["combo_err"] == pytest.approx(np.abs(A @ coef - pe(pos + k)).max(), abs=1e-9)
    assert r["rotation_err"] < 1e-6 and r["combo_err"] > 0.5  # the model's PE table is float32


def test_div_term_ends_at_d_minus_2_and_never_underflows():
    for d in (96, 512):
        r = lessons.div_term_check(d)
        assert (r["count"], r["last"]) == (d // 2, d - 2)
        assert r["smallest"] == pytest.approx(10000 ** (-(d - 2) / d), rel=1e-6)
        assert r["diff"] < 1e-6


def test_pe_is_not_linear_in_the_position():
    i = np.arange(48)
    w = 1 / 10000 ** (2 * i / 96)
    pe1, pe2 = np.empty(96), np.empty(96)
    pe1[0::2], pe1[1::2], pe2[0::2], pe2[1::2] = np.sin(w), np.cos(w), np.sin(2 * w), np.cos(2 * w)
    assert lessons.pe_nonlinear(96) == pytest.approx(np.abs(pe2 - 2 * pe1).max(), abs=1e-6)


def test_one_teacher_forced_pass_equals_a_pass_per_position_and_beam_scores_at_least_greedy(bundle):
    from model.decoding import greedy_batch
    from model.tokenizer import BOS_ID, EOS_ID

    src = bundle.src_vocab.encode("I have a cat", 64).ids
    out = greedy_batch(bundle.transformer, torch.tensor([src]), 40)[0]
    assert lessons.one_pass_vs_steps(bundle.transformer, src, [BOS_ID, *out]) < 1e-4
    with torch.no_grad():
        logits = bundle.transformer(torch.tensor([src]), torch.tensor([[BOS_ID, *out]]))[0].double().numpy()
    logp = logits - np.log(np.exp(logits - logits.max(-1, keepdims=True)).sum(-1, keepdims=True)) - logits.max(
        -1, keepdims=True)
    expected = logp[np.arange(len(out) + 1), [*out, EOS_ID]].sum()
    assert lessons.sequence_log_prob(bundle.transformer, src, out) == pytest.approx(expected, abs=1e-4)
    beam = lessons.beam_ids(bundle.transformer, src, bundle.tgt_vocab, 4)
    assert lessons.sequence_log_prob(bundle.transformer, src, beam) >= expected - 1e-4


def test_heads_scores_and_cross_attention_sources_match_numpy(bundle):
    from model.trace import run_with_trace

    trace = run_with_trace(bundle, "the cat is on the table")
    mha = bundle.transformer.encoder[0].self_attn
    W = {n: getattr(mha, n).weight.detach().double().numpy() for n in ("W_Q", "W_K")}
    b = {n: getattr(mha, n).bias.detach().double().numpy() for n in ("W_Q", "W_K")}
    x = trace["hook_src_input"].astype(float)  # encoder layer 0's input (Post-Norm)
    q, k = x @ W["W_Q"].T + b["W_Q"], x @ W["W_K"].T + b["W_K"]  # (S, d)
    assert lessons.head_slices(bundle.transformer, trace) < 1e-4
    d_k = mha.d_k
    np.testing.assert_allclose(trace["encoder.0.self_attn.hook_q"][1], q[:, d_k:2 * d_k], atol=1e-4)
    s = q[:, :d_k] @ k[:, :d_k].T  # head 0's scores
    a = lessons.score_asymmetry(trace)
    assert a["asym"] == pytest.approx(np.abs(s - s.T).max(), abs=1e-3)
    assert a["off_diag"] == int((s.argmax(-1) != np.arange(len(s))).sum())
    diff, first = lessons.cross_attention_sources(bundle.transformer, trace)
    assert diff < 1e-4 and first > 0.1
    memory = trace["hook_memory"].astype(float)
    cross = bundle.transformer.decoder[1].cross_attn
    k1 = memory @ cross.W_K.weight.detach().double().numpy().T + cross.W_K.bias.detach().double().numpy()
    np.testing.assert_allclose(trace["decoder.1.cross_attn.hook_k"].transpose(1, 0, 2).reshape(len(k1), -1), k1,
                               atol=1e-4)
    pattern = trace["encoder.0.self_attn.hook_pattern"].astype(float)
    expected = min(np.abs(pattern[i] - pattern[j]).max() for i in range(4) for j in range(i + 1, 4))
    assert lessons.head_differences(trace) == pytest.approx(expected)


def test_table_1_for_a_sentence_and_the_papers_learning_rate_schedule():
    n, d = 6, 96
    costs = lessons.layer_costs(n, d, k=3)
    assert costs["self_attention"] == (n * n * d, 1, 1)
    assert costs["recurrent"] == (n * d * d, n, n)
    assert costs["convolutional"] == (3 * n * d * d, 1, 2)  # 3¹ < 6 ≤ 3²
    assert lessons.layer_costs(9, d)["convolutional"][2] == 2 and lessons.layer_costs(10, d)["convolutional"][2] == 3
    steps = np.array([1, 100, 4000, 4001, 100_000])
    expected = [512 ** -0.5 * min(s ** -0.5, s * 4000 ** -1.5) for s in steps]
    np.testing.assert_allclose(lessons.learning_rate(steps, 512), expected)
    assert lessons.learning_rate(4000, 512) == pytest.approx(1 / np.sqrt(512 * 4000))  # the peak
