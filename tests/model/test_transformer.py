"""The hooked Transformer: hook names and shapes, traced == plain, masks, and each hook against NumPy."""
import numpy as np
import pytest
import torch

from model.config import TransformerConfig
from model.tokenizer import PAD_ID
from model.transformer import AttnOptions, Transformer, cross_cache

ATTN = ["q", "k", "v", "mask", "scores", "scaled", "masked_scores", "pattern", "z", "concat", "out"]


def make_model(norm="post", seed=0):
    torch.manual_seed(seed)
    return Transformer(TransformerConfig(30, 40, d_model=32, h=4, d_ff=48, N=2, max_len=16, norm=norm)).eval()


def attn_shapes(prefix, B, h, Lq, Lk, d_k, d):
    shapes = {"q": (B, h, Lq, d_k), "k": (B, h, Lk, d_k), "v": (B, h, Lk, d_k), "mask": (B, Lq, Lk),
              "scores": (B, h, Lq, Lk), "scaled": (B, h, Lq, Lk), "masked_scores": (B, h, Lq, Lk),
              "pattern": (B, h, Lq, Lk), "z": (B, h, Lq, d_k), "concat": (B, Lq, d), "out": (B, Lq, d)}
    return {f"{prefix}.hook_{n}": s for n, s in shapes.items()}


def expected_hooks(B, S, T, cfg):
    """The complete, pinned list of hook names with their shapes."""
    d, h, d_k, ff, V = cfg.d_model, cfg.h, cfg.d_k, cfg.d_ff, cfg.tgt_vocab_size
    out = {"hook_src_embed": (B, S, d), "hook_pos_enc": (S, d), "hook_src_input": (B, S, d),
           "hook_tgt_embed": (B, T, d), "hook_tgt_pos_enc": (T, d), "hook_tgt_input": (B, T, d),
           "hook_memory": (B, S, d), "hook_dec_out": (B, T, d), "hook_logits": (B, T, V)}
    for i in range(cfg.N):
        e, dd = f"encoder.{i}", f"decoder.{i}"
        out |= attn_shapes(f"{e}.self_attn", B, h, S, S, d_k, d)
        out |= {f"{e}.hook_{n}": (B, S, d) for n in ("resid_mid", "ln1", "resid_post", "ln2")}
        out[f"{e}.hook_ffn_hidden"] = (B, S, ff)
        out |= attn_shapes(f"{dd}.self_attn", B, h, T, T, d_k, d)
        out |= attn_shapes(f"{dd}.cross_attn", B, h, T, S, d_k, d)
        out |= {f"{dd}.hook_{n}": (B, T, d) for n in ("resid_mid", "ln1", "resid_mid2", "ln2", "resid_post", "ln3")}
        out[f"{dd}.hook_ffn_hidden"] = (B, T, ff)
    return out


@pytest.mark.parametrize("norm", ["post", "pre"])
def test_hook_names_and_shapes_are_pinned(norm):
    model = make_model(norm)
    src, tgt = torch.randint(4, 30, (2, 5)), torch.randint(4, 40, (2, 3))
    with model.recording() as cache:
        model(src, tgt)
    got = {k: tuple(v.shape) for k, v in cache.items()}
    assert got == expected_hooks(2, 5, 3, model.config)


def test_traced_and_plain_forward_are_identical():
    model = make_model()
    src, tgt = torch.randint(4, 30, (2, 7)), torch.randint(4, 40, (2, 6))
    plain = model(src, tgt)
    with model.recording() as cache:
        traced = model(src, tgt)
    assert torch.equal(plain, traced)
    assert torch.equal(cache["hook_logits"], traced)
    n = len(cache)
    cache.clear()
    model(src, tgt)  # outside the block: nothing is recorded
    assert n > 0 and cache == {}


def test_cross_cache_projects_memory_once_and_changes_nothing():
    """Passes over one memory with a cross cache: the plain passes' logits and hooks (cross-attention's K/V recorded on
    every pass, an edit at them applied once per pass), and W_K/W_V of cross-attention run on the first pass only."""
    model = make_model()
    src = torch.randint(4, 30, (1, 6))
    memory = model.encode(src)
    projections = []
    handles = [model.decoder[i].cross_attn.W_K.register_forward_hook(lambda *_: projections.append(1))
               for i in range(model.config.N)]
    halve = {"decoder.1.cross_attn.hook_v": lambda v: v * 0.5}
    cross = cross_cache(model.config.N)
    for T in (3, 5, 4):
        tgt = torch.randint(4, 40, (1, T))
        with model.editing(halve), model.recording() as plain:
            expected = model.decode(memory, src, tgt)
        with model.editing(halve), model.recording() as cached:
            got = model.decode(memory, src, tgt, cross=cross)
        assert torch.equal(got, expected)
        assert plain.keys() == cached.keys() and all(torch.equal(plain[n], cached[n]) for n in plain)
    for h in handles:
        h.remove()
    assert len(projections) == 3 * model.config.N + model.config.N  # each plain pass, and the cached first pass


def test_causal_mask_later_tokens_never_change_earlier_positions():
    model = make_model()
    src = torch.randint(4, 30, (1, 6))
    tgt = torch.randint(4, 40, (1, 8))
    changed = tgt.clone()
    changed[0, 5:] = torch.randint(4, 40, (3,))
    a, b = model(src, tgt), model(src, changed)
    torch.testing.assert_close(a[0, :5], b[0, :5], rtol=0, atol=1e-6)
    assert not torch.allclose(a[0, 5:], b[0, 5:])


def test_padding_does_not_change_real_positions():
    model = make_model()
    src = torch.randint(4, 30, (1, 5))
    padded = torch.cat([src, torch.full((1, 3), PAD_ID)], dim=1)
    tgt = torch.randint(4, 40, (1, 4))
    torch.testing.assert_close(model(src, tgt), model(padded, tgt), rtol=0, atol=1e-5)
    with model.recording() as cache:
        model(padded, tgt)
    assert (cache["encoder.0.self_attn.hook_pattern"][0, :, :, 5:] == 0).all()
    assert (cache["decoder.1.cross_attn.hook_pattern"][0, :, :, 5:] == 0).all()
    assert torch.isneginf(cache["encoder.0.self_attn.hook_masked_scores"][0, :, :, 5:]).all()


def test_decoder_self_attention_pattern_is_lower_triangular():
    model = make_model()
    with model.recording() as cache:
        model(torch.randint(4, 30, (1, 4)), torch.randint(4, 40, (1, 6)))
    pattern = cache["decoder.0.self_attn.hook_pattern"][0].numpy()  # (h, T, T)
    assert np.all(np.triu(pattern, k=1) == 0)
    np.testing.assert_allclose(pattern.sum(-1), 1.0, atol=1e-6)


def test_hooks_agree_with_numpy_recomputation():
    """Q, K, V are per-head slices of X W; pattern = softmax(QKᵀ/√d_k); out = concat(Z) W_O + b."""
    model = make_model()
    src = torch.randint(4, 30, (1, 6))
    with model.recording() as c:
        model.encode(src)
    attn = model.encoder[0].self_attn
    x = c["hook_src_input"][0].numpy().astype(np.float64)  # (S, d)
    W = {n: getattr(attn, n).weight.detach().numpy().astype(np.float64) for n in ("W_Q", "W_K", "W_V", "W_O")}
    b = {n: getattr(attn, n).bias.detach().numpy().astype(np.float64) for n in ("W_Q", "W_K", "W_V", "W_O")}
    d_k = model.config.d_k
    heads = []
    for i in range(model.config.h):
        sl = slice(i * d_k, (i + 1) * d_k)
        q = x @ W["W_Q"][sl].T + b["W_Q"][sl]
        k = x @ W["W_K"][sl].T + b["W_K"][sl]
        v = x @ W["W_V"][sl].T + b["W_V"][sl]
        s = q @ k.T / np.sqrt(d_k)
        p = np.exp(s - s.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        np.testing.assert_allclose(c["encoder.0.self_attn.hook_q"][0, i], q, atol=1e-5)
        np.testing.assert_allclose(c["encoder.0.self_attn.hook_pattern"][0, i], p, atol=1e-5)
        heads.append(p @ v)
    concat = np.concatenate(heads, axis=1)
    np.testing.assert_allclose(c["encoder.0.self_attn.hook_out"][0], concat @ W["W_O"].T + b["W_O"], atol=1e-5)
    ln = model.encoder[0].sub1.norm
    mid = c["encoder.0.hook_resid_mid"][0].numpy().astype(np.float64)
    np.testing.assert_allclose(mid, x + c["encoder.0.self_attn.hook_out"][0].numpy(), atol=1e-5)
    normed = (mid - mid.mean(1, keepdims=True)) / np.sqrt(mid.var(1, keepdims=True) + ln.eps)
    expected = normed * ln.weight.detach().numpy() + ln.bias.detach().numpy()
    np.testing.assert_allclose(c["encoder.0.hook_ln1"][0], expected, atol=1e-5)


def test_embedding_is_scaled_by_sqrt_d_model_and_pe_added():
    model = make_model()
    src = torch.tensor([[5, 6, 7]])
    with model.recording() as c:
        model.encode(src)
    lut = model.src_lut.weight.detach()[[5, 6, 7]]
    torch.testing.assert_close(c["hook_src_embed"][0], lut * np.sqrt(32))
    torch.testing.assert_close(c["hook_src_input"][0], c["hook_src_embed"][0] + c["hook_pos_enc"])


def test_unscaled_option_changes_scaled_scores():
    model = make_model()
    src = torch.randint(4, 30, (1, 5))
    with model.recording() as c:
        model.encode(src, AttnOptions(scale=False))
    torch.testing.assert_close(c["encoder.0.self_attn.hook_scaled"], c["encoder.0.self_attn.hook_scores"])


def test_output_projection_shares_the_target_embedding_and_survives_a_round_trip(tmp_path):
    from model.checkpoint import Bundle, load_bundle, save_bundle
    from model.tokenizer import Vocab

    model = make_model()
    assert model.generator.weight is model.tgt_lut.weight  # §3.4 weight tying
    y = torch.randn(1, 3, 32)
    torch.testing.assert_close(model.generator(y), y @ model.tgt_lut.weight.T + model.generator.bias)
    src = Vocab("en", ["<pad>", "<bos>", "<eos>", "<unk>"] + [f"w{i}" for i in range(26)])
    tgt = Vocab("zh", ["<pad>", "<bos>", "<eos>", "<unk>"] + [f"c{i}" for i in range(36)])
    save_bundle(Bundle("tiny", model, src, tgt), tmp_path / "tiny")
    loaded = load_bundle("tiny", tmp_path).transformer
    assert loaded.generator.weight is loaded.tgt_lut.weight
    torch.testing.assert_close(loaded.tgt_lut.weight, model.tgt_lut.weight)


def test_initial_embeddings_times_sqrt_d_model_have_unit_scale():
    torch.manual_seed(0)
    d_model = 128
    model = Transformer(TransformerConfig(2000, 2000, d_model=d_model, h=4, d_ff=256))
    for lut in (model.src_lut, model.tgt_lut):
        scaled = lut.weight.detach()[4:] * np.sqrt(d_model)  # (V, d_model), specials aside
        assert 0.95 < float(scaled.std()) < 1.05
        assert float(lut.weight.detach()[PAD_ID].abs().max()) == 0.0
    w = model.encoder[0].self_attn.W_Q.weight.detach()
    bound = np.sqrt(6 / (d_model + d_model))  # Xavier-uniform
    assert float(w.abs().max()) <= bound and float(w.abs().max()) > 0.9 * bound
