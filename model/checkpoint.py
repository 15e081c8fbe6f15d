"""Save and load a model bundle (weights, config, vocabularies) without pickle."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import torch
from safetensors.torch import load_model, save_model

from model.config import TransformerConfig
from model.tokenizer import Vocab
from model.transformer import Transformer

# the shipped models; ATTENTION_LAB_CHECKPOINTS points the app and the tools at another folder (a retrained set)
CHECKPOINT_DIR = Path(os.environ.get("ATTENTION_LAB_CHECKPOINTS",
                                     Path(__file__).resolve().parent.parent / "checkpoints"))
VARIANT_DIR = CHECKPOINT_DIR / "after_2017"  # RoPE, ALiBi and GQA variants of en-zh, for the After 2017 page
TASKS = {"en-zh": ("en", "zh"), "zh-en": ("zh", "en")}
SCORES = "scores.json"  # beside a checkpoint: its test.tsv BLEU and chrF (python -m model.evaluate --record)


@dataclass
class Bundle:
    """A trained model with its vocabularies and languages."""

    name: str
    transformer: Transformer
    src_vocab: Vocab
    tgt_vocab: Vocab
    align_weight: float = 0.0  # weight of the guided-alignment loss it was trained with (0: attention on its own)
    follows: dict[int, int] = field(default_factory=dict, compare=False, repr=False)  # output token -> the one after
    # it in recent translations: greedy decoding's guess (model.decoding.guessed); only speed depends on it

    @property
    def guided(self) -> bool:
        """True if the last decoder layer's cross-attention was trained towards gold word alignments."""
        return self.align_weight > 0

    @property
    def config(self) -> TransformerConfig:
        """The model's configuration."""
        return self.transformer.config

    @property
    def src_lang(self) -> str:
        """Source language code."""
        return self.src_vocab.lang

    @property
    def tgt_lang(self) -> str:
        """Target language code."""
        return self.tgt_vocab.lang


def save_bundle(bundle: Bundle, directory: Path) -> None:
    """Write model.safetensors, config.json and the two vocab files (and a subword vocabulary's model file)."""
    directory.mkdir(parents=True, exist_ok=True)
    save_model(bundle.transformer, str(directory / "model.safetensors"))  # the tied generator weight is stored once
    (directory / "config.json").write_text(json.dumps(bundle.config.to_dict(), indent=1))
    bundle.src_vocab.save(directory / "src_vocab.json")  # a subword vocabulary writes its SentencePiece model beside
    bundle.tgt_vocab.save(directory / "tgt_vocab.json")


def load_bundle(name: str, root: Path = CHECKPOINT_DIR) -> Bundle:
    """Load a shipped checkpoint by name (e.g. "en-zh") in eval mode."""
    directory = root / name
    if not (directory / "model.safetensors").exists():
        raise FileNotFoundError(f"no checkpoint {name!r} in {root}; available: {available_models(root)}")
    cfg = TransformerConfig(**json.loads((directory / "config.json").read_text()))
    model = Transformer(cfg)
    load_model(model, str(directory / "model.safetensors"))
    model.eval()
    src, tgt = Vocab.load(directory / "src_vocab.json"), Vocab.load(directory / "tgt_vocab.json")
    return Bundle(name, model, src, tgt, training_log(directory).get("align_weight", 0.0))


def training_log(directory: Path) -> dict:
    """The checkpoint's train_log.json (empty if absent)."""
    path = directory / "train_log.json"
    return json.loads(path.read_text()) if path.exists() else {}


def trained_alike(a: str, b: str, root: Path = CHECKPOINT_DIR) -> bool:
    """Whether two checkpoints differ only in the guided-alignment weight: the same architecture, data record and
    training options (the twins the app compares side by side)."""
    logs = [training_log(root / name) for name in (a, b)]
    configs = [json.loads((root / name / "config.json").read_text()) for name in (a, b)]
    options = [{k: v for k, v in log.get("args", {}).items() if k not in ("align_weight", "out")} for log in logs]
    return configs[0] == configs[1] and options[0] == options[1] and "data" in logs[0] and \
        logs[0]["data"] == logs[1].get("data")


def available_models(root: Path = CHECKPOINT_DIR) -> list[str]:
    """Names of the checkpoints shipped under root."""
    if not root.exists():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "model.safetensors").exists())


@torch.no_grad()
def parameter_count(model: Transformer) -> int:
    """Number of trainable parameters."""
    return sum(p.numel() for p in model.parameters())
