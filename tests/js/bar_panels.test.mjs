// ui/static/bar_panels.js valueDecimals: counts are written as whole numbers, measured values with two decimals.
import assert from "node:assert/strict";
import { test } from "node:test";
import { valueDecimals } from "../../ui/static/bar_panels.js";

const panel = (...series) => ({ series: series.map((values) => ({ values: Float32Array.from(values) })) });

test("a panel of counts (the K/V cache's held numbers) is written without decimals", () => {
  assert.equal(valueDecimals(panel([22272, 11136, 5568])), 0);
});

test("a panel with one fractional value keeps two decimals, across its series", () => {
  assert.equal(valueDecimals(panel([21.27, 21.23], [19, 33])), 2);
  assert.equal(valueDecimals(panel([0.9, 0.97])), 2);
});

test("a missing value (NaN) does not make a panel of counts fractional", () => {
  assert.equal(valueDecimals(panel([3, NaN, 5])), 0);
});
