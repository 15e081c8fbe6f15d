"""Typed trace access: each accessor returns what the model computed, checked against NumPy recomputations."""
import numpy as np
import pytest
import torch

from model.checkpoint import Bundle, load_bundle
from model.config import TransformerConfig
from model.decoding import DecodeOptions
from model.hooks import act_name
from model.trace import run_batch_encoding, run_batch_trace, run_with_trace
from model.transformer import Transformer
from tests.model.test_decoding import SRC, TGT


def bundle_for(norm: str) -> Bundle:
    """A random two-layer model with the given LayerNorm placement."""
    torch.manual_seed(1)
    cfg = TransformerConfig(len(SRC), len(TGT), d_model=32, h=4, d_ff=64, N=2, max_len=12, norm=norm)
    return Bundle("random", Transformer(cfg).eval(), SRC, TGT)


def layer_norm(x: np.ndarray, ln: torch.nn.LayerNorm) -> np.ndarray:
    """LayerNorm over the last axis in NumPy with the module's γ, β and ε."""
    x = x.astype(np.float64)
    mu, var = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + ln.eps) * ln.weight.detach().double().numpy() + ln.bias.detach().double().numpy()


@pytest.fixture(scope="module", params=["post", "pre"])
def run(request):
    """(bundle, trace) of one sentence for each norm placement."""
    bundle = bundle_for(request.param)
    return bundle, run_with_trace(bundle, "i like a cat", DecodeOptions(max_steps=4))


def test_act_name_follows_the_module_paths():
    assert act_name("pattern", 1, "cross") == "decoder.1.cross_attn.hook_pattern"
    assert act_name("q", 0, "decoder") == "decoder.0.self_attn.hook_q"
    assert act_name("ln2", 1, "encoder") == "encoder.1.hook_ln2"
    assert act_name("memory") == "hook_memory"
    names = {n for n, _ in bundle_for("post").transformer.named_modules()}
    assert {"decoder.1.cross_attn.hook_pattern", "encoder.1.hook_ln2", "hook_memory"} <= names


def test_config_is_the_dataclass(run):
    bundle, trace = run
    assert trace.config == bundle.config and trace.config.d_k == 8


@pytest.mark.parametrize("stack,subs", [("encoder", 2), ("decoder", 3)])
def test_sublayers_apply_the_layer_norm_where_the_norm_says(run, stack, subs):
    """Post-Norm: ln = LayerNorm(stream + sublayer); Pre-Norm: ln = LayerNorm(stream) and the stream adds on."""
    bundle, trace = run
    for layer in range(2):
        module = getattr(bundle.transformer, stack)[layer]
        for sub in range(subs):
            view = trace.sublayer(stack, layer, sub)
            norm = getattr(module, f"sub{sub + 1}").norm
            np.testing.assert_allclose(view.ln, layer_norm(view.before_norm, norm), atol=1e-4)
            if trace.post_norm:
                np.testing.assert_array_equal(view.before_norm, view.resid)
            else:
                np.testing.assert_array_equal(view.before_norm, view.stream_in)
            if sub > 0:
                np.testing.assert_array_equal(view.stream_in, trace.sublayer(stack, layer, sub - 1).output)


def test_the_encoder_stack_ends_in_memory(run):
    bundle, trace = run
    last = trace.layer_output("encoder", 1)
    if trace.post_norm:
        np.testing.assert_array_equal(last, trace.memory)
    else:  # Pre-Norm folds the stack's final LayerNorm into memory
        np.testing.assert_allclose(layer_norm(last, bundle.transformer.enc_norm), trace.memory, atol=1e-4)


def test_embedding_is_embed_plus_pe(run):
    _, trace = run
    for side, n in (("source", len(trace.src.tokens)), ("target", len(trace.tgt_input_tokens))):
        e = trace.embedding(side)
        assert len(e.tokens) == n == e.x.shape[0]
        np.testing.assert_allclose(e.x, e.embed + e.pos_enc, atol=1e-6)


def test_attention_view_recomputes_from_q_and_k(run):
    """pattern = softmax(QKᵀ/√d_k + mask) recomputed in NumPy from the view's own q, k and mask."""
    _, trace = run
    for block in ("encoder", "decoder", "cross"):
        a = trace.attn(block, 1)
        scores = a.q.astype(np.float64) @ a.k.astype(np.float64).transpose(0, 2, 1) / np.sqrt(8)
        scores = np.where(a.mask, scores, -np.inf)
        weights = np.exp(scores - scores.max(-1, keepdims=True))
        np.testing.assert_allclose(a.pattern, weights / weights.sum(-1, keepdims=True), atol=1e-5)
        np.testing.assert_allclose(a.z, a.pattern @ a.v, atol=1e-5)
        assert a.pattern.shape[1:] == (len(a.queries), len(a.keys))
        np.testing.assert_array_equal(trace.patterns(block)[1], a.pattern)
    np.testing.assert_array_equal(trace.attn("cross", 0).x_kv, trace.memory)


def test_every_hook_has_axes_matching_its_shape(run):
    """Row tokens and columns of every recorded matrix: lengths agree with the array's last two axes."""
    _, trace = run
    V = len(TGT)
    for name, array in trace.arrays.items():
        rows, cols = trace.axes(name)
        assert array.shape[-2] == len(rows), name
        width = {"vocab": V, "dims": array.shape[-1]}.get(cols, None) if isinstance(cols, str) else len(cols)
        assert array.shape[-1] == width, name


def test_batch_attention_keeps_the_batch_axis():
    bundle = bundle_for("post")
    batch = run_batch_trace(bundle, ["i like a cat", "a cat"])
    a = batch.attn("encoder", 0)
    assert a.pattern.shape[:2] == (2, 4) and a.mask.shape[0] == 2
    assert not a.mask[1].all()  # the shorter sentence has padded keys


def test_batch_fed_each_sentences_own_greedy_output_equals_the_batched_greedy_loop():
    """The app passes each sentence's cached greedy translation instead of decoding the batch again: same rows,
    same recorded arrays (padding is masked, so a sentence decodes alone as it does in the batch)."""
    bundle = load_bundle("en-zh")
    texts = ["my friend drinks a cup of hot tea in the morning", "you like tea"]
    looped = run_batch_trace(bundle, texts)
    given = run_batch_trace(bundle, texts, outputs=[run_with_trace(bundle, t).decoded.ids for t in texts])
    assert given.tgt_rows == looped.tgt_rows and "<pad>" in given.tgt_rows[1]
    for name, array in looped.arrays.items():
        np.testing.assert_allclose(given.arrays[name], array, atol=1e-5, err_msg=name)


def rounding_bound(X: np.ndarray, W: np.ndarray, eps: float) -> np.ndarray:
    """Largest |X·W − X₀·W₀| per entry when every entry of X and W is within eps of the true X₀ and W₀:
    |ΔX·W₀| + |X₀·ΔW| + |ΔX·ΔW| ≤ eps·(Σ|W| + Σ|X|) + 3·d·eps², plus float32 noise of the model's own product."""
    d = X.shape[1]
    return eps * (np.abs(X).sum(1, keepdims=True) + np.abs(W).sum(0, keepdims=True)) + 3 * d * eps**2 + 1e-4


def assert_preset_is_the_models_head(p: dict, trace, side: str, layer: int, head: int) -> None:
    """The "this sentence" preset, multiplied out in NumPy (X·W_Q, QKᵀ/√d_k, masked softmax), equals the head's Q, K,
    V, scaled scores and weights recorded by the model (hooks q, k, v, scaled, pattern) within what rounding every
    entry to DECIMALS can change; and every grid's text parses back to the preset's numbers exactly."""
    from model.explain import fmt_all
    from model.playground import DECIMALS, parse_matrix

    eps = 0.5 * 10.0**-DECIMALS
    hook = {name: trace[act_name(name, layer, side)].astype(np.float64)  # (h, L, d_k) or (h, L, L)
            for name in ("q", "k", "v", "scaled", "pattern")}
    X = p["X"]  # (L, d_model + 1): the layer input, then a column of ones
    np.testing.assert_array_equal(X[:, -1], 1.0)
    got, bound = {}, {}
    for name, W in (("q", p["W_Q"]), ("k", p["W_K"]), ("v", p["W_V"])):  # (d_model + 1, d_k): weights, then bias
        got[name], bound[name] = X @ W, rounding_bound(X, W, eps)  # (L, d_k)
        error = np.abs(got[name] - hook[name][head])
        assert (error <= bound[name]).all(), (name, float((error - bound[name]).max()))
    d_k = got["q"].shape[1]
    scaled = got["q"] @ got["k"].T / np.sqrt(d_k)  # (L, L)
    bound_s = (np.abs(got["q"]) @ bound["k"].T + bound["q"] @ np.abs(got["k"]).T + bound["q"] @ bound["k"].T)
    bound_s = bound_s / np.sqrt(d_k) + 1e-4
    keep = p["mask"].astype(bool)
    assert (np.abs(scaled - hook["scaled"][head])[keep] <= bound_s[keep]).all()
    logits = np.where(keep, scaled, -np.inf)
    weights = np.exp(logits - logits.max(1, keepdims=True))
    weights /= weights.sum(1, keepdims=True)
    delta = np.where(keep, bound_s, 0).max(1, keepdims=True)  # every logit of a row moves by at most this
    bound_p = weights * np.expm1(2 * delta) + 1e-5  # so each weight by at most this factor of itself
    assert (np.abs(weights - hook["pattern"][head]) <= bound_p).all()
    np.testing.assert_array_equal(keep, trace.attn(side, layer).mask)
    for name in ("X", "W_Q", "W_K", "W_V"):
        np.testing.assert_array_equal(parse_matrix(name, fmt_all(p[name], DECIMALS)), p[name], err_msg=name)


@pytest.mark.parametrize("side", ["encoder", "decoder"])
def test_playground_preset_folds_the_bias_in_and_is_the_recorded_head(run, side):
    """The playground's "this sentence" preset: X ends in a column of ones and each W in its bias row, so X·W is the
    model's X·W + b; Post-Norm and Pre-Norm (whose attention reads the LayerNorm's output)."""
    from model.playground import DECIMALS, from_trace

    bundle, trace = run
    head, d_k = 2, trace.config.d_k
    p = from_trace(trace, bundle.transformer, side, 1, head)
    mha = getattr(bundle.transformer, side)[1].self_attn
    for name in ("W_Q", "W_K", "W_V"):
        b = getattr(mha, name).bias.detach().numpy().astype(np.float64)[head * d_k:(head + 1) * d_k]
        np.testing.assert_array_equal(p[name][-1], np.round(b, DECIMALS) + 0.0)
    assert p["tokens"] == trace.attn(side, 1).queries and p["bias"]
    assert_preset_is_the_models_head(p, trace, side, 1, head)


def test_playground_preset_is_every_head_of_the_shipped_model():
    """On the shipped model, every self-attention head of both blocks: the preset's Q, K, V, scores and weights
    are the recorded ones (before the fold, leaving the biases out, weights were off by up to 0.45)."""
    from model.playground import from_trace

    bundle = load_bundle("en-zh")
    trace = run_with_trace(bundle, "my friend drinks a cup of hot tea in the morning")
    for side in ("encoder", "decoder"):
        for layer in range(trace.config.N):
            for head in range(trace.config.h):
                assert_preset_is_the_models_head(from_trace(trace, bundle.transformer, side, layer, head), trace, side,
                                                 layer, head)


def test_input_errors_carry_a_catalogue_key_and_its_fields():
    """Model-side input errors name a message and its fields; the catalogue has that message with those fields."""
    import string

    from lesson.messages import CATALOGUE
    from model.explain import InputError, project_and_attend
    from model.playground import MAX_SIDE, parse_mask, parse_matrix

    cases = [lambda: parse_matrix("X", [["1", "abc"]]), lambda: parse_matrix("X", [["", "1"]]),
             lambda: parse_matrix("X", [["inf"]]), lambda: parse_matrix("X", [["1e9"]]),
             lambda: parse_matrix("X", []), lambda: parse_matrix("X", [["1"] * (MAX_SIDE + 1)]),
             lambda: parse_mask([["2"]]),
             lambda: project_and_attend(np.ones((2, 3)), np.ones((4, 2)), np.ones((3, 2)), np.ones((3, 2))),
             lambda: project_and_attend(np.ones((2, 3)), np.ones((3, 2)), np.ones((3, 4)), np.ones((3, 2))),
             lambda: project_and_attend(np.ones((2, 3)), np.ones((3, 2)), np.ones((3, 2)), np.ones((3, 2)),
                                        np.ones((3, 3), bool))]
    keys = set()
    for case in cases:
        with pytest.raises(InputError) as info:
            case()
        err = info.value
        keys.add(err.key)
        for lang in ("en", "zh"):
            template = CATALOGUE[f"pg.{err.key}"][lang]
            wanted = {f for _, f, _, _ in string.Formatter().parse(template) if f}
            assert wanted == set(err.fields), (err.key, lang)
            template.format(**err.fields)
    assert len(keys) == len(cases)


def test_rotated_is_a_rope_models_q_and_k_turned_by_position():
    """trace.rotated gives the q and k of the scores: unturned at position 0, their product Q Kᵀ / √d_k is `scaled`."""
    torch.manual_seed(1)
    cfg = TransformerConfig(len(SRC), len(TGT), d_model=32, h=4, d_ff=64, N=2, max_len=12, position="rope")
    bundle = Bundle("rope", Transformer(cfg).eval(), SRC, TGT)
    trace = run_with_trace(bundle, "i like a cat", DecodeOptions(max_steps=4))
    for block in ("encoder", "decoder"):  # cross-attention turns nothing
        q_rot, k_rot = trace.rotated(block, 1)  # (h, L_q, d_k), (h, L_k, d_k)
        attn = trace.attn(block, 1)
        np.testing.assert_array_equal(q_rot[:, 0], attn.q[:, 0])
        assert not np.allclose(q_rot[:, 1:], attn.q[:, 1:])
        np.testing.assert_allclose(q_rot @ k_rot.swapaxes(-1, -2) / np.sqrt(cfg.d_k), attn.scaled, atol=1e-5)


def test_a_batch_encoded_alone_holds_the_whole_batchs_encoder_arrays():
    """Add & Norm's batch runs the encoder only: its rows and every array it records equal the whole model's batch
    (the encoder never reads the decoder), and it records no decoder array."""
    bundle = load_bundle("en-zh")
    texts = ["my friend drinks a cup of hot tea in the morning", "you like tea"]
    alone, whole = run_batch_encoding(bundle, texts), run_batch_trace(bundle, texts)
    assert alone.src_rows == whole.src_rows and "<pad>" in alone.src_rows[1]
    assert alone.arrays and not [name for name in alone.arrays if name.startswith("decoder")]
    assert set(alone.arrays) < set(whole.arrays)
    for name, array in alone.arrays.items():
        np.testing.assert_array_equal(array, whole.arrays[name], err_msg=name)
    np.testing.assert_array_equal(alone.norm_input(True), whole.norm_input(True))
