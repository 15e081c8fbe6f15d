"""The attention code of «Transformer 学习笔记» (lines 217–301), verbatim, run as written and with the two lines it
lacks, on this app's numbers: its MultiHeadAttention.forward reads sz_b, len_q, len_k, len_v, n_head, d_k and d_v,
which it never defines."""
from __future__ import annotations

import functools

import torch
import torch.nn.functional as F
from torch import nn

NOTE_CODE = """
class ScaledDotProductAttention(nn.Module):
    ''' Scaled Dot-Product Attention '''

    def __init__(self, temperature, attn_dropout=0.1):
        super().__init__()
        self.temperature = temperature
        self.dropout = nn.Dropout(attn_dropout)

    def forward(self, q, k, v, mask=None):
        # self.temperature是论文中的d_k ** 0.5，防止梯度过大
        # QxK/sqrt(dk)
        attn = torch.matmul(q / self.temperature, k.transpose(2, 3))

        if mask is not None:
            # 屏蔽不想要的输出
            attn = attn.masked_fill(mask == 0, -1e9)
        # softmax+dropout
        attn = self.dropout(F.softmax(attn, dim=-1))
        # 概率分布xV
        output = torch.matmul(attn, v)

        return output, attn

class MultiHeadAttention(nn.Module):
    ''' Multi-Head Attention module '''

    # n_head头的个数，默认是8
    # d_model编码向量长度，例如本文说的512
    # d_k, d_v的值一般会设置为 n_head * d_k=d_model，
    # 此时concat后正好和原始输入一样，当然不相同也可以，因为后面有fc层
    # 相当于将可学习矩阵分成独立的n_head份
    def __init__(self, n_head, d_model, d_k, d_v, dropout=0.1):
        super().__init__()
        # 假设n_head=8，d_k=64
        self.n_head = n_head
        self.d_k = d_k
        self.d_v = d_v
        # d_model输入向量，n_head * d_k输出向量
        # 可学习W^Q，W^K,W^V矩阵参数初始化
        self.w_qs = nn.Linear(d_model, n_head * d_k, bias=False)
        self.w_ks = nn.Linear(d_model, n_head * d_k, bias=False)
        self.w_vs = nn.Linear(d_model, n_head * d_v, bias=False)
        # 最后的输出维度变换操作
        self.fc = nn.Linear(n_head * d_v, d_model, bias=False)
        # 单头自注意力
        self.attention = ScaledDotProductAttention(temperature=d_k ** 0.5)
        self.dropout = nn.Dropout(dropout)
        # 层归一化
        self.layer_norm = nn.LayerNorm(d_model, eps=1e-6)

    def forward(self, q, k, v, mask=None):
        # 假设qkv输入是(b,100,512),100是训练每个样本最大单词个数
        # 一般qkv相等，即自注意力
        residual = q
        # 将输入x和可学习矩阵相乘，得到(b,100,512)输出
        # 其中512的含义其实是8x64，8个head，每个head的可学习矩阵为64维度
        # q的输出是(b,100,8,64),kv也是一样
        q = self.w_qs(q).view(sz_b, len_q, n_head, d_k)
        k = self.w_ks(k).view(sz_b, len_k, n_head, d_k)
        v = self.w_vs(v).view(sz_b, len_v, n_head, d_v)

        # 变成(b,8,100,64)，方便后面计算，也就是8个头单独计算
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)

        if mask is not None:
            mask = mask.unsqueeze(1)   # For head axis broadcasting.
        # 输出q是(b,8,100,64),维持不变,内部计算流程是：
        # q*k转置，除以d_k ** 0.5，输出维度是b,8,100,100即单词和单词直接的相似性
        # 对最后一个维度进行softmax操作得到b,8,100,100
        # 最后乘上V，得到b,8,100,64输出
        q, attn = self.attention(q, k, v, mask=mask)

        # b,100,8,64-->b,100,512
        q = q.transpose(1, 2).contiguous().view(sz_b, len_q, -1)
        q = self.dropout(self.fc(q))
        # 残差计算
        q += residual
        # 层归一化，在512维度计算均值和方差，进行层归一化
        q = self.layer_norm(q)

        return q, attn
"""
MISSING = """sz_b, len_q, len_k, len_v = q.size(0), q.size(1), k.size(1), v.size(1)
n_head, d_k, d_v = self.n_head, self.d_k, self.d_v"""  # what forward needs before its first line


@functools.cache
def note_classes(fixed: bool) -> dict[str, type]:
    """The note's two classes, defined from its code (with MISSING at the top of forward when `fixed`)."""
    code = NOTE_CODE
    if fixed:
        indent = " " * 8
        code = code.replace(f"{indent}residual = q\n", f"{indent}residual = q\n" + "".join(
            f"{indent}{line}\n" for line in MISSING.splitlines()), 1)
    namespace: dict = {"torch": torch, "nn": nn, "F": F}
    exec(compile(code, "note_000.py", "exec"), namespace)  # the note's own code, a constant of this module
    return {name: namespace[name] for name in ("ScaledDotProductAttention", "MultiHeadAttention")}


@torch.no_grad()
def run_note_attention(x: torch.Tensor, h: int, fixed: bool) -> tuple[str, tuple[int, ...] | None]:
    """The note's MultiHeadAttention (h heads of d_model / h, eval mode) on x (1, L, d_model): the error it raises
    as written, or the shape of its output once fixed; -> (error message or "", output shape or None). Its random
    initial weights are drawn without touching the global random state."""
    d = x.shape[-1]
    with torch.random.fork_rng(devices=[]):
        module = note_classes(fixed)["MultiHeadAttention"](h, d, d // h, d // h).eval()
    try:
        out, _ = module(x, x, x)
    except NameError as error:
        return f"NameError: {error}", None
    return "", tuple(out.shape)
