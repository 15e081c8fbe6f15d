"""The guided tour: every step renders in English and Chinese, formulas carry the sentence's own numbers,
Next/Back move the step in the URL, and the Chinese page shows no English catalogue text."""
import re
from functools import cache

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from lesson import catalogue
from lesson.messages.tour import MESSAGES
from lesson.tour import STEPS, WITH_CHAPTER, facts, later_step, tok
from model.checkpoint import load_bundle
from model.explain import fmt
from model.trace import Trace, run_with_trace
from tests.app.conftest import open_page, specs
from viz.plotly import text as label_text
from viz.plotly import to_plotly

CASES = {"en-zh": "I have a cat", "zh-en": "我有一只猫"}
INDEX = {step.key: i for i, step in enumerate(STEPS)}
FIELD = re.compile(r"\{\w*\}")
NUMBER = r"\(?(-?\d+(?:\.\d+)?(?:\\times10\^\{-?\d+\})?)\)?"


def open_tour(**params) -> AppTest:
    """The tour page after one run of app.py's shell."""
    return open_page("tour", **params)


@cache
def trace_of(model: str, sentence: str) -> Trace:
    """The same trace the page computes (default options), made here independently."""
    return run_with_trace(load_bundle(model), sentence)


def shown_texts(at: AppTest) -> list[str]:
    """Every text on the page outside the shell's inputs: headings, markdown, captions, buttons, notices."""
    elements = [*at.title, *at.header, *at.subheader, *at.markdown, *at.caption, *at.info, *at.warning]
    return [e.value for e in elements] + [b.label for b in at.button]


def figure_texts(at: AppTest) -> list[str]:
    """Titles, axis titles, legend and subplot names of every figure on the page."""
    out = []
    for spec in specs(at):
        layout = spec["layout"]
        out.append(layout.get("title", {}).get("text", ""))
        out += [v["title"]["text"] for k, v in layout.items() if k.startswith(("xaxis", "yaxis")) and "title" in v]
        out += [a["text"] for a in layout.get("annotations", [])] + [d.get("name", "") for d in spec["data"]]
    return out


def english_fragments() -> set[str]:
    """The literal parts (between {fields}) of every English tour message that its Chinese does not share."""
    out = set()
    for entry in MESSAGES.values():
        out |= {p.strip() for p in FIELD.split(entry["en"]) if len(p.strip()) >= 4 and p.strip() not in entry["zh"]}
    return out


def figure_title(n: int, lang: str, trace: Trace) -> str:
    """The title step n's figure has for this trace."""
    return label_text(catalogue.lookup(f"tour.fig.{STEPS[n].key}", lang, head=0, layer=trace.config.N - 1,
                           n=later_step(trace)))


def latex(at: AppTest) -> str:
    """The formula on the page, without its $$ delimiters."""
    assert len(at.latex) == 1
    return at.latex[0].value.strip("$\n")


def number(tex: str) -> float:
    """A number as the tour writes it: 1.23, (-0.40) or 8.9\\times10^{-14}."""
    mantissa, _, exponent = tex.strip("()").partition(r"\times10^")
    return float(mantissa) * 10 ** int(exponent.strip("{}") or 0)


def last_number(formula: str) -> float:
    """The number that ends the formula (its result)."""
    return number(re.search(NUMBER + r"(?:\\end\{gathered\})?$", formula).group(1))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("model", list(CASES))
def test_every_step_renders_with_its_title_figure_and_formula(model, lang):
    trace = trace_of(model, CASES[model])
    at = open_tour(s=CASES[model], model=model, lang=lang)
    leftovers = english_fragments() if lang == "zh" else set()
    for n, step in enumerate(STEPS):
        assert not at.exception, (step.key, [e.value for e in at.exception])
        assert not at.error, (step.key, [e.value for e in at.error])
        assert at.title[0].value == catalogue.lookup(f"tour.{step.key}.title", lang)
        assert catalogue.lookup(f"tour.{step.key}.text", lang, **facts(trace)) in [m.value for m in at.markdown]
        assert [s["layout"]["title"]["text"] for s in specs(at)] == [figure_title(n, lang, trace)]
        assert latex(at)
        found = {f for f in leftovers for shown in shown_texts(at) + figure_texts(at) if f in shown}
        assert not found, (step.key, found)
        if n < len(STEPS) - 1:
            at.button(key="tour_next").click().run()
    assert at.button(key="tour_next").disabled and not at.button(key="tour_back").disabled


@pytest.mark.parametrize("model", list(CASES))
def test_scores_formula_is_the_traces_own_dot_product(model):
    trace = trace_of(model, CASES[model])
    q = trace["encoder.0.self_attn.hook_q"][0, 0].astype(np.float64)  # head 0, first token
    k = trace["encoder.0.self_attn.hook_k"][0, 0].astype(np.float64)
    dot = float(np.dot(q, k))
    formula = latex(open_tour(s=CASES[model], model=model, tour=INDEX["scores"]))
    first = tok(trace.src.tokens[0])
    assert formula.startswith(rf"q_{{{first}}}\cdot k_{{{first}}} = ")
    q0, k0 = re.search(rf"= {NUMBER}\\times{NUMBER}", formula).groups()  # the first product written out
    assert (number(q0), number(k0)) == (pytest.approx(q[0], abs=0.006), pytest.approx(k[0], abs=0.006))
    assert r"\cdots" in formula
    assert last_number(formula) == pytest.approx(dot, abs=0.006)
    assert abs(dot) > 0.01  # a real, non-trivial number


def test_scaling_formula_divides_the_same_score_by_root_d_k():
    trace = trace_of("en-zh", CASES["en-zh"])
    score = float(trace["encoder.0.self_attn.hook_scores"][0, 0, 0])
    formula = latex(open_tour(s=CASES["en-zh"], tour=INDEX["scale"]))
    d_k = trace.config.d_model // trace.config.h
    assert rf"\frac{{{fmt(score)}}}{{\sqrt{{{d_k}}}}}" in formula
    assert last_number(formula) == pytest.approx(score / np.sqrt(d_k), abs=0.006)


@pytest.mark.parametrize("model", list(CASES))
def test_embedding_formula_reads_right_each_product_as_printed(model):
    """E·√d_model = …: each printed entry times √d_model gives the printed product, to its rounding (a row rounded to
    two decimals printed 0.01 · √128 = 0.07)."""
    trace = trace_of(model, CASES[model])
    formula = tex_embedding_of(trace)
    left, right = (re.findall(r"-?\d+\.\d+", part) for part in formula.split(r"\cdot\sqrt{")[1:3])
    d = trace.config.d_model
    row = trace.embedding("source").embed[0]
    assert len(left) == len(right) >= 3
    for a, b, exact in zip(map(float, left), map(float, right), row):
        assert b == pytest.approx(float(exact), abs=0.0051)
        assert a * np.sqrt(d) == pytest.approx(b, abs=0.0051 + 0.0005 * np.sqrt(d))


def tex_embedding_of(trace: Trace) -> str:
    """The embedding step's formula for a trace."""
    return STEPS[INDEX["embedding"]].formula(trace)


@pytest.mark.parametrize("model", list(CASES))
def test_softmax_formula_is_the_first_row_recomputed(model):
    trace = trace_of(model, CASES[model])
    scaled = trace["encoder.0.self_attn.hook_scaled"][0, 0].astype(np.float64)
    weights = np.exp(scaled - scaled.max()) / np.exp(scaled - scaled.max()).sum()
    formula = latex(open_tour(s=CASES[model], model=model, tour=INDEX["softmax"]))
    row = re.search(r"\\mathrm\{softmax\}\\!\\left\(\\left\[(.*?)\\right\]", formula).group(1)
    assert [number(x) for x in row.split(r",\,")[:3]] == pytest.approx(scaled[:3], abs=0.006)
    assert last_number(formula) == pytest.approx(weights[0], rel=0.06, abs=1e-3)


def test_next_and_back_change_the_step_in_the_url():
    at = open_tour(s="I have a cat")
    assert at.button(key="tour_back").disabled and "tour" not in at.query_params
    at.button(key="tour_next").click().run()
    assert at.query_params["tour"] == "1"
    assert at.title[0].value == catalogue.lookup("tour.embedding.title", "en")
    at.button(key="tour_next").click().run()
    assert at.query_params["tour"] == "2"
    at.button(key="tour_back").click().run()
    assert at.query_params["tour"] == "1"
    at.button(key="tour_back").click().run()
    assert "tour" not in at.query_params  # step 0 is the default and leaves the URL
    assert at.title[0].value == catalogue.lookup("tour.tokens.title", "en")


@pytest.mark.parametrize(("raw", "shown"), [("99", len(STEPS) - 1), ("-3", 0), ("abc", 0)])
def test_a_step_outside_the_tour_is_clamped(raw, shown):
    at = open_tour(s="I have a cat", tour=raw)
    assert not at.exception and not at.error
    assert at.title[0].value == catalogue.lookup(f"tour.{STEPS[shown].key}.title", "en")


@pytest.mark.parametrize("sentence", ["", "   "])
def test_an_empty_sentence_shows_the_notice_not_a_traceback(sentence):
    at = open_tour(s=sentence, tour=5)
    assert not at.exception and not at.error
    assert any(i.value == catalogue.lookup("notice.type_sentence", "en") for i in at.info)


@pytest.mark.parametrize("model", ["en-zh", "zh-en", "en-zh-pre"])
@pytest.mark.parametrize("sentence", ["cat", r"a $x_1^2 {y} % # & ~ \ <b>", " ".join(["i eat apples ."] * 20)])
def test_every_step_builds_for_odd_input_with_balanced_latex(model, sentence):
    trace = trace_of(model, sentence)
    for step in WITH_CHAPTER:  # the tour and its chapter After 2017
        to_plotly(step.figure(trace, lambda key, **fields: catalogue.lookup(key, "zh", **fields))).to_json()
        formula = step.formula(trace)
        braces = re.sub(r"\\[{}]", "", formula)
        assert braces.count("{") == braces.count("}"), step.key
        assert "nan" not in formula and "inf" not in formula.replace(r"\infty", ""), step.key


def test_tokens_are_escaped_for_latex():
    assert tok("a_b") == r"\text{a\_b}"
    assert tok("<b>") == r"\text{\textless{}b\textgreater{}}"
    assert tok("{x}") == r"\text{\{x\}}"
    assert tok("50%$#&") == r"\text{50\%\$\#\&}"
    assert tok("^~\\") == r"\text{\textasciicircum{}\textasciitilde{}\textbackslash{}}"
    assert tok("猫") == r"\text{猫}"


def test_scale_step_quotes_this_sentences_scores_before_and_after_dividing():
    trace = trace_of("en-zh", "I have a cat")
    q, k = trace["encoder.0.self_attn.hook_q"][0], trace["encoder.0.self_attn.hook_k"][0]  # (S, d_k)
    raw = q.astype(np.float64) @ k.T.astype(np.float64)
    scaled = raw / np.sqrt(q.shape[1])
    weights = np.exp(scaled - scaled.max(1, keepdims=True))
    weights /= weights.sum(1, keepdims=True)
    f = facts(trace)
    assert abs(float(f["raw_max"]) - np.abs(raw).max()) <= 0.051
    assert abs(float(f["scaled_max"]) - np.abs(scaled).max()) <= 0.051
    assert abs(float(f["top_weight"]) - weights.max(1).mean()) <= 0.0051


def test_softmax_denominator_prints_every_term_or_the_rest_with_its_count():
    """Few keys: every e^{s_j}; many: the four largest and the others summed, labelled with how many they are."""
    from lesson.tour import denominator

    few = np.array([0.5, -1.0, 2.0])
    assert denominator(few).count("e^{") == 3
    many = np.array([3.0, -2.0, 0.5, 1.0, -0.25, 2.0, -1.5])
    tex = denominator(many)
    assert [number(x) for x in re.findall(r"e\^\{" + NUMBER + r"\}", tex)] == [3.0, 0.5, 1.0, 2.0]  # top 4, in order
    rest = np.exp(np.array([-2.0, -0.25, -1.5])).sum()
    summed = re.search(r"\\underbrace\{" + NUMBER + r"\}_\{(\d+)\\times", tex)
    assert number(summed.group(1)) == pytest.approx(rest, abs=0.006) and summed.group(2) == "3"


def test_decoder_step_follows_the_first_row_through_layer_0():
    trace = trace_of("en-zh", CASES["en-zh"])
    formula = latex(open_tour(s=CASES["en-zh"], tour=INDEX["decoder"]))
    y = trace["hook_tgt_input"][0].astype(np.float64)
    outs = [trace["decoder.0.hook_ln1"], trace["decoder.0.hook_ln2"], trace["decoder.0.hook_ln3"]]  # Post-Norm
    want = [np.linalg.norm(y)] + [np.linalg.norm(o[0].astype(np.float64)) for o in outs]
    got = [number(x) for x in re.findall(r"\\rVert = " + NUMBER, formula)]
    assert got == pytest.approx(want, abs=0.006)
    assert r"\mathrm{CrossAttn}" in formula and r"\mathrm{MaskedSelfAttn}" in formula
    assert INDEX["decoder"] < INDEX["mask"]


def test_next_token_is_conditioned_on_the_source_too():
    trace = trace_of("en-zh", CASES["en-zh"])
    formula = latex(open_tour(s=CASES["en-zh"], tour=INDEX["next_token"]))
    assert rf"\mid \text{{\textless{{}}bos\textgreater{{}}}},\, x_{{1:{len(trace.src.tokens)}}})" in formula
