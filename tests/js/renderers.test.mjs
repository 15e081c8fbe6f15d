// The renderer interface (ui/static/chart.js's Renderer typedef): every chart kind's module, named as its kind, exports
// exactly the typedef's functions, and the kinds chart.js draws are the kinds viz/spec.py makes.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const STATIC = new URL("../../ui/static/", import.meta.url);
const chart = readFileSync(new URL("chart.js", STATIC), "utf8");

// The typedef's properties: {name: optional?}, read from its JSDoc block.
function properties(source) {
  const block = source.match(/\/\*\*((?:(?!\*\/)[\s\S])*@typedef \{object\} Renderer[\s\S]*?)\*\//);
  assert.ok(block, "chart.js writes the Renderer typedef");
  const found = {};
  for (const m of block[1].matchAll(/@property \{.*?\} (\[?)(\w+)\]?/g)) found[m[2]] = m[1] === "[";
  return found;
}

// The kinds chart.js draws: the names in `const KINDS = { … }`, each with the file its import line names.
function kinds(source) {
  const names = source.match(/const KINDS = \{([^}]*)\}/)[1].split(",").map((s) => s.trim()).filter(Boolean);
  return Object.fromEntries(names.map((name) => {
    const line = source.match(new RegExp(`import ${name} from "\\./([\\w.]+)";`));
    assert.ok(line, `chart.js imports the ${name} renderer by name`);
    return [name, line[1]];
  }));
}

const PROPS = properties(chart), KINDS = kinds(chart);

// What a renderer gets wrong against the typedef: a missing or non-function property, or one the typedef lacks.
function broken(renderer) {
  const missing = Object.entries(PROPS).filter(([name, optional]) => !(optional && !(name in renderer))
    && typeof renderer[name] !== "function").map(([name]) => `no ${name}`);
  return [...missing, ...Object.keys(renderer).filter((name) => !(name in PROPS)).map((name) => `extra ${name}`)];
}

test("the typedef names the interface once: layout, draw, hit, csv, summary, and need as an option", () => {
  assert.deepEqual(PROPS, { layout: false, draw: false, hit: false, csv: false, summary: false, need: true });
});

test("each kind is drawn by the module of its own name", () => {
  for (const [kind, file] of Object.entries(KINDS)) assert.equal(file, `${kind}.js`);
});

test("the kinds drawn are the kinds viz/spec.py makes", () => {
  const spec = readFileSync(new URL("../../viz/spec.py", import.meta.url), "utf8");
  const made = [...spec.matchAll(/kind: ClassVar\[str\] = "(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual([...made].sort(), Object.keys(KINDS).sort());
});

test("every renderer exports the typedef's functions and nothing else", async () => {
  for (const [kind, file] of Object.entries(KINDS)) {
    assert.deepEqual(broken((await import(new URL(file, STATIC))).default), [], kind);
  }
});

test("the check catches a renderer without draw and one with an extra function", () => {
  const f = () => 0, whole = { layout: f, draw: f, hit: f, csv: f, summary: f };
  assert.deepEqual([broken(whole), broken({ ...whole, need: f })], [[], []]);
  assert.deepEqual([broken({ ...whole, draw: undefined }), broken({ ...whole, paint: f })], [["no draw"], ["extra paint"]]);
});
