// Downloads of one chart: PNG (the canvas drawing at 2×), SVG (the same drawing calls recorded as SVG), CSV.

const xml = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const ANCHOR = { left: "start", start: "start", center: "middle", right: "end", end: "end" };
const BASELINE = { top: "hanging", middle: "middle", bottom: "text-after-edge", alphabetic: "alphabetic" };

// the subset of CanvasRenderingContext2D the chart kinds use, writing SVG elements instead of pixels
export class SvgContext {
  constructor(width, height) {
    this.width = width; this.height = height; this.out = [];
    this.measure = document.createElement("canvas").getContext("2d");
    this.state = { fillStyle: "#000", strokeStyle: "#000", lineWidth: 1, globalAlpha: 1, font: "10px sans-serif",
      textAlign: "start", textBaseline: "alphabetic", transform: [] };
    this.stack = []; this.path = [];
  }
  set fillStyle(v) { this.state.fillStyle = v; } get fillStyle() { return this.state.fillStyle; }
  set strokeStyle(v) { this.state.strokeStyle = v; } get strokeStyle() { return this.state.strokeStyle; }
  set lineWidth(v) { this.state.lineWidth = v; } get lineWidth() { return this.state.lineWidth; }
  set globalAlpha(v) { this.state.globalAlpha = v; } get globalAlpha() { return this.state.globalAlpha; }
  set font(v) { this.state.font = v; } get font() { return this.state.font; }
  set textAlign(v) { this.state.textAlign = v; } get textAlign() { return this.state.textAlign; }
  set textBaseline(v) { this.state.textBaseline = v; } get textBaseline() { return this.state.textBaseline; }
  save() { this.stack.push({ ...this.state, transform: [...this.state.transform] }); }
  restore() { this.state = this.stack.pop() || this.state; }
  translate(x, y) { this.state.transform.push(`translate(${x} ${y})`); }
  rotate(a) { this.state.transform.push(`rotate(${(a * 180) / Math.PI})`); }
  setTransform() {}
  measureText(s) { this.measure.font = this.state.font; return this.measure.measureText(s); }
  attrs() {
    const t = this.state.transform.length ? ` transform="${this.state.transform.join(" ")}"` : "";
    return t + (this.state.globalAlpha < 1 ? ` opacity="${this.state.globalAlpha}"` : "");
  }
  fillRect(x, y, w, h) {
    this.out.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${xml(this.state.fillStyle)}"${this.attrs()}/>`);
  }
  fillText(s, x, y) {
    const m = /^([\d.]+)px (.*)$/.exec(this.state.font) || [null, 10, "sans-serif"];
    this.out.push(`<text x="${x}" y="${y}" font-size="${m[1]}" font-family="${xml(m[2])}" fill="${xml(this.state.fillStyle)}" `
      + `text-anchor="${ANCHOR[this.state.textAlign]}" dominant-baseline="${BASELINE[this.state.textBaseline]}"${this.attrs()}>${xml(s)}</text>`);
  }
  setLineDash(dash) { this.state.dash = dash.join(" "); }
  beginPath() { this.path = []; }
  moveTo(x, y) { this.path.push(`M${x} ${y}`); }
  lineTo(x, y) { this.path.push(`L${x} ${y}`); }
  arc(x, y, r) { this.path.push(`M${x - r} ${y}A${r} ${r} 0 1 0 ${x + r} ${y}A${r} ${r} 0 1 0 ${x - r} ${y}Z`); }
  closePath() { this.path.push("Z"); }
  fill() { this.out.push(`<path d="${this.path.join(" ")}" fill="${xml(this.state.fillStyle)}"${this.attrs()}/>`); }
  stroke() {
    this.out.push(`<path d="${this.path.join(" ")}" fill="none" stroke="${xml(this.state.strokeStyle)}" `
      + `stroke-width="${this.state.lineWidth}"${this.state.dash ? ` stroke-dasharray="${this.state.dash}"` : ""}${this.attrs()}/>`);
  }
  toString() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}">\n`
      + `<rect width="100%" height="100%" fill="white"/>\n${this.out.join("\n")}\n</svg>\n`;
  }
}

// The app's Chinese font (ui/fonts.py, payload.font): loaded before a canvas is drawn, embedded in SVG exports.
// The page's own @font-face (widgets.font_css, the same URL) is used when present: one download, already under
// way for the token chips; a FontFace of our own only where the page does not declare it.
export const FONT = "Attention Lab Sans";
let loaded = null, inlined = null; // the font loaded (once per page); its @font-face with the font inlined (once)
export const fontReady = (url) => loaded ??= (url && document.fonts
  ? document.fonts.load(`16px "${FONT}"`, "中").then((faces) => faces.length ? undefined
    : new FontFace(FONT, `url("${url}")`, { weight: "100 900" }).load().then((face) => { document.fonts.add(face); }))
    .catch((err) => console.warn("font " + url + ": " + err))
  : Promise.resolve());
// the page's own @font-face of FONT, as CSS, where a payload names no font URL (the handout's has the font inlined)
const pageFace = () => Array.from(document.styleSheets, (sheet) => Array.from(sheet.cssRules)).flat()
  .find((rule) => rule instanceof CSSFontFaceRule
    && rule.style.getPropertyValue("font-family").replaceAll('"', "") === FONT)?.cssText ?? "";
const fontCss = (url) => (!url ? Promise.resolve(pageFace()) : inlined ??= fetch(url).then((r) => r.arrayBuffer()).then((buf) => {
  const bytes = new Uint8Array(buf);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `@font-face{font-family:"${FONT}";src:url(data:font/woff2;base64,${btoa(bin)}) format("woff2")}`;
}).catch(() => { inlined = null; return ""; }));

// an SVG document with the app's font embedded (so Chinese labels render on machines without a CJK font)
export const withFont = (svg, url) => fontCss(url).then((css) => (css
  ? svg.replace(/<svg[^>]*>/, (open) => `${open}<defs><style>${css}</style></defs>`) : svg));

export function save(content, type, name) {
  const a = document.createElement("a");
  a.href = typeof content === "string" && content.startsWith("data:") ? content : URL.createObjectURL(new Blob([content], { type }));
  a.download = name;
  a.click();
}

const SLOT = ":is([data-al-chart],[data-al-first])"; // a chart (chart.js's canvasSlot)
const TOOLBAR_CSS = `${SLOT} .al-toolbar{opacity:0;transition:opacity .15s}`
  + `${SLOT}:hover .al-toolbar,${SLOT} .al-toolbar:focus-within{opacity:1}`;

// buttons named by format; `tip` is the payload's "Download as {format}" in the UI language
export function addToolbar(box, actions, tip) {
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
    b.dataset.format = name;
    b.style.cssText = "font:13px sans-serif;padding:2px 8px;border:1px solid #bbb;border-radius:4px;background:#fff;"
      + "cursor:pointer;opacity:.8";
    b.addEventListener("click", action);
    bar.appendChild(b);
  }
  box.appendChild(bar);
  setTips(box, tip);
}

export function setTips(box, tip) {
  box.querySelectorAll(".al-toolbar button").forEach((b) => { b.title = tip.replace("{format}", b.dataset.format); });
}
