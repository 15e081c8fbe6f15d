// Streamlit's server base URL, written into every page's head before Streamlit's own script (ui/first_load.py, with
// the app's page names and its default page in place of PAGES and HOME): the page's URL without its page segment, so
// it also holds behind a proxy that adds a prefix. The default page lives at the base URL itself, so a link to it by
// name (/overview?s=…) is rewritten to the base URL first: Streamlit would answer it with "Page not found".
((pages, home) => {
  const p = location.pathname.replace(/\/+$/, ""), last = p.split("/").pop();
  const base = pages.includes(last) ? p.slice(0, p.length - last.length) : p;
  if (home && last === home) history.replaceState(history.state, "", base.replace(/\/+$/, "") + "/" + location.search + location.hash);
  window.__streamlit = Object.assign({}, window.__streamlit, { BACKEND_BASE_URL: location.origin + base.replace(/\/+$/, "") + "/" });
})(PAGES, HOME);
