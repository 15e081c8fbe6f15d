// Small multiples: (R, C) attention maps sharing one colour map; tokens on the outer edges only.
import { colourOf } from "./colour.js";
import { COLOUR_BAR_PX, columnsWidth, drawColourBar, drawColumns, drawRows, drawTitle, drawTurned, fitColumns, full,
  minSize, mostThatFit, ROW_PITCH, thin, titled, titleSpace, TURNED_90, underTitle } from "./common.js";
import { csvLine, csvNumber, distinct, fill, number, px } from "./format.js";
import { rows as listRows } from "./decode.js";

const H_GAP = 0.025, V_GAP_PX = 44, NAME_PX = 22;

// Maps of up to look.full_labels keys get the width to label every key: fewer maps side by side when they would
// not (a divisor of the grid's columns, so that a line never mixes two grid rows), keys under every line then.
// Maps of up to full_labels queries get the height to label every query. Longer axes are thinned with a note.
function layout(ctx, spec, width, k) {
  const look = spec.look, [R, C, Lq, Lk] = spec.values.shape, size = look.tick_size * k, min = minSize(look, k);
  ctx.font = px(size, look);
  const widest = (labels) => Math.max(0, ...labels.map((s) => ctx.measureText(s).width));
  const left = 10 + 24 * k + widest(spec.rows.labels) + 6, right = COLOUR_BAR_PX * k;
  const top = titleSpace(ctx, spec, k, width) + NAME_PX * k + underTitle(ctx, spec, k, width, width - right + 22);
  ctx.font = px(size, look);
  const w = width - left - right, mapW = (m) => (w - H_GAP * w * (m - 1)) / m;
  const m = full(spec.cols, look) ? mostThatFit(C, (n) => mapW(n) / Math.max(1, Lk) >= TURNED_90 * min) : C;
  const cellW = mapW(m), lines = (R * C) / m, everyLine = m < C;
  const smallest = full(spec.cols, look) ? min : size; // only an axis that must show each label gets smaller
  const x = fitColumns(ctx, look, spec.cols.labels, spec.cols.ticks, cellW / Math.max(1, Lk), size, smallest,
    spec.cols.focus);
  const keys = 6 + x.depth + 4, bottom = 14 + 24 * k + keys, pitch = ROW_PITCH * size;
  // between lines: the maps' names (fitted to a stage: just their height), and keys with their title under each line
  const gap = (spec.fit ? pitch + 8 : V_GAP_PX * k) + (everyLine ? keys + 30 * k : 0);
  const given = (spec.height * k - top - bottom - gap * (R - 1)) / R; // the map height the spec's height leaves
  const cellH = Math.max(given, full(spec.rows, look) ? Lq * pitch : 0, 40);
  const y = thin(spec.rows.ticks, cellH / Math.max(1, Lq), pitch, spec.rows.focus);
  const cells = [];
  for (let n = 0; n < R * C; n++) {
    const line = Math.floor(n / m), at = n % m;
    cells.push({ r: Math.floor(n / C), c: n % C, line, first: at === 0, keys: everyLine || line === lines - 1,
      x: left + at * (cellW + H_GAP * w), y: top + line * (cellH + gap), w: cellW, h: cellH,
      cw: cellW / Math.max(1, Lk), ch: cellH / Math.max(1, Lq) });
  }
  const h = lines * cellH + (lines - 1) * gap;
  return { left, top, w, h, cells, x, y, everyLine, width, height: top + h + bottom };
}

// The maps' names: each whole over its map when every name fits its map's width. Else (a phone's narrow maps) each
// name is split before its last part (after " · ", e.g. "head 2"), or, when those do not fit either, before that
// part's last word ("2"): the tail over each map and the head once per line, right-aligned before its first map over
// the query labels ("layer 0 · head  0  1  2  3"; "layer 0  0  1  2  3" when that is wider than the labels), when
// every map of a line shares it; else each name whole.
export function nameMarks(ctx, names, cells) {
  const heads = new Map(); // a line's head, by the line's top: a split is only taken when each line shares its head
  const fits = (split) => heads.clear() || cells.every((c) => {
    const [head, tail] = split(names[c.r][c.c]);
    if ((heads.get(c.y) ?? head) !== head) return false;
    heads.set(c.y, head);
    return ctx.measureText(tail).width <= c.w;
  });
  const lastPart = (name) => {
    const cut = name.lastIndexOf(" · ");
    return cut < 0 ? ["", name] : [name.slice(0, cut), name.slice(cut + 3)];
  };
  const lastWord = (name) => {
    const [head, part] = lastPart(name), cut = part.lastIndexOf(" ");
    return cut < 0 ? [head, part] : [head ? `${head} · ${part.slice(0, cut)}` : part.slice(0, cut), part.slice(cut + 1)];
  };
  const split = [(name) => ["", name], lastPart, lastWord].find(fits) ?? ((name) => ["", name]);
  const marks = [];
  for (const c of cells) {
    const [head, tail] = split(names[c.r][c.c]);
    marks.push({ text: tail, x: c.x + c.w / 2, y: c.y - 4, align: "center" });
    if (!head || !c.first) continue;
    const short = lastPart(names[c.r][c.c])[0]; // "layer 0" where "layer 0 · head" is wider than the labels' room
    const text = ctx.measureText(head).width <= c.x - 6 || !short ? head : short;
    marks.push({ text, x: c.x - 4, y: c.y - 4, align: "right" });
  }
  return marks;
}

function draw(ctx, spec, b, k) {
  const look = spec.look, [, C, Lq, Lk] = spec.values.shape, colour = colourOf(spec.colours), size = Lq * Lk;
  const rowTitle = titled(spec.rows.title, spec.rows.note, b.y.step), colTitle = titled(spec.cols.title, spec.cols.note, b.x.step);
  for (const cell of b.cells) {
    const base = (cell.r * C + cell.c) * size;
    for (let i = 0; i < Lq; i++) for (let j = 0; j < Lk; j++) {
      const n = base + i * Lk + j, v = spec.values[n];
      ctx.fillStyle = spec.mask[n] === 1 || !Number.isFinite(v) ? look.mask_grey : colour(v).css;
      ctx.fillRect(cell.x + j * cell.cw, cell.y + i * cell.ch, Math.ceil(cell.cw), Math.ceil(cell.ch));
    }
    ctx.fillStyle = look.text_colour;
    if (cell.first) {
      drawRows(ctx, look, spec.rows.labels, b.y.shown, look.tick_size * k, cell.x - 4, (i) => cell.y + (i + 0.5) * cell.ch);
      if (!spec.fit) drawTurned(ctx, rowTitle, 14 * k, cell.y + cell.h / 2);
    }
    if (cell.keys) {
      drawColumns(ctx, look, spec.cols.labels, b.x, (j) => cell.x + (j + 0.5) * cell.cw, cell.y + cell.h + 2);
      // the keys' title under each map, or once under the line when it is wider than a map or fitted to a stage
      ctx.font = px(look.tick_size * k, look); ctx.textAlign = "center"; ctx.textBaseline = "bottom";
      const y = cell.y + cell.h + 6 + b.x.depth + 4 + 24 * k, fits = !spec.fit && ctx.measureText(colTitle).width <= cell.w;
      if (fits) ctx.fillText(colTitle, cell.x + cell.w / 2, y);
      else if (cell.first) ctx.fillText(colTitle, b.left + b.w / 2, y);
    }
  }
  ctx.font = px(look.tick_size * k, look); ctx.fillStyle = look.text_colour; ctx.textBaseline = "bottom";
  for (const mark of nameMarks(ctx, spec.cell_names, b.cells)) {
    ctx.textAlign = mark.align; ctx.fillText(mark.text, mark.x, mark.y);
  }
  if (spec.fit) drawTurned(ctx, rowTitle, 14 * k, b.top + b.h / 2); // once, beside every line
  const first = b.cells[0];
  drawColourBar(ctx, spec.colours, look, k, b.left + b.w + 22, b.top, b.everyLine ? first.h : b.h);
  drawTitle(ctx, spec, k, b.width);
}

// The width this chart needs to label each key of one map (when every one must be drawn), for chart.js.
function need(ctx, spec, k) {
  const look = spec.look;
  if (!full(spec.cols, look)) return 0;
  ctx.font = px(look.tick_size * k, look);
  const left = 10 + 24 * k + Math.max(0, ...spec.rows.labels.map((s) => ctx.measureText(s).width)) + 6;
  return left + COLOUR_BAR_PX * k + columnsWidth(spec.cols.labels.length, look, k);
}

function hit(spec, b, x, y) {
  const [, C, Lq, Lk] = spec.values.shape;
  for (const cell of b.cells) {
    if (x < cell.x || x >= cell.x + cell.w || y < cell.y || y >= cell.y + cell.h) continue;
    const j = Math.floor((x - cell.x) / cell.cw), i = Math.floor((y - cell.y) / cell.ch);
    const n = (cell.r * C + cell.c) * Lq * Lk + i * Lk + j;
    const fields = { name: spec.cell_names[cell.r][cell.c], row: distinct(spec.rows.labels)[i],
      col: distinct(spec.cols.labels)[j] };
    return spec.mask[n] === 1 ? fill(spec.mask_hover, fields) : fill(spec.hover, { ...fields, value: number(spec.values[n], 3) });
  }
  return null;
}

function csv(spec) {
  const [R, C, Lq, Lk] = spec.values.shape, qs = distinct(spec.rows.labels), ks = distinct(spec.cols.labels);
  const lines = [csvLine(["", spec.rows.title, spec.cols.title, spec.colours.title])];
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) for (let i = 0; i < Lq; i++) for (let j = 0; j < Lk; j++) {
    const n = ((r * C + c) * Lq + i) * Lk + j;
    lines.push(csvLine([spec.cell_names[r][c], qs[i], ks[j], csvNumber(spec.values[n])]));
  }
  return lines.join("\n") + "\n";
}

function summary(spec) {
  const [, , Lq, Lk] = spec.values.shape;
  return { title: spec.title, x: spec.cols.labels, y: spec.rows.labels,
    get z() { return listRows(spec.values.subarray(0, Lq * Lk), Lq, Lk); } };
}

export default { layout, draw, hit, csv, summary, need };
