// Drawing pieces shared by the chart kinds: the title, a colour bar, and fitting category labels to the room.
import { colourOf } from "./colour.js";
import { number, px } from "./format.js";

export function drawTitle(ctx, spec, k, width) {
  if (!spec.title) return;
  const { size, lines } = titleLines(ctx, spec, k, width);
  ctx.fillStyle = spec.look.text_colour; ctx.font = px(size, spec.look);
  ctx.textAlign = "left"; ctx.textBaseline = "alphabetic";
  lines.forEach((line, i) => ctx.fillText(line, 10, 28 * k + i * size * TITLE_PITCH));
}

// The room above the plot: the title's (one line more for each line it wraps to), or a margin.
export function titleSpace(ctx, spec, k, width) {
  if (!spec.title) return 24;
  const { size, lines } = titleLines(ctx, spec, k, width);
  return 52 * k + (lines.length - 1) * size * TITLE_PITCH;
}

const TITLE_PITCH = 1.2;
const CLOSING = /^[）)」》\]，。、；：！？]/u; // punctuation that may not start a line
// an ordinal ("第 2 层", never "第 2" / "层"), a Chinese character or punctuation, a word and its spaces, spaces
const PIECES = /第 ?\d+ ?[\u4E00-\u9FFF]|[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]|[^\s\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]+\s*|\s+/g;

// The title at the look's size, or smaller (not below the smallest size) when it is wider than the chart, and then
// in as many lines as it needs (broken at spaces, or between Chinese words): never cut at the chart's edge, and
// its first line clear of the download buttons that show over the chart's top right corner on hover (export.js).
// A stage row's charts take the smallest of their titles' sizes (look.title_px, chart.js), so the row's titles match.
function titleLines(ctx, spec, k, width) {
  const look = spec.look, size = Math.min(titleSize(ctx, spec, k, width), look.title_px ?? Infinity);
  ctx.font = px(size, look);
  const first = Math.max(width / 3, width - 18 - toolbarRoom(k));
  return { size, lines: width ? wrapped(ctx, spec.title, width - 20, first) : [spec.title] };
}

// The title's size: the look's, or smaller (not below the smallest size) to stand on one line in `width`.
export function titleSize(ctx, spec, k, width) {
  const look = spec.look, full = look.title_size * k;
  ctx.font = px(full, look);
  const w = ctx.measureText(spec.title).width;
  return !width || w + 20 <= width ? full : Math.max(minSize(look, k), Math.floor((full * (width - 20)) / w));
}

// The width export.js's download buttons take at a chart's top right, with their margin: 13 px buttons, 18 px in
// presenter view (the only view that draws charts at a zoom above 1).
export const toolbarRoom = (k) => (k > 1 ? 184 : 152);

// A new line's first pieces: `piece`, and when it is closing punctuation, which never starts a line, the pieces
// before it down to one that is not (taken off `line`, which keeps at least one piece).
function carried(line, piece) {
  if (!CLOSING.test(piece)) return [piece.trimStart()];
  const down = [piece];
  while (line.length > 1 && line[line.length - 1].trim()) {
    down.unshift(line.pop());
    if (!CLOSING.test(down[0])) break;
  }
  return down;
}

const HAN = /^[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]+$/u;
const PAUSE = /^[，：、；。！？]$/u; // Chinese punctuation after which a line breaks best
const WORDS = globalThis.Intl?.Segmenter ? new Intl.Segmenter("zh", { granularity: "word" }) : null;

// The text's pieces a line may break between: runs of spaces, words with their trailing spaces, punctuation, and
// Chinese words as the browser's dictionary reads them ("交叉" / "注意力"; a character each without one).
function piecesOf(text) {
  const out = [];
  let run = "";
  const flush = () => {
    if (run) out.push(...(WORDS ? Array.from(WORDS.segment(run), (w) => w.segment) : run));
    run = "";
  };
  for (const piece of text.match(PIECES)) {
    if (HAN.test(piece) && !CLOSING.test(piece) && !PAUSE.test(piece) && !/[（(「《[]/u.test(piece)) run += piece;
    else { flush(); out.push(piece); }
  }
  flush();
  return out;
}

// A break before a Chinese word may split a longer one the dictionary does not know ("权" / "重"): the pieces after the line's last
// pause (a comma, a colon…) go down with `piece`, taken off `line`, when the line stays at least half of `most` wide
// (punctuation that may not start a line is `carried`'s).
function toPause(ctx, line, piece, most) {
  if (!HAN.test(piece) || CLOSING.test(piece) || PAUSE.test(line[line.length - 1].trim())) return [];
  const at = line.findLastIndex((p) => PAUSE.test(p));
  if (at < 0 || ctx.measureText(line.slice(0, at + 1).join("")).width < most / 2) return [];
  return line.splice(at + 1);
}

// A text in as many lines as it needs to keep each within `room` px in the context's font, the first within `first`
// (broken at spaces, or between Chinese words); a word wider than the room keeps a line of its own.
export function wrapped(ctx, text, room, first = room) {
  if (ctx.measureText(text).width <= first) return [text];
  const pieces = [[]]; // each line's pieces
  for (const piece of piecesOf(text)) {
    const line = pieces[pieces.length - 1], most = pieces.length === 1 ? first : room, joined = line.join("");
    if (!joined.trim() || ctx.measureText((joined + piece).trimEnd()).width <= most) line.push(piece);
    else pieces.push([...toPause(ctx, line, piece, most), ...carried(line, piece)]);
  }
  const lines = pieces.map((line) => line.join(""));
  for (let i = 0; i + 1 < lines.length; i++) { // an opening bracket goes down with what it opens: never "（" / "第 0 层）"
    const open = lines[i].trimEnd().match(/[（(「《[]$/u);
    if (open && lines[i].trimEnd().length > 1) {
      lines[i] = lines[i].trimEnd().slice(0, -1);
      lines[i + 1] = open[0] + lines[i + 1];
    }
  }
  return lines.map((line) => line.trimEnd()).filter(Boolean);
}

// about five round tick values covering [lo, hi]
export function niceTicks(lo, hi) {
  const span = hi - lo || 1, raw = span / 4, mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * mag).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return { ticks: out, decimals: Math.max(0, -Math.floor(Math.log10(step))) };
}

// Room to add above a colour bar at x whose title would meet the chart's title's last line (a narrow chart).
export function underTitle(ctx, spec, k, width, x) {
  if (!spec.title) return 0;
  const { size, lines } = titleLines(ctx, spec, k, width);
  ctx.font = px(size, spec.look);
  return 10 + ctx.measureText(lines[lines.length - 1]).width + 8 > x ? 22 * k : 0;
}

// A title turned a quarter to the left, centred on y, its baseline at x, but its ink never left of the chart's edge
// (Chinese glyphs rise further above the baseline than Latin ones).
export function drawTurned(ctx, title, x, y) {
  const rise = ctx.measureText(title).actualBoundingBoxAscent;
  ctx.save(); ctx.translate(Math.max(x, rise + 2), y); ctx.rotate(-Math.PI / 2); ctx.textAlign = "center";
  ctx.fillText(title, 0, 0); ctx.restore();
}

// a vertical bar of the colour map's colours at x, from top to top + h, labelled at vmin, the middle and vmax
export function drawColourBar(ctx, colours, look, k, x, top, h) {
  const colour = colourOf(colours), w = 16 * k;
  for (let i = 0; i < h; i++) {
    ctx.fillStyle = colour.at(1 - i / h).css;
    ctx.fillRect(x, top + i, w, 1.5);
  }
  ctx.fillStyle = look.text_colour; ctx.font = px(look.tick_size * k, look);
  ctx.textAlign = "left"; ctx.textBaseline = "middle";
  for (const f of [0, 0.5, 1]) ctx.fillText(number(colours.vmin + f * (colours.vmax - colours.vmin), 2, true), x + w + 4, top + (1 - f) * h);
  if (colours.title) { ctx.textBaseline = "bottom"; ctx.fillText(colours.title, x, top - 12); }
}

export const COLOUR_BAR_PX = 92;

// The smallest text a chart writes, in CSS px: the look's minimum, larger in presenter view (k > 1). Labels that
// would need less get room instead (a taller chart, fewer charts or maps side by side) or are thinned with a note.
export const minSize = (look, k) => (k > 1 ? look.min_size_presenter : look.min_size);

// The room a label needs, in px per px of its font: rows of level text one above the other, and columns of text
// turned 45° or 90° side by side.
export const ROW_PITCH = 1.25, TURNED_45 = 1.6, TURNED_90 = 1.1;

// Every label of this axis must be drawn (viz.spec.full): all are ticked and there are at most look.full_labels.
export const full = (axis, look) => axis.ticks.length === axis.labels.length && axis.labels.length <= look.full_labels;

export const stepOf = (ticks) => (ticks.length > 1 ? ticks[1] - ticks[0] : 1);

// An axis title with its note when only every step-th label is drawn (viz.spec.note_of writes the same).
export function titled(title, note, step) {
  if (step <= 1 || !note) return title;
  const said = note.replace("{n}", String(step));
  return title ? `${title} · ${said}` : said;
}

// The ticks drawn when consecutive categories are `cell` px apart and a label needs `need` px: every m-th of them,
// counted from the axis's focus (viz.spec.Axis.focus: the token the lecture points at) so that its label is drawn.
export function thin(ticks, cell, need, focus = -1) {
  const s0 = stepOf(ticks), m = Math.max(1, Math.ceil(need / (s0 * cell) - 1e-6));
  return { shown: everyFrom(ticks, m, focus), step: s0 * m };
}

// Every m-th of `ticks`, counted from the tick at category `focus` (if ticked), else from the first.
export function everyFrom(ticks, m, focus = -1) {
  const at = Math.max(0, ticks.indexOf(focus));
  return ticks.filter((_, n) => (((n - at) % m) + m) % m === 0);
}

// How to write column labels (`ticks` of `labels`, categories `cell` px apart) at `size` px: level if the widest
// fits, else turned 45°, else 90°, else smaller down to `min` (an axis that must show every label: the smallest
// size; else `size`, so that it keeps its size), else every m-th counted from `focus` (thinned; `step` says which).
// depth: the height the labels take under the axis.
export function fitColumns(ctx, look, labels, ticks, cell, size, min, focus = -1) {
  const s0 = stepOf(ticks), gap = s0 * cell;
  const widest = (s) => { ctx.font = px(s, look); return Math.max(0, ...ticks.map((i) => ctx.measureText(labels[i]).width)); };
  const out = (s, angle, m) => {
    const w = widest(s), depth = angle === 0 ? s * 1.25 : angle === 45 ? (w + s) * 0.72 + 4 : w + 6;
    return { size: s, angle, shown: everyFrom(ticks, m, focus), step: s0 * m, depth, lines: 1 };
  };
  if (widest(size) + 6 <= gap) return out(size, 0, 1);
  ctx.font = px(size, look); // labels of several words on two level lines, where each line fits
  const halves = ticks.map((i) => halved(labels[i]));
  if (halves.every((h) => h.length === 2 && Math.max(...h.map((l) => ctx.measureText(l).width)) + 6 <= gap)) {
    return { ...out(size, 0, 1), depth: size * 2 * ROW_PITCH, lines: 2 };
  }
  if (gap >= TURNED_45 * size) return out(size, 45, 1);
  if (gap >= TURNED_90 * size) return out(size, 90, 1);
  const smaller = Math.floor((gap / TURNED_90) * 4) / 4;
  if (smaller >= min) return out(smaller, 90, 1);
  const m45 = Math.ceil((TURNED_45 * size) / gap), m90 = Math.ceil((TURNED_90 * size) / gap);
  return m45 === m90 ? out(size, 45, m45) : out(size, 90, m90);
}

// The width a chart needs to label `n` columns in full at the smallest size, turned 90°.
export const columnsWidth = (n, look, k) => n * TURNED_90 * minSize(look, k);

// How many of n panels or maps to put side by side: all if fits(n), else the most that divide n and fit (a line
// then never mixes two rows of a grid), else all (narrower never helps; the labels are thinned instead).
export function mostThatFit(n, fits) {
  for (let m = n; m >= 1; m--) if (n % m === 0 && fits(m)) return m;
  return n;
}

// A label split at the space nearest its middle: [first, second], or [label] if it has no space.
export function halved(label) {
  const spaces = [...label.matchAll(/ /g)].map((m) => m.index);
  if (!spaces.length) return [label];
  const at = spaces.reduce((a, b) => (Math.abs(b - label.length / 2) < Math.abs(a - label.length / 2) ? b : a));
  return [label.slice(0, at), label.slice(at + 1)];
}

// Column labels as fitColumns says, under y, each centred on xOf(i).
export function drawColumns(ctx, look, labels, fit, xOf, y) {
  ctx.font = px(fit.size, look);
  for (const i of fit.shown) {
    if (fit.angle === 0) {
      ctx.textAlign = "center"; ctx.textBaseline = "top";
      const lines = fit.lines === 2 ? halved(labels[i]) : [labels[i]];
      lines.forEach((line, n) => ctx.fillText(line, xOf(i), y + n * fit.size * ROW_PITCH));
      continue;
    }
    ctx.save(); ctx.translate(xOf(i), y + 4); ctx.rotate((-fit.angle * Math.PI) / 180);
    ctx.textAlign = "right"; ctx.textBaseline = "middle"; ctx.fillText(labels[i], 0, 0); ctx.restore();
  }
}

// Row labels (level, right-aligned at x) of the `shown` rows, row i centred on yOf(i).
export function drawRows(ctx, look, labels, shown, size, x, yOf) {
  ctx.font = px(size, look); ctx.textAlign = "right"; ctx.textBaseline = "middle";
  for (const i of shown) ctx.fillText(labels[i], x, yOf(i));
}

// Keep the labels (boxes [x0, y0, x1, y1]) that collide with none kept before them, in the order given.
export function uncrowded(boxes, pad) {
  const kept = [];
  for (const b of boxes) {
    if (kept.every((o) => b.box[0] >= o.box[2] + pad || b.box[2] + pad <= o.box[0] || b.box[1] >= o.box[3] + pad
      || b.box[3] + pad <= o.box[1])) kept.push(b);
  }
  return kept;
}
