// The shared sentence box (ui/sentence_box.py). data.value is the text the server has: while the user types, the box
// keeps its own text until the server echoes it (typing); otherwise the server's text is shown (a link, an example
// picked) without being sent back.
export default function ({ parentElement, data, setStateValue }) {
  const label = parentElement.querySelector(".al-sentence__label");
  const input = parentElement.querySelector(".al-sentence__input");
  parentElement.querySelector(".al-sentence").classList.toggle("al-sentence--large", !!data.large);
  label.textContent = data.label;
  input.placeholder = data.placeholder;
  input.maxLength = data.max_chars;
  input.setAttribute("aria-label", data.label);
  if (data.value === input.value) input._typing = false;
  else if (!input._typing) input.value = data.value;
  parentElement._debounce = data.debounce;
  if (parentElement._attached) return;
  parentElement._attached = true;
  let timer = null;
  const send = () => { clearTimeout(timer); setStateValue("value", input.value); };
  input.addEventListener("input", () => {
    input._typing = true;
    clearTimeout(timer);
    if (parentElement._debounce > 0) timer = setTimeout(send, parentElement._debounce);
    else send();
  });
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") send(); });
}
