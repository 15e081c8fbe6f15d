"""Pages with a pretrained model loaded (?model=hf&hf=FOLDER): they draw it, the numbers on screen are the
library's own (recomputed here without the app), pages that do not apply say so, and bad sources give a notice."""

import numpy as np
import pytest
import torch

from lesson import catalogue
from tests.app.conftest import array, by_title, open_page, specs, ticktext
from tests.hf_models import require_transformers
from ui.registry import PAGES
from ui.widgets import plain

require_transformers()
from transformers import AutoModel, AutoModelForMaskedLM, AutoTokenizer  # noqa: E402

HF_PAGES = [page.path for page in PAGES if page.families]  # the registry's pages that show a pretrained model
GLASS_BOX_ONLY = [page.path for page in PAGES if not page.families]
SENTENCE = "The students read unbelievably long books"


def hf_page(page: str, path, **params):
    return open_page(page, model="hf", hf=str(path), **params)


def no_failure(at) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def library(path, sentence: str, mlm: bool = False):
    """Tokens, the library's attentions (layers of (h, L, L)) and, with mlm, its logits — without the app."""
    tok = AutoTokenizer.from_pretrained(path, local_files_only=True)
    cls = AutoModelForMaskedLM if mlm else AutoModel
    model = cls.from_pretrained(path, local_files_only=True, attn_implementation="eager").eval()
    enc = tok(sentence, return_tensors="pt")
    with torch.inference_mode():
        out = model(**enc, output_attentions=True)
    return (tok.convert_ids_to_tokens(enc["input_ids"][0]), [a[0].double().numpy() for a in out.attentions],
            out.logits[0].double().numpy() if mlm else None)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", ["minilm", "marian", "gpt2", "bert"])
def test_pages_draw_every_family(hf_paths, name, lang):
    for page in HF_PAGES:
        at = hf_page(page, hf_paths[name], s="i have a [MASK] at home" if name == "bert" else "i have a cat", lang=lang)
        no_failure(at)
        if page != "decoding" or name == "marian":
            assert specs(at), f"{name} {page}: no figure"


def test_self_attention_shows_minilms_own_attention(hf_paths):
    at = hf_page("self_attention", hf_paths["minilm"], s=SENTENCE, layer=3, head=5)
    no_failure(at)
    tokens, attentions, _ = library(hf_paths["minilm"], SENTENCE)
    fig = by_title(at)["softmax → attention weights (rows sum to 1)"]
    assert ticktext(fig) == tokens and "##bly" in tokens
    np.testing.assert_allclose(array(fig["data"][0]["z"]).astype(float), attentions[3][5], atol=1e-5)
    assert any("output_attentions" in c.value for c in at.caption)  # the check is stated on the page


def test_multi_head_draws_one_layers_twelve_heads(hf_paths):
    at = hf_page("multi_head", hf_paths["minilm"], s=SENTENCE, layer=4)
    no_failure(at)
    _, attentions, _ = library(hf_paths["minilm"], SENTENCE)
    grid = by_title(at)["Encoder self: the 12 heads of layer 4"]
    cells = [array(d["z"]).astype(float) for d in grid["data"]]
    assert len(cells) == 12 and [d["name"] for d in grid["data"]][:2] == ["head 0", "head 1"]
    np.testing.assert_allclose(np.stack(cells), attentions[4], atol=1e-5)
    wo = by_title(at)["W_O: the 32 rows that head 0's output z meets"]  # head 0's slice of W_O, not 384 × 384
    np.testing.assert_array_equal(array(wo["data"][0]["z"]).astype(np.float32), AutoModel.from_pretrained(
        hf_paths["minilm"]).encoder.layer[4].attention.output.dense.weight.detach().numpy().T[:32])


def test_overview_averages_each_layers_heads(hf_paths):
    at = hf_page("overview", hf_paths["minilm"], s=SENTENCE)
    no_failure(at)
    _, attentions, _ = library(hf_paths["minilm"], SENTENCE)
    grid = by_title(at)["Encoder self-attention: each layer, averaged over its 12 heads"]
    np.testing.assert_allclose(np.stack([array(d["z"]).astype(float) for d in grid["data"]]),
                               np.stack([a.mean(0) for a in attentions]), atol=1e-5)
    assert any("BertModel" in m.value and "6 layers" in m.value for m in at.markdown)


def test_word_view_sums_subword_columns_and_averages_rows(hf_paths):
    at = hf_page("pretrained", hf_paths["minilm"], s=SENTENCE, layer=2, head=7)
    no_failure(at)
    tokens, attentions, _ = library(hf_paths["minilm"], SENTENCE)
    word_of, words = [], []
    for tok in tokens:  # words rebuilt from the WordPiece marks, independently of the app's word_ids route
        if tok.startswith("##"):
            words[-1] += tok[2:]
        else:
            words.append(tok)
        word_of.append(len(words) - 1)
    p = attentions[2][7]
    want = np.array([[sum(p[i, j] for i in range(len(tokens)) if word_of[i] == a
                          for j in range(len(tokens)) if word_of[j] == b) / word_of.count(a)
                      for b in range(len(words))] for a in range(len(words))])
    fig = by_title(at)["Words · layer 2 · head 7"]
    assert ticktext(fig) == words and "unbelievably" in words
    np.testing.assert_allclose(array(fig["data"][0]["z"]).astype(float), want, atol=1e-5)
    assert any("without a masked-language-model head" in i.value for i in at.info)  # MiniLM is a BertModel


def test_bert_mask_predictions_are_the_mlm_heads_softmax(hf_paths):
    sentence = "i have a [MASK] at home"
    at = hf_page("pretrained", hf_paths["bert"], s=sentence)
    no_failure(at)
    tokens, _, logits = library(hf_paths["bert"], sentence, mlm=True)
    i = tokens.index("[MASK]")
    p = np.exp(logits[i] - logits[i].max())
    p /= p.sum()
    bar = by_title(at)[f"[MASK] at position {i}: top 8 tokens"]
    np.testing.assert_allclose(array(bar["data"][0]["x"]).astype(float), np.sort(p)[::-1][:8], atol=1e-6)


@pytest.mark.parametrize("page", GLASS_BOX_ONLY)
def test_glass_box_pages_say_they_do_not_apply(hf_paths, page):
    at = hf_page(page, hf_paths["minilm"])
    no_failure(at)
    assert any("glass-box" in i.value and "Self-attention" in i.value for i in at.info)
    assert not specs(at)


@pytest.mark.parametrize("name", ["minilm", "gpt2"])
def test_decoding_says_why_there_is_nothing_to_decode(hf_paths, name):
    at = hf_page("decoding", hf_paths[name])
    no_failure(at)
    assert any("no cross-attention" in i.value for i in at.info)


def test_marian_decoding_page_steps_through_the_translation(hf_paths):
    at = hf_page("decoding", hf_paths["marian"], decode="beam", beam=3)
    no_failure(at)
    titles = by_title(at)
    assert any(t.startswith("Next-token probabilities: the ") for t in titles)
    assert "Cross-attention of the newest position (layer 0)" in titles
    assert any("pretrained Marian" in c.value for c in at.caption)



@pytest.mark.parametrize(("source", "key"), [
    ("", "hf.err.empty"), ("../../etc/passwd", "hf.err.no_folder"), ("<script>alert(1)</script>", "hf.err.no_folder"),
    ("/", "hf.err.no_config"), ("gpt2", "hf.err.not_found"), ("Helsinki-NLP/opus-mt-en-zh", "hf.err.not_found"),
])
def test_a_bad_source_gives_a_notice_and_never_downloads(no_network, source, key):
    notice = catalogue.lookup(key, "en", source=plain(source), model_id=source)
    for page in ("self_attention", "embeddings"):
        at = open_page(page, model="hf", hf=source)
        no_failure(at)
        assert notice in [i.value for i in at.info]
        assert not specs(at)


def test_the_link_keeps_the_pretrained_choice(hf_paths):
    at = hf_page("self_attention", hf_paths["minilm"], s=SENTENCE)
    assert at.query_params["model"] == "hf" and at.query_params["hf"] == str(hf_paths["minilm"])


def test_pretrained_page_explains_how_to_load_a_model_for_a_glass_box_view():
    from model.checkpoint import load_bundle
    from model.trace import run_with_trace

    at = open_page("pretrained", s="I have a cat", side="decoder", layer=1, head=2)
    no_failure(at)
    assert any("Pretrained (Hugging Face)…" in m.value for m in at.markdown)
    figures = by_title(at)  # the glass-box head a loaded model is set beside (the stage's figure in presenter view)
    assert list(figures) == ["en-zh · Decoder masked self · layer 1 · head 2"]
    torch.set_num_threads(1)
    expected = run_with_trace(load_bundle("en-zh"), "I have a cat").attn("decoder", 1).pattern[2]
    drawn = np.asarray(array(figures["en-zh · Decoder masked self · layer 1 · head 2"]["data"][0]["z"]), float)
    np.testing.assert_allclose(np.nan_to_num(drawn), expected, atol=1e-6)
