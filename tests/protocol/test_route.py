"""The keystroke route (ui/route.py): GET /_al/live/<page> answers exactly the chart payloads the page's rerun sends,
with the model's own numbers, for any query string a browser or a stranger can send, and never mixes requests."""
import http.client
import json
import random
import struct
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from benchmarks.protocol import Run, Session, run
from model.checkpoint import available_models, load_bundle
from model.trace import run_with_trace
from model.transformer import AttnOptions
from tests.protocol.conftest import PAGES
from tests.protocol.test_fuzz import hostile_query
from tests.protocol.test_sessions import OBJECTS, SUBJECTS, marker
from ui.param import MAX_CHARS
from ui.registry import BY_PATH
from ui.registry import PAGES as REGISTERED
from ui.view import PARAMS
from viz.wire import MAGIC

LIVE = [p.path for p in REGISTERED if p.live]

ROUTE = "/_al/live/{page}"
CHART = "attention_lab_chart"  # the chart element's component name (ui/chart.py)
SENTENCE = "i have two cats and a dog"
ZH_EN = pytest.mark.skipif("zh-en" not in available_models(), reason="no zh-en checkpoint")
NO_HF = pytest.mark.skipif("hf" not in PARAMS["model"].options, reason="no Hugging Face extra: model=hf is dropped")


def target(page: str, query: str) -> str:
    """The route's request target for a page and a query string."""
    return ROUTE.format(page=page) + "?" + query


def with_sentence(query: str, sentence: str, previous: str | None = None) -> str:
    """A query string with s set to the sentence (and p to the previous request's text), as live.js asks."""
    params = [(k, v) for k, v in urllib.parse.parse_qsl(query, keep_blank_values=True) if k not in ("s", "p")]
    return urllib.parse.urlencode(params + [("s", sentence)] + ([("p", previous)] if previous is not None else []))


def get(server, request_target: str) -> tuple[int, bytes, float]:
    """GET a request target sent byte for byte as given; (status, body, seconds)."""
    conn = http.client.HTTPConnection(urllib.parse.urlsplit(server.url).netloc, timeout=30)
    start = time.perf_counter()
    try:
        conn.request("GET", request_target)
        response = conn.getresponse()
        return response.status, response.read(), time.perf_counter() - start
    finally:
        conn.close()


def frames(body: bytes) -> list[bytes]:
    """A 200 body's payloads (each uint32 LE length + bytes); AssertionError unless the frames fill it exactly."""
    out, at = [], 0
    while at < len(body):
        assert at + 4 <= len(body), f"a length cut off at byte {at}"
        (n,) = struct.unpack_from("<I", body, at)
        assert at + 4 + n <= len(body), f"a payload of {n} bytes cut off at byte {at}"
        out.append(body[at + 4:at + 4 + n])
        at += 4 + n
    return out


def header(payload: bytes) -> dict:
    """A payload's header JSON (viz/wire.py)."""
    assert payload[:4] == MAGIC, payload[:16]
    (n,) = struct.unpack_from("<I", payload, 4)
    return json.loads(payload[8:8 + n])


def arrays(payload: bytes) -> list[np.ndarray]:
    """A payload's arrays, laid out after the header as viz/wire.py packs them."""
    (n,) = struct.unpack_from("<I", payload, 4)
    dtypes = {"f4": np.dtype("<f4"), "u1": np.dtype("u1")}
    return [np.frombuffer(payload, dtypes[a["dtype"]], int(np.prod(a["shape"])), 8 + n + a["offset"])
            .reshape(a["shape"]) for a in header(payload)["arrays"]]


def by_names(payloads: list[bytes]) -> dict[str, bytes]:
    """Payloads keyed by their charts' names (how live.js finds the element each one is drawn into)."""
    return {"|".join(header(p)["names"]): p for p in payloads}


def page_payloads(rerun: Run) -> list[bytes]:
    """The payload bytes of every chart element a rerun sent."""
    return [el.bytes for _, el in rerun.widgets("bidi_component") if CHART in el.component_name]


def keystrokes(server, page: str, query: str, sentence: str) -> tuple[int, bytes]:
    """The route asked as live.js asks while the sentence's last two characters are typed (p: the text before)."""
    previous = ""
    for text in (sentence[:-2], sentence[:-1], sentence):
        status, body, _ = get(server, target(page, with_sentence(query, text, previous)))
        previous = text
    return status, body


async def open_page(url: str, page: str, query: str, sentence: str) -> tuple[Run, Run, str]:
    """The page opened from a link holding the sentence, and in a second tab opened from the link without it and the
    sentence then typed into the box; returns both reruns and the query string the second tab's URL then holds."""
    async with Session(url) as tab:
        linked = await tab.rerun(page, with_sentence(query, sentence))
    async with Session(url) as tab:
        first = await tab.rerun(page, query)
        tab.set(first.sentence_id(), "json_value", {"value": sentence})
        typed = await tab.rerun()
        return linked, typed, tab.query


VIEWS = ["side=decoder&layer=1&head=3&query=2", "lang=zh", "presenter=true"]
PAGE_VIEWS = {"embeddings": ["pe_d=128&pe_len=100&pe_base=100&shuffle=3&pe_on=false", "shuffle=2&lang=zh&pe_d=7"],
              "lab_pairs": ["mp=I+have+three+dogs&side=cross&layer=1&head=2",
                            "mp=he+does+not+like+tea&side=decoder&head=3&decode=beam&temp=2&lang=zh"],
              "lab_knockout": ["ko=e0.1,c1.3,bogus&ko_mode=zero", "ko_mode=mean&lang=zh&presenter=true"],
              "lab_timeline": ["snap=2&side=cross", "snap=99&side=decoder&lang=zh&presenter=true"],
              "bert_gpt": ["lang=zh", "model=en-zh-pre&decode=beam&presenter=true"],
              "paper": ["lang=zh&model=en-zh-pre", "presenter=true"],
              "masks": ["cm=6.1..ff&head=3&s2=hello+there+friend", "cm=zz.%ff.FFFFFFFFFFFFFFFFFFFFFFFF&lang=zh&s2=",
                        "mask_mode=mul"],
              "notes": ["shuffle=4&mask_mode=mul&pe_on=false&lang=zh"],
              "after_2017": ["side=decoder&layer=1&head=3&tile=3&ts=2",
                             "side=cross&tile=99&ts=0&lang=zh&presenter=true"],
              "before_2017": ["step=3", "step=999&lang=zh&presenter=true", "model=zh-en"],
              "patches": ["ink=KGqG0a.ab&occ=21&layer=2&head=3&query=6",  # a drawing, two patches hidden, a query
                          "ink=%3Cb%3E%FF..gg&occ=zz&layer=9&query=99&lang=zh&presenter=true"],  # hostile values
              "kv_cache": ["step=4&layer=1&head=2", "step=999&head=9&lang=zh&presenter=true"],
              "positions": ["side=decoder&layer=1&head=3&pair=11&shift=8", "pair=999&shift=-1&lang=zh&presenter=true",
                            "model=zh-en"],
              "sliding_window": ["win=1&glob=0&win_on=decoder", "win=99&glob=-3&win_on=encoder&lang=zh&presenter=true"],
              "playground": ["preset=sentence&side=decoder&layer=1&head=3&scale=false&lang=zh",
                             "preset=sentence&model=en-zh-pre&presenter=true"]}
DEFAULT_VIEW = {"playground": "preset=sentence"}  # its other presets do not follow the sentence: 204
CASES = ([(page, DEFAULT_VIEW.get(page, ""), SENTENCE) for page in sorted(LIVE)]
         + [(page, view, SENTENCE) for page, views in PAGE_VIEWS.items() for view in views]
         + [(page, view, SENTENCE) for page in ("self_attention", "multi_head") for view in VIEWS]
         + [("self_attention", "scale=false&temp=2.5", SENTENCE),
            ("patches", "ink=KGqG0a.ab&occ=21", ""),  # its own input: drawn per stroke with the sentence box empty
            pytest.param("self_attention", "model=zh-en", "我有一只猫", marks=ZH_EN),
            pytest.param("multi_head", "model=zh-en&side=cross&layer=1&head=5", "我有一只猫", marks=ZH_EN)])


def assert_same(page: str, answer: tuple[int, bytes], rerun: Run, sentence: str) -> None:
    """The route's answer holds one payload per chart element of the rerun, byte-identical, stamped with the route
    and the sentence."""
    status, body = answer
    assert status == 200
    sent, shown = frames(body), page_payloads(rerun)
    assert len(sent) == len(shown) > 0, "one payload per chart element"
    route, page_side = by_names(sent), by_names(shown)
    assert len(route) == len(sent), "no two payloads for one element"
    assert sorted(k for k in route.keys() | page_side.keys() if route.get(k) != page_side.get(k)) == []
    assert {(header(p)["live"], header(p)["sentence"]) for p in sent} == {(ROUTE.format(page=page), sentence)}


@pytest.mark.parametrize(("page", "query", "sentence"), CASES)
def test_the_route_sends_the_bytes_of_the_pages_rerun(server, page, query, sentence):
    """From a link or typed into the box: the route's payloads are the bytes the page's rerun sends."""
    linked, typed, shown = run(open_page(server.url, page, query, sentence))
    assert linked.exceptions == typed.exceptions == []
    assert_same(page, get(server, target(page, with_sentence(query, sentence)))[:2], linked, sentence)
    assert_same(page, keystrokes(server, page, shown, sentence), typed, sentence)


HOSTILE_LINKS = [("layer=99&head=-3&temp=nan&query=1e9&s=%ff%fe%20cat", "\ufffd\ufffd cat"),
                 ("s=a&s=b+cat&scale=maybe&lang=fr", "b cat"), ("s=%ed%a0%80dog&side=sideways", "\ufffd" * 3 + "dog"),
                 ("s=%E2%80%AEcat%00+is%09here&presenter=1", "cat is here"),
                 ("s=" + "x" * 1000 + "&side=cross&layer=1&head=7&query=99&temp=0.05", "x" * MAX_CHARS)]


@pytest.mark.parametrize("page", ["self_attention", "multi_head"])
@pytest.mark.parametrize(("query", "sentence"), HOSTILE_LINKS)
def test_a_hostile_link_is_read_as_the_page_reads_it(server, page, query, sentence):
    """The same hostile query string (sent as is) gives the route the page's values, cleaned text and bytes."""
    async def opened() -> Run:
        async with Session(server.url) as tab:
            return await tab.rerun(page, query)

    rerun = run(opened())
    assert rerun.exceptions == []
    assert_same(page, get(server, target(page, query))[:2], rerun, sentence)


def expected_pattern(sentence: str, side: str, layer: int, head: int, scale: bool, temp: float):
    """softmax(QKᵀ / (√d_k or 1) / T + mask) in float64 NumPy from the model's own Q and K; and the block's view."""
    attn = run_with_trace(load_bundle("en-zh"), sentence, attn=AttnOptions(scale, temp)).attn(side, layer)
    q, k = attn.q[head].astype(np.float64), attn.k[head].astype(np.float64)
    logits = q @ k.T / (np.sqrt(q.shape[-1]) if scale else 1.0) / temp
    logits = np.where(attn.mask, logits, -np.inf)
    weights = np.exp(logits - logits.max(axis=1, keepdims=True))
    return weights / weights.sum(axis=1, keepdims=True), attn


@pytest.mark.parametrize(("side", "layer", "head", "scale", "temp"), [
    ("encoder", 0, 0, True, 1.0), ("decoder", 1, 3, True, 1.0), ("cross", 1, 2, False, 2.5)])
def test_the_softmax_pattern_is_the_models(server, side, layer, head, scale, temp):
    """Self-attention's softmax chart, decoded from the route's bytes, is the model's attention to ~1e-5."""
    query = f"side={side}&layer={layer}&head={head}&scale={str(scale).lower()}&temp={temp}"
    status, body, _ = get(server, target("self_attention", with_sentence(query, SENTENCE)))
    assert status == 200
    tag = f"{side}-L{layer}-h{head}"
    (payload,) = [p for p in frames(body) if header(p)["names"] == [f"masked-{tag}", f"pattern-{tag}"]]
    spec, data = header(payload)["charts"][1], arrays(payload)
    expected, attn = expected_pattern(SENTENCE, side, layer, head, scale, temp)
    assert spec["rows"]["labels"] == attn.queries and spec["cols"]["labels"] == attn.keys
    np.testing.assert_allclose(data[spec["values"]["array"]], expected, rtol=0, atol=1e-5)
    assert np.array_equal(data[spec["mask"]["array"]].astype(bool), ~attn.mask)
    if side == "decoder":
        assert np.triu(expected, 1).max() == 0 < expected[np.tril_indices_from(expected)].min(), "causal"


def ticked_in_the_editor(url: str, cells: dict[int, list[str]]) -> tuple[Run, str]:
    """Masks opened at SENTENCE, then cells ticked in its grid as the browser sends them (row -> column names); the
    rerun after the ticks and the query string it left in the URL."""
    async def ticks() -> tuple[Run, str]:
        async with Session(url) as tab:
            first = await tab.rerun("masks", with_sentence("head=2", SENTENCE))
            (editor_id, _), = first.widgets("dataframe")
            edits = {"edited_rows": {str(i): dict.fromkeys(cols, True) for i, cols in cells.items()},
                     "added_rows": [], "deleted_rows": []}
            tab.set(editor_id, "string_value", json.dumps(edits))
            return await tab.rerun(), tab.query

    return run(ticks())


def test_the_cells_ticked_by_hand_reach_the_url_and_the_route_draws_their_softmax(server):
    """Ticks in the custom-mask grid go into the URL (cm); the route's answer for that URL is the page's bytes, and
    its renormalised weights are softmax(QKᵀ/√d_k) over the unticked keys, in NumPy, ticked cells grey."""
    cells = {0: ["1:have", "2:two"], 3: ["0:i"], 6: [f"{j}:{tok}" for j, tok in enumerate(SENTENCE.split())]}
    rerun, query = ticked_in_the_editor(server.url, cells)
    assert rerun.exceptions == []
    assert "cm=" in query
    assert_same("masks", get(server, target("masks", query))[:2], rerun, SENTENCE)
    (payload,) = [p for p in page_payloads(rerun) if header(p)["names"] == ["custom-masked", "custom-pattern"]]
    spec, data = header(payload)["charts"][1], arrays(payload)
    attn = run_with_trace(load_bundle("en-zh"), SENTENCE).attn("encoder", 0)
    q, k = attn.q[2].astype(np.float64), attn.k[2].astype(np.float64)  # (S, d_k) each
    hidden = np.zeros((len(SENTENCE.split()),) * 2, dtype=bool)
    for i, cols in cells.items():
        hidden[i, [int(c.split(":")[0]) for c in cols]] = True
    logits = np.where(hidden, -np.inf, q @ k.T / np.sqrt(q.shape[-1]))
    rows = np.exp(logits - logits.max(axis=1, keepdims=True, initial=-1e300))
    with np.errstate(invalid="ignore"):
        expected = np.nan_to_num(rows / rows.sum(axis=1, keepdims=True))  # a row hiding every key: all 0
    np.testing.assert_allclose(data[spec["values"]["array"]], expected, rtol=0, atol=1e-5)
    assert np.array_equal(data[spec["mask"]["array"]].astype(bool), hidden)
    assert expected[6].sum() == 0 and np.allclose(expected[:6].sum(axis=1), 1)


SEED, REQUESTS, MAX_BODY, MAX_TARGET = 20, 400, 2 * 2**20, 32_768
BAD_ESCAPES = ["%ff%fe", "%ed%a0%80", "%c0%af", "%e4%b8", "%zz", "%", "%%41", "%00", "%0a%0d%09", "%e2%80"]
ODD_TEXT = ["\u202e\u2066evil\u2069", "\x00\x1b[31m\x7f\x85", "\ufeff\u200b\u200d", "\U0001d54f" * 600, "猫" * 2000,
            "a " * 5000, "x" * 10_000, "\ue000\uf8ff"]
EXTRAS = ([f"s={urllib.parse.quote(text)}" for text in ODD_TEXT] + [f"s={e}" for e in BAD_ESCAPES]
          + [f"{e}={e}" for e in BAD_ESCAPES]
          + ["layer=1&layer=-1&layer=99999", "head=" + "9" * 400, "temp=1e308", "temp=nan", "query=-inf",
             "s=a&s=b&s=", "unknown=1&=&&", "model=../../etc", "side=cross&side=sideways", "stemp=inf&decode=beam",
             "p=I+have+a+cat", "p=%ff%fe", "p=" + "x" * 10_000, "p=s&s=p&p="])
UNKNOWN = [p for p in PAGES if p not in LIVE] + ["SELF_ATTENTION", "self-attention", "x" * 300, "%e4%b8%ad", "%ff",
                                                 "__init__", "route", "live"]
TRAVERSAL = ["..%2fapp", "..%2f..%2fapp.py", "%2e%2e%2fapp", "..%5capp", "%2e%2e", "..", "self_attention%00"]


def hostile_target(rng: random.Random) -> tuple[str, str]:
    """(page name as sent, request target): mostly a live page, else an unknown or traversal name; a hostile query
    (at most MAX_TARGET bytes: uvicorn drops a longer request head before any route sees it)."""
    while True:
        page = rng.choice(sorted(LIVE)) if rng.random() < 0.8 else rng.choice(UNKNOWN + TRAVERSAL)
        parts = [hostile_query(rng)] + rng.sample(EXTRAS, rng.randint(0, 3))
        rng.shuffle(parts)
        if len(request_target := target(page, "&".join(parts))) <= MAX_TARGET:
            return page, request_target


def trouble(page: str, status: int, body: bytes, seconds: float) -> str:
    """What is wrong with one answer, or "" (its time is reported, not judged: no timing threshold in a test)."""
    if b"Traceback" in body:
        return "a traceback in the body"
    if page not in LIVE:  # Streamlit's path-security middleware refuses a traversal (400) before any route
        return "" if status == 404 or (status == 400 and page in TRAVERSAL) else f"status {status}"
    if status != 200:
        return "" if (status, body) == (204, b"") else f"status {status}, {len(body)} bytes"
    if len(body) > MAX_BODY:
        return f"{len(body)} bytes"
    try:
        heads = [header(p) for p in frames(body)]
    except (AssertionError, ValueError) as e:
        return f"malformed body: {e}"
    bad = [h["names"] for h in heads if h["live"] != ROUTE.format(page=page) or len(h["sentence"]) > MAX_CHARS]
    return f"bad headers {bad}" if bad or not heads else ""


def test_hostile_requests_answer_cleanly(server):
    """Hundreds of hostile requests: 200/204/404 (a traversal: Streamlit's 400), bounded well-framed bodies, no
    traceback, no log error (the slowest answer is printed)."""
    for page in sorted(LIVE):  # first loads of every model, outside the timed requests
        for model in available_models():
            get(server, target(page, f"model={model}&s=I+have+a+cat"))
    rng = random.Random(SEED)
    answers = [(page, request_target, *get(server, request_target))
               for page, request_target in (hostile_target(rng) for _ in range(REQUESTS))]
    problems = [(t[:160], why) for page, t, *answer in answers if (why := trouble(page, *answer))]
    statuses = sorted({status for _, _, status, _, _ in answers})
    print(f"\nroute fuzz: {len(answers)} requests, statuses {statuses}, slowest "
          f"{max(s for *_, s in answers):.2f} s, largest {max(len(b) for *_, b, _ in answers) / 1024:.0f} kB")
    assert problems == []
    assert {200, 204, 404} <= set(statuses), "the fuzz reaches every kind of answer"
    assert server.errors() == []


THREADS, ROUNDS = 30, 3
SIDES = ("encoder", "decoder", "cross")


def sentence_of(c: int, r: int) -> str:
    """Thread c's sentence in round r (with its marker)."""
    return f"{marker(c)} {SUBJECTS[c % 6]} like {OBJECTS[(c + r) % 5]}"


def concurrent_request(c: int, r: int, previous: str | None) -> str:
    """Thread c's request in round r: its own page, view state and sentence; p (a draft hint) as given."""
    view = (f"side={SIDES[c % 3]}&layer={c % 2}&head={c % 8}&query={c % 5}&lang={('en', 'zh')[c % 2]}"
            "&preset=sentence")
    return target(sorted(LIVE)[c % len(LIVE)], with_sentence(view, sentence_of(c, r), previous))


def at_once(server, targets: list[str]) -> list[tuple[int, bytes]]:
    """GET every target at the same moment, one thread each (released together by a barrier)."""
    barrier = threading.Barrier(len(targets))

    def one(request_target: str) -> tuple[int, bytes]:
        barrier.wait()
        return get(server, request_target)[:2]

    with ThreadPoolExecutor(len(targets)) as pool:
        return list(pool.map(one, targets))


def test_concurrent_requests_get_what_a_lone_request_gets(server):
    """30 threads at once, several rounds, each naming another thread's previous sentence as its draft (p): each
    answer is what a lone request without a draft gets afterwards, and holds no other thread's text."""
    answers = {}
    for r in range(ROUNDS):
        others = [sentence_of((c + 1) % THREADS, r - 1) if r else "" for c in range(THREADS)]
        requests = [concurrent_request(c, r, others[c]) for c in range(THREADS)]
        answers |= {(c, r): a for c, a in enumerate(at_once(server, requests))}
    mismatches, leaks = [], []
    for (c, r), (status, body) in answers.items():
        request_target = concurrent_request(c, r, None)
        assert status == 200, request_target
        if (status, body) != get(server, request_target)[:2]:
            mismatches.append((c, r))
        leaks += [(c, r, o) for o in range(THREADS) if o != c and marker(o).encode() in body]
        leaks += [(c, r, "sentence")] if {header(p)["sentence"] for p in frames(body)} != {sentence_of(c, r)} else []
    assert leaks == []
    assert mismatches == []
    assert server.errors() == []


@pytest.mark.parametrize("query", [
    "renderer=naive&s=I+have+a+cat", pytest.param("model=hf&s=I+have+a+cat", marks=NO_HF), "s=", "s=%20%20",
    "s=%00%1b%e2%80%ae%e2%80%8b"])
def test_nothing_to_draw_answers_204(server, query):
    """The naive renderer, a pretrained model, no sentence (empty, or nothing left once cleaned): 204 — but a page
    whose charts read no sentence (its own input: From words to patches' drawing) still draws without one."""
    without_sentence = query.startswith("s=")
    for page in sorted(LIVE):
        status, body = get(server, target(page, query))[:2]
        if without_sentence and not BY_PATH[page].sentence:
            assert status == 200 and body, page
        else:
            assert (status, body) == (204, b""), page


def test_pages_that_are_not_live_answer_404(server):
    """Every page the route does not serve, and unknown names: 404, no body."""
    for page in [p for p in PAGES if p not in LIVE] + ["SELF_ATTENTION", "nope", "self_attention.py"]:
        assert get(server, target(page, "s=I+have+a+cat"))[:2] == (404, b""), page


def test_a_browser_gets_the_answer_gzipped_once_by_the_route(server):
    """With Accept-Encoding: gzip the body is the plain answer gzipped (by the route, at level 1; the same text gives
    the same bytes); without it, the plain answer. Both say that they vary with Accept-Encoding."""
    import gzip

    request_target = target("self_attention", with_sentence("", SENTENCE))
    answers = []
    for accept in ("", "gzip, deflate, br", "gzip, deflate, br"):
        conn = http.client.HTTPConnection(urllib.parse.urlsplit(server.url).netloc, timeout=30)
        try:
            conn.request("GET", request_target, headers={"Accept-Encoding": accept} if accept else {})
            response = conn.getresponse()
            answers.append((response.status, response.getheader("Content-Encoding"), response.getheader("Vary"),
                            response.read()))
        finally:
            conn.close()
    (status, encoding, vary, plain), (_, zipped_encoding, zipped_vary, zipped), (*_, again) = answers
    assert status == 200 and encoding is None and "Accept-Encoding" in vary
    frames(plain)
    assert zipped_encoding == "gzip" and zipped_vary == "Accept-Encoding"
    assert gzip.decompress(zipped) == plain and zipped == again
    assert len(zipped) < 0.7 * len(plain)
