// Small multiples: (R, C) attention maps sharing one colour scale; tokens on the outer edges only.
import { colourOf } from "./colour.js";
import { COLOUR_BAR_PX, drawColourBar, drawTitle, titleSpace } from "./common.js";
import { csvLine, csvNumber, distinct, fill, number, px } from "./format.js";
import { rows as listRows } from "./decode.js";

const H_GAP = 0.025, V_GAP_PX = 44, NAME_PX = 22;

function layout(ctx, spec, width, k) {
  const look = spec.look, [R, C, Lq, Lk] = spec.values.shape;
  ctx.font = px(look.tick_size * k, look);
  const widest = (labels) => Math.max(0, ...labels.map((s) => ctx.measureText(s).width));
  const left = 10 + 24 * k + widest(spec.rows.labels) + 6, right = COLOUR_BAR_PX * k;
  const bottom = 14 + 24 * k + widest(spec.cols.labels) * 0.72 + 10, top = titleSpace(spec, k) + NAME_PX * k;
  const height = spec.height * k, w = width - left - right, h = height - top - bottom;
  const cellW = (w - H_GAP * w * (C - 1)) / C, cellH = (h - V_GAP_PX * k * (R - 1)) / R;
  const cells = [];
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
    cells.push({ r, c, x: left + c * (cellW + H_GAP * w), y: top + r * (cellH + V_GAP_PX * k), w: cellW, h: cellH,
      cw: cellW / Math.max(1, Lk), ch: cellH / Math.max(1, Lq) });
  }
  return { left, top, w, h, cells, width, height };
}

function draw(ctx, spec, b, k) {
  const look = spec.look, [, C, Lq, Lk] = spec.values.shape, colour = colourOf(spec.scale), size = Lq * Lk;
  const every = (n, extent) => Math.max(1, Math.ceil(n * look.tick_size * k * 1.1 / extent));
  for (const cell of b.cells) {
    const base = (cell.r * C + cell.c) * size;
    for (let i = 0; i < Lq; i++) for (let j = 0; j < Lk; j++) {
      const n = base + i * Lk + j, v = spec.values[n];
      ctx.fillStyle = spec.mask[n] === 1 || !Number.isFinite(v) ? look.mask_grey : colour(v).css;
      ctx.fillRect(cell.x + j * cell.cw, cell.y + i * cell.ch, Math.ceil(cell.cw), Math.ceil(cell.ch));
    }
    ctx.fillStyle = look.text_colour; ctx.font = px(look.tick_size * k, look);
    ctx.textAlign = "center"; ctx.textBaseline = "bottom";
    ctx.fillText(spec.cell_names[cell.r][cell.c], cell.x + cell.w / 2, cell.y - 4);
    if (cell.c === 0) {
      ctx.textAlign = "right"; ctx.textBaseline = "middle";
      const step = every(Lq, cell.h);
      spec.rows.labels.forEach((lab, i) => i % step === 0 && ctx.fillText(lab, cell.x - 4, cell.y + (i + 0.5) * cell.ch));
      ctx.save(); ctx.translate(14 * k, cell.y + cell.h / 2); ctx.rotate(-Math.PI / 2); ctx.textAlign = "center";
      ctx.fillText(spec.rows.title, 0, 0); ctx.restore();
    }
    if (cell.r === b.cells[b.cells.length - 1].r) {
      const step = every(Lk, cell.w);
      spec.cols.labels.forEach((lab, j) => {
        if (j % step) return;
        ctx.save(); ctx.translate(cell.x + (j + 0.5) * cell.cw, cell.y + cell.h + 6); ctx.rotate(-Math.PI / 4);
        ctx.textAlign = "right"; ctx.textBaseline = "middle"; ctx.fillText(lab, 0, 0); ctx.restore();
      });
      ctx.textAlign = "center"; ctx.textBaseline = "bottom";
      ctx.fillText(spec.cols.title, cell.x + cell.w / 2, b.height - 4);
    }
  }
  drawColourBar(ctx, spec.scale, look, k, b.left + b.w + 22, b.top, b.h);
  drawTitle(ctx, spec, k);
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
  const lines = [csvLine(["", spec.rows.title, spec.cols.title, spec.scale.title])];
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

export default { layout, draw, hit, csv, summary };
