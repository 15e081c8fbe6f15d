// Layers drawn as graphs over the same tokens, side by side (a recurrent chain beside self-attention): each panel's
// inputs x₁ … xₙ in one column, its outputs in the next, its edges, and the path from x₁ to the last output in the path
// colour; first token on top, token labels thinned with the note where rows have no room.
import { drawTitle, ROW_PITCH, thin, titled, titleSpace, wrapped } from "./common.js";
import { csvLine, px } from "./format.js";

const NODE = 5.5; // a node's radius (× k)
const HOVER_PX = 12;

// A number as subscript digits: 12 -> "₁₂" (viz.paths.sub).
export const sub = (i) => String(i).replace(/\d/g, (d) => "₀₁₂₃₄₅₆₇₈₉"[d]);

// The node `node` of a panel (inputs 0 … n−1, outputs n … 2n−1) as [column, row].
export const place = (node, n) => (node < n ? [0, node] : [1, node - n]);

// Each panel's heading as [text, bold] lines: its title (bold) and caption, wrapped to `room` px at `size`.
function headings(ctx, spec, look, size, room) {
  return spec.panels.map((p) => {
    ctx.font = "bold " + px(size, look);
    const title = wrapped(ctx, p.title, room).map((line) => [line, true]);
    ctx.font = px(size, look);
    return title.concat(p.caption.split("\n").filter(Boolean).flatMap((line) => wrapped(ctx, line, room)).map((line) => [line, false]));
  });
}

// The spec's title with the thinning note when only every step-th token is labelled.
const titleOf = (spec, step) => ({ ...spec, title: titled(spec.title, spec.note, step) });

function layout(ctx, spec, width, k) {
  const look = spec.look, n = spec.tokens.length, P = spec.panels.length, size = look.tick_size * k;
  ctx.font = px(size, look);
  const widest = (labels) => Math.max(0, ...spec.ticks.map((i) => ctx.measureText(labels[i]).width));
  const inW = widest(spec.tokens), outW = Math.max(...spec.panels.map((p) => widest(p.outputs)));
  const panelW = (width - 20) / P, heads = headings(ctx, spec, look, size, panelW - 10), line = size * 1.35;
  const headH = Math.max(...heads.map((h) => h.length)) * line + 8 * k;
  const pitch = ROW_PITCH * size, bottom = 16 * k, want = n <= look.full_labels ? n * pitch : 0;
  let top = titleSpace(ctx, spec, k, width) + headH + 12 * k;
  const rowH = Math.max(spec.height * k - top - bottom, want, 8 * n) / Math.max(1, n);
  const { shown, step } = thin(spec.ticks, rowH, pitch), s0 = spec.ticks.length > 1 ? spec.ticks[1] - spec.ticks[0] : 1;
  top += titleSpace(ctx, titleOf(spec, step), k, width) - titleSpace(ctx, spec, k, width); // a longer title may wrap
  const columns = spec.panels.map((_, p) => {
    const start = 10 + p * panelW, x0 = start + 10 * k + inW + 10, x1 = start + panelW - 10 * k - outW - 10;
    return [x0, Math.max(x0 + 40, x1)];
  });
  return { top, rowH, shown, step, every: step / s0, columns, heads, line, headTop: top - headH - 4 * k, width,
    height: top + n * rowH + bottom };
}

const yOf = (b, row) => b.top + (row + 0.5) * b.rowH;
const at = (b, p, node, n) => { const [c, row] = place(node, n); return [b.columns[p][c], yOf(b, row)]; };

// A panel's edges: off the path faint (darker when few), on the path wide; an arrowhead halfway along each if asked.
function drawEdges(ctx, spec, b, p, k) {
  const panel = spec.panels[p], n = spec.tokens.length, E = panel.edges.length / 2, path = new Set();
  for (let i = 1; i < panel.path.length; i++) path.add(panel.path[i - 1] + "," + panel.path[i]);
  const edges = Array.from({ length: E }, (_, e) => [panel.edges[2 * e], panel.edges[2 * e + 1]]);
  const off = edges.filter(([a, c]) => !path.has(a + "," + c)), on = edges.filter(([a, c]) => path.has(a + "," + c));
  for (const [list, colour, width, alpha] of [[off, spec.edge_colour, 1.5, off.length > 4 * n ? 0.35 : 0.8],
    [on, spec.path_colour, 3.5, 1]]) {
    ctx.strokeStyle = colour; ctx.fillStyle = colour; ctx.lineWidth = width * k; ctx.globalAlpha = alpha;
    for (const [a, c] of list) {
      const [x0, y0] = at(b, p, a, n), [x1, y1] = at(b, p, c, n);
      ctx.beginPath(); ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); ctx.stroke();
      if (panel.arrows) arrowhead(ctx, (x0 + x1) / 2, (y0 + y1) / 2, Math.atan2(y1 - y0, x1 - x0), 7 * k);
    }
  }
  ctx.globalAlpha = 1;
}

function arrowhead(ctx, x, y, angle, r) {
  const c = Math.cos(angle), s = Math.sin(angle);
  ctx.beginPath(); ctx.moveTo(x + r * c, y + r * s);
  ctx.lineTo(x - r * c - 0.8 * r * s, y - r * s + 0.8 * r * c); ctx.lineTo(x - r * c + 0.8 * r * s, y - r * s - 0.8 * r * c);
  ctx.closePath(); ctx.fill();
}

function drawNodes(ctx, spec, b, p, k) {
  const look = spec.look, n = spec.tokens.length, [x0, x1] = b.columns[p], names = spec.panels[p].outputs;
  ctx.strokeStyle = spec.colour; ctx.lineWidth = 2 * k;
  for (let i = 0; i < n; i++) for (const [x, fill] of [[x0, "white"], [x1, spec.colour]]) {
    ctx.fillStyle = fill; ctx.beginPath(); ctx.arc(x, yOf(b, i), NODE * k, 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
  }
  ctx.fillStyle = look.text_colour; ctx.font = px(look.tick_size * k, look); ctx.textBaseline = "middle";
  for (const i of b.shown) {
    ctx.textAlign = "right"; ctx.fillText(spec.tokens[i], x0 - NODE * k - 6, yOf(b, i));
    ctx.textAlign = "left"; ctx.fillText(names[i], x1 + NODE * k + 6, yOf(b, i));
  }
}

function drawHeading(ctx, spec, b, p, k) {
  const look = spec.look, size = look.tick_size * k, [x0, x1] = b.columns[p], lines = b.heads[p];
  const most = Math.max(...b.heads.map((h) => h.length)), first = b.headTop + b.line * (most - lines.length + 1);
  ctx.fillStyle = look.text_colour; ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
  lines.forEach(([line, bold], i) => {
    ctx.font = (bold ? "bold " : "") + px(size, look);
    ctx.fillText(line, (x0 + x1) / 2, first + i * b.line);
  });
}

function draw(ctx, spec, b, k) {
  spec.panels.forEach((_, p) => { drawEdges(ctx, spec, b, p, k); drawNodes(ctx, spec, b, p, k); drawHeading(ctx, spec, b, p, k); });
  drawTitle(ctx, titleOf(spec, b.step), k, b.width);
}

// The node nearest the pointer (x, y), within HOVER_PX: an input's token, or the output's hover.
function hit(spec, b, x, y) {
  const n = spec.tokens.length, row = Math.round((y - b.top) / b.rowH - 0.5);
  if (row < 0 || row >= n || Math.abs(yOf(b, row) - y) > HOVER_PX) return null;
  for (let p = 0; p < spec.panels.length; p++) {
    const [x0, x1] = b.columns[p];
    if (Math.abs(x - x0) <= HOVER_PX) return `x${sub(row + 1)}: ${spec.tokens[row]}`;
    if (Math.abs(x - x1) <= HOVER_PX) return spec.panels[p].hover[row];
  }
  return null;
}

// Every edge of every panel by its nodes' names, and whether it is on the path.
function csv(spec) {
  const n = spec.tokens.length, lines = [csvLine(["", "from", "to", "path"])];
  for (const panel of spec.panels) {
    const name = (node) => (node < n ? `x${sub(node + 1)} (${spec.tokens[node]})` : panel.outputs[node - n]);
    const path = new Set(Array.from(panel.path.slice(1), (c, i) => panel.path[i] + "," + c));
    for (let e = 0; e < panel.edges.length / 2; e++) {
      const a = panel.edges[2 * e], c = panel.edges[2 * e + 1];
      lines.push(csvLine([panel.title, name(a), name(c), path.has(a + "," + c) ? 1 : 0]));
    }
  }
  return lines.join("\n") + "\n";
}

const summary = (spec) => ({ title: spec.title, x: spec.tokens, y: [], get z() { return spec.panels.map((p) => Array.from(p.path)); } });

export default { layout, draw, hit, csv, summary };
