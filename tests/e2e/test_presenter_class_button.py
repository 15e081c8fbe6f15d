"""Presenter view: the lecturer's class button ends the sentence row and opens the class dialog (drawn by the class
row in the View the shell builds once, ui/classroom/bar.py) as the class starts and again on a click."""
from tests.e2e.helpers import context_page, start_class


def test_the_presenters_class_button_in_the_sentence_row_opens_the_dialog_again(browser, app_url):
    page = context_page(browser)
    joined = start_class(page, f"{app_url}/self_attention?class=new&presenter=1&s=I+have+a+cat&head=2")
    page.locator('[data-testid="stDialog"]').wait_for(state="detached", timeout=30_000)
    button = page.locator(".st-key-class_open button").first
    assert joined in button.inner_text()
    box_row = page.locator(".st-key-al-header [data-testid='stHorizontalBlock']").first
    assert box_row.locator(".st-key-class_open").count() == 1, "the button ends the sentence row"
    button.click()
    page.locator(".al-class-code").wait_for(timeout=60_000)
    assert page.locator(".al-class-code").inner_text().strip() == joined
    assert not page.errors, page.errors
    page.context.close()
