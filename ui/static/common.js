// Drawing pieces shared by the chart kinds: the title and a colour bar.
import { colourOf } from "./colour.js";
import { number, px } from "./format.js";

export function drawTitle(ctx, spec, k) {
  if (!spec.title) return;
  ctx.fillStyle = spec.look.text_colour; ctx.font = px(spec.look.title_size * k, spec.look);
  ctx.textAlign = "left"; ctx.textBaseline = "alphabetic";
  ctx.fillText(spec.title, 10, 28 * k);
}

export const titleSpace = (spec, k) => (spec.title ? 52 * k : 24);

// a vertical bar of the scale's colours at x, from top to top + h, labelled at vmin, the middle and vmax
export function drawColourBar(ctx, scale, look, k, x, top, h) {
  const colour = colourOf(scale), w = 16 * k;
  for (let i = 0; i < h; i++) {
    ctx.fillStyle = colour.at(1 - i / h).css;
    ctx.fillRect(x, top + i, w, 1.5);
  }
  ctx.fillStyle = look.text_colour; ctx.font = px(look.tick_size * k, look);
  ctx.textAlign = "left"; ctx.textBaseline = "middle";
  for (const f of [0, 0.5, 1]) ctx.fillText(number(scale.vmin + f * (scale.vmax - scale.vmin), 2, true), x + w + 4, top + (1 - f) * h);
  if (scale.title) { ctx.textBaseline = "bottom"; ctx.fillText(scale.title, x, top - 12); }
}

export const COLOUR_BAR_PX = 92;
