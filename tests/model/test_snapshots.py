"""Training snapshots: shipped for the default model and its unguided twin, loadable, and honest end points."""
import pytest
import torch

from model.checkpoint import load_bundle
from model.snapshots import load_snapshot, loss_curve, snapshots
from model.train import SEED
from model.transformer import Transformer


@pytest.mark.parametrize("name", ["en-zh", "en-zh-unguided"])
def test_snapshots_run_from_initialisation_to_the_shipped_model(name):
    shots = snapshots(name)
    assert 8 <= len(shots) <= 12
    assert shots[0].step == 0 and [s.step for s in shots] == sorted({s.step for s in shots})
    assert shots[0].exact_match == 0.0 and shots[-1].exact_match >= 0.85  # on held-out generated pairs
    steps, losses = loss_curve(name)
    assert 0 < shots[-1].step - steps[-1] <= 50 and losses[0] > 3 * losses[-1]  # the loss is logged every 50 steps
    final = load_snapshot(name, shots[-1].step)
    assert final.name == name, "the last snapshot is the shipped checkpoint itself"


def test_twins_are_snapshotted_at_the_same_steps():
    """The timeline lab shows the twins side by side snapshot by snapshot: the same index is the same step."""
    from model.checkpoint import trained_alike

    if not trained_alike("en-zh", "en-zh-unguided"):
        pytest.skip("en-zh-unguided is not en-zh's twin: the lab shows en-zh alone")
    assert [s.step for s in snapshots("en-zh")] == [s.step for s in snapshots("en-zh-unguided")]


def test_step_zero_is_the_seeded_initialisation_and_middle_snapshots_differ():
    shipped = load_bundle("en-zh")
    torch.manual_seed(SEED)
    init = Transformer(shipped.config)
    first = load_snapshot("en-zh", 0).transformer
    for (name, a), b in zip(init.state_dict().items(), first.state_dict().values()):
        torch.testing.assert_close(b, a.half().float(), msg=name)
    middle = load_snapshot("en-zh", snapshots("en-zh")[4].step).transformer
    assert not torch.equal(middle.encoder[0].self_attn.W_Q.weight, shipped.transformer.encoder[0].self_attn.W_Q.weight)


def test_a_missing_snapshot_is_a_clear_error():
    with pytest.raises(FileNotFoundError, match="step 7"):
        load_snapshot("en-zh", 7)
