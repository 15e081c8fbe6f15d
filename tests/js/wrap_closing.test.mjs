// ui/static/common.js wrapped: closing punctuation never starts a line (seen in presenter view, zh: Trust's
// "交叉注意力，第 2 层（头平均" / "）" and Sliding windows' "…（W = 3" / "，0 个全局词元）").
import assert from "node:assert/strict";
import { test } from "node:test";
import { wrapped } from "../../ui/static/common.js";

// Chinese characters and full-width punctuation 20 px, everything else 10 px
const ctx = { measureText(s) { return { width: [...String(s)].reduce((w, ch) => w + (ch > "\u2E80" ? 20 : 10), 0) }; } };

test("a closing bracket goes down with the word before it", () => {
  const lines = wrapped(ctx, "交叉注意力，第 2 层（头平均）", 270);
  assert.deepEqual(lines, ["交叉注意力，第 2 层（头", "平均）"]);
});

test("a comma goes down with the word before it", () => {
  const lines = wrapped(ctx, "编码器自注意力：窗口掩码（W = 3，0 个全局词元）", 310);
  assert.deepEqual(lines, ["编码器自注意力：窗口掩码（W =", "3，0 个全局词元）"]);
});

test("every line stays within the room and no line starts with closing punctuation", () => {
  for (const room of [120, 160, 200, 240, 280]) {
    const lines = wrapped(ctx, "编码器第 0 层，头 0：注意力权重（每行之和为 1）。", room);
    for (const line of lines) {
      assert.ok(ctx.measureText(line).width <= room, `${line} wider than ${room}`);
      assert.ok(!/^[）)」》\]，。、；：！？]/u.test(line), `${JSON.stringify(lines)} at ${room}`);
    }
  }
});
