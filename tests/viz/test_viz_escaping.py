"""User text never reaches Plotly as markup: tokens are HTML-escaped in ticks, hovers, titles and labels."""
import numpy as np

from viz.bars import likeliest_bar
from viz.grid import attention_grid
from viz.head_view import head_view
from viz.heatmap import matrix_heatmap
from viz.paths import recurrence_and_attention
from viz.plotly import to_plotly

EVIL = "<img src=x onerror=alert(1)>"
SAFE = "&lt;img src=x onerror=alert(1)&gt;"


def all_strings(obj):
    """Every string inside a nested dict/list."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from all_strings(v)
    elif isinstance(obj, (list, tuple, np.ndarray)):
        for v in obj:
            yield from all_strings(v)


def test_heatmap_escapes_ticks_hover_and_title():
    fig = to_plotly(matrix_heatmap(np.eye(2), [EVIL, "b"], ["a", EVIL], title=f"q({EVIL})")).to_dict()
    strings = list(all_strings(fig))
    assert not any("<img" in s for s in strings)
    assert SAFE in fig["layout"]["yaxis"]["ticktext"] and SAFE in fig["layout"]["xaxis"]["ticktext"]
    assert SAFE in fig["layout"]["title"]["text"]
    assert SAFE in fig["data"][0]["y"] and SAFE in fig["data"][0]["x"]  # hover shows these category names


def test_grid_headview_bars_and_paths_escape_tokens():
    p = np.full((1, 1, 2, 2), 0.5)
    figs = [to_plotly(attention_grid(p, [EVIL, "a"], [EVIL, "a"], row_names=["L0"], col_names=["h0"])),
            to_plotly(head_view(p[0, 0], [EVIL, "a"], [EVIL, "a"])),
            to_plotly(likeliest_bar([EVIL, "a"], [0.6, 0.4], chosen=EVIL)),
            to_plotly(recurrence_and_attention([EVIL, "a"], title=EVIL, recurrent=(EVIL, EVIL), attention=(EVIL, EVIL),
                                               recurrent_hover="{name} " + EVIL))]
    for fig in figs:
        strings = list(all_strings(fig.to_dict()))
        assert not any("<img" in s for s in strings)
        assert any(SAFE in s for s in strings)
