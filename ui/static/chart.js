// Attention Lab's chart element: one payload (viz/wire.py) holds one or more chart specs; each is drawn on a
// <canvas> by its kind's module (or by Plotly for the kinds without one). The payloads of one rerun are drawn
// together in one animation frame (see schedule); a payload identical to the last one is not drawn again.
import "./colour.js"; // the kinds' own imports, named here so that every module is fetched in one round trip
import "./common.js";
import "./format.js";
import { decode, sameBytes } from "./decode.js";
import { addToolbar, FONT, fontReady, save, setTips, SvgContext, withFont } from "./export.js";
import arrows from "./arrows.js";
import barPanels from "./barpanels.js";
import bars from "./bars.js";
import grid from "./grid.js";
import headView from "./headview.js";
import heatmap from "./heatmap.js";
import { publish } from "./instrument.js";
import { arrived, listen, superseded } from "./live.js";
import { drawPlotly, plotlyCsv, plotlyImage } from "./plotly-fallback.js";

const KINDS = { heatmap, grid, bars, bar_panels: barPanels, head_view: headView, arrows };
const pending = new Map();
const WAIT_MS = 150; // the longest a drawn payload waits for the rest of its rerun
let frame = 0, timer = 0;

export default function ({ parentElement, data }) {
  if (sameBytes(parentElement.__alBytes, data)) return;
  const payload = decode(data);
  return accept(parentElement, data, payload, arrived(parentElement, payload));
}

// A payload from the keystroke route (live.js): drawn in the next frame, without waiting for a rerun.
listen((root, data, payload) => sameBytes(root.__alBytes, data) || accept(root, data, payload, null));

// seq: for a rerun's payload, the number of route requests asked before it arrived; null for the route's own.
function accept(root, data, payload, seq) {
  root.__alPayload = payload;
  return fontReady(payload.font).then(() => {
    pending.set(root, { data, payload, seq });
    schedule(seq === null);
  });
}

// The pending payloads to draw now. A rerun's payload that the route's drawing has superseded (live.js) waits for
// its rerun to finish, and is then dropped if it still is.
function due() {
  const batch = [];
  for (const [root, { data, payload, seq }] of pending) {
    const old = seq !== null && superseded(root, payload);
    if (old && running()) continue; // judged again when the rerun has finished
    pending.delete(root);
    if (old) continue;
    root.__alBytes = data;
    if (seq !== null) root.__alSeq = Math.max(root.__alSeq ?? 0, seq); // answers asked before it are older
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
new MutationObserver(() => { if (pending.size && !running()) schedule(); })
  .observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-test-script-state"] });

function flush() {
  frame = 0;
  clearTimeout(timer);
  timer = 0;
  const batch = due();
  const slots = batch.map(([root, payload]) => ensureSlots(root, payload)); // DOM writes first,
  const widths = slots.map((list) => list.map((slot) => slot.clientWidth)); // then one layout for every width,
  slots.forEach((list) => { list[0].__fit = stageRoom(list[0]); }); // (and the stage's room, in the same layout)
  batch.forEach(([, payload], i) => render(slots[i], widths[i], payload)); // then drawing only
}

// Presenter view puts the page's main figure on a stage under the token chips (ui/widgets.open_stage): its first
// chart gets the height left on the first screen, so a projector shows the sentence, its tokens and the figure.
// A chart that needs more room to label each token (up to full_labels) still takes it, and a chart with a longer
// axis is not fitted at all (it would thin its labels to fit, instead of being scrolled to).
const STAGE_MIN_PX = 320;
function stageRoom(slot) {
  if (!slot.closest(".st-key-al-stage")) return Infinity;
  const top = slot.getBoundingClientRect().top + window.scrollY;
  return Math.max(STAGE_MIN_PX, window.innerHeight - top - 4);
}

function fitted(spec, room, k) {
  const counts = [spec.rows, spec.cols].filter((axis) => axis && axis.ticks.length === axis.labels.length)
    .map((axis) => axis.labels.length).concat(spec.labels ? [spec.labels.length] : []);
  const long = counts.some((n) => n > spec.look.full_labels); // an axis labelling every token, or bars' tokens
  return !long && room < spec.height * k ? { ...spec, height: room / k } : spec;
}

function render(slots, widths, payload) {
  payload.charts.forEach((spec, i) => {
    const slot = slots[i];
    slot.__spec = spec; slot.__payload = payload; slot.__name = payload.names[i];
    setTips(slot, payload.words.download);
    if (spec.kind !== "plotly") return paint(slot, widths[i]);
    const json = JSON.stringify(spec.figure);
    if (json === slot.__figure) return publish(slot, { title: spec.title }, payload.sentence, "plotly"); // same figure
    slot.__figure = json;
    const room = slot.__fit ?? Infinity, figure = spec.figure, height = figure.layout.height;
    const shown = room < height ? { ...figure, layout: { ...figure.layout, height: Math.round(room) } } : figure;
    drawPlotly(slot.querySelector(".al-plotly"), shown, payload.plotly_src, slot.__name)
      .then((drawn) => drawn && publish(slot, { title: spec.title }, payload.sentence, "plotly"));
  });
}

function ensureSlots(root, payload) {
  let box = root.querySelector(":scope > .al-charts");
  const kinds = payload.charts.map((c) => (c.kind === "plotly" ? "plotly" : "canvas")).join();
  if (!box || box.dataset.kinds !== kinds) {
    box?.remove();
    box = document.createElement("div");
    box.className = "al-charts";
    box.dataset.kinds = kinds;
    root.appendChild(box);
    payload.charts.forEach((c) => box.appendChild(c.kind === "plotly" ? plotlySlot() : canvasSlot()));
  }
  box.style.cssText = `display:grid;grid-template-columns:${tracks(payload)};gap:1rem;width:100%`;
  return Array.from(box.children);
}

// The element's columns: the payload's (one in presenter view), but never narrower than the widest any of its charts
// needs to label each of its tokens (kind.need): fewer charts side by side then, decided by CSS from the width.
const scratch = document.createElement("canvas").getContext("2d");
function tracks(payload) {
  const columns = payload.scale > 1 ? 1 : payload.columns;
  const need = Math.ceil(Math.max(0, ...payload.charts.map((c) => KINDS[c.kind]?.need?.(scratch, c, payload.scale) ?? 0)));
  if (columns <= 1 || !need) return `repeat(${columns},minmax(0,1fr))`;
  const share = `calc((100% - ${columns - 1}rem) / ${columns} - 0.5px)`;
  return `repeat(auto-fill,minmax(max(min(${need}px,100%),${share}),1fr))`;
}

function canvasSlot() {
  const slot = document.createElement("div");
  slot.dataset.alChart = "1";
  slot.style.cssText = "position:relative;min-width:0";
  slot.innerHTML = '<canvas style="display:block;width:100%"></canvas><div class="al-tip" style="position:absolute;'
    + "display:none;pointer-events:none;background:rgba(30,30,30,.92);color:#fff;padding:4px 8px;border-radius:4px;"
    + `font:15px "${FONT}",sans-serif;white-space:pre;z-index:5"></div>`;
  const canvas = slot.querySelector("canvas"), tip = slot.querySelector(".al-tip");
  canvas.addEventListener("mousemove", (e) => showTip(slot, canvas, tip, e));
  canvas.addEventListener("mouseleave", () => { tip.style.display = "none"; });
  addToolbar(slot, {
    PNG: () => save(offscreen(slot, 2).toDataURL("image/png"), "image/png", slot.__name + ".png"),
    SVG: () => withFont(svg(slot), slot.__payload.font).then((doc) => save(doc, "image/svg+xml", slot.__name + ".svg")),
    CSV: () => save(KINDS[slot.__spec.kind].csv(slot.__spec), "text/csv", slot.__name + ".csv"),
  }, "");
  let width = 0;
  new ResizeObserver(() => {
    if (slot.__spec && slot.clientWidth !== width) { width = slot.clientWidth; paint(slot, width); }
  }).observe(slot);
  return slot;
}

function plotlySlot() {
  const slot = document.createElement("div");
  slot.dataset.alChart = "1";
  slot.style.cssText = "position:relative;min-width:0";
  slot.innerHTML = '<div class="al-plotly" style="width:100%"></div>';
  const div = slot.querySelector(".al-plotly");
  addToolbar(slot, {
    PNG: () => plotlyImage(div, "png", slot.__name, slot.__payload.font),
    SVG: () => plotlyImage(div, "svg", slot.__name, slot.__payload.font),
    CSV: () => save(plotlyCsv(div), "text/csv", slot.__name + ".csv") }, "");
  return slot;
}

function drawInto(canvas, slot, scale, width) {
  const k = slot.__payload.scale, spec = fitted(slot.__spec, slot.__fit ?? Infinity, k), kind = KINDS[spec.kind];
  const ctx = canvas.getContext("2d"), b = kind.layout(ctx, spec, width, k);
  const w = Math.round(width * scale), h = Math.round(b.height * scale);
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; } // no reallocation per key
  if (canvas.style.height !== b.height + "px") canvas.style.height = b.height + "px";
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = "white"; ctx.fillRect(0, 0, width, b.height);
  kind.draw(ctx, spec, b, k);
  return b;
}

function paint(slot, width) {
  slot.__box = drawInto(slot.querySelector("canvas"), slot, window.devicePixelRatio || 1, width || 600);
  publish(slot, KINDS[slot.__spec.kind].summary(slot.__spec), slot.__payload.sentence, "canvas");
}

function offscreen(slot, scale) {
  const canvas = document.createElement("canvas");
  drawInto(canvas, slot, scale, slot.clientWidth || 600);
  return canvas;
}

function svg(slot) {
  const spec = slot.__spec, kind = KINDS[spec.kind], k = slot.__payload.scale, width = slot.clientWidth || 600;
  const probe = new SvgContext(width, 0), b = kind.layout(probe, spec, width, k), ctx = new SvgContext(width, b.height);
  kind.draw(ctx, spec, b, k);
  return ctx.toString();
}

function showTip(slot, canvas, tip, e) {
  const b = slot.__box, r = canvas.getBoundingClientRect(), x = e.clientX - r.left, y = e.clientY - r.top;
  const text = b && KINDS[slot.__spec.kind].hit(slot.__spec, b, x, y);
  tip.style.display = text ? "block" : "none";
  if (!text) return;
  tip.textContent = text;
  tip.style.left = Math.max(0, Math.min(x + 14, r.width - tip.offsetWidth - 4)) + "px";
  tip.style.top = y + 14 + "px";
}
