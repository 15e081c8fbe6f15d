// The one colour function: a spec's colour map (stops on [0, 1] over [vmin, vmax]) → the colour of a value.

const cache = new Map();

function table(stops) {
  const key = JSON.stringify(stops);
  if (cache.has(key)) return cache.get(key);
  const hex = (c) => [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16));
  const s = stops.map(([t, c]) => [t, hex(c)]), lut = [];
  for (let k = 0; k < 256; k++) {
    const t = k / 255;
    let i = 0;
    while (i < s.length - 2 && t > s[i + 1][0]) i++;
    const [t0, c0] = s[i], [t1, c1] = s[i + 1], f = t1 > t0 ? Math.min(1, Math.max(0, (t - t0) / (t1 - t0))) : 0;
    const rgb = c0.map((x, n) => Math.round(x + f * (c1[n] - x)));
    lut.push({ rgb, css: `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`, dark: 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] < 140 });
  }
  cache.set(key, lut);
  return lut;
}

// colourOf(colours)(v) → {rgb, css, dark}; t in [0, 1] instead of a value with colourOf(colours).at(t)
export function colourOf(colours) {
  const lut = table(colours.stops), span = colours.vmax - colours.vmin || 1;
  const at = (t) => lut[Math.round(Math.min(1, Math.max(0, t)) * 255)];
  const of = (v) => at((v - colours.vmin) / span);
  of.at = at;
  return of;
}
