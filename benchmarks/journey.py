"""A seeded random walk through the app in Chromium: ordinary clicks and typing, checked after every step.

Each step picks one ordinary interaction with `random.Random(seed)`: type a sentence (English, Chinese, half-typed,
punctuation, odd text; key by key or fill + Enter; sometimes two at once), switch the UI language (any number of
times, sometimes without waiting), switch the model, pick an option of any select box, click a segmented control /
pills / radio option, move a slider, tick a toggle, press a button (never a download), use a number or text input, a
multiselect, a tab, a grid cell, the "View" popover of presenter view, follow a sidebar or page link, go back, press
→ / ← on the page, open a page by its URL. It waits until the script has finished (and nothing changed for a moment),
then checks:

- no traceback element (`stException`), no "could not be drawn" box (`notice.page_failed`, either language), no
  Streamlit dialog (e.g. "Connection error"; the class's own dialog, which a started class opens, is closed);
- no new error line in the server log (Traceback, Error, Exception, failed) since the previous step;
- no uncaught error and no console error in the page;
- the header agrees with the URL: the language control, the sentence box's label, the model picker's text, and the
  text in the sentence box is the app's sentence (URL s); a select box opened by the walk shows one of its options;
- the run finishes within 45 s, the shell (the sentence box) is there, the server process is alive.

A step whose target vanished in a rerun (a harness race, not an app failure) is logged as skipped, never failed.
A failure raises `JourneyFailure` (an AssertionError) naming the seed, the last 15 steps, the failing check, the
server log's new lines and a screenshot.

    python -m benchmarks.journey --seed 7 --seed 8 --steps 300 [--keep-going] [--echo]

prints a summary per seed (seconds per step, actions, pages visited, skipped steps, failures); --keep-going records
a failure, reopens the page in a fresh context and walks on. The pytest wrapper is tests/e2e/test_journey.py.
"""
from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.harness import IDLE, launch, streamlit_server
from ui.classroom import DIALOG_TITLE
from ui.registry import PATHS

PAGES = list(PATHS)  # every page of the registry
VIEWPORT = {"width": 1400, "height": 1000}

# The app's own failure notice (lesson/messages/common.py, "notice.page_failed"), in both languages.
FAILED_BOX = re.compile(r"could not be drawn|无法绘制此视图")
LOG_ERRORS = re.compile(r"Traceback|Error|Exception|exception|failed")
# Streamlit's data editor logs (and ignores) a pasted cell that is not valid Unicode: not an app error.
LOG_HANDLED = ("Failed to add row. Row addition skipped.", "Failed to apply edit ")
ANSI = re.compile(r"\x1b\[[0-9;]*m")  # Streamlit's rich tracebacks are coloured
CONSOLE_IGNORED = re.compile(r"favicon|ResizeObserver loop")
NOT_AN_OPTION = re.compile(r"Hugging Face|预训练|\bhf\b", re.I)  # the pretrained-model entry: never picked
NOT_A_BUTTON = re.compile(r"download|下载|Hugging Face|^\s*(play_arrow\s*)?(Play|播放)\s*$", re.I)
LANG_BUTTONS = ("English", "中文")
MODEL_LABELS = ("Model", "模型")
MAIN_MODELS = ("English → 中文", "中文 → English", "英语 → 中文", "中文 → 英语")  # picked more often
PRESENTER_LABELS = ("Presenter view", "演示模式")

SENTENCES_EN = ["I have a cat", "why do we work ?", "i eat apples every day .", "we read books at home",
                "he does not like tea .", "do you have a cat ?", "she buys a beautiful flower",
                "what do the students study at school ?", "I read books at school every day",
                "why does he read books ?"]
SENTENCES_ZH = ["我有一只猫", "我们为什么工作？", "我每天吃苹果。", "我们在家读书", "他不喜欢茶。", "你有一只猫吗？",
                "她买一朵漂亮的花", "学生们在学校学习什么？", "他为什么读书？", "我每天在学校读书"]
HALF_TYPED = ["I ha", "why do w", "she buys a beaut", "do you have a c", "wh", "我有一", "我们为什", "学生们在学",
              "她买", "你有一只猫"]
PUNCTUATION = ["?", "!", ".", "...", "，", "。", "？！", "I have a cat!!!", "hello, world.", "“我有”猫", "a-b c'd",
               ",,, ??", "cat.", "(I) [have] {a} cat", "我有一只猫！！", "why?why?why?"]
ODD = ["", " ", "   ", "I 有 a 猫", "xyzzy qwerty", "naïve café Ünïcödé", "123 456 7.5", "😀 cat 🐱",
       "<b>bold</b> & $x^2$ % #", "cat " * 40, "我有一只猫" * 12, "I have a cat " * 8, "a", "猫"]
APPENDS = [" a", " cat", " ?", "!", "s", " 猫", "吗", "？", " every day", " .", "  "]
SECOND_TEXTS = ["you like tea", "I have two cats", "我有两只猫", "", "why ?", "the the the", "她买一朵花", "x" * 30]


class JourneyFailure(AssertionError):
    """The app broke during the walk (the message says how to reproduce it)."""


class Skip(Exception):
    """A step's target disappeared or never became usable: a harness race, not an app failure."""


@dataclass
class Step:
    n: int
    url: str
    action: str
    seconds: float = 0.0
    skipped: str = ""

    def __str__(self) -> str:
        return self.line(70)

    def line(self, width: int = 0) -> str:
        """Step number, the page's path and query before the step (cut to `width`, 0: whole), what was done."""
        path = urllib.parse.unquote_plus(self.url.split("//", 1)[-1].split("/", 1)[-1]) or "/"
        note = f"   [skipped: {self.skipped}]" if self.skipped else ""
        where = f"/{path:<{width}.{width}}" if width else f"/{path}\n        "
        return f"#{self.n:<4} {where}  {self.action}{note}"


@dataclass
class Summary:
    seed: int
    steps: int
    seconds: float
    actions: Counter = field(default_factory=Counter)
    pages: Counter = field(default_factory=Counter)
    skipped: int = 0
    failures: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        per = self.seconds / max(1, self.steps)
        unvisited = [p for p in PAGES if p not in self.pages]
        return "\n".join([
            f"seed {self.seed}: {self.steps} steps in {self.seconds:.1f} s ({per:.2f} s/step), "
            f"{self.skipped} skipped (target gone), {len(self.failures)} failure(s)",
            "actions: " + ", ".join(f"{a} {n}" for a, n in self.actions.most_common()),
            "pages:   " + ", ".join(f"{p} {n}" for p, n in sorted(self.pages.items(), key=lambda x: -x[1]))
            + (f"; never visited: {', '.join(unvisited)}" if unvisited else ""),
        ] + [f"--- failure {i + 1} ---\n{f}" for i, f in enumerate(self.failures)])


WATCH_JS = """() => {
  window.__alJ = {runs: 0, changed: performance.now()};
  const obs = new MutationObserver((muts) => {
    for (const m of muts) {
      window.__alJ.changed = performance.now();
      if (m.target.getAttribute('data-test-script-state') === 'running') window.__alJ.runs++;
    }
  });
  const start = () => obs.observe(document.documentElement, {attributes: true, subtree: true,
                                                            attributeFilter: ['data-test-script-state']});
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
}"""
QUIET_JS = ("q => { const app = document.querySelector('" + IDLE.replace("'", "\\'") + "');"
            " return !!app && !!window.__alJ && performance.now() - window.__alJ.changed > q; }")


# What the header shows, read in one call: the URL's language and model, the language control's selected option, the
# sentence box's label and the model picker's text.
HEADER_JS = """() => {
  const q = new URLSearchParams(location.search);
  const group = Array.from(document.querySelectorAll('[data-testid="stButtonGroup"]')).find(g => {
    const t = Array.from(g.querySelectorAll('button')).map(b => b.innerText.trim()).sort().join('|');
    return t === 'English|中文';
  });
  const on = group ? Array.from(group.querySelectorAll('button'))
    .filter(b => b.getAttribute('aria-checked') === 'true' || b.getAttribute('data-selected') === 'true')
    .map(b => b.innerText.trim()) : null;
  const model = Array.from(document.querySelectorAll('[data-testid="stSelectbox"]')).map(sb => {
    const label = sb.querySelector('[data-testid="stWidgetLabel"]');
    const input = sb.querySelector('input[role="combobox"]');
    const text = (label && label.innerText.trim()) || (input && input.getAttribute('aria-label')) || '';
    return {label: text, value: input ? input.value : null};
  }).find(x => x.label === 'Model' || x.label === '模型');
  const box = document.querySelector('[class*="st-key-sentence_"]');
  const host = box && Array.from(box.querySelectorAll('*')).find(el => el.shadowRoot);
  const root = host ? host.shadowRoot : document;
  const label = root.querySelector('.al-sentence__label'), input = root.querySelector('.al-sentence__input');
  return {lang: q.get('lang') || 'en', model: q.get('model') || 'en-zh', on, s: q.get('s'),
          modelText: model ? model.value : null, sentenceLabel: label ? label.textContent : null,
          box: input ? input.value : null};
}"""


def catalogue() -> dict[str, dict[str, str]]:
    """The app's message catalogue (en / zh), read when a walk starts."""
    from lesson.messages import CATALOGUE

    return CATALOGUE


class Journey:
    """One random walk in one browser context against a running app."""

    def __init__(self, browser, base: str, log: Path, seed: int, shots: Path, alive: Callable[[], bool] = lambda: True,
                 quiet_ms: int = 200, keep_going: bool = False, echo: bool = False):
        self.browser, self.base, self.log, self.seed = browser, base.rstrip("/"), log, seed
        self.shots, self.alive, self.quiet_ms, self.keep_going, self.echo = shots, alive, quiet_ms, keep_going, echo
        self.rng = random.Random(seed)
        self.steps: list[Step] = []
        self.summary = Summary(seed, 0, 0.0)
        self.log_at = log.stat().st_size if log.exists() else 0
        self.errors: list[str] = []
        self.context = self.page = None
        self.visits: Counter = Counter()
        self.ending = False  # the walk's last steps, which go only to pages it has not seen yet
        self.messages = catalogue()
        self.actions: list[tuple[str, float, Callable[[], str]]] = [
            ("type", 20, self.type_sentence), ("type twice", 6, self.type_twice), ("language", 12, self.language),
            ("model", 9, self.model), ("select box", 10, self.select_box), ("segmented/pills", 10, self.button_group),
            ("radio", 3, self.radio), ("slider", 5, self.slider), ("toggle/checkbox", 5, self.checkbox),
            ("presenter", 3, self.presenter), ("button", 5, self.button), ("play/stop", 1, self.play),
            ("nav link", 12, self.nav_link), ("page link", 2, self.page_link), ("back", 4, self.back),
            ("open URL", 4, self.open_url), ("number input", 3, self.number_input), ("text input", 3, self.text_input),
            ("multiselect", 2, self.multiselect), ("tab", 2, self.tab), ("page key", 2, self.page_key),
            ("grid cell", 2, self.grid_cell),
            ("popover", 3, self.in_popover),
        ]

    # ---------------------------------------------------------------- the walk

    def open(self, url: str) -> None:
        """A fresh context and page at url."""
        if self.context is not None:
            self.context.close()
        self.context = self.browser.new_context(viewport=VIEWPORT)
        self.context.add_init_script("(" + WATCH_JS + ")()")
        self.page = self.context.new_page()
        self.page.set_default_timeout(5_000)
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}")
                     if m.type == "error" and not CONSOLE_IGNORED.search(m.text) else None)
        self.page.goto(url, timeout=60_000)
        self.settle(expect_run=True, first=True)

    def run(self, n_steps: int, start: str | None = None) -> Summary:
        """Walk n_steps steps from `start` (a page URL; the overview with a sentence by default)."""
        t0 = time.perf_counter()
        self.n_steps = n_steps
        self.open(start or f"{self.base}/?s=I+have+a+cat")
        self.visit()
        try:
            for n in range(1, n_steps + 1):
                self.step(n)
        finally:
            self.summary.seconds = time.perf_counter() - t0
            self.summary.steps = len(self.steps)
            self.summary.pages = self.visits
            if self.context is not None:
                self.context.close()
        return self.summary

    def step(self, n: int) -> None:
        t0 = time.perf_counter()
        step = Step(n, self.page.url, "")
        self.steps.append(step)
        try:
            self.act(step, n)
            if step.skipped:
                self.summary.skipped += 1
            self.settle(expect_run=not step.skipped)
            self.check(step)
        except JourneyFailure as failure:
            if not self.keep_going or not self.alive():
                raise
            self.summary.failures.append(str(failure))
            self.open(self.page.url if self.page.url.startswith(self.base) else self.base)
            self.log_at = self.log_size()
            self.errors.clear()
        self.visit()
        step.seconds = time.perf_counter() - t0
        if self.echo:
            print(f"{step}  ({step.seconds:.2f} s)", flush=True)

    def act(self, step: Step, n: int) -> None:
        """Pick and do one action (another pick if it finds nothing to act on here)."""
        names = [a[0] for a in self.actions]
        weights = [a[1] for a in self.actions]
        unvisited = [p for p in PAGES if not self.visits[p]]
        self.ending = bool(unvisited) and self.n_steps - n < 2 * len(unvisited)
        if self.ending:  # the walk is ending: make sure it sees every page
            weights = [w if name in ("nav link", "open URL") else 0 for name, w in zip(names, weights)]
        for _ in range(8):
            i = self.rng.choices(range(len(self.actions)), weights)[0]
            step.action = f"{names[i]} (failed while acting)"  # until the action says what it did
            try:
                desc = self.actions[i][2]()
            except Skip as why:
                step.action, step.skipped = names[i], str(why)
                return
            except Exception as err:  # noqa: BLE001 (a Playwright error in the action: its target went away)
                if not is_playwright_error(err):
                    raise
                step.action, step.skipped = names[i], first_line(err)
                return
            if desc is not None:
                step.action = desc
                self.summary.actions[names[i]] += 1
                return
        step.action, step.skipped = "nothing to do", "no target for 8 picks"

    def visit(self) -> None:
        self.visits[self.current_page()] += 1

    def current_page(self) -> str:
        path = urllib.parse.urlparse(self.page.url).path.strip("/")
        return path or "overview"

    # ---------------------------------------------------------------- waiting and checking

    def settle(self, expect_run: bool = True, first: bool = False, timeout: float = 45_000) -> None:
        """Wait until the script has finished and nothing changed for quiet_ms (chained reruns included)."""
        page = self.page
        if first or self.navigated:  # a new document: its first run has drawn the shell
            self.navigated = False
            try:
                page.locator("input.al-sentence__input").wait_for(state="attached", timeout=timeout)
            except Exception as err:  # noqa: BLE001
                if not is_playwright_error(err):
                    raise
                self.fail("the app's shell (the sentence box) never appeared", err)
        elif expect_run:  # give a rerun (or the sentence box's debounce) the chance to start
            if self.typed:  # the box sends its text after a pause in typing (ui/live.py DEBOUNCE_MS = 250)
                self.typed = False
                time.sleep(0.35)
            try:
                page.wait_for_function("r => window.__alJ && window.__alJ.runs > r", arg=self.runs_before,
                                       timeout=700, polling=25)
            except Exception as err:  # noqa: BLE001
                if not is_playwright_error(err):
                    raise
        try:
            page.wait_for_function(QUIET_JS, arg=self.quiet_ms, timeout=timeout, polling=50)
        except Exception as err:  # noqa: BLE001
            if not is_playwright_error(err):
                raise
            self.fail(f"the app did not finish its run within {timeout / 1000:.0f} s", err)
        self.runs_before = page.evaluate("() => window.__alJ ? window.__alJ.runs : 0")

    runs_before = 0
    typed = False
    pending = ""
    n_steps = 0
    navigated = False

    def before(self) -> None:
        """Remember the rerun count before an action (settle() waits for a new run)."""
        self.runs_before = self.page.evaluate("() => window.__alJ ? window.__alJ.runs : 0")

    def class_dialog(self, dialog) -> bool:
        """Whether `dialog` is the class's (a started class opens it): checked like the page, then closed."""
        if not dialog.inner_text(timeout=2_000).startswith(DIALOG_TITLE):
            return False
        self.page.keyboard.press("Escape")
        return True

    def check(self, step: Step) -> None:
        page = self.page
        if self.pending:  # found while acting (the step's description is complete now)
            what, self.pending = self.pending, ""
            self.fail(what)
        if not self.alive():
            self.fail("the server process exited")
        dialogs = [d for d in self.visible('[data-testid="stDialog"]') if not self.class_dialog(d)]
        if dialogs:  # the app's only dialog is the class's (ui/classroom/bar.py); others are Streamlit's errors
            self.fail(f"a dialog is open: {' '.join(dialogs[0].inner_text(timeout=2_000).split())!r}")
        if page.locator('[data-testid="stException"]').count():
            text = page.locator('[data-testid="stException"]').first.inner_text()[:2000]
            self.fail(f"a traceback element is shown:\n{text}")
        boxes = page.locator('[data-testid="stAlert"], [data-testid="stAlertContainer"]').filter(has_text=FAILED_BOX)
        if boxes.count():
            self.fail(f"a 'could not be drawn' box is shown: {boxes.first.inner_text()!r}")
        new = self.new_log()
        if any(LOG_ERRORS.search(line) and not any(h in line for h in LOG_HANDLED) for line in new.splitlines()):
            self.fail("the server log has new error records", log=new)
        if self.errors:
            errs, self.errors = self.errors[:], []
            self.fail("the page reported errors:\n" + "\n".join(e[:600] for e in errs))
        self.check_header()
        if page.url.startswith(self.base) and not page.locator("input.al-sentence__input").count():
            try:
                page.locator("input.al-sentence__input").wait_for(state="attached", timeout=10_000)
            except Exception as err:  # noqa: BLE001
                if not is_playwright_error(err):
                    raise
                self.fail("the app's shell (the sentence box) is gone")

    def check_header(self) -> None:
        """The header agrees with the URL: the language control, the sentence box's label and the model picker (a
        disagreement must outlast one more settle: the URL is written at the end of a run)."""
        if not self.page.url.startswith(self.base):
            return
        for again in (False, True):
            problem = self.header_problem()
            if not problem or again:
                break
            time.sleep(1.0)
            self.settle(expect_run=False)
        if problem:
            self.fail(problem)

    def header_problem(self) -> str:
        h = self.page.evaluate(HEADER_JS)
        lang, cat = h["lang"], self.messages
        if lang not in ("en", "zh"):
            return ""
        if h["on"] is not None and h["on"] != [LANG_BUTTONS[lang == "zh"]]:
            return f"the language control shows {h['on']} but the UI language (URL lang) is {lang!r}"
        if h["box"] is not None and h["s"] is not None and h["box"] != h["s"]:
            return f"the sentence box holds {h['box']!r} but the app's sentence (URL s) is {h['s']!r}"
        want = cat.get("header.sentence", {}).get(lang)
        if h["sentenceLabel"] is not None and want and h["sentenceLabel"] != want:
            return f"the sentence box is labelled {h['sentenceLabel']!r}, not {want!r} (UI language {lang!r})"
        want = cat.get(f"model.{h['model']}", {}).get(lang)
        if h["modelText"] is not None and want and " ".join(h["modelText"].split()) != " ".join(want.split()):
            return (f"the model picker shows {h['modelText']!r}, not {want!r} (URL model {h['model']!r}, UI language "
                    f"{lang!r})")
        return ""

    def log_size(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0

    def new_log(self) -> str:
        """What the server logged since the previous check."""
        with open(self.log, "rb") as f:
            f.seek(self.log_at)
            data = f.read()
        cut = data.rfind(b"\n") + 1 if not data.endswith(b"\n") else len(data)  # a record being written: next time
        self.log_at += cut
        return ANSI.sub("", data[:cut].decode("utf-8", "replace"))

    def fail(self, what: str, err: BaseException | None = None, log: str = "") -> None:
        shot = self.shots / f"journey-seed{self.seed}-step{len(self.steps)}.png"
        try:
            self.shots.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(shot), full_page=True, timeout=15_000)
        except Exception as e:  # noqa: BLE001
            shot = Path(f"(no screenshot: {first_line(e)})")
        if not log:
            time.sleep(0.3)
            log = self.new_log()
        tail = "\n".join(s.line() for s in self.steps[-15:])
        detail = f" ({first_line(err)})" if err else ""
        report = (f"journey seed {self.seed}, step {len(self.steps)}: {what}{detail}\n"
                  f"page: {self.page.url}\nscreenshot: {shot}\n"
                  f"reproduce: python -m benchmarks.journey --seed {self.seed} --steps {len(self.steps)}\n"
                  f"last steps:\n{tail}\n"
                  f"server log since the previous step:\n{log.strip()[-6000:] or '(nothing)'}")
        try:
            shot.with_suffix(".txt").write_text(report + "\n\nall steps:\n" + "\n".join(map(str, self.steps)) + "\n")
        except OSError:
            pass
        raise JourneyFailure(report)

    # ---------------------------------------------------------------- finding targets

    def visible(self, selector: str, root=None) -> list:
        """The visible elements matching selector (not inside the sidebar unless asked)."""
        loc = (root or self.page).locator(selector)
        found = []
        for el in loc.all():
            try:
                if el.is_visible():
                    found.append(el)
            except Exception as err:  # noqa: BLE001
                if not is_playwright_error(err):
                    raise
        return found

    def pick(self, items: list):
        return self.rng.choice(items) if items else None

    def label_of(self, widget) -> str:
        """A widget's label (its input's aria-label when the label is collapsed)."""
        lab = widget.locator('[data-testid="stWidgetLabel"]')
        text = lab.first.inner_text(timeout=2_000).strip() if lab.count() else ""
        if not text:
            field = widget.locator("input[aria-label]")
            text = (field.first.get_attribute("aria-label", timeout=2_000) or "") if field.count() else ""
        return text

    def popover(self) -> str | None:
        """Open a popover (presenter view keeps the examples and the view toggles behind one): its name, or None."""
        if self.visible('[data-testid="stPopoverBody"]'):
            return "(popover open)"
        buttons = self.visible('[data-testid="stPopover"] button')
        if not buttons:
            return None
        b = self.rng.choice(buttons)
        name = " ".join(w for w in b.inner_text(timeout=2_000).split() if not re.fullmatch(r"[a-z_]+", w))  # no icons
        b.click(timeout=3_000)
        try:
            self.page.locator('[data-testid="stPopoverBody"]').first.wait_for(state="visible", timeout=2_000)
        except Exception as err:  # noqa: BLE001
            if not is_playwright_error(err):
                raise
            raise Skip(f"popover {name!r} did not open") from None
        return f"open popover {name!r}"

    def in_popover(self) -> str | None:
        """Open a popover and use one of the widgets in it."""
        opened = self.popover()
        if opened is None:
            return None
        body = self.page.locator('[data-testid="stPopoverBody"]').first
        act = self.rng.choice([self.language, self.presenter, self.checkbox, self.select_box])
        done = act(body)
        return f"{opened}, then {done}" if done else opened

    def sentence_box(self):
        box = self.page.locator("input.al-sentence__input")
        if not box.count():
            raise Skip("no sentence box")
        return box.first

    # ---------------------------------------------------------------- actions (a description, or None: nothing here)

    def sentence(self) -> str:
        pool = self.rng.choices([SENTENCES_EN, SENTENCES_ZH, HALF_TYPED, PUNCTUATION, ODD], [30, 30, 15, 12, 10])[0]
        return self.rng.choice(pool)

    def type_into(self, text: str) -> str:
        box = self.sentence_box()
        self.typed = True
        how = self.rng.choices(["keys", "fill+Enter", "append", "backspace", "clear"], [45, 25, 15, 8, 7])[0]
        self.before()
        if how == "keys":
            delay = self.rng.choice([0, 10, 30])
            box.click()
            box.press("Control+a")
            box.press("Backspace")
            box.press_sequentially(text, delay=delay)
            return f"type {text!r} key by key ({delay} ms/key)"
        if how == "fill+Enter":
            box.fill(text)
            box.press("Enter")
            return f"fill {text!r} + Enter"
        if how == "append":
            more = self.rng.choice(APPENDS)
            box.click()
            box.press("End")
            box.press_sequentially(more, delay=10)
            return f"append {more!r}"
        if how == "backspace":
            k = self.rng.randint(1, 6)
            box.click()
            box.press("End")
            for _ in range(k):
                box.press("Backspace")
            return f"backspace ×{k}"
        box.click()
        box.press("Control+a")
        box.press("Backspace")
        return "clear the sentence box"

    def type_sentence(self) -> str:
        return self.type_into(self.sentence())

    def type_twice(self) -> str:
        a = self.type_into(self.sentence())
        if self.rng.random() < 0.5:
            time.sleep(self.rng.choice([0.1, 0.3, 0.6]))
        return a + ", then at once " + self.type_into(self.sentence())

    def lang_group(self, root=None):
        for group in self.visible('[data-testid="stButtonGroup"]', root):
            texts = [b.strip() for b in group.locator("button").all_inner_texts()]
            if sorted(texts) == sorted(LANG_BUTTONS):
                return group
        return None

    def language(self, root=None) -> str | None:
        group, opened = self.lang_group(root), ""
        if group is None and root is None and self.popover():  # presenter view: behind the "View" button
            group, opened = self.lang_group(), "open popover, then "
        if group is None:
            return None
        clicks = self.rng.choices([1, 2, 3, 4], [55, 25, 12, 8])[0]
        rapid = self.rng.random() < 0.4
        done = []
        self.before()
        for i in range(clicks):
            if i and not rapid:
                self.settle()
                self.before()
                group = self.lang_group()
                if group is None and self.popover():
                    group = self.lang_group()
                if group is None:
                    raise Skip("language control gone")
            which = self.rng.choice(LANG_BUTTONS)
            group.locator("button").filter(has=self.page.get_by_text(which, exact=True)).first.click(timeout=3_000)
            done.append(which)
        return (opened + "language → " + (" → " if not rapid else " ⇒ ").join(done)
                + (" (rapid)" if rapid and clicks > 1 else ""))

    def choose_in_select(self, box, label: str, prefer: Callable[[str], float] | None = None) -> str:
        """Open select box `box` and click one of its options."""
        self.before()
        field = box.locator('input[role="combobox"]').first
        for attempt in range(2):  # a popover opened while the page still scrolls to it closes again: once more
            field.scroll_into_view_if_needed(timeout=3_000)
            time.sleep(0.15)
            field.click(timeout=3_000)
            try:
                self.page.locator('[role="listbox"] [role="option"]').first.wait_for(state="visible", timeout=1_500)
                break
            except Exception as err:  # noqa: BLE001
                if not is_playwright_error(err):
                    raise
                self.page.keyboard.press("Escape")
                if attempt:
                    raise Skip(f"select box {label!r} did not open") from None
        options = [o for o in self.visible('[role="listbox"] [role="option"]')
                   if not NOT_AN_OPTION.search(o.inner_text(timeout=2_000))]
        if not options:
            self.page.keyboard.press("Escape")
            raise Skip(f"select box {label!r}: no option to pick")
        texts = [o.inner_text(timeout=2_000).strip() for o in options]
        shown = " ".join(field.input_value(timeout=2_000).split())
        every = [" ".join(o.split()) for o in self.page.locator('[role="listbox"] [role="option"]').all_inner_texts()]
        if shown and len(every) < 40 and shown not in every:  # (a long list may be virtualised: not all drawn)
            self.pending = f"select box {label!r} showed {shown!r}, which is not one of its options {every}"
        weights = [prefer(t) if prefer else 1.0 for t in texts]
        i = self.rng.choices(range(len(options)), weights)[0]
        options[i].click(timeout=3_000)
        return f"select {label!r} → {texts[i]!r}"

    def select_box(self, root=None) -> str | None:
        boxes = self.visible('[data-testid="stSelectbox"]', root)
        box = self.pick(boxes)
        if box is None:
            return None
        return self.choose_in_select(box, self.label_of(box))

    def model(self) -> str | None:
        for box in self.visible('[data-testid="stSelectbox"]'):
            label = self.label_of(box)
            if label in MODEL_LABELS:
                return self.choose_in_select(box, label, prefer=lambda t: 3.0 if t in MAIN_MODELS else 1.0)
        return None

    def button_group(self) -> str | None:
        buttons = self.visible('[data-testid="stButtonGroup"] button')
        b = self.pick(buttons)
        if b is None:
            return None
        text = b.inner_text(timeout=2_000).strip()
        self.before()
        b.click(timeout=3_000)
        return f"segmented/pills option {text!r}"

    def radio(self) -> str | None:
        labels = self.visible('[data-testid="stRadio"] [role="radiogroup"] label')
        lab = self.pick(labels)
        if lab is None:
            return None
        text = lab.inner_text(timeout=2_000).strip()
        self.before()
        lab.click(timeout=3_000)
        return f"radio option {text!r}"

    def slider(self) -> str | None:
        sliders = self.visible('[data-testid="stSlider"] input[type="range"], [data-testid="stSlider"] [role="slider"]')
        s = self.pick(sliders)
        if s is None:
            return None
        widget = s.locator('xpath=ancestor::*[@data-testid="stSlider"][1]')
        label = self.label_of(widget) if widget.count() else "?"
        keys = self.rng.choice([["ArrowRight"], ["ArrowLeft"], ["Home"], ["End"], ["ArrowRight"] * 3,
                                ["ArrowLeft"] * 2, ["End", "ArrowLeft"], ["PageUp"]])
        self.before()
        s.focus(timeout=3_000)
        for k in keys:
            s.press(k, timeout=3_000)
        return f"slider {label!r}: {'+'.join(keys)}"

    def checkbox(self, root=None) -> str | None:
        boxes = [b for b in self.visible('[data-testid="stCheckbox"]', root)
                 if b.inner_text(timeout=2_000).strip() not in PRESENTER_LABELS]
        b = self.pick(boxes)
        if b is None:
            return None
        text = b.inner_text(timeout=2_000).strip()
        self.before()
        b.locator("label").first.click(timeout=3_000)
        return f"tick {text!r}"

    def presenter(self, root=None) -> str | None:
        for attempt in range(2):
            for b in self.visible('[data-testid="stCheckbox"]', root):
                text = b.inner_text(timeout=2_000).strip()
                if text in PRESENTER_LABELS:
                    self.before()
                    b.locator("label").first.click(timeout=3_000)
                    return ("open popover, then " if attempt else "") + f"tick {text!r}"
            if attempt or root is not None or not self.popover():  # presenter view: behind the "View" button
                return None
        return None

    def button(self) -> str | None:
        buttons = [b for b in self.visible('[data-testid="stButton"] button')
                   if not NOT_A_BUTTON.search(b.inner_text(timeout=2_000))]
        b = self.pick(buttons)
        if b is None:
            return None
        text = " ".join(b.inner_text(timeout=2_000).split())
        self.before()
        b.click(timeout=3_000)
        return f"button {text!r}"

    def play(self) -> str | None:
        play = [b for b in self.visible('[data-testid="stButton"] button')
                if re.search(r"(Play|播放)\s*$", b.inner_text(timeout=2_000))]
        if not play:
            return None
        self.before()
        play[0].click(timeout=3_000)
        wait = self.rng.choice([0.5, 1.5, 3.0])
        time.sleep(wait)
        if self.rng.random() < 0.3:  # leave the page while it plays
            return f"button 'Play', then after {wait} s " + (self.nav_link() or self.open_url())
        stop = self.page.locator('[data-testid="stButton"] button').filter(has_text=re.compile(r"Stop|停止"))
        if not stop.count():
            return f"button 'Play' (played to the end within {wait} s)"
        stop.first.click(timeout=5_000)
        return f"button 'Play', then 'Stop' after {wait} s"

    def target_page(self) -> str:
        """A page to open: mostly one not visited yet (always at the walk's end), else any."""
        unvisited = [p for p in PAGES if not self.visits[p]]
        if unvisited and (self.rng.random() < 0.85 or self.ending):  # the draw first: the same walk until the end
            return self.rng.choice(unvisited)
        least = min(self.visits[p] for p in PAGES)
        rare = [p for p in PAGES if self.visits[p] <= least + 1]
        return self.rng.choice(rare if self.rng.random() < 0.6 else PAGES)

    def nav_link(self) -> str | None:
        links = self.visible('[data-testid="stSidebarNav"] a')
        if not links:
            return None
        target = self.target_page()
        chosen = [a for a in links if urllib.parse.urlparse(a.get_attribute("href") or "").path.strip("/")
                  == ("" if target == "overview" else target)]
        a = chosen[0] if chosen else self.rng.choice(links)
        text = " ".join(a.inner_text(timeout=2_000).split()[1:]) or a.get_attribute("href")
        self.before()
        a.click(timeout=3_000)
        return f"sidebar → {text!r}"

    def page_link(self) -> str | None:
        links = self.visible('[data-testid="stPageLink"] a')
        a = self.pick(links)
        if a is None:
            return None
        href = a.get_attribute("href") or ""
        if href and not href.startswith(("/", self.base)) and "://" in href:
            return None
        text = " ".join(a.inner_text(timeout=2_000).split()[1:])
        self.before()
        a.click(timeout=3_000)
        return f"page link {text!r}"

    def back(self) -> str | None:
        if self.page.evaluate("() => history.length") < 2:
            return None
        before = self.page.url
        self.before()
        self.page.go_back(timeout=10_000, wait_until="commit")
        if not self.page.url.startswith(self.base):  # left the app: come back, and say so
            self.page.go_forward(timeout=10_000, wait_until="commit")
            raise Skip("back would leave the app")
        return "back" + (" (same URL)" if self.page.url == before else "")

    def open_url(self) -> str:
        target = self.target_page()
        query = urllib.parse.urlparse(self.page.url).query
        if self.rng.random() < 0.25:
            query = urllib.parse.urlencode({"s": self.rng.choice(SENTENCES_EN + SENTENCES_ZH)}
                                           | ({"lang": "zh"} if self.rng.random() < 0.5 else {})
                                           | ({"model": "zh-en"} if self.rng.random() < 0.3 else {}))
        url = f"{self.base}/{'' if target == 'overview' else target}" + (f"?{query}" if query else "")
        self.before()
        self.page.goto(url, timeout=60_000)
        self.navigated = True
        return f"open {urllib.parse.unquote_plus(url[len(self.base):])}"

    def number_input(self) -> str | None:
        inputs = self.visible('[data-testid="stNumberInput"]')
        w = self.pick(inputs)
        if w is None:
            return None
        label = self.label_of(w)
        how = self.rng.choice(["up", "down", "type"])
        self.before()
        if how == "type":
            value = str(self.rng.choice([0, 1, 2, 3, 7, 20, 999, -1]))
            box = w.locator("input").first
            box.fill(value, timeout=3_000)
            box.press("Enter")
            return f"number {label!r} := {value}"
        w.locator(f'[data-testid="stNumberInputStep{"Up" if how == "up" else "Down"}"]').first.click(timeout=3_000)
        return f"number {label!r} {how}"

    def text_input(self) -> str | None:
        inputs = self.visible('[data-testid="stTextInput"]')
        w = self.pick(inputs)
        if w is None:
            return None
        label = self.label_of(w)
        text = self.rng.choice(SECOND_TEXTS + SENTENCES_EN[:3] + SENTENCES_ZH[:3])
        self.before()
        box = w.locator("input").first
        box.fill(text, timeout=3_000)
        box.press("Enter")
        return f"text {label!r} := {text!r} + Enter"

    def multiselect(self) -> str | None:
        boxes = self.visible('[data-testid="stMultiSelect"]')
        w = self.pick(boxes)
        if w is None:
            return None
        label = self.label_of(w)
        chips = w.locator('button[aria-label^="Remove"], button[aria-label="Clear all"]')
        if chips.count() and self.rng.random() < 0.4:
            chip = chips.nth(self.rng.randrange(chips.count()))
            what = chip.get_attribute("aria-label")
            self.before()
            chip.click(timeout=3_000)
            return f"multiselect {label!r}: {what}"
        desc = "multi" + self.choose_in_select(w, label)
        self.page.keyboard.press("Escape")
        return desc

    def tab(self) -> str | None:
        tabs = self.visible('[data-testid="stTabs"] button[role="tab"]')
        b = self.pick(tabs)
        if b is None:
            return None
        text = b.inner_text(timeout=2_000).strip()
        self.before()
        b.click(timeout=3_000)
        return f"tab {text!r}"

    def page_key(self) -> str:
        key = self.rng.choice(["ArrowRight", "ArrowLeft", "PageDown", "PageUp"])
        self.page.evaluate("() => document.activeElement && document.activeElement.blur()")
        self.before()
        self.page.keyboard.press(key)
        return f"press {key} (page body)"

    def grid_cell(self) -> str | None:
        grids = self.visible('[data-testid="stDataFrame"]')
        g = self.pick(grids)
        if g is None:
            return None
        box = g.bounding_box()
        if not box or box["width"] < 80 or box["height"] < 60:
            return None
        x = box["x"] + box["width"] * self.rng.uniform(0.2, 0.9)
        y = box["y"] + min(box["height"] - 10, 35 * self.rng.randint(1, max(1, int(box["height"] // 35) - 1)) + 17)
        value = self.rng.choice(["1", "0", "-2.5", "10", "x"])
        self.before()
        self.page.mouse.dblclick(x, y)
        self.page.keyboard.type(value)
        self.page.keyboard.press("Enter")
        self.page.keyboard.press("Escape")
        return f"grid cell at ({x - box['x']:.0f}, {y - box['y']:.0f}) in grid {grids.index(g)} := {value!r}"


def first_line(err: BaseException) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0][:200]


def is_playwright_error(err: BaseException) -> bool:
    from playwright.sync_api import Error

    return isinstance(err, Error)


def walk(seed: int, steps: int, browser=None, base: str | None = None, log: Path | None = None,
         shots: Path | None = None, keep_going: bool = False, echo: bool = False, alive=lambda: True) -> Summary:
    """One walk against a running app (base, log) in `browser`."""
    shots = shots or Path(tempfile.gettempdir()) / "journey"
    return Journey(browser, base, log, seed, shots, alive=alive, keep_going=keep_going, echo=echo).run(steps)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, action="append", help="seed (repeat for several walks); default 1")
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--keep-going", action="store_true", help="record a failure, reopen the page and walk on")
    ap.add_argument("--echo", action="store_true", help="print every step")
    ap.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "journey")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    log = Path(tempfile.mkdtemp(prefix="journey-")) / "streamlit.log"
    failed = 0
    with streamlit_server(log=log) as (url, proc), sync_playwright() as p:
        browser = launch(p)
        print(f"app {url}, server log {log}", flush=True)
        for seed in args.seed or [1]:
            try:
                s = walk(seed, args.steps, browser, url, log, args.shots, args.keep_going, args.echo,
                         alive=lambda: proc.poll() is None)
                print(s, flush=True)
                failed += len(s.failures)
            except JourneyFailure as f:
                print(f"FAILED\n{f}", flush=True)
                failed += 1
        browser.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
