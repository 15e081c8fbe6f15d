// A matrix on a canvas: coloured cells, values in small matrices, grey masked cells, token ticks, a colour bar.
import { colourOf } from "./colour.js";
import { COLOUR_BAR_PX, columnsWidth, drawColourBar, drawColumns, drawRows, drawTitle, drawTurned, fitColumns, full,
  minSize, ROW_PITCH, thin, titled, titleSpace, underTitle, wrapped } from "./common.js";
import { csvLine, csvNumber, distinct, fill, number, px } from "./format.js";
import { rows as listRows } from "./decode.js";

// The layout with room for as many lines of each axis title as it takes there (a line more on the left narrows the
// plot, which may wrap a title again: a few rounds, the counts only grow; then the lines found last get their room).
function layout(ctx, spec, width, k) {
  let rowN = 1, colN = 1, lines = null;
  for (let round = 0; round < 4; round++) {
    const b = arrange(ctx, spec, width, k, rowN, colN);
    lines = axisLines(ctx, spec, b, k);
    if (lines[0].length <= rowN && lines[1].length <= colN) return { ...b, rowLines: lines[0], colLines: lines[1] };
    rowN = Math.max(rowN, lines[0].length); colN = Math.max(colN, lines[1].length);
  }
  return { ...arrange(ctx, spec, width, k, rowN, colN), rowLines: lines[0], colLines: lines[1] };
}

const CELL_MOST_PX = 64;

// The layout with room for the rows' title (turned) and the columns' title in `rowN` and `colN` lines.
function arrange(ctx, spec, width, k, rowN, colN) {
  const look = spec.look, [R, C] = spec.values.shape, size = look.tick_size * k, min = minSize(look, k);
  ctx.font = px(size, look);
  const yLab = Math.max(0, ...spec.rows.ticks.map((i) => ctx.measureText(spec.rows.labels[i]).width));
  const left = 12 + (spec.rows.title ? 26 * k * rowN : 0) + yLab + 8, right = spec.colours.bar ? COLOUR_BAR_PX * k : 12;
  // fitted to a stage, a cell is at most CELL_MOST_PX a side: a prefix of a token or two (a decoding step's first
  // self-attention) is a small map, not one giant cell
  const most = spec.fit ? CELL_MOST_PX * k : Infinity;
  const plotW = Math.min(Math.max(40, width - left - right), C * most), cw = plotW / Math.max(1, C);
  const top = titleSpace(ctx, spec, k, width) + underTitle(ctx, spec, k, width, left + plotW + 22); // the bar's title
  ctx.font = px(size, look);
  const x = fitColumns(ctx, look, spec.cols.labels, spec.cols.ticks, cw, size, full(spec.cols, look) ? min : size,
    spec.cols.focus);
  const bottom = 10 + (spec.cols.title ? 26 * k * colN : 0) + x.depth + 6;
  // a row label needs ROW_PITCH × its size: the plot grows to give every row one (up to full_labels rows), else
  // at least as much room as full_labels rows and the labels are thinned
  const pitch = ROW_PITCH * size, rows = full(spec.rows, look) ? R : Math.min(R, look.full_labels);
  const plotH = Math.max(Math.min(Math.max(40, spec.height * k - top - bottom), R * most), rows * pitch);
  const ch = plotH / Math.max(1, R);
  const y = thin(spec.rows.ticks, ch, pitch, spec.rows.focus);
  return { left, top, plotW, plotH, cw, ch, x, y, values: spec.show_values ? cellText(ctx, spec, cw, ch, k) : null,
    width, height: top + plotH + bottom };
}

// The axis titles (with their notes) as lines, each within its side of the plot: a title longer than that (a chart
// fitted to a stage) puts its note on a line of its own, and a title or note still longer wraps, so that the rows'
// turned title stays beside the plot and never reaches the chart's title above it. The rows' lines may then reach
// down beside the column labels (turned 90° or level, those keep right of the row labels; 45° ones lean left).
function axisLines(ctx, spec, b, k) {
  ctx.font = px(spec.look.font_size * k, spec.look);
  const fits = (room) => (line) => ctx.measureText(line).width <= room;
  const lines = (axis, step, room, more) => {
    const title = titled(axis.title, axis.note, step);
    if (!title || fits(room)(title)) return title ? [title] : [];
    const parts = step > 1 && axis.title && axis.note ? [axis.title, titled("", axis.note, step)] : [title];
    return parts.every(fits(room)) ? parts : parts.flatMap((part) => wrapped(ctx, part, room + more));
  };
  const across = 2 * Math.min(b.left + b.plotW / 2, b.width - b.left - b.plotW / 2) - 8; // centred on the plot
  const below = b.x.angle === 45 ? 0 : b.x.depth;
  return [lines(spec.rows, b.y.step, b.plotH, below), lines(spec.cols, b.x.step, across, 0)];
}

// One size and number of decimals for every cell's value: at most the look's font size and 0.7 of a row, as wide
// as a cell allows but never below the smallest size (one decimal fewer first, down to one), else no values.
export function cellText(ctx, spec, cw, ch, k) {
  const look = spec.look, v = spec.values, mask = spec.mask, min = minSize(look, k), base = Math.min(look.font_size * k, ch * 0.7);
  for (let decimals = spec.decimals; decimals >= Math.min(1, spec.decimals); decimals--) {
    ctx.font = px(base, look);
    let w = 0;
    for (let n = 0; n < v.length; n++) w = Math.max(w, ctx.measureText(mask[n] === 1 ? spec.mask_text : number(v[n], decimals)).width);
    const per = Math.max(1, w) / base; // width per px of size; values keep max(4, 0.3 × size) px apart
    const size = Math.floor(Math.min(base, (cw - 4) / per, cw / (per + 0.3)) * 4) / 4;
    if (size >= min) return { size, decimals };
  }
  return null;
}

function draw(ctx, spec, b, k) {
  const look = spec.look, [R, C] = spec.values.shape, v = spec.values, mask = spec.mask;
  const colour = colourOf(spec.colours), { cw, ch } = b;
  const image = !!ctx.drawImage; // a canvas: the cells as one image; the SVG export: a rect a cell
  if (image) drawCells(ctx, spec, b, colour);
  if (!image || b.values) for (let i = 0; i < R; i++) for (let j = 0; j < C; j++) {
    const n = i * C + j, x = b.left + j * cw, y = b.top + i * ch, masked = mask[n] === 1;
    const c = masked || !Number.isFinite(v[n]) ? null : colour(v[n]);
    if (!image) {
      ctx.fillStyle = masked ? look.mask_grey : c ? c.css : "white";
      ctx.fillRect(x, y, Math.ceil(cw), Math.ceil(ch));
    }
    if (!b.values) continue;
    ctx.font = px(b.values.size, look); ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillStyle = masked || (c && c.dark) ? "white" : look.text_colour;
    ctx.fillText(masked ? spec.mask_text : number(v[n], b.values.decimals), x + cw / 2, y + ch / 2);
  }
  drawAxes(ctx, spec, b, k);
  if (spec.colours.bar) drawColourBar(ctx, spec.colours, look, k, b.left + b.plotW + 22, b.top, b.plotH);
  drawTitle(ctx, spec, k, b.width);
}

// Every cell's colour as one pixel of an R × C image, scaled onto the plot without smoothing: the same colours as a
// fillRect per cell (white where a value is not finite, the look's grey where masked), at a tenth of the drawing
// calls (8,700 cells of Before 2017's opened step: 16 against 1 ms of script in Chromium).
function drawCells(ctx, spec, b, colour) {
  const [R, C] = spec.values.shape, v = spec.values, mask = spec.mask, grey = rgbOf(spec.look.mask_grey);
  const image = new ImageData(C, R), px4 = image.data;
  for (let n = 0; n < R * C; n++) {
    const rgb = mask[n] === 1 ? grey : Number.isFinite(v[n]) ? colour(v[n]).rgb : WHITE;
    px4[4 * n] = rgb[0]; px4[4 * n + 1] = rgb[1]; px4[4 * n + 2] = rgb[2]; px4[4 * n + 3] = 255;
  }
  const cells = new OffscreenCanvas(C, R);
  cells.getContext("2d").putImageData(image, 0, 0);
  const smoothing = ctx.imageSmoothingEnabled;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(cells, b.left, b.top, C * b.cw, R * b.ch);
  ctx.imageSmoothingEnabled = smoothing;
}

const WHITE = [255, 255, 255];

// "#rrggbb" as [r, g, b].
const rgbOf = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function drawAxes(ctx, spec, b, k) {
  const look = spec.look, { cw, ch } = b;
  ctx.fillStyle = look.text_colour;
  drawRows(ctx, look, spec.rows.labels, b.y.shown, look.tick_size * k, b.left - 6, (i) => b.top + (i + 0.5) * ch);
  drawColumns(ctx, look, spec.cols.labels, b.x, (j) => b.left + (j + 0.5) * cw, b.top + b.plotH + 6);
  ctx.font = px(look.font_size * k, look); ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
  const step = 26 * k, cols = b.colLines.length;
  b.colLines.forEach((line, i) => ctx.fillText(line, b.left + b.plotW / 2, b.height - 8 - (cols - 1 - i) * step));
  b.rowLines.forEach((line, i) => { // centred beside the plot; a line longer than the plot: from its top down
    const m = ctx.measureText(line); // centred: turned, its ink reaches actualBoundingBoxRight up (glyph overhang)
    const y = Math.max(b.top + b.plotH / 2, b.top + Math.max(m.width / 2, m.actualBoundingBoxRight));
    drawTurned(ctx, line, 18 * k + i * step, y);
  });
}

// The width this chart needs to label each of its columns (when every one must be drawn), for chart.js.
function need(ctx, spec, k) {
  const look = spec.look;
  if (!full(spec.cols, look)) return 0;
  ctx.font = px(look.tick_size * k, look);
  const yLab = Math.max(0, ...spec.rows.ticks.map((i) => ctx.measureText(spec.rows.labels[i]).width));
  return 12 + (spec.rows.title ? 26 * k : 0) + yLab + 8 + (spec.colours.bar ? COLOUR_BAR_PX * k : 12)
    + columnsWidth(spec.cols.labels.length, look, k);
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

export default { layout, draw, hit, csv, summary, need };
