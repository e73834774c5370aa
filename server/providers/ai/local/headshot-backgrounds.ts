import sharp from 'sharp';
import type { HeadshotBackgroundId } from '../../../../contract/headshot.ts';

/**
 * The headshot's background plates, drawn here (SVG rendered by librsvg, then blurred by libvips): no network
 * images, nothing with a licence to track. Office and Outdoors are drawn sharp and then blurred hard, as a lens at
 * portrait aperture would show a real room or garden behind the sitter; bokeh discs are added after the blur.
 * A custom background takes its colours from the words the user wrote and never prints them.
 */

type Rgb = readonly [number, number, number];

export interface Plate {
  /** Raw 8-bit RGB, size x size. */
  data: Buffer;
  size: number;
  /** What the result's text calls it. */
  label: string;
}

/** A seeded generator: the same plate every time, so results are stable and plates can be cached. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('')}`;
const svg = (size: number, body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000" preserveAspectRatio="none">${body}</svg>`);

async function rasterise(size: number, body: string, blurSigma: number, bokeh?: string): Promise<Buffer> {
  let base = sharp(svg(size, body)).flatten({ background: '#808080' });
  if (blurSigma > 0) base = base.blur(blurSigma);
  let rgb = await base.removeAlpha().raw().toBuffer();
  if (bokeh) {
    // Out-of-focus highlights: soft discs over the blurred plate, blurred a little so their edges are round, not drawn.
    const discs = await sharp(svg(size, bokeh)).blur(Math.max(0.5, size / 400)).png().toBuffer();
    rgb = await sharp(rgb, { raw: { width: size, height: size, channels: 3 } }).composite([{ input: discs }]).removeAlpha().raw().toBuffer();
  }
  return rgb;
}

function discs(rand: () => number, count: number, colours: readonly string[], area: { x: [number, number]; y: [number, number] }, radius: [number, number], opacity: [number, number]) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const cx = area.x[0] + rand() * (area.x[1] - area.x[0]);
    const cy = area.y[0] + rand() * (area.y[1] - area.y[0]);
    const r = radius[0] + rand() * (radius[1] - radius[0]);
    const o = opacity[0] + rand() * (opacity[1] - opacity[0]);
    const c = colours[Math.floor(rand() * colours.length)]!;
    out += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="${c}" fill-opacity="${o.toFixed(2)}"/>`;
  }
  return out;
}

/** Photo Studio: a seamless paper backdrop lit from the front, lighter behind the head and falling off to the edges. */
function studio(size: number) {
  const body = `<defs><radialGradient id="g" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="#e4e6ea"/><stop offset="0.55" stop-color="#b4b8bf"/><stop offset="1" stop-color="#6f747c"/></radialGradient></defs><rect width="1000" height="1000" fill="url(#g)"/>`;
  return rasterise(size, body, size / 200);
}

/** Office: a wall with two tall windows of daylight, a warm lamp, shelves and a desk edge, all out of focus. */
function office(size: number) {
  const rand = random(7);
  let body = `<defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cdbfae"/><stop offset="1" stop-color="#8c7c6b"/></linearGradient>
    <linearGradient id="win" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f8fb"/><stop offset="1" stop-color="#d9e6ef"/></linearGradient>
    <radialGradient id="lamp" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#fff1cf"/><stop offset="0.4" stop-color="#ffd48e" stop-opacity="0.8"/><stop offset="1" stop-color="#ffb65c" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1000" height="1000" fill="url(#wall)"/>`;
  // Two windows on the left with mullions, a glass door edge in the middle.
  for (const x of [30, 250]) {
    body += `<rect x="${x}" y="80" width="190" height="560" fill="url(#win)"/>`;
    body += `<rect x="${x + 90}" y="80" width="10" height="560" fill="#6e6256"/><rect x="${x}" y="340" width="190" height="10" fill="#6e6256"/>`;
  }
  body += `<rect x="470" y="60" width="14" height="620" fill="#5d5248"/>`;
  // Shelves with books on the right, a plant, the lamp glow.
  for (const y of [230, 400]) {
    body += `<rect x="640" y="${y}" width="330" height="14" fill="#5b4634"/>`;
    let x = 655;
    while (x < 950) {
      const w = 14 + rand() * 22;
      const h = 60 + rand() * 70;
      const c = hex([90 + rand() * 120, 60 + rand() * 80, 50 + rand() * 70]);
      body += `<rect x="${x.toFixed(0)}" y="${(y - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${c}"/>`;
      x += w + 3;
    }
  }
  body += `<ellipse cx="580" cy="560" rx="70" ry="110" fill="#4f7a45"/><rect x="555" y="640" width="50" height="80" fill="#7a5a3f"/>`;
  body += `<circle cx="860" cy="560" r="210" fill="url(#lamp)"/>`;
  // The desk and the floor.
  body += `<rect x="0" y="720" width="1000" height="280" fill="#6b5644"/><rect x="0" y="700" width="1000" height="24" fill="#836a54"/>`;
  const bokeh = discs(rand, 26, ['#fff4dc', '#ffe2a8', '#f6fbff'], { x: [0, 1000], y: [40, 700] }, [18, 55], [0.12, 0.35]);
  return rasterise(size, body, size / 45, bokeh);
}

/** Outdoors: sky through trees, foliage in layers, sunlight caught in the leaves, all out of focus. */
function outdoors(size: number) {
  const rand = random(11);
  let body = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b3d3ec"/><stop offset="0.6" stop-color="#e2ecdf"/><stop offset="1" stop-color="#8fa878"/></linearGradient></defs>
  <rect width="1000" height="1000" fill="url(#sky)"/>`;
  const greens = ['#36553a', '#4a6e45', '#62845a', '#86a274', '#50663c', '#728f5a', '#9aae86'];
  // Far trees first (lighter), near leaves last (darker, bigger), leaving a bright gap of sky in the upper middle.
  for (const [count, r0, r1, yMin] of [
    [40, 60, 120, 250],
    [45, 80, 160, 380],
    [30, 120, 220, 600],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const side = rand() < 0.5 ? rand() * 380 : 620 + rand() * 380;
      const cx = rand() < 0.7 ? side : rand() * 1000;
      const cy = yMin + rand() * (1000 - yMin) - (cx < 300 || cx > 700 ? rand() * 300 : 0);
      const r = r0 + rand() * (r1 - r0);
      body += `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${r.toFixed(0)}" ry="${(r * (0.7 + rand() * 0.5)).toFixed(0)}" fill="${greens[Math.floor(rand() * greens.length)]}"/>`;
    }
  }
  const bokeh = discs(rand, 34, ['#fbffe0', '#e9f7c4', '#ffffff'], { x: [0, 1000], y: [0, 750] }, [14, 48], [0.15, 0.45]);
  return rasterise(size, body, size / 30, bokeh);
}

/** Colour words a custom background may name, as [light, dark] for the gradient. */
const COLOUR_WORDS: ReadonlyArray<readonly [RegExp, Rgb, Rgb]> = [
  [/\bnavy\b/, [52, 72, 128], [14, 24, 60]],
  [/\bsunset\b/, [255, 176, 102], [178, 64, 98]],
  [/\bsunrise\b/, [255, 214, 150], [236, 120, 110]],
  [/\bteal\b|\bturquoise\b|\bcyan\b|\baqua\b/, [96, 190, 186], [18, 100, 108]],
  [/\bocean\b|\bsea\b/, [110, 180, 220], [20, 70, 120]],
  [/\bforest\b|\bemerald\b/, [96, 150, 96], [24, 64, 40]],
  [/\bmint\b/, [200, 240, 220], [120, 196, 170]],
  [/\bolive\b|\bsage\b/, [178, 190, 140], [96, 110, 70]],
  [/\bgreen\b/, [140, 200, 120], [40, 110, 60]],
  [/\bsky\b|\blight blue\b/, [200, 228, 250], [120, 170, 220]],
  [/\bblue\b/, [110, 150, 220], [30, 60, 140]],
  [/\blavender\b|\blilac\b/, [224, 210, 246], [160, 140, 210]],
  [/\bpurple\b|\bviolet\b|\bplum\b/, [160, 110, 200], [60, 30, 100]],
  [/\bpink\b|\brose\b/, [250, 200, 215], [210, 110, 150]],
  [/\bmagenta\b|\bfuchsia\b/, [230, 100, 190], [120, 20, 100]],
  [/\bred\b|\bcrimson\b|\bscarlet\b/, [220, 90, 80], [120, 20, 30]],
  [/\bburgundy\b|\bmaroon\b|\bwine\b/, [150, 50, 70], [60, 10, 25]],
  [/\borange\b|\bcoral\b/, [255, 180, 120], [210, 90, 50]],
  [/\bgold(en)?\b|\byellow\b|\bmustard\b/, [250, 220, 130], [190, 140, 40]],
  [/\bbeige\b|\bcream\b|\bsand\b|\bivory\b|\bwarm\b/, [240, 228, 206], [190, 168, 138]],
  [/\bbrown\b|\bchocolate\b|\bcoffee\b|\bwood\b/, [170, 120, 85], [80, 50, 30]],
  [/\bwhite\b|\bbright\b|\blight\b/, [250, 250, 250], [212, 214, 218]],
  [/\bblack\b|\bdark\b|\bcharcoal\b|\bnight\b/, [72, 74, 80], [12, 12, 16]],
  [/\bgr[ae]y\b|\bsilver\b|\bneutral\b/, [210, 212, 216], [120, 124, 130]],
];

/** The smooth gradient an empty (or colourless) custom background falls back to (spec 3 §5). */
export const NEUTRAL_GRADIENT: readonly [Rgb, Rgb] = [
  [214, 222, 232],
  [120, 132, 150],
];

/** The colours a custom background's words name: the first colour word sets the gradient; a second becomes its far end. */
export function customColours(text: string | undefined): { colours: readonly [Rgb, Rgb]; named: string[] } {
  const words = (text ?? '').toLowerCase();
  const found: Array<{ at: number; light: Rgb; dark: Rgb; word: string }> = [];
  for (const [pattern, light, dark] of COLOUR_WORDS) {
    const match = pattern.exec(words);
    if (match) found.push({ at: match.index, light, dark, word: match[0] });
  }
  // In reading order, the longer phrase first where two start together ('light blue' over 'light'); words inside an
  // earlier phrase are dropped.
  found.sort((a, b) => a.at - b.at || b.word.length - a.word.length);
  const kept = found.filter((f, i) => !found.slice(0, i).some((e) => f.at < e.at + e.word.length));
  const [first, second] = kept;
  if (!first) return { colours: NEUTRAL_GRADIENT, named: [] };
  // 'navy blue' is one colour: a second word right after the first names the same one.
  if (!second || /^\s*$/.test(words.slice(first.at + first.word.length, second.at))) return { colours: [first.light, first.dark], named: [first.word] };
  return { colours: [first.light, second.dark], named: [first.word, second.word] };
}

function custom(size: number, text: string | undefined) {
  const [light, dark] = customColours(text).colours;
  const body = `<defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(light)}"/><stop offset="1" stop-color="${hex(dark)}"/></linearGradient>
    <radialGradient id="h" cx="50%" cy="35%" r="60%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs><rect width="1000" height="1000" fill="url(#g)"/><rect width="1000" height="1000" fill="url(#h)"/>`;
  return rasterise(size, body, size / 200);
}

const cache = new Map<string, Promise<Buffer>>();

/** The plate for a background at `size` px square (raw RGB). The drawn plates are made once per size and kept. */
export async function backgroundPlate(background: HeadshotBackgroundId, size: number, customText?: string): Promise<Plate> {
  if (background === 'custom') {
    const { named } = customColours(customText);
    const label = named.length ? `a custom ${named.join(' to ')} gradient` : 'a smooth custom gradient';
    return { data: await custom(size, customText), size, label };
  }
  const key = `${background}:${size}`;
  let plate = cache.get(key);
  if (!plate) {
    plate = background === 'office' ? office(size) : background === 'outdoors' ? outdoors(size) : studio(size);
    cache.set(key, plate);
    plate.catch(() => cache.delete(key));
  }
  const label = background === 'office' ? 'a blurred office' : background === 'outdoors' ? 'a blurred outdoor' : 'a photo studio';
  return { data: await plate, size, label };
}
