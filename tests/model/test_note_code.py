"""The note's attention code (model/note_code.py) is the note's, fails as written with the NameError the Mistakes page
shows, and once given the two missing lines computes what the note's comments say: multi-head attention, then the
residual and LayerNorm, checked against NumPy with the module's own weights."""
from pathlib import Path

import numpy as np
import pytest
import torch

from model import note_code

torch.set_num_threads(1)
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_e243ccf9fb061958.txt"


@pytest.mark.skipif(not SEED.is_file(), reason="the notes are not beside this checkout")
def test_the_code_is_the_notes_lines_217_to_301():
    lines = SEED.read_text(encoding="utf-8").splitlines()
    assert note_code.NOTE_CODE.strip() == ("\n".join(lines[216:238]) + "\n\n" + "\n".join(lines[243:301])).strip()


def test_as_written_it_stops_with_a_name_error():
    error, shape = note_code.run_note_attention(torch.randn(1, 5, 16), 4, fixed=False)
    assert error == "NameError: name 'sz_b' is not defined" and shape is None


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def test_with_the_missing_lines_it_is_multi_head_attention_then_add_and_norm():
    torch.manual_seed(0)
    mha = note_code.note_classes(fixed=True)["MultiHeadAttention"](4, 16, 4, 4).eval()
    x = torch.randn(2, 5, 16)
    with torch.no_grad():
        out, attn = mha(x, x, x)
    W = {n: getattr(mha, n).weight.detach().double().numpy() for n in ("w_qs", "w_ks", "w_vs", "fc")}
    xs = x.double().numpy()
    for b in range(2):
        q, k, v = ((xs[b] @ W[n].T).reshape(5, 4, 4).transpose(1, 0, 2) for n in ("w_qs", "w_ks", "w_vs"))
        z = softmax(q @ k.transpose(0, 2, 1) / 2.0) @ v  # (h, L, d_k), temperature √4
        y = z.transpose(1, 0, 2).reshape(5, 16) @ W["fc"].T + xs[b]
        y = (y - y.mean(-1, keepdims=True)) / np.sqrt(y.var(-1, keepdims=True) + 1e-6)
        np.testing.assert_allclose(out[b].numpy(), y * mha.layer_norm.weight.detach().numpy()
                                   + mha.layer_norm.bias.detach().numpy(), atol=1e-5)
    assert note_code.run_note_attention(x[:1], 4, fixed=True) == ("", (1, 5, 16))


def test_running_the_note_leaves_the_global_random_state_alone():
    state = torch.get_rng_state()
    note_code.run_note_attention(torch.zeros(1, 3, 8), 2, fixed=True)
    assert torch.equal(state, torch.get_rng_state())
