"""A session's seat in a class: the lecturer who steers it, or a student who follows it.

A run starts with `enter`: a link's `?class=new` starts a class, `?join=CODE` joins one; a following student who
changed anything since their last run (typed, clicked, turned a page) now explores on their own, else takes the
lecturer's current view (turning to the lecturer's page). A run ends with `finish`: the lecturer's view goes to the
class (keystrokes on a live page go straight from the browser: ui/static/components/classroom.js), a student's
view is remembered to tell their next change from the lecturer's. The header shows `bar`.
"""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit

import streamlit as st

from ui import bind, live, state
from ui.assets import component_js
from ui.classroom import store as classes
from ui.classroom.follow import followed, own, shared
from ui.classroom.routes import EVENTS, STEER, address_of
from ui.i18n import t
from ui.shared import per_process
from ui.view import PARAMS

_SEAT, _NOTICE, _RESUME_ASKED, _CLIENT = "_class_seat", "_class_notice", "_class_resume_asked", "_class_client"
RERUN_AFTER_MS = 400  # a student's page reruns this long after the lecturer's last keystroke (charts: at once)
JS = component_js("classroom")  # ui/static/components/classroom.js
KEPT = "al_lecturer"  # the cookie in which the lecturer's browser keeps "code:key" for a reload (classroom.js)
DRAWING = tuple(PARAMS[name].url for name in ("ink", "occlude"))  # the canvas sends these itself, with each stroke


@dataclass
class Seat:
    """A session's place in a class."""

    code: str
    key: str = ""  # the lecturer's key (in this session, and in the lecturer's browser for a reload); "" for a student
    client: str = ""  # a student's id on the class's stream ("" for the projector window: it is not counted)
    following: bool = True
    synced: dict | None = None  # what a following student's own hands hold (`held`) as their last run left it
    seq: int = 0  # the lecture last taken (a student) or sent (the lecturer)
    gen: int = 0  # the lecturer's sentence box generation at the last publish (a new one: the server set the text)
    sent: str = ""  # a student's last sentence sent to the front

    @property
    def lecturer(self) -> bool:
        return bool(self.key)


def seat() -> Seat | None:
    """This session's seat, or None outside a class."""
    return st.session_state.get(_SEAT)


def notify(key: str, **fields) -> None:
    """Show a message (a refusal, the class's end) in the class bar of this run and the next."""
    st.session_state[_NOTICE] = (key, fields)


def enter(path: str) -> None:
    """Start of a run (after the widgets are taken): a link's class request, then a student's following."""
    asked_new, asked_code = st.query_params.get("class") == "new", st.query_params.get("join", "")
    if seat() is None and not state.get("projector"):  # the projector window follows: never the lecturer's seat
        resume()
    if asked_new and seat() is None:
        start(path)
    elif asked_code and (seat() is None or seat().code != classes.normalised(asked_code)):
        join(asked_code)
    s = seat()
    if s is None or s.lecturer or not s.following:
        return
    try:
        lecture = classes.store().lecture(s.code)
    except Exception:
        return  # the store restarting: the view stays, the next event brings the lecture
    if lecture is None or lecture.ended:
        leave(ended=True)
    elif s.synced is not None and (not lectured() and moved(s.synced, held(path)) or typed()):
        set_status(s, following=False)
    else:
        take(s, lecture, path)


def resume() -> None:
    """On a session's first run: a reloaded lecturer tab takes back the class its browser kept (the lecturer link's
    session cookie, never the URL the projector shows) if the key is still that live class's."""
    if st.session_state.get(_RESUME_ASKED):
        return
    st.session_state[_RESUME_ASKED] = True
    kept = st.context.cookies.get(KEPT)
    code, _, key = kept.partition(":") if isinstance(kept, str) else ("", "", "")  # no cookies: AppTest's are mocks
    if not code or not key:
        return
    try:
        classes.store().presence(code, key)  # Refused unless the key is this live class's lecturer's
    except Exception:
        return  # ended, expired, or the store down: the tab starts outside a class
    st.session_state[_SEAT] = Seat(code, key=key)


def held(path: str) -> dict:
    """What only the student's own hands change: the page they are on and the value in each widget bound to a view
    parameter the class shares (a run cut short by the next lecture, or a page clamping a value, changes neither;
    a choice widget holding a stale label holds nothing)."""
    values = {name: bind.widget_value(name) for name, p in PARAMS.items() if not p.personal}
    return {"page": path} | {name: value for name, value in values.items() if value is not None}


def moved(before: dict, now: dict) -> bool:
    """Whether the student's hands moved anything between two `held`s: another page, or another value in a widget
    both hold (a widget comes and goes with its page without anyone touching it)."""
    return any(now[key] != value for key, value in before.items() if key in now)


def lectured() -> bool:
    """Whether the class link asked for this run (a new lecture): then no widget holds a change of the student's (a
    page the last lecture cut short may have left a widget reset, as a slider whose range shrank with the sentence;
    a click of the student's asks for its own run)."""
    return (st.session_state.get("class_link") or {}).get("lecture") is not None


def typed() -> bool:
    """Whether the student typed in the sentence box since the last run (the box reports only what is typed)."""
    box = st.session_state.get(f"sentence_{st.session_state.get('sentence_gen', 0)}")
    return isinstance(box, dict) and box.get("value") is not None and box["value"] != state.get("sentence")


def headers() -> dict[str, str]:
    """The headers of this session's page request, by lower-case name ({} where there are none, as in AppTest)."""
    try:
        return {str(name).lower(): str(value) for name, value in st.context.headers.items()}
    except Exception:
        return {}


def address() -> str:
    """The address this session's browser connects from (nginx's X-Real-IP behind the proxy on this machine)."""
    peer = st.context.ip_address
    return address_of(peer if isinstance(peer, str) else None, headers())


def browser() -> str:
    """What tells this browser's tabs from others: nginx's al_replica cookie, else the token of Streamlit's XSRF
    cookie (re-masked on each page, the token stays); "" with neither."""
    cookies = st.context.cookies
    kept, raw = cookies.get("al_replica"), cookies.get("_streamlit_xsrf")
    kept = kept if isinstance(kept, str) else ""
    if not kept and isinstance(raw, str):
        from streamlit.web.server.starlette.starlette_app_utils import decode_xsrf_token_string

        try:
            token = decode_xsrf_token_string(raw)[0]
        except Exception:
            token = None
        kept = token.hex() if token else ""
    return kept


def client_id(code: str) -> str:
    """A student's id on a class's stream: the same for every join of this session and of this browser's tabs (a
    rejoin keeps its allowance), and unrelated to the browser's cookie for anyone who sees it."""
    mine = st.session_state.setdefault(_CLIENT, secrets.token_urlsafe(12))
    seed = browser() or mine
    return hashlib.sha256(f"al-class-client:{code}:{seed}".encode()).hexdigest()[:20]


def secure() -> bool:
    """Whether this page was served over https (the lecturer cookie is then `Secure`)."""
    url = st.context.url if isinstance(st.context.url, str) else ""
    return url.startswith("https:") or headers().get("x-forwarded-proto") == "https"


def start(path: str, show_code: bool = True) -> None:
    """Start a class showing this view; the session keeps the lecturer key (and the run shows the join code)."""
    try:
        code, key = classes.store().create(path, shared(state.store()), address=address())
    except classes.Refused as refused:
        notify(str(refused))
        return
    except Exception:
        notify("class.store_down")
        return
    st.session_state[_SEAT] = Seat(code, key=key)
    st.session_state["_class_show_code"] = show_code


def join(typed: str) -> None:
    """Join the class of a typed or linked code (a clear refusal if there is none)."""
    code = classes.normalised(typed)
    if not classes.well_formed(code):
        notify("class.refused_code")
        return
    try:
        lecture = classes.store().lecture(code)
    except Exception:
        notify("class.store_down")
        return
    if lecture is None:
        notify("class.refused_unknown")
        return
    st.session_state[_SEAT] = Seat(code, client="" if state.get("projector") else client_id(code))
    set_status(seat(), following=True, address=address())


def take(s: Seat, lecture: classes.Lecture, path: str) -> None:
    """Take the lecturer's current view (the student's personal parameters kept); turn to the lecturer's page."""
    values = state.store()
    for name, value in followed(values, lecture.params).items():
        if value != values[name]:
            if name == "sentence":
                state.set_sentence(value)
            else:
                state.put(name, value)
            if f"w_{name}" in st.session_state:  # a bound widget, even one this page does not show, holds it too
                st.session_state[f"w_{name}"] = value
    s.seq, s.synced = lecture.seq, held(lecture.page)
    if lecture.page != path:
        from ui.url import url_params

        st.switch_page(f"pages/{lecture.page}.py", query_params=url_params(state.store()) | {"join": s.code})


def set_status(s: Seat, following: bool, address: str | None = None) -> None:
    """A student follows again or explores (on joining: from `address`): told to the lecturer's counts (the
    projector window, no student, is not)."""
    s.following, s.synced = following, None
    if not s.client:
        return
    try:
        classes.store().seen(s.code, s.client, "following" if following else "exploring", address=address)
    except Exception:
        pass  # the counts catch up with the student's next sign of life


def leave(ended: bool = False) -> None:
    """Leave the class (a student) or end it (the lecturer)."""
    s = seat()
    if s is not None and s.lecturer:
        try:
            classes.store().end(s.code, s.key)
        except Exception:
            pass
    st.session_state.pop(_SEAT, None)
    if ended:
        notify("class.ended")


def finish(path: str) -> None:
    """End of a run: the lecturer's view to the class; a student's view remembered, the code kept in the URL."""
    s = seat()
    if s is None:
        return
    if s.lecturer:
        publish(s, path)
        return
    if s.following:
        s.synced = held(path)
    st.query_params["join"] = s.code


def publish(s: Seat, path: str, ask: str | None = None) -> None:
    """Steer the class to this view (a no-op if it already shows it)."""
    try:
        s.seq = classes.store().steer(s.code, s.key, path, lecture_params(s, path), ask).seq
    except classes.Refused:
        leave(ended=True)
    except Exception:
        notify("class.store_down")
    s.gen = st.session_state.get("sentence_gen", 0)


def lecture_params(s: Seat, path: str) -> dict[str, str]:
    """The view this run shows the class. On a live page the browser sends each keystroke and each stroke itself, so
    a sentence typed in the box (not set by the server: same box generation) is the class's already, and so is the
    drawing once the browser has steered since this session's last publish: a rerun that started before the last
    keystrokes or strokes must not send its older text or drawing after them."""
    params = shared(state.store())
    if not state.route():
        return params
    lecture = classes.store().lecture(s.code)
    if lecture is None or lecture.page != path:
        return params
    if st.session_state.get("sentence_gen", 0) == s.gen and "s" in lecture.params:
        params["s"] = lecture.params["s"]
    if lecture.seq > s.seq:
        for name in DRAWING:
            params.pop(name, None)
            if name in lecture.params:
                params[name] = lecture.params[name]
    return params


@per_process(1)
def element():
    """The registered (invisible) class link: the student's event stream, the lecturer's keystrokes."""
    return st.components.v2.component("attention_lab_class", js=JS)


def link(s: Seat, path: str) -> None:
    """The browser side of the seat (ui/static/components/classroom.js); a student's "follow" rerun asks it."""
    from ui.chart import urls

    base = live.base_path()
    data = {"page": path, "seq": s.seq, "following": s.following, "rerun_after": RERUN_AFTER_MS,
            "live_module": urls()[0].replace("/chart.js?", "/live.js?"), "own": own(state.store())}
    if s.lecturer:
        data |= {"steer": base + STEER.format(code=s.code), "kept": kept_cookie(s, secure()), "key": s.key}
    else:
        data |= {"events": base + EVENTS.format(code=s.code) + f"?client={s.client}"}
    element()(data=data, key="class_link", on_lecture_change=lambda: None, on_ended_change=lambda: None)


def kept_cookie(s: Seat, https: bool) -> str:
    """The lecturer cookie classroom.js sets (it adds the path and SameSite): `Secure` on a page served over https,
    so the key never crosses the network in clear."""
    return f"{KEPT}={s.code}:{s.key}" + ("; Secure" if https else "")


def join_url(code: str) -> str:
    """The address students open: this server's, with the code."""
    page = urlsplit(st.context.url or "")
    origin = f"{page.scheme}://{page.netloc}" if page.netloc else ""
    return f"{origin}{live.base_path()}/?join={code}"


def notice() -> None:
    """The pending class message, shown once."""
    pending = st.session_state.pop(_NOTICE, None)
    if pending:
        st.warning(t(pending[0], **pending[1]))
