// Numbers and hover texts: a spec's templates name their fields in braces ({row}, {value}, …).

export function number(v, decimals, trim = false) {
  if (v === -Infinity) return "−∞";
  if (v === Infinity) return "∞";
  if (Number.isNaN(v)) return "";
  let s = v.toFixed(decimals);
  if (trim && s.includes(".")) s = s.replace(/0+$/, "").replace(/\.$/, "");
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s.replace("-", "−");
}

export const fill = (template, fields) => template.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));

// labels with repeated ones told apart by position ("the·0", "the·3"), as on the axes (viz.style.distinct)
export function distinct(labels) {
  const counts = new Map();
  labels.forEach((l) => counts.set(l, (counts.get(l) || 0) + 1));
  return labels.map((l, i) => (counts.get(l) > 1 ? `${l}·${i}` : l));
}

export const px = (size, look) => `${size}px ${look.font_family}`;

const cell = (x) => (/[",\n]/.test(x) ? '"' + x.replace(/"/g, '""') + '"' : x);
export const csvLine = (cells) => cells.map((c) => cell(String(c))).join(",");
export const csvNumber = (v) => (v === -Infinity ? "-inf" : v === Infinity ? "inf" : Number.isNaN(v) ? "" : String(v));
