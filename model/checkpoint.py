"""Save and load a model bundle (weights, config, vocabularies) without pickle."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

from model.config import TransformerConfig
from model.tokenizer import Vocab
from model.transformer import Transformer

CHECKPOINT_DIR = Path(__file__).resolve().parent.parent / "checkpoints"
TASKS = {"en-zh": ("en", "zh"), "zh-en": ("zh", "en")}


@dataclass
class Bundle:
    """A trained model with its vocabularies and languages."""

    name: str
    model: Transformer
    src_vocab: Vocab
    tgt_vocab: Vocab

    @property
    def cfg(self) -> TransformerConfig:
        """The model's configuration."""
        return self.model.cfg

    @property
    def src_lang(self) -> str:
        """Source language code."""
        return self.src_vocab.lang

    @property
    def tgt_lang(self) -> str:
        """Target language code."""
        return self.tgt_vocab.lang


def save_bundle(bundle: Bundle, directory: Path) -> None:
    """Write model.safetensors, config.json and the two vocab files."""
    directory.mkdir(parents=True, exist_ok=True)
    state = {k: v.contiguous() for k, v in bundle.model.state_dict().items()}
    save_file(state, str(directory / "model.safetensors"))
    (directory / "config.json").write_text(json.dumps(bundle.cfg.to_dict(), indent=1))
    (directory / "src_vocab.json").write_text(bundle.src_vocab.to_json(), encoding="utf-8")
    (directory / "tgt_vocab.json").write_text(bundle.tgt_vocab.to_json(), encoding="utf-8")


def load_bundle(name: str, root: Path = CHECKPOINT_DIR) -> Bundle:
    """Load a shipped checkpoint by name (e.g. "en-zh") in eval mode."""
    directory = root / name
    if not (directory / "model.safetensors").exists():
        raise FileNotFoundError(f"no checkpoint {name!r} in {root}; available: {available_models(root)}")
    cfg = TransformerConfig(**json.loads((directory / "config.json").read_text()))
    model = Transformer(cfg)
    model.load_state_dict(load_file(str(directory / "model.safetensors")))
    model.eval()
    src = Vocab.from_json((directory / "src_vocab.json").read_text(encoding="utf-8"))
    tgt = Vocab.from_json((directory / "tgt_vocab.json").read_text(encoding="utf-8"))
    return Bundle(name, model, src, tgt)


def available_models(root: Path = CHECKPOINT_DIR) -> list[str]:
    """Names of the checkpoints shipped under root."""
    if not root.exists():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "model.safetensors").exists())


@torch.no_grad()
def parameter_count(model: Transformer) -> int:
    """Number of trainable parameters."""
    return sum(p.numel() for p in model.parameters())
