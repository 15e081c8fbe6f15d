// Charts the canvas kinds do not draw (viz.plotly.to_plotly made their figure on the server): Plotly.react.

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
  const config = { displaylogo: false, modeBarButtonsToRemove: ["lasso2d", "select2d"],
    toImageButtonOptions: { format: "png", scale: 2, filename } };
  return load(src).then((Plotly) => (div.__latest !== figure ? false
    : Plotly.react(div, figure.data, figure.layout, config).then(() => true)));
}

export function svgOf(div, filename) {
  return window.Plotly && window.Plotly.downloadImage(div, { format: "svg", filename });
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
