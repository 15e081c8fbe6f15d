"""RoPE, ALiBi, grouped-query attention, the KV cache and sliding windows in the model, each checked against an
independent computation: NumPy written here, PyTorch's own FLOP counter, or the model's full pass."""
import numpy as np
import pytest
import torch
from torch.utils.flop_counter import FlopCounterMode

from model.attention import softmax
from model.checkpoint import load_bundle
from model.config import TransformerConfig
from model.kv_cache import cache_floats, run_cached, step_multiply_adds
from model.positional import alibi_bias, alibi_slopes
from model.trace import run_with_trace
from model.transformer import Transformer, new_cache, rotate
from model.window import receptive_fields, run_windowed, window_keep, windowed_log_p

VARIANTS = [(position, kv_heads) for position in ("sinusoidal", "rope", "alibi", "alibi-sym") for kv_heads in (0, 2, 1)]
SENTENCE = "the animal did not cross the street because it was too tired ."


def small(position: str, kv_heads: int, seed: int = 0) -> Transformer:
    """A small random model of the variant (h = 4, d_k = 8), in eval mode."""
    torch.manual_seed(seed)
    cfg = TransformerConfig(60, 50, d_model=32, h=4, d_ff=64, position=position, kv_heads=kv_heads)
    return Transformer(cfg).eval()


def test_rope_turns_each_pair_by_position_times_its_frequency():
    """Each pair (x[2i], x[2i+1]) read as a complex number and multiplied by e^{i p θ_i}, θ_i = 10000^(−2i/d_k)."""
    x = torch.randn(1, 2, 7, 8, dtype=torch.float64)
    z = x[..., 0::2].numpy() + 1j * x[..., 1::2].numpy()  # (1, 2, 7, 4)
    theta = 10000.0 ** (-np.arange(4) * 2 / 8)
    turned = z * np.exp(1j * np.arange(7)[:, None] * theta)  # (1, 2, 7, 4)
    got = rotate(x, torch.arange(7), 10000.0).numpy()
    np.testing.assert_allclose(got[..., 0::2], turned.real, atol=1e-12)
    np.testing.assert_allclose(got[..., 1::2], turned.imag, atol=1e-12)


def test_rope_scores_depend_only_on_the_offset():
    """q at position i and k at position j score the same as at i + s and j + s: RoPE's relative position."""
    q, k = torch.randn(1, 1, 1, 8, dtype=torch.float64), torch.randn(1, 1, 1, 8, dtype=torch.float64)
    positions = torch.arange(40)
    score = (rotate(q.expand(1, 1, 40, 8), positions, 1e4) @ rotate(k.expand(1, 1, 40, 8), positions, 1e4)
             .transpose(-1, -2))[0, 0].numpy()  # (40, 40)
    for i, j, s in ((5, 2, 11), (3, 9, 20), (0, 0, 30)):
        assert score[i, j] == pytest.approx(score[i + s, j + s], abs=1e-9)
    assert not np.allclose(score[5, 2], score[5, 3])


def test_alibi_slopes_are_the_papers_and_the_encoders_heads_look_one_way_each():
    """h = 4: slopes 2^−2, 2^−4, 2^−6, 2^−8 (Press et al.). Unmasked (an encoder): heads 0 and 1 see keys j ≤ i at
    −m · (i − j) with m = 1/4, 1/64, heads 2 and 3 keys j ≥ i at −m · (j − i) with m = 1/16, 1/256, the other side
    −inf; `symmetric`: −m_h · |i − j| everywhere (what a causal mask leaves of it is the paper's bias)."""
    np.testing.assert_allclose(alibi_slopes(4), [1 / 4, 1 / 16, 1 / 64, 1 / 256])
    bias = alibi_bias(4, 3, 5, offset=2)  # queries at positions 2, 3, 4 over keys 0 … 4
    symmetric = alibi_bias(4, 3, 5, offset=2, symmetric=True)
    m, left = [1 / 4, 1 / 64, 1 / 16, 1 / 256], [True, True, False, False]
    for h in range(4):
        for i in range(3):
            for j in range(5):
                d = i + 2 - j
                seen = d >= 0 if left[h] else d <= 0
                assert bias[h, i, j] == (pytest.approx(-m[h] * abs(d)) if seen else -np.inf)
                assert symmetric[h, i, j] == pytest.approx(-[1 / 4, 1 / 16, 1 / 64, 1 / 256][h] * abs(d))


def test_the_encoders_alibi_weights_are_softmax_of_scores_plus_each_heads_bias():
    """From the recorded q and k of an untrained ALiBi encoder, NumPy recomputes every head's weights with the bias
    written out: split heads (left: 1/4, 1/64; right: 1/16, 1/256; the other side masked), or −m_h · |i − j| for
    alibi-sym."""
    d = np.arange(6)[:, None] - np.arange(6)[None, :]  # (S, S) i − j
    for position in ("alibi", "alibi-sym"):
        model = small(position, 0)
        src = torch.randint(4, 60, (1, 6))
        with model.recording() as rec:
            model.encode(src)
        q = rec["encoder.0.self_attn.hook_q"][0].double().numpy()  # (h, S, d_k)
        k = rec["encoder.0.self_attn.hook_k"][0].double().numpy()  # (h, S, d_k)
        for head in range(4):
            s = q[head] @ k[head].T / np.sqrt(8)  # (S, S)
            if position == "alibi-sym":
                s = s - [1 / 4, 1 / 16, 1 / 64, 1 / 256][head] * np.abs(d)
            else:
                s = s - [1 / 4, 1 / 64, 1 / 16, 1 / 256][head] * np.abs(d)
                s[(d < 0) if head < 2 else (d > 0)] = -np.inf
            np.testing.assert_allclose(rec["encoder.0.self_attn.hook_pattern"][0, head].numpy(), softmax(s), atol=1e-5)


@pytest.mark.parametrize(("position", "kv_heads"), VARIANTS)
def test_each_heads_weights_are_softmax_of_its_scores_with_the_variants_position_and_shared_kv(position, kv_heads):
    """From the recorded (rotated) q and k, NumPy recomputes every decoder self-attention head's weights: query head
    i reads K/V head i // (h / h_kv); ALiBi adds −m|i − j| before the causal mask."""
    model = small(position, kv_heads)
    src, tgt = torch.randint(4, 60, (1, 6)), torch.randint(4, 50, (1, 5))
    with model.recording() as rec:
        model(src, tgt)
    for layer in range(2):
        name = f"decoder.{layer}.self_attn.hook_"
        q = rec[name + ("q_rot" if position == "rope" else "q")][0].double().numpy()  # (h, T, d_k)
        k = rec[name + ("k_rot" if position == "rope" else "k")][0].double().numpy()  # (h_kv, T, d_k)
        assert k.shape[0] == (kv_heads or 4)
        for head in range(4):
            s = q[head] @ k[head // (4 // k.shape[0])].T / np.sqrt(8)  # (T, T)
            if position.startswith("alibi"):  # causal: every key is on the left, where both are the paper's
                s = s - alibi_slopes(4)[head] * np.abs(np.arange(5)[:, None] - np.arange(5)[None, :])
            s[np.triu(np.ones((5, 5), bool), 1)] = -np.inf
            np.testing.assert_allclose(rec[name + "pattern"][0, head].numpy(), softmax(s), atol=1e-5)


def test_gqa_shares_kv_only_in_the_decoder():
    """K/V projections are h_kv · d_k wide in the decoder's self- and cross-attention, d_model in the encoder."""
    model = small("sinusoidal", 1)
    assert model.encoder[0].self_attn.W_K.out_features == 32
    assert model.decoder[0].self_attn.W_K.out_features == 8 and model.decoder[0].cross_attn.W_V.out_features == 8


@pytest.mark.parametrize(("position", "kv_heads"), VARIANTS)
def test_decoding_with_the_kv_cache_gives_the_full_passs_logits(position, kv_heads):
    """One token per step, or a block of three then the rest, through decode_step: the full pass's logits; the
    memory's K/V are projected once (the cross cache holds the same tensor at every step)."""
    model = small(position, kv_heads)
    src, tgt = torch.randint(4, 60, (2, 7)), torch.randint(4, 50, (2, 6))
    with torch.no_grad():
        memory = model.encode(src)
        full = model.decode(memory, src, tgt)  # (2, 6, V)
        cache = new_cache(2)
        first = model.decode_step(memory, src, tgt[:, :1], cache)
        cross_k = cache[1][1].k
        rest = [model.decode_step(memory, src, tgt[:, t : t + 1], cache) for t in range(1, 6)]
        assert cache[1][1].k is cross_k and cache[1][0].length == 6
        blocks = new_cache(2)
        two = torch.cat([model.decode_step(memory, src, tgt[:, :3], blocks),
                         model.decode_step(memory, src, tgt[:, 3:], blocks)], dim=1)
    np.testing.assert_allclose(torch.cat([first, *rest], 1).numpy(), full.numpy(), atol=2e-5)
    np.testing.assert_allclose(two.numpy(), full.numpy(), atol=2e-5)


@pytest.mark.parametrize("kv_heads", [0, 2, 1])
def test_multiply_adds_match_pytorchs_flop_counter(kv_heads):
    """Per step, with and without the cache: the count equals PyTorch's FLOP counter over the decoder (÷ 2 for
    multiply-adds), less the output projection's d_model · V per row it computes."""
    model = small("sinusoidal", kv_heads)
    cfg, S = model.config, 7
    src, tgt = torch.randint(4, 60, (1, S)), torch.randint(4, 50, (1, 6))
    generator = cfg.d_model * cfg.tgt_vocab_size
    with torch.no_grad():
        memory, cache = model.encode(src), new_cache(cfg.N)
        for t in range(1, 7):
            with FlopCounterMode(display=False) as full:
                model.decode(memory, src, tgt[:, :t])
            with FlopCounterMode(display=False) as cached:
                model.decode_step(memory, src, tgt[:, t - 1 : t], cache)
            assert full.get_total_flops() // 2 - t * generator == step_multiply_adds(cfg, S, t, cached=False)
            assert cached.get_total_flops() // 2 - generator == step_multiply_adds(cfg, S, t, cached=True)
            held = sum(kv.k.numel() + kv.v.numel() for layer in cache for kv in layer)
            assert held == cache_floats(cfg, S, t)


def test_the_cached_run_of_a_shipped_translation_equals_its_trace():
    """en-zh on the lecture sentence: the cached steps' logits, K cache and weights are the full pass's."""
    bundle = load_bundle("en-zh")
    trace = run_with_trace(bundle, SENTENCE)
    run = run_cached(bundle, trace.src.ids, trace.decoded.ids)
    np.testing.assert_allclose(run.logits, trace.arrays["hook_logits"], atol=1e-4)
    for layer in range(bundle.config.N):
        attn = trace.attn("decoder", layer)
        np.testing.assert_allclose(run.keys[layer], attn.k, atol=1e-5)
        np.testing.assert_allclose(run.patterns[layer], attn.pattern, atol=1e-5)


def brute_keep(L: int, W: int, g: int, causal: bool) -> np.ndarray:
    """The window mask written out cell by cell."""
    keep = np.zeros((L, L), bool)
    for i in range(L):
        for j in range(L):
            near = 0 <= i - j < W if causal else abs(i - j) < W
            glob = (i < g or j < g) and (j <= i or not causal)
            keep[i, j] = near or glob
    return keep


@pytest.mark.parametrize(("W", "g", "causal"), [(1, 0, False), (3, 1, False), (2, 2, True), (4, 0, True)])
def test_window_masks_and_receptive_fields(W, g, causal):
    """The mask cell by cell; what reaches each token after l layers by following the mask's edges l times."""
    L = 9
    keep = window_keep(L, L, W, g, causal)
    np.testing.assert_array_equal(keep, brute_keep(L, W, g, causal))
    fields = receptive_fields(keep, 3)
    for layers in range(1, 4):
        for i in range(L):
            reached = {i}
            for _ in range(layers):
                reached |= {j for r in reached for j in range(L) if keep[r, j]}
            assert set(np.flatnonzero(fields[layers - 1, i])) == reached
    if g == 0 and not causal:
        assert fields[1, 4].sum() == min(L, 2 * 2 * (W - 1) + 1)  # 2 layers reach 2 (W − 1) on each side


def test_the_window_is_applied_at_the_mask_hook_and_a_wide_one_changes_nothing():
    """Every self-attention's recorded mask is the window's; W ≥ the sentence leaves translation and log P as
    they are; W = 1 with no global token (each token sees only itself) changes them."""
    bundle = load_bundle("en-zh")
    intact = run_with_trace(bundle, SENTENCE)
    narrow = run_windowed(bundle, SENTENCE, 2, 1, ("encoder", "decoder"))
    S = len(intact.src.tokens)
    np.testing.assert_array_equal(narrow.attn("encoder", 1).mask, brute_keep(S, 2, 1, False))
    T = len(narrow.tgt_input_tokens)
    np.testing.assert_array_equal(narrow.attn("decoder", 0).mask, brute_keep(T, 2, 1, True))
    np.testing.assert_array_equal(narrow.attn("cross", 0).mask, intact.attn("cross", 0).mask[:1].repeat(T, 0))
    wide = run_windowed(bundle, SENTENCE, 64, 0, ("encoder", "decoder"))
    assert wide.decoded.ids == intact.decoded.ids
    full, windowed = windowed_log_p(bundle, SENTENCE, intact.decoded.ids, 64, 0, ("encoder", "decoder"))
    assert windowed == pytest.approx(full, abs=1e-9)
    full, windowed = windowed_log_p(bundle, SENTENCE, intact.decoded.ids, 1, 0, ("encoder", "decoder"))
    assert windowed < full - 10
