// Attention Lab chart element: simple heatmaps on a <canvas> (fast to redraw on every keystroke),
// everything else with Plotly.react. Both keep hover values, a PNG button and readable labels, and both
// publish el.__alChart = {title, rev, x, y, z} and data-al-rev once drawn (for tests and the benchmark).

const loadPlotly = (src) => window.__attentionLabPlotly ??= new Promise((resolve, reject) => {
  if (window.Plotly) return resolve(window.Plotly);
  const script = document.createElement("script");
  script.src = src;
  script.onload = () => resolve(window.Plotly);
  script.onerror = () => reject(new Error("plotly.js could not be loaded from " + src));
  document.head.appendChild(script);
});

// The app's Chinese font (ui/fonts.py, data.font): loaded before a canvas is drawn, embedded in SVG and PNG exports.
const FONT = "Attention Lab Sans";
const fontReady = (url) => window.__alFontReady ??= (url && document.fonts
  ? new FontFace(FONT, `url("${url}")`, { weight: "100 900" }).load().then((face) => { document.fonts.add(face); })
    .catch((err) => console.warn("font " + url + ": " + err))
  : Promise.resolve());
const fontCss = (url) => window.__alFontCss ??= fetch(url).then((r) => r.arrayBuffer()).then((buf) => {
  const bytes = new Uint8Array(buf);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `@font-face{font-family:"${FONT}";src:url(data:font/woff2;base64,${btoa(bin)}) format("woff2")}`;
}).catch(() => { window.__alFontCss = undefined; return ""; });
const withFont = (svg, css) => (css ? svg.replace(/<svg[^>]*>/, (open) => `${open}<defs><style>${css}</style></defs>`) : svg);

const ENTITIES = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
const unescape = (s) => String(s ?? "").replace(/&(lt|gt|amp|quot|#x27|#39);/g, (m) => ENTITIES[m]);

function decode(a) {
  // Plotly typed array {dtype, bdata, shape} or nested lists -> {v: flat numbers, rows, cols}
  if (a && a.bdata !== undefined) {
    const bin = atob(a.bdata), bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const T = { f4: Float32Array, f8: Float64Array, i4: Int32Array, u1: Uint8Array, i1: Int8Array }[a.dtype];
    const v = new T(bytes.buffer);
    const shape = a.shape ? String(a.shape).split(",").map(Number) : [1, v.length];
    return { v, rows: shape[0], cols: shape.length > 1 ? shape[1] : v.length };
  }
  const rows = a.length, cols = rows ? a[0].length : 0, v = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) v[i * cols + j] = a[i][j] ?? NaN;
  return { v, rows, cols };
}

const grid = (d) => Array.from({ length: d.rows }, (_, i) => Array.from(d.v.slice(i * d.cols, (i + 1) * d.cols)));
const texts = (t) => (t && t.bdata === undefined ? t : null);

function colorLUT(scale) {
  const hex = (c) => [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16));
  const stops = scale.map(([t, c]) => [t, hex(c)]), lut = [];
  for (let k = 0; k < 256; k++) {
    const t = k / 255;
    let i = 0;
    while (i < stops.length - 2 && t > stops[i + 1][0]) i++;
    const [t0, c0] = stops[i], [t1, c1] = stops[i + 1], f = t1 > t0 ? Math.min(1, Math.max(0, (t - t0) / (t1 - t0))) : 0;
    lut.push(c0.map((x, n) => Math.round(x + f * (c1[n] - x))));
  }
  return lut;
}

function formatValue(z, spec) {
  // the subset of d3-format used by the app's templates: ".Nf" and ".N~f"
  const m = /\.(\d+)(~?)f/.exec(spec || ".3~f"), n = m ? +m[1] : 3;
  let s = z.toFixed(n);
  if (m && m[2] === "~" && s.includes(".")) s = s.replace(/0+$/, "").replace(/\.$/, "");
  return s === "-0" || /^-0\.0*$/.test(s) ? s.slice(1) : s.replace("-", "−");
}

function hoverText(template, row, col, z) {
  const t = (template || "").replace("<extra></extra>", "");
  return unescape(t.replace(/%\{y\}/g, row).replace(/%\{x\}/g, col)
    .replace(/%\{z(?::([^}]*))?\}/g, (_, f) => formatValue(z, f)).replace(/<br>/g, "\n"));
}

function isSimpleHeatmap(fig) {
  const d = fig.data;
  return d.length >= 1 && d.length <= 2 && d.every((t) => t.type === "heatmap") && !fig.layout.xaxis2
    && d[0].showscale !== false;
}

function heatmapModel(fig) {
  const [main, overlay] = fig.data, L = fig.layout;
  const z = decode(main.z), mask = overlay ? decode(overlay.z) : null;
  let zmin = main.zmin, zmax = main.zmax;
  if (zmin === undefined || zmax === undefined) {
    zmin = Infinity; zmax = -Infinity;
    for (const x of z.v) if (Number.isFinite(x)) { zmin = Math.min(zmin, x); zmax = Math.max(zmax, x); }
    if (!Number.isFinite(zmin)) { zmin = 0; zmax = 1; }
    if (zmax === zmin) zmax = zmin + 1;
  }
  const index = (axis, cats) => (axis.tickvals || []).map((v) => cats.indexOf(v));
  return {
    z, mask, zmin, zmax, lut: colorLUT(main.colorscale), rowsCat: main.y, colsCat: main.x,
    text: main.texttemplate ? texts(main.text) : null, maskText: overlay && overlay.texttemplate ? texts(overlay.text) : null,
    hover: main.hovertemplate, maskHover: overlay ? overlay.hovertemplate : "",
    xTicks: index(L.xaxis, main.x), xLabels: (L.xaxis.ticktext || []).map(unescape),
    yTicks: index(L.yaxis, main.y), yLabels: (L.yaxis.ticktext || []).map(unescape),
    title: unescape(L.title ? L.title.text : ""), xTitle: unescape(L.xaxis.title?.text), yTitle: unescape(L.yaxis.title?.text),
    barTitle: unescape(main.colorbar?.title?.text ?? ""), height: L.height || 360,
    font: (L.font && L.font.family) || "sans-serif", grey: overlay ? overlay.colorscale[0][1] : "#8c8c8c",
    k: (L.meta && L.meta.scale) || 1,
  };
}

function layoutBox(ctx, m, width) {
  ctx.font = `${15 * m.k}px ${m.font}`;
  const yLab = Math.max(0, ...m.yLabels.map((s) => ctx.measureText(s).width));
  const xLab = Math.max(0, ...m.xLabels.map((s) => ctx.measureText(s).width));
  const left = 12 + (m.yTitle ? 26 * m.k : 0) + yLab + 8, right = 92 * m.k, top = m.title ? 52 * m.k : 24;
  const plotW = Math.max(40, width - left - right), cellW = plotW / Math.max(1, m.z.cols);
  const stepW = m.xTicks.length > 1 ? cellW * (m.xTicks[1] - m.xTicks[0]) : plotW;
  const rotate = xLab + 6 > stepW;
  const bottom = 10 + (m.xTitle ? 26 * m.k : 0) + (rotate ? xLab * 0.72 + 10 : 18 * m.k) + 6;
  return { left, right, top, bottom, plotW, plotH: Math.max(40, m.height - top - bottom), rotate, width };
}

function drawHeatmap(canvas, m, width, scale) {
  const ctx = canvas.getContext("2d");
  const b = layoutBox(ctx, m, width), H = m.height;
  canvas.width = Math.round(width * scale); canvas.height = Math.round(H * scale);
  canvas.style.width = width + "px"; canvas.style.height = H + "px";
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = "white"; ctx.fillRect(0, 0, width, H);
  const { rows, cols, v } = m.z, cw = b.plotW / Math.max(1, cols), ch = b.plotH / Math.max(1, rows);
  ctx.textAlign = "center"; ctx.textBaseline = "middle";
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) {
    const k = i * cols + j, x = b.left + j * cw, y = b.top + i * ch, masked = m.mask && m.mask.v[k] === 1;
    let rgb = null;
    if (masked) ctx.fillStyle = m.grey;
    else if (Number.isFinite(v[k])) {
      const t = Math.min(1, Math.max(0, (v[k] - m.zmin) / (m.zmax - m.zmin)));
      rgb = m.lut[Math.round(t * 255)];
      ctx.fillStyle = `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`;
    } else ctx.fillStyle = "white";
    ctx.fillRect(x, y, Math.ceil(cw), Math.ceil(ch));
    const label = masked ? m.maskText?.[i]?.[j] : m.text?.[i]?.[j];
    if (label) {
      const dark = masked || (rgb && 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] < 140);
      ctx.fillStyle = dark ? "white" : "#111";
      let size = Math.min(16 * m.k, ch * 0.5);
      ctx.font = `${size}px ${m.font}`;
      const w = ctx.measureText(label).width;
      if (w > cw - 4) { size = Math.floor(size * (cw - 4) / w); ctx.font = `${size}px ${m.font}`; }
      if (size >= 9) ctx.fillText(label, x + cw / 2, y + ch / 2);
    }
  }
  drawAxes(ctx, m, b, cw, ch);
  drawColorbar(ctx, m, b);
  return b;
}

function drawAxes(ctx, m, b, cw, ch) {
  ctx.fillStyle = "#111"; ctx.font = `${15 * m.k}px ${m.font}`;
  ctx.textAlign = "right"; ctx.textBaseline = "middle";
  m.yTicks.forEach((i, n) => ctx.fillText(m.yLabels[n], b.left - 6, b.top + (i + 0.5) * ch));
  const gap = m.xTicks.length > 1 ? (m.xTicks[1] - m.xTicks[0]) * cw : b.plotW;
  const every = b.rotate ? Math.max(1, Math.ceil(20 * m.k / gap)) : 1;  // rotated labels need ~20px apart
  m.xTicks.forEach((j, n) => {
    if (n % every) return;
    const x = b.left + (j + 0.5) * cw, y = b.top + b.plotH + 6;
    if (b.rotate) {
      ctx.save(); ctx.translate(x, y + 4); ctx.rotate(-Math.PI / 4);
      ctx.textAlign = "right"; ctx.fillText(m.xLabels[n], 0, 0); ctx.restore();
    } else { ctx.textAlign = "center"; ctx.textBaseline = "top"; ctx.fillText(m.xLabels[n], x, y); }
  });
  ctx.font = `${16 * m.k}px ${m.font}`; ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
  if (m.xTitle) ctx.fillText(m.xTitle, b.left + b.plotW / 2, m.height - 8);
  if (m.yTitle) { ctx.save(); ctx.translate(18 * m.k, b.top + b.plotH / 2); ctx.rotate(-Math.PI / 2); ctx.fillText(m.yTitle, 0, 0); ctx.restore(); }
  if (m.title) { ctx.font = `${20 * m.k}px ${m.font}`; ctx.textAlign = "left"; ctx.fillText(m.title, 10, 28 * m.k); }
}

function drawColorbar(ctx, m, b) {
  const x = b.left + b.plotW + 22, w = 16 * m.k, y0 = b.top, h = b.plotH;
  for (let k = 0; k < h; k++) {
    const c = m.lut[Math.round((1 - k / h) * 255)];
    ctx.fillStyle = `rgb(${c[0]},${c[1]},${c[2]})`; ctx.fillRect(x, y0 + k, w, 1.5);
  }
  ctx.fillStyle = "#111"; ctx.font = `${14 * m.k}px ${m.font}`; ctx.textAlign = "left"; ctx.textBaseline = "middle";
  for (const f of [0, 0.5, 1]) ctx.fillText(formatValue(m.zmin + f * (m.zmax - m.zmin), ".2~f"), x + w + 4, y0 + (1 - f) * h);
  if (m.barTitle) { ctx.textBaseline = "bottom"; ctx.fillText(m.barTitle, x, y0 - 12); }
}

function isGrid(fig) {
  return fig.data.length > 1 && fig.data.every((t) => t.type === "heatmap" && t.coloraxis) && fig.layout.coloraxis;
}

function gridModel(fig) {
  const L = fig.layout, ca = L.coloraxis, k = (L.meta && L.meta.scale) || 1;
  const cells = fig.data.map((t) => {
    const sid = t.xaxis.slice(1), xa = L["xaxis" + sid], ya = L["yaxis" + sid.replace("x", "")] || L["yaxis" + sid];
    return { z: decode(t.z), x: t.x, y: t.y, name: unescape(t.name), xd: xa.domain, yd: ya.domain,
      xTitle: xa.showticklabels ? unescape(xa.title?.text) : "", yTitle: ya.showticklabels ? unescape(ya.title?.text) : "",
      xTicks: xa.showticklabels, yTicks: ya.showticklabels, hover: t.hovertemplate };
  });
  return { cells, lut: colorLUT(ca.colorscale), zmin: ca.cmin ?? 0, zmax: ca.cmax ?? 1, height: L.height || 400,
    title: unescape(L.title ? L.title.text : ""), font: (L.font && L.font.family) || "sans-serif", k,
    grey: L.plot_bgcolor || "#8c8c8c", top: (L.margin && L.margin.t) || 40, barTitle: unescape(ca.colorbar?.title?.text ?? "p") };
}

function gridBox(ctx, g, width) {
  ctx.font = `${14 * g.k}px ${g.font}`;
  const labels = (cats) => Math.max(0, ...cats.map((c) => ctx.measureText(unescape(c)).width));
  const yLab = labels(g.cells[0].y), xLab = labels(g.cells[0].x);
  const left = 10 + 24 * g.k + yLab + 6, right = 80 * g.k, bottom = 14 + 24 * g.k + xLab * 0.72 + 10;
  return { left, right, bottom, top: g.top, w: width - left - right, h: g.height - g.top - bottom };
}

function cellRect(b, c) {
  return { x: b.left + c.xd[0] * b.w, y: b.top + (1 - c.yd[1]) * b.h, w: (c.xd[1] - c.xd[0]) * b.w, h: (c.yd[1] - c.yd[0]) * b.h };
}

function drawGrid(canvas, g, width, scale) {
  const ctx = canvas.getContext("2d"), b = gridBox(ctx, g, width);
  canvas.width = Math.round(width * scale); canvas.height = Math.round(g.height * scale);
  canvas.style.width = width + "px"; canvas.style.height = g.height + "px";
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = "white"; ctx.fillRect(0, 0, width, g.height);
  for (const c of g.cells) {
    const r = cellRect(b, c), cw = r.w / c.z.cols, ch = r.h / c.z.rows;
    for (let i = 0; i < c.z.rows; i++) for (let j = 0; j < c.z.cols; j++) {
      const v = c.z.v[i * c.z.cols + j];
      if (Number.isFinite(v)) {
        const rgb = g.lut[Math.round(Math.min(1, Math.max(0, (v - g.zmin) / (g.zmax - g.zmin))) * 255)];
        ctx.fillStyle = `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`;
      } else ctx.fillStyle = g.grey;
      ctx.fillRect(r.x + j * cw, r.y + i * ch, Math.ceil(cw), Math.ceil(ch));
    }
    ctx.fillStyle = "#111"; ctx.font = `${14 * g.k}px ${g.font}`; ctx.textAlign = "center"; ctx.textBaseline = "bottom";
    ctx.fillText(c.name, r.x + r.w / 2, r.y - 4);
    const every = (n, px) => Math.max(1, Math.ceil(n * 14 * g.k * 1.1 / px));
    if (c.yTicks) {
      ctx.textAlign = "right"; ctx.textBaseline = "middle";
      const step = every(c.z.rows, r.h);
      c.y.forEach((lab, i) => i % step === 0 && ctx.fillText(unescape(lab), r.x - 4, r.y + (i + 0.5) * ch));
      if (c.yTitle) { ctx.save(); ctx.translate(14 * g.k, r.y + r.h / 2); ctx.rotate(-Math.PI / 2); ctx.textAlign = "center"; ctx.fillText(c.yTitle, 0, 0); ctx.restore(); }
    }
    if (c.xTicks) {
      const step = every(c.z.cols, r.w);
      c.x.forEach((lab, j) => {
        if (j % step) return;
        ctx.save(); ctx.translate(r.x + (j + 0.5) * cw, r.y + r.h + 6); ctx.rotate(-Math.PI / 4);
        ctx.textAlign = "right"; ctx.textBaseline = "middle"; ctx.fillText(unescape(lab), 0, 0); ctx.restore();
      });
      if (c.xTitle) { ctx.textAlign = "center"; ctx.textBaseline = "bottom"; ctx.fillText(c.xTitle, r.x + r.w / 2, g.height - 4); }
    }
  }
  if (g.title) { ctx.font = `${20 * g.k}px ${g.font}`; ctx.textAlign = "left"; ctx.textBaseline = "alphabetic"; ctx.fillText(g.title, 10, 28 * g.k); }
  drawColorbar(ctx, { lut: g.lut, zmin: g.zmin, zmax: g.zmax, font: g.font, k: g.k, barTitle: g.barTitle },
    { left: b.left, plotW: b.w, top: b.top, plotH: b.h });
  return b;
}

function gridHit(box, px, py) {
  const g = box.__state.g, b = box.__box;
  for (const c of g.cells) {
    const r = cellRect(b, c);
    if (px >= r.x && px < r.x + r.w && py >= r.y && py < r.y + r.h) {
      const j = Math.floor((px - r.x) / (r.w / c.z.cols)), i = Math.floor((py - r.y) / (r.h / c.z.rows));
      const v = c.z.v[i * c.z.cols + j];
      return hoverText(c.hover.replace(/<\/?b>/g, ""), c.y[i], c.x[j], Number.isFinite(v) ? v : NaN)
        .replace("NaN", "−∞ (masked)");
    }
  }
  return null;
}

function gridCsv(g) {
  const rows = ["subplot,query,key,weight"];
  for (const c of g.cells) for (let i = 0; i < c.z.rows; i++) for (let j = 0; j < c.z.cols; j++) {
    const v = c.z.v[i * c.z.cols + j];
    rows.push([c.name, unescape(c.y[i]), unescape(c.x[j]), Number.isFinite(v) ? String(v) : "-inf"].map(csvCell).join(","));
  }
  return rows.join("\n") + "\n";
}

function ensureCanvasChart(root) {
  let box = root.querySelector(".al-canvas");
  if (box) return box;
  box = document.createElement("div");
  box.className = "al-canvas";
  box.style.cssText = "position:relative;width:100%";
  box.innerHTML = '<canvas></canvas><div class="al-tip" style="position:absolute;display:none;pointer-events:none;'
    + 'background:rgba(30,30,30,.92);color:#fff;padding:4px 8px;border-radius:4px;font:15px "' + FONT + '",sans-serif;'
    + 'white-space:pre;z-index:5"></div>';
  root.appendChild(box);
  const canvas = box.querySelector("canvas"), tip = box.querySelector(".al-tip");
  canvas.addEventListener("mousemove", (e) => showTip(box, canvas, tip, e));
  canvas.addEventListener("mouseleave", () => { tip.style.display = "none"; });
  addToolbar(box, { PNG: () => downloadPng(box), SVG: () => box.__state.m ? fontCss(box.__state.font).then((css) =>
    save(withFont(heatmapSvg(box.__state.m, box.clientWidth), css), "image/svg+xml", fileName(box.__state.config, "svg")))
    : downloadPng(box),
    CSV: () => save(box.__state.m ? heatmapCsv(box.__state.m) : gridCsv(box.__state.g), "text/csv",
    fileName(box.__state.config, "csv")) });
  new ResizeObserver(() => box.__state && render(box)).observe(box);
  return box;
}

function showTip(box, canvas, tip, e) {
  const s = box.__state, b = box.__box;
  if (!s || !b) return;
  const r = canvas.getBoundingClientRect(), px = e.clientX - r.left, py = e.clientY - r.top;
  if (s.g) {
    const text = gridHit(box, px, py);
    tip.style.display = text ? "block" : "none";
    if (text) { tip.textContent = text; tip.style.left = Math.min(px + 14, r.width - tip.offsetWidth - 4) + "px"; tip.style.top = py + 14 + "px"; }
    return;
  }
  const j = Math.floor((px - b.left) / (b.plotW / s.m.z.cols)), i = Math.floor((py - b.top) / (b.plotH / s.m.z.rows));
  if (i < 0 || j < 0 || i >= s.m.z.rows || j >= s.m.z.cols) { tip.style.display = "none"; return; }
  const k = i * s.m.z.cols + j, masked = s.m.mask && s.m.mask.v[k] === 1;
  tip.textContent = hoverText(masked ? s.m.maskHover : s.m.hover, s.m.rowsCat[i], s.m.colsCat[j], s.m.z.v[k]);
  tip.style.display = "block";
  tip.style.left = Math.min(px + 14, r.width - tip.offsetWidth - 4) + "px";
  tip.style.top = py + 14 + "px";
}

const TOOLBAR_CSS = "[data-al-chart] .al-toolbar{opacity:0;transition:opacity .15s}"
  + "[data-al-chart]:hover .al-toolbar,[data-al-chart] .al-toolbar:focus-within{opacity:1}";

function addToolbar(box, actions) {
  if (!document.getElementById("al-toolbar-css")) {
    const style = document.createElement("style");
    style.id = "al-toolbar-css";
    style.textContent = TOOLBAR_CSS;
    document.head.appendChild(style);
  }
  const bar = document.createElement("div");
  bar.className = "al-toolbar";
  bar.style.cssText = "position:absolute;top:2px;right:6px;display:flex;gap:4px;z-index:4";
  for (const [name, action] of Object.entries(actions)) {
    const b = document.createElement("button");
    b.textContent = name;
    b.title = "Download as " + name;
    b.style.cssText = "font:13px sans-serif;padding:2px 8px;border:1px solid #bbb;border-radius:4px;background:#fff;"
      + "cursor:pointer;opacity:.8";
    b.addEventListener("click", action);
    bar.appendChild(b);
  }
  box.appendChild(bar);
}

const fileName = (config, ext) => (((config && config.toImageButtonOptions) || {}).filename || "attention-lab") + "." + ext;

function save(content, type, name) {
  const a = document.createElement("a");
  a.href = typeof content === "string" && content.startsWith("data:") ? content : URL.createObjectURL(new Blob([content], { type }));
  a.download = name;
  a.click();
}

function downloadPng(box) {
  const s = box.__state, off = document.createElement("canvas"), k = ((s.config && s.config.toImageButtonOptions) || {}).scale || 2;
  if (s.g) drawGrid(off, s.g, box.clientWidth, k); else drawHeatmap(off, s.m, box.clientWidth, k);
  save(off.toDataURL("image/png"), "image/png", fileName(s.config, "png"));
}

const csvCell = (x) => (/[",\n]/.test(x) ? '"' + x.replace(/"/g, '""') + '"' : x);

function tableCsv(rows, cols, value) {
  const lines = [["", ...cols.map(unescape)].map(csvCell).join(",")];
  rows.forEach((r, i) => lines.push([csvCell(unescape(r)), ...cols.map((_, j) => value(i, j))].join(",")));
  return lines.join("\n") + "\n";
}

function heatmapCsv(m) {
  return tableCsv(m.rowsCat, m.colsCat, (i, j) => {
    const k = i * m.z.cols + j;
    if (m.mask && m.mask.v[k] === 1) return "-inf";
    return Number.isFinite(m.z.v[k]) ? String(m.z.v[k]) : "";
  });
}

const xml = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function heatmapSvg(m, width) {
  const b = layoutBox(document.createElement("canvas").getContext("2d"), m, width);
  const { rows, cols, v } = m.z, cw = b.plotW / Math.max(1, cols), ch = b.plotH / Math.max(1, rows);
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${m.height}" font-family="${xml(m.font)}">`,
    `<rect width="100%" height="100%" fill="white"/>`];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) {
    const k = i * cols + j, masked = m.mask && m.mask.v[k] === 1;
    let fill = "white";
    if (masked) fill = m.grey;
    else if (Number.isFinite(v[k])) {
      const c = m.lut[Math.round(Math.min(1, Math.max(0, (v[k] - m.zmin) / (m.zmax - m.zmin))) * 255)];
      fill = `rgb(${c[0]},${c[1]},${c[2]})`;
    }
    out.push(`<rect x="${b.left + j * cw}" y="${b.top + i * ch}" width="${cw + 0.5}" height="${ch + 0.5}" fill="${fill}"/>`);
    const label = masked ? m.maskText?.[i]?.[j] : m.text?.[i]?.[j];
    if (label) out.push(`<text x="${b.left + (j + 0.5) * cw}" y="${b.top + (i + 0.5) * ch}" font-size="${Math.min(16, ch * 0.5)}" `
      + `text-anchor="middle" dominant-baseline="middle" fill="${masked ? "white" : "#111"}">${xml(label)}</text>`);
  }
  m.yTicks.forEach((i, n) => out.push(`<text x="${b.left - 6}" y="${b.top + (i + 0.5) * ch}" font-size="15" text-anchor="end" `
    + `dominant-baseline="middle">${xml(m.yLabels[n])}</text>`));
  m.xTicks.forEach((j, n) => {
    const x = b.left + (j + 0.5) * cw, y = b.top + b.plotH + 10;
    out.push(`<text x="${x}" y="${y}" font-size="15" text-anchor="end" transform="rotate(-45 ${x} ${y})">${xml(m.xLabels[n])}</text>`);
  });
  if (m.title) out.push(`<text x="10" y="28" font-size="20">${xml(m.title)}</text>`);
  if (m.xTitle) out.push(`<text x="${b.left + b.plotW / 2}" y="${m.height - 8}" font-size="16" text-anchor="middle">${xml(m.xTitle)}</text>`);
  if (m.yTitle) out.push(`<text x="18" y="${b.top + b.plotH / 2}" font-size="16" text-anchor="middle" transform="rotate(-90 18 ${b.top + b.plotH / 2})">${xml(m.yTitle)}</text>`);
  out.push("</svg>");
  return out.join("\n");
}

function plotlyImage(gd, data, format) {
  // Plotly's own export sees only the machine's fonts: embed the app's font in its SVG, and paint that SVG for PNG
  const name = fileName(data.config, format), k = ((data.config && data.config.toImageButtonOptions) || {}).scale || 2;
  const L = gd._fullLayout;
  const svgOf = window.Plotly.toImage(gd, { format: "svg", imageDataOnly: true, width: L.width, height: L.height });
  Promise.all([svgOf, fontCss(data.font)]).then(([raw, css]) => {
    const svg = withFont(raw, css);
    if (format === "svg") return save(svg, "image/svg+xml", name);
    const img = new Image(), off = document.createElement("canvas");
    img.onload = () => {
      off.width = L.width * k; off.height = L.height * k;
      const ctx = off.getContext("2d");
      ctx.fillStyle = "white"; ctx.fillRect(0, 0, off.width, off.height); ctx.drawImage(img, 0, 0, off.width, off.height);
      save(off.toDataURL("image/png"), "image/png", name);
    };
    img.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  });
}

function plotlyCsv(gd) {
  const t = gd._fullData && gd._fullData[0];
  if (!t) return "";
  if (t.type === "heatmap") return tableCsv(t.y.map(String), t.x.map(String), (i, j) => String(t.z[i][j] ?? ""));
  const xs = Array.from(t.x ?? []), ys = Array.from(t.y ?? []);
  return ["x,y", ...xs.map((x, i) => `${csvCell(unescape(String(x)))},${csvCell(unescape(String(ys[i])))}`)].join("\n") + "\n";
}

function render(box) {
  const s = box.__state, canvas = box.querySelector("canvas"), w = box.clientWidth || 600, dpr = window.devicePixelRatio || 1;
  box.__box = s.g ? drawGrid(canvas, s.g, w, dpr) : drawHeatmap(canvas, s.m, w, dpr);
}

function publish(el, fig, summary) {
  el.__alChart = summary;
  el.dataset.alRev = (fig.layout.meta && fig.layout.meta.rev) ?? "";
}

export default function (args) {
  return fontReady(args.data.font).then(() => drawChart(args));
}

function drawChart({ parentElement, data }) {
  const fig = JSON.parse(data.spec);
  parentElement.dataset.alChart = "1";
  if (isSimpleHeatmap(fig)) {
    parentElement.querySelector(".al-plotly")?.remove();
    const box = ensureCanvasChart(parentElement), m = heatmapModel(fig);
    box.__state = { m, config: data.config, font: data.font };
    render(box);
    publish(parentElement, fig, { title: m.title, rev: fig.layout.meta?.rev, x: fig.layout.xaxis.ticktext,
      y: fig.layout.yaxis.ticktext, z: grid(m.z), renderer: "canvas" });
    return;
  }
  if (isGrid(fig)) {
    parentElement.querySelector(".al-plotly")?.remove();
    const box = ensureCanvasChart(parentElement), g = gridModel(fig), c0 = g.cells[0];
    box.__state = { g, config: data.config, font: data.font };
    render(box);
    publish(parentElement, fig, { title: g.title, rev: fig.layout.meta?.rev, x: c0.x, y: c0.y, z: grid(c0.z),
      renderer: "canvas-grid" });
    return;
  }
  parentElement.querySelector(".al-canvas")?.remove();
  let gd = parentElement.querySelector(".al-plotly");
  if (!gd) {
    gd = document.createElement("div");
    gd.className = "al-plotly";
    gd.style.width = "100%";
    parentElement.appendChild(gd);
  }
  gd.__latest = fig;
  if (!parentElement.querySelector(".al-toolbar")) {
    parentElement.style.position = "relative";
    addToolbar(parentElement, {
      PNG: () => window.Plotly && plotlyImage(gd, data, "png"),
      SVG: () => window.Plotly && plotlyImage(gd, data, "svg"),
      CSV: () => save(plotlyCsv(gd), "text/csv", fileName(data.config, "csv")) });
  }
  loadPlotly(data.src).then((Plotly) => {
    if (gd.__latest !== fig) return;  // a newer figure arrived while plotly.js loaded
    const config = { ...data.config, modeBarButtonsToRemove: [...(data.config.modeBarButtonsToRemove || []), "toImage"] };
    return Plotly.react(gd, fig.data, fig.layout, config).then(() => publish(parentElement, fig, {
      title: unescape(fig.layout.title?.text ?? ""), rev: fig.layout.meta?.rev, x: fig.layout.xaxis?.ticktext,
      y: fig.layout.yaxis?.ticktext, z: gd._fullData?.[0]?.z ? Array.from(gd._fullData[0].z, (r) => Array.from(r)) : null,
      renderer: "plotly" }));
  });
}
