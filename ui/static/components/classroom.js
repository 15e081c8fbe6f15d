// Class mode (ui/classroom/session.py). A student's page keeps one event stream of the lecturer's view open; each
// new lecture is drawn at once through the keystroke route (ui/static/live.js `follow`, the lecturer's parameters
// with the student's own language and presenter view) and, a moment later, asks Streamlit for a rerun ("lecture"),
// which takes the whole view (controls, chips, another page). A lecturer's page sends each keystroke of the
// sentence box to the class (POST steer); everything else the lecturer changes goes with their rerun.
// A lecturer's seat is kept in a session cookie (data.kept: "al_lecturer=CODE:KEY"; never in the URL the projector
// shows), so that a reloaded tab's new session takes the class back on its first run (session.py `resume`).
const STATE = "__alClass"; // one object per page: survives reruns, which call this function again

function state() {
  window[STATE] ??= { data: {}, trigger: null, source: null, url: "", seq: 0, timer: 0, retry: 0, closing: 0, bound: false,
    pending: null, sending: false };
  return window[STATE];
}

function query(params, own) {
  const q = new URLSearchParams(params);
  for (const [name, value] of Object.entries(own)) q.set(name, value);
  return q.toString();
}

function heard(c, lecture) {
  if (lecture.seq <= c.seq) return;
  c.seq = lecture.seq;
  if (!c.data.following) return;
  const here = lecture.page === c.data.page;
  if (here && c.data.live_module) {
    import(new URL(c.data.live_module, window.location.origin).href)
      .then((live) => live.follow(query(lecture.params, c.data.own)))
      .catch(() => {});
  }
  clearTimeout(c.timer);
  c.timer = setTimeout(() => c.trigger?.("lecture", lecture.seq), here ? c.data.rerun_after : 0);
}

function open(c) {
  const source = new EventSource(c.url);
  c.source = source;
  source.onmessage = (e) => heard(c, JSON.parse(e.data));
  source.addEventListener("end", () => { source.close(); c.source = null; c.trigger?.("ended", true); });
  source.onerror = () => { // the browser retries a dropped stream itself, but not one refused (a replica down)
    if (source.readyState !== EventSource.CLOSED || c.source !== source) return;
    clearTimeout(c.retry);
    c.retry = setTimeout(() => { if (c.source === source) open(c); }, 1000);
  };
}

// One keystroke at a time, in order (the class must end on the last one, and a rerun after the pause does not send
// a typed sentence again); keystrokes typed while one is on its way are sent as the newest of them.
function steer(c, detail) {
  c.pending = detail;
  if (!c.sending) send(c);
}

function send(c) {
  const d = c.data, detail = c.pending;
  c.pending = null;
  if (detail === null || !d.key || !d.steer) return;
  c.sending = true;
  fetch(d.steer, {
    method: "POST", headers: { "Content-Type": "application/json", "X-AL-Key": d.key },
    body: JSON.stringify({ page: d.page, query: detail }),
  }).then((r) => r.status < 500, () => false).then((ok) => { // a refusal (4xx) is final
    c.sending = false;
    if (!ok && c.pending === null) c.pending = detail; // not reached (a replica restarting): again, unless typed over
    if (c.pending !== null) setTimeout(() => { if (!c.sending) send(c); }, ok ? 0 : 500);
  });
}

function close(c) {
  if (c.data.kept) document.cookie = `${c.data.kept.split("=")[0]}=; path=/; max-age=0; SameSite=Strict`; // ended
  c.source?.close();
  Object.assign(c, { source: null, url: "", seq: 0, data: {} });
}

export default function ({ data, setTriggerValue }) {
  const c = state();
  if (data.kept) document.cookie = `${data.kept}; path=/; SameSite=Strict`;
  clearTimeout(c.closing);
  c.data = data;
  c.trigger = setTriggerValue;
  c.seq = Math.max(c.seq, data.seq || 0);
  const url = data.events || "";
  if (url !== c.url) {
    c.source?.close();
    c.source = null;
    c.url = url;
    c.seq = data.seq || 0;
    if (url) open(c);
  }
  if (!c.bound) {
    c.bound = true;
    document.addEventListener("al-keystroke", (e) => steer(state(), e.detail));
  }
  // unmounted: the seat was left (a rerun that keeps it calls this function again at once)
  return () => { c.closing = setTimeout(() => close(c), 1000); };
}
