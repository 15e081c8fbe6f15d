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


def corpus_of_own_translations(folder, bundle, sources: list[str]) -> None:
    """A corpus whose test.tsv and train.tsv hold each source with the model's own translation as its reference."""
    from model.trace import run_with_trace

    lines = []
    for src in sources:
        out = run_with_trace(bundle, src).output_text
        en, zh = (src, out) if bundle.src_lang == "en" else (out, src)
        lines.append(f"{en}\t{zh}\tx\n")
    for name in ("test.tsv", "train.tsv"):
        (folder / name).write_text("".join(lines), encoding="utf-8")


@pytest.mark.parametrize("name, sources", [("en-zh", ["I have a cat.", "The dog is big.", "Open the window."]),
                                           ("zh-en", ["我有一只猫。", "狗很大。", "请打开窗户。"])])
def test_bleu_reads_test_tsv_in_the_models_direction(tmp_path, name, sources):
    """Against references equal to its own outputs a model scores BLEU and chrF 100: the source side is read as
    source and the other side as reference, in either direction; the source as its own reference scores low."""
    from model.evaluate import split_score

    bundle = load_bundle(name)
    corpus_of_own_translations(tmp_path, bundle, sources)
    test = split_score(bundle, tmp_path, "test")
    assert (test["pairs"], test["bleu"], test["chrf"]) == (3, 100.0, 100.0)
    assert test["bleu_short"] == 100.0 and test["bleu_long"] is None  # no source of more than 8 words
    assert ("tok:zh" if name == "en-zh" else "tok:13a") in test["bleu_signature"]
    (tmp_path / "test.tsv").write_text("".join(f"{s}\t{s}\tx\n" for s in sources), encoding="utf-8")
    assert split_score(bundle, tmp_path, "test")["bleu"] < 50


def test_the_validation_split_is_scored_from_train_tsv(tmp_path):
    """The "valid" split reads train.tsv's validation rows, not test.tsv."""
    from model import tatoeba
    from model.evaluate import split_score

    bundle, valid = load_bundle("en-zh"), ["The school is big.", "This is my dog.", "This is my tree."]
    assert all(tatoeba.split_of(tatoeba.Row(en, "", "x")) == "valid" for en in valid)
    corpus_of_own_translations(tmp_path, bundle, valid)
    (tmp_path / "test.tsv").write_text("Hello.\t你好。\tx\n", encoding="utf-8")
    score = split_score(bundle, tmp_path, "valid")
    assert (score["split"], score["pairs"], score["bleu"]) == ("valid", 3, 100.0)
    assert [e["source"] for e in score["examples"]] == valid


def test_unknown_share_counts_source_tokens_outside_the_vocabulary():
    from model.evaluate import unknown_share

    bundle = load_bundle("en-zh")
    assert unknown_share(bundle, ["I have a wug", "I have a cat"]) == 1 / 8
