// The shared sentence box (ui/sentence_box.py). data.value is the text the server has: while the user types, the box
// keeps its own text until the server echoes it (typing); otherwise the server's text is shown (a link, an example
// picked) without being sent back. Text that would run past the box's limit (a long paste) is cut by the browser;
// the box then says so (data.limit_note) for a few seconds.
const NOTE_MS = 5000;

// The length the box would have after an edit that inserts `added` over the selection [start, end).
export function wanted(length, start, end, added) {
  return length - (end - start) + added.length;
}

export default function ({ parentElement, data, setStateValue }) {
  const label = parentElement.querySelector(".al-sentence__label");
  const input = parentElement.querySelector(".al-sentence__input");
  const note = parentElement.querySelector(".al-sentence__limit");
  parentElement.querySelector(".al-sentence").classList.toggle("al-sentence--large", !!data.large);
  label.textContent = data.label;
  input.placeholder = data.placeholder;
  input.maxLength = data.max_chars;
  input.setAttribute("aria-label", data.label);
  note.textContent = data.limit_note;
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
  input.addEventListener("beforeinput", (e) => {
    const added = e.data ?? e.dataTransfer?.getData("text/plain") ?? "";
    const cut = wanted(input.value.length, input.selectionStart, input.selectionEnd, added) > input.maxLength;
    note.hidden = !cut;
    clearTimeout(note._timer);
    if (cut) note._timer = setTimeout(() => { note.hidden = true; }, NOTE_MS);
  });
}
