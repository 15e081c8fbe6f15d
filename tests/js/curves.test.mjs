// ui/static/curves.js and wirings.js: axes, tick labels, hover values and CSV of the line charts and layer graphs.
import assert from "node:assert/strict";
import { test } from "node:test";
import curves, { logLabel, padded, scaleOf, xText, yText } from "../../ui/static/curves.js";
import wirings, { place, sub } from "../../ui/static/wirings.js";

test("a linear axis ticks round values inside its range and maps its ends to 0 and 1", () => {
  const s = scaleOf(0, 15.4, false);
  assert.deepEqual(s.ticks, [0, 5, 10, 15]);
  assert.equal(s.at(0), 0);
  assert.equal(s.at(15.4), 1);
  assert.equal(s.label(5), "5");
});

test("a log axis ticks its decades, or 1, 2 and 5 times them when it spans less than two", () => {
  assert.deepEqual(scaleOf(1, 10001, true).ticks, [1, 10, 100, 1000, 10000]);
  assert.deepEqual(scaleOf(3, 60, true).ticks, [5, 10, 20, 50]);
  assert.equal(scaleOf(1, 100, true).at(10), 0.5);
});

test("log tick labels are written as Plotly writes them", () => {
  assert.deepEqual([0.01, 0.1, 1, 10, 1000, 10000, 1e5, 1e6].map(logLabel), ["0.01", "0.1", "1", "10", "1000", "10k", "100k", "1M"]);
});

test("padding widens a range on both sides, in log space on a log axis, and gives a single value room", () => {
  assert.deepEqual(padded([0, 10], false, 0.05), [-0.5, 10.5]);
  const [lo, hi] = padded([1, 100], true, 0.5);
  assert.ok(Math.abs(lo - 0.1) < 1e-12 && Math.abs(hi - 1000) < 1e-9);
  assert.deepEqual(padded([2, 2], false, 0.5), [1, 3]);
});

test("hover values: x plain (integers without decimals), y with the spec's decimals or in percent on a % axis", () => {
  assert.equal(xText(300), "300");
  assert.equal(xText(0.125), "0.125");
  const spec = { right_percent: true, decimals: 3 };
  assert.equal(yText(spec, { right: true }, 0.4567), "45.7%");
  assert.equal(yText(spec, { right: false }, 1.5), "1.5");
  assert.equal(yText(spec, { right: false }, -0.25), "−0.25");
});

const LINE = { name: "loss", x: Float32Array.from([1, 11, 101]), y: Float32Array.from([3, 2, 1]), right: false,
  colour: "#000", dash: "solid", markers: false, hover: "step {x}\nloss {y}", x_shift: 1 };

test("the curves' CSV has one row per point, its x as the hover writes it (x − x_shift)", () => {
  const spec = { x_title: "step", left_title: "loss", right_title: "", lines: [LINE] };
  assert.equal(curves.csv(spec), ",step,loss\nloss,0,3\nloss,10,2\nloss,100,1\n");
  assert.deepEqual(curves.summary({ title: "t", lines: [LINE] }).z, [[3, 2, 1]]);
});

test("wirings name nodes with subscripts and place inputs left, outputs right", () => {
  assert.equal(sub(12), "₁₂");
  assert.deepEqual([place(1, 3), place(4, 3)], [[0, 1], [1, 1]]);
  const panel = { title: "RNN", outputs: ["h₁", "h₂"], edges: Float32Array.from([0, 2, 1, 3, 2, 3]),
    path: Float32Array.from([0, 2, 3]) };
  assert.equal(wirings.csv({ tokens: ["a", "b"], panels: [panel] }),
    ",from,to,path\nRNN,x₁ (a),h₁,1\nRNN,x₂ (b),h₂,0\nRNN,h₁,h₂,1\n");
});
