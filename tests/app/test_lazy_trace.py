"""A keystroke pays only for what its page shows (issue 55): a trace decodes, runs its decoder pass and makes its
probabilities when a page first reads them, and every page draws the same bytes as from a trace made whole; the caches
of traces are bounded by the bytes they hold."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from model.checkpoint import load_bundle
from model.trace import Arrays, Deferred, run_with_trace
from model.transformer import Transformer
from model.window import window_edits
from ui import budget, data, route, shared
from ui.registry import PAGES

LIVE = [p.path for p in PAGES if p.live]
SENTENCE = "the teacher gave my friend two old books at school and we read them at home"
TYPED = [SENTENCE[:k] for k in range(len(SENTENCE) - 5, len(SENTENCE) + 1)]  # the last keystrokes
VIEWS = {"self_attention": {"side": "decoder"}, "playground": {"preset": "sentence"}}


def forget() -> None:
    """Forget every trace, answer and draft of this process (not the attention cost the paper page measured: a
    timing, measured again it differs)."""
    for memo in vars(data).values():
        if isinstance(memo, shared.Memo) and memo is not data.attention_cost:
            memo.clear()
    for lru in vars(shared).values():
        if isinstance(lru, shared.LRU):
            with lru.lock:
                lru.items.clear()
                lru.weight = 0


def count_decoding(monkeypatch) -> tuple[list[int], list[int]]:
    """Lists that grow by one at each decoder pass (Transformer.decode) and each cached one-row step (decode_step)."""
    passes, steps = [], []
    for name, counted in (("decode", passes), ("decode_step", steps)):
        real = getattr(Transformer, name)
        monkeypatch.setattr(Transformer, name, lambda *a, real=real, counted=counted, **kw: counted.append(1)
                            or real(*a, **kw))
    return passes, steps


def typed(page: str, drafts: bool, view: dict | None = None) -> list[list[bytes]]:
    """The route's payloads for each keystroke of TYPED on `page` in `view` (default: VIEWS's), with the previous
    text as `p` if `drafts`."""
    out, previous = [], ""
    for text in TYPED:
        params = {"s": text, "p": previous if drafts else ""} | (VIEWS.get(page, {}) if view is None else view)
        out.append(route.payloads(page, params))
        previous = text
    return out


@pytest.mark.parametrize("page", LIVE)
def test_every_page_draws_from_a_lazy_trace_what_it_draws_from_a_whole_one(page, monkeypatch):
    """Typing with drafts, decoding and arrays made as the page reads them, against each text afresh from traces
    decoded and with every array made before any page read one: the same payload bytes for every keystroke."""
    forget()
    lazy = typed(page, drafts=True)
    forget()
    later, deferred = Arrays.later, Deferred.__init__

    def whole(self, names, make, nbytes):
        later(self, names, make, nbytes)
        for name in list(names):
            self[name]

    def decoded_at_once(self, decode, draft=None, **fields):
        deferred(self, decode, draft, **fields)
        self.settle()

    monkeypatch.setattr(Arrays, "later", whole)
    monkeypatch.setattr(Deferred, "__init__", decoded_at_once)
    assert typed(page, drafts=False) == lazy
    assert any(lazy), f"{page} drew nothing"


def test_a_keystroke_on_self_attention_encodes_and_never_decodes():
    """The route's charts of Self-attention's encoder block read the encoder alone: its keystrokes never decode
    (the translation waits for the rerun, which shows it); the rerun's read decodes with the same result as a
    trace decoded at once, and keeps the output as the next keystroke's draft."""
    forget()
    typed("self_attention", drafts=True, view={})
    traces = [entry[0] for entry in data.ids_trace.values.items.values()]  # one per source ids: "hom" is <unk> as "ho"
    ids = {tuple(load_bundle("en-zh").src_vocab.encode(text, 64).ids) for text in TYPED}
    assert len(traces) == len(ids) < len(TYPED)
    assert all(isinstance(t, Deferred) and "_decoded" not in vars(t) for t in traces)
    last = traces[-1]
    assert not any(name.startswith("decoder.") for name in last.arrays.made)
    plain = run_with_trace(load_bundle("en-zh"), SENTENCE)
    assert last.decoded.ids == plain.decoded.ids and last.tgt_input_tokens == plain.tgt_input_tokens
    np.testing.assert_array_equal(last["probs"], plain["probs"])
    assert shared.DRAFTS.get(("en-zh", SENTENCE)) == tuple(plain.decoded.ids)


def test_a_traces_planned_bytes_are_what_its_arrays_hold_once_made():
    """Arrays.nbytes (what the trace cache weighs): before decoding, an estimate within 25 % of the bytes every array
    holds once made; once decoded, at least those bytes and within the longer verifying pass's rows of them."""
    bundle = load_bundle("en-zh")
    for text in (SENTENCE, "i have a cat .", "my friend drinks hot tea at home every day ."):
        out = run_with_trace(bundle, text).decoded.ids
        for draft in (None, out + out[:4]):  # the last verifying pass four rows longer than the output
            t = run_with_trace(bundle, text, draft=draft)
            expected = t.arrays.nbytes
            made = sum(t.arrays[name].nbytes for name in t.arrays)
            assert 0.75 * made <= expected <= 1.25 * made, (text, expected, made)
            assert made <= t.arrays.nbytes <= 1.5 * made


def test_a_byte_bounded_cache_forgets_the_oldest_beyond_its_budget():
    """Results of 1 MB each under a 3.5 MB budget: the cache keeps the 3 newest whatever their number, holds no more
    than its budget, and computes a forgotten one again."""
    calls = []

    @budget.per_process_bytes(3.5)
    def block(i: int) -> np.ndarray:
        calls.append(i)
        return np.full(budget.MB // 8, float(i))  # 1 MB of float64

    for i in range(10):
        block(i)
    assert len(block.values) == 3 and budget.weight(block) == 3 * budget.MB
    assert [block(i)[0] for i in (7, 8, 9)] == [7.0, 8.0, 9.0] and calls == list(range(10))
    assert block(0)[0] == 0.0 and calls[-1] == 0 and budget.weight(block) <= 3.5 * budget.MB
    block.clear()
    block(20)
    assert len(block.values) == 1 and budget.weight(block) == budget.MB  # what was cleared weighs nothing


def test_held_counts_a_traces_arrays_and_a_models_parameters():
    """What the caches weigh: a trace by every array it has or will make, a model by its parameters, and an array in
    a tuple or a dataclass by its bytes."""
    bundle = load_bundle("en-zh")
    trace = run_with_trace(bundle, "i have a cat")
    assert budget.held(trace) == trace.arrays.nbytes
    params = sum(p.numel() * 4 for p in bundle.transformer.parameters())  # float32
    assert budget.held(bundle.transformer) >= params
    assert budget.held((np.zeros(10), torch.zeros(3, dtype=torch.float64), "text", [1, 2])) == 80 + 24


def test_a_trace_made_under_hook_edits_decodes_under_them_when_read_later():
    """A windowed run (model.window: hook edits in force while it is made) read after the edits are gone decodes and
    records under them: the same output and arrays as one read at once inside them, not the plain model's."""
    bundle = load_bundle("en-zh")
    with bundle.transformer.editing(window_edits(bundle.config.N, 1, 0, ("encoder", "decoder"))):
        later = run_with_trace(bundle, SENTENCE, draft=[7, 8, 9])
        now = run_with_trace(bundle, SENTENCE)
        now_arrays = {name: now[name] for name in now.arrays}
    plain = run_with_trace(bundle, SENTENCE)
    assert later.decoded.ids == now.decoded.ids
    assert list(later.arrays) == list(now_arrays)
    for name, array in now_arrays.items():
        np.testing.assert_array_equal(later[name], array, err_msg=name)
    assert not np.array_equal(later["decoder.0.self_attn.hook_pattern"][:2, :2],
                              plain["decoder.0.self_attn.hook_pattern"][:2, :2])


@pytest.mark.parametrize("page", ["self_attention", "decoding", "overview", "before_2017"])
def test_a_key_that_leaves_the_ids_as_they_were_runs_nothing_and_draws_what_a_fresh_run_draws(page, monkeypatch):
    """Typing a word the model does not know letter by letter leaves the source ids as they were ("mach" and "machi"
    are both <unk>): the second key runs no model, and its page is byte for byte what a process that never saw the
    first key draws, with the new spelling."""
    first, second = "i love mach", "i love machi"
    vocab = load_bundle("en-zh").src_vocab
    assert vocab.encode(first, 64).ids == vocab.encode(second, 64).ids
    forget()
    route.payloads(page, {"s": first, "p": ""})
    runs = []
    real = data.run_with_trace
    monkeypatch.setattr(data, "run_with_trace", lambda *a, **kw: runs.append(a[1]) or real(*a, **kw))
    told = route.payloads(page, {"s": second, "p": first})
    assert runs == []
    forget()
    fresh = route.payloads(page, {"s": second, "p": ""})
    assert told == fresh and b"machi" in b"".join(told)


def test_a_keystroke_with_the_overviews_encoder_tab_open_never_decodes_and_draws_its_bytes(monkeypatch):
    """The Overview's decoder and cross-attention maps sit in tabs behind the encoder's: a keystroke whose browser
    hides them (live.js names them in `hide`) is answered with the encoder's maps alone, the bytes of the full
    answer's, and runs no decoder pass; opened, a tab is asked for with the others hidden, and gets its own bytes."""
    forget()
    passes, steps = count_decoding(monkeypatch)
    encoder_only = [route.payloads("overview", {"s": text, "p": prev, "hide": "grid-cross,grid-decoder"})
                    for prev, text in zip([""] + TYPED, TYPED)]
    assert passes == steps == []
    assert all(len(p) == 1 for p in encoder_only)
    full = route.payloads("overview", {"s": SENTENCE})
    assert passes and len(full) == 3
    assert encoder_only[-1] == full[:1]
    cross = route.payloads("overview", {"s": SENTENCE, "hide": "grid-decoder,grid-encoder"})
    assert cross == full[2:]


def test_add_and_norms_keystrokes_on_the_encoder_never_decode_and_its_batch_is_the_whole_models(monkeypatch):
    """Add & Norm's default stack is the encoder's and its LayerNorm-against-BatchNorm batch reads the encoder alone:
    a keystroke (second sentence and all) runs no decoder pass, where it decoded both sentences and ran the batch
    through the decoder (1.5x the CPU of f5cbc73's keystroke); its payloads are the bytes drawn from the full batch."""
    forget()
    passes, steps = count_decoding(monkeypatch)
    typed_answers = [route.payloads("add_norm", {"s": text, "p": prev, "s2": "you like tea"})
                     for prev, text in zip([""] + TYPED, TYPED)]
    assert passes == steps == [] and len(typed_answers[-1]) == 4  # the stream, its statistics, the FFN and the batch
    monkeypatch.setattr(data, "second_encoding", lambda trace, v: data.second_batch(trace, v))
    forget()
    assert route.payloads("add_norm", {"s": SENTENCE, "s2": "you like tea"}) == typed_answers[-1]
    assert passes, "the whole batch decodes"


def test_a_sliding_window_keystroke_verifies_the_previous_texts_windowed_translation(monkeypatch):
    """The windowed run decoded every keystroke's translation one step per token (25 a key, twice the CPU of
    f5cbc73's keystroke); it now verifies the previous text's windowed translation, kept by model and window, in a
    pass or two, and draws the bytes of a process that never saw the previous text."""
    forget()
    for prev, text in zip([""] + TYPED[:-1], TYPED[:-1]):
        route.payloads("sliding_window", {"s": text, "p": prev, "win": "2"})
    passes, steps = count_decoding(monkeypatch)
    typed_last = route.payloads("sliding_window", {"s": TYPED[-1], "p": TYPED[-2], "win": "2"})
    output = data.windowed("en-zh", TYPED[-1], 2, 0, ("encoder", "decoder")).decoded.ids
    assert len(output) > 6 and len(steps) + len(passes) <= 3, (len(passes), len(steps))
    monkeypatch.undo()
    forget()
    assert route.payloads("sliding_window", {"s": TYPED[-1], "win": "2"}) == typed_last


def test_masks_keystrokes_keep_their_translation_as_the_next_keys_draft(monkeypatch):
    """Masks' padded batch decoded the typed sentence through a trace that never told the drafts its output, so each
    keystroke decoded from scratch (5 cached steps a key); its translation is now the next keystroke's draft: the last
    keystroke runs no step, and draws what a process that never saw the previous text draws."""
    forget()
    for prev, text in zip([""] + TYPED[:-1], TYPED[:-1]):
        route.payloads("masks", {"s": text, "p": prev})
    passes, steps = count_decoding(monkeypatch)
    typed_last = route.payloads("masks", {"s": TYPED[-1], "p": TYPED[-2]})
    # the batch's pass and the draft's verifying and recording passes; before: 3 passes and 20 steps
    assert steps == [] and 1 <= len(passes) <= 5, (len(passes), len(steps))
    monkeypatch.undo()
    forget()
    assert route.payloads("masks", {"s": TYPED[-1]}) == typed_last


@pytest.mark.parametrize("hide", ["", ",,,", "grid-nothing", "x" * 5000, ",".join(["grid-decoder"] * 500),
                                  "grid-encoder,grid-decoder,grid-cross"])
def test_any_hide_a_request_gives_answers_with_the_shown_elements_bytes(hide):
    """Whatever a request names hidden (nothing, junk, too long, too many, every element), the route answers with
    the full answer's payloads of the elements it does not name, never an error."""
    full = route.payloads("overview", {"s": SENTENCE})
    names = set(route.hidden(hide))
    kept = [p for p, block in zip(full, ["encoder", "decoder", "cross"]) if f"grid-{block}" not in names]
    assert route.payloads("overview", {"s": SENTENCE, "hide": hide}) == kept


def test_a_rerun_decodes_a_trace_its_keystrokes_made_with_the_previous_runs_translation_as_draft(monkeypatch):
    """Self-attention's keystrokes encode and never decode, so the traces they leave have no draft; the rerun after
    the pause reads the translation and offers its own (the previous run's output): greedy then verifies it in a few
    passes, never decoding the sentence step by step, and gives what a decoding from scratch gives."""
    from ui import url
    from ui.shared import Drafts
    from ui.view import View

    forget()
    typed("self_attention", drafts=True, view={})
    previous, text = TYPED[-2], TYPED[-1]

    def rerun(shown: str, before: str):
        return data.view_trace(View.of(url.from_url({"s": shown})[0], "live", Drafts(before, shown))).decoded.ids

    rerun(previous, "")  # the run before: its translation is the next run's draft
    passes, steps = count_decoding(monkeypatch)
    ids = rerun(text, previous)
    assert steps == [] and 1 <= len(passes) < len(ids) / 2, "not a step per token: the draft was verified"
    monkeypatch.undo()
    forget()
    assert ids == run_with_trace(load_bundle("en-zh"), text).decoded.ids
