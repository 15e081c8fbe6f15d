// The offline handout (lesson/handout.py): each formula typeset by KaTeX as the app's st.latex is, and each
// section's chart payload (viz/wire.py, base64 in <script class="al-payload">) drawn by the app's chart element.
// The handout's import map names the chart modules (ui/static/*.js) "attention-lab/…".
import draw, { svg } from "attention-lab/chart.js";
import { FONT } from "attention-lab/export.js";

const bytes = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

document.querySelectorAll(".formula .tex").forEach((node) => {
  katex.render(node.textContent, node, { displayMode: true, throwOnError: false });
});

// the handout's own @font-face holds the font: loaded before any canvas is drawn with it
document.fonts.load(`16px "${FONT}"`, "中").then(() => {
  document.querySelectorAll("script.al-payload").forEach((node) => {
    const parentElement = document.getElementById(node.dataset.target);
    Promise.resolve() // one broken chart must not stop the others
      .then(() => draw({ parentElement, data: bytes(node.textContent) }))
      .catch((err) => console.error(`chart ${node.dataset.target}: ${err}`));
  });
});

// Paper gets each chart as vector SVG (its SVG download's drawing, in the page's fonts), sharp at any printer's
// resolution; the screen keeps the canvas (the handout's @media print rules show one or the other).
const unprint = () => document.querySelectorAll(".al-paper").forEach((paper) => paper.remove());
window.addEventListener("beforeprint", () => {
  unprint();
  document.querySelectorAll(".chart [data-al-chart][data-al-sentence]").forEach((slot) => {
    const doc = new DOMParser().parseFromString(svg(slot), "image/svg+xml"), paper = document.createElement("div");
    paper.className = "al-paper";
    paper.appendChild(document.importNode(doc.documentElement, true));
    slot.querySelector("canvas").before(paper);
  });
});
window.addEventListener("afterprint", unprint);
