// Side-by-side panels of grouped per-label bars (LayerNorm mean and variance per token, before and after).
import { columnsWidth, drawColumns, drawTitle, fitColumns, minSize, mostThatFit, niceTicks, ROW_PITCH, titled, titleSpace,
  TURNED_90, uncrowded } from "./common.js";
import { csvLine, csvNumber, distinct, fill, number, px } from "./format.js";

function range(panel) {
  if (panel.value_range) return panel.value_range;
  let lo = 0, hi = panel.guide ?? 0;
  for (const s of panel.series) for (const v of s.values) if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  if (panel.from_zero) lo = 0;
  const pad = (hi - lo || 1) * 0.05;
  return [lo < 0 ? lo - pad : lo, hi + pad];
}

// Decimals of a panel's printed values: none for counts (every value whole), else two.
export function valueDecimals(panel) {
  return panel.series.every((s) => Array.from(s.values).every((v) => !Number.isFinite(v) || Number.isInteger(v))) ? 0 : 2;
}

// Panels side by side, or fewer per line (a divisor of their number) when labels of up to look.full_labels would not
// each get room; longer label lists are thinned with a note.
function layout(ctx, spec, width, k) {
  const look = spec.look, n = spec.labels.length, P = spec.panels.length, size = look.tick_size * k, min = minSize(look, k);
  const valueSize = Math.max(min, look.tick_size * k * 0.9), values = spec.show_values ? valueSize * 1.3 : 0;
  const head = titleSpace(ctx, spec, k, width), top = head + 34 * k + values, all = spec.labels.map((_, i) => i);
  ctx.font = px(size, look);
  const axes = spec.panels.map((panel) => {
    const [lo, hi] = range(panel), { ticks, decimals } = niceTicks(lo, hi);
    return { lo, hi, ticks, decimals, tickW: Math.max(...ticks.map((t) => ctx.measureText(number(t, decimals)).width)) };
  });
  const gap = 0.08 * width;
  const place = (q) => axes.map((a, p) => {
    const inner = (width - gap * (q - 1)) / q, start = (p % q) * (inner + gap), x0 = start + 10 + 26 * k + a.tickW + 8;
    return { ...a, x0, w: Math.max(40, inner - (x0 - start) - 6), line: Math.floor(p / q) };
  });
  const q = n <= look.full_labels ? mostThatFit(P, (m) => Math.min(...place(m).map((g) => g.w)) / Math.max(1, n) >= TURNED_90 * min) : P;
  const panels = place(q), narrowest = Math.min(...panels.map((g) => g.w)) / Math.max(1, n);
  const x = fitColumns(ctx, look, spec.labels, all, narrowest, size, n <= look.full_labels ? min : size), lines = P / q;
  const bottom = 14 + x.depth + 14 + 26 * k, between = lines > 1 ? 16 * k + values : 0;
  const plotH = Math.max(40, spec.height * k - top - bottom);
  for (const g of panels) { g.y0 = top + g.line * (plotH + bottom + between); g.slot = g.w / Math.max(1, n); }
  const crowded = plotH < ROW_PITCH * size * Math.max(...axes.map((a) => a.ticks.length)); // value ticks would touch
  return { top, legendY: head + 16 * k, plotH, bottom, panels, x, valueSize, crowded, width,
    height: top + lines * (plotH + bottom) + (lines - 1) * between };
}


function draw(ctx, spec, b, k) {
  const look = spec.look, n = spec.labels.length, labelTitle = titled(spec.label_title, spec.note, b.x.step);
  spec.panels.forEach((panel, p) => {
    const g = b.panels[p], yOf = (v) => g.y0 + (1 - (v - g.lo) / (g.hi - g.lo)) * b.plotH;
    ctx.lineWidth = 1; ctx.font = px(look.tick_size * k, look); ctx.textAlign = "right"; ctx.textBaseline = "middle";
    for (const t of g.ticks) {
      ctx.strokeStyle = look.grid_colour; ctx.beginPath(); ctx.moveTo(g.x0, yOf(t)); ctx.lineTo(g.x0 + g.w, yOf(t)); ctx.stroke();
      ctx.fillStyle = look.text_colour; ctx.fillText(number(t, g.decimals), g.x0 - 6, yOf(t));
    }
    const m = panel.series.length, barW = (g.slot * 0.8) / m, labels = [], decimals = valueDecimals(panel);
    ctx.font = px(b.valueSize, look);
    for (let i = 0; i < n; i++) panel.series.forEach((s, j) => {
      const v = s.values[i], x = g.x0 + i * g.slot + g.slot * 0.1 + j * barW;
      if (!Number.isFinite(v)) return;
      const base = yOf(Math.max(g.lo, Math.min(g.hi, 0))), top = yOf(Math.max(g.lo, Math.min(g.hi, v)));
      ctx.fillStyle = s.colour; ctx.fillRect(x, Math.min(base, top), Math.max(1, barW - 1), Math.abs(top - base));
      if (!spec.show_values) return;
      const text = number(v, decimals), w = ctx.measureText(text).width, y = Math.min(base, top) - 2;
      const cx = Math.max(g.x0 + w / 2, Math.min(g.x0 + g.w - w / 2, x + barW / 2)); // inside the panel
      labels.push({ text, v, cx, y, box: [cx - w / 2, y - b.valueSize, cx + w / 2, y] });
    });
    // values over their bars: the largest first, each only where it collides with no value already written
    labels.sort((a, c) => Math.abs(c.v) - Math.abs(a.v));
    ctx.fillStyle = look.text_colour; ctx.textAlign = "center"; ctx.textBaseline = "bottom";
    for (const l of uncrowded(labels, b.valueSize * 0.3)) ctx.fillText(l.text, l.cx, l.y);
    if (panel.guide !== null) {
      ctx.strokeStyle = spec.guide_colour; ctx.lineWidth = 2 * k; ctx.setLineDash?.([6 * k, 4 * k]);
      ctx.beginPath(); ctx.moveTo(g.x0, yOf(panel.guide)); ctx.lineTo(g.x0 + g.w, yOf(panel.guide)); ctx.stroke();
      ctx.setLineDash?.([]);
    }
    ctx.fillStyle = look.text_colour;
    drawColumns(ctx, look, spec.labels, b.x, (i) => g.x0 + (i + 0.5) * g.slot, g.y0 + b.plotH + 4);
    ctx.font = px(look.font_size * k, look); ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
    ctx.fillText(labelTitle, g.x0 + g.w / 2, g.y0 + b.plotH + b.bottom - 8);
    ctx.save(); ctx.translate(g.x0 - 26 * k - Math.max(...g.ticks.map((t) => ctx.measureText(number(t, g.decimals)).width)) * 0.6, g.y0 + b.plotH / 2);
    ctx.rotate(-Math.PI / 2); ctx.fillText(panel.title, 0, 0); ctx.restore();
  });
  drawLegend(ctx, spec, b, k);
  drawTitle(ctx, spec, k, b.width);
}

function drawLegend(ctx, spec, b, k) {
  const look = spec.look, series = spec.panels[0]?.series ?? [];
  ctx.font = px(look.tick_size * k, look); ctx.textAlign = "left"; ctx.textBaseline = "middle";
  const widths = series.map((s) => 22 * k + ctx.measureText(s.name).width + 18 * k);
  let x = (b.width - widths.reduce((a, c) => a + c, 0)) / 2;
  const y = b.legendY;
  series.forEach((s, i) => {
    ctx.fillStyle = s.colour; ctx.fillRect(x, y - 7 * k, 16 * k, 14 * k);
    ctx.fillStyle = look.text_colour; ctx.fillText(s.name, x + 22 * k, y); x += widths[i];
  });
}

function hit(spec, b, x, y) {
  const p = b.panels.findIndex((g) => x >= g.x0 && x < g.x0 + g.w && y >= g.y0 && y <= g.y0 + b.plotH);
  if (p < 0) return null;
  const g = b.panels[p], i = Math.floor((x - g.x0) / g.slot), labels = distinct(spec.labels);
  if (i < 0 || i >= spec.labels.length) return null;
  return spec.panels[p].series.map((s) => fill(spec.hover, { series: s.name, label: labels[i], value: number(s.values[i], 3) })).join("\n");
}

function csv(spec) {
  const cols = spec.panels.flatMap((p) => p.series.map((s) => `${p.title} (${s.name})`));
  const lines = [csvLine(["", ...cols])];
  distinct(spec.labels).forEach((lab, i) => lines.push(csvLine([lab, ...spec.panels.flatMap((p) => p.series.map((s) => csvNumber(s.values[i])))])));
  return lines.join("\n") + "\n";
}

const summary = (spec) => ({ title: spec.title, x: spec.labels, y: [],
  get z() { return spec.panels.flatMap((p) => p.series.map((s) => Array.from(s.values))); } });

// The width this chart needs to label each bar of one panel (up to look.full_labels of them), for chart.js.
function need(ctx, spec, k) {
  const look = spec.look, n = spec.labels.length;
  if (n > look.full_labels) return 0;
  ctx.font = px(look.tick_size * k, look);
  const tickW = Math.max(0, ...spec.panels.map((panel) => {
    const [lo, hi] = range(panel), { ticks, decimals } = niceTicks(lo, hi);
    return Math.max(...ticks.map((t) => ctx.measureText(number(t, decimals)).width));
  }));
  return 10 + 26 * k + tickW + 8 + 6 + columnsWidth(n, look, k);
}

export default { layout, draw, hit, csv, summary, need };
