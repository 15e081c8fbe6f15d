// ui/static/colour.js: a spec's colour scale → the colour of a value.
import assert from "node:assert/strict";
import { test } from "node:test";
import { colourOf } from "../../ui/static/colour.js";

const GREY = { stops: [[0, "#000000"], [1, "#ffffff"]], vmin: 0, vmax: 10 };
const THREE = { stops: [[0, "#0000ff"], [0.5, "#ffffff"], [1, "#ff0000"]], vmin: -1, vmax: 1 };

test("the ends of the range take the end stops, values beyond them are clamped", () => {
  const of = colourOf(GREY);
  assert.deepEqual(of(0).rgb, [0, 0, 0]);
  assert.deepEqual(of(10).rgb, [255, 255, 255]);
  assert.deepEqual(of(-5).rgb, [0, 0, 0]);
  assert.deepEqual(of(50).rgb, [255, 255, 255]);
  assert.equal(of(10).css, "rgb(255,255,255)");
});

test("colours between stops are mixed linearly, within one step of the 256-entry table", () => {
  const mid = colourOf(GREY)(5).rgb[0];
  assert.ok(Math.abs(mid - 127.5) <= 1, String(mid));
  const of = colourOf(THREE);
  assert.deepEqual(of(0).rgb.map((c) => Math.round(c / 8)), [32, 32, 32]); // white in the middle stop
  assert.deepEqual(of(-1).rgb, [0, 0, 255]);
  assert.deepEqual(of(1).rgb, [255, 0, 0]);
});

test("dark says when a colour needs white text, and at(t) reads the scale on [0, 1]", () => {
  const of = colourOf(GREY);
  assert.ok(of(0).dark && !of(10).dark);
  assert.deepEqual(of.at(1).rgb, [255, 255, 255]);
  assert.deepEqual(of.at(0).rgb, of(0).rgb);
});
