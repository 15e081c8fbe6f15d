"""BERT vs GPT: their sizes and parameter counts, the masked-LM and next-token inputs, GPT-1's fine-tuning
inputs (Radford et al. 2018, §3.3 and Figure 1)."""
from __future__ import annotations

import numpy as np

from model.tokenizer import EOS_ID
from model.trace import Trace

PRETRAINED = {  # name: (layers, hidden, heads, stated parameters in millions, vocabulary, positions)
    "BERT-base": (12, 768, 12, 110, 30522, 512),
    "BERT-large": (24, 1024, 16, 340, 30522, 512),
    "GPT-1": (12, 768, 12, 117, 40478, 512),
    "GPT-2 (largest)": (48, 1600, 25, 1542, 50257, 1024),
    "GPT-3 (largest)": (96, 12288, 96, 175_000, 50257, 2048),
}


def bert_parameters(layers: int, hidden: int, vocab: int = 30522, positions: int = 512, d_ff: int | None = None,
                    segments: int = 2, pooler: bool = True) -> int:
    """BERT's parameter count from its configuration (token, position and segment embeddings, their LayerNorm,
    encoder layers with d_ff = 4·hidden unless given, the pooler if it has one)."""
    d, d_ff = hidden, d_ff or 4 * hidden
    embeddings = (vocab + positions + segments) * d + 2 * d
    layer = (4 * d * d + 4 * d) + (2 * d * d_ff + d_ff + d) + 2 * 2 * d
    return embeddings + layers * layer + (d * d + d if pooler else 0)


def gpt_parameters(layers: int, hidden: int, vocab: int = 40478, positions: int = 512, d_ff: int | None = None,
                   final_norm: bool = False) -> int:
    """GPT-1's parameter count from its configuration (token and position embeddings, the output layer tied to the
    token embedding, decoder layers without cross-attention, d_ff = 4·hidden unless given); GPT-2 adds a final
    LayerNorm (final_norm)."""
    d, d_ff = hidden, d_ff or 4 * hidden
    layer = (4 * d * d + 4 * d) + (2 * d * d_ff + d_ff + d) + 2 * 2 * d
    return (vocab + positions) * d + layers * layer + (2 * d if final_norm else 0)


def mlm_example(tokens: list[str], rate: float = 0.15, seed: int = 0) -> tuple[list[int], list[str]]:
    """BERT's masked-LM input for a sentence: ⌈rate·n⌉ positions picked at random become [MASK] (BERT then keeps
    80 % as [MASK], swaps 10 % for a random word and leaves 10 %); -> (picked positions, input tokens)."""
    n = len(tokens)
    k = max(1, int(np.ceil(rate * n)))
    picked = sorted(np.random.default_rng(seed).choice(n, size=k, replace=False).tolist())
    return picked, ["[MASK]" if i in picked else tok for i, tok in enumerate(tokens)]


def next_token_losses(trace: Trace) -> tuple[list[str], list[str], np.ndarray]:
    """Next-token prediction on the model's own translation: (inputs <bos> y₁…, targets y₁…<eos>, −log p per step)."""
    inputs = trace.tgt_input_tokens
    targets = trace.decoded.tokens + ["<eos>"]
    ids = trace.decoded.ids + [EOS_ID]
    probs = trace["probs"]  # (T, V_tgt)
    return inputs, targets[: len(probs)], -np.log(probs[np.arange(len(probs)), ids[: len(probs)]])


GPT1_TOKENS = ("<start>", "<delim>", "<extract>")  # randomly initialised, learned when fine-tuning
GPT1_TASKS = {"classification": 2, "entailment": 3, "similarity": 2, "multiple_choice": 1}  # task: W_y's columns


def gpt1_inputs(a: list[str], b: list[str]) -> dict[str, list[list[str]]]:
    """Each task's input sequences for texts a and b: classification (a), entailment (premise a, hypothesis b),
    similarity (both orders, their final states added), multiple choice (context a, one sequence per answer: b and a
    read backwards)."""
    start, delim, extract = GPT1_TOKENS
    return {"classification": [[start, *a, extract]], "entailment": [[start, *a, delim, *b, extract]],
            "similarity": [[start, *a, delim, *b, extract], [start, *b, delim, *a, extract]],
            "multiple_choice": [[start, *a, delim, *answer, extract] for answer in (b, a[::-1])]}


def gpt1_new_parameters(d: int, inputs: dict[str, list[list[str]]]) -> dict[str, int]:
    """What fine-tuning adds to GPT-1 per task: W_y (d × the task's columns) and an embedding of d for each new token
    its inputs use (gpt1_inputs)."""
    return {task: d * GPT1_TASKS[task] + d * len({tok for seq in seqs for tok in seq if tok in GPT1_TOKENS})
            for task, seqs in inputs.items()}
