"""Head knockout through the hook points: exactly the chosen heads change, nothing else upstream."""
import numpy as np
import pytest
import torch

from model.ablation import all_heads, importance, knockout_edits, mean_z, run_knockout, sequence_log_probs, z_name
from model.checkpoint import load_bundle
from model.evaluate import held_out
from model.hooks import editing
from model.trace import run_with_trace

TEXT = "he reads two books at school"


@pytest.fixture(scope="module")
def bundle():
    return load_bundle("en-zh")


@pytest.fixture(scope="module")
def means(bundle):
    return mean_z(bundle, held_out(64))


def recorded(bundle, edits=None):
    src = torch.tensor([bundle.src_vocab.encode(TEXT, 64).ids])
    tgt = torch.tensor([[1] + run_with_trace(bundle, TEXT).decoded.ids])
    with editing(edits or {}), bundle.transformer.recording() as cache:
        bundle.transformer(src, tgt)
    return cache


def test_knocking_out_no_head_reproduces_the_normal_trace_bit_for_bit(bundle):
    plain, ablated = run_with_trace(bundle, TEXT), run_knockout(bundle, TEXT, [], "zero")
    assert plain.arrays.keys() == ablated.arrays.keys()
    for name, a in plain.arrays.items():
        np.testing.assert_array_equal(ablated.arrays[name], a, err_msg=name)


@pytest.mark.parametrize("mode", ["zero", "mean"])
def test_knocking_out_a_head_changes_exactly_that_heads_output(bundle, means, mode):
    plain = recorded(bundle)
    ablated = recorded(bundle, knockout_edits([[("encoder", 1, 2)]], mode, means))
    order = list(plain)  # hooks in the order the forward pass reached them
    target = z_name("encoder", 1)
    for name in order[: order.index(target)]:
        assert torch.equal(plain[name], ablated[name]), f"{name} is upstream and must not change"
    z, z0 = ablated[target][0], plain[target][0]  # (h, L, d_k)
    for head in range(4):
        if head != 2:
            assert torch.equal(z[head], z0[head])
    want = torch.zeros_like(z0[2]) if mode == "zero" else means[target][2].expand_as(z0[2])
    torch.testing.assert_close(z[2], want)
    assert not torch.equal(ablated["hook_logits"], plain["hook_logits"]), "downstream changes"


def test_batched_importance_equals_one_knockout_at_a_time(bundle, means):
    own = run_with_trace(bundle, TEXT).decoded.ids
    drops = importance(bundle, TEXT, own, "mean", means)  # (3, N, h)
    base = sequence_log_probs(bundle, TEXT, own, [[]], "mean", means)[0]
    for block, layer, head in [("encoder", 0, 1), ("cross", 1, 3), ("decoder", 0, 0)]:
        alone = sequence_log_probs(bundle, TEXT, own, [[(block, layer, head)]], "mean", means)[0]
        index = ["encoder", "decoder", "cross"].index(block)
        assert drops[index, layer, head] == pytest.approx(base - alone, abs=1e-6)
    N, h = bundle.config.N, bundle.config.h
    assert drops.shape == (3, N, h) and len(all_heads(N, h)) == 3 * N * h


def test_log_probability_of_the_own_translation_matches_the_recorded_steps(bundle):
    trace = run_with_trace(bundle, TEXT)
    got = sequence_log_probs(bundle, TEXT, trace.decoded.ids, [[]], "zero")[0]
    probs = trace["probs"]  # (T, V) next-token distributions of the recorded pass
    target = trace.decoded.ids + [2]  # … <eos>
    assert got == pytest.approx(float(np.log(probs[np.arange(len(target)), target]).sum()), abs=1e-6)


@pytest.mark.parametrize("mode", ["zero", "mean"])
def test_each_row_scores_as_a_whole_forward_pass_with_its_heads_knocked_out(bundle, means, mode):
    """The batch shares the intact encoder between the rows that knock out no encoder head; every row still gets
    the log-probability a plain forward pass with its own knockouts gives (NumPy log-softmax)."""
    own = run_with_trace(bundle, TEXT).decoded.ids
    rows = [[], [("encoder", 1, 2)], [("cross", 2, 0)], [("decoder", 0, 3), ("encoder", 0, 1)], [("decoder", 2, 1)]]
    got = sequence_log_probs(bundle, TEXT, own, rows, mode, means)
    target = own + [2]
    for row, value in zip(rows, got):
        logits = recorded(bundle, knockout_edits([row], mode, means) if row else {})["hook_logits"][0]
        logits = logits.double().numpy()  # (T, V)
        log_p = logits - np.log(np.exp(logits - logits.max(-1, keepdims=True)).sum(-1, keepdims=True)) \
            - logits.max(-1, keepdims=True)
        assert value == pytest.approx(float(log_p[np.arange(len(target)), target].sum()), abs=1e-5), row
