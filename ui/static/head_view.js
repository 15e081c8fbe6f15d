// BertViz-style head view: queries left, keys right, a line per weight ≥ min_weight, wider and darker when larger.
import { drawTitle, ROW_PITCH, thin, titled, titleSpace } from "./common.js";
import { csvLine, csvNumber, distinct, fill, number, px } from "./format.js";
import { rows as listRows } from "./decode.js";

function layout(ctx, spec, width, k) {
  const look = spec.look, n = Math.max(spec.queries.length, spec.keys.length);
  ctx.font = px(look.font_size * k, look);
  const widest = (labels) => Math.max(0, ...labels.map((s) => ctx.measureText(s).width));
  const qx = Math.max(widest(spec.queries), ctx.measureText(spec.query_title).width) + 24;
  const kx = width - Math.max(widest(spec.keys), ctx.measureText(spec.key_title).width) - 24;
  const top = titleSpace(ctx, spec, k, width) + 30 * k + (n > look.full_labels ? 26 * k : 0), bottom = 44 * k;
  // a token's row has room for its label (up to look.full_labels tokens: the view grows), else labels are thinned
  const pitch = ROW_PITCH * look.font_size * k, want = Math.min(n, look.full_labels) * pitch;
  const rowH = Math.max(spec.height * k - top - bottom, want) / Math.max(1, n);
  return { qx, kx, top, rowH, every: thin(spec.queries.map((_, i) => i), rowH, pitch).step, width,
    height: top + n * rowH + bottom };
}

const bucket = (w, n) => Math.min(Math.floor(w * n), n - 1);

function draw(ctx, spec, b, k) {
  const look = spec.look, [Lq, Lk] = spec.weights.shape, yOf = (i) => b.top + (i + 0.5) * b.rowH;
  ctx.strokeStyle = spec.colour;
  for (let i = 0; i < Lq; i++) for (let j = 0; j < Lk; j++) {
    const w = spec.weights[i * Lk + j];
    if (!(w >= spec.min_weight && w > 0)) continue;
    const level = (bucket(w, spec.buckets) + 1) / spec.buckets;
    ctx.globalAlpha = 0.15 + 0.85 * level; ctx.lineWidth = (1 + 7 * level) * k;
    ctx.beginPath(); ctx.moveTo(b.qx, yOf(i)); ctx.lineTo(b.kx, yOf(j)); ctx.stroke();
  }
  ctx.globalAlpha = 1; ctx.fillStyle = look.text_colour; ctx.font = px(look.font_size * k, look); ctx.textBaseline = "middle";
  ctx.textAlign = "right";
  spec.queries.forEach((q, i) => { ctx.fillRect(b.qx - 4, yOf(i) - 4, 8, 8); if (i % b.every === 0) ctx.fillText(q, b.qx - 10, yOf(i)); });
  ctx.fillText(spec.query_title, b.qx - 10, b.top - 16 * k);
  ctx.textAlign = "left";
  spec.keys.forEach((key, j) => { ctx.fillRect(b.kx - 4, yOf(j) - 4, 8, 8); if (j % b.every === 0) ctx.fillText(key, b.kx + 10, yOf(j)); });
  ctx.fillText(spec.key_title, b.kx + 10, b.top - 16 * k);
  if (b.every > 1) { ctx.textAlign = "center"; ctx.fillText(titled("", spec.note, b.every), (b.qx + b.kx) / 2, b.top - 42 * k); }
  drawLegend(ctx, spec, b, k);
  drawTitle(ctx, spec, k, b.width);
}

function drawLegend(ctx, spec, b, k) {
  const look = spec.look, y = b.height - 20 * k, n = spec.buckets;
  ctx.font = px(look.tick_size * k, look); ctx.textAlign = "left"; ctx.textBaseline = "middle";
  let x = Math.max(10, b.width / 2 - legendWidth(ctx, spec, k) / 2);
  ctx.fillStyle = look.text_colour; ctx.fillText(spec.weight_title, x, y); x += ctx.measureText(spec.weight_title).width + 14;
  for (let i = 0; i < n; i++) {
    const level = (i + 1) / n, label = bucketLabel(i, n);
    ctx.strokeStyle = spec.colour; ctx.globalAlpha = 0.15 + 0.85 * level; ctx.lineWidth = (1 + 7 * level) * k;
    ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + 28 * k, y); ctx.stroke(); ctx.globalAlpha = 1;
    ctx.fillText(label, x + 34 * k, y); x += 34 * k + ctx.measureText(label).width + 16;
  }
}

const bucketLabel = (i, n) => `${number(i / n, 1)}–${number((i + 1) / n, 1)}`;

// the legend's width at the tick size (ctx.font set to it)
function legendWidth(ctx, spec, k) {
  let w = ctx.measureText(spec.weight_title).width + 14;
  for (let i = 0; i < spec.buckets; i++) w += 34 * k + ctx.measureText(bucketLabel(i, spec.buckets)).width + 16;
  return w;
}

function hit(spec, b, x, y) {
  const [Lq, Lk] = spec.weights.shape, near = Math.abs(x - b.qx) < Math.abs(x - b.kx);
  const i = Math.floor((y - b.top) / b.rowH);
  if (i < 0 || i >= (near ? Lq : Lk)) return null;
  const qs = distinct(spec.queries), ks = distinct(spec.keys);
  if (near) return Array.from({ length: Lk }, (_, j) => fill(spec.hover, { query: qs[i], key: ks[j], value: number(spec.weights[i * Lk + j], 3) })).join("\n");
  return Array.from({ length: Lq }, (_, q) => fill(spec.hover, { query: qs[q], key: ks[i], value: number(spec.weights[q * Lk + i], 3) })).join("\n");
}

function csv(spec) {
  const [Lq, Lk] = spec.weights.shape, qs = distinct(spec.queries);
  const lines = [csvLine(["", ...distinct(spec.keys)])];
  for (let i = 0; i < Lq; i++) lines.push(csvLine([qs[i], ...Array.from(spec.weights.subarray(i * Lk, (i + 1) * Lk), csvNumber)]));
  return lines.join("\n") + "\n";
}

function summary(spec) {
  const [Lq, Lk] = spec.weights.shape;
  return { title: spec.title, x: spec.keys, y: spec.queries, get z() { return listRows(spec.weights, Lq, Lk); } };
}

// The width this chart needs for its legend on one line, for chart.js.
function need(ctx, spec, k) {
  ctx.font = px(spec.look.tick_size * k, spec.look);
  return legendWidth(ctx, spec, k) + 20;
}

export default { layout, draw, hit, csv, summary, need };
