"""Pretrained Hugging Face models: every number the trace holds is checked against the library's own outputs
(output_attentions, logits, generate) and against NumPy recomputed from the weights; loading never downloads."""
import importlib.util
import shutil
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
import torch

from model.decoding import DecodeOptions
from tests.hf_models import require_transformers

require_transformers()
from model import pretrained  # noqa: E402  (after the skip/fail for a missing extra)
from model.hooks import BLOCK_PATHS  # noqa: E402

torch.set_num_threads(1)
RELATIVES = ["roberta", "xlm-roberta", "electra", "camembert"]  # BERT-family encoders with the same attention layout
FAMILIES = ["bert", "bert-no-mlm", "gpt2", "marian", "minilm"] + RELATIVES
TEXT = {"bert": "i have a [MASK] at home", "bert-no-mlm": "i have a cat", "gpt2": "why do we work every day",
        "marian": "i have a cat", "minilm": "the students read unbelievably long books"} | {
    r: "my friend has a [MASK]" for r in RELATIVES}


@pytest.fixture(scope="module")
def loaded(hf_paths):
    """Every model loaded through the path a user's folder takes."""
    return {name: pretrained.load(str(path)) for name, path in hf_paths.items()}


def traced(loaded, name, opts=None):
    return pretrained.run(loaded[name], TEXT[name], opts)


def library_attentions(pm, trace) -> dict[str, np.ndarray]:
    """The library's output_attentions for the same input, keyed by the app's hook prefix; (h, Lq, Lk) each."""
    ids = torch.tensor([trace.src.ids])
    with torch.inference_mode():
        if pm.family == "marian":
            rows = torch.tensor([[pm.config.decoder_start_token_id] + trace.decoded.ids])
            out = pm.model(input_ids=ids, decoder_input_ids=rows, output_attentions=True)
            named = {"encoder.{}.self_attn": out.encoder_attentions, "decoder.{}.self_attn": out.decoder_attentions,
                     "decoder.{}.cross_attn": out.cross_attentions}
        else:
            out = pm.model(input_ids=ids, output_attentions=True)
            named = {("encoder" if pm.family == "bert" else "decoder") + ".{}.self_attn": out.attentions}
    return {key.format(i): a[0].double().numpy() for key, layers in named.items() for i, a in enumerate(layers)}


@pytest.mark.parametrize("name", FAMILIES)
def test_attention_equals_the_librarys_output_attentions(loaded, name):
    trace = traced(loaded, name)
    lib = library_attentions(loaded[name], trace)
    assert len(lib) == sum(trace.layers.values()) > 0
    for prefix, want in lib.items():
        np.testing.assert_allclose(trace[f"{prefix}.hook_pattern"], want, atol=1e-5, err_msg=prefix)
    assert 0 <= trace.check <= 1e-5


def projections(pm, prefix):
    """W_Q, W_K, W_V (d_model, d_model) and biases as x · W + b, read from the module's parameters."""
    site = pm.sites[prefix]
    if site.fused is not None:  # GPT-2 Conv1D: weight is (in, 3·out)
        w, b = site.fused.weight.double().numpy(), site.fused.bias.double().numpy()
        return np.split(w, 3, axis=1), np.split(b, 3)
    mods = (site.q, site.k, site.v)
    return [m.weight.double().numpy().T for m in mods], [m.bias.double().numpy() for m in mods]


def out_projection(pm, prefix):
    """W_O as (concat, d_model) and its bias, from the module's parameters."""
    out = pm.sites[prefix].out
    w = out.weight.double().numpy()
    return (w if type(out).__name__ == "Conv1D" else w.T), out.bias.double().numpy()


def heads_of(x, h):
    """(L, h·d_k) -> (h, L, d_k)."""
    return x.reshape(x.shape[0], h, -1).transpose(1, 0, 2)


@pytest.mark.parametrize("name", FAMILIES)
def test_every_hook_recomputed_with_numpy_from_the_weights(loaded, name):
    """X (from the hook names of docs/trace-format.md) → Q, K, V → scores → ÷√d_k → softmax → z → concat · W_O + b."""
    pm, trace = loaded[name], traced(loaded, name)
    h = trace.config.h
    for side in trace.blocks:
        for layer in range(trace.layers[side]):
            prefix = BLOCK_PATHS[side].format(layer=layer)
            attn = trace.attn(side, layer)
            x_q, x_kv = attn.x_q.astype(np.float64), attn.x_kv.astype(np.float64)
            (wq, wk, wv), (bq, bk, bv) = projections(pm, prefix)
            q, k, v = heads_of(x_q @ wq + bq, h), heads_of(x_kv @ wk + bk, h), heads_of(x_kv @ wv + bv, h)
            for hook, want in (("q", q), ("k", k), ("v", v)):
                np.testing.assert_allclose(trace[f"{prefix}.hook_{hook}"], want, atol=2e-4, rtol=1e-4)
            q, k, v = (trace[f"{prefix}.hook_{n}"].astype(np.float64) for n in "qkv")
            scores = np.einsum("hqd,hkd->hqk", q, k)
            scaled = scores / np.sqrt(q.shape[-1])
            keep = trace[f"{prefix}.hook_mask"]
            e = np.where(keep, np.exp(scaled - scaled.max(-1, keepdims=True)), 0.0)
            weights = e / e.sum(-1, keepdims=True)
            z = np.einsum("hqk,hkd->hqd", weights, v)
            w_o, b_o = out_projection(pm, prefix)
            for hook, want in (("scores", scores), ("scaled", scaled), ("pattern", weights), ("z", z)):
                np.testing.assert_allclose(trace[f"{prefix}.hook_{hook}"], want, atol=1e-5, rtol=1e-5)
            np.testing.assert_allclose(trace[f"{prefix}.hook_out"], z.transpose(1, 0, 2).reshape(len(z[0]), -1)
                                       @ w_o + b_o, atol=1e-4, rtol=1e-4)
            assert np.isneginf(trace[f"{prefix}.hook_masked_scores"][:, ~keep]).all()


@pytest.mark.parametrize("name", FAMILIES)
def test_masks_are_bidirectional_causal_or_full_as_the_family_is(loaded, name):
    trace = traced(loaded, name)
    for side in trace.blocks:
        keep = trace[f"{BLOCK_PATHS[side].format(layer=0)}.hook_mask"]
        if side == "decoder":
            assert (keep == np.tril(np.ones(keep.shape, bool))).all()
        else:
            assert keep.all()


def test_marian_greedy_is_the_librarys_greedy_generate(loaded):
    pm = loaded["marian"]
    trace = traced(loaded, "marian", DecodeOptions(max_steps=12))
    with torch.inference_mode():  # one token more: generate() forces </s> at its last step (forced_eos_token_id)
        gen = pm.model.generate(torch.tensor([trace.src.ids]), num_beams=1, do_sample=False, max_new_tokens=13,
                                bad_words_ids=[[pm.config.pad_token_id]])[0].tolist()[1:13]
    eos = pm.config.eos_token_id
    want = gen[: gen.index(eos)] if eos in gen else gen
    assert trace.decoded.ids == want and trace.decoded.finished == (eos in gen)
    assert trace.tgt_input_tokens[0] == "<pad>" and len(trace.decoded.steps) == len(want) + trace.decoded.finished


@pytest.mark.parametrize("method", ["greedy", "beam", "sample"])
def test_marian_steps_hold_the_librarys_next_token_distribution(loaded, method):
    pm = loaded["marian"]
    trace = traced(loaded, "marian", DecodeOptions(method, max_steps=6, beam_width=3, seed=4))
    assert trace.decoded.method == method and trace.decoded.steps
    for step in trace.decoded.steps:
        with torch.inference_mode():
            logits = pm.model(input_ids=torch.tensor([trace.src.ids]),
                              decoder_input_ids=torch.tensor([step.prefix_ids])).logits[0, -1].double().numpy()
        logits[pm.config.pad_token_id] = -np.inf  # never chosen, as in generate()
        p = np.exp(logits - logits.max())
        p /= p.sum()
        if method != "sample":
            np.testing.assert_allclose(step.top_probs, np.sort(p)[::-1][: len(step.top_probs)], atol=1e-6)
            np.testing.assert_allclose(step.chosen_prob, p[step.chosen_id], atol=1e-6)
        assert step.cross_attn.shape == (trace.layers["cross"], trace.config.h, len(trace.src.tokens))
    if method == "beam":
        assert all(1 <= len(s.beams) <= 3 for s in trace.decoded.steps)


def softmax(x):
    x = np.asarray(x, dtype=np.float64)
    e = np.exp(x - x.max())
    return e / e.sum()


@pytest.mark.parametrize("name", ["bert"] + RELATIVES)
def test_bert_fills_in_each_mask_with_the_mlm_heads_softmax(loaded, name):
    pm = loaded[name]
    trace = traced(loaded, name)
    position = trace.src.tokens.index("[MASK]")
    assert trace.mlm and [p.position for p in trace.predictions] == [position]
    with torch.inference_mode():
        logits = pm.model(input_ids=torch.tensor([trace.src.ids])).logits[0, position].numpy()
    p = softmax(logits)
    best = np.argsort(-p)[: len(trace.predictions[0].ids)]
    assert trace.predictions[0].ids == best.tolist()
    np.testing.assert_allclose(trace.predictions[0].probs, p[best], atol=1e-7)


@pytest.mark.parametrize("name", ["bert-no-mlm", "minilm"])
def test_an_encoder_saved_without_mlm_head_says_so(loaded, name):
    trace = pretrained.run(loaded[name], "i have a [MASK]")
    assert trace.architecture == "BertModel" and not trace.mlm and trace.predictions == []


def test_gpt2_predicts_the_next_token_after_every_position(loaded):
    pm = loaded["gpt2"]
    trace = traced(loaded, "gpt2")
    with torch.inference_mode():
        logits = pm.model(input_ids=torch.tensor([trace.src.ids])).logits[0].numpy()
    assert [p.position for p in trace.predictions] == list(range(len(trace.src.ids)))
    for pred, row in zip(trace.predictions, logits):
        p = softmax(row)
        assert pred.ids[0] == int(p.argmax())
        np.testing.assert_allclose(pred.probs, np.sort(p)[::-1][: len(pred.probs)], atol=1e-7)
    assert trace.decoded.ids == [trace.predictions[-1].ids[0]]


def test_minilm_is_the_real_six_layer_twelve_head_model(loaded):
    trace = traced(loaded, "minilm")
    assert (trace.layers, trace.config.h, trace.config.d_model) == ({"encoder": 6}, 12, 384)
    assert trace.n_params > 22_000_000
    assert trace.src.tokens[:3] == ["[CLS]", "the", "students"] and "##bly" in trace.src.tokens


# --- subwords and words ------------------------------------------------------------------------------------------

def test_word_attention_sums_columns_and_averages_rows():
    rng = np.random.default_rng(0)
    pattern = rng.random((3, 6, 5))
    pattern /= pattern.sum(-1, keepdims=True)
    q_groups, k_groups = [0, 1, 1, 2, 3, 3], [0, 0, 1, 2, 2]
    want = np.zeros((3, 4, 3))
    for head in range(3):
        for wq in range(4):
            rows = [i for i, g in enumerate(q_groups) if g == wq]
            for wk in range(3):
                cols = [j for j, g in enumerate(k_groups) if g == wk]
                want[head, wq, wk] = sum(pattern[head, i, j] for i in rows for j in cols) / len(rows)
    got = pretrained.word_attention(pattern, q_groups, k_groups)
    np.testing.assert_allclose(got, want)
    np.testing.assert_allclose(got.sum(-1), 1.0)


def test_words_follow_the_tokenizers_split(loaded):
    minilm = traced(loaded, "minilm")
    labels = pretrained.word_labels(minilm.src.tokens, minilm.src_words)
    assert labels == ["[CLS]", "the", "students", "read", "unbelievably", "long", "books", "[SEP]"]
    gpt2 = pretrained.run(loaded["gpt2"], "i have a catastrophe")
    assert pretrained.word_labels(gpt2.src.tokens, gpt2.src_words) == ["i", "have", "a", "catastrophe"]
    marian = pretrained.run(loaded["marian"], "i have a catastrophe")
    assert pretrained.word_labels(marian.src.tokens, marian.src_words)[-1] == "</s>"
    assert "catastrophe" in pretrained.word_labels(marian.src.tokens, marian.src_words)


# --- input and loading ---------------------------------------------------------------------------------------------

def test_long_input_is_cut_and_says_so(loaded):
    trace = pretrained.run(loaded["minilm"], "cat " * 100)
    assert len(trace.src.tokens) == pretrained.MAX_TOKENS and trace.src.truncated and trace.src.n_input_tokens == 102


@pytest.mark.parametrize("name", FAMILIES)
def test_a_sentence_without_tokens_is_a_value_error(loaded, name):
    with pytest.raises(ValueError):
        pretrained.run(loaded[name], "   ")


def test_traces_are_read_only(loaded):
    trace = traced(loaded, "marian")
    assert not any(a.flags.writeable for a in trace.arrays.values())
    assert not trace.decoded.steps[0].cross_attn.flags.writeable



def folder_with(tmp_path, config: str):
    (tmp_path / "config.json").write_text(config)
    return str(tmp_path)


@pytest.mark.parametrize(("source", "code"), [
    ("", "empty"), ("   ", "empty"), ("../../etc/passwd", "no_folder"), ("/no/such/folder", "no_folder"),
    ("<script>alert(1)</script>", "no_folder"), ("a" * 400, "no_folder"), ("/", "no_config"),
    ("gpt2", "not_found"), ("Helsinki-NLP/opus-mt-en-zh", "not_found"), ("bert-base-uncased", "not_found"),
])
def test_bad_sources_give_a_message_code_and_never_download(no_network, source, code):
    with pytest.raises(pretrained.PretrainedError) as err:
        pretrained.load(source)
    assert err.value.code == code


def test_without_the_extra_loading_says_how_to_install_it(monkeypatch, hf_paths):
    real = importlib.util.find_spec
    missing = lambda name, *args: None if name == "transformers" else real(name, *args)  # noqa: E731
    monkeypatch.setattr(importlib.util, "find_spec", missing)
    assert not pretrained.available()
    with pytest.raises(pretrained.PretrainedError) as err:
        pretrained.load(str(hf_paths["minilm"]))
    assert err.value.code == "no_transformers"


def test_a_model_id_loads_from_the_local_hub_cache(no_network, hf_paths, tmp_path, monkeypatch):
    """The cache's layout: models--ORG--NAME/refs/main names the snapshot folder holding the files."""
    repo = tmp_path / "models--lab--tiny-gpt2"
    snapshot = repo / "snapshots" / "0123abcd"
    shutil.copytree(hf_paths["gpt2"], snapshot)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("0123abcd")
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    pm = pretrained.load("lab/tiny-gpt2")
    assert pm.family == "gpt2" and pm.name == "lab/tiny-gpt2"
    with pytest.raises(pretrained.PretrainedError) as err:
        pretrained.load("lab/other")
    assert err.value.code == "not_found"


def test_a_folder_of_another_architecture_is_unsupported(no_network, tmp_path):
    with pytest.raises(pretrained.PretrainedError) as err:
        pretrained.load(folder_with(tmp_path, '{"model_type": "t5", "architectures": ["T5ForConditionalGeneration"]}'))
    assert err.value.code == "unsupported" and err.value.fields["model_type"] == "t5"


def test_pickle_weights_are_refused(no_network, hf_paths, tmp_path):
    from transformers import AutoModelForMaskedLM, AutoTokenizer

    model = AutoModelForMaskedLM.from_pretrained(hf_paths["bert"])
    model.save_pretrained(tmp_path)
    AutoTokenizer.from_pretrained(hf_paths["bert"]).save_pretrained(tmp_path)
    (tmp_path / "model.safetensors").unlink()
    torch.save(model.state_dict(), tmp_path / "pytorch_model.bin")  # the same weights as a pickle
    with pytest.raises(pretrained.PretrainedError) as err:
        pretrained.load(str(tmp_path))
    assert err.value.code == "broken"


def test_a_broken_config_is_reported_not_raised(no_network, tmp_path):
    with pytest.raises(pretrained.PretrainedError) as err:
        pretrained.load(folder_with(tmp_path, "{not json"))
    assert err.value.code == "broken"


def test_output_weights_are_a_read_only_copy(loaded):
    pm = loaded["gpt2"]
    w = pretrained.output_weights(pm, "decoder", 1)
    np.testing.assert_array_equal(w, pm.model.transformer.h[1].attn.c_proj.weight.numpy())
    assert not w.flags.writeable and not np.shares_memory(w, pm.model.transformer.h[1].attn.c_proj.weight.numpy())


# --- one loaded model, many threads --------------------------------------------------------------------------------

SENTENCES = ["i have a cat", "he reads books at school every day", "do you like tea ?", "why do we work ?",
             "they eat apples", "she has two dogs"]


@pytest.mark.parametrize("name", ["minilm", "marian"])
def test_threads_sharing_a_model_each_get_their_own_trace(loaded, name):
    pm = loaded[name]
    opts = DecodeOptions(max_steps=8)
    alone = {s: pretrained.run(pm, s, opts) for s in SENTENCES}
    jobs = SENTENCES * 6
    with ThreadPoolExecutor(12) as pool:
        together = list(pool.map(lambda s: pretrained.run(pm, s, opts), jobs))
    for text, got in zip(jobs, together):
        want = alone[text]
        assert got.text == text and got.src.tokens == want.src.tokens and got.decoded.ids == want.decoded.ids
        assert got.arrays.keys() == want.arrays.keys()
        for key, a in want.arrays.items():
            scale = max(1.0, float(np.abs(a[np.isfinite(a)]).max(initial=0))) if a.dtype != bool else 1.0
            np.testing.assert_allclose(got.arrays[key], a, rtol=1e-5, atol=1e-5 * scale, err_msg=f"{text}: {key}")
