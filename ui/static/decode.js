// The chart element's payload (viz/wire.py): "ALC1", uint32 header length, header JSON, then float32 / uint8
// arrays that are viewed in place, never parsed or copied one by one.

const TYPES = { f4: Float32Array, u1: Uint8Array };
const MAGIC = [65, 76, 67, 49]; // "ALC1"

export function decode(bytes) {
  // a view into the websocket message may start anywhere; typed arrays need their own alignment
  const u8 = bytes.byteOffset % 4 ? bytes.slice() : bytes;
  if (MAGIC.some((c, i) => u8[i] !== c)) throw new Error("not a chart payload");
  const n = new DataView(u8.buffer, u8.byteOffset + 4, 4).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(u8.subarray(8, 8 + n)));
  const base = u8.byteOffset + 8 + n;
  const arrays = header.arrays.map((a) => {
    const size = a.shape.reduce((x, y) => x * y, 1);
    const view = new TYPES[a.dtype](u8.buffer, base + a.offset, size);
    view.shape = a.shape;
    return view;
  });
  const resolve = (v) => {
    if (Array.isArray(v)) return v.map(resolve);
    if (v === null || typeof v !== "object") return v;
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === "array") return arrays[v.array];
    return Object.fromEntries(keys.map((k) => [k, resolve(v[k])]));
  };
  header.charts = header.charts.map(resolve);
  return header;
}

export function sameBytes(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// row i of an (R, C) typed array as a plain list (for the published summary)
export const rows = (v, r, c) => Array.from({ length: r }, (_, i) => Array.from(v.subarray(i * c, (i + 1) * c)));
