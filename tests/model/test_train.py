"""Training pieces: the paper's learning-rate schedule and the snapshot steps."""
import math

import pytest

from model.train import lr_at, snapshot_steps


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
