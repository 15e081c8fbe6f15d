"""The guided tour's steps: one figure and one formula with this sentence's numbers per step (no Streamlit here).

Each group of steps has its own module, and inside it each step's figure, formula and TourStep sit together:
embedding (tokens → positional encoding), attention (Q K V → Concat), layer (Add & Norm, FFN, the stack), decoder
(its input, the mask) and output (cross-attention, next-token probabilities): the decoder comes after the encoder's
whole layer, whose residuals, LayerNorms and FFN it reuses. Five optional chapters follow, together: Before 2017
(the RNN encoder–decoder and additive attention), how the model is trained and scored, how far its attention can be
trusted, After 2017, and From words to patches (the same attention in a small ViT, on a sample digit).
"""
from lesson.tour.after_2017 import CHAPTER
from lesson.tour.attention import CONCAT, QKV, SCALE, SCORES, SOFTMAX, WEIGHTED, denominator
from lesson.tour.before_2017 import CHAPTER as BEFORE
from lesson.tour.common import HEAD, TourStep, Translate, facts, tok
from lesson.tour.decoder import DECODER, MASK
from lesson.tour.embedding import EMBEDDING, POSITIONAL, TOKENS
from lesson.tour.layer import ADD_NORM, FFN, LAYERS
from lesson.tour.output import CROSS, NEXT_STEP, NEXT_TOKEN, later_step
from lesson.tour.patches import CHAPTER as PATCHES
from lesson.tour.training import CHAPTER as TRAINING
from lesson.tour.trust import CHAPTER as TRUST

STEPS: tuple[TourStep, ...] = (TOKENS, EMBEDDING, POSITIONAL, QKV, SCORES, SCALE, SOFTMAX, WEIGHTED, CONCAT,
                               ADD_NORM, FFN, LAYERS, DECODER, MASK, CROSS, NEXT_TOKEN, NEXT_STEP)
WITH_CHAPTER: tuple[TourStep, ...] = STEPS + BEFORE + TRAINING + TRUST + CHAPTER + PATCHES  # chapters at the end


def steps(chapter: bool) -> tuple[TourStep, ...]:
    """The tour's steps, with the optional chapters (Before 2017, trained and scored, trust, After 2017, From words to
    patches) or without."""
    return WITH_CHAPTER if chapter else STEPS


__all__ = ["BEFORE", "CHAPTER", "HEAD", "PATCHES", "STEPS", "TRAINING", "TRUST", "WITH_CHAPTER", "TourStep",
           "Translate", "denominator", "facts", "later_step", "steps", "tok"]
