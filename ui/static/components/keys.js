// Keyboard navigation (ui/keys.py): → / PageDown and ← / PageUp anywhere on the page, not while typing in a box.
export default function ({ setTriggerValue }) {
  window.__alKeys = setTriggerValue;
  if (window.__alKeysBound) return;
  window.__alKeysBound = true;
  document.addEventListener("keydown", (e) => {
    const target = e.composedPath()[0] || e.target;
    if (e.isComposing || e.altKey || e.ctrlKey || e.metaKey) return;
    if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable) return;
    if (e.key === "ArrowRight" || e.key === "PageDown") window.__alKeys("pressed", "next");
    if (e.key === "ArrowLeft" || e.key === "PageUp") window.__alKeys("pressed", "prev");
  });
}
