"""After 2017: FlashAttention's online softmax, tile by tile on the typed sentence, and the memory it saves."""
import streamlit as st

from model.flash import floats_held
from ui import bind, controls, data, shell, state, widgets
from ui.i18n import t
from ui.payload import answer
from ui.view import View
from ui.views import after_2017 as view_

shell.require_app()


def pick_tiles(n_keys: int, view: View) -> View:
    """Tile size and tiles done, in one row (kept inside the sentence, as the charts show them); returns the view
    with the picks."""
    view = state.keep(view, tile=n_keys)
    with st.container(horizontal=True, gap="large"):
        view = bind.picked(view, st.slider, t("fl.tile"), "tile", max_value=max(2, n_keys), width=360)
        n_tiles = -(-n_keys // max(1, view.tile))  # ⌈n / B⌉
        view = state.keep(view, tile_step=n_tiles)
        if n_tiles > 1:
            view = bind.picked(view, st.slider, t("fl.step"), "tile_step", max_value=n_tiles, width=360)
    return view


st.header(t("fl.header"))
st.caption(t("fl.caption"))
view = shell.page_view()
trace = data.view_trace(view)
if widgets.need_trace(trace, view):
    view = controls.pick_block(trace, view)
    view = pick_tiles(len(trace.attn(view.block, view.layer).keys), view)
    charts = answer(view_.elements, trace, view)  # the keystroke route sends the same charts
    f = view_.flash_view(trace, view)
    tiles = f.tiles
    raised = tiles.rescale[f.step] < 1
    widgets.section(t("fl.tiles_header"), t("fl.after", t=f.step + 1, n=len(tiles.starts),
                                            first=tiles.starts[f.step], last=tiles.end(f.step) - 1,
                                            raised=int(raised.sum()), queries=len(raised),
                                            low=f"{tiles.rescale[f.step].min():.3g}") + "  \n" + t("fl.update"))
    widgets.show(charts["tiles"], main=True)
    widgets.show(charts["state"])
    st.markdown(t("fl.check", gap=f"{f.final_gap:.1e}"))
    ordinary, tiled = floats_held(4096, trace.config.d_k, f.tile)
    st.caption(t("fl.memory", tile=f.tile, ordinary=f"{ordinary:,}", tiled=f"{tiled:,}"))
    widgets.show(charts["memory"])
    widgets.section(t("fl.sinks"), t("fl.sinks_caption"))
    widgets.show(charts["sinks"])
    shares = ", ".join(f"{view.block_label(b)} {view_.first_key_weight(trace, b)[1]:.2f}" for b in view_.BLOCKS)
    st.caption(t("fl.even", shares=shares))
