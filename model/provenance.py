"""What a checkpoint was trained on: the corpus files with their SHA-256, the generator's version, the mix."""
from __future__ import annotations

import hashlib
from pathlib import Path

from model import tatoeba

CORPUS_PACKAGE = Path(__file__).resolve().parent / "corpus"


def generator_version() -> str:
    """SHA-256 of the generator: every source and data file of model/corpus, in name order (first 16 hex)."""
    digest = hashlib.sha256()
    for path in sorted(CORPUS_PACKAGE.glob("*")):
        if path.suffix in (".py", ".json", ".tsv"):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def record(data: str, corpus: Path, generated: int, unk_rate: float) -> dict:
    """The data record written into train_log.json."""
    out: dict = {"mix": data, "generator": None, "files": {}}
    if data in ("grammar", "mixed"):
        out["generator"] = {"version": generator_version(), "pairs": generated, "unk_rate": unk_rate}
    if data in ("tatoeba", "mixed"):
        out["files"] = {"train.tsv": tatoeba.sha256(corpus / "train.tsv")}
        out["tatoeba"] = {"split": f"train.tsv minus {tatoeba.VALID_PERCENT} % validation (crc32 of the English)",
                          "max_tokens": [tatoeba.MAX_EN, tatoeba.MAX_ZH], "credit": tatoeba.CREDIT}
    return out
