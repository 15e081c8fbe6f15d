// ui/static/decode.js: the chart element's binary payload (viz/wire.py), viewed in place.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decode, rows, sameBytes } from "../../ui/static/decode.js";

// A payload as viz.wire.pack writes it: "ALC1", uint32 header length, the header padded to 4 bytes, the arrays.
function payload(header, arrays, shift = 0) {
  let head = new TextEncoder().encode(JSON.stringify(header));
  const padded = new Uint8Array((head.length + 3) & ~3).fill(32);
  padded.set(head);
  head = padded;
  const body = arrays.map((a) => new Uint8Array(a.buffer.slice(0)));
  const size = 8 + head.length + body.reduce((n, b) => n + b.length, 0);
  const out = new Uint8Array(shift + size).subarray(shift); // a view that may start at any byte
  out.set([65, 76, 67, 49]);
  new DataView(out.buffer, out.byteOffset + 4, 4).setUint32(0, head.length, true);
  out.set(head, 8);
  let at = 8 + head.length;
  for (const b of body) { out.set(b, at); at += b.length; }
  return out;
}

const HEADER = {
  sentence: "I have a cat",
  charts: [{ kind: "heatmap", title: "w", values: { array: 0 }, mask: { array: 1 }, rows: { labels: ["a", "b"] } }],
  arrays: [{ dtype: "f4", shape: [2, 2], offset: 0 }, { dtype: "u1", shape: [2, 2], offset: 16 }],
};
const ARRAYS = [new Float32Array([0.5, 0.5, -Infinity, 1]), new Uint8Array([0, 0, 1, 0])];

for (const shift of [0, 1, 2]) {
  test(`decode resolves array references to typed arrays with their shapes (view starting at byte ${shift})`, () => {
    const header = decode(payload(HEADER, ARRAYS, shift)), chart = header.charts[0];
    assert.equal(header.sentence, "I have a cat");
    assert.ok(chart.values instanceof Float32Array && chart.mask instanceof Uint8Array);
    assert.deepEqual(Array.from(chart.values), [0.5, 0.5, -Infinity, 1]);
    assert.deepEqual(chart.values.shape, [2, 2]);
    assert.deepEqual(Array.from(chart.mask), [0, 0, 1, 0]);
    assert.deepEqual(chart.rows, { labels: ["a", "b"] });
    assert.deepEqual(rows(chart.values, 2, 2), [[0.5, 0.5], [-Infinity, 1]]);
  });
}

test("decode refuses bytes that are not a chart payload", () => {
  const bytes = payload(HEADER, ARRAYS);
  bytes[0] = 66;
  assert.throws(() => decode(bytes), /not a chart payload/);
});

test("sameBytes compares contents, not identity", () => {
  assert.ok(sameBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3])));
  assert.ok(!sameBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4])));
  assert.ok(!sameBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3])));
  assert.ok(!sameBytes(undefined, new Uint8Array([1])));
});
