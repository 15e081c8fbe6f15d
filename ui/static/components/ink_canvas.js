// The drawing canvas of "From words to patches" (ui/ink_canvas.py). Strokes from a mouse, a finger or a pen (pointer
// events) are kept as points on a 64×64 grid and written as text (model/ink.py: two characters a point, "." between
// strokes). Each stroke, and the pen every 80 ms while it moves, asks the keystroke route for the page's charts
// (ui/static/live.js, event "al-view"); 250 ms after the pen is lifted the text goes to Streamlit for a rerun
// (captions, tables), never while it is down: a stroke drawn slowly is one rerun, not several of its halves. In
// "occlude" mode a click on a patch (the 4×4 grid the model sees, drawn over the digit) hides it. The canvas tints the
// patches by [CLS]'s rollout, last-layer or picked layer and head weights, read from those charts each time they are
// drawn.
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const LEVELS = 64, BOX = 32, PEN = 2.2, GRID = 4; // as model/ink.py and the ViT's 2×2 patches of 8×8
const RERUN_MS = 250, LIVE_MS = 80;

// The ink text of strokes (arrays of [x, y] levels).
export function encode(strokes) {
  return strokes.map((s) => s.map(([x, y]) => ALPHABET[x] + ALPHABET[y]).join("")).join(".");
}

// Strokes of an ink text (the inverse of encode; unknown characters dropped, as model/ink.py parse).
export function parse(ink) {
  const strokes = [];
  for (const part of (ink || "").split(".")) {
    const v = [...part].map((c) => ALPHABET.indexOf(c)).filter((i) => i >= 0);
    const s = [];
    for (let i = 0; i + 1 < v.length; i += 2) s.push([v[i], v[i + 1]]);
    if (s.length) strokes.push(s);
  }
  return strokes;
}

// Where the model's 32×32 bitmap lies on the 64-level grid (model/ink.py placement): bitmap = (p − lo) · scale + shift,
// the longer side filling the box less the pen, the ink's centre of mass (segments weighted by length) in the middle.
export function frame(strokes) {
  const lo = [Infinity, Infinity], hi = [-Infinity, -Infinity], sum = [0, 0];
  let total = 0;
  for (const s of strokes) {
    const pairs = s.length > 1 ? s.slice(1).map((b, i) => [s[i], b]) : [[s[0], s[0]]];
    for (const [a, b] of pairs) {
      const w = Math.hypot(b[0] - a[0], b[1] - a[1]) + 1e-9;
      for (const d of [0, 1]) {
        lo[d] = Math.min(lo[d], a[d], b[d]); hi[d] = Math.max(hi[d], a[d], b[d]);
        sum[d] += ((a[d] + b[d]) / 2) * w;
      }
      total += w;
    }
  }
  if (!total) return null;
  const scale = (BOX - 2 * PEN) / Math.max(hi[0] - lo[0], hi[1] - lo[1], 1);
  const shift = [0, 1].map((d) => {
    const size = (hi[d] - lo[d]) * scale;
    return Math.min(Math.max(BOX / 2 - (sum[d] / total - lo[d]) * scale, PEN), BOX - PEN - size);
  });
  return { lo, scale, shift };
}

// The patch (0–15) under a point of the 64-level grid, or -1 outside the model's image.
export function patchAt(f, x, y) {
  const bx = (x - f.lo[0]) * f.scale + f.shift[0], by = (y - f.lo[1]) * f.scale + f.shift[1];
  if (bx < 0 || by < 0 || bx >= BOX || by >= BOX) return -1;
  return Math.floor(by / (BOX / GRID)) * GRID + Math.floor(bx / (BOX / GRID));
}

// The drawing's state, one per page (a rerun may mount the element afresh while strokes are on their way): the root
// it is drawn in now; maps: the rollout, last-layer and picked layer/head [CLS] rows drawn last; overlay: which
// one tints (maps.length: none).
function state(root) {
  if (!window.__alInk) {
    window.__alInk = { strokes: [], occ: 0, mode: "draw", pen: null, timer: 0, last: 0, sent: "",
      drawing: false, maps: null, overlay: 0, root };
    document.addEventListener("al-drawn", (e) => {
      const s = window.__alInk;
      if (!e.detail.names?.includes("vit-rollout") || !s.root.isConnected) return;
      s.maps = e.detail.charts.map((chart) => chart.values);
      paint(s.root);
    });
  }
  root.__ink = window.__alInk; // the root holds it too (what the browser tests read)
  return root.__ink;
}

function level(canvas, e) {
  const r = canvas.getBoundingClientRect();
  const at = (v, size) => Math.min(LEVELS - 1, Math.max(0, Math.round((v / size) * (LEVELS - 1))));
  return [at(e.clientX - r.left, r.width), at(e.clientY - r.top, r.height)];
}

function paint(root) {
  const s = state(root), canvas = root.querySelector("canvas"), ctx = canvas.getContext("2d");
  const px = canvas.clientWidth * (window.devicePixelRatio || 1);
  if (canvas.width !== px) { canvas.width = px; canvas.height = px; }
  const k = px / (LEVELS - 1);
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, px, px);
  ctx.strokeStyle = "#111"; ctx.fillStyle = "#111";
  ctx.lineCap = "round"; ctx.lineJoin = "round";
  const f = frame(s.strokes);
  ctx.lineWidth = f ? Math.max(3, (2 * PEN / f.scale) * k) : 3; // the stroke as thick as the model will see it
  for (const st of s.strokes) {
    ctx.beginPath();
    ctx.moveTo(st[0][0] * k, st[0][1] * k);
    for (const [x, y] of st.slice(1)) ctx.lineTo(x * k, y * k);
    if (st.length === 1) ctx.lineTo(st[0][0] * k + 0.01, st[0][1] * k);
    ctx.stroke();
  }
  if (f) { tint(ctx, s, f, k); grid(ctx, s, f, k); }
}

// [CLS]'s weights over the patches (the page's "vit-rollout" charts, as last drawn), tinted over the digit.
function tint(ctx, s, f, k) {
  const map = s.maps?.[s.overlay] ?? null;
  if (!map || map.length !== GRID * GRID) return;
  const top = Math.max(...map) || 1, cell = BOX / GRID / f.scale;
  const x0 = f.lo[0] - f.shift[0] / f.scale, y0 = f.lo[1] - f.shift[1] / f.scale;
  for (let p = 0; p < GRID * GRID; p++) {
    ctx.fillStyle = `rgba(230,85,13,${(0.6 * map[p]) / top})`;
    ctx.fillRect((x0 + (p % GRID) * cell) * k, (y0 + Math.floor(p / GRID) * cell) * k, cell * k, cell * k);
  }
}

function grid(ctx, s, f, k) {
  const cell = BOX / GRID / f.scale; // a patch's side in levels
  const x0 = f.lo[0] - f.shift[0] / f.scale, y0 = f.lo[1] - f.shift[1] / f.scale;
  ctx.save();
  for (let p = 0; p < GRID * GRID; p++) {
    const x = (x0 + (p % GRID) * cell) * k, y = (y0 + Math.floor(p / GRID) * cell) * k, w = cell * k;
    if (s.occ & (1 << p)) { ctx.fillStyle = "rgba(120,120,120,0.55)"; ctx.fillRect(x, y, w, w); }
    ctx.strokeStyle = "rgba(33,113,181,0.75)"; ctx.lineWidth = 1.5;
    ctx.strokeRect(x, y, w, w);
    ctx.fillStyle = "rgba(33,113,181,0.9)"; ctx.font = `${Math.max(10, w / 5)}px sans-serif`;
    ctx.fillText(`p${p}`, x + 3, y + Math.max(10, w / 5));
  }
  ctx.restore();
}

function ink(s) {
  return { ink: encode(s.strokes), occ: s.occ ? s.occ.toString(16) : "" };
}

function send(root, data, setStateValue, now) {
  const s = state(root), view = ink(s), key = `${view.ink}|${view.occ}`;
  s.drawing = true; // until the server has this drawing
  clearTimeout(s.timer);
  if (s.pen === null) s.timer = setTimeout(() => setStateValue("value", view), RERUN_MS);
  if (key === s.sent || (!now && performance.now() - s.last < LIVE_MS)) return;
  s.sent = key; s.last = performance.now();
  document.dispatchEvent(new CustomEvent("al-view", { detail: view }));
}

// True when one more stroke would not fit in the ink text the server reads (model/ink.py MAX_INK).
function full(s, data) {
  return encode(s.strokes).length + 3 > data.max_chars;
}

function note(root, data) {
  const s = state(root), el = root.querySelector(".al-ink__note");
  el.textContent = data.full_note;
  el.hidden = !full(s, data); // worked out from the drawing: right whichever element or event came last
}

function bind(root, data, setStateValue) {
  const canvas = root.querySelector("canvas"), s = state(root);
  canvas.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    const d = root.__data, p = level(canvas, e);
    if (s.mode === "occlude") {
      const f = frame(s.strokes), patch = f ? patchAt(f, p[0], p[1]) : -1;
      if (patch >= 0) { s.occ ^= 1 << patch; paint(root); send(root, d, setStateValue, true); }
      return;
    }
    if (full(s, d)) { note(root, d); return; }
    canvas.setPointerCapture(e.pointerId);
    s.pen = e.pointerId;
    s.strokes.push([p]);
    paint(root);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (s.pen !== e.pointerId) return;
    const st = s.strokes[s.strokes.length - 1], d = root.__data;
    for (const ev of e.getCoalescedEvents?.() ?? [e]) {
      const p = level(canvas, ev), q = st[st.length - 1];
      if (p[0] === q[0] && p[1] === q[1]) continue;
      if (encode(s.strokes).length + 2 > d.max_chars) { note(root, d); break; }
      st.push(p);
    }
    paint(root);
    send(root, d, setStateValue, false);
  });
  const up = (e) => {
    if (s.pen !== e.pointerId) return;
    s.pen = null;
    send(root, root.__data, setStateValue, true);
  };
  canvas.addEventListener("pointerup", up);
  canvas.addEventListener("pointercancel", up);
  root.querySelector(".al-ink__clear").addEventListener("click", () => {
    Object.assign(s, { strokes: [], occ: 0, maps: null });
    note(root, root.__data); paint(root); send(root, root.__data, setStateValue, true);
  });
  root.querySelector(".al-ink__mode").addEventListener("click", () => {
    s.mode = s.mode === "draw" ? "occlude" : "draw";
    labels(root, root.__data);
  });
  root.querySelector(".al-ink__samples").addEventListener("click", (e) => {
    const i = e.target?.dataset?.sample;
    if (i === undefined) return;
    Object.assign(s, { strokes: parse(root.__data.samples[i].ink), occ: 0 });
    note(root, root.__data); paint(root); send(root, root.__data, setStateValue, true);
  });
  root.querySelector(".al-ink__overlay").addEventListener("click", () => {
    s.overlay = (s.overlay + 1) % root.__data.overlays.length;
    labels(root, root.__data); paint(root);
  });
  new ResizeObserver(() => paint(root)).observe(canvas);
}

function labels(root, data) {
  const s = state(root), mode = root.querySelector(".al-ink__mode");
  root.querySelector(".al-ink__clear").textContent = data.clear;
  mode.textContent = s.mode === "draw" ? data.mode_draw : data.mode_occlude;
  mode.setAttribute("aria-pressed", String(s.mode === "occlude"));
  root.querySelector(".al-ink__overlay").textContent = data.overlays[s.overlay];
  root.querySelector("canvas").setAttribute("aria-label", data.label);
  root.querySelector(".al-ink__samples-label").textContent = data.samples_label;
  const box = root.querySelector(".al-ink__buttons");
  if (box.childElementCount !== data.samples.length) {
    box.replaceChildren(...data.samples.map((sample, i) => {
      const b = document.createElement("button");
      b.type = "button"; b.className = "al-ink__button"; b.dataset.sample = String(i); b.textContent = sample.label;
      return b;
    }));
  }
}

export default function ({ parentElement, data, setStateValue }) {
  const root = parentElement, s = state(root);
  s.root = root;
  root.__data = data;
  root.querySelector(".al-ink").classList.toggle("al-ink--large", !!data.large);
  labels(root, data);
  const server = `${data.value.ink}|${data.value.occ}`, local = ink(s);
  if (server === `${local.ink}|${local.occ}`) s.drawing = false;
  else if (!s.drawing && s.pen === null) { // a link, or the lecturer's drawing: the server's drawing is shown
    s.strokes = parse(data.value.ink);
    s.occ = parseInt(data.value.occ || "0", 16) || 0;
    s.sent = server;
  }
  note(root, data);
  paint(root);
  if (!root.__bound) { root.__bound = true; bind(root, data, setStateValue); }
}
