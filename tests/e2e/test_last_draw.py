"""Issue 55 in Chromium: the keystroke route draws each chart once, and the rerun after the typing pause, which builds
the same bytes, draws none of them again (its drawing was the page's last draw, up to a second after the key)."""
import pytest

from tests.e2e.helpers import open_app, sentence_box, url_of, wait_painted, wait_rerun
from tests.e2e.test_live import START, TYPED, Outbox, type_at_end

pytestmark = pytest.mark.e2e
FINAL = START + TYPED
DRAWS_JS = """sentence => performance.getEntriesByName('al-draw')
  .filter(m => m.detail && m.detail.sentence === sentence).length"""


def canvases(page) -> int:
    """How many charts the page's chart elements draw."""
    return page.locator("[data-al-chart] canvas").count()


@pytest.mark.parametrize("name", ["self_attention", "decoding"])
def test_the_route_draws_each_chart_once_and_the_rerun_draws_none_again(page, app_url, name):
    outbox = Outbox(page)
    open_app(page, url_of(app_url, name, s=START))
    wait_painted(page, START)
    outbox.holding = True  # the rerun waits until the route's drawing is counted
    type_at_end(page, TYPED)
    wait_painted(page, FINAL)
    page.wait_for_timeout(300)  # a late route answer, had one been asked twice
    n = canvases(page)
    assert n > 1
    assert page.evaluate(DRAWS_JS, FINAL) == n, "the route draws each chart of the typed text once"
    outbox.release()
    wait_rerun(page, FINAL)
    page.wait_for_timeout(1000)  # the rerun's elements, drawn in one frame at most 150 ms after they arrive
    assert sentence_box(page).input_value() == FINAL
    assert canvases(page) == n
    assert page.evaluate(DRAWS_JS, FINAL) == n, "the rerun drew charts the route had drawn with the same bytes"
    assert not page.errors, page.errors


REMOUNT_JS = """async (text) => {
  const loaded = (name) => performance.getEntriesByType('resource').map((r) => r.name)
    .find((url) => url.includes(`/${name}?v=`));  // the page's own module instances
  const chart = await import(loaded('chart.js')), { decode } = await import(loaded('decode.js'));
  const slot = document.querySelector('[data-al-chart]'), old = slot.parentElement.parentElement;
  const params = new URLSearchParams(location.search);
  params.set('s', text);
  params.set('p', '');
  const answer = await (await fetch(`${slot.__al.payload.live}?${params}`, { cache: 'no-store' })).arrayBuffer();
  const names = slot.__al.payload.names.join('|');
  let data = null;
  const view = new DataView(answer);
  for (let at = 0; at + 4 <= answer.byteLength;) {
    const n = view.getUint32(at, true), bytes = new Uint8Array(answer, at + 4, n);
    if (decode(bytes).names.join('|') === names) data = bytes;
    at += 4 + n;
  }
  const root = document.createElement('div');
  old.replaceWith(root);  // what React does when it mounts the element again
  performance.clearMarks('al-draw');
  await chart.default({ parentElement: root, data });
  await new Promise((r) => setTimeout(() => requestAnimationFrame(() => setTimeout(r, 300)), 300));
  return [names, data !== null, performance.getEntriesByName('al-draw').length,
          root.querySelectorAll('[data-al-chart] canvas').length, slot.parentElement.parentElement === root];
}"""


def test_a_chart_element_mounted_again_with_the_bytes_it_shows_is_not_drawn_again(page, app_url):
    open_app(page, url_of(app_url, "decoding", s=START))
    wait_painted(page, START)
    names, found, draws, shown, moved = page.evaluate(REMOUNT_JS, START)
    assert found, f"the route's answer holds no payload for {names}"
    assert draws == 0, "the new root drew the charts its old root already showed"
    assert shown > 0 and moved, "the new root shows the old root's drawn charts"
    assert not page.errors, page.errors
