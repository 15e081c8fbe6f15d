"""A session's seat (ui/classroom/session.py) against the in-process store, in Streamlit's AppTest: a student who
leaves and joins again keeps their id, and with it their allowance (issue 54: Leave + rejoin sent 10 sentences in
5.2 s); the lecturer cookie is Secure over https; a lecturer's rerun that started before their last strokes does not
send its older drawing to the class after them."""
import pytest
from streamlit.testing.v1 import AppTest

from ui.classroom import session
from ui.classroom import store as classes


@pytest.fixture
def store():
    classes._STORE[:] = [classes.MemoryStore()]
    yield classes._STORE[0]
    classes._STORE.clear()


def rejoin(code: str) -> None:
    """The script: join, send, leave, join again and send again; the refusal (or "sent") written out."""
    import streamlit as st

    from ui.classroom import session
    from ui.classroom import store as classes

    session.join(code)
    first = session.seat().client
    classes.store().send(code, first, "one")
    session.leave()
    session.join(code)
    st.write(f"same id: {session.seat().client == first}")
    try:
        classes.store().send(code, session.seat().client, "two")
        st.write("sent")
    except classes.Refused as refused:
        st.write(str(refused))


def test_a_student_who_leaves_and_joins_again_keeps_their_id_and_allowance(store):
    code, key = store.create("overview", {}, address="192.0.2.1")
    store.steer(code, key, "overview", {}, ask="Send a sentence")
    app = AppTest.from_function(rejoin, args=(code,)).run(timeout=30)
    assert not app.exception
    assert [m.value for m in app.markdown] == ["same id: True", "class.refused_rate"]


def test_the_lecturer_cookie_is_secure_over_https():
    seat = session.Seat("K7PQ2M", key="secret-key")
    assert session.kept_cookie(seat, https=True) == "al_lecturer=K7PQ2M:secret-key; Secure"
    assert "Secure" not in session.kept_cookie(seat, https=False)


def stale_rerun(code: str, key: str) -> None:
    """The script: a lecturer's rerun on the drawing page publishes while the browser has steered a newer drawing (a
    stroke drawn while the run ran), then a run with nothing steered since its publish; each drawing it sends."""
    import streamlit as st

    from ui import state
    from ui.classroom import session
    from ui.classroom import store as classes

    state.begin_run()
    state.serve("/_al/live/patches")
    state.put("ink", "AAAB")  # the drawing this rerun started with
    seat = session.Seat(code, key=key, seq=classes.store().lecture(code).seq)
    classes.store().steer(code, key, "patches", {"s": "I have a cat", "ink": "AAABCC", "occ": "1"})
    session.publish(seat, "patches")
    st.write(f"{classes.store().lecture(code).params.get('ink')} {classes.store().lecture(code).params.get('occ')}")
    state.put("ink", "ZZZZ")  # a drawing the server set (a link): nothing steered since the last publish
    state.put("occlude", "")
    session.publish(seat, "patches")
    st.write(f"{classes.store().lecture(code).params.get('ink')} {classes.store().lecture(code).params.get('occ')}")


def test_a_rerun_that_started_before_the_last_stroke_does_not_send_its_older_drawing(store):
    code, key = store.create("patches", {"s": "I have a cat"}, address="192.0.2.2")
    app = AppTest.from_function(stale_rerun, args=(code, key)).run(timeout=30)
    assert not app.exception, app.exception
    assert [m.value for m in app.markdown] == ["AAABCC 1", "ZZZZ None"]
