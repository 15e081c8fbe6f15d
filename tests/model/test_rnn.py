"""The recurrent models of the Before 2017 page: their GRU cells against torch.nn.GRU with the same weights, their
additive attention against NumPy, and what they ship with."""
import json

import numpy as np
import pytest
import torch

from model.checkpoint import CHECKPOINT_DIR
from model.rnn import RNN_DIR, additive_attention, gru_cell, load_rnn, run_rnn
from model.tokenizer import BOS_ID, EOS_ID, Vocab

SENTENCE = "The agreement on the European Economic Area was signed in August 1992."
LECTURE = [SENTENCE, "Attention is all you need.", "I love machine learning.", "The cat sat on the mat.",
           "My name is Zorblat.", "no no no no no no no no no no no no", "Hello", "?",
           "The students who came to the lecture yesterday asked many questions about how attention works.",
           "Tom thinks that Mary knows where John put the keys that his mother gave him last year."]


@pytest.fixture(scope="module", params=["rnnenc-en-zh", "rnnsearch-en-zh"])
def bundle(request):
    torch.set_num_threads(1)
    return load_rnn(request.param)


def np_sigmoid(x):
    return 1 / (1 + np.exp(-x))


def np_gru(x, h, w_ih, w_hh, b_ih, b_hh):
    """Cho et al.'s GRU written out for the test (PyTorch's gate order r, z, n)."""
    r_i, z_i, n_i = np.split(w_ih @ x + b_ih, 3)
    r_h, z_h, n_h = np.split(w_hh @ h + b_hh, 3)
    r, z = np_sigmoid(r_i + r_h), np_sigmoid(z_i + z_h)
    return (1 - z) * np.tanh(n_i + r * n_h) + z * h


def weights(module, suffix=""):
    """(w_ih, w_hh, b_ih, b_hh) of a GRU layer (suffix "_l0" / "_l0_reverse") or a GRUCell, as float64."""
    names = [f"{w}{suffix}" for w in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")]
    return [getattr(module, n).detach().double().numpy() for n in names]


def test_gru_cell_matches_torch_gru_with_the_same_weights(bundle):
    """The page's NumPy cell, run step by step over the sentence, gives nn.GRU's every state (both directions for
    RNNsearch's encoder), and the test's own formula gives the same."""
    model = bundle.model
    ids = torch.tensor([bundle.src_vocab.encode(SENTENCE, 64).ids])
    x = model.src_emb(ids).detach()  # (1, S, emb)
    with torch.no_grad():
        states, _ = model.encoder(x)  # (1, S, H or 2·H/2)
    xs = x[0].double().numpy()
    directions = [("_l0", range(len(xs)))] + ([("_l0_reverse", range(len(xs) - 1, -1, -1))]
                                              if model.encoder.bidirectional else [])
    H = model.encoder.hidden_size
    for k, (suffix, order) in enumerate(directions):
        w = weights(model.encoder, suffix)
        h = np.zeros(H)
        for j in order:
            step = gru_cell(xs[j], h, *w)
            assert np.allclose(step["h"], np_gru(xs[j], h, *w), atol=1e-12)
            h = step["h"]
            assert np.allclose(h, states[0, j, k * H : (k + 1) * H].numpy(), atol=1e-5)


def test_the_decoder_states_are_the_gru_cell_applied_to_each_step(bundle):
    """Each recorded decoder state s_i is the GRU of s_{i−1} and [E y_{i−1}; c_i] (RNNenc: c, the encoder's last
    state), recomputed in NumPy from the trace's own numbers."""
    tr = run_rnn(bundle, SENTENCE)
    model = bundle.model
    cell = model.cell if tr.kind == "rnnsearch" else model.decoder
    w = weights(cell, "" if tr.kind == "rnnsearch" else "_l0")
    ids = [BOS_ID] + bundle.tgt_vocab.ids_of(tr.tokens)
    emb = model.tgt_emb.weight.detach().double().numpy()
    for i in range(len(tr.states) - 1):
        x = np.concatenate([emb[ids[i]], tr.contexts[i]])
        assert np.allclose(np_gru(x, tr.states[i].astype(np.float64), *w), tr.states[i + 1], atol=1e-5)
    if tr.kind == "rnnenc":  # the decoder reads nothing but the encoder's last state
        assert np.allclose(tr.contexts, tr.annotations[-1], atol=1e-6)


def test_the_pages_numpy_decoding_writes_what_the_torch_models_greedy_writes(bundle):
    """run_rnn decodes in NumPy, one sentence at a time; the torch model's batched greedy (what training's dev BLEU
    runs) writes the same tokens for short, long, unknown-word and repeating sentences, through the same states."""
    for text in LECTURE:
        tr = run_rnn(bundle, text)
        with torch.no_grad():
            ids, steps = bundle.model.greedy(torch.tensor([tr.src.ids]), bundle.config.max_len)
        assert tr.tokens == bundle.tgt_vocab.decode(ids[0]), text
        assert tr.finished == (EOS_ID not in ids[0] and len(steps) > len(ids[0]))
        assert np.allclose(tr.states, torch.stack([st["s_prev"][0] for st in steps]).numpy(), atol=1e-5)
        if tr.kind == "rnnsearch":
            assert np.allclose(tr.weights, torch.stack([st["alpha"][0] for st in steps]).numpy(), atol=1e-5)


def test_additive_attention_matches_numpy():
    """RNNsearch's recorded scores, weights and contexts at every step are v_aᵀ tanh(W_a s + U_a h_j), their softmax
    and Σ α_j h_j, computed here in NumPy from the model's matrices; the page's NumPy function agrees."""
    b = load_rnn("rnnsearch-en-zh")
    tr = run_rnn(b, SENTENCE)
    W_a, U_a = b.model.W_a.weight.detach().double().numpy(), b.model.U_a.weight.detach().double().numpy()
    v_a = b.model.v_a.weight.detach().double().numpy()[0]
    h = tr.annotations.astype(np.float64)  # (S, hidden)
    for i, s in enumerate(tr.states.astype(np.float64)):
        e = np.array([v_a @ np.tanh(W_a @ s + U_a @ h_j) for h_j in h])  # (S,)
        alpha = np.exp(e) / np.exp(e).sum()
        assert np.allclose(tr.scores[i], e, atol=1e-4)
        assert np.allclose(tr.weights[i], alpha, atol=1e-5)
        assert np.allclose(tr.contexts[i], alpha @ h, atol=1e-5)
        page = additive_attention(s, h, W_a, U_a, v_a)
        assert np.allclose(page["scores"], e) and np.allclose(page["weights"], alpha)


def test_they_read_the_shipped_en_zh_vocabularies_and_say_what_they_learned_from(bundle):
    shipped = CHECKPOINT_DIR / "en-zh"
    for side in ("src", "tgt"):
        assert getattr(bundle, f"{side}_vocab").itos == Vocab.load(shipped / f"{side}_vocab.json").itos
    log = json.loads((RNN_DIR / bundle.name / "train_log.json").read_text())
    en_zh = json.loads((shipped / "train_log.json").read_text())
    assert log["data"]["files"] == en_zh["data"]["files"] and log["data"]["mix"] == "mixed"
    assert log["step"] > 0 and log["seconds"] > 0 and log["valid"]
    assert (RNN_DIR / bundle.name / "model.safetensors").stat().st_size < 15 * 2**20


def test_an_unknown_word_is_copied_by_rnnsearch_and_left_out_by_rnnenc():
    """<unk>: RNNsearch copies the source word its attention points to (Jean et al., 2015); RNNenc has no attention
    to copy with, so its text leaves the <unk> out."""
    for name in ("rnnenc-en-zh", "rnnsearch-en-zh"):
        tr = run_rnn(load_rnn(name), "My name is Zorblat.")
        for i, j in enumerate(tr.copied_from):
            assert (j is not None) == (tr.kind == "rnnsearch" and tr.tokens[i] == "<unk>")
        assert "<unk>" not in tr.output_text


def test_no_tokens_is_a_value_error():
    with pytest.raises(ValueError):
        run_rnn(load_rnn("rnnsearch-en-zh"), "   ")
