// The clicker keys (ui/keys.py; the contract is in docs/pages.md, "Keys"). PageDown / PageUp (what presentation
// clickers send) move through the lecture from anywhere but a multi-line text, a list or a dialog; → / ← do too,
// except in a box or control that uses them, where they move the caret or the value, but in the sentence box they
// move once the caret stands at its end (→) or start (←), where the caret cannot go further. Enter or Escape in the
// sentence box leaves it, so the clicker's next press moves; so does a press that moves the lecture from it (the
// lecturer has stopped typing: after PageDown, ← goes back instead of moving the caret).
const NEXT = { ArrowRight: "next", PageDown: "next" };
const PREV = { ArrowLeft: "prev", PageUp: "prev" };
const ARROW_ROLES = ["slider", "spinbutton", "radio", "tab", "option", "listbox", "combobox", "textbox", "gridcell",
  "grid", "menuitem"];

// What a key press does: "next", "prev", "leave" (the sentence box gives up the focus) or null (the key is the
// element's own). `at` describes where it was pressed: {tag, role, editable, sentence, start, end, length, dialog}.
export function action(key, at) {
  if (at.dialog) return null;
  if (at.sentence && (key === "Enter" || key === "Escape")) return "leave";
  const move = NEXT[key] || PREV[key];
  if (!move) return null;
  if (at.tag === "TEXTAREA" || at.tag === "SELECT" || at.editable) return null;
  if (key === "PageDown" || key === "PageUp") return move;
  if (at.sentence) {
    if (at.start !== at.end) return null; // a selection: the arrow collapses it
    return (move === "next" ? at.end === at.length : at.start === 0) ? move : null;
  }
  if (at.tag === "INPUT" || ARROW_ROLES.includes(at.role)) return null;
  return move;
}

// Whether the focus leaves the element the key was pressed in: the sentence box on Enter or Escape ("leave"), or on a
// press that moved the lecture from it.
export function leaves(done, at) {
  return done === "leave" || (done !== null && at.sentence);
}

// Where a key event was pressed, as `action` reads it.
function where(e) {
  const target = e.composedPath()[0] || e.target;
  const sentence = !!target.classList?.contains("al-sentence__input");
  return {
    tag: target.tagName, role: target.getAttribute?.("role") || "", editable: !!target.isContentEditable, sentence,
    start: sentence ? target.selectionStart : 0, end: sentence ? target.selectionEnd : 0,
    length: sentence ? target.value.length : 0,
    dialog: !!document.querySelector('[data-testid="stDialog"], [role="dialog"][aria-modal="true"]'),
  };
}

// The projector window (ui/classroom/projector.py) follows the lecture: a clicker pressed there is the console's.
const projecting = () => /^(1|true)$/i.test(new URLSearchParams(location.search).get("projector") || "");
const console_ = () => (projecting() && window.opener && !window.opener.closed ? window.opener : null);

export default function ({ setTriggerValue }) {
  window.__alKeys = setTriggerValue;
  if (window.__alKeysBound) return;
  window.__alKeysBound = true;
  document.addEventListener("keydown", (e) => {
    if (e.isComposing || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.composedPath()[0] || e.target;
    const at = where(e), done = action(e.key, at);
    if (leaves(done, at)) target.blur();
    if (done && done !== "leave") {
      e.preventDefault(); // PageDown must not also scroll the page, nor → move a caret at the end
      const lecture = console_();
      if (lecture) lecture.postMessage({ alKey: done }, location.origin);
      else if (!projecting()) window.__alKeys("pressed", done);
    }
  });
  window.addEventListener("message", (e) => { // a press in this window's projector window
    if (e.origin === location.origin && e.source !== window && (e.data?.alKey === "next" || e.data?.alKey === "prev")) {
      window.__alKeys("pressed", e.data.alKey);
    }
  });
  document.addEventListener("click", () => { // the projector window: a click in it makes it full screen
    if (projecting() && !document.fullscreenElement) document.documentElement.requestFullscreen?.().catch(() => {});
  });
}
