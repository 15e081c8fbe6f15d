// The console's "Open the projector window" button (ui/classroom/projector.py): a second window, named so that a
// second click brings the same one back, that follows the class in presenter view, the stage only. Opened by script,
// the window keeps this one as its opener, which is how a clicker pressed there reaches the lecture (keys.js).
// Without a class (no data.url) the click opens the window at once, empty (a browser opens one only on a click), and
// asks the server to start a class ("start"); the run that starts it draws the button with the class's address, and
// the waiting window goes there.
const WAITING = "__alProjectorWaiting"; // the window opened before its class was started

export default function ({ parentElement, data, setTriggerValue }) {
  let button = parentElement.querySelector("button");
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "al-projector-open";
    button.style.cssText = "font:inherit;font-size:15px;padding:4px 12px;border-radius:8px;cursor:pointer;"
      + "border:1px solid rgba(49,51,63,.2);background:#fff;color:inherit;white-space:nowrap";
    button.addEventListener("click", () => {
      const url = button.dataset.url;
      const opened = window.open(url || "about:blank", "al-projector", "popup,width=1280,height=720");
      if (url) return;
      window[WAITING] = opened;
      button.__start("start", true);
    });
    parentElement.appendChild(button);
  }
  button.__start = setTriggerValue;
  button.textContent = data.label;
  button.title = data.help;
  button.dataset.url = data.url;
  const waiting = window[WAITING];
  if (data.url && waiting) {
    window[WAITING] = null;
    if (!waiting.closed) waiting.location.href = new URL(data.url, window.location.href).href;
  }
}
