// The console's "Open the projector window" button (ui/classroom/projector.py): a second window, named so that a
// second click brings the same one back, that follows the class in presenter view, the stage only. Opened by script,
// the window keeps this one as its opener, which is how a clicker pressed there reaches the lecture (keys.js).
export default function ({ parentElement, data }) {
  let button = parentElement.querySelector("button");
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "al-projector-open";
    button.style.cssText = "font:inherit;font-size:15px;padding:4px 12px;border-radius:8px;cursor:pointer;"
      + "border:1px solid rgba(49,51,63,.2);background:#fff;color:inherit;white-space:nowrap";
    button.addEventListener("click", () => window.open(button.dataset.url, "al-projector", "popup,width=1280,height=720"));
    parentElement.appendChild(button);
  }
  button.textContent = data.label;
  button.title = data.help;
  button.dataset.url = data.url;
}
