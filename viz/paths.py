"""One layer over a sentence drawn as a graph: a recurrent layer's chain x₁ → h₁ → h₂ → … → hₙ beside self-attention,
where every output zⱼ reads every input xᵢ in the same step (the paper's Table 1, sequential operations and path
lengths, for this sentence)."""
from __future__ import annotations

import functools
from collections import deque

import numpy as np

from viz import style
from viz.spec import Wiring, Wirings, f32, ticks
from viz.style import ENGLISH, LOOK, Style, Words

SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def sub(i: int) -> str:
    """A number as subscript digits: 12 -> "₁₂"."""
    return str(i).translate(SUBSCRIPTS)


def recurrent_edges(n: int) -> np.ndarray:
    """xᵢ → hᵢ for every token, then hᵢ → hᵢ₊₁: inputs are nodes 0 … n−1, outputs n … 2n−1; (2n − 1, 2)."""
    return np.array([(i, n + i) for i in range(n)] + [(n + i, n + i + 1) for i in range(n - 1)], dtype=int)


def attention_edges(n: int) -> np.ndarray:
    """xᵢ → zⱼ for every pair: each output reads every input at once; (n², 2)."""
    return np.array([(i, n + j) for j in range(n) for i in range(n)], dtype=int)


def distances(edges: np.ndarray, n_nodes: int, start: int = 0) -> np.ndarray:
    """Edges along the shortest directed path from `start` to every node (−1 where none leads)."""
    out, queue = np.full(n_nodes, -1), deque([start])
    out[start] = 0
    nexts = [[] for _ in range(n_nodes)]
    for a, b in edges:
        nexts[a].append(b)
    while queue:
        node = queue.popleft()
        for b in nexts[node]:
            if out[b] < 0:
                out[b] = out[node] + 1
                queue.append(b)
    return out


def steps(edges: np.ndarray, n: int) -> np.ndarray:
    """The operation at which each output can be computed: 1 + the latest output it waits for (outputs are nodes
    n … 2n−1 and only wait for outputs with a lower number, as in both layers drawn here); (n,)."""
    out = np.ones(n, dtype=int)
    for a, b in sorted((int(a), int(b)) for a, b in edges if a >= n):
        out[b - n] = max(out[b - n], out[a - n] + 1)
    return out


def shortest_path(edges: np.ndarray, n_nodes: int, start: int, end: int) -> list[int]:
    """The nodes of one shortest directed path from start to end."""
    dist = distances(edges, n_nodes, start)
    path = [end]
    while path[-1] != start:
        node = path[-1]
        path.append(next(int(a) for a, b in edges if b == node and dist[a] == dist[node] - 1))
    return path[::-1]


EDGES = {"recurrent": recurrent_edges, "attention": attention_edges}


@functools.lru_cache(maxsize=2 * 128)
def graph(kind: str, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    """A layer's edges over n tokens (kind: a key of EDGES), each node's path length from x₁, each output's operation
    number and one shortest path x₁ → last output: they depend on n alone, so each n is worked out once (read-only)."""
    edges = EDGES[kind](n)  # (E, 2)
    dist, step = distances(edges, 2 * n), steps(edges, n)  # (2n,), (n,)
    for a in (edges, dist, step):
        a.setflags(write=False)
    return edges, dist, step, shortest_path(edges, 2 * n, 0, 2 * n - 1)


def wiring(kind: str, n: int, title: str, caption: str, prefix: str, hover: str, arrows: bool) -> Wiring:
    """A panel: outputs named prefix₁ …, the path x₁ → last output, and each output's hover ({name}, {step}, {n},
    {links}: its operation number and its path length from x₁, read off the edges)."""
    edges, dist, step, path = graph(kind, n)
    names = tuple(f"{prefix}{sub(j + 1)}" for j in range(n))
    hovers = tuple(hover.format(name=names[j], step=step[j], n=n, links=dist[n + j]) for j in range(n))
    return Wiring(title, caption, names, f32(edges), f32(path), hovers, arrows)


def recurrence_and_attention(tokens, *, title: str = "", recurrent: tuple[str, str] = ("Recurrent layer", ""),
                             attention: tuple[str, str] = ("Self-attention", ""),  # (heading, caption: "\n" breaks)
                             recurrent_hover: str = "{name}: operation {step} of {n}; path from x₁: {links}",
                             attention_hover: str = "{name}: operation {step}; path from x₁: {links}",
                             height: int | None = None, words: Words = ENGLISH, look: Style = LOOK) -> Wirings:
    """The tokens through a recurrent layer (left: xᵢ → hᵢ, hᵢ → hᵢ₊₁) and through self-attention (right: every
    xᵢ → every zⱼ); `recurrent` and `attention` are each panel's (heading, caption). Token labels thin above
    look.full_labels, with words.thinned."""
    tokens = tuple(str(t) for t in tokens)
    n = len(tokens)
    if n == 0:
        raise ValueError("no tokens to draw")
    cap = None if n <= look.full_labels else look.full_labels
    panels = (wiring("recurrent", n, *recurrent, "h", recurrent_hover, True),
              wiring("attention", n, *attention, "z", attention_hover, False))
    return Wirings(title=title, tokens=tokens, ticks=ticks(n, cap), note=words.thinned, panels=panels,
                   colour=style.PRIMARY, edge_colour=style.NEUTRAL, path_colour=style.ACCENT,
                   height=height or style.auto_height(n, per_row=30, extra=170, lo=330, hi=1800), look=look)
