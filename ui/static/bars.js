// Horizontal bars on [0, vmax] (the likeliest tokens' probabilities), first label on top, one highlighted.
import { drawTitle, ROW_PITCH, titleSpace } from "./common.js";
import { csvLine, csvNumber, fill, number, px } from "./format.js";

function layout(ctx, spec, width, k) {
  const look = spec.look, n = spec.labels.length;
  ctx.font = px(look.tick_size * k, look);
  const left = 12 + Math.max(0, ...spec.labels.map((s) => ctx.measureText(s).width)) + 8;
  ctx.font = px(look.font_size * k, look);
  const right = 12 + ctx.measureText("0.00").width + 8, top = titleSpace(ctx, spec, k, width), bottom = (26 + 26) * k;
  // every bar's row has room for its label and value (the chart grows)
  const plotW = Math.max(40, width - left - right), plotH = Math.max(20, spec.height * k - top - bottom, n * ROW_PITCH * look.font_size * k);
  return { left, top, plotW, plotH, rowH: plotH / Math.max(1, n), width, height: top + plotH + bottom };
}

function draw(ctx, spec, b, k) {
  const look = spec.look, n = spec.labels.length, xOf = (v) => b.left + (Math.max(0, v) / spec.vmax) * b.plotW;
  ctx.strokeStyle = look.grid_colour; ctx.lineWidth = 1;
  ctx.fillStyle = look.text_colour; ctx.font = px(look.tick_size * k, look); ctx.textAlign = "center"; ctx.textBaseline = "top";
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    const x = xOf(t * spec.vmax);
    ctx.beginPath(); ctx.moveTo(x, b.top); ctx.lineTo(x, b.top + b.plotH); ctx.stroke();
    ctx.fillText(number(t * spec.vmax, 2, true), x, b.top + b.plotH + 6);
  }
  for (let i = 0; i < n; i++) {
    const y = b.top + i * b.rowH, v = spec.values[i];
    ctx.fillStyle = i === spec.highlight ? spec.highlight_colour : spec.colour;
    ctx.fillRect(b.left, y + b.rowH * 0.125, xOf(v) - b.left, b.rowH * 0.75);
    ctx.fillStyle = look.text_colour; ctx.textBaseline = "middle";
    ctx.font = px(look.tick_size * k, look); ctx.textAlign = "right"; ctx.fillText(spec.labels[i], b.left - 8, y + b.rowH / 2);
    ctx.font = px(look.font_size * k, look); ctx.textAlign = "left"; ctx.fillText(number(v, spec.decimals), xOf(v) + 6, y + b.rowH / 2);
  }
  ctx.font = px(look.font_size * k, look); ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
  ctx.fillText(spec.value_title, b.left + b.plotW / 2, b.height - 8);
  drawTitle(ctx, spec, k, b.width);
}

function hit(spec, b, x, y) {
  const i = Math.floor((y - b.top) / b.rowH);
  if (i < 0 || i >= spec.labels.length || x < 0) return null;
  return fill(spec.hover, { label: spec.labels[i], value: number(spec.values[i], 4) });
}

function csv(spec) {
  return [csvLine(["", spec.value_title]), ...spec.labels.map((l, i) => csvLine([l, csvNumber(spec.values[i])]))].join("\n") + "\n";
}

const summary = (spec) => ({ title: spec.title, x: [], y: spec.labels, get z() { return [Array.from(spec.values)]; } });

export default { layout, draw, hit, csv, summary };
