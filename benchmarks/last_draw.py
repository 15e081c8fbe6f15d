"""Keystroke → the last chart draw on the page, in headless Chromium, two builds alternating in one run.

    python -m benchmarks.last_draw --vs /tmp/f5cbc73                        # Self-attention, 16 tokens, 3 rounds
    python -m benchmarks.last_draw --vs /tmp/f5cbc73 --pages self_attention decoding --rounds 4 --keys 20

Beside `benchmarks.latency` (which presses the next key as soon as the page is idle, so the rerun that follows a pause
in typing never runs), this types at a fixed rhythm: a key every `--gap` ms (above ui/live.DEBOUNCE_MS the debounced
rerun runs after every key, and a key may land while it runs). Once the page is idle after the last key, it reads every
"al-draw" mark (ui/static/instrument.js): for each key, keydown → the last draw of the text it made, whoever drew it
(the keystroke route, or a rerun after it). A key drawn more than 500 ms late is listed with its draws, the route's
answer and the websocket frames (a rerun) in between, so a late draw says what drew it.

Each build (this checkout, and `--vs` another checkout's folder) runs its own `streamlit run app.py` with this
checkout's Python; rounds alternate the builds (A B A B …) on one browser, so every figure has a same-run partner on
this shared machine, and the ratios A/B are quoted per round.

Two pages of one build (`--pages before_2017 decoding`, no `--vs`): each page gets a server of its own, so one page
never draws from the traces the other's typing left in the cache (both type the same text), their order alternates
per round, and the ratios first page / second page are quoted per round.
"""
from __future__ import annotations

import argparse
import statistics
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.harness import IDLE, ROOT, launch, streamlit_server
from benchmarks.latency import FIRST_CHART_JS, OBSERVE_JS, PAINTED_JS, TYPED, base_sentence, pct

KEYS_JS = """(() => {
  window.__alKeys = [];
  document.addEventListener('keydown', () => window.__alKeys.push(performance.now()), true);
})()"""
DRAWS_JS = """() => {
  const draws = performance.getEntriesByName('al-draw').map(m => [m.startTime, m.detail ? m.detail.sentence : null]);
  const route = performance.getEntriesByType('resource').filter(r => r.name.includes('/_al/live/'))
    .map(r => [r.startTime, r.responseEnd]);
  return [window.__alKeys, draws, route, window.__alWs.recv];
}"""


@dataclass
class Keys:
    """What one build drew for each key of one round."""

    build: str
    page: str
    last: list[float] = field(default_factory=list)  # ms, keydown → the last draw of the typed sentence
    route: list[float] = field(default_factory=list)  # ms, keydown → the route's answer received
    draws: list[int] = field(default_factory=list)  # draws of the typed sentence per key
    late: list[str] = field(default_factory=list)  # what happened on keys drawn more than 500 ms after the key


def type_keys(browser, url: str, page_name: str, n_keys: int, gap: int, subject: str, build: str) -> Keys:
    """Open `page_name` at a 16-token sentence and type n_keys keys, `gap` ms apart, then wait for the page to be idle
    and read when each typed text was drawn last (a rerun that draws a text after the route did counts)."""
    text = base_sentence(16, subject)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.add_init_script(OBSERVE_JS)
    context.add_init_script(KEYS_JS)
    page = context.new_page()
    page.goto(f"{url}/{'' if page_name == 'overview' else page_name}?" + urllib.parse.urlencode({"s": text}))
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_function(FIRST_CHART_JS, timeout=60_000)
    page.evaluate(PAINTED_JS, [text, 60_000])
    box = page.locator("input.al-sentence__input")
    box.click()
    box.press("End")
    page.wait_for_timeout(1000)
    page.evaluate("() => { window.__alKeys = []; performance.clearMarks('al-draw'); "
                  "performance.clearResourceTimings(); }")
    texts = []
    for ch in (TYPED * 3)[:n_keys]:
        text += ch
        texts.append(text)
        page.keyboard.press(ch if ch != " " else "Space")
        page.wait_for_timeout(gap)
    page.wait_for_timeout(2000)
    page.wait_for_selector(IDLE, timeout=30_000)
    keys, draws, route, frames = page.evaluate(DRAWS_JS)
    context.close()
    out = Keys(build, page_name)
    for k, (typed, t0) in enumerate(zip(texts, keys)):
        mine = [t - t0 for t, sentence in draws if sentence == typed and t >= t0]
        nxt = keys[k + 1] if k + 1 < len(keys) else float("inf")
        answers = [end - t0 for start, end in route if t0 <= start < nxt]
        if not mine:
            out.late.append(f"{typed[-12:]!r}: never drawn")
            continue
        out.last.append(max(mine))
        out.route.append(min(answers) if answers else float("nan"))
        out.draws.append(len(mine))
        if max(mine) > 500:
            reruns = [round(t - t0) for t in frames if t0 <= t <= t0 + max(mine)]
            out.late.append(f"{typed[-12:]!r}: draws at {[round(m) for m in mine]} ms after its key (next key at "
                            f"{round(nxt - t0) if nxt < float('inf') else '-'}), route answer at "
                            f"{[round(a) for a in answers]}, websocket frames at {reruns[:3]}…{reruns[-3:]}")
    return out


def summary(k: Keys) -> str:
    """p50 / p95 of the last draw, the route's answer p50, draws per key."""
    return (f"{k.build:>10s} {k.page:15s} last draw p50 {statistics.median(k.last):5.0f} p95 {pct(k.last, 95):6.0f} "
            f"max {max(k.last):6.0f} ms; route answer p50 {statistics.median(k.route):4.0f} ms; "
            f"draws per key {statistics.mean(k.draws):.1f}")


def main(argv=None) -> None:
    """Alternate the builds for --rounds rounds and print each round's figures and the same-run ratios."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vs", type=Path, default=None, help="another checkout's folder (the build to compare with)")
    ap.add_argument("--pages", nargs="+", default=["self_attention"])
    ap.add_argument("--keys", type=int, default=20)
    ap.add_argument("--gap", type=int, default=1500, help="ms after each key before the next (the rerun runs)")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    builds = [("this", ROOT)] + ([(args.vs.name, args.vs)] if args.vs else [])
    results: list[tuple[int, Keys]] = []
    with sync_playwright() as p:
        browser = launch(p)
        for r in range(args.rounds):
            for name, folder in builds:
                order = args.pages if r % 2 == 0 else args.pages[::-1]
                for pages in ([args.pages] if args.vs else [[page] for page in order]):  # a server per page
                    with streamlit_server(app_dir=folder) as (url, _):
                        for page_name in pages:
                            keys = type_keys(browser, url, page_name, args.keys, args.gap, "we", name)
                            results.append((r, keys))
                            print(f"round {r + 1} {summary(keys)}", flush=True)
                            for line in keys.late:
                                print(f"    late: {line}", flush=True)
        browser.close()
    if len(builds) == 2:
        print("\nSame-run ratios (this / other), last draw p50 and p95, per round:")
        for page_name in args.pages:
            for r in range(args.rounds):
                a, b = (k for rr, k in results if rr == r and k.page == page_name)
                p50 = statistics.median(a.last) / statistics.median(b.last)
                print(f"  {page_name:15s} round {r + 1}: p50 {p50:.2f}×  p95 {pct(a.last, 95) / pct(b.last, 95):.2f}×")
    elif len(args.pages) == 2:
        print(f"\nSame-run ratios ({args.pages[0]} / {args.pages[1]}), last draw p50 and p95, per round:")
        for r in range(args.rounds):
            a, b = (next(k for rr, k in results if rr == r and k.page == page) for page in args.pages[:2])
            print(f"  round {r + 1}: p50 {statistics.median(a.last) / statistics.median(b.last):.2f}×  "
                  f"p95 {pct(a.last, 95) / pct(b.last, 95):.2f}×")


if __name__ == "__main__":
    main()
