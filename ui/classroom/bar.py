"""The class in the header: start or join one; the lecturer's class button (join code and QR, counts, a question to
the class, the gallery of sentences sent to the front); a student's status, "Follow the lecturer" and their
answer. Every sent sentence is shown as text or drawn on a canvas, never as markup."""
from __future__ import annotations

import html
from dataclasses import replace

import segno
import streamlit as st
from streamlit import config

from ui import data, live, payload, state, widgets
from ui.chart import draw
from ui.classroom import DIALOG_TITLE, address, projector, session
from ui.classroom import store as classes
from ui.classroom.session import Seat
from ui.i18n import t
from ui.keys import coming
from ui.view import Element, View, within_model
from viz.heatmap import matrix_heatmap

GALLERY = 12  # the newest sentences the gallery draws
COUNTS_EVERY = "5s"  # the lecturer's counts and gallery size refresh this often


def bar(path: str, view: View) -> None:
    """The class row of the header for the run's `view` (nothing outside a class but the pending message; in
    presenter view the lecturer's class button sits in the sentence row instead, `in_sentence_row`, and its dialog
    opens here, in the View the whole header has set)."""
    s = session.seat()
    if s is not None and not s.lecturer and not s.following and over(s):
        session.leave(ended=True)  # a follower is told in session.enter; a student exploring, here
        s = None
    session.notice()
    if s is None:
        return
    session.link(s, path)
    if projector.projector():
        projector.hide_controls()
    elif not s.lecturer:
        student_row(s, view)
    elif not view.presenter:
        lecturer_row(s, path, view)
    else:
        code_dialog(s, path, view)


def code_dialog(s: Seat, path: str, view: View, clicked: bool = False) -> None:
    """The class dialog if a click or a class just started asks for it; the ask is dropped once the dialog is drawn,
    so a rerun that stops this run before then (the page's components sending their values, under load) draws it."""
    if clicked or st.session_state.get("_class_show_code", False):
        class_dialog(s, path, view)
        st.session_state.pop("_class_show_code", None)


def over(s: Seat) -> bool:
    """Whether the student's class has ended (or expired); a store that does not answer has not ended it."""
    try:
        lecture = classes.store().lecture(s.code)
    except Exception:
        return False
    return lecture is None or lecture.ended


def in_sentence_row() -> None:
    """Presenter view: the lecturer's class button at the end of the sentence row (the stage keeps its height): the
    code and how many follow on it, as of this run, the whole count in its tooltip; a click asks `bar` for the
    dialog, drawn there once the header has built the View."""
    s = session.seat()
    if s is not None and s.lecturer:
        label, tip = short_label(s)
        if st.button(label, icon=":material/qr_code_2:", key="class_open", help=tip):
            st.session_state["_class_show_code"] = True


def entry(path: str) -> None:
    """The Class button (the header's view toggles; presenter view's View popover): it opens starting or joining a
    class, so the header keeps one slim row; outside presenter view, the one click that opens the projector window
    (and starts the class it follows) in the sidebar."""
    if session.seat() is not None:
        return
    if st.button(t("class.menu"), icon=":material/co_present:", key="class_entry", help=t("class.start_help")):
        entry_dialog(path)
    if not state.get("presenter") and not projector.projector():
        projector.start_button(path)


@st.dialog(DIALOG_TITLE)
def entry_dialog(path: str) -> None:
    """Join a class by its code (what most who open it do: the prominent button; a refusal is shown here, the code
    kept in its box), or start a class of this view."""
    with st.form("class_join_form", border=False, enter_to_submit=True):
        code = st.text_input(t("class.join_label"), max_chars=12, key="class_code", placeholder="K7PQ2M")
        joined = st.form_submit_button(t("class.join"), key="class_join", type="primary")
    if joined and code:
        session.join(code)
        if session.seat() is not None:
            st.rerun()
        session.notice()
    st.caption(t("class.start_help"))
    if st.button(t("class.start"), icon=":material/co_present:", key="class_start"):
        session.start(path)
        st.rerun()


def lecturer_row(s: Seat, path: str, view: View) -> None:
    """The lecturer's class button (it opens the join code, the question and the gallery) and the counts, refreshed
    every few seconds."""
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        code_dialog(s, path, view, st.button(t("class.show_code"), icon=":material/qr_code_2:", key="class_open"))
        projector.open_button(s)
        counts(s)
        st.caption(t("class.next", title=coming(path)))


def short_label(s: Seat) -> tuple[str, str]:
    """Presenter view's class button: "K7PQ2M · 12" (12 following) and the whole count as its tooltip."""
    try:
        p = classes.store().presence(s.code, s.key)
    except Exception:  # the store restarting, or the class gone: the counts' own refresh says which
        return s.code, t("class.show_code")
    whole = t("class.lecturer_bar", code=s.code, following=p.following, exploring=p.exploring, gone=p.gone)
    return f"{s.code} · {p.following}", whole


@st.fragment(run_every=COUNTS_EVERY)
def counts(s: Seat) -> None:
    """Who follows, explores, has gone, and how many sentences wait (refreshed every few seconds)."""
    try:
        p = classes.store().presence(s.code, s.key)
        n = sum(1 for x in classes.store().sentences(s.code, s.key) if not x.hidden)
    except classes.Refused:
        session.leave(ended=True)
        return
    except Exception:
        st.caption(t("class.store_down"))
        return
    line = t("class.lecturer_bar", code=s.code, following=p.following, exploring=p.exploring, gone=p.gone)
    st.caption(line + (" · " + t("class.gallery", n=n) if n else ""))


@st.dialog(DIALOG_TITLE, width="large")
def class_dialog(s: Seat, path: str, view: View) -> None:
    """The join code and QR code, large; the counts; the question to the class; the gallery (drawn in `view`'s block,
    layer and head); ending the class."""
    join_card(s.code)
    counts(s)
    ask_form(s, path)
    gallery(s, path, view)
    if st.button(t("class.end"), icon=":material/logout:", key="class_end"):
        session.leave()
        st.rerun()


def join_card(code: str) -> None:
    """The code in large letters beside its QR code (the join URL, on an address students can reach, else a warning
    that says why they cannot)."""
    where = address.current(st.context.url or "", live.base_path(), config.get_option("server.address"))
    url = where.url(code)
    left, right = st.columns([3, 2], vertical_alignment="center")
    with left:
        st.caption(t("class.code_caption"))
        st.html(f'<div class="al-class-code" style="font-size:88px;font-weight:700;letter-spacing:0.12em;'
                f'font-family:monospace;line-height:1.1">{code}</div>')  # code: ALPHABET letters only
        st.html(f'<div class="al-class-url" style="font-size:22px;font-weight:600;overflow-wrap:anywhere">'
                f'{html.escape(t("class.join_at", url=url))}</div>')
        if where.problem:
            st.warning(t(where.problem))
    with right:
        st.image(segno.make(url, error="m").svg_inline(scale=8, border=2, dark="#111", light="#fff"), width=300)


def ask_form(s: Seat, path: str) -> None:
    """Put a question to the class (students may then send their sentence), or close it."""
    lecture = classes.store().lecture(s.code)
    asked = lecture.ask if lecture else ""
    with st.form("class_ask", border=False):
        text = st.text_input(t("class.ask_label"), value=asked, max_chars=classes.ASK_CHARS,
                             placeholder=t("class.ask_placeholder"))
        ask, close = st.columns(2)
        if ask.form_submit_button(t("class.ask_send"), icon=":material/campaign:"):
            session.publish(s, path, ask=text)
        if close.form_submit_button(t("class.ask_close"), disabled=not asked):
            session.publish(s, path, ask="")


def gallery(s: Seat, path: str, v: View) -> None:
    """The newest sentences sent, each as a small attention map of the lecturer's current block, layer and head
    through the model its language needs, with "Show to the class" and "Hide"; drawn only when the lecturer opens
    it (the dialog is on the projected screen)."""
    shown = [x for x in classes.store().sentences(s.code, s.key) if not x.hidden][-GALLERY:]
    if not st.toggle(t("class.gallery", n=len(shown)), key="class_gallery_open"):
        return
    if not shown:
        st.caption(t("class.gallery_empty"))
        return
    columns = st.columns(3)
    for i, sent in enumerate(reversed(shown)):
        with columns[i % 3]:
            model = thumbnail(sent, v)
            project, hide = st.columns(2)
            if project.button(t("class.project"), key=f"class_project_{sent.id}", icon=":material/cast:",
                              on_click=show_to_class, args=(sent.text, model)):
                st.rerun()
            if hide.button(t("class.hide"), key=f"class_hide_{sent.id}"):
                classes.store().hide(s.code, s.key, sent.id)
                st.rerun(scope="fragment")


def show_to_class(text: str, model: str) -> None:
    """"Show to the class" (before the run): the sentence in the lecturer's view, through the model it needs, the
    header's model picker showing it (else the picker's old value would be taken back)."""
    state.set_sentence(text)
    state.put("model", model)
    st.session_state["w_model"] = model


def model_for(text: str, model: str) -> str:
    """The shipped model a sentence needs: `model` if it reads the sentence's language, else the first shipped model
    that does (a Chinese sentence goes to zh-en, not through en-zh)."""
    lang = data.text_lang(text)
    if data.bundle(model).src_lang == lang:
        return model
    return next((m for m in data.models() if data.bundle(m).src_lang == lang), model)


def thumbnail(sent: classes.Sentence, v) -> str:
    """One sentence's attention map in the view's block, layer and head through the model it needs (its text as the
    chart's title, the model named under it); that model."""
    model = v.model if v.pretrained else model_for(sent.text, v.model)
    view = replace(v, sentence=sent.text, model=model, live="")
    st.caption(t("class.sentence_model", model=model))
    trace = data.view_trace(view)
    if trace is None:
        st.text(sent.text)
        return model
    m = within_model(trace, view)
    attn = trace.attn(m.block, m.layer)
    spec = matrix_heatmap(attn.pattern[m.head], attn.queries, attn.keys, kind="prob", title=sent.text[:60],
                          row_title=v.t("axis.query_row"), col_title=v.t("axis.key_col"), show_values=False,
                          height=260, words=v.words())
    draw(payload.build(Element([spec], f"class-sent-{sent.id}"), view), f"class-sent-{sent.id}")
    return model


def student_row(s: Seat, view: View) -> None:
    """A student's status with "Follow the lecturer" or "Leave the class", and the lecturer's question."""
    with st.container(horizontal=True, vertical_alignment="center", gap="small", wrap=True):
        st.caption(t("class.following" if s.following else "class.exploring", code=s.code))
        if not s.following and st.button(t("class.follow"), icon=":material/sync:", key="class_follow",
                                         type="primary"):
            session.set_status(s, following=True)
            st.rerun()
        if st.button(t("class.leave"), key="class_leave"):
            session.leave()
            st.query_params.pop("join", None)
            st.rerun()
    question(s, view.sentence)


def question(s: Seat, sentence: str) -> None:
    """The lecturer's open question and the student's answer: their current `sentence`, sent to the front."""
    try:
        lecture = classes.store().lecture(s.code)
    except Exception:
        return
    if lecture is None or not lecture.ask:
        return
    st.info(t("class.question", ask=widgets.plain(lecture.ask)))
    if st.button(t("class.send"), icon=":material/send:", key="class_send"):
        try:
            sent = classes.store().send(s.code, s.client, sentence)
            s.sent = sent.text
        except classes.Refused as refused:
            session.notify(str(refused))
            st.rerun()
    if s.sent:
        st.caption(t("class.sent", text=widgets.plain(s.sent)))
