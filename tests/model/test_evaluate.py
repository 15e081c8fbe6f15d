"""The evaluation's attention statistics and everyday-set scoring, against independent NumPy computations."""
import numpy as np
import pytest
import torch

from model.checkpoint import Bundle, load_bundle
from model.config import TransformerConfig
from model.corpus import generate
from model.data import build_vocabs, to_batch
from model.decoding import greedy_batch
from model.evaluate import attention_stats, comparable, everyday_score, everyday_set
from model.tokenizer import PAD_ID
from model.transformer import Transformer


def tiny_bundle() -> Bundle:
    torch.manual_seed(3)
    src, tgt = build_vocabs("en", "zh")
    model = Transformer(TransformerConfig(len(src), len(tgt), d_model=32, h=4, d_ff=64)).eval()
    return Bundle("tiny", model, src, tgt)


def numpy_stats(scaled, pattern, key_keep, query_real):
    """median |scaled| over kept keys of real rows, mean row entropy (bits), share of rows with max > 0.99."""
    vals, ent, top = [], [], []
    for b in range(scaled.shape[0]):
        for head in range(scaled.shape[1]):
            for i in np.flatnonzero(query_real[b]):
                keep = key_keep[b, i]
                vals += list(np.abs(scaled[b, head, i][keep]))
                p = pattern[b, head, i].astype(np.float64)
                nz = p[p > 0]
                ent.append(-(nz * np.log2(nz)).sum())
                top.append(p.max())
    return np.median(vals), np.mean(ent), np.mean(np.array(top) > 0.99)


def test_attention_statistics_match_numpy():
    bundle = tiny_bundle()
    pairs = generate(6, seed=2)
    stats = attention_stats(bundle, pairs)
    src, tgt_in, _, _ = to_batch(pairs, bundle.src_vocab, bundle.tgt_vocab)
    with bundle.transformer.recording() as c:
        bundle.transformer(src, tgt_in)
    rows = {"encoder self": (src != PAD_ID).numpy(), "decoder self": (tgt_in != PAD_ID).numpy(),
            "cross": (tgt_in != PAD_ID).numpy()}
    prefixes = {"encoder self": "encoder.{}.self_attn", "decoder self": "decoder.{}.self_attn",
                "cross": "decoder.{}.cross_attn"}
    for block, prefix in prefixes.items():
        for layer in range(bundle.transformer.config.N):
            p = prefix.format(layer)
            want = numpy_stats(c[f"{p}.hook_scaled"].numpy(), c[f"{p}.hook_pattern"].numpy(),
                               c[f"{p}.hook_mask"].numpy(), rows[block])
            got = stats[block][layer]
            np.testing.assert_allclose([got["median_abs_scaled"], got["entropy_bits"], got["saturated"]], want,
                                       rtol=1e-4, atol=1e-6)


def test_everyday_sets_are_read_and_compared_without_final_punctuation():
    rows = everyday_set("en", "zh")
    assert len(rows) >= 60 and all(accepted for _, accepted in rows)
    assert len(everyday_set("zh", "en")) >= 20
    assert comparable(["我", "有", "猫", "。"]) == comparable(["我", "有", "猫"]) == ["我", "有", "猫"]
    assert comparable(["why", "?"]) == ["why"]


@pytest.mark.parametrize("src,tgt", [("en", "zh"), ("zh", "en")])
def test_translations_accepted_later_extend_the_written_everyday_set_and_are_counted_apart(src, tgt):
    """everyday_*.added.tsv only adds translations to sentences of the written set; the score counts outputs that
    match only an added translation apart from the written set's count."""
    written, wider = everyday_set(src, tgt), dict(everyday_set(src, tgt, added=True))
    assert [text for text, _ in written] == list(wider)
    added = {text: wider[text][len(accepted):] for text, accepted in written if wider[text] != accepted}
    assert added and all(wider[text][: len(accepted)] == accepted for text, accepted in written)
    assert all(set(more).isdisjoint(accepted) for (text, accepted) in written for more in [added.get(text, [])])
    bundle = load_bundle(f"{src}-{tgt}")
    score = everyday_score(bundle)
    later = 0
    for text, accepted in written:
        ids = torch.tensor([bundle.src_vocab.encode(text, bundle.config.max_len).ids])
        out = comparable(bundle.tgt_vocab.decode(greedy_batch(bundle.transformer, ids, bundle.config.max_len)[0]))
        right = [comparable(bundle.tgt_vocab.tokenize(a)) for a in accepted]
        later += out not in right and out in [comparable(bundle.tgt_vocab.tokenize(a)) for a in added.get(text, [])]
    assert score["accepted_later"] == later
    assert score["correct"] + score["accepted_later"] + len(score["misses"]) == score["total"] == len(written)


def test_a_copied_name_compares_in_any_case_and_a_final_stop_is_optional():
    """The app copies "Anna" into Chinese output as typed; an accepted 我是Anna。 and 我是anna count alike."""
    bundle = load_bundle("en-zh")
    typed = comparable(["我", "是", "Anna", "。"])
    assert typed == comparable(bundle.tgt_vocab.tokenize("我是Anna。")) == comparable(["我", "是", "anna"])
    assert typed != comparable(["我", "是", "Tom"])
