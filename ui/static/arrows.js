// Arrows from the origin to 2-D points (RoPE's turned q and k pairs): equal units on x and y, so that a turn reads as
// a turn; each tip named where its label has room, every arrow's name and value on hover.
import { drawTitle, titleSpace, uncrowded } from "./common.js";
import { csvLine, csvNumber, fill, number, px } from "./format.js";

const HEAD = 0.45; // the arrowhead's half-angle (rad)

// Half the width of both axes: the longest tip coordinate and a margin (viz.plotly.arrow_reach).
function reachOf(points) {
  let m = 0;
  for (const v of points) m = Math.max(m, Math.abs(v));
  return 1.12 * Math.max(1e-6, m);
}

// Round tick values 1, 2 or 5 × 10^e apart, about four per half axis, inside [−reach, reach].
function ticksOf(reach) {
  const raw = reach / 4, e = 10 ** Math.floor(Math.log10(raw)), step = [1, 2, 5, 10].find((m) => m * e >= raw) * e;
  const n = Math.floor(reach / step), out = [];
  for (let i = -n; i <= n; i++) out.push(i * step);
  return { values: out, decimals: Math.max(0, -Math.floor(Math.log10(step))) };
}

function layout(ctx, spec, width, k) {
  const look = spec.look, reach = reachOf(spec.points), ticks = ticksOf(reach), top = titleSpace(ctx, spec, k, width);
  ctx.font = px(look.tick_size * k, look);
  const tickW = Math.max(...ticks.values.map((v) => ctx.measureText(number(v, ticks.decimals)).width));
  const left = 12 + 26 * k + tickW + 8, bottom = (26 + 30) * k;
  const side = Math.max(60, Math.min(width - left - 16, spec.height * k - top - bottom));
  const x0 = left + Math.max(0, (width - left - 16 - side) / 2);
  const titleX = x0 - tickW - 8 - 26 * k; // the y title's, beside the tick labels
  return { left: x0, top, side, reach, ticks, titleX, width, height: top + side + bottom };
}

const xOf = (b, v) => b.left + ((v + b.reach) / (2 * b.reach)) * b.side;
const yOf = (b, v) => b.top + ((b.reach - v) / (2 * b.reach)) * b.side;

function drawAxes(ctx, spec, b, k) {
  const look = spec.look, { values, decimals } = b.ticks;
  ctx.lineWidth = 1; ctx.font = px(look.tick_size * k, look); ctx.fillStyle = look.text_colour;
  for (const v of values) {
    ctx.strokeStyle = v === 0 ? look.text_colour : look.grid_colour;
    ctx.beginPath(); ctx.moveTo(xOf(b, v), b.top); ctx.lineTo(xOf(b, v), b.top + b.side); ctx.stroke();
    ctx.beginPath(); ctx.moveTo(b.left, yOf(b, v)); ctx.lineTo(b.left + b.side, yOf(b, v)); ctx.stroke();
    ctx.textAlign = "center"; ctx.textBaseline = "top"; ctx.fillText(number(v, decimals), xOf(b, v), b.top + b.side + 6);
    ctx.textAlign = "right"; ctx.textBaseline = "middle"; ctx.fillText(number(v, decimals), b.left - 8, yOf(b, v));
  }
  ctx.font = px(look.font_size * k, look); ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
  ctx.fillText(spec.x_title, b.left + b.side / 2, b.height - 10);
  ctx.save(); ctx.translate(b.titleX, b.top + b.side / 2); ctx.rotate(-Math.PI / 2);
  ctx.textBaseline = "top"; ctx.fillText(spec.y_title, 0, 0); ctx.restore();
}

function drawArrow(ctx, b, x, y, colour, k) {
  const ox = xOf(b, 0), oy = yOf(b, 0), tx = xOf(b, x), ty = yOf(b, y), angle = Math.atan2(ty - oy, tx - ox);
  const head = Math.min(12 * k, Math.hypot(tx - ox, ty - oy) / 2);
  ctx.strokeStyle = colour; ctx.lineWidth = 2.5 * k;
  ctx.beginPath(); ctx.moveTo(ox, oy); ctx.lineTo(tx, ty); ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(tx - head * Math.cos(angle - HEAD), ty - head * Math.sin(angle - HEAD)); ctx.lineTo(tx, ty);
  ctx.lineTo(tx - head * Math.cos(angle + HEAD), ty - head * Math.sin(angle + HEAD)); ctx.stroke();
}

// Each tip's name just beyond it (kept inside the plot), in the arrow's colour; a name that would cover one drawn
// before it is left out.
function drawNames(ctx, spec, b, k) {
  const look = spec.look, size = look.tick_size * k, n = spec.names.length, boxes = [];
  ctx.font = px(size, look);
  for (let i = 0; i < n; i++) {
    const x = spec.points[2 * i], y = spec.points[2 * i + 1], w = ctx.measureText(spec.names[i]).width;
    const tx = Math.min(Math.max(xOf(b, x) + (x >= 0 ? 6 : -6 - w), b.left + 2), b.left + b.side - w - 2);
    const ty = Math.min(Math.max(yOf(b, y) + (y >= 0 ? -size : 0), b.top), b.top + b.side - size); // inside the plot
    boxes.push({ i, tx, ty, box: [tx, ty, tx + w, ty + size] });
  }
  ctx.textAlign = "left"; ctx.textBaseline = "top";
  for (const { i, tx, ty } of uncrowded(boxes, 2)) { ctx.fillStyle = spec.colours[i]; ctx.fillText(spec.names[i], tx, ty); }
}

function draw(ctx, spec, b, k) {
  drawAxes(ctx, spec, b, k);
  spec.names.forEach((_, i) => drawArrow(ctx, b, spec.points[2 * i], spec.points[2 * i + 1], spec.colours[i], k));
  drawNames(ctx, spec, b, k);
  drawTitle(ctx, spec, k, b.width);
}

// The arrow whose shaft passes nearest the pointer (x, y), within 10 px.
function hit(spec, b, x, y) {
  const ox = xOf(b, 0), oy = yOf(b, 0), p = spec.points;
  let best = -1, bestD = 10;
  spec.names.forEach((_, i) => {
    const dx = xOf(b, p[2 * i]) - ox, dy = yOf(b, p[2 * i + 1]) - oy, len2 = dx * dx + dy * dy;
    const t = len2 ? Math.max(0, Math.min(1, ((x - ox) * dx + (y - oy) * dy) / len2)) : 0;
    const d = Math.hypot(x - ox - t * dx, y - oy - t * dy);
    if (d <= bestD) { best = i; bestD = d; }
  });
  if (best < 0) return null;
  return fill(spec.hover, { name: spec.names[best], x: number(p[2 * best], spec.decimals),
    y: number(p[2 * best + 1], spec.decimals) });
}

function csv(spec) {
  const lines = [csvLine(["", spec.x_title, spec.y_title])];
  spec.names.forEach((name, i) => lines.push(csvLine([name, csvNumber(spec.points[2 * i]), csvNumber(spec.points[2 * i + 1])])));
  return lines.join("\n") + "\n";
}

const summary = (spec) => ({ title: spec.title, x: spec.names, y: [],
  get z() { return spec.names.map((_, i) => [spec.points[2 * i], spec.points[2 * i + 1]]); } });

export default { layout, draw, hit, csv, summary };
