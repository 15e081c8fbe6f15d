"""The statements issue 50 found wrong, as the catalogue now words them: each fact that a computation can pin is
recomputed here (parameter counts, RoPE's signed offset, the cost of decoding without a cache) and the corrected
text is checked in both languages; the wrong wording is checked gone."""
import numpy as np
import pytest
import torch

from lesson.messages import CATALOGUE
from lesson.notes import MISTAKES, REMARKS
from model.checkpoint import load_bundle
from model.trace import run_with_trace
from tests.app.conftest import open_page


def both(key: str) -> str:
    """A message's English and Chinese, joined."""
    return CATALOGUE[key]["en"] + "\n" + CATALOGUE[key]["zh"]


def count(module: torch.nn.Module) -> int:
    """A module's parameters."""
    return sum(p.numel() for p in module.parameters())


def test_a_kernel_3_convolution_has_fewer_parameters_than_self_attention_and_a_3x3_one_more():
    d = 256
    conv3 = count(torch.nn.Conv1d(d, d, 3))
    attention = count(torch.nn.ModuleList(torch.nn.Linear(d, d) for _ in range(4)))  # W_Q, W_K, W_V, W_O
    image = count(torch.nn.Conv2d(d, d, 3))
    assert conv3 < attention < image
    for lang in ("en", "zh"):
        text = CATALOGUE["notes.more_params.wrong"][lang]
        assert f"{conv3:,}" in text and f"{attention:,}" in text and "9·d² + d" in text
        assert text.index(f"{conv3:,}") < text.index(f"{attention:,}")
    assert "does not have more parameters than a convolution" not in both("notes.more_params.wrong")


def rope(x: np.ndarray, p: int, base: float = 10000.0) -> np.ndarray:
    """x turned pair by pair by p · base^(−2i/d): RoPE written out in NumPy."""
    theta = base ** (-np.arange(0, len(x), 2) / len(x))
    c, s = np.cos(p * theta), np.sin(p * theta)
    out = np.empty_like(x)
    out[0::2], out[1::2] = x[0::2] * c - x[1::2] * s, x[0::2] * s + x[1::2] * c
    return out


def test_rope_scores_depend_on_the_signed_offset_and_the_texts_say_so():
    rng = np.random.default_rng(0)
    q, k = rng.standard_normal(32), rng.standard_normal(32)
    score = {(m, n): rope(q, m) @ rope(k, n) for m, n in ((2, 5), (10, 13), (5, 2))}
    assert score[(2, 5)] == pytest.approx(score[(10, 13)])  # the same n − m anywhere: the same score
    assert score[(2, 5)] == pytest.approx(q @ rope(k, 3))  # qᵀR_(n−m)k
    assert abs(score[(2, 5)] - score[(5, 2)]) > 0.1  # the same distance, the other sign: another score
    for key in ("pos.caption", "tour.rope.text"):
        assert "qᵀR_(n−m)k" in CATALOGUE[key]["en"] and "qᵀR_(n−m)k" in CATALOGUE[key]["zh"], key
        assert "signed offset" in CATALOGUE[key]["en"] and "有符号的偏移" in CATALOGUE[key]["zh"], key
        assert "how far apart" not in CATALOGUE[key]["en"] and "相隔多远" not in CATALOGUE[key]["zh"], key
    assert "signed offset" in CATALOGUE["pos.shift_caption"]["en"] and "only the distance" not in both(
        "pos.shift_caption")
    from lesson.tour.after_2017 import ROPE

    formula = ROPE.formula(run_with_trace(load_bundle("en-zh"), "I have a cat"))
    assert r"q'_m \cdot k'_n = q^\top R_{n-m}" in formula and "only" not in formula  # content and signed offset
    assert "Most recent large language models" in CATALOGUE["pos.caption"]["en"]
    assert "近来的大多数大语言模型" in CATALOGUE["pos.caption"]["zh"]


def test_decoding_without_a_cache_costs_t_squared_per_step_and_t_cubed_in_all():
    T = np.arange(1, 41)
    per_step = T * T  # step t: t queries against t keys
    assert np.polyfit(np.log(T[10:]), np.log(np.cumsum(per_step)[10:]), 1)[0] == pytest.approx(3, abs=0.2)
    assert np.polyfit(np.log(T[10:]), np.log(np.cumsum(T)[10:]), 1)[0] == pytest.approx(2, abs=0.2)  # cached
    for key in ("kv.caption", "tour.kv_cache.text"):
        assert "t²" in both(key) and "T³" in both(key), key
    assert "Every model in use today" not in both("tour.kv_cache.text")
    assert "今天所有在用的模型" not in both("tour.kv_cache.text")


def test_the_scaling_is_the_papers_suspicion_beside_additive_attention():
    for key in ("var.caption", "tour.scale.text", "notes.scale_grad.wrong"):
        en, zh = CATALOGUE[key]["en"], CATALOGUE[key]["zh"]
        assert "additive attention" in en and ("suspect" in en or "suspicion" in en), key
        assert "加性注意力" in zh and "猜测" in zh, key
    assert "nothing is normalised" not in both("notes.scale_grad.wrong")


def test_the_credits_and_the_convolution_headline():
    caption = CATALOGUE["fl.caption"]["en"]
    assert "Milakov and Gimelshein, 2018" in caption and "Rabe and Staats (2021)" in caption
    assert "on-chip memory" in caption and "recomputes" in caption
    assert "Milakov and Gimelshein, 2018" in CATALOGUE["tour.online.text"]["en"]
    assert CATALOGUE["tour.online.text"]["zh"].startswith("在线 softmax（Milakov 和 Gimelshein，2018）")
    assert CATALOGUE["paper.cnn"]["en"] == "A convolution is k attention heads with fixed weights, one per offset"
    assert "in its summary" in CATALOGUE["paper.caption_cnn"]["en"] and "ends with" not in both("paper.caption_cnn")
    assert "“two convolutions with kernel size 1” (§3.3)" in CATALOGUE["notes.attention_only.wrong"]["en"]


def test_the_chinese_texts_leave_no_memory_or_logits_and_the_tour_no_parallel_or_related_words():
    for key in ("kv.caption", "kv.check", "pos.mirror_caption", "tour.kv_cache.text", "diagram.memory"):
        assert "memory" not in CATALOGUE[key]["zh"].replace("{memory}", "") and "logits" not in CATALOGUE[key]["zh"]
    assert "并行" not in CATALOGUE["tour.positional.text"]["zh"]
    assert "related words end up close together" not in CATALOGUE["tour.embedding.text"]["en"]
    assert "only as far as translating rewards it" in CATALOGUE["tour.embedding.text"]["en"]


def test_a_notation_choice_is_a_remark_and_the_quotes_have_the_issues_ranges():
    assert "mh_projection" in REMARKS and "mh_projection" not in MISTAKES
    assert "notes.mh_projection.remark" in CATALOGUE and "notes.mh_projection.wrong" not in CATALOGUE

    def ranges(key):
        return [(note, lines) for note, lines, _, _ in MISTAKES[key][1]]

    assert ranges("attn_weights")[:2] == [(3, (94, 95)), (3, (147, 149))]
    assert ranges("module_list") == [(1, (115, 117)), (1, (278, 279))]
    assert (1, (233, 256)) in ranges("ln_shared") and (2, (90, 90)) in ranges("div_term")
    assert (0, (288, 288)) in ranges("qk_similarity") and (3, (57, 57)) in ranges("parallel_order")
    assert "⟨我爱⟩" in MISTAKES["rnn_parallel"][1][0][2] and "⟨我爱⟩" in both("notes.rnn_parallel.wrong")


def test_a_quoted_formula_is_fenced_as_latex_code_as_python_and_prose_is_escaped():
    from ui.notes import quoted

    formula = [q for _, quotes in MISTAKES.values() for q in quotes if q[3] and "\\" in q[2]]
    code = [q for _, quotes in MISTAKES.values() for q in quotes if q[3] and "\\" not in q[2] and "$$" not in q[2]]
    assert formula and code
    assert all(quoted(q[2], True).startswith("```latex\n") for q in formula)
    assert all(quoted(q[2], True).startswith("```python\n") for q in code)
    assert quoted("<b>x</b>", False).startswith("> ") and "<b>" not in quoted("<b>x</b>", False)


def test_the_mask_is_shaped_like_qk_not_like_the_decoder_input():
    """004:433 says the input matrix and the mask have the same dimensions: the page's shapes are read here from an
    independent run of the model, and the mask is checked to be QKᵀ's shape and not X's."""
    torch.set_num_threads(1)
    sentence = "I have a cat"
    trace = run_with_trace(load_bundle("en-zh"), sentence)
    x = trace.embedding("target").x  # (T, d_model)
    view = trace.attn("decoder", 0)
    T, d = x.shape
    assert view.mask.shape == view.scores.shape[1:] == (T, T) and d != T  # the mask is QKᵀ's shape, not X's
    assert MISTAKES["mask_shape"][0] == "masks"
    at = open_page("notes", s=sentence)
    page = "\n".join(str(m.value) for m in at.markdown)
    assert not at.exception
    assert (f"X is {T} × {d}, the causal mask {T} × {T}, and each head's QKᵀ {T} × {T} ({trace.config.h} heads, "
            f"d_k = {d // trace.config.h})") in page
    for lang in ("en", "zh"):
        assert "5 × 512" in CATALOGUE["notes.mask_shape.wrong"][lang] and "5 × 5。" in both("notes.mask_shape.wrong")


def note_attention(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    """«Transformer»'s attention (001:41-48) as printed, returning the weights too."""
    QK = torch.matmul(Q, K.transpose(-1, -2)) / Q.size(2) ** 0.5
    softQK = torch.softmax(QK, -1)  # (b, sq, s)
    return torch.matmul(softQK, V), softQK


def test_cross_attention_takes_q_and_k_v_of_different_lengths():
    """001:124 says Q, K and V all have the shape (b, s, d): the note's own cross-attention call and its test's
    lengths (64 target, 32 source tokens) run through its attention give 64 × 32 weights, and on this sentence the
    page's shapes are read from an independent run, the weights recomputed from q and k in NumPy."""
    torch.set_num_threads(1)
    Z, weights = note_attention(torch.randn(8, 64, 16), torch.randn(8, 32, 16), torch.randn(8, 32, 16))
    assert Z.shape == (8, 64, 16) and weights.shape == (8, 64, 32)
    sentence = "I have a cat"
    trace = run_with_trace(load_bundle("en-zh"), sentence)
    view = trace.attn("cross", 0)
    T, S, d = len(trace.tgt_input_tokens), len(trace.src.tokens), trace.config.d_model
    assert view.x_q.shape == (T, d) and trace.memory.shape == (S, d) and T != S
    q, k = view.q.astype(np.float64), view.k.astype(np.float64)  # (h, T, d_k), (h, S, d_k)
    scores = q @ k.transpose(0, 2, 1) / np.sqrt(q.shape[-1])  # (h, T, S)
    weights = np.exp(scores - scores.max(-1, keepdims=True))
    weights /= weights.sum(-1, keepdims=True)
    assert weights.shape == (trace.config.h, T, S) and np.allclose(weights, view.pattern, atol=1e-5)
    at = open_page("notes", s=sentence)
    page = "\n".join(str(m.value) for m in at.markdown)
    assert not at.exception
    assert (f"Q is read from the decoder, {T} × {d} ({T} target rows: <bos> and the output), K and V from the "
            f"encoder's output, {S} × {d} ({S} source tokens); each of the {trace.config.h} heads' weights is "
            f"{T} × {S}") in page
    assert MISTAKES["qkv_same_shape"][0] == "multi_head"
    for lang in ("en", "zh"):
        assert "self.att(x, encRet, encRet)" in CATALOGUE["notes.qkv_same_shape.wrong"][lang]
        assert "32" in CATALOGUE["notes.qkv_same_shape.wrong"][lang] and "64" in CATALOGUE[
            "notes.qkv_same_shape.wrong"][lang]


def test_d_model_is_named_and_the_pe_recomputed_with_it():
    """000:108 lost the symbol d_model: the page names this model's d_model and shows its PE recomputed with it, both
    checked here against the formula in NumPy."""
    torch.set_num_threads(1)
    sentence = "I have a cat"
    bundle = load_bundle("en-zh")
    trace = run_with_trace(bundle, sentence)
    pe = trace.embedding("source").pos_enc  # (S, d_model)
    S, d = pe.shape
    assert bundle.config.position == "sinusoidal" and bundle.config.pe_base == 10000.0
    pos, two_i = np.arange(S)[:, None], np.arange(0, d, 2)
    formula = np.empty((S, d))
    formula[:, 0::2], formula[:, 1::2] = np.sin(pos / 10000 ** (two_i / d)), np.cos(pos / 10000 ** (two_i / d))
    diff = np.abs(formula - pe).max()
    assert diff < 1e-5
    longest = 2 * np.pi / (1 / 10000 ** ((d - 2) / d))  # the wavelength of the last pair, i = d/2 − 1
    at = open_page("notes", s=sentence)
    page = "\n".join(str(m.value) for m in at.markdown)
    assert not at.exception
    assert (f"In this model d_model = {d}, the width of each embedding and of its PE. Recomputed from the formula "
            f"with d_model = {d}, this sentence's {S} PE rows match the model's to within {diff:.1e}") in page
    assert f"2π · 10000^((d_model − 2)/d_model) = {longest:,.0f}." in page
    assert MISTAKES["d_model_lost"][1][0][:2] == (0, (108, 108))
    assert "d_model" in CATALOGUE["notes.d_model_lost.wrong"]["zh"] and "§3.5" in both("notes.d_model_lost.wrong")
