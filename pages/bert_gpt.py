"""BERT vs GPT: encoder-only with bidirectional attention vs decoder-only with the causal mask, shown with this app's
own encoder and decoder, or with a loaded pretrained model (its measured mask, its objective live, its size); the two
pre-training objectives on this sentence; positions, segments, GPT-1's fine-tuning inputs, WordPiece and sizes."""
import numpy as np
import pandas as pd
import streamlit as st

from model import lessons, pretrained, pretrained_lessons, wordpiece
from model.checkpoint import parameter_count
from model.pretrained import PretrainedTrace
from ui import bind, data, notes, shell, state, widgets
from ui import pretrained as pretrained_ui
from ui.i18n import t
from ui.payload import Chart, answer
from ui.view import View
from ui.views.bert_gpt import SIDES, elements, mask_element, side_keep, side_tokens
from viz.bars import likeliest_bar

shell.require_app()

MAX_LINES = 8  # "… sees …" lines listed per mask


def sees(keep: np.ndarray, tokens: list[str]) -> str:
    """One line per query token listing the keys it can see."""
    lines = [t("bg.sees", token=widgets.plain(tok), visible=widgets.plain(" ".join(np.array(tokens)[keep[i]])))
             for i, tok in enumerate(tokens[:MAX_LINES])]
    return "  \n".join(lines + (["…"] if len(tokens) > MAX_LINES else []))


def masks_section(trace, view: View) -> None:
    """Which mask each half uses, on this sentence (encoder) and its translation (decoder)."""
    st.subheader(t("bg.masks"))
    charts = answer(elements, trace, view)  # the keystroke route sends the same charts
    with widgets.main_figure():
        for side, column in zip(SIDES, st.columns(2)):
            with column:
                widgets.show(charts[side])
                st.caption(sees(side_keep(trace, side), side_tokens(trace, side)))


def objectives_section(trace, view: View) -> None:
    """Masked-token prediction (worked input and targets) and next-token prediction (the decoder's own losses)."""
    st.subheader(t("bg.objectives"))
    tokens = trace.src.tokens
    picked, inp = lessons.mlm_example(tokens)
    st.markdown(t("bg.mlm", k=len(picked), n=len(tokens)))
    st.markdown(t("bg.mlm_input"))
    widgets.token_chips(inp, view)
    st.markdown(t("bg.mlm_target"))
    widgets.token_chips([f"{i}: {tokens[i]}" for i in picked], view)
    st.caption(t("bg.mlm_note"))
    inputs, targets, losses = lessons.next_token_losses(trace)
    st.markdown(t("bg.ntp", t=len(losses)))
    st.dataframe(pd.DataFrame({t("bg.col_sees"): [" ".join(inputs[: i + 1]) for i in range(len(losses))],
                               t("bg.col_predicts"): targets, t("bg.col_p"): np.exp(-losses).round(3),
                               t("bg.col_loss"): losses.round(3)}), hide_index=True, width="stretch")
    st.caption(t("bg.ntp_mean", loss=f"{losses.mean():.3f}", ppl=f"{np.exp(losses.mean()):.3f}"))
    st.markdown(t("bg.pretraining", k=len(picked), n=len(tokens), t=len(losses)))


def positions_and_segments(trace, bundle, second: str) -> None:
    """Learned vs sinusoidal positions, and BERT's segment embeddings for this sentence and a second one."""
    st.subheader(t("bg.positions"))
    _, bert_d, _, _, _, bert_pos = lessons.PRETRAINED["BERT-base"]
    cfg = bundle.config
    st.caption(t("bg.caption_positions", bert_pos=bert_pos, bert_d=bert_d, bert_params=f"{bert_pos * bert_d:,}",
                 max_len=cfg.max_len, d=cfg.d_model, ours=f"{2 * cfg.max_len * cfg.d_model:,}"))
    st.subheader(t("bg.segments"))
    b_tokens = bundle.src_vocab.encode(second, cfg.max_len).tokens
    seq = ["[CLS]"] + trace.src.tokens + ["[SEP]"] + b_tokens + (["[SEP]"] if b_tokens else [])
    segment = [0] * (len(trace.src.tokens) + 2) + [1] * (len(seq) - len(trace.src.tokens) - 2)
    st.caption(t("bg.caption_segments", second=widgets.plain(second)))
    table = pd.DataFrame([seq, segment, list(range(len(seq)))],
                         index=[t("bg.row_token"), t("bg.row_segment"), t("bg.row_position")]).astype(str)
    st.dataframe(table, width="stretch")
    st.caption(t("bg.caption_no_segments"))


def gpt1_section(trace, bundle, second: str) -> None:
    """GPT-1's input sequence for each fine-tuning task, built from this sentence and the second one, and what its
    classifier head adds."""
    st.subheader(t("bg.gpt1"))
    keep = trace.attn("decoder", 0).mask  # (T, T) True = visible
    st.markdown(t("bg.caption_gpt1", seen=int(keep[-1].sum()), T=len(keep), first=int(keep[0].sum()),
                  second=widgets.plain(second)))
    layers, d, _, _, vocab, positions = lessons.PRETRAINED["GPT-1"]
    sequences = lessons.gpt1_inputs(trace.src.tokens, bundle.src_vocab.encode(second, bundle.config.max_len).tokens)
    new = lessons.gpt1_new_parameters(d, sequences)
    st.dataframe(pd.DataFrame({
        t("bg.col_task"): [t(f"bg.task_{task}") for task in sequences],
        t("bg.col_sequence"): ["  |  ".join(" ".join(s) for s in seqs) for seqs in sequences.values()],
        t("bg.col_length"): [" + ".join(str(len(s)) for s in seqs) for seqs in sequences.values()],
        t("bg.col_head"): [t(f"bg.head_{task}", d=d, c=lessons.GPT1_TASKS[task]) for task in sequences],
        t("bg.col_new"): [f"{new[task]:,}" for task in sequences],
    }), hide_index=True, width="stretch")
    total = lessons.gpt_parameters(layers, d, vocab, positions)
    st.caption(t("bg.caption_gpt1_params", d=d, total=f"{total:,}"))


def model_reading(word: str, vocab, max_len: int) -> str:
    """How this app's model reads a word: "in its vocabulary", or its tokens with <unk> for those it does not know."""
    encoded = vocab.encode(word, max_len)
    if not any(encoded.unknown):
        return t("bg.in_vocab")
    return " ".join("<unk>" if unknown else token for token, unknown in zip(encoded.tokens, encoded.unknown))


def steps_text(split: wordpiece.Split) -> str:
    """A word's WordPiece steps as a numbered list: the candidates tried, and the piece kept (or [UNK])."""
    lines = [t("bg.wordpiece_steps", word=widgets.plain(split.word))]
    for n, step in enumerate(split.steps, 1):
        tried = ", ".join(f"“{widgets.plain(c)}”" for c in step.tried)
        last = split.unknown and n == len(split.steps)
        lines.append(t("bg.wordpiece_unk", n=n, tried=tried) if last
                     else t("bg.wordpiece_step", n=n, tried=tried, piece=widgets.plain(step.piece)))
    return "  \n".join(lines)


def wordpiece_table(splits: list[wordpiece.Split], reading) -> None:
    """Each word: how this app's model reads it (or nothing, for a pretrained model) and its WordPiece pieces."""
    table = {t("bg.col_word"): [s.word for s in splits]}
    if reading is not None:
        table[t("bg.col_this_model")] = [reading(s.word) for s in splits]
    table[t("bg.col_pieces")] = [" ".join(s.pieces) for s in splits]
    st.dataframe(pd.DataFrame(table), hide_index=True, width="stretch")


def worked_split(splits: list[wordpiece.Split]) -> wordpiece.Split:
    """The split worth following step by step: the word cut into the most pieces (the example word on a tie)."""
    return max(reversed(splits), key=lambda s: (len(s.steps), s.unknown))


def wordpiece_section(trace, bundle) -> None:
    """This app's whole words against WordPiece with a small worked vocabulary, on the sentence's English words."""
    st.subheader(t("bg.wordpiece"))
    english = trace.src_lang == "en"
    text, vocab = (trace.text, bundle.src_vocab) if english else (trace.output_text, bundle.tgt_vocab)
    words = list(dict.fromkeys(wordpiece.basic_words(text) + [wordpiece.EXAMPLE]))
    splits = [wordpiece.wordpiece(w, wordpiece.DEMO_VOCAB) for w in words]
    st.markdown(t("bg.caption_wordpiece", size=len(wordpiece.DEMO_VOCAB), example=wordpiece.EXAMPLE,
                  which=t("bg.which_sentence" if english else "bg.which_translation")))
    wordpiece_table(splits, lambda word: model_reading(word, vocab, bundle.config.max_len))
    st.markdown(steps_text(worked_split(splits)))
    with st.expander(t("bg.wordpiece_vocab", size=len(wordpiece.DEMO_VOCAB))):
        st.markdown(" ".join(f"`{piece}`" for piece in sorted(wordpiece.DEMO_VOCAB)))


def hf_wordpiece_section(trace: PretrainedTrace, view: View) -> None:
    """The loaded BERT's own WordPiece vocabulary on the sentence's words, step by step, checked against its
    tokenizer."""
    tokenizer = data.pretrained_model(view.hf_model).tokenizer
    vocab = wordpiece.tokenizer_vocab(tokenizer)
    if vocab is None:
        return
    st.subheader(t("bg.wordpiece"))
    text = f"{trace.text} {wordpiece.EXAMPLE}"
    splits = [wordpiece.wordpiece(w, vocab) for w in wordpiece.tokenizer_words(tokenizer, text)]
    ours, theirs = [p for s in splits for p in s.pieces], tokenizer.tokenize(text)
    splits = list({s.word: s for s in splits}.values())  # each word once
    same = t("bg.wordpiece_same") if ours == theirs else t(
        "bg.wordpiece_differs", ours=widgets.plain(" ".join(ours)), theirs=widgets.plain(" ".join(theirs)))
    st.markdown(t("bg.caption_wordpiece_hf", model=widgets.plain(trace.model), size=f"{len(vocab):,}",
                  example=wordpiece.EXAMPLE, same=same))
    wordpiece_table(splits, None)
    st.markdown(steps_text(worked_split(splits)))


def reference_rows() -> list[tuple]:
    """BERT-base/large and GPT-1: layers, hidden, heads, stated and computed parameters."""
    rows = []
    for name, (layers, hidden, heads, stated, vocab, positions) in lessons.PRETRAINED.items():
        count = (lessons.gpt_parameters if name.startswith("GPT") else lessons.bert_parameters)(
            layers, hidden, vocab, positions)
        rows.append((name, layers, hidden, heads, f"{stated}M", f"{count:,}"))
    return rows


SIZE_COLUMNS = ["bg.col_model", "bg.col_layers", "bg.col_hidden", "bg.col_heads", "bg.col_stated", "bg.col_computed"]


def sizes_section(bundle) -> None:
    """BERT-base/large and GPT-1 (stated and computed from their configurations) next to this model."""
    st.subheader(t("bg.sizes"))
    rows, ours = reference_rows(), parameter_count(bundle.transformer)
    cfg = bundle.config
    rows.append((t("bg.this_model", model=bundle.name), f"{cfg.N} + {cfg.N}", cfg.d_model, cfg.h, "", f"{ours:,}"))
    st.dataframe(pd.DataFrame(rows, columns=[t(c) for c in SIZE_COLUMNS]).astype(str), hide_index=True,
                 width="stretch")
    base = lessons.bert_parameters(*lessons.PRETRAINED["BERT-base"][:2])
    st.caption(t("bg.caption_sizes", ratio=f"{base / ours:,.0f}"))


# --- a pretrained model loaded ---------------------------------------------------------------------------------------

def number(x: float) -> str:
    """A weight as short text: 0 exactly, else three significant digits."""
    return "0" if x == 0 else f"{x:.3g}"


def reach_caption(trace: PretrainedTrace, block: str) -> tuple[np.ndarray, str]:
    """The mask a block's own weights show, and what was measured, as a caption."""
    r = pretrained_lessons.reach(trace.library_weights(block))
    if r.above_max is None:
        return r.visible, t("bg.hf_reach_one")
    text = t("bg.hf_reach", n=trace.layers[block], h=trace.config.h, max=number(r.above_max), min=number(r.above_min))
    if r.above_max == 0:
        text += " " + t("bg.hf_reach_causal")
    elif r.above_min > 0:
        text += " " + t("bg.hf_reach_bidirectional")
    return r.visible, text


def measured_mask(trace: PretrainedTrace, block: str, tokens: list[str], title: str, view: View) -> None:
    """One block's measured mask, what was measured and what each token sees."""
    keep, caption = reach_caption(trace, block)
    widgets.show(Chart(mask_element(keep, tokens, t(title), f"bg-hf-{block}", view), view))
    st.caption(caption)
    st.caption(sees(keep, tokens))


def rule_mask(keep: np.ndarray, tokens: list[str], title: str, view: View) -> None:
    """The other family's mask on the same tokens, drawn from its rule."""
    widgets.show(Chart(mask_element(keep, tokens, t(title), "bg-hf-other", view), view))
    st.caption(t("bg.hf_other"))
    st.caption(sees(keep, tokens))


def measured_masks(trace: PretrainedTrace, view: View) -> None:
    """The loaded model's mask as its own weights show it, next to the other family's (Marian: its two halves)."""
    st.subheader(t("bg.masks"))
    tokens = trace.src.tokens
    n = len(tokens)
    c1, c2 = st.columns(2)
    with c1:
        block = "decoder" if trace.family == "gpt2" else "encoder"
        measured_mask(trace, block, tokens, {"bert": "bg.hf_fig_bert", "gpt2": "bg.hf_fig_gpt2",
                                              "marian": "bg.hf_fig_marian_enc"}[trace.family], view)
    with c2:
        if trace.family == "marian":
            measured_mask(trace, "decoder", trace.tgt_input_tokens, "bg.hf_fig_marian_dec", view)
        elif trace.family == "bert":
            rule_mask(lessons.causal_keep(n).astype(bool), tokens, "bg.hf_fig_as_gpt", view)
        else:
            rule_mask(np.ones((n, n), bool), tokens, "bg.hf_fig_as_bert", view)


def word_label(tokens: list[str], positions: list[int]) -> str:
    """A word's subwords joined without the tokenizer's marks."""
    return pretrained.word_labels([tokens[i] for i in positions], [0] * len(positions))[0]


def mlm_section(trace: PretrainedTrace, view: View) -> None:
    """Mask a word the user picks; with an MLM head, its top tokens and the loss at each masked position."""
    st.markdown(t("bg.hf_mlm"))
    pm = data.pretrained_model(view.hf_model)
    tokens = trace.src.tokens
    choices = pretrained_lessons.words_to_mask(pm, tokens, trace.src_words)
    if not choices:
        st.info(t("bg.hf_no_word"))
        return
    view = bind.picked(state.keep(view, masked_word=len(choices) - 1), st.segmented_control, t("bg.hf_pick_word"),
                       "masked_word", options=list(range(len(choices))),
                       format_func=lambda i: word_label(tokens, choices[i]))
    masked = data.pretrained_masked_word(view.hf_model, view.sentence, view.masked_word)
    st.markdown(t("bg.mlm_input"))
    widgets.token_chips(masked.tokens, view)
    st.markdown(t("bg.mlm_target"))
    widgets.token_chips([f"{i}: {tok}" for i, tok in zip(masked.positions, masked.targets)], view)
    if not trace.mlm:
        st.info(t("bg.hf_mlm_missing", arch=trace.architecture))
        return
    cols = st.columns(min(len(masked.predictions), 3))
    for k, (p, target, prob, loss) in enumerate(zip(masked.predictions, masked.targets, masked.target_probs,
                                                    masked.losses)):
        with cols[k % len(cols)]:
            widgets.figure(likeliest_bar(p.tokens, p.probs, chosen=0, words=view.words(),
                                         title=t("bg.hf_fig_mask", i=p.position, target=target, k=len(p.tokens))),
                           f"bg-hf-mask-{k}", view)
            st.caption(t("bg.hf_mlm_loss", i=p.position, target=widgets.plain(target), p=number(prob),
                         loss=f"{loss:.3f}"))


def seen(tokens: list[str], i: int, last: int = 4) -> str:
    """The tokens position i reads (the last few, "…" before them if there are more)."""
    return ("… " if i >= last else "") + " ".join(tokens[max(0, i - last + 1): i + 1])


def ntp_section(trace: PretrainedTrace, view: View) -> None:
    """The next token after the sentence, and every position's next-token loss on the sentence itself."""
    tokens, last = trace.src.tokens, trace.predictions[-1]
    c1, c2 = st.columns([2, 3])
    with c1:
        widgets.figure(likeliest_bar(last.tokens, last.probs, chosen=0, words=view.words(),
                                     title=t("hf.fig_next", token=tokens[-1], k=len(last.tokens))), "bg-hf-next", view)
    with c2:
        if len(tokens) < 2:
            st.info(t("bg.hf_ntp_one"))
            return
        nt = data.pretrained_next_tokens(view.hf_model, view.sentence)
        st.markdown(t("bg.hf_ntp", t=len(nt.losses)))
        st.dataframe(pd.DataFrame({t("bg.col_sees"): [seen(tokens, i) for i in range(len(nt.losses))],
                                   t("bg.hf_col_next"): tokens[1:], t("bg.col_p"): [number(p) for p in nt.probs],
                                   t("bg.col_loss"): [f"{x:.3f}" for x in nt.losses],
                                   t("bg.hf_col_top"): [p.tokens[0] for p in trace.predictions[:-1]]}),
                     hide_index=True, width="stretch")
        st.caption(t("bg.ntp_mean", loss=f"{nt.mean:.3f}", ppl=f"{nt.perplexity:.3f}"))


def formula_call(family: str, args: dict) -> str:
    """The formula as it was called, e.g. `bert_parameters(layers=6, …)`."""
    name = "gpt_parameters" if family == "gpt2" else "bert_parameters"
    return f"`{name}({', '.join(f'{k}={v}' for k, v in args.items())})`"


def hf_sizes(trace: PretrainedTrace, view: View) -> None:
    """The loaded model's parameters counted next to the formula, and its position and segment tables."""
    st.subheader(t("bg.sizes"))
    sz = data.pretrained_sizes(view.hf_model)
    c = trace.config
    rows = [(*r, "") for r in reference_rows()]
    rows.append((t("bg.hf_row", model=trace.model), c.N, c.d_model, c.h, "", f"{sz.formula:,}", f"{sz.total:,}"))
    cols = [t(k) for k in SIZE_COLUMNS + ["bg.hf_col_counted"]]
    st.dataframe(pd.DataFrame(rows, columns=cols).astype(str), hide_index=True, width="stretch")
    lines = [t("bg.hf_sizes", total=f"{sz.total:,}", body=f"{sz.body:,}", body_class=sz.body_class,
               args=formula_call(trace.family, sz.formula_args), formula=f"{sz.formula:,}")]
    diff = sz.body - sz.formula
    lines.append(t("bg.hf_sizes_equal") if diff == 0 else t("bg.hf_sizes_differ", diff=f"{diff:+,}"))
    head = sz.total - sz.body
    if head or sz.tied:
        key = "bg.hf_head_none" if not head else "bg.hf_head_tied" if sz.tied else "bg.hf_head_untied"
        lines.append(t(key, head=f"{head:,}"))
    st.markdown(" ".join(lines))
    st.subheader(t("bg.positions"))
    n = len(trace.src.tokens)
    st.markdown(t("bg.hf_positions", positions=sz.positions, dim=sz.position_dim,
                  params=f"{sz.positions * sz.position_dim:,}", n=n, last=n - 1))
    st.markdown(t("bg.hf_segments", segments=sz.segments, dim=sz.position_dim) if sz.segments
                else t("bg.hf_no_segments"))


def pretrained_view(view: View) -> None:
    """The lesson on the loaded pretrained model."""
    trace = data.view_trace(view)
    if not widgets.need_trace(trace, view):
        return
    intro = "bg.hf_intro_marian" if trace.family == "marian" else "bg.hf_intro"
    st.markdown(t(intro, model=widgets.plain(trace.model)))
    pretrained_ui.model_card(trace)
    measured_masks(trace, view)
    st.subheader(t("bg.hf_objective"))
    if trace.family == "marian":
        st.markdown(t("bg.hf_marian_objective"))
        return
    (mlm_section if trace.family == "bert" else ntp_section)(trace, view)
    if trace.family == "bert":
        hf_wordpiece_section(trace, view)
    hf_sizes(trace, view)


st.header(t("bg.header"))
view = shell.page_view()
if view.pretrained:
    pretrained_view(view)
else:
    st.caption(t("bg.intro"))
    bundle = data.bundle(view.model)
    trace = data.view_trace(view)
    if widgets.need_trace(trace, view):
        masks_section(trace, view)
        objectives_section(trace, view)
        positions_and_segments(trace, bundle, view.second_sentence)
        gpt1_section(trace, bundle, view.second_sentence)
        wordpiece_section(trace, bundle)
    sizes_section(bundle)
    notes.section("bert_gpt", bundle, trace)
