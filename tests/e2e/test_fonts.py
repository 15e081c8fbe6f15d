"""Chinese renders on a machine without CJK fonts: Chromium is given a fontconfig that sees only DejaVu, so
every Chinese character is a box unless it comes from the app's shipped font."""


from tests.e2e.helpers import charts, open_app, until, wait_painted
from viz import style

ABSENT = ["龘", "齉"]  # not in the shipped subset (tests/app/test_font.py): drawn as a missing-glyph box
GLYPHS_JS = """([stack, chars]) => {
  const canvas = document.createElement('canvas'); canvas.width = 120; canvas.height = 60;
  const ctx = canvas.getContext('2d');
  return chars.map((ch) => {
    ctx.clearRect(0, 0, 120, 60); ctx.font = '40px ' + stack; ctx.fillStyle = '#000'; ctx.fillText(ch, 10, 45);
    const alpha = Array.from(ctx.getImageData(0, 0, 120, 60).data.filter((_, i) => i % 4 === 3));
    return {width: ctx.measureText(ch).width, ink: alpha.reduce((a, b) => a + b, 0), key: alpha.join(',')};
  });
}"""
CHIPS_JS = """() => Array.from(document.querySelectorAll('.al-chip')).map((chip) => {
  const token = chip.querySelector('span').firstChild.textContent;  // the token, without its index or pinyin
  return {text: token, family: getComputedStyle(chip).fontFamily,
          loaded: document.fonts.check('18px ' + getComputedStyle(chip).fontFamily, token)};
})"""
MARK_JS = """(label) => { const el = Array.from(document.querySelectorAll('[data-al-chart]'))
  .find(e => e.__alChart && e.__alChart.renderer === 'canvas' && (e.__alChart.y || []).includes(label));
  if (el) el.dataset.testBars = '1'; return !!el; }"""
FACES_JS = """() => Array.from(document.fonts).map((f) => [f.family.replace(/"/g, ''), f.status])"""


def test_chips_and_canvas_labels_use_the_shipped_font_where_no_cjk_font_exists(bare_browser, app_url):
    page = bare_browser.new_page(viewport={"width": 1400, "height": 1000})
    open_app(page, f"{app_url}/self_attention?model=zh-en&s=%E6%88%91%E6%9C%89%E4%B8%80%E5%8F%AA%E7%8C%AB&lang=zh")
    wait_painted(page, "我有一只猫")
    # the control: with the machine's own fonts, 我, 猫 and a character outside the subset are one and the same box
    bare = page.evaluate(GLYPHS_JS, ["sans-serif", ["我", "猫", *ABSENT]])
    assert len({glyph["key"] for glyph in bare}) == 1, "this browser has no CJK font"
    assert ["Attention Lab Sans", "loaded"] in page.evaluate(FACES_JS)

    chips = page.evaluate(CHIPS_JS)
    assert [c["text"] for c in chips] == ["我", "有", "一", "只", "猫"], chips
    assert all(c["family"].startswith('"Attention Lab Sans"') and c["loaded"] for c in chips), chips

    canvas_charts = [c for c in charts(page) if c["renderer"] == "canvas" and "我" in c["y"]]
    assert canvas_charts, "canvas charts label their rows with the Chinese tokens"
    wo, mao, box, box2 = page.evaluate(GLYPHS_JS, [style.FONT_FAMILY, ["我", "猫", *ABSENT]])  # the labels' font
    assert box["key"] == box2["key"], "characters outside the subset are all the same box"
    assert wo["key"] != mao["key"], "two characters, two glyphs"
    assert wo["key"] != box["key"] and mao["key"] != box["key"] and wo["ink"] > 0 and mao["ink"] > 0
    assert abs(wo["width"] - 40) < 1 and abs(mao["width"] - 40) < 1, "full-width glyphs, one em wide"
    page.context.close()


def test_chart_exports_carry_the_font(bare_browser, app_url):
    """The likeliest tokens' bars (a canvas chart with Chinese labels): its SVG embeds the font, its PNG is the
    drawing."""
    page = bare_browser.new_page(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    open_app(page, f"{app_url}/decoding?s=I+have+a+cat&lang=zh")
    wait_painted(page, "I have a cat")
    # the chart is marked by what it draws, not by its place (an element drawn late would shift every index)
    try:
        until(page, MARK_JS, "我")
    except Exception as err:
        raise AssertionError([(c["title"], c["renderer"], c["y"]) for c in charts(page)]) from err
    chart = page.locator("[data-al-chart][data-test-bars]")
    chart.scroll_into_view_if_needed()
    chart.hover()
    files = {}
    for kind in ("SVG", "PNG"):
        with page.expect_download() as download:
            chart.get_by_role("button", name=kind).click()
        files[kind] = open(download.value.path(), "rb").read()
    svg = files["SVG"].decode()
    assert '<style>@font-face{font-family:"Attention Lab Sans";src:url(data:font/woff2;base64,' in svg
    assert ">我</text>" in svg and 'font-family="Attention Lab Sans' in svg
    assert files["PNG"].startswith(b"\x89PNG") and len(files["PNG"]) > 10_000
    page.context.close()


ITALIC_JS = """async (chars) => {
  const canvas = document.createElement('canvas'); canvas.width = 120; canvas.height = 60;
  const ctx = canvas.getContext('2d');
  const out = [];
  for (const ch of chars) {
    await document.fonts.load('italic 40px "Source Sans"', ch);
    ctx.clearRect(0, 0, 120, 60); ctx.font = 'italic 40px "Source Sans"'; ctx.fillStyle = '#000';
    ctx.fillText(ch, 10, 45);
    out.push(Array.from(ctx.getImageData(0, 0, 120, 60).data.filter((_, i) => i % 4 === 3)).join(','));
  }
  return out;
}"""


def test_italic_chinese_in_streamlit_text_uses_the_shipped_font(bare_browser, app_url):
    """Markdown's *强调* in a Chinese message: Source Sans has an italic face without Chinese, so the page gives its
    italic style the shipped font's CJK blocks too; on a machine without CJK fonts 可 and 能 are two glyphs, not
    boxes."""
    page = bare_browser.new_page(viewport={"width": 1400, "height": 1000})
    open_app(page, f"{app_url}/decoding?lang=zh&s=I+have+a+cat")
    wait_painted(page, "I have a cat")
    ke, neng, box, box2 = page.evaluate(ITALIC_JS, ["可", "能", *ABSENT])
    assert box == box2, "characters outside the subset are all the same box"
    assert ke != neng and box not in (ke, neng), "italic Chinese drawn from the shipped font"
    page.context.close()
