"""The BERT vs GPT page with a pretrained model loaded: every number it shows recomputed here from the library's own
outputs (output_attentions, logits, parameters), without the app."""
import functools
import html
import re

import numpy as np
import pytest
import torch

from tests.app.conftest import array, by_title, open_page, ticktext
from tests.hf_models import require_transformers
from ui.widgets import plain

require_transformers()
import transformers as tf  # noqa: E402

SENTENCE = "The students read unbelievably long books"
BERT_MASK = "This BERT, measured from its weights: mask"
MEASURED = {"minilm": BERT_MASK, "bert": BERT_MASK, "gpt2": "This GPT-2, measured from its weights: mask"}
OTHER = {"minilm": "What a GPT would use: the causal mask", "bert": "What a GPT would use: the causal mask",
         "gpt2": "What a BERT would use: no mask (bidirectional)"}
CLASSES = {"minilm": tf.BertModel, "bert": tf.BertForMaskedLM, "gpt2": tf.GPT2LMHeadModel, "marian": tf.MarianMTModel}


@functools.lru_cache(maxsize=8)
def library(path: str, name: str):
    """The library's own model and tokenizer from the folder (as a user's code would load them)."""
    torch.set_num_threads(1)
    model = CLASSES[name].from_pretrained(path, local_files_only=True, attn_implementation="eager").eval()
    return model, tf.AutoTokenizer.from_pretrained(path, local_files_only=True)


def bg_page(path, **params):
    at = open_page("bert_gpt", model="hf", hf=str(path), **params)
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def texts(at) -> str:
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "info") for e in getattr(at, kind))


def numbers(pattern: str, text: str) -> list[float]:
    found = re.search(pattern, text)
    assert found, pattern
    return [float(g.replace(",", "")) for g in found.groups()]


def ticks(fig) -> list[str]:
    """A figure's row labels as the tokens they name (the chart escapes < and >)."""
    return [html.unescape(x) for x in ticktext(fig)]


def hidden(fig) -> np.ndarray:
    """Cells the mask figure draws as −∞ (NaN in its z)."""
    return np.isnan(array(fig["data"][0]["z"]).astype(float))


def sees_lines(at, tokens: list[str], visible: np.ndarray) -> str:
    """The "… sees …" caption the page should show for a mask."""
    lines = [f"{plain(tok)} sees: {plain(' '.join(np.array(tokens)[visible[i]]))}" for i, tok in enumerate(tokens[:8])]
    return "  \n".join(lines + (["…"] if len(tokens) > 8 else []))


@pytest.mark.parametrize("name", ["minilm", "bert", "gpt2"])
def test_measured_mask_is_read_from_the_librarys_weights(hf_paths, name):
    at = bg_page(hf_paths[name], s=SENTENCE)
    model, tok = library(str(hf_paths[name]), name)
    enc = tok(SENTENCE, return_tensors="pt")
    with torch.inference_mode():
        weights = np.stack([a[0].double().numpy() for a in model(**enc, output_attentions=True).attentions])
    tokens = tok.convert_ids_to_tokens(enc["input_ids"][0])
    n = len(tokens)
    visible = weights.max(axis=(0, 1)) > 0  # (n, n)
    above = weights[..., np.triu_indices(n, 1)[0], np.triu_indices(n, 1)[1]]
    figs = by_title(at)
    measured, other = figs[MEASURED[name]], figs[OTHER[name]]
    assert ticks(measured) == tokens == ticks(other)
    np.testing.assert_array_equal(hidden(measured), ~visible)
    causal = np.tril(np.ones((n, n), bool))
    if name == "gpt2":  # the claim: exactly 0 above the diagonal, in every layer and head
        assert (above == 0).all()
        np.testing.assert_array_equal(visible, causal)
        assert not hidden(other).any()
    else:  # weight > 0 on every later token
        assert (above > 0).all() and visible.all()
        np.testing.assert_array_equal(hidden(other), ~causal)
    largest, smallest = numbers(r"largest ([\d.e+-]+), smallest ([\d.e+-]+)\.", texts(at))
    assert largest == pytest.approx(above.max(), rel=5e-3, abs=0) and smallest == pytest.approx(above.min(), rel=5e-3)
    verdict = "exactly 0" if name == "gpt2" else "are > 0: every token sees every token"
    assert verdict in texts(at)
    captions = [c.value for c in at.caption]
    assert sees_lines(at, tokens, visible) in captions and sees_lines(at, tokens, ~hidden(other)) in captions


def test_marian_shows_its_encoders_and_decoders_measured_masks(hf_paths):
    at = bg_page(hf_paths["marian"], s="i have a cat")
    model, tok = library(str(hf_paths["marian"]), "marian")
    figs = by_title(at)
    enc_fig = figs["Marian encoder, measured from its weights: mask"]
    dec_fig = figs["Marian decoder self-attention, measured: mask"]
    src = tok("i have a cat", return_tensors="pt")
    dec_ids = torch.tensor([tok.convert_tokens_to_ids(ticks(dec_fig))])
    with torch.inference_mode():
        out = model(**src, decoder_input_ids=dec_ids, output_attentions=True)
    enc_w = np.stack([a[0].numpy() for a in out.encoder_attentions])
    dec_w = np.stack([a[0].numpy() for a in out.decoder_attentions])
    assert ticks(enc_fig) == tok.convert_ids_to_tokens(src["input_ids"][0])
    np.testing.assert_array_equal(hidden(enc_fig), ~(enc_w.max(axis=(0, 1)) > 0))
    np.testing.assert_array_equal(hidden(dec_fig), ~(dec_w.max(axis=(0, 1)) > 0))
    n = dec_ids.shape[1]
    assert not hidden(enc_fig).any() and (hidden(dec_fig) == ~np.tril(np.ones((n, n), bool))).all()


def word_positions(tokens: list[str]) -> list[list[int]]:
    """Token positions of each word, rebuilt from the WordPiece "##" marks (special tokens left out)."""
    words: list[list[int]] = []
    for i, t in enumerate(tokens):
        if t in ("[CLS]", "[SEP]"):
            continue
        if t.startswith("##"):
            words[-1].append(i)
        else:
            words.append([i])
    return words


def test_bert_masked_word_predictions_are_the_mlm_heads(hf_paths):
    model, tok = library(str(hf_paths["bert"]), "bert")
    ids = tok(SENTENCE, return_tensors="pt")["input_ids"]
    tokens = tok.convert_ids_to_tokens(ids[0])
    words = word_positions(tokens)
    word = next(k for k, pos in enumerate(words) if len(pos) > 1)  # a word of several subwords
    at = bg_page(hf_paths["bert"], s=SENTENCE, mw=word)
    masked = ids.clone()
    masked[0, words[word]] = tok.mask_token_id
    with torch.inference_mode():
        p = torch.softmax(model(input_ids=masked).logits[0].double(), -1).numpy()
    figs, page = by_title(at), texts(at)
    for i in words[word]:
        top = np.argsort(-p[i])[:8]
        bar = figs[f"[MASK] {i} (was “{tokens[i]}”): top 8"]
        np.testing.assert_allclose(array(bar["data"][0]["x"]).astype(float), p[i][top], rtol=1e-6)
        assert ticks(bar) == tok.convert_ids_to_tokens(top.tolist())
        shown_p, shown_loss = numbers(rf"Position {i}: the model gives the original “{re.escape(plain(tokens[i]))}” "
                                      r"p = ([\d.e+-]+), so this position's loss term is −log p = (\d+\.\d+)", page)
        assert shown_p == pytest.approx(p[i, ids[0, i]], rel=5e-3)
        assert shown_loss == pytest.approx(-np.log(p[i, ids[0, i]]), abs=6e-4)


def parameters(module) -> int:
    return sum(p.numel() for p in module.parameters())


@pytest.mark.parametrize("name", ["minilm", "bert", "gpt2"])
def test_sizes_are_counted_from_the_loaded_weights(hf_paths, name):
    at = bg_page(hf_paths[name], s="i have a cat")
    model, _ = library(str(hf_paths[name]), name)
    total, body = parameters(model), parameters(model.base_model)
    row = at.dataframe[-1].value.iloc[-1]
    assert int(row.iloc[-1].replace(",", "")) == total
    assert int(row.iloc[-2].replace(",", "")) == body  # the formula for its configuration equals the count
    page = texts(at)
    assert f"Counted from the loaded weights: {total:,} in all, {body:,} of them" in page
    assert "Formula and count agree exactly." in page
    table = model.base_model.wpe.weight if name == "gpt2" else model.base_model.embeddings.position_embeddings.weight
    assert f"a weight of {table.shape[0]} × {table.shape[1]} = {table.numel():,} parameters" in page
    if name == "gpt2":
        assert total == body and "adds no parameters" in page and "no segment table" in page
    else:
        segments = model.base_model.embeddings.token_type_embeddings.weight
        assert f"segment table is {segments.shape[0]} × {segments.shape[1]}" in page
    if name == "bert":
        assert f"The head on top adds {total - body:,}" in page


def test_minilm_without_an_mlm_head_says_so_and_shows_the_masked_input(hf_paths):
    _, tok = library(str(hf_paths["minilm"]), "minilm")
    tokens = tok.convert_ids_to_tokens(tok(SENTENCE)["input_ids"])
    pieces = word_positions(tokens)[3]  # "unbelievably"
    assert len(pieces) > 1
    at = bg_page(hf_paths["minilm"], s=SENTENCE, mw=3)
    assert any("saved without its MLM head" in i.value and "BertModel" in i.value for i in at.info)
    assert not [k for k in by_title(at) if k.startswith("[MASK]")]
    chips = [h.proto.body for h in at.get("html") if "al-chip" in h.proto.body]
    assert chips[-2].count("[MASK]") == len(pieces)  # the input: every subword of the word masked
    for i in pieces:
        assert f"{i}: {tokens[i]}" in chips[-1]  # the targets


def test_gpt2_next_token_losses_are_the_librarys(hf_paths):
    at = bg_page(hf_paths["gpt2"], s=SENTENCE)
    model, tok = library(str(hf_paths["gpt2"]), "gpt2")
    ids = tok(SENTENCE, return_tensors="pt")["input_ids"]
    with torch.inference_mode():
        log_p = torch.log_softmax(model(input_ids=ids).logits[0].double(), -1).numpy()  # (L, V)
    tokens = tok.convert_ids_to_tokens(ids[0])
    chosen = log_p[np.arange(len(tokens) - 1), ids[0, 1:].numpy()]
    table = next(d.value for d in at.dataframe if "−log p" in d.value.columns)
    assert list(table["next token (in the sentence)"]) == tokens[1:]
    np.testing.assert_allclose(table["p"].astype(float), np.exp(chosen), rtol=5e-3)
    np.testing.assert_allclose(table["−log p"].astype(float), -chosen, atol=6e-4)
    assert list(table["model's top guess"]) == tok.convert_ids_to_tokens(log_p[:-1].argmax(-1).tolist())
    mean, ppl = numbers(r"Mean loss ([\d.]+) \(perplexity ([\d.]+)\)", texts(at))
    assert mean == pytest.approx(-chosen.mean(), abs=6e-4) and ppl == pytest.approx(np.exp(-chosen.mean()), rel=1e-4)
    bar = by_title(at)[f"Next token after “{tokens[-1]}”: top 8"]
    top = np.argsort(-log_p[-1])[:8]
    np.testing.assert_allclose(array(bar["data"][0]["x"]).astype(float), np.exp(log_p[-1][top]), rtol=1e-6)
    assert "exactly 0" in texts(at)


@pytest.mark.parametrize(("raw", "notice"), [("-5", True), ("1000", True), ("1e9", True), ("40", False)])
def test_a_hostile_word_index_is_clamped_to_the_sentence(hf_paths, raw, notice):
    at = bg_page(hf_paths["bert"], s="i have a cat", mw=raw)
    warned = [w.value for w in at.warning if "“mw”" in w.value or "mw" in w.value]
    assert bool(warned) == notice, [w.value for w in at.warning]
    masked = [k for k in by_title(at) if k.startswith("[MASK]")]
    want = "cat" if raw in ("1000", "40") else "i"  # past the end: the last word; below 0 or not an integer: the first
    assert len(masked) == 1 and f"(was “{want}”)" in masked[0]


def test_minilms_wordpiece_steps_give_the_tokenizers_own_pieces(hf_paths):
    """With a WordPiece BERT loaded, each word's pieces are found step by step in its own vocabulary and equal what its
    tokenizer returns for that word; a GPT-2 (byte-level BPE) shows no WordPiece section."""
    text = "The students read unbelievably long books"
    at = bg_page(hf_paths["minilm"], s=text)
    _, tok = library(str(hf_paths["minilm"]), "minilm")
    page = texts(at)
    assert "WordPiece: what BERT does with a word it does not know" in [h.value for h in at.subheader]
    assert f"({len(tok.get_vocab()):,} pieces)" in page and "`tokenize()`: the same." in page
    table = [f.value for f in at.dataframe if "WordPiece" in f.value.columns][0]
    assert list(table["word"]) == list(dict.fromkeys(text.lower().split() + ["unaffable"]))
    for word, pieces in zip(table["word"], table["WordPiece"]):
        assert pieces.split() == tok.tokenize(word), word
    gpt2 = bg_page(hf_paths["gpt2"], s=text)
    assert "WordPiece: what BERT does with a word it does not know" not in [h.value for h in gpt2.subheader]
