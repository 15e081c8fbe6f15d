"""Training pieces: the paper's learning-rate schedule, the snapshot steps, resuming, the data record."""
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

from model import tatoeba
from model.provenance import generator_version
from model.train import lr_at, snapshot_steps

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = Path(__file__).parent / "corpus_sample"


@pytest.mark.parametrize("step", [0, 1, 99, 399, 400, 401, 2000, 9999])
def test_learning_rate_is_the_papers_schedule(step):
    d_model, warmup, factor = 128, 400, 1.5
    n = step + 1
    want = factor / math.sqrt(d_model) * (n / warmup**1.5 if n < warmup else 1 / math.sqrt(n))
    assert lr_at(step, d_model, factor, warmup) == pytest.approx(want, rel=1e-12)


def test_learning_rate_peaks_at_the_end_of_warm_up():
    rates = [lr_at(s, 64, 1.0, 300) for s in range(2000)]
    assert max(range(2000), key=rates.__getitem__) == 299


def test_snapshots_run_from_the_initialisation_to_the_final_model_log_spaced():
    steps = snapshot_steps(6000, 10)
    assert len(steps) == 10 and steps[0] == 0 and steps[-1] == 6000
    assert steps == sorted(set(steps))
    ratios = [b / a for a, b in zip(steps[1:], steps[2:])]
    assert max(ratios) / min(ratios) < 1.2, "evenly spaced on a log scale"
    assert snapshot_steps(100, 0) == []



def run_training(out: Path, *extra: str) -> None:
    """A short, small real-recipe run on the repository's corpus sample (a clone without ../shared has it too)."""
    cmd = [sys.executable, "-m", "model.train", "--task", "en-zh", "--corpus", str(SAMPLE), "--generated", "60",
           "--batch-size", "16", "--d-model", "32", "--d-ff", "64", "--eval-every", "4", "--out", str(out), *extra]
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)


def weights(folder: Path) -> dict:
    return load_file(str(folder / "model.safetensors"))


def test_a_resumed_run_ends_with_the_weights_of_an_uninterrupted_one(tmp_path):
    run_training(tmp_path / "whole", "--steps", "8")
    run_training(tmp_path / "split", "--steps", "4")
    halfway = weights(tmp_path / "split")
    run_training(tmp_path / "split", "--steps", "8", "--resume")
    a, b = weights(tmp_path / "whole"), weights(tmp_path / "split")
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    assert any(not torch.equal(halfway[k], b[k]) for k in b), "the resumed run trained on"
    assert torch.load(tmp_path / "split" / "resume.pt", weights_only=False)["step"] == 8


def test_the_log_records_the_data_it_was_trained_on(tmp_path):
    run_training(tmp_path / "run", "--steps", "4")
    log = json.loads((tmp_path / "run" / "train_log.json").read_text())
    assert log["data"]["mix"] == "mixed"
    assert log["data"]["files"] == {"train.tsv": tatoeba.sha256(SAMPLE / "train.tsv")}
    assert log["data"]["generator"] == {"version": generator_version(), "pairs": 60, "unk_rate": 0.15}
    assert [v["step"] for v in log["valid"]] == [4]
