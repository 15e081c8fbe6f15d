// ui/static/live.js: which keystroke-route answers a rerun's payload supersedes (issue 55: on Decoding a route
// answer that arrived in time was not drawn, because a rerun of the older text marked every request asked so far
// as older than itself).
import assert from "node:assert/strict";
import { test } from "node:test";
import { arrived, ask, elementState, fresh, rerunStarted } from "../../ui/static/live.js";

const payload = (sentence) => ({ sentence, names: ["w"], live: "" });

test("a rerun's payload supersedes the requests asked before its rerun began", () => {
  const root = {};
  const first = ask(), second = ask();
  rerunStarted();
  arrived(root, payload("we saw"));
  assert.equal(fresh(root, first), false);
  assert.equal(fresh(root, second), false);
});

test("a request asked while a rerun runs is still drawn when that rerun's payload arrives before its answer", () => {
  const root = {};
  const before = ask();
  rerunStarted(); // the rerun of the text as it was at `before`
  const typed = ask(); // typing goes on while it runs
  arrived(root, payload("we saw"));
  assert.equal(fresh(root, before), false);
  assert.equal(fresh(root, typed), true);
});

test("a later rerun never lowers the sequence a route draw set", () => {
  const root = {};
  const n = ask();
  elementState(root).seq = n; // the route drew answer n
  arrived(root, payload("we saw a")); // a payload of a rerun that began earlier
  assert.equal(fresh(root, n), false);
  assert.equal(fresh(root, ask()), true);
});
