// ui/static/common.js wrapped: a title broken into lines, an opening bracket kept with what it opens.
import assert from "node:assert/strict";
import { test } from "node:test";
import { wrapped } from "../../ui/static/common.js";

const ctx = { measureText(s) { return { width: [...String(s)].reduce((w, ch) => w + (ch > "\u2E80" ? 20 : 10), 0) }; } };

test("a Chinese title never ends a line with its opening bracket", () => {
  const lines = wrapped(ctx, "最新位置的交叉注意力（第 0 层）", 220);
  assert.deepEqual(lines, ["最新位置的交叉注意力", "（第 0 层）"]);
});

test("an English title keeps '(' with its word; the first line may be shorter than the rest", () => {
  assert.deepEqual(wrapped(ctx, "Cross-attention (layer 0)", 250, 160), ["Cross-attention", "(layer 0)"]);
  assert.deepEqual(wrapped(ctx, "a b", 100), ["a b"]);
});

test("a Chinese title breaks after its last pause rather than inside a word, when the line stays half full", () => {
  const title = "编码器第 0 层，头 0：注意力权重"; // the Masks stage's title: it broke as "…注意力权" / "重"
  assert.deepEqual(wrapped(ctx, title, 300), ["编码器第 0 层，头 0：", "注意力权重"]);
  // KV cache's title broke as "…第 0" / "步的 K 缓存": a number inside Chinese text stays with it
  assert.deepEqual(wrapped(ctx, "解码器第 0 层、K/V 头 0：第 0 步的 K 缓存", 360),
                   ["解码器第 0 层、K/V 头 0：", "第 0 步的 K 缓存"]);
  // ten characters fill 200 px; its pause, after two, would leave the line a fifth full: the break stays
  assert.deepEqual(wrapped(ctx, "头：注意力权重注意力权重", 200), ["头：注意力权重注意力", "权重"]);
});

test("a Chinese title breaks between the dictionary's words, and an ordinal stays whole", () => {
  // Before 2017's alignment title in presenter view broke as "…交叉注意" / "力…" (its pause too near the start)
  assert.deepEqual(wrapped(ctx, "en-zh：交叉注意力，第 2 层，各头平均", 150), ["en-zh：交叉", "注意力，", "第 2 层，", "各头平均"]);
  for (const room of [100, 130, 160, 190, 220, 250]) {
    const title = "Transformer en-zh：交叉注意力，第 2 层，各头平均", lines = wrapped(ctx, title, room);
    assert.equal(lines.join(" ").replace(/\s/gu, ""), title.replace(/\s/gu, ""));
    assert.ok(lines.every((line) => !/^(力|意力|层|2)/u.test(line) && !/(第|第 2)$/u.test(line)), JSON.stringify(lines));
  }
});
