"""Attention Lab: the entrypoint — navigation, the shared sentence input, and the token chips."""
from __future__ import annotations

import logging

import streamlit as st
from st_keyup import st_keyup

from model.corpus import SEED_PAIRS, sample_sentences
from model.tokenizer import detokenize
from ui import data, profile, state, widgets

PAGES = [
    st.Page("pages/overview.py", title="Overview", icon=":material/account_tree:", url_path="overview", default=True),
    st.Page("pages/embeddings.py", title="Embeddings & PE", icon=":material/waves:", url_path="embeddings"),
    st.Page("pages/self_attention.py", title="Self-attention", icon=":material/grid_on:", url_path="self_attention"),
    st.Page("pages/multi_head.py", title="Multi-head & layers", icon=":material/view_module:", url_path="multi_head"),
    st.Page("pages/masks.py", title="Masks", icon=":material/visibility_off:", url_path="masks"),
    st.Page("pages/decoding.py", title="Encoder–decoder & decoding", icon=":material/translate:", url_path="decoding"),
    st.Page("pages/add_norm.py", title="Add & Norm, FFN", icon=":material/functions:", url_path="add_norm"),
    st.Page("pages/playground.py", title="Playground (hand-edit)", icon=":material/edit:", url_path="playground"),
]
MODEL_LABELS = {"en-zh": "English → 中文", "zh-en": "中文 → English", "en-zh-pre": "English → 中文 (Pre-Norm)"}
MAX_CHARS = 400


def examples(lang: str) -> list[str]:
    """Example sentences in the source language, the seeds' sentences first."""
    pairs = list(SEED_PAIRS) + [p for p in sample_sentences(12) if p not in SEED_PAIRS]
    return [detokenize(list(p.en if lang == "en" else p.zh), lang) for p in pairs]


def set_sentence(text: str) -> None:
    """Replace the sentence (a new input widget key makes the box show it)."""
    state.put("s", text)
    st.session_state["sentence_gen"] = st.session_state.get("sentence_gen", 0) + 1


def on_example() -> None:
    """Example picked: put it in the sentence box."""
    choice = st.session_state.get("example_pick")
    if choice:
        set_sentence(choice)
    st.session_state["example_pick"] = None


def on_model() -> None:
    """Model switched: keep the view, but translate the sentence's language by picking a seed example."""
    name = st.session_state["w_model"]
    state.put("model", name)
    set_sentence(examples(data.bundle(name).src_lang)[0])


def sentence_bar() -> None:
    """The shared controls: sentence (per keystroke), examples, model."""
    names = data.models()
    if state.get("model") not in names:
        state.put("model", names[0])
    bundle = data.bundle(state.get("model"))
    left, mid, right = st.columns([6, 3, 2], vertical_alignment="bottom")
    with left:
        gen = st.session_state.get("sentence_gen", 0)
        text = st_keyup("Sentence (updates as you type)", value=state.get("s"), key=f"sentence_{gen}",
                        debounce=25, max_chars=MAX_CHARS, placeholder="Type a sentence, e.g. I have a cat")
        state.put("s", text)
    with mid:
        st.selectbox("Examples", examples(bundle.src_lang), index=None, key="example_pick",
                     placeholder="Pick an example…", on_change=on_example)
    with right:
        state.bound(st.selectbox, "Model", "model", options=names, format_func=lambda n: MODEL_LABELS.get(n, n),
                    on_change=on_model)


def token_line() -> None:
    """Chips for the source tokens, the translation, and notices about unknown or cut-off input."""
    trace = data.current_trace()
    if trace is None:
        return
    widgets.token_chips(trace.src.tokens, trace.src.unknown)
    if any(trace.src.unknown):
        bundle = data.bundle(trace.model)
        unk = ", ".join(sorted({t for t, u in zip(trace.src.tokens, trace.src.unknown) if u}))
        st.warning(f"Unknown to the model (read as <unk>): {unk}. It knows words such as: "
                   + ", ".join(bundle.src_vocab.known_words(12)) + ".")
    if trace.src.truncated:
        st.warning(f"Only the first {len(trace.src.tokens)} of {trace.src.n_input_tokens} tokens are used "
                   f"(max_len = {trace.config['max_len']}).")


def main() -> None:
    """Build the shared header, then run the selected page."""
    st.set_page_config(page_title="Attention Lab", page_icon="🔍", layout="wide")
    profile.start()
    page = st.navigation(PAGES)
    sentence_bar()
    token_line()
    try:
        page.run()
    except Exception:  # a page bug must not show a traceback to the class
        logging.exception("page %s failed", page.title)
        st.error("This view could not be drawn for the current input. Your sentence is kept; "
                 "try another sentence or page.")
    state.write_url()
    profile.finish(page.url_path, state.get("s"))


main()
