// ui/static/common.js thin / fitColumns: a thinned axis keeps its focus label (the token the lecture points at).
import assert from "node:assert/strict";
import { test } from "node:test";
import { fitColumns, thin } from "../../ui/static/common.js";

const ticks = [...Array(13).keys()];
const ctx = { font: "", measureText(s) { return { width: 0.6 * parseFloat(this.font) * String(s).length }; } };
const LOOK = { font_family: "sans-serif" };

test("rows thinned 1 in 4 count from the focus, which is drawn", () => {
  assert.deepEqual(thin(ticks, 6, 24, 9), { shown: [1, 5, 9], step: 4 });
  assert.deepEqual(thin(ticks, 6, 24, 0).shown, [0, 4, 8, 12]);
});

test("without a focus (or one not ticked) the first label leads, as before", () => {
  assert.deepEqual(thin(ticks, 6, 24).shown, [0, 4, 8, 12]);
  assert.deepEqual(thin([0, 2, 4, 6], 6, 24, 3).shown, [0, 4]);
});

test("room for every label: the focus changes nothing", () => {
  assert.deepEqual(thin(ticks, 30, 24, 7).shown, ticks);
});

test("turned column labels thinned 1 in 2 keep the focus key", () => {
  const labels = ticks.map((i) => `token${i}`);
  const fit = fitColumns(ctx, LOOK, labels, ticks, 12, 18, 18, 1);
  assert.equal(fit.step, 2);
  assert.ok(fit.shown.includes(1) && fit.shown.every((i) => i % 2 === 1), String(fit.shown));
});
