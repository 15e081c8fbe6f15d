"""A convolution as attention (note 004) and restricted self-attention (the paper's Table 1)."""
from __future__ import annotations

import numpy as np
import torch
from torch import nn

from model.attention import softmax


def conv_parameters(d: int, kernels: tuple[int, ...]) -> dict[int, int]:
    """Parameters of a 1-D convolution d → d channels for each kernel size (nn.Conv1d, built without memory)."""
    return {k: sum(p.numel() for p in nn.Conv1d(d, d, k, device="meta").parameters()) for k in kernels}


def conv_kernel(k: int, d_in: int, d_out: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """A random 1-D convolution: one d_in × d_out matrix per offset −(k−1)/2 … (k−1)/2 and a bias; (k, d_in, d_out),
    (d_out,)."""
    rng = np.random.default_rng(seed)
    return rng.normal(size=(k, d_in, d_out)) / np.sqrt(k * d_in), rng.normal(size=d_out) * 0.1


def convolve(x: np.ndarray, kernel: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """The convolution of x (n, d_in) with zero padding, by PyTorch's conv1d; (n, d_out)."""
    weight = torch.from_numpy(np.ascontiguousarray(kernel.transpose(2, 1, 0)))  # (d_out, d_in, k)
    y = torch.nn.functional.conv1d(torch.from_numpy(np.asarray(x, np.float64).T)[None], weight,
                                   torch.from_numpy(bias), padding=len(kernel) // 2)  # (1, d_out, n)
    return y[0].T.numpy()


def offset_heads(n: int, k: int) -> np.ndarray:
    """k fixed attention patterns, one per offset o: query i puts weight 1 on key i + o (none past the ends);
    (k, n, n)."""
    w = (k - 1) // 2
    return np.array([np.eye(n, k=o) for o in range(-w, w + 1)])


def conv_as_attention(x: np.ndarray, kernel: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """The same convolution as k attention heads with fixed one-hot weights, head o reading x·W_o: Σ_o A_o·x·W_o + b;
    (n, d_out)."""
    heads = offset_heads(len(x), len(kernel))  # (k, n, n)
    return np.einsum("oij,jd,ode->ie", heads, np.asarray(x, np.float64), kernel) + bias


def restricted_weights(scores: np.ndarray, r: int) -> tuple[np.ndarray, np.ndarray]:
    """One head's scores (L, L) softmaxed over the r keys centred on each query only (restricted self-attention);
    -> (weights (L, L), keep (L, L))."""
    i, j = np.indices(np.shape(scores))
    keep = np.abs(i - j) <= (r - 1) // 2  # (L, L)
    return softmax(np.where(keep, np.asarray(scores, np.float64), -np.inf)), keep


def shuffled_conv_difference(x: np.ndarray, order: np.ndarray, k: int = 3, seed: int = 0) -> float:
    """max |conv(x shuffled) − conv(x), shuffled the same way| for a random convolution of kernel k: it computes every
    position at once and still sees the order."""
    kernel, bias = conv_kernel(k, x.shape[1], x.shape[1], seed)
    return float(np.abs(convolve(x[order], kernel, bias) - convolve(x, kernel, bias)[order]).max())
