"""The message catalogue is complete in both languages and consistent in its placeholders."""
import re

import pytest

from lesson.messages import CATALOGUE

FIELD = re.compile(r"\{(\w*)\}")


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_message_has_english_and_chinese_with_the_same_fields(key):
    entry = CATALOGUE[key]
    assert set(entry) == {"en", "zh"}
    assert entry["en"].strip() and entry["zh"].strip()
    assert sorted(FIELD.findall(entry["en"])) == sorted(FIELD.findall(entry["zh"]))


def test_chinese_messages_are_chinese():
    """A Chinese entry must contain Chinese characters unless it is a formula or symbol only."""
    han = re.compile(r"[\u4e00-\u9fff]")
    untranslated = [k for k, e in CATALOGUE.items()
                    if not han.search(e["zh"]) and re.search(r"[A-Za-z]{4,}", e["zh"]) and e["zh"] == e["en"]]
    assert not untranslated, untranslated


# Latin words a Chinese screen may show: math and code names, abbreviations, proper names, file formats.
ALLOWED_LATIN = {
    "softmax", "PE", "QK", "ReLU", "sin", "cos", "log", "exp", "max", "NaN", "Var", "Concat", "Attention", "pos", "len",
    "Post-Norm", "Pre-Norm", "BERT", "BERT-base", "BERT-large", "GPT", "GPT-1", "GPT-2", "Python",
    "Transformer", "Word2Vec", "PyTorch", "float32", "MB", "CPU",
    "BPE", "CSV", "JSON", "HTML", "PNG", "SVG", "LaTeX", "top-k", "Top-k", "FFN",
    "Hugging", "Face", "Hub", "ID", "Marian", "SentencePiece", "MLM", "safetensors", "pickle", "config.json",
    "model.safetensors", "ForMaskedLM", "bert-base-uncased", "Helsinki-NLP", "opus-mt-en-zh",
    "memory",  # 编码器输出（memory）: the paper's name for the encoder's output, as the code calls it
    "NSP", "GPT-3",
    "Luong",  # an author's name: Luong et al. 2015, the rare-word copy
    "FlashAttention", "Dao", "Xiao",  # a method's name and its authors' (Dao et al. 2022; Xiao et al. 2023)
    "KV", "KB", "logits",  # the KV cache (a name kept in Chinese texts), kilobytes, the model's output scores
    "Longformer", "Beltagy", "Mistral",  # sliding windows: a model, its author (Beltagy et al. 2020), a model
    "RoPE", "ALiBi", "LLaMA", "Qwen", "Su", "Press", "Shazeer", "Ainslie",  # methods, models and their authors
    "checkpoints", "docs", "model.md",  # a folder and a file named in a message (checkpoints/after_2017, docs/model.md)
}
EXAMPLES = {"hf.placeholder", "hf.mlm_type"}  # an example folder path and an English sentence to type, as typed


def latin_words(zh: str) -> list[str]:
    """Latin words of two letters or more left in a Chinese message, once fields, code, tokens and math names
    (anything with an underscore, like d_model or W_Q) are set aside."""
    zh = re.sub(r"\{\w*(:[^}]*)?\}", " ", zh)  # fields, with or without a format
    zh = re.sub(r"`[^`]*`", " ", zh)  # code
    zh = re.sub(r"<\w+>|\[[A-Z]+\]", " ", zh)  # tokens: <bos>, [MASK]
    words = re.findall(r"[A-Za-z][\w.\-]*[A-Za-z0-9]", zh)
    math = re.compile(r".*[_\u0080-\uffff].*|[a-z]\d+|[a-z]{2}-[a-z]{2}.*")  # d_k, xᵢWᴵ, d0, 1e9's e9, en-zh
    return [w for w in words if not math.fullmatch(w) and w not in ALLOWED_LATIN]


def test_chinese_messages_leave_no_english_words():
    left = {k: latin_words(e["zh"]) for k, e in CATALOGUE.items() if k not in EXAMPLES}
    assert {k: w for k, w in left.items() if w} == {}


def test_the_latin_scan_finds_english():
    assert latin_words("模型 en-zh 的 score(x) + mask") == ["score", "mask"]
    assert latin_words("{norm}-norm，`nn.Softmax()`，d_model，<bos>，softmax") == ["norm"]
