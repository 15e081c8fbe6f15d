"""The recurrent chain beside self-attention (viz/paths.py): read back from the Plotly figure as a graph, it has a node
per token in each column and the edges of each layer, and its sequential operations and longest paths, found here with
NumPy on the adjacency matrix, are the paper's Table 1 for n tokens (model.lessons.layer_costs)."""
from __future__ import annotations

import numpy as np
import pytest

from model.lessons import layer_costs
from viz.paths import recurrence_and_attention
from viz.plotly import to_plotly
from viz.style import LOOK, Words

D_MODEL = 96


def graphs(figure: dict) -> list[dict]:
    """Each panel of a drawn figure as a graph: its node counts, its adjacency matrix (inputs 0 … n−1, outputs
    n … 2n−1, read off the drawn segments' end points) and the red path's edges, in panel order."""
    traces = figure["data"]
    panels = sorted({t["meta"]["panel"] for t in traces})
    out = []
    for k in panels:
        part = {t["meta"]["part"]: t for t in traces if t["meta"]["panel"] == k}
        x_in, x_out = part["inputs"]["x"][0], part["outputs"]["x"][0]
        n = len(part["inputs"]["x"])

        def node(x, y, x_in=x_in, x_out=x_out, n=n):
            assert x in (x_in, x_out) and float(y).is_integer(), (x, y)
            return int(y) if x == x_in else n + int(y)

        def segments(trace):
            xs, ys = trace["x"], trace["y"]
            starts = [i for i in range(len(xs)) if xs[i] is not None and (i == 0 or xs[i - 1] is None)]
            return [(node(xs[i], ys[i]), node(xs[i + 1], ys[i + 1])) for i in starts]

        adjacency = np.zeros((2 * n, 2 * n), dtype=int)
        path = segments(part["path"])
        for a, b in segments(part["edges"]) + path:
            adjacency[a, b] += 1
        out.append({"n_inputs": n, "n_outputs": len(part["outputs"]["x"]), "A": adjacency, "path": path,
                    "labels": (part["inputs"]["text"], part["outputs"]["text"])})
    return out


def shortest(A: np.ndarray) -> np.ndarray:
    """Edges on the shortest directed path between every pair of nodes (−1: none), by boolean matrix powers."""
    m = len(A)
    dist = np.where(np.eye(m, dtype=bool), 0, -1)
    reach, step = np.eye(m, dtype=bool), 0
    while True:
        step += 1
        reach = (reach.astype(int) @ (A > 0).astype(int)) > 0
        new = reach & (dist < 0)
        if not new.any():
            return dist
        dist[new] = step


def sequential_operations(A: np.ndarray, n: int) -> int:
    """1 + the longest chain of outputs waiting for outputs: how many operations must run one after another."""
    B, level, longest = (A[n:, n:] > 0).astype(int), np.eye(n, dtype=int), 0
    while (level := level @ B).any():
        longest += 1
    return longest + 1


@pytest.mark.parametrize("n", [1, 2, 4, 7, 24, 25, 64])
def test_the_drawn_graphs_are_table_1_for_n_tokens(n):
    tokens = [f"t{i}" for i in range(n)]
    rnn, attention = graphs(to_plotly(recurrence_and_attention(tokens)).to_dict())
    costs = layer_costs(n, D_MODEL)
    for g in (rnn, attention):
        assert g["n_inputs"] == g["n_outputs"] == n, "a node per token in each column"
        assert (g["A"] <= 1).all(), "no edge drawn twice"
    A = rnn["A"]
    assert A.sum() == 2 * n - 1 and A[:n, n:].sum() == n and A[n:, n:].sum() == n - 1, "x_i → h_i, then a chain"
    np.testing.assert_array_equal(A[n:, n:], np.eye(n, k=1, dtype=int), "h_i → h_{i+1}")
    assert attention["A"].sum() == n * n and (attention["A"][:n, n:] == 1).all(), "every x to every z"
    for g, name in ((rnn, "recurrent"), (attention, "self_attention")):
        _, sequential, longest = costs[name]
        assert sequential_operations(g["A"], n) == sequential, name
        dist = shortest(g["A"])[:n, n:]  # input i → output j
        assert (dist >= 1).any() and dist.max() == longest, name
        assert len(g["path"]) == longest == dist[0, n - 1], f"{name}: the red path is x₁ → last output, the longest"
    assert shortest(A)[n, 2 * n - 1] == n - 1, "h₁ → hₙ: n − 1 links of the chain"


def test_the_headings_and_hovers_carry_what_they_are_given_and_the_graphs_counts():
    spec = recurrence_and_attention(["i", "have", "a", "cat"], recurrent=("RNN", "ops 4\npath 4"),
                                    attention=("SA", "ops 1\npath 1"), recurrent_hover="{name} {step}/{n} {links}",
                                    attention_hover="{name} {step}/{n} {links}")
    rnn, attention = spec.panels
    assert (rnn.title, rnn.caption, attention.title) == ("RNN", "ops 4\npath 4", "SA")
    assert rnn.outputs == ("h₁", "h₂", "h₃", "h₄") and attention.outputs == ("z₁", "z₂", "z₃", "z₄")
    assert rnn.hover == ("h₁ 1/4 1", "h₂ 2/4 2", "h₃ 3/4 3", "h₄ 4/4 4")
    assert attention.hover == ("z₁ 1/4 1", "z₂ 1/4 1", "z₃ 1/4 1", "z₄ 1/4 1")
    layout = to_plotly(spec).to_dict()["layout"]
    headings = [a["text"] for a in layout["annotations"]]
    assert headings == ["<b>RNN</b><br>ops 4<br>path 4", "<b>SA</b><br>ops 1<br>path 1"]


def test_token_labels_are_all_shown_up_to_24_and_thinned_with_the_note_above():
    every = graphs(to_plotly(recurrence_and_attention([f"w{i}" for i in range(24)], title="T")).to_dict())[0]
    assert every["labels"][0] == [f"w{i}" for i in range(24)]
    thinned = to_plotly(recurrence_and_attention([f"w{i}" for i in range(50)], title="T",
                                                 words=Words(thinned="<{n}>"))).to_dict()
    inputs, outputs = graphs(thinned)[0]["labels"]
    assert [i for i, label in enumerate(inputs) if label] == list(range(0, 50, 3)) == [
        i for i, label in enumerate(outputs) if label]
    assert thinned["layout"]["title"]["text"] == "T · &lt;3&gt;"
    assert LOOK.full_labels == 24
