// ui/static/grid.js nameMarks: the small maps' names never run into each other on a narrow screen.
import assert from "node:assert/strict";
import { test } from "node:test";
import { nameMarks } from "../../ui/static/grid.js";

// A context whose text is 9 px per character.
const ctx = { measureText(s) { return { width: 9 * String(s).length }; } };
const NAMES = [["layer 0 · head 0", "layer 0 · head 1"], ["layer 1 · head 0", "layer 1 · head 1"]];
const cells = (w, left = 100) => [[0, 0, true], [0, 1, false], [1, 0, true], [1, 1, false]].map(([r, c, first]) =>
  ({ r, c, first, x: left + c * (w + 10), y: 50 + r * 200, w }));

test("names that fit their maps are written whole, centred over each map", () => {
  const marks = nameMarks(ctx, NAMES, cells(200));
  assert.deepEqual(marks.map((m) => m.text), NAMES.flat());
  assert.ok(marks.every((m) => m.align === "center"));
});

test("on narrow maps each map gets its head and each line its layer once, before its first map, none overlapping", () => {
  const marks = nameMarks(ctx, NAMES, cells(70)); // "layer 0 · head 0" is 144 px over a 70 px map
  assert.deepEqual(marks.map((m) => m.text), ["head 0", "layer 0", "head 1", "head 0", "layer 1", "head 1"]);
  const spans = marks.map((m) => {
    const w = ctx.measureText(m.text).width, left = m.align === "right" ? m.x - w : m.x - w / 2;
    return { y: m.y, left, right: left + w };
  });
  for (const a of spans) for (const b of spans) {
    if (a !== b && a.y === b.y) assert.ok(a.right <= b.left || b.right <= a.left, JSON.stringify([a, b]));
  }
});

test("maps too narrow even for 'head 0' get the head's number, the line 'layer 0 · head' once", () => {
  const marks = nameMarks(ctx, NAMES, cells(40, 150)); // "head 0" is 54 px over a 40 px map
  assert.deepEqual(marks.map((m) => m.text), ["0", "layer 0 · head", "1", "0", "layer 1 · head", "1"]);
  const tight = nameMarks(ctx, NAMES, cells(40, 100)); // "layer 0 · head" (126 px) is wider than the labels' 94 px
  assert.deepEqual(tight.map((m) => m.text), ["0", "layer 0", "1", "0", "layer 1", "1"]);
  assert.ok(tight.every((m) => m.align !== "right" || m.x - ctx.measureText(m.text).width >= 0));
});

test("one-part names split before their number when a line shares the word, else are written whole", () => {
  const narrow = cells(40).slice(0, 2); // one line of two maps
  assert.deepEqual(nameMarks(ctx, [["layer 0", "layer 1"]], narrow).map((m) => m.text), ["0", "layer", "1"]);
  assert.deepEqual(nameMarks(ctx, [["cat sat", "dog ran"]], narrow).map((m) => m.text), ["cat sat", "dog ran"]);
});
