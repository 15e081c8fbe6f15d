"""The rerun's shell around every page: the shared header (sentence box, examples, model, the view toggles, the token
chips and notices), then the page st.navigation picks, in one slot that a failing page's message replaces whole.
app.py, the entry point, calls `main` on every rerun; each page script calls `require_app` first, so that it never
runs without the shell.
"""
from __future__ import annotations

import copy
import html
import logging
from collections.abc import Callable
from contextlib import contextmanager
from contextvars import ContextVar

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager

from lesson.messages import CATALOGUE
from model.corpus import SEED_PAIRS, sample_sentences
from model.coverage import mark, peaks
from model.tokenizer import SPECIALS, detokenize
from ui import bind, data, instrument, live, route, state, widgets
from ui import pretrained as pretrained_ui
from ui.classroom import bar as class_bar
from ui.classroom import session as class_session
from ui.i18n import LANGS, message, model_label, t
from ui.keys import lecture_keys
from ui.param import MAX_CHARS
from ui.registry import PAGES, PATHS
from ui.sentence_box import as_typed, sentence_box
from ui.view import PARAMS, View


def about() -> str:
    """The app's About text, both languages."""
    return "\n\n".join(CATALOGUE["app.about"][lang] for lang in ("en", "zh"))


def examples(lang: str) -> list[str]:
    """Example sentences in the source language as a person types them, the seeds' sentences first."""
    pairs = list(SEED_PAIRS) + [p for p in sample_sentences(12) if p not in SEED_PAIRS]
    return [as_typed(detokenize(list(p.en), lang)) if lang == "en" else detokenize(list(p.zh), lang) for p in pairs]


SECOND_TEXTS = ("second_sentence", "pair_sentence")  # the second sentences of Masks, Add & Norm, BERT vs GPT, Lab


def on_example() -> None:
    """Example picked: put it in the sentence box."""
    choice = st.session_state.get("example_pick")
    if choice in examples(data.source_lang()):  # not a stale label of another model's examples
        state.set_sentence(choice)
    st.session_state["example_pick"] = None


def on_model() -> None:
    """Model switched: keep the view and the sentences if the source language stays (Post- vs Pre-Norm on one
    sentence), else start from a seed example in the new source language."""
    name = bind.widget_value("model")
    if name is None or name == state.get("model"):  # no change, only a label that went stale
        return
    was = data.source_lang()
    state.put("model", name)
    if name == data.PRETRAINED:  # a pretrained model keeps the sentence (its language is not known before loading)
        return
    lang = data.bundle(name).src_lang
    if lang == was:
        return
    state.set_sentence(examples(lang)[0])
    for text in SECOND_TEXTS:  # said in the new language by the grammar, or its default sentence
        state.put(text, data.in_language(state.get(text), lang) or data.in_language(PARAMS[text].default, lang))


def second_texts_follow(lang: str) -> None:
    """Second sentences still at their (English) default are said in the model's source language."""
    for text in SECOND_TEXTS:
        if state.get(text) == PARAMS[text].default:
            state.put(text, data.in_language(PARAMS[text].default, lang))


def example_picker() -> None:
    """The examples box: a pick goes into the sentence box."""
    st.selectbox(t("header.examples"), examples(data.source_lang()), index=None, key="example_pick",
                 placeholder=t("header.pick_example"), on_change=on_example, width=320)


def sentence_bar(debounce: int | None, path: str) -> None:
    """The shared controls: sentence (a rerun per keystroke, or per pause in typing where the keystroke route draws
    the charts), examples, model; in presenter view one row, a large box and the view toggles behind a button."""
    names = data.model_options()
    if state.get("model") not in names:
        state.put("model", names[0])
    presenter = bool(state.get("presenter"))
    if not presenter:
        view_toggles(path)
    labels = "collapsed" if presenter else "visible"
    with st.container(horizontal=True, vertical_alignment="center" if presenter else "bottom", wrap=not presenter):
        gen = st.session_state.get("sentence_gen", 0)
        text = sentence_box(t("header.sentence"), state.get("sentence"), f"sentence_{gen}",
                            max_chars=MAX_CHARS, debounce=debounce,
                            placeholder=t("header.placeholder", example=examples(data.source_lang())[0]),
                            large=presenter)
        state.put_text("sentence", text or "")
        if not presenter:
            example_picker()
        model_names = {n: t("hf.option") if n == data.PRETRAINED else model_label(n) for n in names}
        width = widgets.select_width(model_names[state.get("model")]) if presenter else 260  # the whole name shows
        bind.bound(st.selectbox, t("header.model"), "model", options=names, format_func=model_names.get,
                   on_change=on_model, width=width, label_visibility=labels)
        if presenter:  # the box gets the row; the rest is one click away
            with st.popover(t("header.view"), icon=":material/tune:"):
                example_picker()
                view_toggles(path, row=False)
            keys_hint(path)
            class_bar.in_sentence_row()  # the lecturer's class button ends the row; its dialog opens in class_bar.bar
    if data.is_pretrained():
        pretrained_ui.source_box()
    else:
        second_texts_follow(data.source_lang())


def suggestion(model: str, word: str) -> str:
    """" (→ a, b)" with the closest known words, or nothing."""
    close = data.closest(model, word)
    return f" (→ {', '.join(close)})" if close else ""


def token_line(view: View) -> None:
    """Chips for the source tokens of the view's sentence, the translation, and notices about the link, unknown,
    possibly untranslated or cut-off input (in presenter view one row of chips and the notice as one line after
    them)."""
    if state.notices():  # one box, one line per changed value
        st.warning("\n".join(f"- {message(n)}" for n in state.notices()))
    trace = data.view_trace(view)
    if trace is None:
        return
    flagged = {} if view.pretrained else untranslated_tips(trace)
    if view.presenter:
        widgets.chip_row(trace.src.tokens, trace.src.unknown, flagged, view,
                         notice_line(trace, flagged, True, str, view), notice_line(trace, flagged, False, str, view))
    else:
        widgets.token_chips(trace.src.tokens, view, trace.src.unknown, flagged)
    if view.pretrained:
        st.caption(t("hf.tokens_caption"))
    elif not view.presenter and (line := notice_line(trace, flagged, False, widgets.plain, view)):
        st.warning(line)
    if trace.src.truncated:
        st.warning(t("notice.truncated", kept=len(trace.src.tokens), total=trace.src.n_input_tokens,
                     max_len=trace.config.max_len))


def notice_line(trace, flagged: dict[int, str], short: bool, escape: Callable[[str], str], view: View) -> str:
    """The unknown-word and "may be untranslated" notices as one text in the view's language ("" if none): `short`
    for presenter view's one line, the words passed through `escape` (markdown for st.warning; raw for HTML, escaped
    whole)."""
    if view.pretrained:
        return ""
    lines = (unknown_notice(trace, short, escape, view.lang), untranslated_notice(trace, flagged, short, escape))
    return ("" if view.lang == "zh" else " ").join(line for line in lines if line)


def unknown_notice(trace, short: bool, escape: Callable[[str], str], lang: str) -> str:
    """The unknown-word notice: each unknown word (with the closest known words where it may be a typo) and those
    the translation left out, joined as `lang` writes; "" if every word is known."""
    src = trace.src  # each unknown word as typed ("Tom"), matched as read ("tom"); a name gets no spelling hint,
    if not any(src.unknown):
        return ""
    typing = trace.text[-1:].isalnum()  # nor does the word still being typed (the last, with no space after it)
    unknown = sorted({(src.typed(i), tok, i > 0 and src.typed(i) != tok or typing and i == len(src.tokens) - 1)
                      for i, (tok, u) in enumerate(zip(src.tokens, src.unknown)) if u})
    words = ", ".join(escape(typed) + ("" if name else suggestion(trace.model, tok)) for typed, tok, name in unknown)
    left_out = ", ".join(dict.fromkeys(escape(src.typed(i)) for i in trace.uncopied))
    key, uncopied = ("notice.line_unknown", "notice.line_uncopied") if short else ("notice.unknown", "notice.uncopied")
    return (t(key, words=words, n=len(data.bundle(trace.model).src_vocab.itos) - len(SPECIALS))
            + (("" if lang == "zh" else " ") + t(uncopied, words=left_out) if left_out else ""))


def untranslated_tips(trace) -> dict[int, str]:
    """Each source position that may be untranslated (model.coverage) -> its chip's tooltip."""
    peak, (layer, threshold) = peaks(trace), mark(trace)
    return {i: t("chip.untranslated_tip", peak=f"{peak[i]:.2f}", layer=layer, threshold=threshold)
            for i in trace.untranslated}


def untranslated_notice(trace, flagged: dict[int, str], short: bool, escape: Callable[[str], str]) -> str:
    """The "may be untranslated" line naming the flagged words; "" if none."""
    words = ", ".join(dict.fromkeys(escape(trace.src.typed(i)) for i in flagged))
    return t("notice.line_untranslated" if short else "notice.untranslated", words=words) if words else ""


def pages() -> list:
    """The navigation, titled in the current language (built once per session and language: st.Page checks its
    file on disk, 17 times per rerun otherwise). Each run gets its own copies: st.navigation marks the page it
    returns as callable once, and a rerun that starts before the one it replaces has run its page must not find
    that mark used ("This page cannot be called directly")."""
    lang = state.get("lang")
    titled = st.session_state.get("_pages")
    if titled is None or titled[0] != lang:
        titled = st.session_state["_pages"] = (lang, [
            st.Page(p.file, title=t(f"nav.{p.path}"), icon=p.icon, url_path=p.path, default=p.path == PATHS[0])
            for p in PAGES])
    return [copy.copy(page) for page in titled[1]]


def view_toggles(path: str, row: bool = True) -> None:
    """Language, presenter view, pinyin and special tokens (all in the URL), and starting or joining a class: in a
    slim row at the top right, or one under another (`row` False: presenter view's narrow View popover, where a row
    wraps with wide gaps)."""
    with st.container(horizontal=row, horizontal_alignment="right" if row else "left", vertical_alignment="center",
                      gap="medium" if row else "small"):
        bind.bound(st.segmented_control, t("header.language"), "lang", options=list(LANGS), format_func=LANGS.get,
                   label_visibility="collapsed")
        bind.bound(st.toggle, t("header.presenter"), "presenter")
        bind.bound(st.toggle, t("header.pinyin"), "pinyin")
        bind.bound(st.toggle, t("header.hide_special"), "hide_special", help=t("header.hide_special_help"))
        class_bar.entry(path)


def keys_hint(path: str) -> None:
    """Presenter view hides the navigation: a quiet hint that ← / → turn the pages (on the tour, its steps)."""
    key = "header.keys_steps" if path == "tour" else "header.keys_pages"
    st.html(f'<span class="al-keys">{html.escape(t(key))}</span>', width="content")


def main() -> None:
    """One rerun: the shared header, then the page st.navigation picked, inside one slot."""
    st.set_page_config(page_title="Attention Lab", page_icon="🔍", layout="wide", menu_items={"About": about()})
    instrument.start()
    state.begin_run()
    bind.take_widgets()
    widgets.font_css()
    # expanded: every page listed; with the projector button below it Streamlit would show ten and "View 15 more"
    page = st.navigation(pages(), position="hidden" if state.get("presenter") else "sidebar", expanded=True)
    if state.get("presenter"):
        widgets.presenter_css()
    path = page.url_path or "overview"
    class_session.enter(path)
    lecture_keys(path)
    state.serve(route.url_for(path, state.store()))
    with st.container(key="al-header"):
        sentence_bar(live.DEBOUNCE_MS if state.route() else None, path)
        state.shown_sentence()
        # the header's widgets have set the view: built once, handed down (the class row and the chips only read it)
        view = state.build_view()
        class_bar.bar(path, view)
        with st.container():  # a fixed slot: notices come and go without shifting (and remounting) the page below
            token_line(view)
    run_page(page, path, view)
    state.write_url()
    bind.finish_run()
    class_session.finish(path)
    instrument.finish(page.url_path, state.get("sentence"))


def run_page(page, path: str, view: View) -> None:
    """Run the page (its main figure on the stage) in one slot under the header, handing it `view`. A page that fails
    is replaced whole by the usual message, where its figure would be: never a traceback, nor a half-drawn page whose
    message sits below the fold; the header keeps the sentence."""
    slot = st.empty()
    try:
        with slot.container(), handing(view):
            widgets.open_stage(view)
            if pretrained_ui.applies(path, view):
                page.run()
            else:
                pretrained_ui.not_applicable(page.url_path, page.title, view)
    except Exception:  # a page bug must not show a traceback to the class
        logging.exception("page %s failed", page.title)
        slot.error(t("notice.page_failed"))


# The View the shell built for the page it runs (None: the page runs alone, outside the shell). A ContextVar, not an
# argument: a page is a script that st.navigation runs (or, on a fresh server's first link, Streamlit's legacy pages
# mode), and no argument reaches it; per script thread, so no session sees another's.
_PAGE_VIEW: ContextVar[View | None] = ContextVar("page_view", default=None)


@contextmanager
def handing(view: View) -> None:
    """Hand `view` to the page run that the shell starts (the block), which also tells the page it is not alone."""
    token = _PAGE_VIEW.set(view)
    try:
        yield
    finally:
        _PAGE_VIEW.reset(token)


def page_view() -> View:
    """The View the shell built for this page after the header's widgets had set it: the page's one read of it (a
    picker on the page that changes it returns the new View, ui/bind.picked)."""
    return _PAGE_VIEW.get()


def require_app(default: bool = False) -> None:
    """Leave Streamlit's legacy `pages/` mode (in force until app.py's st.navigation first runs) and rerun via app.py.

    A fresh server treats a `pages/` folder as old-style multipage until st.navigation is called, so a shared link
    opened first would run the page without the shell. Whether this run is inside the shell is asked of this
    thread's own marker, not of the process-wide mode, which another session may have switched meanwhile (a class
    opening one link at once). Page URLs match in both modes; the default page's does not (it is "/"), so that one
    switches to the main page with the same query string.
    """
    if _PAGE_VIEW.get() is not None:
        return
    PagesManager.uses_pages_directory = False
    if default:
        st.switch_page("app.py", query_params=st.query_params.to_dict())
    st.rerun()
