"""Lab: minimal pairs — two sentences a word apart, their attention side by side and the aligned difference."""
import streamlit as st

from model.pairs import align_tokens, aligned_difference
from ui import controls, data, shell, state, widgets
from ui.i18n import t, words
from viz.heatmap import matrix_heatmap

shell.require_app()
PRESETS = [("I have a cat", "I have two cats"), ("he likes tea", "he does not like tea"),
           ("you have a cat", "do you have a cat ?"),
           ("my dog is bigger than your cat", "your cat is bigger than my dog")]


def on_preset() -> None:
    """A pair was picked: put its first sentence in the box and its second here."""
    choice = st.session_state.get("mp_preset")
    if choice is not None:
        first, second = PRESETS[choice]
        state.set_sentence(first)
        state.put("pair_sentence", second)
        st.session_state["mp_gen"] = st.session_state.get("mp_gen", 0) + 1
    st.session_state["mp_preset"] = None


def second_sentence() -> str:
    """The preset picker and the second sentence's box (kept in the URL)."""
    c1, c2 = st.columns([2, 3])
    with c1:
        st.selectbox(t("mp.preset"), list(range(len(PRESETS))), index=None, key="mp_preset", on_change=on_preset,
                     format_func=lambda i: " / ".join(PRESETS[i]), placeholder=t("mp.pick"))
    with c2:
        text = st.text_input(t("mp.second"), value=state.get("pair_sentence"), max_chars=state.MAX_CHARS,
                             key=f"mp_text_{st.session_state.get('mp_gen', 0)}")
    return state.put_text("pair_sentence", text)


st.header(t("mp.header"))
st.caption(t("mp.caption"))
def pattern_panel(which: str, run, view, layer: int, head: int) -> None:
    """One sentence's translation and the head's weights, its real mask grey ("first" or "second")."""
    st.markdown(t(f"mp.{which}_label", output=widgets.plain(run.output_text or "∅")))
    widgets.figure(matrix_heatmap(view.pattern[head], view.queries, view.keys, kind="prob", masked=~view.mask,
                                  title=t(f"mp.fig_{which}", layer=layer, head=head),
                                  row_title=t("axis.query_row"), col_title=t("axis.key_col"), words=words()),
                   key=f"mp-{which}")


trace = data.current_trace()
if widgets.need_trace(trace):
    second_text = second_sentence()
    try:
        other = data.trace(trace.model, second_text, data.attn_options(), data.decode_options())
    except ValueError:
        other = None
        st.info(t("mp.no_second"))
    if other is not None:
        side, layer, head = controls.pick_block(trace)
        a, b = trace.attn(side, layer), other.attn(side, layer)
        (rows_a, cols_a), (rows_b, cols_b) = (a.queries, a.keys), (b.queries, b.keys)
        p_a, p_b = a.pattern[head], b.pattern[head]
        diff, unmatched = aligned_difference(p_a, p_b, align_tokens(rows_a, rows_b), align_tokens(cols_a, cols_b))
        c1, c2, c3 = st.columns(3)
        for col, which, run, view in ((c1, "first", trace, a), (c2, "second", other, b)):
            with col:
                pattern_panel(which, run, view, layer, head)
        with c3:
            st.markdown("&nbsp;")
            widgets.figure(matrix_heatmap(diff, rows_a, cols_a, kind="signed", masked=unmatched, bound=1.0,
                                          grey=("—", t("mp.unshared")),
                                          title=t("mp.fig_diff"), row_title=t("axis.query_row"),
                                          col_title=t("axis.key_col"), words=words()), key="mp-diff")
