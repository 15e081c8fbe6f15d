// BertViz-style head view: queries left, keys right, a line per weight ≥ min_weight, wider and darker when larger.
import { drawTitle, titleSpace } from "./common.js";
import { csvLine, csvNumber, distinct, fill, number, px } from "./format.js";
import { rows as listRows } from "./decode.js";

function layout(ctx, spec, width, k) {
  const look = spec.look, n = Math.max(spec.queries.length, spec.keys.length);
  ctx.font = px(look.font_size * k, look);
  const widest = (labels) => Math.max(0, ...labels.map((s) => ctx.measureText(s).width));
  const qx = Math.max(widest(spec.queries), ctx.measureText(spec.query_title).width) + 24;
  const kx = width - Math.max(widest(spec.keys), ctx.measureText(spec.key_title).width) - 24;
  const top = titleSpace(spec, k) + 30 * k, height = spec.height * k, bottom = 44 * k;
  return { qx, kx, top, rowH: Math.max(8, (height - top - bottom) / Math.max(1, n)), width, height };
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
  spec.queries.forEach((q, i) => { ctx.fillRect(b.qx - 4, yOf(i) - 4, 8, 8); ctx.fillText(q, b.qx - 10, yOf(i)); });
  ctx.fillText(spec.query_title, b.qx - 10, b.top - 16 * k);
  ctx.textAlign = "left";
  spec.keys.forEach((key, j) => { ctx.fillRect(b.kx - 4, yOf(j) - 4, 8, 8); ctx.fillText(key, b.kx + 10, yOf(j)); });
  ctx.fillText(spec.key_title, b.kx + 10, b.top - 16 * k);
  drawLegend(ctx, spec, b, k);
  drawTitle(ctx, spec, k);
}

function drawLegend(ctx, spec, b, k) {
  const look = spec.look, y = b.height - 20 * k, n = spec.buckets;
  ctx.font = px(look.tick_size * k, look); ctx.textAlign = "left"; ctx.textBaseline = "middle";
  let x = Math.max(10, b.width / 2 - 260 * k);
  ctx.fillStyle = look.text_colour; ctx.fillText(spec.weight_title, x, y); x += ctx.measureText(spec.weight_title).width + 14;
  for (let i = 0; i < n; i++) {
    const level = (i + 1) / n, label = `${number(i / n, 1)}–${number((i + 1) / n, 1)}`;
    ctx.strokeStyle = spec.colour; ctx.globalAlpha = 0.15 + 0.85 * level; ctx.lineWidth = (1 + 7 * level) * k;
    ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + 28 * k, y); ctx.stroke(); ctx.globalAlpha = 1;
    ctx.fillText(label, x + 34 * k, y); x += 34 * k + ctx.measureText(label).width + 16;
  }
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

export default { layout, draw, hit, csv, summary };
