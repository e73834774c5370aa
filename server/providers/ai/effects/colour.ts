import {
  curves,
  type EffectFn,
  gradientMap,
  grain,
  luminance,
  mapPixels,
  mix,
  radial,
  type Rgb,
  sCurve,
  screen,
  vips,
} from './pixels.ts';

/**
 * Colour and light effects: grades, tones and lens looks. Each renders at full strength; index.ts mixes the
 * result with the source by the strength asked for.
 */

const side = (img: Rgb) => Math.max(img.width, img.height);

/** A blurred copy: the glow, haze and bloom several looks add. */
const soft = (img: Rgb, fraction: number) => vips(img, (s) => s.blur(Math.max(0.5, side(img) * fraction)));

/** Darkens towards the corners by `amount` (0..1). */
function darkenEdges(img: Rgb, amount: number, inner = 0.45, outer = 1.05): Rgb {
  const keep = radial(img.width, img.height, inner, outer);
  return mapPixels(img, (r, g, b, p, out) => {
    const k = 1 - amount * (1 - keep[p]!);
    out[0] = r * k;
    out[1] = g * k;
    out[2] = b * k;
  });
}

/** Adds monochrome film grain of the given size (0..255). */
function addGrain(img: Rgb, amount: number, seed: number): Rgb {
  const noise = grain(img.width, img.height, seed);
  return mapPixels(img, (r, g, b, p, out) => {
    const n = noise[p]! * amount;
    out[0] = r + n;
    out[1] = g + n;
    out[2] = b + n;
  });
}

const grey = (img: Rgb, mixer: readonly [number, number, number] = [0.3, 0.59, 0.11]) =>
  mapPixels(img, (r, g, b, _p, out) => {
    out[0] = out[1] = out[2] = r * mixer[0] + g * mixer[1] + b * mixer[2];
  });

const saturate = (img: Rgb, amount: number) =>
  mapPixels(img, (r, g, b, _p, out) => {
    const l = r * 0.3 + g * 0.59 + b * 0.11;
    out[0] = l + (r - l) * amount;
    out[1] = l + (g - l) * amount;
    out[2] = l + (b - l) * amount;
  });

export const goldenHour: EffectFn = async (img) => {
  const warm = mapPixels(saturate(img, 1.25), (r, g, b, _p, out) => {
    out[0] = r * 1.12 + 18;
    out[1] = g * 0.98 + 6;
    out[2] = b * 0.72;
  });
  // Low sun from the upper right: an orange light that falls off across the frame, and a warm haze.
  const sun = radial(img.width, img.height, 0, 1.3, 0.85, 0.1);
  const haze = await soft(warm, 0.02);
  return mapPixels(warm, (r, g, b, p, out) => {
    const s = sun[p]!;
    out[0] = screen(r, 255 * s * 0.75) * 0.85 + haze.data[p * 3]! * 0.15;
    out[1] = screen(g, 150 * s * 0.75) * 0.85 + haze.data[p * 3 + 1]! * 0.15;
    out[2] = screen(b, 40 * s * 0.5) * 0.85 + haze.data[p * 3 + 2]! * 0.15;
  });
};

export const blackAndWhite: EffectFn = (img) => curves(grey(img, [0.35, 0.5, 0.15]), sCurve(0.25));

export const noir: EffectFn = (img) => {
  const contrast = curves(grey(img, [0.25, 0.55, 0.2]), (v) => sCurve(0.5)(Math.max(0, v - 35) * 1.25));
  return addGrain(darkenEdges(contrast, 0.85, 0.25, 0.9), 14, 7);
};

export const vintageFilm: EffectFn = (img) => {
  // Faded blacks, creamy highlights, a yellow-green cast, a light leak on the left, grain.
  const faded = curves(saturate(img, 0.7), (v) => 40 + v * 0.78, (v) => 30 + v * 0.8, (v) => 25 + v * 0.62);
  const leak = radial(img.width, img.height, 0, 0.9, 0, 0.55);
  const leaked = mapPixels(faded, (r, g, b, p, out) => {
    const l = leak[p]! * 0.7;
    out[0] = screen(r, 255 * l);
    out[1] = screen(g, 110 * l);
    out[2] = screen(b, 40 * l);
  });
  return addGrain(darkenEdges(leaked, 0.35), 18, 3);
};

export const sepia: EffectFn = (img) =>
  mapPixels(img, (r, g, b, _p, out) => {
    out[0] = r * 0.393 + g * 0.769 + b * 0.189;
    out[1] = r * 0.349 + g * 0.686 + b * 0.168;
    out[2] = r * 0.272 + g * 0.534 + b * 0.131;
  });

export const duotone: EffectFn = (img) =>
  gradientMap(luminance(img), img, [
    [0, [38, 10, 90]],
    [0.5, [214, 40, 120]],
    [1, [255, 214, 120]],
  ]);

export const highKey: EffectFn = (img) =>
  curves(saturate(img, 0.75), (v) => Math.min(255, 95 + Math.pow(v / 255, 0.55) * 190));

export const lowKey: EffectFn = (img) =>
  darkenEdges(
    curves(img, (v) => Math.pow(v / 255, 2.1) * 235),
    0.75,
    0.2,
    0.85,
  );

export const hdr: EffectFn = async (img) => {
  // Tone mapping by neighbourhood: each area's exposure is pulled towards the middle (shadows lifted, skies held
  // back), local detail against a wide blur is doubled ("clarity", with the slight halo HDR photos have), then
  // fine sharpening and stronger colour.
  const wide = await soft(img, 0.03);
  const wideLum = luminance(wide);
  const mapped = mapPixels(img, (r, g, b, p, out) => {
    const lift = (128 - wideLum[p]!) * 0.55;
    out[0] = r + lift + (r - wide.data[p * 3]!) * 1.1;
    out[1] = g + lift + (g - wide.data[p * 3 + 1]!) * 1.1;
    out[2] = b + lift + (b - wide.data[p * 3 + 2]!) * 1.1;
  });
  return saturate(await vips(mapped, (s) => s.sharpen({ sigma: 1.2, m1: 1, m2: 3 })), 1.7);
};

export const vignette: EffectFn = (img) => darkenEdges(img, 0.95, 0.2, 0.75);

export const cinematic: EffectFn = (img) => {
  // Teal and orange: warm hues (skin, fire) go orange, the rest teal; more contrast; letterbox bars.
  const graded = mapPixels(curves(img, sCurve(0.4)), (r, g, b, _p, out) => {
    const l = r * 0.3 + g * 0.59 + b * 0.11;
    const warm = Math.min(1, Math.max(0, (r - b) / 70));
    const target = [l * (0.5 + 0.8 * warm) + 25 * warm, l * (0.95 - 0.15 * warm) + 8, l * (1.1 - 0.6 * warm) + 22 * (1 - warm)];
    out[0] = r * 0.3 + target[0]! * 0.7;
    out[1] = g * 0.3 + target[1]! * 0.7;
    out[2] = b * 0.3 + target[2]! * 0.7;
  });
  const bar = Math.round(img.height * 0.09);
  return mapPixels(graded, (r, g, b, p, out) => {
    const y = Math.floor(p / img.width);
    const inBar = y < bar || y >= img.height - bar;
    out[0] = inBar ? 0 : r;
    out[1] = inBar ? 0 : g;
    out[2] = inBar ? 0 : b;
  });
};

export const pastel: EffectFn = async (img) => {
  // Dreamy: a soft glow, lifted shadows, washed colours with a pink-lavender tint.
  const light = curves(saturate(img, 0.5), (v) => 70 + v * 0.72, (v) => 55 + v * 0.72, (v) => 85 + v * 0.68);
  const glow = await soft(light, 0.015);
  return mapPixels(light, (r, g, b, p, out) => {
    out[0] = screen(r, glow.data[p * 3]! * 0.6);
    out[1] = screen(g, glow.data[p * 3 + 1]! * 0.6);
    out[2] = screen(b, glow.data[p * 3 + 2]! * 0.6);
  });
};

export const cyberpunk: EffectFn = async (img) => {
  // Magenta highlights, cyan-blue shadows, hard contrast, split colour fringes and a bloom.
  const lum = luminance(img);
  const toned = mapPixels(curves(img, sCurve(0.45)), (r, g, b, p, out) => {
    const l = lum[p]! / 255;
    out[0] = r * 0.6 + 200 * l * l + 15;
    out[1] = g * 0.45 + 20 * (1 - l);
    out[2] = b * 0.6 + 140 * (1 - l) + 60 * l;
  });
  const shift = Math.max(2, Math.round(img.width * 0.006));
  const fringed = mapPixels(toned, (_r, g, _b, p, out) => {
    const x = p % img.width;
    out[0] = toned.data[(p - Math.min(shift, x)) * 3]!;
    out[1] = g;
    out[2] = toned.data[(p + Math.min(shift, img.width - 1 - x)) * 3 + 2]!;
  });
  const bright = mapPixels(fringed, (r, g, b, _p, out) => {
    out[0] = Math.max(0, r - 150) * 2.5;
    out[1] = Math.max(0, g - 150) * 2.5;
    out[2] = Math.max(0, b - 150) * 2.5;
  });
  const bloom = await soft(bright, 0.02);
  return mapPixels(fringed, (r, g, b, p, out) => {
    out[0] = screen(r, bloom.data[p * 3]!);
    out[1] = screen(g, bloom.data[p * 3 + 1]!);
    out[2] = screen(b, bloom.data[p * 3 + 2]!);
  });
};

export const infrared: EffectFn = async (img) => {
  // Colour infrared film: green (foliage) turns red-pink, blue darkens, highlights glow.
  const swapped = mapPixels(img, (r, g, b, _p, out) => {
    out[0] = g * 1.15 + r * 0.25;
    out[1] = r * 0.55 + b * 0.2;
    out[2] = b * 0.35 + r * 0.4;
  });
  const glow = await soft(swapped, 0.012);
  return mapPixels(swapped, (r, g, b, p, out) => {
    out[0] = screen(r, glow.data[p * 3]! * 0.5);
    out[1] = screen(g, glow.data[p * 3 + 1]! * 0.35);
    out[2] = screen(b, glow.data[p * 3 + 2]! * 0.45);
  });
};

export const faded: EffectFn = (img) =>
  // Matte: no true black or white, muted, a slightly cool cast.
  curves(saturate(img, 0.45), (v) => 72 + v * 0.55, (v) => 78 + v * 0.55, (v) => 88 + v * 0.55);

export const cool: EffectFn = (img) =>
  mapPixels(saturate(img, 0.8), (r, g, b, _p, out) => {
    out[0] = r * 0.72;
    out[1] = g * 0.95 + 12;
    out[2] = b * 1.1 + 45;
  });

export const vivid: EffectFn = (img) => curves(saturate(img, 2.1), sCurve(0.3));

export const blurBackground: EffectFn = async (img, ctx) => {
  // Portrait mode: the subject stays sharp, the rest is a wide lens blur, a little darker and less saturated.
  const blurred = saturate(await soft(img, 0.022), 0.8);
  const darker = mapPixels(blurred, (r, g, b, _p, out) => {
    out[0] = r * 0.82;
    out[1] = g * 0.82;
    out[2] = b * 0.85;
  });
  const background = ctx.subject.map((s) => 1 - s);
  return mix(img, darker, background);
};

export { addGrain, darkenEdges, grey, saturate };
