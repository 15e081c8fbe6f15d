"""Decoding records every step faithfully: greedy = argmax chain, beam width 1 = greedy, seeded sampling."""
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
import torch

from model.checkpoint import Bundle, load_bundle
from model.config import TransformerConfig
from model.decoding import DecodeOptions, guessed, realign
from model.tokenizer import EOS_ID, Vocab
from model.trace import run_with_trace, trace_to_dict
from model.transformer import Transformer

SRC = Vocab.build("en", "i you have like a cat dog tea ? .".split())
TGT = Vocab.build("zh", list("我你有喜欢一只猫狗茶？。"))


def random_bundle(seed: int, **options) -> Bundle:
    torch.manual_seed(seed)
    cfg = TransformerConfig(len(SRC), len(TGT), d_model=32, h=4, d_ff=64, N=2, max_len=12, **options)
    return Bundle("random", Transformer(cfg).eval(), SRC, TGT)


@pytest.mark.parametrize("seed", range(4))
def test_greedy_is_the_argmax_chain_of_recorded_probabilities(seed):
    trace = run_with_trace(random_bundle(seed), "i have a cat", DecodeOptions("greedy", max_steps=10))
    steps = trace.decoded.steps
    assert steps, "at least one step"
    for t, step in enumerate(steps):
        assert step.top_ids[0] == step.chosen_id
        assert step.top_probs[0] == pytest.approx(step.chosen_prob)
        assert step.top_probs == sorted(step.top_probs, reverse=True)
        assert len(step.prefix_ids) == t + 1
        if t:
            assert step.prefix_ids[-1] == steps[t - 1].chosen_id
    chosen = [s.chosen_id for s in steps]
    assert trace.decoded.ids == [c for c in chosen if c != EOS_ID]


@pytest.mark.parametrize("seed", range(4))
def test_beam_width_one_equals_greedy(seed):
    bundle = random_bundle(seed)
    greedy = run_with_trace(bundle, "you like tea ?", DecodeOptions("greedy", max_steps=10))
    beam = run_with_trace(bundle, "you like tea ?", DecodeOptions("beam", beam_width=1, max_steps=10))
    assert beam.decoded.ids == greedy.decoded.ids


def test_beam_score_is_at_least_greedy_score():
    bundle = random_bundle(7)
    scores = {}
    for method in ("greedy", "beam"):
        d = run_with_trace(bundle, "i like a dog .", DecodeOptions(method, beam_width=4, max_steps=6)).decoded
        scores[method] = sum(np.log(s.chosen_prob) for s in d.steps)
    assert scores["beam"] >= scores["greedy"] - 1e-9


def test_sampling_is_reproducible_with_a_seed_and_respects_top_k():
    bundle = random_bundle(3)
    opts = DecodeOptions("sample", temperature=1.5, top_k=3, seed=11, max_steps=8)
    a = run_with_trace(bundle, "i have a dog", opts).decoded
    b = run_with_trace(bundle, "i have a dog", opts).decoded
    assert a.ids == b.ids
    for step in a.steps:
        nonzero = [p for p in step.top_probs if p > 0]
        assert len(nonzero) <= 3
        assert sum(nonzero) == pytest.approx(1.0)
        assert step.chosen_id in step.top_ids[:3]


def test_step_attention_shapes_and_trace_rows():
    bundle = random_bundle(0)
    trace = run_with_trace(bundle, "i have a cat", DecodeOptions("greedy", max_steps=5))
    S, N, h = 4, 2, 4
    for t, step in enumerate(trace.decoded.steps):
        assert step.self_attn.shape == (N, h, t + 1, t + 1)
        assert step.cross_attn.shape == (N, h, S)
        np.testing.assert_allclose(step.cross_attn.sum(-1), 1.0, atol=1e-5)
    T = len(trace.tgt_input_tokens)
    assert trace["decoder.1.cross_attn.hook_pattern"].shape == (h, T, S)
    assert trace["probs"].shape == (T, len(TGT))


def test_step_cross_attention_matches_full_pass_row():
    """The newest row recorded at step t equals row t of the one-shot (teacher-forced) decoder pass."""
    trace = run_with_trace(random_bundle(2), "you have a cat", DecodeOptions("greedy", max_steps=6))
    full = trace["decoder.1.cross_attn.hook_pattern"]  # (h, T, S)
    for t, step in enumerate(trace.decoded.steps[: full.shape[1]]):
        np.testing.assert_allclose(step.cross_attn[1], full[:, t], atol=1e-5)


def test_unknown_words_are_flagged_and_long_input_truncated():
    bundle = random_bundle(0)
    trace = run_with_trace(bundle, "i have a zebra", DecodeOptions(max_steps=3))
    assert trace.src.unknown == [False, False, False, True]
    assert trace.src.tokens[-1] == "zebra"
    long = run_with_trace(bundle, " ".join(["cat"] * 30), DecodeOptions(max_steps=3))
    assert long.src.truncated and len(long.src.tokens) == 12 and long.src.n_input_tokens == 30


def test_empty_input_is_a_clear_error():
    with pytest.raises(ValueError, match="no tokens"):
        run_with_trace(random_bundle(0), "   ")


def test_trace_dict_is_json_ready_with_masked_scores_as_null():
    import json

    trace = run_with_trace(random_bundle(0), "i have a cat", DecodeOptions(max_steps=4))
    d = json.loads(json.dumps(trace_to_dict(trace)))
    hooks = {h["name"]: h for h in d["hooks"]}
    masked = np.array(hooks["decoder.0.self_attn.hook_masked_scores"]["data"], dtype=float)  # None -> nan
    T = masked.shape[-1]
    assert np.isnan(masked[:, np.triu_indices(T, 1)[0], np.triu_indices(T, 1)[1]]).all()
    assert hooks["hook_logits"]["shape"] == [T, len(TGT)]
    assert d["src"]["tokens"] == ["i", "have", "a", "cat"]


@pytest.mark.parametrize("norm", ["post", "pre"])
@pytest.mark.parametrize("side,layer", [("encoder", 0), ("encoder", 1), ("decoder", 1), ("cross", 0), ("cross", 1)])
def test_attn_input_is_what_w_q_and_w_k_multiply(norm, side, layer):
    torch.manual_seed(0)
    cfg = TransformerConfig(len(SRC), len(TGT), d_model=32, h=4, d_ff=64, N=2, max_len=12, norm=norm)
    bundle = Bundle("random", Transformer(cfg).eval(), SRC, TGT)
    trace = run_with_trace(bundle, "i like a cat", DecodeOptions(max_steps=4))
    attn = trace.attn(side, layer)
    x_q, x_kv = attn.x_q, attn.x_kv
    block = (bundle.transformer.encoder if side == "encoder" else bundle.transformer.decoder)[layer]
    mha = block.cross_attn if side == "cross" else block.self_attn
    q = x_q @ mha.W_Q.weight.detach().numpy().T + mha.W_Q.bias.detach().numpy()  # (L_q, d_model)
    k = x_kv @ mha.W_K.weight.detach().numpy().T + mha.W_K.bias.detach().numpy()
    np.testing.assert_allclose(attn.q[0], q[:, :8], atol=1e-5)  # head 0
    np.testing.assert_allclose(attn.k[3], k[:, 24:], atol=1e-5)  # head 3
    assert attn.pattern.shape[1:] == (len(attn.queries), len(attn.keys))


def counted_passes(monkeypatch, bundle: Bundle) -> list[int]:
    """A list that gets an item for every decoder pass of `bundle` from now on."""
    calls = []
    decode = bundle.transformer.decode
    monkeypatch.setattr(bundle.transformer, "decode", lambda *a, **k: calls.append(1) or decode(*a, **k))
    return calls


@pytest.mark.parametrize("seed, options", [(0, {}), (1, {}), (2, {}), (3, {"position": "rope"}),
                                           (4, {"position": "alibi", "kv_heads": 2})])
def test_a_draft_never_changes_greedy_output(seed, options):
    """Exact drafts, wrong drafts, longer drafts, prefixes of the answer and garbage all give the plain greedy
    result, and the recorded pass (reused, cut to the output's rows, or run again) is the plain run's."""
    bundle = random_bundle(seed, **options)
    rng = np.random.default_rng(seed)
    for text in ("i have a cat", "you like tea ?", "a dog . a cat ."):
        plain = run_with_trace(bundle, text, DecodeOptions(max_steps=9))
        out = plain.decoded.ids
        edited = [out[:1] + [7] + out[2:], out[:1] + [7] + out[1:], out[:1] + out[2:], out[:1] + out[3:],
                  out[:3] + [7, 8] + out[3:]]  # replaced, added, dropped, two dropped, two added
        drafts = [out, out[:2], out[1:], [5] * 12, rng.integers(4, len(TGT), 6).tolist(), [], out + [EOS_ID, 7]]
        for draft in drafts + edited:
            t = run_with_trace(bundle, text, DecodeOptions(max_steps=9), draft=draft)
            assert t.decoded.ids == out and t.decoded.finished == plain.decoded.finished
            assert t.arrays.keys() == plain.arrays.keys()
            for name, array in plain.arrays.items():  # the recorded pass is the plain run's (to float32 rounding:
                np.testing.assert_allclose(t[name], array, rtol=1e-5, atol=1e-5, err_msg=name)  # other row counts)


def test_a_draft_with_one_word_replaced_needs_two_decoder_passes(monkeypatch):
    """A keystroke usually changes one word of the translation: the draft is realigned after the miss, so greedy
    decoding verifies the rest in one more pass (not one pass per remaining token), and the trace records the last
    verifying pass when it was over exactly the output's rows; after a longer one, a pass over exactly them runs when
    a decoder array is first read (a page that reads none never pays for it), so a drafted run records the undrafted
    run's numbers bit for bit (a longer pass differs by float rounding)."""
    bundle = load_bundle("en-zh")
    text = "my friend drinks hot tea at home every day ."
    plain = run_with_trace(bundle, text)
    out = plain.decoded.ids
    calls = counted_passes(monkeypatch, bundle)
    for draft, passes, read in ((out, 1, 0), (out[:2] + [out[2] + 1] + out[3:], 2, 0), (out + out[:3], 1, 1)):
        calls.clear()
        bundle.follows.clear()  # the draft alone
        drafted = run_with_trace(bundle, text, draft=draft)
        assert drafted.decoded.ids == out
        assert len(calls) == passes, (draft, len(calls))
        assert drafted["encoder.0.self_attn.hook_pattern"] is not None and len(calls) == passes  # no decoder pass
        for name in ("decoder.0.self_attn.hook_pattern", f"decoder.{plain.config.N - 1}.cross_attn.hook_pattern",
                     "hook_logits", "probs"):
            np.testing.assert_array_equal(drafted[name], plain[name], err_msg=name)
        assert len(calls) == passes + read, (draft, len(calls))


def test_words_inserted_before_the_draft_cost_a_pass_each_then_the_draft_is_found_again(monkeypatch):
    """A keystroke that inserts words into the translation: after one pass per new token the model's token is
    found a little earlier in the draft, which is followed again from there (not one pass per remaining token)."""
    bundle = load_bundle("en-zh")
    text = "my friend drinks hot tea at home every day ."
    out = run_with_trace(bundle, text).decoded.ids
    calls = counted_passes(monkeypatch, bundle)
    assert len(out) > 10
    bundle.follows.clear()  # the draft alone
    assert run_with_trace(bundle, text, draft=out[:2] + out[4:]).decoded.ids == out
    assert len(calls) <= 4, len(calls)


def test_once_the_draft_is_used_up_the_guess_repeats_the_prefix_or_chains_recent_translations():
    """The guess after the draft: what followed the last two tokens earlier in the prefix (a repeating translation),
    else the chain of what followed each token in recent translations, up to <eos>, a loop or 32 tokens."""
    assert guessed([1, 5, 6, 7, 5, 6], {}) == [7, 5, 6]
    assert guessed([1, 5, 6, 7, 5, 6], {6: 9}) == [7, 5, 6, 9]  # the chain goes on from the guess's end
    assert guessed([1, 5, 6, 7], {7: 8, 8: 9, 9: EOS_ID, EOS_ID: 4}) == [8, 9, EOS_ID]
    assert guessed([1, 5], {5: 6, 6: 5}) == [6, 5]  # 5 -> 6 -> 5 -> 6 … stops at the loop
    assert guessed([1, 5], dict(zip(range(5, 60), range(6, 61)))) == list(range(6, 38))


def test_a_sentence_translated_before_is_guessed_whole_without_a_draft(monkeypatch):
    """The bundle remembers what followed each token of its translations: the same sentence typed again in a new
    session (no draft) is verified in one decoder pass, which is the pass the trace records (the guess stops before
    its <eos>), and gives the plain result."""
    bundle = load_bundle("en-zh")
    bundle.follows.clear()
    text = "my friend drinks hot tea at home every day ."
    out = run_with_trace(bundle, text).decoded.ids
    calls = counted_passes(monkeypatch, bundle)
    again = run_with_trace(bundle, text)
    assert again.decoded.ids == out
    assert len(calls) == 1  # the guess stops before its <eos>: the verifying pass is over exactly the output's rows
    np.testing.assert_array_equal(again["hook_logits"], run_with_trace(load_bundle("en-zh"), text)["hook_logits"])
    assert len(calls) == 1


def test_a_new_sentence_without_a_draft_is_decoded_with_the_kv_cache_then_verified_in_one_pass(monkeypatch):
    """No draft and nothing remembered (a typist's first keystroke): after the empty guess misses, the rest is greedy
    with the KV cache (`decode_step`, half a pass a token), verified by one full pass, which the trace records: two
    decoder passes, not one per token, and the numbers of a run verifying the right draft."""
    bundle = load_bundle("en-zh")
    text = "my friend drinks hot tea at home every day ."
    exact = run_with_trace(bundle, text)
    out = exact.decoded.ids
    assert len(out) > 10
    calls = counted_passes(monkeypatch, bundle)
    bundle.follows.clear()
    fresh = run_with_trace(bundle, text)
    assert fresh.decoded.ids == out
    for name in ("decoder.0.self_attn.hook_pattern", "hook_logits", "probs"):
        np.testing.assert_array_equal(fresh[name], exact[name], err_msg=name)
    assert len(calls) == 2, len(calls)


def test_a_phrase_the_keystroke_moved_is_found_anywhere_in_the_draft():
    """After a miss the draft goes on after the model's token, nearest first, however far (a moved phrase: the words
    after it come again), else one word on."""
    draft = [10, 11, 12, 13, 14, 15, 16, 17, 18]
    assert realign(draft, 1, 16) == 7  # five ahead
    assert realign(draft, 7, 11) == 2  # six back
    assert realign([5, 9, 7, 9, 5], 2, 5) == 5  # as far ahead as back: ahead first (the draft had words too many)
    assert realign(draft, 4, 99) == 5  # not in the draft: a replaced word


def test_threads_decoding_through_one_bundle_at_once_get_the_plain_results():
    """Every session's thread decodes through the same cached bundle, whose `follows` they all update: the
    translations are those of one thread at a time on a fresh bundle."""
    texts = ["my friend drinks hot tea at home every day .", "the cat sat on the mat .", "i like my teacher .",
             "they read two books in the park .", "my mother wants some water .", "we play football after class ."]
    fresh = load_bundle("en-zh")
    want = {t: run_with_trace(fresh, t).decoded.ids for t in texts}
    shared = load_bundle("en-zh")

    def typist(k: int) -> list[tuple[str, list[int]]]:
        seen, draft = [], None
        for text in texts[k % 6:] + texts[: k % 6]:
            for cut in range(len(text) // 2, len(text) + 1, 3):  # typing, with the previous output as draft
                draft = run_with_trace(shared, text[:cut], draft=draft).decoded.ids
            seen.append((text, run_with_trace(shared, text, draft=draft).decoded.ids))
        return seen

    with ThreadPoolExecutor(8) as pool:
        for seen in pool.map(typist, range(8)):
            assert all(ids == want[text] for text, ids in seen)


def test_steps_are_read_off_the_pass_when_first_asked_for_and_are_read_only():
    """Most pages never show the decoding steps: a trace reads them off its recorded pass on the first request
    (the Decoding page's), and a cached trace's step arrays cannot be written by any session."""
    trace = run_with_trace(load_bundle("en-zh"), "my name is tom .")
    steps = trace.decoded.steps
    assert "steps" not in vars(steps)
    assert len(steps) == len(trace.decoded.ids) + trace.decoded.finished and "steps" in vars(steps)
    assert [s.chosen_id for s in steps][: len(trace.decoded.ids)] == trace.decoded.ids
    assert not steps[0].cross_attn.flags.writeable and not steps[-1].self_attn.flags.writeable
