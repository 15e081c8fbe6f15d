"""Export: the whole trace as JSON, any matrix as CSV, and an offline HTML handout (each file built on click)."""
from functools import partial

import streamlit as st

from lesson.handout import build_handout, matrix_csv, matrix_frame
from model.trace import Trace, trace_to_json
from ui import bind, data, shell, state, widgets
from ui.i18n import LANGS, t
from ui.view import View
from viz.heatmap import matrix_heatmap

shell.require_app()

st.header(t("export.header"))
st.caption(t("export.intro") + " " + t("export.on_click"))
st.info(t("export.charts_note"), icon=":material/download:")


def download(label: str, build, file_name: str, mime: str, key: str) -> None:
    """A download button whose file is built only when it is clicked (no rerun afterwards)."""
    st.download_button(label, data=build, file_name=file_name, mime=mime, key=key, on_click="ignore",
                       icon=":material/download:")


def trace_section(trace: Trace) -> None:
    """The whole trace as JSON (docs/trace-format.md)."""
    st.subheader(t("export.trace.subheader"))
    st.caption(t("export.trace.caption"))
    download(t("export.trace.button"), partial(trace_to_json, trace), "attention-lab-trace.json",
             "application/json", "export-trace")


def pick_head(n_heads: int, view: View) -> int:
    """Head picker for per-head arrays, bound to the URL's head."""
    return bind.picked(state.keep(view, head=n_heads - 1), st.selectbox, t("export.matrix.head"), "head",
                       options=list(range(n_heads)), format_func=lambda h: t("export.matrix.head_option", head=h)).head


def matrix_section(trace: Trace, view: View) -> None:
    """Any hook's matrix (one head of a per-head array) as labelled CSV, drawn as a heatmap and previewed."""
    st.subheader(t("export.matrix.subheader"))
    names = list(trace.arrays)
    left, right = st.columns([3, 1])
    with left:
        name = bind.choice(st.selectbox, t("export.matrix.hook"), names, "export_hook",
                           lambda n: f"{n}  {tuple(trace[n].shape)}")
    head = 0
    if trace[name].ndim == 3:
        with right:
            head = pick_head(trace[name].shape[0], view)
    vocab = data.bundle(trace.model).tgt_vocab.itos
    frame = matrix_frame(trace, name, head, vocab)
    title = t("export.matrix.fig", name=name + (" · " + t("export.matrix.head_option", head=head)
                                                if trace[name].ndim == 3 else ""))
    with widgets.main_figure():  # presenter view: the matrix the CSV holds, on the stage
        widgets.figure(matrix_heatmap(frame.to_numpy(dtype=float), list(frame.index), list(frame.columns), kind="raw",
                                      title=title, row_title=t("export.matrix.rows"), col_title=t("export.matrix.cols"),
                                      show_values=False, words=view.words()), "export-matrix", view)
    st.caption(t("export.matrix.caption", rows=frame.shape[0], cols=frame.shape[1]))
    st.dataframe(frame, height=min(400, 38 + 35 * len(frame)))
    suffix = f"-head{head}" if trace[name].ndim == 3 else ""
    download(t("export.matrix.button"), partial(matrix_csv, trace, name, head, vocab),
             f"attention-lab-{name}{suffix}.csv", "text/csv", "export-csv")


def handout_section(trace: Trace, view: View) -> None:
    """The guided tour of this sentence as one offline HTML file, in the chosen language."""
    st.subheader(t("export.handout.subheader"))
    st.caption(t("export.handout.caption"))
    codes = list(LANGS)
    language = st.radio(t("export.handout.lang"), codes, index=codes.index(view.lang), format_func=LANGS.get,
                        horizontal=True)
    build = partial(build_handout, trace, language, data.bundle(trace.model).align_weight)
    download(t("export.handout.button"), build, "attention-lab-handout.html", "text/html", "export-handout")


view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    trace_section(trace)
    matrix_section(trace, view)
    handout_section(trace, view)
