// Charts the canvas kinds do not draw (viz.plotly.to_plotly made their figure on the server): Plotly.react.
import { save, withFont } from "./export.js";

const load = (src) => window.__attentionLabPlotly ??= new Promise((resolve, reject) => {
  if (window.Plotly) return resolve(window.Plotly);
  const script = document.createElement("script");
  script.src = src;
  script.onload = () => resolve(window.Plotly);
  script.onerror = () => reject(new Error("plotly.js could not be loaded from " + src));
  document.head.appendChild(script);
});

// draws `figure` into `div`; resolves true once drawn, false when a newer figure replaced it meanwhile
export function drawPlotly(div, figure, src, filename) {
  div.__latest = figure;
  const config = { displaylogo: false, modeBarButtonsToRemove: ["lasso2d", "select2d", "toImage"],
    toImageButtonOptions: { format: "png", scale: 2, filename } };
  return load(src).then((Plotly) => (div.__latest !== figure ? false
    : Plotly.react(div, figure.data, figure.layout, config).then(() => true)));
}

// Plotly's own export sees only the machine's fonts: embed the app's font in its SVG, and paint that SVG for PNG
export function plotlyImage(div, format, filename, font, ratio = 2) {
  if (!window.Plotly) return;
  const L = div._fullLayout;
  window.Plotly.toImage(div, { format: "svg", imageDataOnly: true, width: L.width, height: L.height })
    .then((raw) => withFont(raw, font)).then((svg) => {
      if (format === "svg") return save(svg, "image/svg+xml", filename + ".svg");
      const img = new Image(), off = document.createElement("canvas");
      img.onload = () => {
        off.width = L.width * ratio; off.height = L.height * ratio;
        const ctx = off.getContext("2d");
        ctx.fillStyle = "white"; ctx.fillRect(0, 0, off.width, off.height); ctx.drawImage(img, 0, 0, off.width, off.height);
        save(off.toDataURL("image/png"), "image/png", filename + ".png");
      };
      img.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    });
}

export function plotlyCsv(div) {
  const traces = div._fullData || [];
  const lines = ["trace,x,y"];
  for (const t of traces) {
    const xs = Array.from(t.x ?? []), ys = Array.from(t.y ?? []);
    xs.forEach((x, i) => lines.push([t.name ?? "", x, ys[i]].map((v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v))).join(",")));
  }
  return lines.join("\n") + "\n";
}
