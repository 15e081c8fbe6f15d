// Side-by-side panels of grouped per-label bars (LayerNorm mean and variance per token, before and after).
import { drawTitle, titleSpace } from "./common.js";
import { csvLine, csvNumber, distinct, fill, number, px } from "./format.js";

// about five round tick values covering [lo, hi]
function niceTicks(lo, hi) {
  const span = hi - lo || 1, raw = span / 4, mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * mag).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return { ticks: out, decimals: Math.max(0, -Math.floor(Math.log10(step))) };
}

function range(panel) {
  if (panel.value_range) return panel.value_range;
  let lo = 0, hi = panel.guide ?? 0;
  for (const s of panel.series) for (const v of s.values) if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  if (panel.from_zero) lo = 0;
  const pad = (hi - lo || 1) * 0.05;
  return [lo < 0 ? lo - pad : lo, hi + pad];
}

function layout(ctx, spec, width, k) {
  const look = spec.look, n = spec.labels.length, P = spec.panels.length;
  ctx.font = px(look.tick_size * k, look);
  const label = Math.max(0, ...spec.labels.map((s) => ctx.measureText(s).width));
  const top = titleSpace(spec, k) + 34 * k, height = spec.height * k, bottom = 14 + label * 0.72 + 14 + 26 * k;
  const gap = 0.08 * width, inner = (width - gap * (P - 1)) / P, plotH = Math.max(40, height - top - bottom);
  const panels = spec.panels.map((panel, p) => {
    const [lo, hi] = range(panel), { ticks, decimals } = niceTicks(lo, hi);
    const tickW = Math.max(...ticks.map((t) => ctx.measureText(number(t, decimals)).width));
    const x0 = p * (inner + gap) + 10 + 26 * k + tickW + 8, w = Math.max(40, inner - (x0 - p * (inner + gap)) - 6);
    return { x0, w, lo, hi, ticks, decimals, slot: w / Math.max(1, n) };
  });
  return { top, plotH, panels, width, height };
}

function draw(ctx, spec, b, k) {
  const look = spec.look, n = spec.labels.length;
  spec.panels.forEach((panel, p) => {
    const g = b.panels[p], yOf = (v) => b.top + (1 - (v - g.lo) / (g.hi - g.lo)) * b.plotH;
    ctx.lineWidth = 1; ctx.font = px(look.tick_size * k, look); ctx.textAlign = "right"; ctx.textBaseline = "middle";
    for (const t of g.ticks) {
      ctx.strokeStyle = look.grid_colour; ctx.beginPath(); ctx.moveTo(g.x0, yOf(t)); ctx.lineTo(g.x0 + g.w, yOf(t)); ctx.stroke();
      ctx.fillStyle = look.text_colour; ctx.fillText(number(t, g.decimals), g.x0 - 6, yOf(t));
    }
    const m = panel.series.length, barW = (g.slot * 0.8) / m;
    for (let i = 0; i < n; i++) panel.series.forEach((s, j) => {
      const v = s.values[i], x = g.x0 + i * g.slot + g.slot * 0.1 + j * barW;
      if (!Number.isFinite(v)) return;
      const base = yOf(Math.max(g.lo, Math.min(g.hi, 0))), top = yOf(Math.max(g.lo, Math.min(g.hi, v)));
      ctx.fillStyle = s.colour; ctx.fillRect(x, Math.min(base, top), Math.max(1, barW - 1), Math.abs(top - base));
      if (spec.show_values) {
        ctx.fillStyle = look.text_colour; ctx.font = px(look.tick_size * k * 0.9, look); ctx.textAlign = "center";
        ctx.textBaseline = "bottom"; ctx.fillText(number(v, 2), x + barW / 2, Math.min(base, top) - 2);
      }
    });
    if (panel.guide !== null) {
      ctx.strokeStyle = spec.guide_colour; ctx.lineWidth = 2 * k; ctx.setLineDash?.([6 * k, 4 * k]);
      ctx.beginPath(); ctx.moveTo(g.x0, yOf(panel.guide)); ctx.lineTo(g.x0 + g.w, yOf(panel.guide)); ctx.stroke();
      ctx.setLineDash?.([]);
    }
    ctx.fillStyle = look.text_colour; ctx.font = px(look.tick_size * k, look);
    const step = Math.max(1, Math.ceil((n * look.tick_size * k * 1.1) / g.w));
    spec.labels.forEach((lab, i) => {
      if (i % step) return;
      ctx.save(); ctx.translate(g.x0 + (i + 0.5) * g.slot, b.top + b.plotH + 8); ctx.rotate(-Math.PI / 4);
      ctx.textAlign = "right"; ctx.textBaseline = "middle"; ctx.fillText(lab, 0, 0); ctx.restore();
    });
    ctx.font = px(look.font_size * k, look); ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
    ctx.fillText(spec.label_title, g.x0 + g.w / 2, b.height - 8);
    ctx.save(); ctx.translate(g.x0 - 26 * k - Math.max(...g.ticks.map((t) => ctx.measureText(number(t, g.decimals)).width)) * 0.6, b.top + b.plotH / 2);
    ctx.rotate(-Math.PI / 2); ctx.fillText(panel.title, 0, 0); ctx.restore();
  });
  drawLegend(ctx, spec, b, k);
  drawTitle(ctx, spec, k);
}

function drawLegend(ctx, spec, b, k) {
  const look = spec.look, series = spec.panels[0]?.series ?? [];
  ctx.font = px(look.tick_size * k, look); ctx.textAlign = "left"; ctx.textBaseline = "middle";
  const widths = series.map((s) => 22 * k + ctx.measureText(s.name).width + 18 * k);
  let x = (b.width - widths.reduce((a, c) => a + c, 0)) / 2;
  const y = b.top - 18 * k;
  series.forEach((s, i) => {
    ctx.fillStyle = s.colour; ctx.fillRect(x, y - 7 * k, 16 * k, 14 * k);
    ctx.fillStyle = look.text_colour; ctx.fillText(s.name, x + 22 * k, y); x += widths[i];
  });
}

function hit(spec, b, x, y) {
  const p = b.panels.findIndex((g) => x >= g.x0 && x < g.x0 + g.w);
  if (p < 0 || y < b.top || y > b.top + b.plotH) return null;
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

export default { layout, draw, hit, csv, summary };
