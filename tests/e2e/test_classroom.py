"""A class in the browser: one lecturer, two students in their own browser contexts (a laptop in English, a phone
in Chinese). The students follow the lecturer's sentence, page, head and step; one explores and comes back; a
sentence sent to the front appears in the lecturer's gallery and then, with a click, on the projector and on the
following student's screen. The console's projector window is no student in the count, its stage pickers are for
display only, and without a class one click opens it on a class of its own."""
import re

import pytest

from benchmarks.harness import IDLE
from lesson import catalogue
from tests.e2e.helpers import context_page, open_app, query, retype, sentence_box, wait_painted
from ui.registry import PATHS

LIVE_SENTENCE = "The cat sat on the mat"


def wait_url(page, name: str, value: str, timeout: float = 60_000) -> None:
    """Wait until the page's URL holds `name=value` (as URLSearchParams reads it) and its script is idle."""
    page.wait_for_function("([n, v]) => new URLSearchParams(location.search).get(n) === v", arg=[name, value],
                           timeout=timeout)
    page.wait_for_selector(IDLE, timeout=timeout)


def wait_path(page, path: str, timeout: float = 60_000) -> None:
    page.wait_for_function("p => location.pathname.endsWith('/' + p)", arg=path, timeout=timeout)
    page.wait_for_selector(IDLE, timeout=timeout)


def open_class(lecturer, app_url: str) -> str:
    """The lecturer starts a class from a link; the join code is read off the dialog that opens."""
    lecturer.goto(f"{app_url}/self_attention?class=new&s=I+have+a+cat")
    code = lecturer.locator(".al-class-code")
    code.wait_for(timeout=60_000)
    text = code.inner_text().strip()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", text), text
    lecturer.locator('[data-testid="stDialog"] [data-testid="stImage"] img').wait_for()  # the QR code
    assert f"join={text}" in lecturer.locator('[data-testid="stDialog"]').inner_text()
    lecturer.keyboard.press("Escape")
    return text


@pytest.fixture
def lecture(browser, app_url):
    """A class: (lecturer, laptop student, phone student, join code), the students joined two ways."""
    lecturer = context_page(browser, 1280, 800)
    code = open_class(lecturer, app_url)
    laptop = context_page(browser, 1280, 800)
    laptop.goto(f"{app_url}/?join={code}")
    phone = context_page(browser, 390, 844)
    open_app(phone, f"{app_url}/?lang=zh")
    phone.locator(".st-key-class_entry button:visible").click()  # the header's one Class button opens start / join
    box, join = phone.locator(".st-key-class_code input"), phone.locator(".st-key-class_join button")
    wrong = "K7PQ2M" if code != "K7PQ2M" else "K7PQ2N"  # no such class: refused in the dialog, the code kept
    box.fill(wrong)
    join.click()
    phone.get_by_text(catalogue.lookup("class.refused_unknown", "zh")).wait_for(timeout=30_000)
    assert box.input_value() == wrong
    box.fill(code.lower())
    join.click()
    yield lecturer, laptop, phone, code
    for page in (lecturer, laptop, phone):
        assert not page.errors, page.errors
        page.context.close()


def test_students_follow_explore_return_and_send_a_sentence(lecture):
    lecturer, laptop, phone, code = lecture
    for student in (laptop, phone):  # joined: on the lecturer's page with the lecturer's sentence
        wait_path(student, "self_attention", 60_000)
        wait_painted(student, "I have a cat", 60_000)
        assert query(student)["join"] == code
    assert query(phone)["lang"] == "zh" and "lang" not in query(laptop)
    phone_layout = phone.evaluate("""() => ({page: document.documentElement.scrollWidth,
        charts: Array.from(document.querySelectorAll('[data-al-chart] canvas'))
          .map(c => c.getBoundingClientRect().right)})""")
    assert phone_layout["page"] <= 390 and phone_layout["charts"]  # no sideways scroll on a phone …
    assert max(phone_layout["charts"]) <= 390  # … and every chart within the screen, one per row
    lecturer.locator(".st-key-class_open").wait_for()
    lecturer.wait_for_function("() => /2 following/.test(document.body.innerText)", timeout=30_000)
    lecturer.reload()  # a reloaded tab is still the class's lecturer (its seat kept in a cookie, not the URL)
    assert "key" not in lecturer.url and "class=" not in lecturer.url, lecturer.url
    lecturer.wait_for_function("c => new RegExp('Class ' + c + ': 2 following').test(document.body.innerText)",
                               arg=code, timeout=60_000)

    retype(lecturer, LIVE_SENTENCE)  # each keystroke reaches the students' charts; their language stays theirs
    for student in (laptop, phone):
        wait_painted(student, LIVE_SENTENCE)
        wait_url(student, "s", LIVE_SENTENCE)
    assert query(phone)["lang"] == "zh"
    assert "跟随老师" in phone.locator("body").inner_text()

    lecturer.locator('[data-testid="stSidebarNav"] a[href$="/multi_head"]').click()  # page and head
    wait_path(lecturer, "multi_head")
    lecturer.locator(".st-key-w_head button", has_text="2").click()
    wait_url(lecturer, "head", "2")
    for student in (laptop, phone):
        wait_path(student, "multi_head")
        wait_url(student, "head", "2")

    lecturer.locator('[data-testid="stSidebarNav"] a[href$="/decoding"]').click()  # a decoding step
    wait_path(lecturer, "decoding")
    thumb = lecturer.locator('.st-key-w_step input[type="range"]')
    thumb.focus(timeout=60_000)
    thumb.press("ArrowRight")
    wait_url(lecturer, "step", "1")
    for student in (laptop, phone):
        wait_path(student, "decoding")
        wait_url(student, "step", "1")

    retype(laptop, "The dog chased the ball")  # the laptop explores: it no longer follows …
    wait_url(laptop, "s", "The dog chased the ball")
    laptop.get_by_text("Exploring on your own").wait_for()
    lecturer.wait_for_function("() => /1 following · 1 exploring/.test(document.body.innerText)", timeout=30_000)
    retype(lecturer, "I love machine learning")
    wait_url(phone, "s", "I love machine learning")
    laptop.wait_for_timeout(1500)
    assert query(laptop)["s"] == "The dog chased the ball"

    laptop.locator(".st-key-class_follow button").click()  # … and comes back to the lecturer's current view
    wait_url(laptop, "s", "I love machine learning")
    wait_path(laptop, "decoding")
    laptop.get_by_text("Following the lecturer").wait_for()

    lecturer.locator(".st-key-class_open button").first.click()  # a question to the class
    dialog = lecturer.locator('[data-testid="stDialog"]')
    dialog.locator("input[type=text]").fill("Find a sentence about an animal")
    dialog.get_by_role("button", name="Ask").click()
    lecturer.keyboard.press("Escape")
    phone.get_by_text("Find a sentence about an animal").wait_for(timeout=30_000)
    retype(phone, "<b>The animal</b> was tired")  # markup stays text
    wait_url(phone, "s", "<b>The animal</b> was tired")
    phone.locator(".st-key-class_send button").click()
    phone.get_by_text("已发送").wait_for(timeout=30_000)

    lecturer.locator(".st-key-class_open button").first.click()
    dialog = lecturer.locator('[data-testid="stDialog"]')
    dialog.get_by_text("Sentences from the class (1)", exact=True).wait_for(timeout=30_000)
    lecturer.wait_for_timeout(1500)
    assert dialog.locator("[data-al-chart]").count() == 0  # the dialog is projected: no sentence until asked for
    dialog.locator(".st-key-class_gallery_open label").click()
    assert dialog.locator("b").count() == 0  # never rendered as markup
    lecturer.wait_for_function("t => Array.from(document.querySelectorAll('[data-al-chart]'))"
                               ".some(el => el.__alChart && el.__alChart.title === t)",
                               arg="<b>The animal</b> was tired", timeout=30_000)
    dialog.locator('[class*="st-key-class_project_"] button').click()  # on the projector
    wait_url(lecturer, "s", "<b>The animal</b> was tired")
    assert sentence_box(lecturer).input_value() == "<b>The animal</b> was tired"
    wait_url(laptop, "s", "<b>The animal</b> was tired")  # and on the following students' screens

    retype(laptop, "我有一只猫")  # a Chinese sentence: drawn through the model that reads Chinese
    wait_url(laptop, "s", "我有一只猫")
    laptop.locator(".st-key-class_send button").click()
    laptop.get_by_text(catalogue.lookup("class.sent", "en", text="我有一只猫")).wait_for(timeout=30_000)
    lecturer.locator(".st-key-class_open button").first.click()
    dialog = lecturer.locator('[data-testid="stDialog"]')
    dialog.get_by_text("Sentences from the class (2)", exact=True).wait_for(timeout=30_000)
    if not dialog.locator(".st-key-class_gallery_open input").is_checked():
        dialog.locator(".st-key-class_gallery_open label").click()
    lecturer.wait_for_function("t => Array.from(document.querySelectorAll('[data-al-chart]'))"
                               ".some(el => el.__alChart && el.__alChart.title === t)", arg="我有一只猫",
                               timeout=60_000)
    rows = lecturer.evaluate("t => Array.from(document.querySelectorAll('[data-al-chart]')).map(el => el.__alChart)"
                             ".find(c => c.title === t).y", "我有一只猫")
    assert rows and "<unk>" not in rows, rows  # en-zh would read every character as unknown
    assert dialog.get_by_text(catalogue.lookup("class.sentence_model", "en", model="zh-en")).count() == 1
    dialog.locator('[class*="st-key-class_project_"] button').first.click()  # the newest first
    wait_url(lecturer, "s", "我有一只猫")
    wait_url(lecturer, "model", "zh-en")


def projector_window(console):
    """The window the console's projector button opens (at a projector's 1280×720), once it shows the class."""
    with console.context.expect_page() as opened:
        console.locator(".st-key-class_projector button, .st-key-class_projector_start button").first.click()
    projector = opened.value
    projector.set_viewport_size({"width": 1280, "height": 720})
    projector.errors = []
    projector.on("pageerror", lambda e: projector.errors.append(str(e)))
    projector.wait_for_function("() => new URLSearchParams(location.search).get('projector')", timeout=60_000)
    return projector


def test_the_projector_window_is_no_student_and_its_stage_pickers_are_for_display(browser, app_url):
    """The console's count of students leaves out its own projector window, whose stage pickers show the lecture's
    block, layer and head but take no click (one would take the window off the lecture)."""
    console = context_page(browser, 1280, 800)
    code = open_class(console, app_url)
    projector = projector_window(console)
    wait_path(projector, "self_attention")
    heads = projector.locator(".st-key-al-pickers .st-key-w_head button")
    heads.first.wait_for(timeout=60_000)
    student = context_page(browser, 390, 844)
    student.goto(f"{app_url}/?join={code}")
    wait_path(student, "self_attention")
    count = "c => new RegExp('Class ' + c + ': 1 following · 0 exploring').test(document.body.innerText)"
    console.wait_for_function(count, arg=code, timeout=30_000)
    console.wait_for_timeout(6_000)  # the counts refresh every 5 s
    assert console.evaluate(count, code), console.locator("body").inner_text()

    box = heads.filter(has_text="2").bounding_box()
    projector.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    projector.wait_for_timeout(2_000)
    projector.wait_for_selector(IDLE, timeout=30_000)
    assert heads.filter(has_text="2").is_visible() and "head" not in query(projector), projector.url
    for page in (console, projector, student):
        assert not page.errors, page.errors
    console.context.close()
    student.context.close()


def test_without_a_class_one_click_opens_the_projector_window_on_a_class_of_its_own(browser, app_url):
    """A lecturer alone: one click on the console's "Open the projector window" (in the sidebar: the header's row is
    full) opens the window, following a class started for it (no join code pops up on the console); the clicker on
    the console moves both."""
    console = context_page(browser, 1280, 800)
    open_app(console, f"{app_url}/self_attention?s=I+have+a+cat")
    assert console.locator(".st-key-class_projector button").count() == 0
    assert console.locator('[data-testid="stSidebar"] .st-key-class_projector_start button').is_visible()
    links = console.locator('[data-testid="stSidebarNav"] a')  # the button below the list hides no page
    assert links.count() == len(PATHS) and console.get_by_text(re.compile(r"^View \d+ more$")).count() == 0
    projector = projector_window(console)  # one click
    wait_path(projector, "self_attention")
    code = query(projector)["join"]
    assert query(projector)["presenter"] == "True" and re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", code), projector.url
    console.get_by_text(catalogue.lookup("class.lecturer_bar", "en", code=code, following=0, exploring=0, gone=0)
                        ).wait_for(timeout=30_000)
    assert console.locator(".al-class-code").count() == 0  # the join code did not pop up
    assert console.locator(".st-key-class_projector_start").count() == 0
    projector.locator(".st-key-al-stage [data-al-chart]").first.wait_for(timeout=60_000)
    console.keyboard.press("PageDown")
    after = PATHS[PATHS.index("self_attention") + 1]
    wait_path(console, after)
    wait_path(projector, after)
    for page in (console, projector):
        assert not page.errors, page.errors
    console.context.close()
