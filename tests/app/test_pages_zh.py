"""Every page in Chinese (?lang=zh): it runs, shows none of the English page texts, and titles its figures and
axes with the Chinese catalogue values."""
import html
import json
import re

import pytest

from lesson import catalogue, messages
from lesson.messages import pages as page_messages
from model.checkpoint import CHECKPOINT_DIR, load_bundle
from model.decoding import N_LIKELIEST
from tests.app.conftest import MIN_CHARTS, PAGES, by_title, open_page, specs
from ui.notes import NOTE_TITLES

SENTENCE = "I have a cat"
HAN = re.compile(r"[\u4e00-\u9fff]")
FIELD = re.compile(r"\{\w*\}")
FORMULA_TITLES = {"Q = X·W_Q", "K = X·W_K", "V = X·W_V", "W_O", "QKᵀ ÷ √d_k"}  # math, the same in both languages


def zh(key: str, **fields) -> str:
    """The Chinese catalogue value as a figure shows it (the viz layer HTML-escapes titles)."""
    return html.escape(catalogue.lookup(key, "zh", **fields), quote=False)


@pytest.fixture(scope="module")
def zh_pages():
    """Each page opened once in Chinese on the standard sentence."""
    return {name: open_page(name, s=SENTENCE, lang="zh") for name in PAGES}


def rendered_texts(at) -> list[str]:
    """Every user-visible text of the page: elements, widget labels and options, tabs, links, table columns."""
    out = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "warning", "error", "success", "code"):
        out += [str(e.value) for e in getattr(at, kind)]
    for kind in ("toggle", "slider", "text_input", "number_input", "multiselect", "button", "select_slider"):
        out += [e.label for e in getattr(at, kind)]
    examples = catalogue.lookup("header.examples", "zh")
    for box in at.selectbox:  # the examples box lists sentences in the model's source language, not UI text
        out += [box.label] + ([] if box.label == examples else list(box.options))
    for group in at.get("button_group"):
        out += [group.proto.label] + [option.content for option in group.proto.options]
    out += [tab.label for tab in at.tabs]
    out += [link.proto.label for link in at.get("page_link")]
    for frame in at.dataframe:
        out += [str(c) for c in frame.value.columns]
    return out


def figure_texts(spec: dict) -> list[str]:
    """Title, axis, legend, colour-bar, annotation and trace-name texts of one figure."""
    layout = spec["layout"]
    parts = [layout.get("title", {})]
    parts += [part.get("title", {}) for name, part in layout.items()
              if name.startswith(("xaxis", "yaxis")) or name == "legend"]
    parts.append(layout.get("coloraxis", {}).get("colorbar", {}).get("title", {}))
    parts += [trace.get("colorbar", {}).get("title", {}) for trace in spec["data"]]
    out = [p.get("text", "") if isinstance(p, dict) else str(p) for p in parts]
    out += [note.get("text", "") for note in layout.get("annotations", [])]
    out += [trace["name"] for trace in spec["data"] if "name" in trace]
    return [html.unescape(s) for s in out if s]


CHECKED = {key: entry for module in (page_messages, messages.notes, messages.masks, messages.embeddings,
                                     messages.self_attention, messages.add_norm, messages.paper, messages.bert_gpt,
                                     messages.topics) for key, entry in module.MESSAGES.items()}
CHECKED |= {key: entry for key, entry in messages.common.MESSAGES.items()  # the model names and two header toggles
            if key.startswith(("model.", "header.pinyin", "header.hide_special"))}


def english_pattern(template: str) -> re.Pattern:
    """A regex finding an English message with any field values, not inside a longer word."""
    pieces = FIELD.split(template)
    body = ".+?".join(re.escape(p) for p in pieces)
    return re.compile(r"(?<![A-Za-z_])" + body + r"(?![A-Za-z_])")


def english_leftovers(texts: list[str]) -> list[tuple[str, str]]:
    """(key, text) for every English page message found in the texts: whole-item matches for one-word messages,
    a search inside the text for longer ones."""
    found = []
    for key, entry in CHECKED.items():
        en = entry["en"].strip()
        if en == entry["zh"].strip():
            continue
        if " " not in FIELD.sub("x", en):  # one word ("Layer", "key", "**Translation**"): the whole item
            found += [(key, s) for s in texts if s.strip() == en]
        else:
            pattern = english_pattern(en)
            found += [(key, s) for s in texts if pattern.search(s)]
    return found


def test_no_english_message_is_also_part_of_its_chinese_translation():
    """Guards the leftover check below: an English message inside its own translation would always be found."""
    clashes = [k for k, e in CHECKED.items()
               if e["en"].strip() != e["zh"].strip() and " " in e["en"].strip()
               and english_pattern(e["en"].strip()).search(e["zh"])]
    assert not clashes, clashes


@pytest.mark.parametrize("page_name", PAGES)
def test_page_runs_in_chinese_without_errors(zh_pages, page_name):
    at = zh_pages[page_name]
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert any(HAN.search(h.value) for h in at.header), "the page header is Chinese"
    assert len(specs(at)) >= MIN_CHARTS.get(page_name, 3)


@pytest.mark.parametrize("page_name", PAGES)
def test_no_english_page_text_is_left(zh_pages, page_name):
    at = zh_pages[page_name]
    texts = rendered_texts(at)
    for spec in specs(at):
        texts += figure_texts(spec)
    assert texts
    assert not english_leftovers(texts)


@pytest.mark.parametrize("page_name", PAGES)
def test_hovers_have_no_english_words_from_the_viz_layer(zh_pages, page_name):
    hovers = [trace.get("hovertemplate", "") for spec in specs(zh_pages[page_name]) for trace in spec["data"]]
    hovers += [str(h) for spec in specs(zh_pages[page_name]) for trace in spec["data"]
               for h in trace.get("hovertext", []) if isinstance(trace.get("hovertext"), list)]
    assert not [h for h in hovers if re.search(r"\(masked\)|<br>value =|^query |^key ", h)]


@pytest.mark.parametrize("page_name", PAGES)
def test_chinese_figure_titles_render_as_titles(zh_pages, page_name):
    """Every title is either Chinese or a formula, plain text (no double escaping, no left-over {field}), in the
    CJK-capable font."""
    for spec in specs(zh_pages[page_name]):
        title = spec["layout"].get("title", {})
        shown = title.get("text", "")
        assert shown, "every figure has a title"
        assert HAN.search(shown) or shown in FORMULA_TITLES or shown.startswith("QKᵀ ÷"), shown
        assert not re.search(r"&amp;|&#|\\u|[{}]", shown), shown
        assert "Noto Sans CJK SC" in title["font"]["family"]


def axis_titles(spec: dict) -> tuple[str, str]:
    """(row axis, column axis) titles of a heatmap."""
    return spec["layout"]["yaxis"]["title"]["text"], spec["layout"]["xaxis"]["title"]["text"]


LAYERS = json.loads((CHECKPOINT_DIR / "en-zh" / "config.json").read_text())["N"] - 1  # the last layer (from 0)
LAST_STEP = json.loads((CHECKPOINT_DIR / "en-zh" / "train_log.json").read_text())["snapshots"][-1]["step"]
AN_PLACE = {"where": "编码器第 0 层", "sublayer": "自注意力"}  # Add & Norm's default pick, named in its titles
# figures a page must show, titled from the catalogue (on a page not listed, every title is Chinese: the test above)
EXPECTED_TITLES = {
    "overview": [("ov.tab_encoder", {}), ("ov.tab_decoder", {}), ("ov.tab_cross", {})],
    "embeddings": [("emb.fig_embedding", {}), ("emb.fig_pe_tokens", {}), ("emb.fig_x", {}),
                   ("emb.fig_pe_full", {"length": 32, "d": 64, "base": "10000"}), ("emb.fig_similarity", {})],
    "self_attention": [("sa.fig_x", {}), ("sa.fig_qkv", {"name": "Q", "head": 0}), ("sa.fig_raw", {}),
                       ("sa.fig_masked", {}), ("sa.fig_softmax", {}), ("sa.fig_z", {"head": 0}),
                       ("sa.fig_products", {"query": "i"}), ("sa.fig_weighted", {"query": "i"})],
    "multi_head": [("mh.fig_head_view", {"layer": 0, "head": 0}), ("mh.fig_average", {"h": 4, "layer": 0}),
                   ("mh.fig_concat", {"z_last": "Z₃"}), ("mh.fig_output", {})],
    "masks": [("masks.fig_pad_mask", {"n": 2}), ("masks.fig_enc_weights", {"head": 0}),
              ("masks.fig_dec_weights", {"head": 0}), ("masks.fig_custom_masked", {"head": 0}),
              ("masks.fig_renormalised", {})],
    "decoding": [("dec.fig_likeliest", {"k": N_LIKELIEST}), ("dec.fig_cross_step", {"layer": 0}),
                 ("dec.fig_self_step", {"layer": 0, "head": 0}), ("dec.fig_layer", {"i": 0}),
                 ("dec.fig_layer", {"i": 1})],
    "add_norm": [("an.fig_before", {"what": catalogue.lookup("an.what_post", "zh"), **AN_PLACE}),
                 ("an.fig_after", AN_PLACE),
                 ("an.fig_stats", {})],
    "playground": [("pg.fig_scores", {}), ("pg.fig_weights", {}), ("pg.fig_output", {})],
    "lab_timeline": [("lab.curves", {}),
                     ("lab.fig_grid", {"block": catalogue.lookup("lab.block_encoder", "zh"), "step": LAST_STEP})],
    "lab_knockout": [("ko.fig_importance", {})],
    "lab_pairs": [("mp.fig_first", {"block": catalogue.lookup("ctl.side_encoder", "zh"), "layer": 0, "head": 0}),
                  ("mp.fig_second", {"block": catalogue.lookup("ctl.side_encoder", "zh"), "layer": 0, "head": 0}),
                  ("mp.fig_diff", {})],
    "paper": [("paper.fig_paths", {}), ("paper.fig_conv", {"k": 3}), ("paper.fig_restricted", {"r": 3}),
              ("paper.fig_full", {}), ("paper.fig_time", {}), ("paper.fig_memory", {})],
    "bert_gpt": [("bg.fig_encoder", {}), ("bg.fig_decoder", {})],
    "notes": [("mm.fig_add", {}), ("notes.fig_pe_note", {}), ("notes.fig_pe_paper", {})],
    "before_2017": [("b17.fig_alpha", {}), ("b17.fig_scores", {}), ("b17.fig_qk_weights", {}), ("b17.fig_bleu", {}),
                    ("b17.fig_speed", {}), ("paper.fig_paths", {})],
    "after_2017": [("fl.fig_out", {"t": 1}), ("fl.fig_m", {"t": 1}), ("fl.fig_ell", {"t": 1})],
    "kv_cache": [("kv.fig_work", {}), ("kv.fig_memory", {})],
    "positions": [("pos.fig_long", {})],  # with zh→en the page shows the length chart (the variants are en→zh)
    "sliding_window": [("sw.fig_mask", {"block": catalogue.lookup("ctl.side_encoder", "zh"), "W": 3, "g": 0}),
                       ("sw.fig_field", {"block": catalogue.lookup("ctl.side_decoder", "zh"), "layer": LAYERS})],
}


@pytest.mark.parametrize("page_name", PAGES)
def test_figures_are_titled_with_the_chinese_catalogue_values(zh_pages, page_name):
    titles = by_title(zh_pages[page_name])
    for key, fields in EXPECTED_TITLES.get(page_name, ()):
        assert zh(key, **fields) in titles, (zh(key, **fields), sorted(titles))


def test_expected_titles_name_registered_pages_only():
    assert set(EXPECTED_TITLES) <= set(PAGES), set(EXPECTED_TITLES) - set(PAGES)


def test_self_attention_axes_are_chinese(zh_pages):
    titles = by_title(zh_pages["self_attention"])
    assert axis_titles(titles[zh("sa.fig_softmax")]) == (zh("axis.query_row"), zh("axis.key_col"))
    assert axis_titles(titles[zh("sa.fig_raw")]) == (zh("axis.query_row"), zh("axis.key_col"))
    assert axis_titles(titles[zh("sa.fig_x")]) == (zh("axis.token"), zh("axis.feature"))
    assert axis_titles(titles[zh("sa.fig_z", head=0)]) == (zh("axis.query_token"), zh("axis.dimension"))
    assert axis_titles(titles[zh("sa.fig_products", query="i")]) == (zh("axis.key_token"), zh("axis.dimension"))
    assert titles[zh("sa.fig_softmax")]["data"][0]["colorbar"]["title"]["text"] == "p"
    assert titles[zh("sa.fig_raw")]["data"][0]["colorbar"]["title"]["text"] == zh("viz.value")


def test_grids_head_view_and_bars_use_chinese_names(zh_pages):
    grid = by_title(zh_pages["overview"])[zh("ov.tab_encoder")]
    notes = [a["text"] for a in grid["layout"]["annotations"]]
    assert f"{zh('label.layer', i=0)} · {zh('label.head', i=0)}" in notes
    assert grid["layout"]["yaxis"]["title"]["text"] == zh("axis.query")
    view = by_title(zh_pages["multi_head"])[zh("mh.fig_head_view", layer=0, head=0)]
    notes = [a["text"] for a in view["layout"]["annotations"]]  # annotations are markup, not escaped text
    assert notes == [f"<b>{zh('axis.query')}</b>", f"<b>{zh('axis.key')}</b>"]
    assert view["layout"]["legend"]["title"]["text"] == zh("viz.weight")
    topk = by_title(zh_pages["decoding"])[zh("dec.fig_likeliest", k=N_LIKELIEST)]
    assert topk["layout"]["xaxis"]["title"]["text"] == zh("viz.probability")
    stats = by_title(zh_pages["add_norm"])[zh("an.fig_stats")]
    assert stats["layout"]["yaxis"]["title"]["text"] == zh("viz.mean")
    assert stats["layout"]["yaxis2"]["title"]["text"] == zh("viz.variance")
    assert {t["name"] for t in stats["data"]} == {zh("viz.before_ln"), zh("viz.after_ln")}
    cross = by_title(zh_pages["decoding"])[zh("dec.fig_layer", i=0)]
    assert axis_titles(cross) == (zh("axis.decoder_prediction"), zh("axis.source_key"))


def test_pe_curves_are_labelled_in_chinese(zh_pages):
    spec = json.loads(zh_pages["embeddings"].get("vega_lite_chart")[0].proto.spec)
    encoding = spec["encoding"]
    assert encoding["x"]["title"] == catalogue.lookup("axis.position", "zh")
    assert encoding["color"]["title"] == catalogue.lookup("axis.dimension", "zh")
    assert encoding["color"]["sort"][0] == catalogue.lookup("viz.dim_sin", "zh", d=0)


def choices(at) -> dict[str, list[str]]:
    """Label -> shown options of every segmented control."""
    return {g.proto.label: [o.content for o in g.proto.options] for g in at.get("button_group")}


def test_widget_choices_are_chinese(zh_pages):
    sides = choices(zh_pages["self_attention"])[catalogue.lookup("ctl.block", "zh")]
    assert sides == [catalogue.lookup(f"ctl.side_{s}", "zh") for s in ("encoder", "decoder", "cross")]
    methods = choices(zh_pages["decoding"])[catalogue.lookup("dec.method", "zh")]
    assert methods == [catalogue.lookup(f"dec.{m}", "zh") for m in ("greedy", "sample", "beam")]
    preset = [box for box in zh_pages["playground"].selectbox if box.label == catalogue.lookup("pg.preset", "zh")][0]
    assert preset.options[0] == catalogue.lookup("pg.preset_seed004", "zh", title=NOTE_TITLES[4])


def test_playground_explains_a_bad_cell_in_chinese():
    at = open_page("playground", lang="zh")
    at.session_state["pg_X_0"] = {"edited_rows": {0: {"f1": "abc"}}, "added_rows": [], "deleted_rows": []}
    at.run()
    errors = [e.value for e in at.error]
    error = catalogue.lookup("pg.err_not_number", "zh", name="X", row=1, col=1, text="'abc'")
    expected = catalogue.lookup("pg.invalid", "zh", error=error)
    assert errors == [expected]
    assert not english_leftovers(errors)


def test_architecture_diagram_speaks_chinese(zh_pages):
    """The overview's diagram has every label from the Chinese catalogue and none of the English ones."""
    (dot,) = [g.proto.spec for g in zh_pages["overview"].get("graphviz_chart")]
    labels = {json.loads(m) for m in re.findall(r'label=("(?:[^"\\]|\\.)*")', dot)}  # DOT quoting is JSON's here
    chinese = {k: catalogue.lookup(k, "zh") for k in page_messages.MESSAGES if k.startswith("diagram.")}
    N = load_bundle("en-zh").config.N
    assert labels == {v.format(n=N) if "{n}" in v else v for v in chinese.values()}
    assert not labels & {catalogue.lookup(k, "en").format(n=N) for k in chinese}
