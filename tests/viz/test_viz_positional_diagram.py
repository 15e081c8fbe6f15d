"""pe_curves (altair), architecture_dot (Graphviz DOT), and the purity of viz/."""

import ast
import dataclasses
import re
from pathlib import Path

import altair as alt
import numpy as np
import pytest

from lesson.catalogue import diagram_words
from viz import style
from viz.diagram import GROUPS, DiagramWords, architecture_dot
from viz.positional import pe_curves

VIZ = Path(__file__).resolve().parents[2] / "viz"


def sinusoidal(n_pos=50, d=16):
    """Reference sinusoidal PE matrix."""
    pos = np.arange(n_pos)[:, None]
    i = np.arange(d)[None, :]
    angle = pos / 10000 ** ((i // 2 * 2) / d)
    return np.where(i % 2 == 0, np.sin(angle), np.cos(angle))


def test_pe_curves_long_data_and_legend_names():
    pe = sinusoidal()
    chart = pe_curves(pe, [0, 1, 6], max_pos=20)
    assert isinstance(chart, alt.Chart)
    spec = chart.to_dict()
    rows = next(iter(spec["datasets"].values()))
    assert len(rows) == 20 * 3
    assert {r["dimension"] for r in rows} == {"dim 0 (sin)", "dim 1 (cos)", "dim 6 (sin)"}
    row = next(r for r in rows if r["dimension"] == "dim 1 (cos)" and r["position"] == 7)
    assert row["value"] == pytest.approx(pe[7, 1])
    assert spec["mark"]["type"] == "line"
    assert spec["encoding"]["y"]["scale"]["domain"] == [-1, 1]
    assert spec["config"]["axis"]["labelFontSize"] >= 14
    assert "Noto Sans CJK SC" in spec["config"]["font"]


def test_pe_curves_default_uses_every_position():
    rows = next(iter(pe_curves(sinusoidal(12), [2]).to_dict()["datasets"].values()))
    assert [r["position"] for r in rows] == list(range(12))


def dot_statements(dot: str):
    """(declared node ids, edge endpoint pairs, node id -> attribute text) parsed from DOT."""
    nodes = {
        n: attrs
        for n, attrs in re.findall(r"^\s*(\w+) \[(.*)\];$", dot, flags=re.M)
        if n not in {"node", "edge", "graph"}
    }
    edges = re.findall(r"^\s*(\w+) -> (\w+)", dot, flags=re.M)
    return nodes, edges


def without_strings(dot: str) -> str:
    """DOT text with double-quoted strings removed (so braces inside labels are ignored)."""
    return re.sub(r'"(?:[^"\\]|\\.)*"', '""', dot)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_dot_is_structurally_valid(lang):
    dot = architecture_dot(3, words=diagram_words(lang))
    bare = without_strings(dot)
    assert bare.count('"') % 2 == 0
    depth = 0
    for ch in bare:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        assert depth >= 0
    assert depth == 0
    assert dot.startswith("digraph") and dot.rstrip().endswith("}")
    nodes, edges = dot_statements(dot)
    assert edges and all(a in nodes and b in nodes for a, b in edges)
    assert all(f'id="{n}"' in attrs for n, attrs in nodes.items())
    assert "URL" not in dot


def test_dot_has_both_stacks_with_the_layer_count_and_cross_attention_from_memory():
    dot = architecture_dot(3)
    assert "subgraph cluster_encoder" in dot and "subgraph cluster_decoder" in dot
    assert "Encoder layer × 3" in dot and "Decoder layer × 3" in dot
    for label in (
        "Masked Multi-Head",
        "Cross-Attention",
        "Add & Norm",
        "Feed Forward",
        "Linear",
        "Softmax",
        "Positional Encoding",
        "Input Embedding",
    ):
        assert label in dot
    assert re.search(r"enc_norm2 -> dec_cross_attn \[label=\"K, V", dot)


def test_dot_labels_are_the_words_passed_in():
    dot = architecture_dot(2, words=diagram_words("zh"))
    assert "编码器层 × 2" in dot and "解码器层 × 2" in dot and "带掩码的多头自注意力" in dot
    assert "Encoder" not in dot
    assert architecture_dot(2, words=diagram_words("en")) == architecture_dot(2), "English by default"
    marked = DiagramWords(**{f.name: f"<{f.name}>" for f in dataclasses.fields(DiagramWords)})
    nodes, _ = dot_statements(architecture_dot(2, words=marked))
    labels = {re.search(r'label="<(\w+)>"', attrs)[1] for attrs in nodes.values()}
    stacks = {"encoder_stack", "decoder_stack", "memory"}
    assert labels == {f.name for f in dataclasses.fields(DiagramWords)} - stacks, "every node word is used"
    assert all(f'"<{name}>"' in architecture_dot(2, words=marked) for name in stacks)


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_highlight_colour_only_on_the_highlighted_group(group):
    nodes, _ = dot_statements(architecture_dot(2, highlight=group))
    lit = {n for n, attrs in nodes.items() if style.ACCENT in attrs}
    assert lit == GROUPS[group]


def test_no_highlight_means_no_accent_and_bad_arguments_are_rejected():
    assert style.ACCENT not in architecture_dot(2)
    with pytest.raises(ValueError):
        architecture_dot(2, highlight="attention")


def test_viz_never_imports_streamlit_torch_or_model():
    for path in VIZ.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in {"streamlit", "torch", "model"}, f"{path.name}: {name}"
