// Attention Lab's chart element: one payload (viz/wire.py) holds one or more chart specs; each is drawn on a
// <canvas> by its kind's module. The payloads of one rerun are drawn
// together in one animation frame (see schedule); a payload identical to the last one is not drawn again.
import "./colour.js"; // the kinds' own imports, named here so that every module is fetched in one round trip
import { titleSize } from "./common.js";
import "./format.js";
import { decode, sameBytes } from "./decode.js";
import { addToolbar, FONT, fontReady, save, setTips, SvgContext, withFont } from "./export.js";
import arrows from "./arrows.js";
import bar_panels from "./bar_panels.js";
import bars from "./bars.js";
import curves from "./curves.js";
import grid from "./grid.js";
import head_view from "./head_view.js";
import heatmap from "./heatmap.js";
import { publish } from "./instrument.js";
import { arrived, elementState, isHidden, listen, moved, rerunStarted, split, superseded } from "./live.js";
import wirings from "./wirings.js";

/**
 * A chart kind's renderer: the default export of ui/static/<kind>.js, one module per kind, named as the kind its specs
 * carry (viz/spec.py: `kind`, e.g. "bar_panels" is drawn by bar_panels.js). This file draws every kind through these
 * functions alone (tests/js/renderers.test.mjs holds each module to them).
 * @typedef {object} Renderer
 * @property {(ctx: CanvasRenderingContext2D, spec: object, width: number, zoom: number) => {height: number}} layout
 *   where everything goes at this width (css px) and zoom: the boxes `draw` and `hit` read, and the chart's height
 * @property {(ctx: CanvasRenderingContext2D, spec: object, layout: object, zoom: number) => void} draw
 *   the chart into a context of the layout's size (a canvas, or export.js's SvgContext)
 * @property {(spec: object, layout: object, x: number, y: number) => string | null} hit
 *   the tooltip for the point (x, y) in css px, or null outside every mark
 * @property {(spec: object) => string} csv  the chart's numbers as CSV text
 * @property {(spec: object) => object} summary  what tests and the benchmark read off a drawn chart (instrument.js)
 * @property {(ctx: CanvasRenderingContext2D, spec: object, zoom: number) => number} [need]
 *   optional: the least width (css px) that keeps the chart's labels readable, so that fewer charts stand side by
 *   side in a narrow element
 */

/** @type {Record<string, Renderer>} the renderer of each chart kind */
const KINDS = { heatmap, grid, bars, bar_panels, head_view, arrows, curves, wirings };
const pending = new Map();
const WAIT_MS = 150; // the longest a drawn payload waits for the rest of its rerun
let frame = 0, timer = 0;

export default function ({ parentElement, data }) {
  if (shows(parentElement, data)) return;
  const payload = decode(data);
  if (adopted(parentElement, data, payload)) return;
  return accept(parentElement, data, payload, arrived(parentElement, payload));
}

// Streamlit may mount a chart element again, in a new root, with the bytes its old root shows (issue 55: the rerun
// after a typing pause redrew every chart on Decoding, up to a second after the route had drawn them): the old
// root's drawn charts move into the new one, canvases and state, and nothing is drawn.
const mounted = new Map(); // "name|name…" of an element's charts -> the root last given them
function adopted(root, data, payload) {
  const names = payload.names.join("|"), old = mounted.get(names);
  mounted.set(names, root);
  if (!old || old === root || elementState(root).bytes || !shows(old, data)) return false;
  const box = old.querySelector(":scope > .al-charts");
  if (!box || pending.has(old)) return false;
  root.appendChild(box);
  moved(old, root);
  return true;
}

// Whether `root` already shows these bytes, or will in its next frame: drawn or pending, from the route or a rerun
// (the rerun after a typing pause builds the bytes the route drew, and a rerun's elements are sent again unchanged).
export function shows(root, data) {
  return sameBytes(pending.get(root)?.data ?? elementState(root).bytes, data);
}

// A payload from the keystroke route (live.js): drawn in the next frame, without waiting for a rerun.
listen((root, data, payload) => shows(root, data) || accept(root, data, payload, null));

// A new visitor's first chart (ui/static/components/first_chart.js): the first payload of the keystroke route's
// answer for the page's link, drawn at once (in the page's body while Streamlit has drawn nothing; moved below what
// Streamlit shows so far once its main block is there: its element code can take seconds to load and run) until the
// page's own chart elements are drawn, the same bytes (ui/route.py), and take its place. Its charts are
// data-al-first, not data-al-chart: they are not one of the page's chart elements.
const MAIN = '[data-testid="stMainBlockContainer"]';
let preview = null, handedOver = false; // the first chart's element root; whether the page's own have been drawn
const landed = location.pathname; // the page it is drawn for (a page left before its charts were drawn drops it)
export function first(answer) {
  return answer.then((buffer) => {
    const data = buffer && split(buffer).next().value;
    if (!data || handedOver || location.pathname !== landed) return;
    preview = document.body.appendChild(document.createElement("div"));
    appeared(MAIN).then((main) => handedOver || main.appendChild(preview));
    return accept(preview, data, decode(data), null);
  });
}

// The first element matching `selector`, once it is in the document.
function appeared(selector) {
  return new Promise((resolve) => {
    const found = () => document.querySelector(selector);
    if (found()) { resolve(found()); return; }
    const watch = new MutationObserver(() => { if (found()) { watch.disconnect(); resolve(found()); } });
    watch.observe(document.documentElement, { subtree: true, childList: true });
  });
}

// The batch to draw: once the page's own chart elements draw, the first chart goes (and is not drawn any more).
function handOver(batch) {
  const own = batch.filter(([root]) => root !== preview);
  if (own.length) { handedOver = true; preview?.remove(); }
  return handedOver ? own : batch;
}

// seq: for a rerun's payload, the number of route requests asked before it arrived; null for the route's own.
function accept(root, data, payload, seq) {
  elementState(root).payload = payload;
  return fontReady(payload.font).then(() => {
    pending.set(root, { data, payload, seq });
    schedule(seq === null);
  });
}

// A chart element not shown (in a tab that is not open) is drawn once it is: the browser draws what the reader sees,
// and the rerun after a typing pause, which sends every element, draws no hidden one.
const shownLater = new ResizeObserver((entries) => {
  for (const { target } of entries) {
    if (!isHidden(target)) { shownLater.unobserve(target); schedule(true); }
  }
});

// The pending payloads to draw now. A rerun's payload that the route's drawing has superseded (live.js) waits for
// its rerun to finish, and is then dropped if it still is; one for a hidden element waits until it is shown.
function due() {
  const batch = [];
  for (const [root, { data, payload, seq }] of pending) {
    const old = seq !== null && superseded(root, payload);
    if (old && running()) continue; // judged again when the rerun has finished
    if (!old && root.isConnected && isHidden(root)) { shownLater.observe(root); continue; }
    pending.delete(root);
    if (old) continue;
    const state = elementState(root);
    state.bytes = data;
    if (seq !== null) state.seq = Math.max(state.seq, seq); // answers asked before it are older
    batch.push([root, payload]);
  }
  return batch;
}

// A keystroke's rerun sends the page's chart elements one by one. Drawing each as it arrives interleaves React's
// work with ours and costs the browser one compositor commit per chart; instead, payloads wait until the rerun has
// finished (Streamlit marks the app "notRunning"), or WAIT_MS at most, and are all drawn in one animation frame.
function schedule(now) {
  if (frame) return;
  if (now || !running()) { frame = requestAnimationFrame(flush); return; }
  timer ||= setTimeout(() => { timer = 0; frame ||= requestAnimationFrame(flush); }, WAIT_MS);
}

const app = () => document.querySelector('[data-testid="stApp"]');
const running = () => app()?.dataset.testScriptState === "running";
let wasRunning = false;
new MutationObserver(() => {
  if (preview && location.pathname !== landed) { handedOver = true; preview.remove(); } // another page's run
  if (running() && !wasRunning) rerunStarted();
  wasRunning = running();
  if (pending.size && !running()) schedule();
}).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-test-script-state"] });

function flush() {
  frame = 0;
  clearTimeout(timer);
  timer = 0;
  const batch = handOver(due());
  watchPage();
  const slots = batch.map(([root, payload]) => ensureSlots(root, payload)); // DOM writes first,
  const widths = slots.map((list) => list.map((slot) => slot.clientWidth)); // then one layout for every width,
  slots.forEach(stageRoom); // (and the stage's room, in the same layout)
  batch.forEach(([, payload], i) => take(slots[i], widths[i], payload));
  shareTitles(slots.flat());
  slots.forEach((list, i) => list.forEach((slot, j) => paint(slot, widths[i][j]))); // then drawing only
  // each payload drawn, for a page's own element that shows a chart's numbers too (ink_canvas.js: its overlay)
  batch.forEach(([, payload]) => document.dispatchEvent(new CustomEvent("al-drawn", { detail: payload })));
}

// Presenter view puts the page's main figure on a stage under the token chips (ui/widgets.open_stage): its charts
// share the height left on the first screen (one row of them each, side by side as the element says), so a
// projector shows the sentence, its tokens and the whole figure with its labels and colour bar.
const STAGE_MIN_PX = 240, STAGE_MARGIN_PX = 6;
function stageRoom(slots) {
  const box = slots[0].parentElement;
  if (!box.closest(".st-key-al-stage")) { slots.forEach((slot) => { slot.__al.fit = Infinity; }); return; }
  const rows = new Set(slots.map((slot) => slot.offsetTop)).size, gap = parseFloat(getComputedStyle(box).rowGap) || 0;
  const top = stageTop(box); // on the first screen, however scrolled
  box.__alTop = top;
  const left = window.innerHeight - top - STAGE_MARGIN_PX - gap * (rows - 1);
  slots.forEach((slot) => { slot.__al.fit = Math.max(STAGE_MIN_PX, left / rows); });
}

// The stage's top on the page, however scrolled: Streamlit scrolls its main section, not the window.
function stageTop(box) {
  let top = box.getBoundingClientRect().top + window.scrollY;
  for (let el = box.parentElement; el && el !== document.documentElement; el = el.parentElement) top += el.scrollTop;
  return top;
}

// A resized window (a projector's) fits the stage's charts again; so does a stage that moved up or down the page
// (the chips above it wrapped onto another line until the page's font came, a notice came or went): fitted to the
// room it had when first drawn, a tall chart kept too small a zoom, and its numbers could vanish for good.
let resized = 0, refitAll = false;
function refitStage(all) {
  cancelAnimationFrame(resized);
  refitAll ||= all;
  resized = requestAnimationFrame(() => {
    const every = refitAll;
    refitAll = false;
    const boxes = Array.from(document.querySelectorAll(".st-key-al-stage .al-charts"))
      .filter((box) => every || (box.__alTop !== undefined && Math.abs(stageTop(box) - box.__alTop) > 0.5));
    const slots = boxes.map((box) => Array.from(box.children).filter((slot) => slot.__al.spec));
    slots.forEach((list, i) => {
      if (list.length) boxes[i].style.gridTemplateColumns = tracks(list[0].__al.payload, true);
    });
    slots.filter((list) => list.length).forEach((list) => {
      stageRoom(list);
      share(list, list.map((slot) => slot.clientWidth));
    });
    shareTitles(slots.flat());
    slots.flat().forEach((slot) => paint(slot, slot.clientWidth));
  });
}
window.addEventListener("resize", () => refitStage(true));
document.fonts?.addEventListener("loadingdone", () => refitStage(false));
const watched = new WeakSet(), shifted = new ResizeObserver(() => refitStage(false));
function watchPage() { // the page's block grows and shrinks as elements come and go above the stage
  const block = document.querySelector('[data-testid="stMainBlockContainer"]');
  if (block && !watched.has(block)) { watched.add(block); shifted.observe(block); }
}

// A stage chart drawn in `room` px: at the largest zoom, down to the smallest that keeps every text at the
// presenter minimum, at which it fits without thinning labels it labels in full elsewhere nor crowding its value
// axis (bar panels); else at the smallest, thinned with the chart's note ("1 in n labels shown"). The spec it
// returns says `fit` (a kind may lay out more tightly then). Returns [spec, zoom, layout].
const FIT_STEPS = 6;
function fitted(kind, ctx, spec, width, k, room) {
  const look = { ...spec.look, full_labels: 0 }, least = Math.min(k, spec.look.min_size_presenter / spec.look.tick_size);
  let last = null;
  for (let i = 0; i <= FIT_STEPS; i++) {
    const zoom = k - ((k - least) * i) / FIT_STEPS, shown = { ...spec, height: room / zoom, look, fit: true };
    const b = kind.layout(ctx, shown, width, zoom);
    last = [shown, zoom, b];
    if (b.height <= room + 0.5 && !thinned(spec, b) && !b.crowded) break;
  }
  return last;
}

// Whether a layout draws fewer of an axis's labels than the spec ticks.
function thinned(spec, b) {
  const step = (axis) => (axis && axis.ticks.length > 1 ? axis.ticks[1] - axis.ticks[0] : 1);
  return (b.x?.step ?? 1) > step(spec.cols ?? null) || (b.y?.step ?? 1) > step(spec.rows) || (b.every ?? 1) > 1;
}

// An element's payload taken into its slots (spec, payload, file name, tips), the stage's at one zoom; off the
// stage its charts' titles at one size, the smallest any of them takes (the stage's are shareTitles').
function take(slots, widths, payload) {
  payload.charts.forEach((spec, i) => {
    const slot = slots[i];
    Object.assign(slot.__al, { spec, payload, name: payload.names[i] });
    setTips(slot, payload.words.download);
  });
  share(slots, widths);
  if (slots.length && slots[0].__al.fit === Infinity) elementTitles(slots, widths);
}

// An element's charts off the stage, `widths` px wide: their titles at one size, the smallest any of them takes.
function elementTitles(slots, widths) {
  const titlePx = Math.min(...slots.map(({ __al: c }, i) => (c.spec.title
    ? titleSize(scratch, c.spec, c.payload.zoom, widths[i]) : Infinity)));
  slots.forEach((slot) => { slot.__al.titlePx = titlePx; });
}

// A stage's charts side by side are drawn at one zoom: the smallest any of them fits at.
function share(slots, widths) {
  const fits = slots.map(({ __al: c }, i) => c.fit < Infinity
    && fitted(KINDS[c.spec.kind], scratch, c.spec, widths[i], c.payload.zoom, c.fit)[1]);
  const zoom = Math.min(...fits.filter(Boolean));
  slots.forEach((slot) => { slot.__al.most = zoom; });
}

// Every title on the stage at one size, the smallest any of them takes at its chart's zoom and width (the elements'
// titles side by side alike); a stage chart not among those `painting` is drawn again when that size changes.
function shareTitles(painting) {
  const staged = Array.from(document.querySelectorAll(".st-key-al-stage [data-al-chart]"))
    .filter((slot) => slot.__al.spec && slot.__al.fit < Infinity);
  const sizes = staged.map(({ __al: c }, i) => (c.spec.title
    ? titleSize(scratch, c.spec, Math.min(c.payload.zoom, c.most), staged[i].clientWidth) : Infinity));
  const titlePx = Math.min(...sizes);
  staged.filter((slot) => slot.__al.titlePx !== titlePx).forEach((slot) => {
    slot.__al.titlePx = titlePx;
    if (!painting.includes(slot)) paint(slot, slot.clientWidth);
  });
}

function ensureSlots(root, payload) {
  let box = root.querySelector(":scope > .al-charts");
  if (!box || box.children.length !== payload.charts.length) {
    box?.remove();
    box = document.createElement("div");
    box.className = "al-charts";
    root.appendChild(box);
    payload.charts.forEach(() => box.appendChild(canvasSlot(root === preview ? "alFirst" : "alChart")));
  }
  const staged = !!root.closest(".st-key-al-stage");
  box.style.cssText = `display:grid;grid-template-columns:${tracks(payload, staged)};gap:1rem;width:100%`;
  return Array.from(box.children);
}

// The element's columns: the payload's (one in presenter view, but the stage's side by side to fit the first screen:
// they thin labels rather than wrap), elsewhere never narrower than the widest any of its charts needs to label each
// of its tokens (kind.need): fewer charts side by side then, decided by CSS from the width.
const scratch = document.createElement("canvas").getContext("2d");
// A phone's screen (narrower than PHONE_PX) shows one chart per row, each as wide as the screen.
const PHONE_PX = 640;
const phone = () => document.documentElement.clientWidth < PHONE_PX;

function tracks(payload, staged) {
  if (staged) return stageTracks(payload);
  const columns = payload.zoom > 1 || phone() ? 1 : payload.columns;
  const need = Math.ceil(Math.max(0, ...payload.charts.map((c) => KINDS[c.kind]?.need?.(scratch, c, payload.zoom) ?? 0)));
  if (columns <= 1 || !need) return `repeat(${columns},minmax(0,1fr))`;
  const share = `calc((100% - ${columns - 1}rem) / ${columns} - 0.5px)`;
  return `repeat(auto-fill,minmax(max(min(${need}px,100%),${share}),1fr))`;
}

// The stage's tracks: the element's relative widths (payload.widths: a decoding step's key figure gets the wide slot)
// when all its charts stand in one row, else equal.
function stageTracks(payload) {
  const m = stageColumns(payload), widths = payload.widths || [];
  return widths.length === m ? widths.map((w) => `minmax(0,${w}fr)`).join(" ") : `repeat(${m},minmax(0,1fr))`;
}

// The stage's charts per row: as many as are at least STAGE_CHART_PX wide side by side on this screen (a divisor of
// their number, so rows are full; three at most), at least the element's own columns.
const STAGE_CHART_PX = 380, STAGE_MOST = 3;
function stageColumns(payload) {
  const n = payload.charts.length, width = document.documentElement.clientWidth;
  if (phone()) return 1;
  for (let m = Math.min(n, STAGE_MOST); m > payload.columns; m--) if (n % m === 0 && width / m >= STAGE_CHART_PX) return m;
  return Math.min(n, payload.columns);
}

// mark: "alChart" (data-al-chart) for a chart element's chart, "alFirst" for the first chart's before the page's
function canvasSlot(mark) {
  const slot = document.createElement("div");
  slot.dataset[mark] = "1";
  // the chart's state: its spec, payload and file name, its layout (box), its stage room (fit), shared zoom (most)
  // and shared title size (titlePx)
  slot.__al = { spec: null, payload: null, name: "", box: null, fit: Infinity, most: Infinity, titlePx: Infinity };
  slot.style.cssText = "position:relative;min-width:0";
  slot.innerHTML = '<canvas style="display:block;width:100%"></canvas><div class="al-tip" style="position:absolute;'
    + "display:none;pointer-events:none;background:rgba(30,30,30,.92);color:#fff;padding:4px 8px;border-radius:4px;"
    + `font:15px "${FONT}",sans-serif;white-space:pre;z-index:5"></div>`;
  const canvas = slot.querySelector("canvas"), tip = slot.querySelector(".al-tip");
  canvas.addEventListener("mousemove", (e) => showTip(slot, canvas, tip, e));
  canvas.addEventListener("mouseleave", () => { tip.style.display = "none"; });
  addToolbar(slot, {
    PNG: () => save(offscreen(slot, 2).toDataURL("image/png"), "image/png", slot.__al.name + ".png"),
    SVG: () => withFont(svg(slot), slot.__al.payload.font).then((doc) => save(doc, "image/svg+xml", slot.__al.name + ".svg")),
    CSV: () => save(KINDS[slot.__al.spec.kind].csv(slot.__al.spec), "text/csv", slot.__al.name + ".csv"),
  }, "");
  let width = 0;
  new ResizeObserver(() => {
    if (slot.__al.spec && slot.isConnected && slot.clientWidth && slot.clientWidth !== width) {
      width = slot.clientWidth; // (a slot taken out of the page, or moved to a new root, keeps its drawing)
      const drawn = Array.from(slot.parentElement.children).filter((other) => other.__al.spec);
      if (slot.__al.fit === Infinity) elementTitles(drawn, drawn.map((other) => other.clientWidth));
      paint(slot, width);
    }
  }).observe(slot);
  return slot;
}

function drawInto(canvas, slot, ratio, width) {
  const c = slot.__al, kind = KINDS[c.spec.kind], ctx = canvas.getContext("2d"), room = c.fit;
  const most = Math.min(c.payload.zoom, c.most);
  const titled = { ...c.spec, look: { ...c.spec.look, title_px: c.titlePx } }; // its element's or stage's title size
  const [spec, k, b] = room < Infinity ? fitted(kind, ctx, titled, width, most, room)
    : [titled, c.payload.zoom, kind.layout(ctx, titled, width, c.payload.zoom)];
  const w = Math.round(width * ratio), h = Math.round(b.height * ratio);
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; } // no reallocation per key
  if (canvas.style.height !== b.height + "px") canvas.style.height = b.height + "px";
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = "white"; ctx.fillRect(0, 0, width, b.height);
  kind.draw(ctx, spec, b, k);
  return b;
}

function paint(slot, width) {
  const c = slot.__al;
  c.box = drawInto(slot.querySelector("canvas"), slot, window.devicePixelRatio || 1, width || 600);
  publish(slot, KINDS[c.spec.kind].summary(c.spec), c.payload.sentence, "canvas");
}

function offscreen(slot, ratio) {
  const canvas = document.createElement("canvas");
  drawInto(canvas, slot, ratio, slot.clientWidth || 600);
  return canvas;
}

// a drawn chart as an SVG document: its SVG download, and the handout on paper (ui/static/components/handout.js)
export function svg(slot) {
  const spec = slot.__al.spec, kind = KINDS[spec.kind], k = slot.__al.payload.zoom, width = slot.clientWidth || 600;
  const probe = new SvgContext(width, 0), b = kind.layout(probe, spec, width, k), ctx = new SvgContext(width, b.height);
  kind.draw(ctx, spec, b, k);
  return ctx.toString();
}

function showTip(slot, canvas, tip, e) {
  const b = slot.__al.box, r = canvas.getBoundingClientRect(), x = e.clientX - r.left, y = e.clientY - r.top;
  const text = b && KINDS[slot.__al.spec.kind].hit(slot.__al.spec, b, x, y);
  tip.style.display = text ? "block" : "none";
  if (!text) return;
  tip.textContent = text;
  tip.style.left = Math.max(0, Math.min(x + 14, r.width - tip.offsetWidth - 4)) + "px";
  tip.style.top = y + 14 + "px";
}
