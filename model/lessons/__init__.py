"""Computations behind the app's lessons on the notes: their mistakes next to what the model does, positional-encoding
alternatives, LayerNorm vs BatchNorm, the paper's sizes, BERT vs GPT. NumPy/PyTorch only (pages show, this computes).

One module per topic: masking, note_example (a note's worked example), positions, order (shuffled tokens), norms,
scaling (÷√d_k), embeddings, heads, decoder, paper (sizes, schedule, Table 1, cost), convolution, bert_gpt. What
pages, ui and the tests read is exported here, as model.lessons.NAME."""
from __future__ import annotations

from model.lessons.bert_gpt import (
    GPT1_TASKS,
    PRETRAINED,
    bert_parameters,
    gpt1_inputs,
    gpt1_new_parameters,
    gpt_parameters,
    mlm_example,
    next_token_losses,
)
from model.lessons.convolution import (
    conv_as_attention,
    conv_kernel,
    conv_parameters,
    convolve,
    offset_heads,
    restricted_weights,
    shuffled_conv_difference,
)
from model.lessons.decoder import (
    beam_ids,
    greedy_without_source,
    implicit_softmax,
    one_pass_vs_steps,
    sequence_log_prob,
)
from model.lessons.embeddings import cosine, fresh_embedding, fresh_embedding_norm, nearest_id, nearest_words
from model.lessons.heads import (
    cross_attention_sources,
    head_differences,
    head_slices,
    plain_list_parameters,
    score_asymmetry,
)
from model.lessons.masking import (
    additive_mask,
    causal_keep,
    fully_masked_row,
    multiplicative_mask,
    torch_mask_arguments,
    unmasked_padding,
)
from model.lessons.norms import batch_norm, gamma_spread, layer_norm, run_shared_norm, shared_norm_edits
from model.lessons.note_example import (
    NOTE_ROUNDED_OUTPUT,
    NOTE_ROUNDED_WEIGHTS,
    NOTE_SCORES,
    NOTE_V,
    NOTE_W_Q,
    key_spread,
    note_qkv,
    widened_outputs,
    worked_example,
)
from model.lessons.order import (
    Equivariance,
    Invariance,
    equivariance,
    greedy_ids,
    invariance,
    shuffle_order,
    visible_shuffle,
)
from model.lessons.paper import (
    PAPER,
    PAPER_BIG,
    PAPER_TRAINING,
    CostPoint,
    attention_cost,
    formula_groups,
    layer_costs,
    learning_rate,
    parameter_groups,
)
from model.lessons.positions import (
    concat_vs_add,
    div_term_check,
    i_ranges,
    index_codes,
    note_pe,
    pe_nonlinear,
    pe_periods,
    pe_shift,
    pe_shift_similarity,
)
from model.lessons.scaling import (
    dot_variance,
    jacobian_norms,
    random_scaling_share,
    scaling_rows,
    softmax_gradient_norms,
)

__all__ = ["GPT1_TASKS", "NOTE_ROUNDED_OUTPUT", "NOTE_ROUNDED_WEIGHTS", "NOTE_SCORES", "NOTE_V", "NOTE_W_Q", "PAPER",
           "PAPER_BIG", "PAPER_TRAINING", "PRETRAINED", "CostPoint", "Equivariance", "Invariance", "additive_mask",
           "attention_cost", "batch_norm", "beam_ids", "bert_parameters", "causal_keep", "concat_vs_add",
           "conv_as_attention", "conv_kernel", "conv_parameters", "convolve", "cosine", "cross_attention_sources",
           "div_term_check", "dot_variance", "equivariance", "formula_groups", "fresh_embedding",
           "fresh_embedding_norm", "fully_masked_row", "gamma_spread", "gpt1_inputs", "gpt1_new_parameters",
           "gpt_parameters", "greedy_ids", "greedy_without_source", "head_differences", "head_slices", "i_ranges",
           "implicit_softmax", "index_codes", "invariance", "jacobian_norms", "key_spread", "layer_costs", "layer_norm",
           "learning_rate", "mlm_example", "multiplicative_mask", "nearest_id", "nearest_words", "next_token_losses",
           "note_pe", "note_qkv", "offset_heads", "one_pass_vs_steps", "parameter_groups", "pe_nonlinear", "pe_periods",
           "pe_shift", "pe_shift_similarity", "plain_list_parameters", "random_scaling_share", "restricted_weights",
           "run_shared_norm", "scaling_rows", "score_asymmetry", "sequence_log_prob", "shared_norm_edits",
           "shuffle_order", "shuffled_conv_difference", "softmax_gradient_norms", "torch_mask_arguments",
           "unmasked_padding", "visible_shuffle", "widened_outputs", "worked_example"]
