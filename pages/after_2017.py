"""After 2017: FlashAttention's online softmax, tile by tile on the typed sentence, and the memory it saves."""
import streamlit as st

from model.flash import floats_held
from ui import bind, controls, data, shell, state, widgets
from ui.i18n import t
from ui.payload import answer
from ui.views import after_2017 as view_

shell.require_app()


def pick_tiles(n_keys: int) -> None:
    """Tile size and tiles done, in one row (kept inside the sentence, as the charts show them)."""
    state.within(tile=n_keys)
    with st.container(horizontal=True, gap="large"):
        bind.bound(st.slider, t("fl.tile"), "tile", max_value=max(2, n_keys), width=360)
        n_tiles = -(-n_keys // max(1, state.get("tile")))  # ⌈n / B⌉
        state.within(tile_step=n_tiles)
        if n_tiles > 1:
            bind.bound(st.slider, t("fl.step"), "tile_step", max_value=n_tiles, width=360)


st.header(t("fl.header"))
st.caption(t("fl.caption"))
trace = data.current_trace()
if widgets.need_trace(trace):
    block, layer, _ = controls.pick_block(trace)
    pick_tiles(len(trace.attn(block, layer).keys))
    view = state.view_state()
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
