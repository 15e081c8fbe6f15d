// ui/static/components/sentence_box.js: the length an edit asks for (past the box's limit, the box says it cut).
import assert from "node:assert/strict";
import { test } from "node:test";
import { wanted } from "../../ui/static/components/sentence_box.js";

test("an insertion adds its length; over a selection it replaces it", () => {
  assert.equal(wanted(12, 12, 12, "abc"), 15);
  assert.equal(wanted(12, 0, 12, "x".repeat(574)), 574);
  assert.equal(wanted(400, 3, 5, "xy"), 400);
  assert.equal(wanted(10, 4, 4, ""), 10);
});
