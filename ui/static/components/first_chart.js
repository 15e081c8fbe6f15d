// A new visitor's first chart, before Streamlit has drawn the page (ui/first_load.py, with {page name: whether the
// keystroke route draws it}, the default page, the route's path and chart.js's URL in place of PAGES, HOME, ROUTE and
// CHART_URL). Runs after base_url.js: it asks the keystroke route for this link's charts while Streamlit's bundle
// loads, and hands the answer to chart.js (`first`), which draws its first chart until the page's own chart elements
// are drawn.
((pages, home, route, chart) => {
  const last = location.pathname.replace(/\/+$/, "").split("/").pop(), page = Object.hasOwn(pages, last) ? last : home;
  if (pages[page] !== true) return;
  const url = window.__streamlit.BACKEND_BASE_URL + route.replace(/^\//, "").replace("{page}", page) + location.search;
  const answer = fetch(url, { cache: "no-store" }).then((r) => (r.status === 200 ? r.arrayBuffer() : null), () => null);
  import(chart).then((m) => m.first(answer));
})(PAGES, HOME, ROUTE, CHART_URL);
