"""Graphviz DOT source of the encoder–decoder Transformer, with one highlightable node group."""

from __future__ import annotations

from viz import style

HIGHLIGHT_FILL = "#ffd9d9"
HIGHLIGHT_BORDER = style.ACCENT
NORMAL_BORDER = "#555555"

# node id -> (English label, Chinese label, fill colour)
NODES = {
    "src_tokens": ("Inputs", "输入", "#ffffff"),
    "src_embed": ("Input Embedding", "输入嵌入", "#fde2e4"),
    "src_pe": ("+ Positional Encoding", "+ 位置编码", "#fde2e4"),
    "enc_self_attn": ("Multi-Head\nSelf-Attention", "多头自注意力", "#ffe8b3"),
    "enc_norm1": ("Add & Norm", "残差 & 层归一化", "#f4f6a8"),
    "enc_ffn": ("Feed Forward", "前馈网络", "#cde8f6"),
    "enc_norm2": ("Add & Norm", "残差 & 层归一化", "#f4f6a8"),
    "tgt_tokens": ("Outputs\n(shifted right)", "输出\n（右移一位）", "#ffffff"),
    "tgt_embed": ("Output Embedding", "输出嵌入", "#fde2e4"),
    "tgt_pe": ("+ Positional Encoding", "+ 位置编码", "#fde2e4"),
    "dec_self_attn": ("Masked Multi-Head\nSelf-Attention", "带掩码的多头自注意力", "#ffe8b3"),
    "dec_norm1": ("Add & Norm", "残差 & 层归一化", "#f4f6a8"),
    "dec_cross_attn": ("Multi-Head\nCross-Attention", "多头交叉注意力", "#ffe8b3"),
    "dec_norm2": ("Add & Norm", "残差 & 层归一化", "#f4f6a8"),
    "dec_ffn": ("Feed Forward", "前馈网络", "#cde8f6"),
    "dec_norm3": ("Add & Norm", "残差 & 层归一化", "#f4f6a8"),
    "linear": ("Linear", "线性层", "#e3dcf5"),
    "softmax": ("Softmax", "Softmax", "#d5f0d5"),
    "probs": ("Output Probabilities", "输出概率", "#ffffff"),
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

TEXT = {
    "en": {"encoder": "Encoder layer × {n}", "decoder": "Decoder layer × {n}", "memory": "K, V (memory)"},
    "zh": {"encoder": "编码器层 × {n}", "decoder": "解码器层 × {n}", "memory": "K, V（编码器记忆）"},
}


def quote(text: str) -> str:
    """DOT double-quoted string (backslashes, quotes and newlines escaped)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def node_line(node: str, lang: str, lit: bool) -> str:
    """DOT statement of one node, in the accent colour when lit."""
    en, zh, fill = NODES[node]
    label = zh if lang == "zh" else en
    if lit:
        attrs = f'fillcolor="{HIGHLIGHT_FILL}", color="{HIGHLIGHT_BORDER}", penwidth=3'
    else:
        attrs = f'fillcolor="{fill}", color="{NORMAL_BORDER}", penwidth=1'
    return f"{node} [id={quote(node)}, label={quote(label)}, {attrs}];"


def cluster(name: str, label: str, nodes: list[str], lang: str, lit: set[str]) -> list[str]:
    """A dashed, labelled subgraph box around one layer stack."""
    return (
        [
            f"  subgraph cluster_{name} {{",
            f'    label={quote(label)}; labelloc="b"; style="rounded,dashed"; color="#777777";',
        ]
        + ["    " + node_line(n, lang, n in lit) for n in nodes]
        + ["  }"]
    )


def architecture_dot(n_layers: int, *, highlight: str | None = None, lang: str = "en") -> str:
    """DOT source: inputs → embedding + PE → encoder ×N / decoder ×N → Linear → Softmax → outputs."""
    if highlight is not None and highlight not in GROUPS:
        raise ValueError(f"highlight must be one of {sorted(GROUPS)} or None, not {highlight!r}")
    if lang not in TEXT:
        raise ValueError(f"lang must be one of {sorted(TEXT)}, not {lang!r}")
    text = TEXT[lang]
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
    lines += ["  " + node_line(n, lang, n in lit) for n in NODES if n not in stacked]
    lines += cluster("encoder", text["encoder"].format(n=n_layers), ENCODER, lang, lit)
    lines += cluster("decoder", text["decoder"].format(n=n_layers), DECODER, lang, lit)
    lines += [f"  {a} -> {b};" for a, b in FLOW]
    lines += [f'  {a} -> {b} [style=dashed, color="#888888", constraint=false];' for a, b in RESIDUAL]
    lines.append(f"  enc_norm2 -> dec_cross_attn [label={quote(text['memory'])}, penwidth=2];")
    lines.append("}")
    return "\n".join(lines)
