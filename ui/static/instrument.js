// What tests and the benchmark read from the page (nothing here changes what is drawn): each chart element
// carries el.__alChart = {title, sentence, x, y, z, renderer} and data-al-sentence once drawn, and every draw ends with a
// performance mark "al-draw" whose detail names the sentence drawn (benchmarks/latency.py reads it).

export function publish(el, summary, sentence, renderer) {
  el.__alChart = Object.assign(summary, { sentence, renderer });
  el.dataset.alSentence = sentence ?? "";
  performance.mark("al-draw", { detail: { sentence } });
}
