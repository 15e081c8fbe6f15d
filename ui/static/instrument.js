// What tests and the benchmark read from the page (nothing here changes what is drawn): each chart element
// carries el.__alChart = {title, rev, x, y, z, renderer} and data-al-rev once drawn, and every draw ends with a
// performance mark "al-draw" whose detail names the sentence drawn (benchmarks/latency.py reads it).

export function publish(el, summary, rev, renderer) {
  el.__alChart = Object.assign(summary, { rev, renderer });
  el.dataset.alRev = rev ?? "";
  performance.mark("al-draw", { detail: { rev } });
}
