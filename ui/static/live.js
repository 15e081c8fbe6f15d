// Charts on every keystroke without waiting for the rerun (ui/route.py). On a live page the sentence box is
// debounced: Streamlit reruns the page only when typing pauses, while each keystroke asks the route for the page's
// chart payloads and draws them into the chart elements already on the page (matched by their charts' names).
// The rerun that follows builds the same bytes, which are then not drawn again.
import { decode } from "./decode.js";

const roots = new Map(); // "name|name…" of an element's charts -> the element's root
const SENTENCE = /(^|\s)st-key-sentence_\d+(\s|$)/; // the shared sentence box (app.py: key "sentence_<gen>")
let box = null; // the sentence box last typed in
let asked = 0; // sequence number of the latest request: an answer never replaces a newer draw
let askedAtRun = 0; // requests asked when the running rerun began: the only ones its payloads are newer than
let previous = ""; // the text of the latest request (the route verifies its output as a draft: faster decoding)
let drawer = null; // the chart element's draw(root, bytes, payload), once it listens

const key = (payload) => payload.names.join("|");
const states = new WeakMap();

// A chart element's state, one object per element root: the bytes and payload drawn last, the sequence number of
// the newest request whose answer may still be drawn (seq), and the text and sentence the route drew last.
export function elementState(root) {
  if (!states.has(root)) {
    states.set(root, { bytes: null, payload: null, seq: 0, liveText: undefined, liveSentence: undefined });
  }
  return states.get(root);
}

// Streamlit mounted a chart element again (a new root for the same charts): `to` takes over `from`'s state, and
// the route's answers go to it.
export function moved(from, to) {
  states.set(to, elementState(from));
  for (const [name, root] of roots) if (root === from) roots.set(name, to);
}

// A rerun began (Streamlit marks the app "running"): it shows the view as the requests asked so far left it.
export function rerunStarted() {
  askedAtRun = asked;
}

// A route request is asked: its sequence number.
export function ask() {
  return ++asked;
}

// Whether the route's answer to request n may be drawn into `root`: no draw since it was asked is newer.
export const fresh = (root, n) => n > elementState(root).seq;

// A rerun's payload arrived for `root`: remember the root if its page is live. Unless the payload looks older than
// the route's drawing (`superseded`), answers to the requests asked before its rerun began are older than it: they
// are not drawn. Requests asked while the rerun ran are for newer text (typing went on): their answers still draw.
export function arrived(root, payload) {
  if (payload.live) roots.set(key(payload), root);
  const state = elementState(root);
  if (!superseded(root, payload)) state.seq = Math.max(state.seq, askedAtRun);
  return askedAtRun;
}

// True if a rerun's payload shows another sentence than the route drew for the text still in the box: typing went
// on while that rerun ran, and the rerun of the newer text is on its way. Only final once the rerun has finished:
// until then the box may still be the one typed in, though the server has put another text there (a model, an
// example picked) and the payload is that text's.
export function superseded(root, payload) {
  const state = elementState(root);
  return state.liveText !== undefined && box?.isConnected === true && box.value === state.liveText
    && payload.sentence !== state.liveSentence;
}

function liveUrl() {
  for (const [name, root] of roots) {
    if (!root.isConnected) { roots.delete(name); continue; }
    const live = elementState(root).payload?.live;
    if (live) return live;
  }
  return "";
}

// The route's answer: its payloads, each preceded by its length (uint32 LE).
export function* split(buffer) {
  const view = new DataView(buffer);
  for (let at = 0; at + 4 <= buffer.byteLength;) {
    const n = view.getUint32(at, true);
    yield new Uint8Array(buffer, at + 4, n);
    at += 4 + n;
  }
}

// Whether a chart element is not shown: it is in a tab that is not open (Streamlit keeps such a panel, inert and
// undisplayed). The route may leave it out. An attribute, not checkVisibility(): that computes the page's style, and
// right after a keystroke it cost every key ~10 ms before its request went out.
export const isHidden = (root) => root.closest('[data-testid="stTabPanel"][inert]') !== null;
let leftOut = []; // the elements the latest request named hidden
let drawnSentence; // the sentence the latest request's answer drew

// The names of the page's chart elements not shown now, which a request asks the route to leave out (ui/route.py).
function hiddenNames() {
  leftOut = [];
  for (const [name, root] of roots) {
    if (root.isConnected && isHidden(root)) leftOut.push([name, root]);
  }
  return leftOut.map(([name]) => name).sort(); // sorted: one text, one query string (the route's and nginx's keys)
}

// Ask the route for the charts of a view state (its query parameters, s the sentence) and draw each answer that is
// still the newest for its element.
function request(url, params, draw) {
  const text = params.get("s") ?? "";
  params.set("p", previous);
  previous = text;
  const hide = hiddenNames();
  if (hide.length) params.set("hide", hide.join(","));
  const n = ask();
  fetch(`${url}?${params}`, { cache: "no-store" })
    .then((r) => (r.status === 200 ? r.arrayBuffer() : null))
    .then((buffer) => {
      if (!buffer) return;
      for (const bytes of split(buffer)) {
        const payload = decode(bytes), root = roots.get(key(payload));
        if (!root?.isConnected || !fresh(root, n)) continue; // a draw since this request is newer
        Object.assign(elementState(root), { seq: n, liveText: text, liveSentence: payload.sentence });
        drawnSentence = payload.sentence;
        draw(root, bytes, payload);
      }
    })
    .catch(() => {}); // the rerun still follows
}

// A tab opened after typing, before the rerun after the pause drew its charts: an element the latest request left
// out is shown now with another sentence than the others drew, so the route is asked for the box's text again.
function revealed() {
  const stale = leftOut.some(([, root]) => root.isConnected && !isHidden(root)
    && elementState(root).payload?.sentence !== drawnSentence);
  const url = liveUrl();
  if (!stale || !url || !drawer || !box?.isConnected) return;
  const params = new URLSearchParams(window.location.search);
  params.set("s", box.value);
  request(url, params, drawer);
}

// A class's student following the lecturer (ui/static/components/classroom.js): draw this page's charts for the
// lecturer's view (`query`: the lecturer's parameters with the student's own language and presenter view) now,
// before the rerun that follows. Asked at /_al/follow/: the same answers, which nginx hands a whole class at once
// (deploy/nginx.conf.template). Returns false where the page has no keystroke route.
export function follow(query) {
  const url = liveUrl();
  if (!url || !drawer) return false;
  request(url.replace("/_al/live/", "/_al/follow/"), new URLSearchParams(query), drawer);
  return true;
}

// Call draw(root, bytes, payload) for each chart element the route answers for a keystroke in the sentence box.
export function listen(draw) {
  drawer = draw;
  // A tab opens on a press (pointerdown: what is under the pointer has changed by the click) or the arrow keys on the
  // tabs, and shows a frame later; only there (frames asked on every key cost typing ~10 ms).
  for (const type of ["pointerdown", "keyup"]) {
    document.addEventListener(type, (e) => {
      if (e.target instanceof Element && e.target.closest('[role="tab"]')) {
        requestAnimationFrame(() => requestAnimationFrame(revealed));
      }
    }, true);
  }
  document.addEventListener("input", (e) => {
    const path = e.composedPath(), input = path[0];
    if (!(input instanceof HTMLInputElement) || !path.some((el) => SENTENCE.test(el.className || ""))) return;
    box = input;
    const params = new URLSearchParams(window.location.search);
    params.set("s", input.value);
    document.dispatchEvent(new CustomEvent("al-keystroke", { detail: params.toString() })); // a class's lecturer
    const url = liveUrl();
    if (url) request(url, params, draw);
  }, true);
  // A page's own input that is a view parameter (the drawing canvas, ui/static/components/ink_canvas.js: detail
  // {ink, occ}): the same route, with the box's text and those parameters.
  document.addEventListener("al-view", (e) => {
    const params = new URLSearchParams(window.location.search);
    if (box?.isConnected) params.set("s", box.value);
    for (const [name, value] of Object.entries(e.detail)) params.set(name, value);
    document.dispatchEvent(new CustomEvent("al-keystroke", { detail: params.toString() })); // a class's lecturer
    const url = liveUrl();
    if (url) request(url, params, draw);
  });
}
