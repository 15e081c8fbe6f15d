// ui/static/components/keys.js: which key presses move the lecture (the clicker contract, docs/pages.md "Keys").
import assert from "node:assert/strict";
import { test } from "node:test";
import { action, leaves } from "../../ui/static/components/keys.js";

const BODY = { tag: "BODY", role: "", editable: false, sentence: false, dialog: false };
const box = (text, start, end = start) => ({ ...BODY, tag: "INPUT", sentence: true, start, end, length: text.length });

test("on the page, → / PageDown go forward and ← / PageUp go back", () => {
  assert.equal(action("ArrowRight", BODY), "next");
  assert.equal(action("PageDown", BODY), "next");
  assert.equal(action("ArrowLeft", BODY), "prev");
  assert.equal(action("PageUp", BODY), "prev");
  assert.equal(action("ArrowDown", BODY), null);
  assert.equal(action("a", BODY), null);
});

test("in the sentence box a clicker's PageDown / PageUp move at once, wherever the caret is", () => {
  assert.equal(action("PageDown", box("I have a cat", 4)), "next");
  assert.equal(action("PageUp", box("I have a cat", 4)), "prev");
});

test("in the sentence box → moves the lecture only from the end of the text, ← only from its start", () => {
  const text = "I have a cat";
  assert.equal(action("ArrowRight", box(text, text.length)), "next"); // just typed: the caret is at the end
  assert.equal(action("ArrowRight", box(text, 3)), null); // editing: the caret moves
  assert.equal(action("ArrowLeft", box(text, text.length)), null);
  assert.equal(action("ArrowLeft", box(text, 0)), "prev");
  assert.equal(action("ArrowRight", box(text, 0, text.length)), null); // a selection collapses first
  assert.equal(action("ArrowRight", box("", 0)), "next");
});

test("Enter and Escape leave the sentence box; elsewhere they are not the lecture's", () => {
  assert.equal(action("Enter", box("I have a cat", 12)), "leave");
  assert.equal(action("Escape", box("I have a cat", 3)), "leave");
  assert.equal(action("Enter", BODY), null);
  assert.equal(action("Escape", { ...BODY, tag: "INPUT" }), null);
});

test("controls keep the arrows they use; multi-line text, lists and open dialogs keep every key", () => {
  assert.equal(action("ArrowRight", { ...BODY, tag: "INPUT" }), null); // another text box, a range input
  assert.equal(action("PageDown", { ...BODY, tag: "INPUT" }), "next");
  assert.equal(action("ArrowRight", { ...BODY, tag: "DIV", role: "slider" }), null);
  assert.equal(action("PageDown", { ...BODY, tag: "DIV", role: "slider" }), "next");
  assert.equal(action("ArrowLeft", { ...BODY, tag: "DIV", role: "radio" }), null);
  assert.equal(action("PageDown", { ...BODY, tag: "TEXTAREA" }), null);
  assert.equal(action("PageDown", { ...BODY, tag: "SELECT" }), null);
  assert.equal(action("PageDown", { ...BODY, tag: "DIV", editable: true }), null);
  assert.equal(action("PageDown", { ...BODY, dialog: true }), null);
  assert.equal(action("Enter", { ...box("I have a cat", 12), dialog: true }), null);
});

test("a press that moves the lecture from the sentence box leaves it, as Enter and Escape do; elsewhere none", () => {
  const end = box("I have a cat", 12);
  assert.equal(leaves(action("PageDown", box("I have a cat", 4)), box("I have a cat", 4)), true);
  assert.equal(leaves(action("ArrowRight", end), end), true); // the caret at the end: the next ← goes back
  assert.equal(leaves(action("ArrowLeft", end), end), false); // editing: the caret moves, the box keeps the focus
  assert.equal(leaves(action("Escape", end), end), true);
  assert.equal(leaves(action("PageDown", BODY), BODY), false);
  assert.equal(leaves(action("ArrowRight", { ...BODY, tag: "INPUT" }), { ...BODY, tag: "INPUT" }), false);
});
