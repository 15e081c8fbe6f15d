// ui/static/format.js: numbers, hover templates, repeated labels and CSV cells.
import assert from "node:assert/strict";
import { test } from "node:test";
import { csvLine, csvNumber, distinct, fill, number } from "../../ui/static/format.js";

test("number writes infinities and minus signs, never a negative zero, and trims on request", () => {
  assert.equal(number(-Infinity, 2), "−∞");
  assert.equal(number(Infinity, 2), "∞");
  assert.equal(number(NaN, 2), "");
  assert.equal(number(-0.0001, 2), "0.00");
  assert.equal(number(-1.5, 2), "−1.50");
  assert.equal(number(0.5, 3, true), "0.5");
  assert.equal(number(2, 3, true), "2");
  assert.equal(number(120, 0, true), "120");
});

test("fill puts fields into a template and leaves unknown braces as written", () => {
  assert.equal(fill("{row} → {col} = {value}", { row: "cat", col: "the", value: "0.25" }), "cat → the = 0.25");
  assert.equal(fill("{name}: {missing}", { name: "z₁" }), "z₁: {missing}");
});

test("distinct tells repeated labels apart by position", () => {
  assert.deepEqual(distinct(["the", "cat", "the"]), ["the·0", "cat", "the·2"]);
});

test("CSV cells are quoted when they hold a comma, a quote or a newline", () => {
  assert.equal(csvLine(["a,b", 'he said "x"', "two\nlines", "plain", 3]), '"a,b","he said ""x""","two\nlines",plain,3');
  assert.deepEqual([csvNumber(-Infinity), csvNumber(Infinity), csvNumber(NaN), csvNumber(0.25)], ["-inf", "inf", "", "0.25"]);
});
