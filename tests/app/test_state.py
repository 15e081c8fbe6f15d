"""URL parameters are checked on entry against their widgets' limits; text is cleaned once. Each parameter is
declared once, as a View field, and the URL parsing, the widget's limits and the View all follow that declaration."""
from dataclasses import fields, make_dataclass

import numpy as np
import pytest

from ui import url
from ui.param import MAX_CHARS, declared, param
from ui.url import clean_text, from_url, validate
from ui.view import PARAMS, View
from ui.views import masks

OK, FIXED = False, True  # whether a notice is expected


@pytest.mark.parametrize(("name", "raw", "want", "notice"), [
    ("layer", "1", 1, OK), ("layer", "1e3", 0, FIXED), ("layer", "abc", 0, FIXED), ("layer", "1" * 40, 0, FIXED),
    ("layer", "99", 47, FIXED), ("layer", "-5", 0, FIXED), ("head", "3", 3, OK),
    ("pe_length", "99999999", 128, FIXED), ("pe_length", "1", 2, FIXED), ("pe_d_model", "5", 6, FIXED),
    ("pe_d_model", "8", 8, OK), ("attn_temperature", "nan", 1.0, FIXED), ("attn_temperature", "inf", 1.0, FIXED),
    ("attn_temperature", "-1", 0.1, FIXED), ("attn_temperature", "2.5", 2.5, OK), ("attn_temperature", "0.3", 0.3, OK),
    ("attn_temperature", "0.33", 0.3, FIXED), ("sample_temperature", "abc", 1.0, FIXED), ("top_k", "51", 50, FIXED),
    ("beam_width", "0", 1, FIXED),
    ("seed", "-" + "9" * 40, 0, FIXED), ("pe_base", "100", 100.0, OK), ("pe_base", "1e2", 100.0, OK),
    ("pe_base", "inf", 10000.0, FIXED), ("pe_base", "-1", 10000.0, FIXED), ("lang", "zh", "zh", OK),
    ("lang", "xx", "en", FIXED), ("block", "cross", "cross", OK), ("block", "I have a cat", "encoder", FIXED),
    ("decode_method", "beam", "beam", OK), ("decode_method", "Beam", "greedy", FIXED),
    ("preset", "random", "random", OK),
    ("renderer", "<script>", "inplace", FIXED), ("scale", "0", False, OK), ("scale", "true", True, OK),
    ("scale", "maybe", True, FIXED), ("presenter", "1", True, OK), ("query", "I have a cat", 0, FIXED),
    ("model", "../../etc", "en-zh", FIXED),
])
def test_values_are_checked_against_the_widget(name, raw, want, notice):
    value, notices = validate(name, raw)
    assert value == want and type(value) is type(PARAMS[name].default)
    assert bool(notices) == notice


def test_every_widget_limit_holds_its_default():
    for name, p in PARAMS.items():
        if p.options is not None:
            assert p.default in p.options, name
        elif p.low is not None:
            assert p.low <= p.default <= p.high, name


def test_a_notice_names_the_parameter_and_the_view_is_kept():
    values, notices = from_url({"s": "you like tea", "layer": "1e3", "head": "2", "lang": "xx", "junk": "1"})
    assert values["sentence"] == "you like tea" and values["head"] == 2
    assert values["layer"] == 0 and values["lang"] == "en"
    assert sorted(n[1]["name"] for n in notices) == ["lang", "layer"]
    assert {n[0] for n in notices} == {"notice.param_dropped"}


def test_links_keep_their_short_names_and_code_reads_the_readable_ones():
    """Every query-string name a link could carry before the readable names still opens the same view."""
    old = {"s", "model", "hf", "side", "layer", "head", "query", "step", "scale", "temp", "decode", "stemp", "topk",
           "seed", "beam", "s2", "pe_d", "pe_base", "pe_len", "preset", "lang", "presenter", "tour", "snap", "ko",
           "ko_mode", "mp", "mask_mode", "pe_on", "shuffle", "pinyin", "renderer"}
    # BERT vs GPT's masked word; Add & Norm's stack and sublayer, the masks page's ticked cells (the keystroke route);
    # After 2017's tile size and tiles done, the sliding window's width, global tokens and blocks, RoPE's pair and the
    # shift of the sentence; the tour's chapter After 2017; hiding special tokens
    later = {"mw", "stack", "sub", "cm", "tile", "ts", "win", "glob", "win_on", "pair", "shift", "more", "nosp"}
    assert old | later <= {p.url for p in PARAMS.values()}
    assert len({p.url for p in PARAMS.values()}) == len(PARAMS), "two parameters share a URL name"
    values, notices = from_url({"s": "a dog", "s2": "a cat", "temp": "2.5", "stemp": "0.5", "topk": "7", "beam": "2",
                                "pe_d": "8", "pe_len": "16", "snap": "3", "ko": "e0.1", "ko_mode": "zero",
                                "mp": "two dogs", "pe_on": "0", "hf": "x"})
    assert notices == []
    assert (values["sentence"], values["second_sentence"], values["pair_sentence"]) == ("a dog", "a cat", "two dogs")
    assert (values["attn_temperature"], values["sample_temperature"], values["top_k"]) == (2.5, 0.5, 7)
    assert (values["beam_width"], values["pe_d_model"], values["pe_length"], values["snapshot"]) == (2, 8, 16, 3)
    assert (values["knockout"], values["knockout_mode"], values["shuffle_with_pe"], values["hf_model"]) == (
        "e0.1", "zero", False, "x")
    assert from_url({"attn_temperature": "2.5"})[0]["attn_temperature"] == 1.0, "the code name is not a URL name"


def test_a_new_control_is_one_declaration(monkeypatch):
    """A parameter added as one View field (here to a copy of View) is read from the URL under its short name,
    checked against its bounds, given to its widget as limits, kept inside a trace's range and held by the View."""
    wider = make_dataclass("Wider", [("zoom", int, param(2, url="z", low=1, high=9))], bases=(View,), frozen=True)
    monkeypatch.setattr(url, "PARAMS", declared(wider))
    values, notices = from_url({"z": "12", "layer": "1"})
    assert (values["zoom"], values["layer"]) == (9, 1)
    assert [(n[0], n[1]["name"], n[1]["high"]) for n in notices] == [("notice.param_clamped", "z", "9")]
    assert from_url({"zoom": "5"})[0]["zoom"] == 2, "the code name is not a URL name"
    assert declared(wider)["zoom"].limits() == {"min_value": 1, "max_value": 9}
    v = wider.of(values)
    assert v.zoom == 9 and "zoom" in {f.name for f in fields(v)} and v.within(zoom=4).zoom == 4
    assert url.url_params(values | {"zoom": 2}).keys() == {"s", "layer"}
    assert "zoom" not in PARAMS, "View itself is unchanged"


def test_the_view_holds_every_parameter_and_nothing_else_of_the_url():
    """The View's declared fields are exactly the URL's parameters, and a View of the defaults equals View()."""
    assert set(PARAMS) == {f.name for f in fields(View)} - {"live", "drafts", "hidden"}
    defaults = {name: p.default for name, p in PARAMS.items()}
    assert View.of(defaults) == View() and hash(View.of(defaults)) == hash(View())
    assert View.of(defaults | {"head": 2}) != View()


def test_within_keeps_an_index_inside_the_trace_and_a_choice_among_options():
    v = View(layer=5, head=3, snapshot=-1, tile=0, block="cross")
    assert v.within(layer=2, head=7).layer == 2 and v.within(layer=2, head=7).head == 3
    assert v.within(snapshot=4).snapshot == -1 and v.within(tile=8).tile == 1, "the declared low holds"
    assert v.within(block=("encoder", "decoder")).block == "encoder" and v.within(block=("cross",)).block == "cross"


def test_a_notice_names_the_parameter_as_the_url_spells_it():
    _, notices = from_url({"temp": "9", "pe_len": "abc"})
    assert sorted((n[0], n[1]["name"]) for n in notices) == [("notice.param_clamped", "temp"),
                                                             ("notice.param_dropped", "pe_len")]


def test_the_url_written_back_uses_the_short_names():
    from tests.app.conftest import open_page

    at = open_page("decoding", s="a cat", stemp="0.5", topk="3", decode="sample")
    assert (at.query_params["stemp"], at.query_params["topk"], at.query_params["s"]) == ("0.5", "3", "a cat")
    assert not {"sample_temperature", "top_k", "sentence"} & set(at.query_params)
    assert at.number_input(key="w_top_k").value == 3
    assert not at.exception


def test_text_is_cleaned_once_with_what_changed_reported():
    text, notes = clean_text("a\ud800b\x00c\u202ed\te")
    assert text == "a\ufffdbcd e"
    assert [n[0] for n in notes] == ["notice.text_unencodable", "notice.text_controls"]
    text.encode("utf-8")  # encodable now
    long, notes = clean_text("猫" * (MAX_CHARS + 50))
    assert long == "猫" * MAX_CHARS and notes == [("notice.text_cut", {"max": MAX_CHARS, "n": MAX_CHARS + 50})]
    assert clean_text("I have a cat") == ("I have a cat", [])


def test_a_toggle_computes_one_trace_not_two(monkeypatch):
    """Switching √d_k scaling off computes the trace once, with the new option, even when the previous trace has
    left the cache (never first with the old option, to be thrown away). The page's finding from the notes on √d_k
    (ui/notes_demos.demo_scale_no_effect) translates the sentence with ÷√d_k and without, side by side: its scaled
    trace is the previous one, evicted here, so it is computed again after the page's, and shown (its box opened: it
    runs only while it is, ui/notes.on_request)."""
    import traceback

    import ui.data
    from tests.app.conftest import open_page

    at = open_page("self_attention", s="a cat and a dog")
    at.session_state["demo_scale_no_effect"] = True
    at.run()
    ui.data.ids_trace.clear()
    seen = []
    real = ui.data.run_with_trace

    def spy(*a, **kw):
        finding = any(frame.name == "demo_scale_no_effect" for frame in traceback.extract_stack())
        seen.append(("finding" if finding else "page", a[3].scale))
        return real(*a, **kw)

    monkeypatch.setattr(ui.data, "run_with_trace", spy)
    at.toggle(key="w_scale").set_value(False).run()
    assert seen == [("page", False), ("finding", True)]
    assert not at.exception


@pytest.mark.parametrize("n", [1, 2, 7, 16, 64, 128])
def test_a_ticked_mask_survives_the_url_whole(n):
    """Any grid of ticks up to 128 × 128 (all ticked, too) is written in the URL and read back cell for cell."""
    rng = np.random.default_rng(n)
    for hidden in (rng.random((n, n)) < 0.3, np.ones((n, n), bool), np.zeros((n, n), bool),
                   np.triu(np.ones((n, n), bool), 1)):
        values, notices = from_url({"cm": masks.encode(hidden)})
        assert notices == []
        assert np.array_equal(masks.ticked(values["custom_mask"], n), hidden)


@pytest.mark.parametrize(("cm", "n", "rows"), [
    ("zz.%.3", 3, [[], [], [0, 1]]), ("FF", 3, [[0, 1, 2], [], []]), ("1." * 200 + "f" * 5000, 2, [[0], [0]]),
    ("..1", 4, [[], [], [0], []])])
def test_a_hostile_mask_link_ticks_only_what_it_can_read(cm, n, rows):
    """Unreadable rows tick nothing, bits beyond the sentence are ignored, an overlong value is cut."""
    values, _ = from_url({"cm": cm})
    assert len(values["custom_mask"]) <= PARAMS["custom_mask"].chars
    assert [np.flatnonzero(r).tolist() for r in masks.ticked(values["custom_mask"], n)] == rows


def test_building_the_runs_view_writes_nothing_and_holds_the_state_as_it_is():
    """The run's View is the view state as the widgets have set it, built without writing anything (nor does reading
    the state); a later write does not change a View already built (it is frozen), and the next build holds it."""
    from streamlit.testing.v1 import AppTest

    def script():
        import streamlit as st

        from ui import state
        state.begin_run()
        state.put("head", 1)
        before = dict(st.session_state)
        first = state.build_view()
        assert (state.get("head"), state.notices(), state.store()["head"]) == (1, [], 1)
        assert dict(st.session_state) == before, "a build, a read writes nothing"
        assert first.head == 1 and first == state.build_view(), "the state as it is"
        state.put("head", 2)
        assert first.head == 1 and state.build_view().head == 2, "a write changes the next build only"
        st.write("ok")

    at = AppTest.from_function(script).run()
    assert not at.exception, [e.message for e in at.exception]
    assert [m.value for m in at.markdown] == ["ok"]


def test_a_picker_hands_the_page_the_view_the_run_would_build_again():
    """state.keep and bind.picked return the View with the kept value and the pick: the View the run would build
    again from what they wrote, so a page never reads it back (and a clamp really changes it)."""
    from streamlit.testing.v1 import AppTest

    def script():
        import streamlit as st

        from ui import bind, state
        state.begin_run()
        state.put("head", 5)
        v = state.build_view()
        kept = state.keep(v, head=1)
        assert (v.head, kept.head) == (5, 1) and kept == state.build_view(), "kept"
        picked = bind.picked(kept, st.slider, "layer", "layer", max_value=1)
        assert picked == state.build_view() and picked.head == 1, "picked"
        st.write("ok")

    at = AppTest.from_function(script).run()
    assert not at.exception, [e.message for e in at.exception]
    assert [m.value for m in at.markdown] == ["ok"]


def view_builds(source: str) -> list[str]:
    """The calls in a module's source that build the run's View from the view state (state.build_view)."""
    import ast

    return [node.func.attr for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and node.func.attr == "build_view"
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "state"]


def test_only_the_shell_builds_the_view():
    """The shell builds the run's View and hands it down: no page and no other module of the app builds it again
    from the view state (a page takes shell.page_view() and its pickers' returns)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    files = sorted([*root.glob("pages/*.py"), *root.glob("ui/**/*.py"), *root.glob("lesson/**/*.py")])
    building = {str(p.relative_to(root)) for p in files if view_builds(p.read_text(encoding="utf-8"))}
    assert building == {"ui/shell.py"}, building
    assert view_builds("v = state.build_view()\nw = View.of(values)\nstate.keep(v, head=1)") == ["build_view"]


def view_reads(source: str) -> list[str]:
    """The view parameters a module's source reads back from the view state (state.get("name") of a View field), its
    calls of data.is_pretrained() ("pretrained"), which reads the model picker's state, and of ui.i18n's lang() and
    words() ("lang"), which read the language's."""
    import ast

    def call_of(node, module: str, name: str) -> bool:
        return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == name
                and isinstance(node.func.value, ast.Name) and node.func.value.id == module)

    tree = ast.parse(source)
    from_i18n = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                 and node.module == "ui.i18n" for alias in node.names if alias.name in ("lang", "words")}
    reads = []
    for node in ast.walk(tree):
        if call_of(node, "state", "get") and node.args and isinstance(node.args[0], ast.Constant):
            reads += [node.args[0].value] if node.args[0].value in PARAMS else []
        elif call_of(node, "data", "is_pretrained"):
            reads.append("pretrained")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in from_i18n:
            reads.append("lang")
    return reads


# Who may still read the view state, and which parameters: the shell's header, which sets it before the View exists
# (ui/shell.py; ui/bind.py's bound widgets read by a variable name; ui/state.py is the state), and the helpers it calls
# there: the model picker's data (is the model pretrained, its id, its source language), the lecture keys, the class's
# entry (session.enter, the Class button, the projector window); t() reads the language where no View is at hand
# (every message). Left over: the projector window's link language (projector.open_button is not handed the class
# row's View), the notes' shuffle button (an on_click callback, run before the script) and the padding demo's second
# sentence (the notes demos get no View).
EVERY = set(PARAMS) | {"pretrained"}
READERS = {"ui/shell.py": EVERY, "ui/state.py": EVERY, "ui/bind.py": EVERY,
           "ui/data.py": {"model", "hf_model", "pretrained"}, "ui/i18n.py": {"lang"},
           "ui/keys.py": {"tour", "tour_chapter"}, "ui/classroom/session.py": {"projector", "sentence"},
           "ui/classroom/projector.py": {"projector", "lang"}, "ui/classroom/bar.py": {"presenter"},
           "ui/notes_demos.py": {"shuffle", "second_sentence"}}


def test_pages_read_the_view_they_are_handed_not_the_view_state():
    """A page and the ui modules it calls take the View the shell hands down (shell.page_view(), a chart's
    charts.view, an argument): none reads a view parameter back from the view state (state.get of a View field,
    data.is_pretrained(), ui.i18n's lang() and words()), but the header's own code before the View is built and the
    few named in READERS."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    files = sorted([*root.glob("pages/*.py"), *root.glob("ui/**/*.py"), *root.glob("lesson/**/*.py")])
    reads = {str(p.relative_to(root)): set(view_reads(p.read_text(encoding="utf-8"))) for p in files}
    stray = {path: sorted(names - READERS.get(path, set())) for path, names in reads.items()
             if names - READERS.get(path, set())}
    assert not stray, stray
    assert view_reads('from ui.i18n import t, words\nstate.get("pinyin")\nstate.get("_draft")\nstate.get(name)\n'
                      'if data.is_pretrained(): pass\nst.session_state.get("head")\nt("x", w=words())') == [
                          "pinyin", "pretrained", "lang"]
    assert {"ui/widgets.py", "pages/overview.py", "ui/classroom/bar.py"} <= reads.keys(), "the scan reads them"


def test_presenter_view_with_a_class_builds_the_view_once_and_its_dialog_draws_in_it(monkeypatch):
    """Presenter view with the lecturer's class button in the sentence row: each run builds its View once, after the
    whole header, and the button's dialog (opened as the class starts) is drawn in that View."""
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import APP
    from ui import state
    from ui.classroom import bar
    from ui.classroom import store as classes

    monkeypatch.setattr(classes, "_STORE", [classes.MemoryStore()])
    built, drawn, build, dialog = [], [], state.build_view, bar.class_dialog
    monkeypatch.setattr(state, "build_view", lambda: built.append(build()) or built[-1])
    monkeypatch.setattr(bar, "class_dialog", lambda s, path, view: drawn.append(view) or dialog(s, path, view))
    at = AppTest.from_file(APP, default_timeout=90)
    for key, value in {"class": "new", "presenter": "1", "s": "I have a cat", "head": "2"}.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert len(built) == 1 and drawn == built, (len(built), len(drawn))
    assert (built[0].presenter, built[0].head) == (True, 2) and at.button(key="class_end"), "the class's dialog"
    built.clear(), drawn.clear()
    at.run()
    assert (len(built), len(drawn)) == (1, 0) and at.button(key="class_open"), "the button, once the dialog is shut"


@pytest.mark.parametrize("presenter", ["0", "1"])
def test_a_class_started_by_a_link_shows_its_code_even_when_the_first_run_is_stopped(monkeypatch, presenter):
    """`?class=new` asks the run for the join code's dialog once; under load a rerun (the page's components sending
    their values) stopped the run before the dialog was drawn, and the ask, already taken, was lost: no code on the
    lecturer's screen (CI of 5ccc4f2). Now the ask stays until the dialog is drawn."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import APP
    from ui.classroom import bar
    from ui.classroom import store as classes

    monkeypatch.setattr(classes, "_STORE", [classes.MemoryStore()])
    drawn, dialog = [], bar.class_dialog

    def stopped_once(s, path, view):
        if not drawn:
            drawn.append("stopped")
            st.stop()  # as a rerun request stops a run at its next Streamlit call
        drawn.append("drawn")
        dialog(s, path, view)

    monkeypatch.setattr(bar, "class_dialog", stopped_once)
    at = AppTest.from_file(APP, default_timeout=90)
    for key, value in {"class": "new", "presenter": presenter, "s": "I have a cat"}.items():
        at.query_params[key] = value
    at.run()
    assert drawn == ["stopped"] and not at.exception
    at.run()
    assert drawn == ["stopped", "drawn"] and at.button(key="class_end"), "the code's dialog, on the next run"
    at.run()
    assert drawn == ["stopped", "drawn"], "and only once"
