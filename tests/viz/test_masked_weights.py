"""A masked cell reads as what the chart holds: −∞ in a map of scores, 0 in a map of softmax weights (exp(−∞) = 0),
so a weights map titled "rows sum to 1" never writes −∞ (seen on Self-attention's stage, decoder block)."""
import numpy as np

from lesson.catalogue import viz_words
from viz import style
from viz.heatmap import matrix_heatmap

TOKENS = ["<bos>", "a", "b"]
CAUSAL = ~np.tril(np.ones((3, 3), dtype=bool))


def softmax_rows(scores: np.ndarray) -> np.ndarray:
    e = np.exp(scores - scores.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def test_a_weights_map_writes_zero_in_masked_cells_and_its_hover_says_so():
    scores = np.where(CAUSAL, -np.inf, np.arange(9.0).reshape(3, 3))
    weights = softmax_rows(scores)
    assert (weights[CAUSAL] == 0).all()  # what the masked cells hold
    for lang, note in (("en", "0 (masked)"), ("zh", "0（已掩码）")):
        spec = matrix_heatmap(weights, TOKENS, TOKENS, kind="prob", masked=CAUSAL, words=viz_words(lang))
        assert spec.mask_text == "0"
        assert spec.mask_hover.endswith("= " + note)


def test_a_scores_map_keeps_minus_infinity():
    scores = np.where(CAUSAL, -np.inf, 1.0)
    spec = matrix_heatmap(scores, TOKENS, TOKENS, masked=CAUSAL, words=viz_words("en"))
    assert spec.mask_text == style.MASK_TEXT == "−∞"
    assert spec.mask_hover.endswith("= −∞ (masked)")
