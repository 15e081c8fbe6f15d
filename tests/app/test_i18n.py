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
    "Luong", "Jean", "Pham", "Manning",  # authors: the attention-based unknown-word copy (2015)
    "FlashAttention", "Dao", "Xiao",  # a method's name and its authors' (Dao et al. 2022; Xiao et al. 2023)
    "KV", "KB", "logits",  # the KV cache (a name kept in Chinese texts), kilobytes, the model's output scores
    "Longformer", "Beltagy", "Mistral",  # sliding windows: a model, its author (Beltagy et al. 2020), a model
    "RoPE", "ALiBi", "LLaMA", "Qwen", "Su", "Press", "Shazeer", "Ainslie",  # methods, models and their authors
    "checkpoints", "docs", "model.md",  # a folder and a file named in a message (checkpoints/after_2017, docs/model.md)
    "RNN", "CNN", "WordPiece",  # abbreviations and a method's name, as the notes themselves write them
    "Radford", "Dosovitskiy",  # authors: GPT-1 (Radford et al. 2018), ViT (Dosovitskiy et al. 2021)
    "ViT", "Pre-LN", "UCI",  # the Vision Transformer, its LayerNorm placement, the digits' archive (its credit)
    "Tu", "Xiong",  # authors: Tu et al. 2016, coverage; Xiong et al. 2020, warm-up
    "Cordonnier", "Loukas", "Jaggi", "ICLR",  # convolution as attention (Cordonnier, Loukas & Jaggi, ICLR 2020)
    "ELECTRA", "Clark", "Adam", "SGD",  # a method and its author (Clark et al. 2020); optimisers, by their names
    "Milakov", "Gimelshein", "Rabe", "Staats", "GPU",  # the online softmax (2018), O(n)-memory attention (2021)
    "BLEU", "chrF", "sacrebleu", "Vaswani", "Liu",  # the scores, the tool that defines them; authors (Vaswani et
    # al. 2017; Liu et al. 2020 and Xiong et al. 2020 on warm-up)
    "Lab", "Tatoeba", "tatoeba.org", "manythings.org", "anki", "CC", "BY", "FR",  # the app's name; the
    # corpus credit exactly as its licence asks for it (the project, its site, CC BY 2.0 FR)
    "Shrikumar", "Ancona", "Abnar", "Zuidema", "Jain", "Wallace", "Wiegreffe", "Pinter",  # the trust page's authors
    "Sundararajan", "ACL", "NAACL", "EMNLP", "Spearman", "argmax",  # … their venues, a rank correlation, an argmax
    "RNNenc", "RNNsearch", "GRU", "tanh", "Cho", "Bahdanau", "Bengio", "test.tsv",  # Before 2017: the recurrent
    # models' names as their papers write them (Cho et al. 2014; Bahdanau, Cho & Bengio 2015), their cell, a function,
    # the test file
}
# an example folder path, an English sentence to type, a question about the English word "it" and a join code, as typed
EXAMPLES = {"hf.placeholder", "hf.mlm_type", "class.ask_placeholder", "class.refused_code"}


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


# The facts a message states: its numbers and its formulas' symbols and names must be the same in both languages.
FIELD_TEXT = re.compile(r"\{[^{}]*\}")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
SYMBOL = re.compile(r"[α-ωΑ-Ω√∑∞≈≤≥≠⊙ᵀ⁰¹²³⁴⁵⁶⁷⁸⁹⁻₀₁₂₃₄₅₆₇₈₉ᵢₖ]")  # Greek letters, math signs, super- and subscripts
NAME = re.compile(r"[A-Za-z]+_[A-Za-z0-9]+")  # d_k, d_model, W_Q, h_kv
WORDED = {  # entries whose languages state the same fact with a number or name written in words, and how
    "sa.row_weighted": "weight_j is written 权重_j: the name in the formula is translated",
    "pg.code_output": "weight_j is written 权重_j: the name in the formula is translated",
    "an.caption_ffn": "ReLU “zeroes” the hidden units in English, 置为 0 in Chinese",
    "ko.caption_scale": "“{ratio} times less likely” is written 变为原来的 1/{ratio}",
    "paper.caption_cost": "the score matrix “quadruples” in English, 变为 4 倍 in Chinese",
}


def facts(text: str) -> dict[str, set[str]]:
    """The numbers (thousands separators dropped), formula symbols and underscored names of a message; fields (compared
    above) and `code` (the same in both languages) are set aside."""
    text = re.sub(r"`[^`]*`", " ", FIELD_TEXT.sub(" ", text))
    return {"numbers": {n.replace(",", "") for n in NUMBER.findall(text)}, "symbols": set(SYMBOL.findall(text)),
            "names": set(NAME.findall(text))}


@pytest.mark.parametrize("key", sorted(set(CATALOGUE) - set(WORDED)))
def test_both_languages_state_the_same_numbers_and_formulas(key):
    assert facts(CATALOGUE[key]["en"]) == facts(CATALOGUE[key]["zh"])


@pytest.mark.parametrize("key", sorted(WORDED))
def test_the_worded_entries_differ_only_where_their_reason_says(key):
    en, zh = facts(CATALOGUE[key]["en"]), facts(CATALOGUE[key]["zh"])
    differing = {kind for kind in en if en[kind] != zh[kind]}
    assert len(differing) == 1, "an entry allowed to word one fact differently states the others alike"


def test_the_facts_check_catches_a_drifted_translation():
    """LayerNorm's mean square: exactly 1 in one language, σ²/(σ² + ε) in the other (a drift this check found)."""
    en = "per token, the sum of x̂ and its mean square (0, and 1 up to LayerNorm's ε: σ²/(σ² + ε))"
    assert facts(en) != facts("每个词元 x̂ 的和与平方均值（恰好为 0 和 1）")
    assert facts(en) == facts("每个词元 x̂ 的和与平方均值（0，以及在 ε 之内为 1：σ²/(σ² + ε)）")
    assert facts("d_k = 24, 1,024 keys") != facts("d_k = 64，1,024 个键")
    assert facts("√d_k") != facts("d_k")
