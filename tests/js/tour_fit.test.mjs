// ui/static/components/tour_fit.js: the tour text's size in presenter view.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fitSize, MIN_PX } from "../../ui/static/components/tour_fit.js";

const sizes = [29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18];
const lines = (words) => (size) => 200 + Math.ceil((words * size * 0.55) / 480) * size * 1.45; // a text's bottom

test("a text that fits keeps the page's size", () => {
  assert.equal(fitSize(sizes, lines(40), 712), 29);
});

test("a long text takes the largest size at which it ends above the limit", () => {
  const bottom = lines(400);
  const size = fitSize(sizes, bottom, 712);
  assert.ok(size < 29 && bottom(size) <= 712 && bottom(size + 1) > 712, `size ${size}`);
});

test("a text too long even at the smallest size keeps the smallest", () => {
  assert.equal(fitSize(sizes, lines(1000), 712), MIN_PX);
  assert.equal(MIN_PX, 18);
});
