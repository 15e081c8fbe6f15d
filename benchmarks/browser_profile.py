"""Where a keystroke's time goes in the browser: a Chrome trace of the main thread, per keystroke and in total.

    python -m benchmarks.browser_profile                       # self_attention, 16 tokens, 8 keystrokes
    python -m benchmarks.browser_profile --page tour --keys 12
    python -m benchmarks.browser_profile --timeline            # also every main-thread task of one keystroke

It types like benchmarks.latency (a sentence the server has never seen per keystroke) with Chrome's tracing on,
then sums the renderer main thread's work from keydown to the last chart draw by what it was: Streamlit's
frontend script (React, emotion, markdown: its /static/js bundle), the chart element's script (/component/),
style and layout, paint and compositor commit, canvas resources, and the rest. Tracing itself slows the page by
roughly a third, so read the shares, not the absolute figures; benchmarks.latency gives the latency.
"""
from __future__ import annotations

import argparse
import collections
import json
import tempfile
import urllib.parse
from pathlib import Path

from benchmarks.harness import IDLE, launch, streamlit_server
from benchmarks.latency import FIRST_CHART_JS, OBSERVE_JS, PAINTED_JS, TYPED, base_sentence

CATEGORIES = ("devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8", "blink")
TASK = "ThreadControllerImpl::RunTask"
KINDS = {  # trace event name -> what it is
    "UpdateLayoutTree": "style + layout", "Document::recalcStyle": "style + layout",
    "LocalFrameView::performLayout": "style + layout", "Layout": "style + layout",
    "Paint": "paint + commit", "PrePaint": "paint + commit", "Commit": "paint + commit",
    "PaintArtifactCompositor::Update": "paint + commit", "Layerize": "paint + commit",
    "Canvas2DResourceProvider::ProduceCanvasResource": "canvas resources",
}


def script_kind(event: dict) -> str:
    """Whose script a FunctionCall / EvaluateScript ran: Streamlit's frontend, the chart element, or other."""
    url = event.get("args", {}).get("data", {}).get("url", "")
    if "/component/" in url:
        return "chart element script"
    return "Streamlit frontend script" if "/static/js/" in url else "other script"


def main_thread(events: list[dict]) -> list[dict]:
    """The renderer main thread's complete events, in time order."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    main = [key for key, name in names.items() if name == "CrRendererMain"]
    return sorted((e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X"),
                  key=lambda e: (e["ts"], -e.get("dur", 0)))


def self_times(events: list[dict], start: float, end: float) -> collections.Counter:
    """Self time (µs) per kind of every event that starts in [start, end): time not spent in a nested event."""
    out, stack = collections.Counter(), []
    for e in events:
        if not start <= e["ts"] < end:
            continue
        while stack and stack[-1][0]["ts"] + stack[-1][0].get("dur", 0) <= e["ts"]:
            stack.pop()
        kind = KINDS.get(e["name"]) or (script_kind(e) if e["name"] in ("FunctionCall", "EvaluateScript") else None)
        kind = kind or (stack[-1][1] if stack else "other (tasks, messages, GC)")
        if stack:
            out[stack[-1][1]] -= e.get("dur", 0)
        out[kind] += e.get("dur", 0)
        stack.append((e, kind))
    return out


def keystrokes(events: list[dict]) -> list[float]:
    """The timestamps (µs) of the keydown events."""
    return [e["ts"] for e in events if e["name"] == "EventDispatch"
            and e.get("args", {}).get("data", {}).get("type") == "keydown"]


def timeline(events: list[dict], start: float, end: float) -> None:
    """Every main-thread task of one keystroke ≥ 0.3 ms: when, how long, and its largest parts."""
    for task in (e for e in events if e["name"] == TASK and start <= e["ts"] < end and e.get("dur", 0) >= 300):
        parts = self_times(events, task["ts"], task["ts"] + task["dur"])
        top = ", ".join(f"{k} {v / 1000:.1f}" for k, v in parts.most_common(3) if v > 0)
        print(f"  {(task['ts'] - start) / 1000:7.1f} ms  +{task['dur'] / 1000:5.1f}  {top}")


def record(page_name: str, tokens: int, n_keys: int, out: Path) -> list[float]:
    """Type n_keys characters on a page with Chrome's tracing on (written to `out`); the painted latencies."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, streamlit_server() as (url, _):
        browser = launch(p)
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.add_init_script(OBSERVE_JS)
        page = context.new_page()
        text = base_sentence(tokens, "we")
        page.goto(f"{url}/{page_name}?" + urllib.parse.urlencode({"s": text}))
        page.wait_for_selector(IDLE, timeout=60_000)
        page.wait_for_function(FIRST_CHART_JS, timeout=60_000)
        page.evaluate(PAINTED_JS, [text, 60_000])
        box = page.locator("input.al-sentence__input")
        box.click()
        box.press("End")
        latencies = []
        for i, ch in enumerate((TYPED * 4)[: n_keys + 3]):
            if i == 3:  # the first keystrokes warm the page's code paths up, untraced
                browser.start_tracing(page=page, path=str(out), categories=list(CATEGORIES))
            text += ch
            page.keyboard.press(ch if ch != " " else "Space")
            ms = page.evaluate(PAINTED_JS, [text, 15_000])
            page.wait_for_selector(IDLE, timeout=30_000)
            page.wait_for_timeout(150)  # the next keystroke's work stays out of this one's window
            latencies += [ms] if i >= 3 else []
        browser.stop_tracing()
        browser.close()
    return latencies


def main(argv=None) -> None:
    """Record and print the breakdown."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--page", default="self_attention")
    ap.add_argument("--tokens", type=int, default=16)
    ap.add_argument("--keys", type=int, default=8)
    ap.add_argument("--timeline", action="store_true", help="also list one keystroke's main-thread tasks")
    args = ap.parse_args(argv)
    out = Path(tempfile.mkstemp(prefix="attention-lab-trace-", suffix=".json")[1])
    latencies = record(args.page, args.tokens, args.keys, out)
    data = json.loads(out.read_text())
    events = main_thread(data["traceEvents"] if isinstance(data, dict) else data)
    downs = keystrokes(events)
    ends = downs[1:] + [downs[-1] + 1e6]
    total = collections.Counter()
    for start, end in zip(downs, ends):
        total += self_times(events, start, end)
    print(f"{args.page}, {args.tokens} tokens, {len(downs)} keystrokes traced; painted p50 "
          f"{sorted(latencies)[len(latencies) // 2]:.0f} ms (with tracing on)")
    print("renderer main thread per keystroke (ms):")
    for kind, us in total.most_common():
        print(f"  {us / 1000 / len(downs):7.1f}  {kind}")
    if args.timeline:
        print(f"main-thread tasks of keystroke {len(downs) // 2} (ms after keydown):")
        timeline(events, downs[len(downs) // 2], ends[len(downs) // 2])
    out.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
