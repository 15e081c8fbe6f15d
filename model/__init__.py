"""Glass-box Transformer: tokenizers, model, trace, decoding, training, evaluation."""
