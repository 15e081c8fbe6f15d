// Lines over a linear or log x axis (training curves, cost against length, variance against d_k): a left value axis,
// an optional right one on a fixed range (exact match in %), an optional vertical marker (the step shown), a legend
// over the plot, and the nearest point's values on hover.
import { drawTitle, drawTurned, niceTicks, ROW_PITCH, titleSpace } from "./common.js";
import { csvLine, csvNumber, fill, number, px } from "./format.js";

const DASHES = { solid: [], dot: [3, 3], dash: [9, 6] }; // × k
const HOVER_PX = 24; // the farthest a point answers the pointer from

// An axis from lo to hi, linear or log (base 10): its ticks, their labels, and the map from a value to [0, 1].
export function scaleOf(lo, hi, log) {
  if (!log) {
    const { ticks, decimals } = niceTicks(lo, hi);
    return { lo, hi, log, ticks: ticks.filter((t) => t >= lo && t <= hi), label: (v) => number(v, decimals), at: (v) => (v - lo) / (hi - lo || 1) };
  }
  const a = Math.log10(lo), b = Math.log10(hi), ticks = [];
  const steps = b - a >= 1.5 ? [1] : [1, 2, 5]; // decades, or 1, 2, 5 × 10ᵉ on an axis spanning less than two
  for (let e = Math.floor(a); e <= Math.ceil(b); e++) for (const m of steps) ticks.push(m * 10 ** e);
  return { lo, hi, log, ticks: ticks.filter((t) => t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9)), label: logLabel,
    at: (v) => (Math.log10(v) - a) / (b - a || 1) };
}

// A log axis' tick as Plotly writes it: 0.01, 1, 1000, 10k, 1M.
export function logLabel(v) {
  if (v >= 1e6) return number(v / 1e6, 0) + "M";
  if (v >= 1e4) return number(v / 1e3, 0) + "k";
  return number(v, Math.max(0, -Math.floor(Math.log10(v) + 1e-9)));
}

// The values an axis must hold: finite ones (positive on a log axis).
function extent(values, log) {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) if (Number.isFinite(v) && (!log || v > 0)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  return lo <= hi ? [lo, hi] : log ? [1, 10] : [0, 1];
}

// [lo, hi] widened by `pad` of its span on each side (in log space on a log axis); a single value gets room too.
export function padded([lo, hi], log, pad) {
  if (log) {
    const a = Math.log10(lo), b = Math.log10(hi), d = (b - a || 1) * pad;
    return [10 ** (a - d), 10 ** (b + d)];
  }
  const d = (hi - lo || Math.abs(hi) || 1) * pad;
  return [lo - d, hi + d];
}

// The x axis, the left axis (from zero on a linear axis) and the right axis of a spec.
function scales(spec) {
  const x = spec.lines.flatMap((l) => Array.from(l.x)), left = spec.lines.filter((l) => !l.right).flatMap((l) => Array.from(l.y));
  if (spec.marker_x !== null) x.push(spec.marker_x);
  const [lo, hi] = extent(left, spec.log_y), ys = spec.log_y ? padded([lo, hi], true, 0.05)
    : [Math.min(0, lo < 0 ? padded([lo, hi], false, 0.05)[0] : 0), padded([lo, hi], false, 0.05)[1]];
  const right = spec.right_title ? { ...scaleOf(...spec.right_range, false), ticks: [0, 0.25, 0.5, 0.75, 1],
    label: (v) => (spec.right_percent ? number(v * 100, 0) + "%" : number(v, 2, true)) } : null;
  return { x: scaleOf(...padded(extent(x, spec.log_x), spec.log_x, 0.03), spec.log_x), y: scaleOf(...ys, spec.log_y), right };
}

// The legend's entries in rows no wider than `room` (ctx.font at the legend's size): [[{line, x}], …].
function legendRows(ctx, spec, k, room) {
  if (spec.lines.length < 2) return [];
  const rows = [[]];
  let x = 0;
  for (const line of spec.lines) {
    const w = 30 * k + ctx.measureText(line.name).width;
    if (x > 0 && x + w > room) { rows.push([]); x = 0; }
    rows[rows.length - 1].push({ line, x, w });
    x += w + 18 * k;
  }
  return rows;
}

function layout(ctx, spec, width, k) {
  const look = spec.look, size = look.tick_size * k, font = look.font_size * k, s = scales(spec);
  ctx.font = px(size, look);
  const widest = (axis) => (axis ? Math.max(0, ...axis.ticks.map((t) => ctx.measureText(axis.label(t)).width)) : 0);
  const legend = legendRows(ctx, spec, k, width - 20), pitch = size * 1.5;
  const top = titleSpace(ctx, spec, k, width) + legend.length * pitch + 10 * k;
  const lastX = s.x.ticks.length ? ctx.measureText(s.x.label(s.x.ticks[s.x.ticks.length - 1])).width / 2 : 0;
  const left = 10 + font * 1.3 + 8 + widest(s.y) + 8;
  const right = s.right ? 8 + widest(s.right) + 8 + font * 1.3 + 10 : Math.max(16, lastX + 6);
  const bottom = 6 + size * ROW_PITCH + 8 + font * 1.3 + 6, plotW = Math.max(60, width - left - right);
  const plotH = Math.max(40, spec.height * k - top - bottom);
  const gap = plotW / Math.max(1, s.x.ticks.length - 1), every = Math.max(1, Math.ceil((widest(s.x) + 12) / gap));
  const crowded = plotH < ROW_PITCH * size * Math.max(s.y.ticks.length, s.right ? 5 : 0); // value ticks would touch
  return { ...s, left, top, plotW, plotH, legend, legendTop: titleSpace(ctx, spec, k, width), pitch, every, crowded,
    width, height: top + plotH + bottom };
}

const xOf = (b, v) => b.left + b.x.at(v) * b.plotW;
const yOf = (b, axis, v) => b.top + (1 - axis.at(v)) * b.plotH;

function drawAxes(ctx, spec, b, k) {
  const look = spec.look, bottom = b.top + b.plotH;
  ctx.lineWidth = 1; ctx.strokeStyle = look.grid_colour; ctx.fillStyle = look.text_colour; ctx.font = px(look.tick_size * k, look);
  ctx.textAlign = "center"; ctx.textBaseline = "top";
  b.x.ticks.forEach((t, i) => {
    ctx.beginPath(); ctx.moveTo(xOf(b, t), b.top); ctx.lineTo(xOf(b, t), bottom); ctx.stroke();
    if (i % b.every === 0) ctx.fillText(b.x.label(t), xOf(b, t), bottom + 6);
  });
  ctx.textAlign = "right"; ctx.textBaseline = "middle";
  for (const t of b.y.ticks) {
    ctx.beginPath(); ctx.moveTo(b.left, yOf(b, b.y, t)); ctx.lineTo(b.left + b.plotW, yOf(b, b.y, t)); ctx.stroke();
    ctx.fillText(b.y.label(t), b.left - 8, yOf(b, b.y, t));
  }
  ctx.textAlign = "left";
  for (const t of b.right?.ticks ?? []) ctx.fillText(b.right.label(t), b.left + b.plotW + 8, yOf(b, b.right, t));
  ctx.strokeStyle = look.text_colour;
  ctx.beginPath(); ctx.moveTo(b.left, b.top); ctx.lineTo(b.left, bottom); ctx.lineTo(b.left + b.plotW, bottom); ctx.stroke();
  ctx.font = px(look.font_size * k, look); ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
  ctx.fillText(spec.x_title, b.left + b.plotW / 2, b.height - 8);
  drawTurned(ctx, spec.left_title, 10 + look.font_size * k, b.top + b.plotH / 2);
  if (!b.right) return;
  ctx.save(); ctx.translate(b.width - 10 - look.font_size * k, b.top + b.plotH / 2); ctx.rotate(Math.PI / 2);
  ctx.textAlign = "center"; ctx.fillText(spec.right_title, 0, 0); ctx.restore();
}

// One line's stroke and markers; a point that cannot be drawn (NaN, ≤ 0 on a log axis) breaks the line.
function drawLine(ctx, spec, b, line, k) {
  const axis = line.right ? b.right : b.y, n = line.x.length, points = [];
  for (let i = 0; i < n; i++) {
    const x = line.x[i], y = line.y[i];
    const ok = Number.isFinite(x) && Number.isFinite(y) && (!spec.log_x || x > 0) && (!axis.log || y > 0);
    points.push(ok ? [xOf(b, x), yOf(b, axis, y)] : null);
  }
  ctx.strokeStyle = line.colour; ctx.lineWidth = (line.right || line.markers ? 3 : 2) * k;
  ctx.setLineDash(DASHES[line.dash].map((d) => d * k));
  ctx.beginPath();
  points.forEach((p, i) => { if (p) (points[i - 1] ? ctx.lineTo : ctx.moveTo).call(ctx, ...p); });
  ctx.stroke(); ctx.setLineDash([]);
  if (!line.markers) return;
  ctx.fillStyle = line.colour;
  for (const p of points) if (p) { ctx.beginPath(); ctx.arc(p[0], p[1], 4.5 * k, 0, 2 * Math.PI); ctx.fill(); }
}

function drawLegend(ctx, spec, b, k) {
  const look = spec.look;
  ctx.font = px(look.tick_size * k, look); ctx.textAlign = "left"; ctx.textBaseline = "middle";
  b.legend.forEach((row, r) => {
    const used = row[row.length - 1].x + row[row.length - 1].w, x0 = Math.max(10, (b.width - used) / 2);
    const y = b.legendTop + (r + 0.5) * b.pitch;
    for (const { line, x } of row) {
      ctx.strokeStyle = line.colour; ctx.lineWidth = (line.right || line.markers ? 3 : 2) * k;
      ctx.setLineDash(DASHES[line.dash].map((d) => d * k));
      ctx.beginPath(); ctx.moveTo(x0 + x, y); ctx.lineTo(x0 + x + 24 * k, y); ctx.stroke(); ctx.setLineDash([]);
      if (line.markers) { ctx.fillStyle = line.colour; ctx.beginPath(); ctx.arc(x0 + x + 12 * k, y, 4.5 * k, 0, 2 * Math.PI); ctx.fill(); }
      ctx.fillStyle = look.text_colour; ctx.fillText(line.name, x0 + x + 30 * k, y);
    }
  });
}

function draw(ctx, spec, b, k) {
  drawAxes(ctx, spec, b, k);
  for (const line of spec.lines) drawLine(ctx, spec, b, line, k);
  if (spec.marker_x !== null) {
    ctx.strokeStyle = spec.marker_colour; ctx.lineWidth = 3 * k;
    ctx.beginPath(); ctx.moveTo(xOf(b, spec.marker_x), b.top); ctx.lineTo(xOf(b, spec.marker_x), b.top + b.plotH); ctx.stroke();
  }
  drawLegend(ctx, spec, b, k);
  drawTitle(ctx, spec, k, b.width);
}

// A value as the hover writes it: x as given (integers plain), y with the spec's decimals or in % on a percent axis.
export function xText(v) {
  return Number.isInteger(v) ? number(v, 0) : number(v, 4, true);
}

export function yText(spec, line, v) {
  return line.right && spec.right_percent ? number(v * 100, 1) + "%" : number(v, spec.decimals, true);
}

// The point nearest the pointer (x, y), within HOVER_PX: its line's hover.
function hit(spec, b, x, y) {
  let best = null, bestD = HOVER_PX;
  for (const line of spec.lines) {
    const axis = line.right ? b.right : b.y;
    for (let i = 0; i < line.x.length; i++) {
      const vx = line.x[i], vy = line.y[i];
      if (!Number.isFinite(vx) || !Number.isFinite(vy) || (spec.log_x && vx <= 0) || (axis.log && vy <= 0)) continue;
      const d = Math.hypot(xOf(b, vx) - x, yOf(b, axis, vy) - y);
      if (d < bestD) { bestD = d; best = [line, i]; }
    }
  }
  if (!best) return null;
  const [line, i] = best;
  return fill(line.hover, { x: xText(line.x[i] - line.x_shift), y: yText(spec, line, line.y[i]) });
}

function csv(spec) {
  const lines = [csvLine(["", spec.x_title, spec.left_title + (spec.right_title ? " / " + spec.right_title : "")])];
  for (const line of spec.lines) {
    for (let i = 0; i < line.x.length; i++) lines.push(csvLine([line.name, csvNumber(line.x[i] - line.x_shift), csvNumber(line.y[i])]));
  }
  return lines.join("\n") + "\n";
}

const summary = (spec) => ({ title: spec.title, x: spec.lines.map((l) => l.name), y: [],
  get z() { return spec.lines.map((l) => Array.from(l.y)); } });

export default { layout, draw, hit, csv, summary };
