"""Charts readable from the back of a lecture hall: in presenter view no chart text under 18 px (13 px in the ordinary
view), every label of an axis of up to 24 tokens drawn (the chart grows, or fewer charts / maps / panels share a
line; presenter view's stage fits its figure to the first screen instead and thins with the note where 18 px labels
do not fit), longer axes thinned with a note, and no two texts of a chart overlapping (bar values, 64 row labels).

Every fillText on a canvas is recorded (its CSS font size and its ink box, turned with the canvas). The chart kinds
are first drawn in Chromium straight from viz specs (packed by viz.wire, drawn by ui/static/ without the app), then
the app's pages are checked in presenter view at 1280×720 with 24 and 64 tokens."""
from __future__ import annotations

import base64
import re
import urllib.parse
from pathlib import Path

import numpy as np
import pytest

from tests.e2e.helpers import open_app
from ui.payload import PRESENTER_ZOOM
from viz.bars import grouped_bars, layernorm_stats, likeliest_bar
from viz.curves import line_chart, training_curves
from viz.grid import attention_grid
from viz.head_view import head_view
from viz.heatmap import matrix_heatmap
from viz.paths import recurrence_and_attention
from viz.style import ENGLISH, LOOK
from viz.wire import pack

pytestmark = pytest.mark.e2e
STATIC = Path(__file__).resolve().parents[2] / "ui" / "static"
ORIGIN = "http://charts.test"
PRESENTER, ORDINARY = LOOK.min_size_presenter, LOOK.min_size
NOTE = ENGLISH.thinned.split("{n}")[-1].strip()  # "labels shown"

# Wrap fillText: every call on a canvas is kept on the canvas (reset when a draw starts, chart.js's setTransform)
# with its text, its size in CSS px and its ink box's four corners in CSS px (turned text: a turned box).
RECORD_JS = r"""(() => {
  const P = CanvasRenderingContext2D.prototype, setTransform = P.setTransform, fillText = P.fillText;
  P.setTransform = function (...a) {
    if (a.length === 6 && !a[1] && !a[2] && !a[4] && !a[5]) this.canvas.__texts = [];
    return setTransform.apply(this, a);
  };
  P.fillText = function (text, x, y, ...rest) {
    const m = this.getTransform(), dpr = window.devicePixelRatio || 1, t = this.measureText(text);
    const size = parseFloat(/([\d.]+)px/.exec(this.font)[1]) * Math.hypot(m.a, m.b) / dpr;
    const x0 = x - t.actualBoundingBoxLeft, x1 = x + t.actualBoundingBoxRight;
    const y0 = y - t.actualBoundingBoxAscent, y1 = y + t.actualBoundingBoxDescent;
    const corners = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
      .map(([u, v]) => [(m.a * u + m.c * v + m.e) / dpr, (m.b * u + m.d * v + m.f) / dpr]);
    (this.canvas.__texts ||= []).push({ text: String(text), size, corners,
      angle: Math.round(Math.atan2(m.b, m.a) * 180 / Math.PI) });
    return fillText.call(this, text, x, y, ...rest);
  };
})();"""

# Draw a payload's charts (viz.wire bytes, base64) as chart.js does, each on a canvas `width` px wide, with the app's
# font; return per chart its kind, layout box and recorded texts.
DRAW_JS = """async ([b64, width, room]) => {
  const font = new FontFace("Attention Lab Sans", "url(/static/attention-lab-sans.woff2)");
  document.fonts.add(await font.load());
  const { decode } = await import("/static/decode.js");
  const kinds = {};
  for (const [kind, file] of [["heatmap", "heatmap"], ["grid", "grid"], ["bars", "bars"], ["bar_panels", "bar_panels"],
    ["head_view", "head_view"], ["curves", "curves"], ["wirings", "wirings"]]) {
    kinds[kind] = (await import(`/static/${file}.js`)).default;
  }
  const payload = decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
  return payload.charts.map((given) => {
    const canvas = document.createElement("canvas"), ctx = canvas.getContext("2d"), kind = kinds[given.kind];
    // fitted to a stage `room` px high, as chart.js lays a presenter-view chart out (no axis labelled in full)
    const spec = room ? { ...given, height: room / payload.zoom, fit: true, look: { ...given.look, full_labels: 0 } } : given;
    document.body.appendChild(canvas);
    const b = kind.layout(ctx, spec, width, payload.zoom);
    canvas.width = width; canvas.height = Math.round(b.height);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    kind.draw(ctx, spec, b, payload.zoom);
    const box = { left: b.left, top: b.top, plotH: b.plotH };
    return { kind: spec.kind, title: spec.title, height: b.height, box, texts: canvas.__texts };
  });
}"""

# every canvas chart on an app page: its kind, rows and columns (heatmaps), layout box and recorded texts
PAGE_JS = """() => Array.from(document.querySelectorAll('[data-al-chart]')).filter((el) => el.querySelector('canvas'))
  .map((el) => ({ kind: el.__al.spec.kind, title: el.__al.spec.title, texts: el.querySelector('canvas').__texts || [],
    staged: !!el.closest('.st-key-al-stage'),
    rows: el.__al.spec.rows ? el.__al.spec.rows.labels.length : 0,
    cols: el.__al.spec.cols ? el.__al.spec.cols.labels.length : 0,
    rowTicks: el.__al.spec.rows ? el.__al.spec.rows.ticks.length : 0,
    box: el.__al.box && { left: el.__al.box.left, top: el.__al.box.top, plotH: el.__al.box.plotH } }))"""

# the font size of every text Plotly draws in the page's Plotly charts
PLOTLY_FONTS_JS = """() => Array.from(document.querySelectorAll('.js-plotly-plot text'))
  .filter((t) => t.textContent.trim() && t.getBoundingClientRect().width > 0)
  .map((t) => [t.textContent, parseFloat(getComputedStyle(t).fontSize)])"""


def tokens(n: int) -> list[str]:
    """n distinct tokens, so that each drawn label names one row or column."""
    return [f"w{i}" for i in range(n)]


def sentence(n: int) -> str:
    """A sentence of n tokens for the app's English model."""
    return " ".join(("i eat apples every day .".split() * (n // 6 + 1))[:n])


def specs(n: int) -> list:
    """One chart of every canvas kind over n tokens (values like the app's: softmax rows, small bar values)."""
    rng = np.random.default_rng(n)
    toks = tokens(n)
    weights = rng.dirichlet(np.full(n, 0.3), size=n)
    heads = rng.dirichlet(np.full(n, 0.3), size=(2, 4, n))
    return [
        matrix_heatmap(weights, toks, toks, kind="prob", title="weights"),
        matrix_heatmap(rng.normal(size=(n, 96)), toks, [f"x{i}" for i in range(96)], title="X", show_values=False,
                       col_ticks=16, height=300),
        matrix_heatmap(weights[:4], [f"head {h}" for h in range(4)], toks, kind="prob", title="cross"),
        attention_grid(heads, toks, toks, row_names=["L0", "L1"], col_names=["h0", "h1", "h2", "h3"], title="grid"),
        likeliest_bar(toks[:10], np.sort(rng.dirichlet(np.ones(10)))[::-1], chosen=0, title="likeliest"),
        layernorm_stats(rng.normal(0.2, 0.1, n), rng.uniform(0.5, 1, n), rng.normal(0, 0.02, n),
                        rng.uniform(0.9, 1.1, n), toks, title="layernorm"),
        grouped_bars(toks, {"plain": weights[0], "scaled": np.sqrt(weights[0]) / np.sqrt(weights[0]).sum()},
                     title="softmax row", y_title="weight"),
        head_view(weights, toks, toks, title="head view"),
        recurrence_and_attention(toks, title="paths", recurrent=("Recurrent layer", "n operations\npath x₁ → hₙ"),
                                 attention=("Self-attention", "1 operation\npath x₁ → zₙ")),
        training_curves({"default": ([0, 10, 100, 1000], [3.0, 2.0, 1.0, 0.5], [0, 100, 1000], [0.0, 0.4, 0.8])},
                        n, title="training"),
        line_chart(np.arange(1, n + 1), {"attention": weights[0], "scores": weights[1]}, title="cost", x_title="tokens",
                   y_title="ms", log_y=True),
    ]


def draw(page, charts: list, width: int, zoom: float, room: float = 0) -> list[dict]:
    """The charts drawn in Chromium from their specs, `width` CSS px wide at presenter zoom `zoom` (fitted to a
    stage `room` px high, if given)."""
    data = base64.b64encode(pack(charts, zoom=zoom, columns=1, names=[], words={})).decode("ascii")
    return page.evaluate(DRAW_JS, [data, width, room])


@pytest.fixture
def chart_page(page):
    """A blank page that serves ui/static/ (no app) and records canvas text."""
    def serve(route):
        path = urllib.parse.urlparse(route.request.url).path
        if path.startswith("/static/") and (STATIC / path[len("/static/"):]).is_file():
            file = STATIC / path[len("/static/"):]
            kind = {"js": "text/javascript", "woff2": "font/woff2"}.get(file.suffix[1:], "application/octet-stream")
            return route.fulfill(body=file.read_bytes(), content_type=kind)
        return route.fulfill(body="<!doctype html><meta charset=utf-8><body></body>", content_type="text/html")

    page.route(f"{ORIGIN}/**", serve)
    page.add_init_script(RECORD_JS)
    page.goto(f"{ORIGIN}/")
    return page


ROWS = 64  # texts whose edges are taken as axes at once: (ROWS, 4, n, 4) projections in memory


def collisions(texts: list[dict], tolerance: float = 1.0) -> list[tuple[str, str]]:
    """Pairs of drawn texts whose ink overlaps by more than `tolerance` px: convex quadrilaterals that no edge normal
    of either separates (separating axes), every pair at once in NumPy."""
    ink = [t for t in texts if t["text"].strip()]
    quads = np.array([t["corners"] for t in ink], dtype=float).reshape(len(ink), 4, 2)  # (n, 4 corners, x y)
    ends = np.roll(quads, -1, axis=1)  # edge e runs from corner e to corner e + 1
    nx, ny = quads[..., 1] - ends[..., 1], ends[..., 0] - quads[..., 0]  # (n, 4): each edge's normal
    length = np.hypot(nx, ny)  # (n, 4); a zero-length edge gives no axis
    separated = np.zeros((len(ink), len(ink)), dtype=bool)  # [k, m]: an edge normal of text k separates k and m
    with np.errstate(divide="ignore", invalid="ignore"):
        for start in range(0, len(ink), ROWS):
            k = np.arange(start, min(start + ROWS, len(ink)))
            proj = (quads[None, None, :, :, 0] * nx[k, :, None, None] + quads[None, None, :, :, 1] * ny[k, :, None, None]
                    ) / length[k, :, None, None]  # (rows, 4 axes, n texts, 4 corners)
            lo, hi = proj.min(-1), proj.max(-1)  # (rows, 4, n)
            own = np.arange(len(k))
            own_lo, own_hi = lo[own, :, k][..., None], hi[own, :, k][..., None]  # (rows, 4, 1): text k on its axes
            apart = (own_lo >= hi - tolerance) | (lo >= own_hi - tolerance)  # (rows, 4, n)
            separated[k] = (apart & (length[k] != 0)[..., None]).any(1)
    overlap = np.triu(~(separated | separated.T), 1)  # (n, n), each pair once, in the order of the texts
    return [(ink[a]["text"], ink[b]["text"]) for a, b in zip(*np.nonzero(overlap))]


def smallest(texts: list[dict]) -> tuple[float, str]:
    """The smallest text drawn: (CSS px, the text)."""
    return min(((t["size"], t["text"]) for t in texts if t["text"].strip()), default=(99.0, ""))


def noted(texts: list[dict]) -> bool:
    """Whether a text says that labels are thinned."""
    return any(NOTE in t["text"] for t in texts)


def level_labels(texts: list[dict], names: list[str]) -> list[str]:
    """The drawn level texts that are one of `names` (row labels; column labels when they are level)."""
    return [t["text"] for t in texts if t["text"] in names and t["angle"] == 0]


@pytest.mark.parametrize("width,zoom,least", [(1064, PRESENTER_ZOOM, PRESENTER), (1704, PRESENTER_ZOOM, PRESENTER),
                                                (820, 1.0, ORDINARY), (402, 1.0, ORDINARY)])
@pytest.mark.parametrize("n", [4, 24, 64])
def test_every_kind_writes_readable_text_that_never_overlaps(chart_page, n, width, zoom, least):
    failures = []
    for chart in draw(chart_page, specs(n), width, zoom):
        size, text = smallest(chart["texts"])
        if size < least - 0.01:
            failures.append(f"{chart['kind']}: {text!r} at {size:.1f} px < {least}")
        if crossed := collisions(chart["texts"]):
            failures.append(f"{chart['kind']}: overlapping texts {crossed[:6]}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("width,zoom", [(1064, PRESENTER_ZOOM), (820, 1.0)])
def test_axes_of_up_to_24_tokens_label_every_token(chart_page, width, zoom):
    n, toks = 24, tokens(24)
    heat, x, cross, grid, _, stats, softmax, view, paths, *_ = draw(chart_page, specs(n), width, zoom)
    for chart in (heat, grid, stats, softmax, view, cross, x, paths):
        drawn = {t["text"] for t in chart["texts"]}
        assert set(toks) <= drawn, f"{chart['kind']} leaves out {sorted(set(toks) - drawn)}"
    for chart in (heat, grid, stats, softmax, view, cross, paths):
        assert not noted(chart["texts"]), f"{chart['kind']} thins an axis of {n} tokens"
    rows = level_labels(heat["texts"], toks)
    assert len([r for r in rows if r in toks]) >= n, "every query row of the heatmap is labelled"
    assert noted(x["texts"]), "X's 96 features are labelled 1 in k, and the chart says so"


@pytest.mark.parametrize("width,zoom", [(1064, PRESENTER_ZOOM), (820, 1.0)])
def test_64_tokens_are_thinned_with_a_note_and_never_overprint(chart_page, width, zoom):
    heat, x, cross, grid, _, stats, softmax, view, paths, *_ = draw(chart_page, specs(64), width, zoom)
    toks = tokens(64)
    for chart in (heat, x, cross, grid, stats, softmax, view, paths):
        drawn = [t for t in chart["texts"] if t["text"] in toks]
        assert len(drawn) >= 64 or noted(chart["texts"]), f"{chart['kind']}: thinned labels without a note"
        assert not collisions(chart["texts"])
    rows = [t for t in x["texts"] if t["text"] in toks]
    assert 64 / 4 <= len(rows) < 64, "X's 64 rows: thinned, but at least every 4th is labelled"
    row_title = next(t["text"] for t in x["texts"] if NOTE in t["text"] and t["angle"] == -90)
    step = int(re.search(r"1 in (\d+)", row_title)[1])
    assert {t["text"] for t in rows} == {f"w{i}" for i in range(0, 64, step)}, "the note says which are shown"


@pytest.mark.parametrize("zoom", [LOOK.min_size_presenter / LOOK.tick_size, PRESENTER_ZOOM])  # fitted()'s range
@pytest.mark.parametrize("room", [240, 300, 380])  # 240: chart.js's least stage room (STAGE_MIN_PX)
def test_a_heatmap_fitted_to_a_short_stage_keeps_its_turned_axis_title_beside_the_plot(chart_page, room, zoom):
    """A stage chart's plot can be shorter than its rows' turned title and note (64 tokens thinned, a long title
    such as the tour's cross-attention rows): the title wraps into lines beside the plot instead of rising into the
    chart's title above it. Widths as on a 1280 px screen: the tour's figure, two and three charts across."""
    rng = np.random.default_rng(5)
    tour = matrix_heatmap(rng.dirichlet(np.ones(13), size=17), [f"r{i} → 了" for i in range(17)], tokens(13),
                          kind="prob", title="Cross-attention, layer 1, mean over the heads",
                          row_title="decoder input → prediction (query)", col_title="source token (key)")
    masked = matrix_heatmap(rng.normal(size=(64, 64)), tokens(64), tokens(64), title="Masked scores")
    chinese = matrix_heatmap(rng.dirichlet(np.ones(16), size=16), tokens(16), tokens(16), kind="prob",
                             title="交叉注意力，第 1 层，各头的平均", row_title="解码器输入 → 预测（查询）",
                             col_title="源词元（键）")
    failures = []
    for spec, width in ((tour, 720), (masked, 600), (chinese, 400)):
        chart, = draw(chart_page, [spec], width, zoom, room)
        where, b = f"{chart['title']!r} {width}×{room} ×{zoom:.2f}", chart["box"]
        if zoom > LOOK.min_size_presenter / LOOK.tick_size and chart["height"] > room + 0.5:
            continue  # taller than its room: chart.js draws it at a smaller zoom (the least is checked too)
        if crossed := collisions(chart["texts"]):
            failures.append(f"{where}: overlapping {crossed[:4]}")
        for t in (t for t in chart["texts"] if t["angle"] == -90 and not t["text"].startswith("w")):  # axis title
            ys, xs = [y for _, y in t["corners"]], [x for x, _ in t["corners"]]
            if min(ys) < b["top"] - 1 or max(ys) > chart["height"] + 1 or min(xs) < 0 or max(xs) > b["left"]:
                failures.append(f"{where}: turned {t['text']!r} at x {min(xs):.0f}–{max(xs):.0f}, "
                                f"y {min(ys):.0f}–{max(ys):.0f} outside the plot's left side ({b})")
        size, text = smallest(chart["texts"])
        if size < PRESENTER - 0.01:
            failures.append(f"{where}: {text!r} at {size:.1f} px")
    assert not failures, "\n".join(failures)


def test_bar_values_are_the_numbers_and_never_collide(chart_page):
    rng = np.random.default_rng(3)
    values = {"a": rng.dirichlet(np.full(24, 0.2)), "b": rng.dirichlet(np.full(24, 0.2))}
    chart, = draw(chart_page, [grouped_bars(tokens(24), values, title="row")], 1064, PRESENTER_ZOOM)
    written = [t for t in chart["texts"] if re.fullmatch(r"\d\.\d\d", t["text"])]
    assert written, "some values are written"
    every = {f"{v:.2f}" for series in values.values() for v in series}
    assert {t["text"] for t in written} <= every, "a written value is a bar's value"
    assert max(every, key=float) in {t["text"] for t in written}, "the largest value is always written"
    assert not collisions(written) and min(t["size"] for t in written) >= PRESENTER


# --------------------------------------------------------------------------- the app's pages, presenter view
PAGES = ["self_attention", "multi_head", "masks", "decoding", "add_norm", "lab_timeline", "embeddings"]


@pytest.mark.parametrize("n", [24, 64])
def test_presenter_pages_write_18px_text_label_every_row_and_never_overprint(browser, app_url, n):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(RECORD_JS)
    page = context.new_page()
    failures = []
    for name in PAGES:
        open_app(page, f"{app_url}/{name}?" + urllib.parse.urlencode({"s": sentence(n), "presenter": 1}))
        page.wait_for_timeout(300)
        for chart in page.evaluate(PAGE_JS):
            where = f"{name} / {chart['kind']} {chart['title']!r}"
            size, text = smallest(chart["texts"])
            if size < PRESENTER - 0.01:
                failures.append(f"{where}: {text!r} at {size:.1f} px")
            if crossed := collisions(chart["texts"]):
                failures.append(f"{where}: overlapping {crossed[:4]}")
            if chart["kind"] == "heatmap" and chart["rows"] <= 24 and chart["rowTicks"] == chart["rows"]:
                b = chart["box"]
                left = [t for t in chart["texts"] if t["angle"] == 0 and max(x for x, _ in t["corners"]) <= b["left"]
                        and b["top"] <= sum(y for _, y in t["corners"]) / 4 <= b["top"] + b["plotH"]]
                if len(left) < chart["rows"] and not (chart["staged"] and noted(chart["texts"])):
                    failures.append(f"{where}: {len(left)} of {chart['rows']} rows labelled")
        for text, size in page.evaluate(PLOTLY_FONTS_JS):
            if size < PRESENTER - 0.5:
                failures.append(f"{name} / Plotly: {text!r} at {size} px")
    context.close()
    assert not failures, "\n".join(failures)


def test_ordinary_view_keeps_its_sizes_and_never_writes_below_13px(browser, app_url):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(RECORD_JS)
    page = context.new_page()
    failures, sizes = [], set()
    for name in ("self_attention", "masks", "add_norm"):
        open_app(page, f"{app_url}/{name}?" + urllib.parse.urlencode({"s": sentence(24)}))
        page.wait_for_timeout(300)
        for chart in page.evaluate(PAGE_JS):
            sizes |= {round(t["size"], 2) for t in chart["texts"]}
            size, text = smallest(chart["texts"])
            if size < ORDINARY - 0.01:
                failures.append(f"{name} / {chart['title']!r}: {text!r} at {size:.1f} px")
    context.close()
    assert not failures, "\n".join(failures)
    assert {LOOK.tick_size, LOOK.font_size, LOOK.title_size} <= sizes, "the look's own sizes are still the ones used"
