"""The repetition guard: off, decoding is the model's own argmax chain (as before the guard); on, no output holds a
token or a run of up to four tokens three times in a row, by greedy, beam and sampling alike, and greedy takes the
likeliest token that makes no such loop."""
import numpy as np
import pytest
import torch

from model.checkpoint import load_bundle
from model.decoding import DecodeOptions, greedy_batch, repeating
from model.tokenizer import BOS_ID, EOS_ID
from model.trace import run_with_trace
from tests.model.test_decoding import random_bundle

LOOPING = "He tends to sleep."  # en-zh writes 他往往往往往会睡觉。 on its own
SENTENCES = {"en-zh": [LOOPING, "I love machine learning.", "The cat sat on the mat.", "My name is Anna.",
                       "Did Tom get the letter that we sent him?"],
             "zh-en": ["我喜欢机器学习。", "猫坐在垫子上。", "这种方法早已过时了。", "我对自己的作为很内疚。"]}


def third_time(ids: list[int]) -> bool:
    """True if some run of 1 to 4 tokens occurs three times in a row."""
    return any(ids[i : i + n] == ids[i + n : i + 2 * n] == ids[i + 2 * n : i + 3 * n]
               for n in range(1, 5) for i in range(len(ids) - 3 * n + 1))


def loop_makers(prefix: list[int]) -> list[int]:
    """The tokens after which the prefix would end in a run written a third time (the rule, written out again)."""
    return [v for v in set(prefix) if third_time((prefix + [v])[-12:]) and not third_time(prefix[-11:])]


def plain_greedy(bundle, text: str, banned=lambda prefix: []) -> list[int]:
    """Greedy decoding without drafts or caches: one full decoder pass per step, the argmax of the tokens not banned."""
    model, max_steps = bundle.transformer, DecodeOptions().max_steps
    src = torch.tensor([bundle.src_vocab.encode(text, bundle.config.max_len).ids])  # (1, S)
    prefix = [BOS_ID]
    with torch.no_grad():
        memory = model.encode(src)  # (1, S, d_model)
        while len(prefix) <= max_steps and prefix[-1] != EOS_ID:
            logits = model.decode(memory, src, torch.tensor([prefix]))[0, -1].double().numpy()  # (V,)
            logits[banned(prefix)] = -np.inf
            prefix.append(int(logits.argmax()))
    return prefix[1:-1] if prefix[-1] == EOS_ID else prefix[1:]


@pytest.mark.parametrize("name", ["en-zh", "zh-en"])
def test_with_the_guard_off_decoding_is_the_models_own_argmax_chain(name):
    bundle = load_bundle(name)
    for text in SENTENCES[name]:
        want = plain_greedy(bundle, text)
        assert run_with_trace(bundle, text, DecodeOptions(guard=False)).decoded.ids == want, text
        src = torch.tensor([bundle.src_vocab.encode(text, bundle.config.max_len).ids])
        assert greedy_batch(bundle.transformer, src, DecodeOptions().max_steps, guard=False)[0] == want, text


@pytest.mark.parametrize("name", ["en-zh", "zh-en"])
def test_with_the_guard_on_greedy_takes_the_likeliest_token_that_makes_no_loop(name):
    bundle = load_bundle(name)
    for text in SENTENCES[name]:
        want = plain_greedy(bundle, text, loop_makers)
        assert run_with_trace(bundle, text).decoded.ids == want, text
        src = torch.tensor([bundle.src_vocab.encode(text, bundle.config.max_len).ids])
        assert greedy_batch(bundle.transformer, src, DecodeOptions().max_steps)[0] == want, text


def test_the_guard_stops_a_loop_the_model_writes():
    bundle = load_bundle("en-zh")
    off = run_with_trace(bundle, LOOPING, DecodeOptions(guard=False))
    on = run_with_trace(bundle, LOOPING)
    assert third_time(off.decoded.ids) and "往往往" in off.output_text
    assert not third_time(on.decoded.ids) and "往往往" not in on.output_text
    assert on.decoded.finished
    first = next(t for t, (a, b) in enumerate(zip(off.decoded.ids, on.decoded.ids)) if a != b)
    step = on.decoded.steps[first]
    assert off.decoded.ids[first] in repeating(step.prefix_ids)  # the step where the loop would begin its third round
    assert step.chosen_id not in repeating(step.prefix_ids) and off.decoded.ids[first] not in step.top_ids


def test_a_draft_never_changes_the_guarded_output():
    bundle = load_bundle("en-zh")
    on = run_with_trace(bundle, LOOPING).decoded.ids
    for draft in (run_with_trace(bundle, LOOPING, DecodeOptions(guard=False)).decoded.ids, on, on[:3], [5] * 12):
        bundle.follows.clear()
        assert run_with_trace(bundle, LOOPING, draft=draft).decoded.ids == on


@pytest.mark.parametrize("seed", range(6))
def test_no_decoding_method_writes_a_run_a_third_time_with_the_guard(seed):
    """Untrained models loop readily; with the guard none of greedy, beam or sampling does, and a step never chooses
    (or offers) a token that would make the loop."""
    bundle = random_bundle(seed)
    looped = False
    for method in ("greedy", "beam", "sample"):
        for text in ("i have a cat", "you like tea ?", "a dog . a cat ."):
            opts = dict(method=method, max_steps=12, seed=seed, temperature=0.5)
            looped |= third_time(run_with_trace(bundle, text, DecodeOptions(**opts, guard=False)).decoded.ids)
            d = run_with_trace(bundle, text, DecodeOptions(**opts)).decoded
            assert not third_time(d.ids), (method, text, d.tokens)
            for step in d.steps:
                banned = repeating(step.prefix_ids)
                assert step.chosen_id not in banned
                assert all(p == 0 for i, p in zip(step.top_ids, step.top_probs) if i in banned)
    assert looped or seed > 2  # the first seeds' untrained models do loop without the guard
