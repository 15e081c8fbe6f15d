// A matrix on a canvas: coloured cells, values in small matrices, grey masked cells, token ticks, a colour bar.
import { colourOf } from "./colour.js";
import { COLOUR_BAR_PX, drawColourBar, drawTitle, titleSpace } from "./common.js";
import { csvLine, csvNumber, distinct, fill, number, px } from "./format.js";
import { rows as listRows } from "./decode.js";

function layout(ctx, spec, width, k) {
  const look = spec.look, [R, C] = spec.values.shape;
  ctx.font = px(look.tick_size * k, look);
  const widest = (ax) => Math.max(0, ...ax.ticks.map((i) => ctx.measureText(ax.labels[i]).width));
  const yLab = widest(spec.rows), xLab = widest(spec.cols);
  const left = 12 + (spec.rows.title ? 26 * k : 0) + yLab + 8, right = COLOUR_BAR_PX * k, top = titleSpace(spec, k);
  const plotW = Math.max(40, width - left - right), cw = plotW / Math.max(1, C);
  const step = spec.cols.ticks.length > 1 ? cw * (spec.cols.ticks[1] - spec.cols.ticks[0]) : plotW;
  const rotate = xLab + 6 > step;
  const bottom = 10 + (spec.cols.title ? 26 * k : 0) + (rotate ? xLab * 0.72 + 10 : 18 * k) + 6;
  const height = spec.height * k, plotH = Math.max(40, height - top - bottom);
  return { left, top, plotW, plotH, cw, ch: plotH / Math.max(1, R), rotate, width, height };
}

function draw(ctx, spec, b, k) {
  const look = spec.look, [R, C] = spec.values.shape, v = spec.values, mask = spec.mask;
  const colour = colourOf(spec.scale), { cw, ch } = b;
  ctx.textAlign = "center"; ctx.textBaseline = "middle";
  for (let i = 0; i < R; i++) for (let j = 0; j < C; j++) {
    const n = i * C + j, x = b.left + j * cw, y = b.top + i * ch, masked = mask[n] === 1;
    const c = masked || !Number.isFinite(v[n]) ? null : colour(v[n]);
    ctx.fillStyle = masked ? look.mask_grey : c ? c.css : "white";
    ctx.fillRect(x, y, Math.ceil(cw), Math.ceil(ch));
    if (!spec.show_values) continue;
    const label = masked ? spec.mask_text : number(v[n], spec.decimals);
    let size = Math.min(look.font_size * k, ch * 0.5);
    ctx.font = px(size, look);
    const w = ctx.measureText(label).width;
    if (w > cw - 4) { size = Math.floor(size * (cw - 4) / w); ctx.font = px(size, look); }
    ctx.fillStyle = masked || (c && c.dark) ? "white" : look.text_colour;
    if (size >= 9) ctx.fillText(label, x + cw / 2, y + ch / 2);
  }
  drawAxes(ctx, spec, b, k);
  drawColourBar(ctx, spec.scale, look, k, b.left + b.plotW + 22, b.top, b.plotH);
  drawTitle(ctx, spec, k);
}

function drawAxes(ctx, spec, b, k) {
  const look = spec.look, { cw, ch } = b;
  ctx.fillStyle = look.text_colour; ctx.font = px(look.tick_size * k, look);
  ctx.textAlign = "right"; ctx.textBaseline = "middle";
  for (const i of spec.rows.ticks) ctx.fillText(spec.rows.labels[i], b.left - 6, b.top + (i + 0.5) * ch);
  const ticks = spec.cols.ticks, gap = ticks.length > 1 ? (ticks[1] - ticks[0]) * cw : b.plotW;
  const every = b.rotate ? Math.max(1, Math.ceil(20 * k / gap)) : 1; // rotated labels need ~20 px apart
  ticks.forEach((j, n) => {
    if (n % every) return;
    const x = b.left + (j + 0.5) * cw, y = b.top + b.plotH + 6;
    if (b.rotate) {
      ctx.save(); ctx.translate(x, y + 4); ctx.rotate(-Math.PI / 4);
      ctx.textAlign = "right"; ctx.textBaseline = "middle"; ctx.fillText(spec.cols.labels[j], 0, 0); ctx.restore();
    } else { ctx.textAlign = "center"; ctx.textBaseline = "top"; ctx.fillText(spec.cols.labels[j], x, y); }
  });
  ctx.font = px(look.font_size * k, look); ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
  if (spec.cols.title) ctx.fillText(spec.cols.title, b.left + b.plotW / 2, b.height - 8);
  if (spec.rows.title) {
    ctx.save(); ctx.translate(18 * k, b.top + b.plotH / 2); ctx.rotate(-Math.PI / 2);
    ctx.fillText(spec.rows.title, 0, 0); ctx.restore();
  }
}

function hit(spec, b, x, y) {
  const [R, C] = spec.values.shape;
  const j = Math.floor((x - b.left) / b.cw), i = Math.floor((y - b.top) / b.ch);
  if (i < 0 || j < 0 || i >= R || j >= C) return null;
  const n = i * C + j, fields = { row: distinct(spec.rows.labels)[i], col: distinct(spec.cols.labels)[j] };
  if (spec.mask[n] === 1) return fill(spec.mask_hover, fields);
  return fill(spec.hover, { ...fields, value: number(spec.values[n], Math.max(spec.decimals, 3), true) });
}

function csv(spec) {
  const [R, C] = spec.values.shape, rowNames = distinct(spec.rows.labels);
  const lines = [csvLine(["", ...distinct(spec.cols.labels)])];
  for (let i = 0; i < R; i++) lines.push(csvLine([rowNames[i], ...Array.from(spec.values.subarray(i * C, (i + 1) * C), csvNumber)]));
  return lines.join("\n") + "\n";
}

function summary(spec) {
  const [R, C] = spec.values.shape;
  return { title: spec.title, x: spec.cols.ticks.map((j) => spec.cols.labels[j]), y: spec.rows.ticks.map((i) => spec.rows.labels[i]),
    get z() { return listRows(spec.values, R, C).map((r, i) => r.map((v, j) => (spec.mask[i * C + j] ? null : v))); } };
}

export default { layout, draw, hit, csv, summary };
