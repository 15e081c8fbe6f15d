"""Graphviz DOT source of the encoder–decoder Transformer, with one highlightable node group."""

from __future__ import annotations

from dataclasses import dataclass

from viz import style

HIGHLIGHT_FILL = "#ffd9d9"
HIGHLIGHT_BORDER = style.ACCENT
NORMAL_BORDER = "#555555"


@dataclass(frozen=True)
class DiagramWords:
    """The diagram's labels (a node's, a stack's with {n} layers, the memory edge's); English defaults, the UI
    passes its catalogue's."""

    inputs: str = "Inputs"
    input_embedding: str = "Input Embedding"
    positional_encoding: str = "+ Positional Encoding"
    self_attention: str = "Multi-Head\nSelf-Attention"
    add_norm: str = "Add & Norm"
    feed_forward: str = "Feed Forward"
    outputs: str = "Outputs\n(shifted right)"
    output_embedding: str = "Output Embedding"
    masked_self_attention: str = "Masked Multi-Head\nSelf-Attention"
    cross_attention: str = "Multi-Head\nCross-Attention"
    linear: str = "Linear"
    softmax: str = "Softmax"
    probabilities: str = "Output Probabilities"
    encoder_stack: str = "Encoder layer × {n}"
    decoder_stack: str = "Decoder layer × {n}"
    memory: str = "K, V (memory)"


ENGLISH = DiagramWords()

# node id -> (its DiagramWords field, fill colour)
NODES = {
    "src_tokens": ("inputs", "#ffffff"),
    "src_embed": ("input_embedding", "#fde2e4"),
    "src_pe": ("positional_encoding", "#fde2e4"),
    "enc_self_attn": ("self_attention", "#ffe8b3"),
    "enc_norm1": ("add_norm", "#f4f6a8"),
    "enc_ffn": ("feed_forward", "#cde8f6"),
    "enc_norm2": ("add_norm", "#f4f6a8"),
    "tgt_tokens": ("outputs", "#ffffff"),
    "tgt_embed": ("output_embedding", "#fde2e4"),
    "tgt_pe": ("positional_encoding", "#fde2e4"),
    "dec_self_attn": ("masked_self_attention", "#ffe8b3"),
    "dec_norm1": ("add_norm", "#f4f6a8"),
    "dec_cross_attn": ("cross_attention", "#ffe8b3"),
    "dec_norm2": ("add_norm", "#f4f6a8"),
    "dec_ffn": ("feed_forward", "#cde8f6"),
    "dec_norm3": ("add_norm", "#f4f6a8"),
    "linear": ("linear", "#e3dcf5"),
    "softmax": ("softmax", "#d5f0d5"),
    "probs": ("probabilities", "#ffffff"),
}

GROUPS = {
    "embeddings": {"src_embed", "src_pe", "tgt_embed", "tgt_pe"},
    "self_attention": {"enc_self_attn", "dec_self_attn"},
    "multi_head": {"enc_self_attn", "dec_self_attn", "dec_cross_attn"},
    "masks": {"dec_self_attn"},
    "cross_attention": {"dec_cross_attn"},
    "add_norm": {"enc_norm1", "enc_norm2", "dec_norm1", "dec_norm2", "dec_norm3"},
    "ffn": {"enc_ffn", "dec_ffn"},
    "decoding": {"tgt_tokens", "linear", "softmax", "probs"},
}

FLOW = [
    ("src_tokens", "src_embed"),
    ("src_embed", "src_pe"),
    ("src_pe", "enc_self_attn"),
    ("enc_self_attn", "enc_norm1"),
    ("enc_norm1", "enc_ffn"),
    ("enc_ffn", "enc_norm2"),
    ("tgt_tokens", "tgt_embed"),
    ("tgt_embed", "tgt_pe"),
    ("tgt_pe", "dec_self_attn"),
    ("dec_self_attn", "dec_norm1"),
    ("dec_norm1", "dec_cross_attn"),
    ("dec_cross_attn", "dec_norm2"),
    ("dec_norm2", "dec_ffn"),
    ("dec_ffn", "dec_norm3"),
    ("dec_norm3", "linear"),
    ("linear", "softmax"),
    ("softmax", "probs"),
]
RESIDUAL = [
    ("src_pe", "enc_norm1"),
    ("enc_norm1", "enc_norm2"),
    ("tgt_pe", "dec_norm1"),
    ("dec_norm1", "dec_norm2"),
    ("dec_norm2", "dec_norm3"),
]
ENCODER = ["enc_self_attn", "enc_norm1", "enc_ffn", "enc_norm2"]
DECODER = ["dec_self_attn", "dec_norm1", "dec_cross_attn", "dec_norm2", "dec_ffn", "dec_norm3"]

def quote(text: str) -> str:
    """DOT double-quoted string (backslashes, quotes and newlines escaped)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def node_line(node: str, words: DiagramWords, lit: bool) -> str:
    """DOT statement of one node, in the accent colour when lit."""
    field, fill = NODES[node]
    label = getattr(words, field)
    if lit:
        attrs = f'fillcolor="{HIGHLIGHT_FILL}", color="{HIGHLIGHT_BORDER}", penwidth=3'
    else:
        attrs = f'fillcolor="{fill}", color="{NORMAL_BORDER}", penwidth=1'
    return f"{node} [id={quote(node)}, label={quote(label)}, {attrs}];"


def cluster(name: str, label: str, nodes: list[str], words: DiagramWords, lit: set[str]) -> list[str]:
    """A dashed, labelled subgraph box around one layer stack."""
    return (
        [
            f"  subgraph cluster_{name} {{",
            f'    label={quote(label)}; labelloc="b"; style="rounded,dashed"; color="#777777";',
        ]
        + ["    " + node_line(n, words, n in lit) for n in nodes]
        + ["  }"]
    )


def architecture_dot(n_layers: int, *, highlight: str | None = None, words: DiagramWords = ENGLISH) -> str:
    """DOT source: inputs → embedding + PE → encoder ×N / decoder ×N → Linear → Softmax → outputs."""
    if highlight is not None and highlight not in GROUPS:
        raise ValueError(f"highlight must be one of {sorted(GROUPS)} or None, not {highlight!r}")
    lit = GROUPS.get(highlight, set())
    stacked = set(ENCODER) | set(DECODER)
    lines = [
        "digraph transformer {",
        '  rankdir=BT; newrank=true; nodesep=0.35; ranksep=0.3; bgcolor="transparent";',
        f'  node [shape=box, style="rounded,filled", fontname={quote(style.FONT_FAMILY)}, '
        'fontsize=14, margin="0.2,0.08"];',
        f'  edge [color="#444444", arrowsize=0.8, fontname={quote(style.FONT_FAMILY)}, fontsize=12];',
        f"  graph [fontname={quote(style.FONT_FAMILY)}, fontsize=16];",
    ]
    lines += ["  " + node_line(n, words, n in lit) for n in NODES if n not in stacked]
    lines += cluster("encoder", words.encoder_stack.format(n=n_layers), ENCODER, words, lit)
    lines += cluster("decoder", words.decoder_stack.format(n=n_layers), DECODER, words, lit)
    lines += [f"  {a} -> {b};" for a, b in FLOW]
    lines += [f'  {a} -> {b} [style=dashed, color="#888888", constraint=false];' for a, b in RESIDUAL]
    lines.append(f"  enc_norm2 -> dec_cross_attn [label={quote(words.memory)}, penwidth=2];")
    lines.append("}")
    return "\n".join(lines)
