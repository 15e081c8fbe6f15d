"""Each checkpoint against its own record of what it was trained on (train_log.json's "data"), not today's grammar:
the corpus file's SHA-256, the generator's version, and the vocabularies that data and the log's options give."""
import json
from pathlib import Path

import pytest

from model import tatoeba
from model.checkpoint import CHECKPOINT_DIR, TASKS, VARIANT_DIR, available_models, load_bundle
from model.data import DATA, build_vocabs
from model.provenance import generator_version

CHECKPOINTS = [(name, CHECKPOINT_DIR) for name in available_models()] + \
              [(name, VARIANT_DIR) for name in available_models(VARIANT_DIR)]


def record(name: str, root: Path) -> tuple[dict, dict]:
    """(the data record, the options) of a checkpoint's training log."""
    log = json.loads((root / name / "train_log.json").read_text())
    return log["data"], log["args"]


@pytest.mark.parametrize(("name", "root"), CHECKPOINTS, ids=[n for n, _ in CHECKPOINTS])
def test_every_checkpoint_says_what_it_was_trained_on(name, root):
    data, args = record(name, root)
    assert data["mix"] in DATA and data["mix"] == args["data"]
    assert (data["generator"] is not None) == (data["mix"] != "tatoeba")
    assert bool(data["files"]) == (data["mix"] != "grammar")
    if data["generator"]:
        assert len(data["generator"]["version"]) == 16 and data["generator"]["pairs"] > 0


@pytest.mark.parametrize(("name", "root"), CHECKPOINTS, ids=[n for n, _ in CHECKPOINTS])
def test_the_corpus_it_names_is_the_one_here(name, root):
    data, _ = record(name, root)
    if not data["files"]:
        return  # generated pairs only
    if not tatoeba.available():
        pytest.skip(f"no corpus at {tatoeba.DEFAULT_CORPUS} (a clone alone): the hash cannot be checked")
    assert tatoeba.sha256(tatoeba.DEFAULT_CORPUS / "train.tsv") == data["files"]["train.tsv"]


@pytest.mark.parametrize(("name", "root"), CHECKPOINTS, ids=[n for n, _ in CHECKPOINTS])
def test_its_vocabularies_are_what_its_data_gives(name, root):
    """Rebuilt from the record where today's generator is the recorded one; a checkpoint trained on an earlier
    generator keeps at least the words both versions produce (today's grammar is not its yardstick)."""
    data, args = record(name, root)
    bundle = load_bundle(name, root)
    real = tatoeba.pairs("train") if data["files"] else []
    if data["files"] and not tatoeba.available():
        pytest.skip(f"no corpus at {tatoeba.DEFAULT_CORPUS} (a clone alone): the vocabulary cannot be rebuilt")
    src, tgt = build_vocabs(*TASKS[args["task"]], real, int(args.get("min_count", 0)), data["mix"] != "tatoeba")
    if data["generator"] and data["generator"]["version"] != generator_version():
        shared = set(src.itos) & set(bundle.src_vocab.itos)
        assert len(shared) / len(bundle.src_vocab.itos) > 0.95, "an earlier generator, not another one"
        return
    assert bundle.src_vocab.itos == src.itos and bundle.tgt_vocab.itos == tgt.itos
