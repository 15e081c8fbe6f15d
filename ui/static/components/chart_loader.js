// The chart element's own js (ui/chart.py, with chart.js's versioned URL in place of CHART_URL). Components v2 sends
// an element's js with every rerun of every element, so it is only this loader: the chart code (chart.js and the
// modules it imports) is fetched once, as modules, from the component file route.
const chart = import(new URL(CHART_URL, window.location.origin).href);
export default function (args) { return chart.then((m) => m.default(args)); }
