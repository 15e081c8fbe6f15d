"""The clicker keys (ui/keys.py) read the tour's place from the view state, as the header's bound widgets do, before
the shell builds the run's View: what they read and move is what the tour page then shows."""
from streamlit.testing.v1 import AppTest


def test_the_clicker_moves_the_step_the_tour_page_shows():
    """On the tour, → moves one step past the step the tour page shows (kept inside the tour), ← one back, and the
    console's "Next" names the step the next press shows; past the last step a press leaves the tour."""

    def script():
        import streamlit as st

        from lesson.tour import steps
        from ui import keys, state
        from ui.i18n import t
        from ui.view import View
        from ui.views.tour import last, step_index

        def press(key: str) -> None:
            """keys.lecture_keys on the tour with `key` pressed."""
            pressed, keys.pressed = keys.pressed, lambda: key
            try:
                keys.lecture_keys("tour")
            finally:
                keys.pressed = pressed

        state.begin_run()
        for chapter in (False, True):
            state.put("tour_chapter", chapter)
            state.put("tour", 63)  # beyond the tour: kept at its last step
            v = View.of(state.store())
            assert keys.tour_place() == (step_index(v), last(v)), chapter
            assert keys.coming("tour") == t(f"nav.{keys.neighbour('tour', 1)}"), "after the last step: the next page"
            state.put("tour", 1)
            press("prev")
            assert state.get("tour") == 0
            assert keys.coming("tour") == t(f"tour.{steps(chapter)[1].key}.title")
            press("next")
            press("next")
            assert step_index(View.of(state.store())) == 2
        st.write("ok")

    at = AppTest.from_function(script).run()
    assert not at.exception, [e.message for e in at.exception]
    assert [m.value for m in at.markdown] == ["ok"]
