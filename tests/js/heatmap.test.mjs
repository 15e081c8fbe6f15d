// ui/static/heatmap.js cellText: one size and number of decimals for every cell's value, or none.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cellText } from "../../ui/static/heatmap.js";

// A context whose text is 0.6 em per character (the size read from ctx.font, as the chart sets it).
const ctx = { font: "", measureText(s) { return { width: 0.6 * parseFloat(this.font) * String(s).length }; } };
const LOOK = { font_size: 16, min_size: 13, min_size_presenter: 18, font_family: "sans-serif" };
const spec = (values, mask, decimals = 2) => ({ values: Float32Array.from(values), mask: Uint8Array.from(mask), decimals,
  mask_text: "−∞", look: LOOK });

test("wide cells get the font size and every decimal", () => {
  assert.deepEqual(cellText(ctx, spec([0.25, 0.75], [0, 0]), 80, 40, 1), { size: 16, decimals: 2 });
});

test("a cell too narrow for two decimals at the smallest size drops to one", () => {
  // "0.25" is 2.4 em: a 32 px cell holds it at 11.6 px (< 13); "0.3" (1.8 em) at 14.5 px
  const out = cellText(ctx, spec([0.25, 0.75], [0, 0]), 32, 40, 1);
  assert.equal(out.decimals, 1);
  assert.ok(out.size >= LOOK.min_size && out.size <= 16, JSON.stringify(out));
});

test("no values when even one decimal would be under the smallest size; presenter view's minimum is larger", () => {
  assert.equal(cellText(ctx, spec([0.25, 0.75], [0, 0]), 20, 40, 1), null);
  assert.notEqual(cellText(ctx, spec([0.25, 0.75], [0, 0]), 30, 40, 1), null);
  assert.equal(cellText(ctx, spec([0.25, 0.75], [0, 0]), 30, 40, 1.45), null);
});

test("a masked cell is measured by its mask text, not its value", () => {
  const wide = spec([-123456.78, 0.5], [1, 0]); // the masked value would need 10 characters
  assert.deepEqual(cellText(ctx, wide, 60, 40, 1), { size: 16, decimals: 2 });
});

test("rows shorter than the font size write smaller, never below the minimum", () => {
  assert.deepEqual(cellText(ctx, spec([0.5], [0]), 80, 20, 1), { size: 14, decimals: 2 });
  assert.equal(cellText(ctx, spec([0.5], [0]), 80, 15, 1), null);
});
