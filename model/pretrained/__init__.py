"""Pretrained Hugging Face models (Marian, BERT and GPT-2 families) as app traces: load, record, run, words."""
from model.pretrained.load import Pretrained, PretrainedError, available, download, load, output_weights
from model.pretrained.run import MAX_TOKENS, Prediction, PretrainedTrace, encode, likeliest, run
from model.pretrained.words import word_attention, word_labels

__all__ = ["MAX_TOKENS", "Prediction", "Pretrained", "PretrainedError", "PretrainedTrace", "available", "download",
           "encode", "likeliest", "load", "output_weights", "run", "word_attention", "word_labels"]
