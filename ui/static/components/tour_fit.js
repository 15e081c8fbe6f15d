// Presenter view's tour text (pages/tour.py): the largest font size, from the page's own down to 18 px, at which the
// step's explanation ends above the bottom of the window (a projector shows no more); a text too long even at 18 px
// keeps 18 px. Fitted again after each run that draws a step, and when the window is resized.
export const MIN_PX = 18;
const MARGIN = 8; // px kept free under the text

// The first of `sizes` (largest first) at which bottom(size) is at most `limit`, else the last (the smallest).
export function fitSize(sizes, bottom, limit) {
  for (const size of sizes) if (bottom(size) <= limit) return size;
  return sizes[sizes.length - 1];
}

function fit() {
  const box = document.querySelector(".st-key-tour-text");
  if (!box) return;
  box.style.removeProperty("--al-tour-text");
  const text = box.querySelector("p");
  if (!text) return;
  const sizes = [];
  for (let size = Math.floor(parseFloat(getComputedStyle(text).fontSize)); size >= MIN_PX; size--) sizes.push(size);
  if (!sizes.length) return;
  const bottom = (size) => {
    box.style.setProperty("--al-tour-text", `${size}px`);
    return box.getBoundingClientRect().bottom + window.scrollY;
  };
  box.style.setProperty("--al-tour-text", `${fitSize(sizes, bottom, window.innerHeight - MARGIN)}px`);
}

export default function () {
  requestAnimationFrame(fit);
  setTimeout(fit, 400); // after the figure beside it and the web font have settled
  if (window.__alTourFit) return;
  window.__alTourFit = true;
  window.addEventListener("resize", () => requestAnimationFrame(fit));
  document.fonts?.ready.then(fit);
}
