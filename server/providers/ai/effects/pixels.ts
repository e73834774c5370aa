import sharp, { type Sharp } from 'sharp';

/** An image as 8-bit RGB pixels, row by row: what every effect reads and returns. */
export interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
}

export type Colour = readonly [number, number, number];

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Decodes any image sharp reads into 3-channel sRGB pixels (alpha dropped, grey expanded). */
export async function decode(image: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return expand(data, info.width, info.height, info.channels);
}

function expand(data: Uint8Array, width: number, height: number, channels: number): Rgb {
  if (channels === 3) return { data, width, height };
  const out = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const grey = channels < 3;
    for (let c = 0; c < 3; c++) out[p * 3 + c] = data[p * channels + (grey ? 0 : c)]!;
  }
  return { data: out, width, height };
}

export const toSharp = (img: Rgb): Sharp => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });

/** Runs a libvips pipeline on the pixels and reads them back (same size, 3 channels). */
export async function vips(img: Rgb, pipeline: (s: Sharp) => Sharp): Promise<Rgb> {
  const { data, info } = await pipeline(toSharp(img)).raw().toBuffer({ resolveWithObject: true });
  return expand(data, info.width, info.height, info.channels);
}

/** Rec. 601 luma of each pixel. */
export function luminance(img: Rgb): Uint8Array {
  const out = new Uint8Array(img.width * img.height);
  const d = img.data;
  for (let p = 0; p < out.length; p++) out[p] = (d[p * 3]! * 299 + d[p * 3 + 1]! * 587 + d[p * 3 + 2]! * 114) / 1000;
  return out;
}

/** Blurs one channel with libvips (Gaussian, sigma in pixels); libvips would hand back sRGB, so take one band. */
export async function blurChannel(values: Uint8Array, width: number, height: number, sigma: number): Promise<Uint8Array> {
  const data = await sharp(values, { raw: { width, height, channels: 1 } }).blur(Math.max(0.3, sigma)).extractChannel(0).raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, width * height);
}

/** Sobel gradient magnitude of one channel, 0..255. */
export function edges(values: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const a = values[p - width - 1]!, b = values[p - width]!, c = values[p - width + 1]!;
      const d = values[p - 1]!, f = values[p + 1]!;
      const g = values[p + width - 1]!, h = values[p + width]!, i = values[p + width + 1]!;
      const gx = c + 2 * f + i - a - 2 * d - g;
      const gy = g + 2 * h + i - a - 2 * b - c;
      out[p] = clamp(Math.sqrt(gx * gx + gy * gy) / 4);
    }
  }
  return out;
}

/** Maps each pixel with a function of its RGB (and index); the function returns into `out`. */
export function mapPixels(img: Rgb, fn: (r: number, g: number, b: number, p: number, out: number[]) => void): Rgb {
  const out = new Uint8Array(img.data.length);
  const px = [0, 0, 0];
  for (let p = 0; p < img.width * img.height; p++) {
    fn(img.data[p * 3]!, img.data[p * 3 + 1]!, img.data[p * 3 + 2]!, p, px);
    out[p * 3] = clamp(px[0]!);
    out[p * 3 + 1] = clamp(px[1]!);
    out[p * 3 + 2] = clamp(px[2]!);
  }
  return { data: out, width: img.width, height: img.height };
}

/** Mixes b over a: t = 0 keeps a, 1 gives b; per pixel when t is an array of 0..1 weights. */
export function mix(a: Rgb, b: Rgb, t: number | Float32Array): Rgb {
  return mapPixels(a, (r, g, bl, p, out) => {
    const w = typeof t === 'number' ? t : t[p]!;
    out[0] = r + (b.data[p * 3]! - r) * w;
    out[1] = g + (b.data[p * 3 + 1]! - g) * w;
    out[2] = bl + (b.data[p * 3 + 2]! - bl) * w;
  });
}

/** Colours by brightness: stops are [position 0..1, colour], sorted by position. */
export function gradientMap(lum: Uint8Array, img: Rgb, stops: ReadonlyArray<readonly [number, Colour]>): Rgb {
  const lut = new Uint8Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    const t = v / 255;
    let i = 0;
    while (i < stops.length - 2 && t > stops[i + 1]![0]) i++;
    const [p0, c0] = stops[i]!;
    const [p1, c1] = stops[Math.min(i + 1, stops.length - 1)]!;
    const k = p1 > p0 ? Math.min(1, Math.max(0, (t - p0) / (p1 - p0))) : 0;
    for (let c = 0; c < 3; c++) lut[v * 3 + c] = c0[c]! + (c1[c]! - c0[c]!) * k;
  }
  return mapPixels(img, (_r, _g, _b, p, out) => {
    const v = lum[p]!;
    out[0] = lut[v * 3]!;
    out[1] = lut[v * 3 + 1]!;
    out[2] = lut[v * 3 + 2]!;
  });
}

/** 1 in the centre falling to 0 at the corners; `inner` and `outer` are radii as fractions of the half-diagonal. */
export function radial(width: number, height: number, inner: number, outer: number, cx = 0.5, cy = 0.5): Float32Array {
  const out = new Float32Array(width * height);
  const half = Math.hypot(width, height) / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - cx * width, y - cy * height) / half;
      const t = Math.min(1, Math.max(0, (d - inner) / (outer - inner)));
      out[y * width + x] = 1 - t * t * (3 - 2 * t);
    }
  }
  return out;
}

/** The subject when none is given: a feathered ellipse over the middle, a little above centre (where people are). */
export function centreEllipse(width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x - width * 0.5) / (width * 0.3);
      const dy = (y - height * 0.48) / (height * 0.42);
      const d = Math.sqrt(dx * dx + dy * dy);
      out[y * width + x] = d < 0.8 ? 1 : d > 1.15 ? 0 : 1 - (d - 0.8) / 0.35;
    }
  }
  return out;
}

/** Deterministic grain, -1..1 (a hash of the pixel's position, so one image always gets the same grain). */
export function grain(width: number, height: number, seed = 1): Float32Array {
  const out = new Float32Array(width * height);
  for (let p = 0; p < out.length; p++) {
    let h = (p + 1) * 374761393 + seed * 668265263;
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    out[p] = (((h ^ (h >>> 16)) >>> 0) / 4294967295) * 2 - 1;
  }
  return out;
}

/** Grain as bytes around mid-grey (128 ± 127), `count` values. */
export function grainBytes(count: number, seed: number): Uint8Array {
  const noise = grain(count, 1, seed);
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i++) out[i] = 128 + noise[i]! * 127;
  return out;
}

/** A lookup table per channel, applied to every pixel (curves). */
export function curves(img: Rgb, r: (v: number) => number, g = r, b = r): Rgb {
  const lr = Uint8Array.from({ length: 256 }, (_, v) => clamp(r(v)));
  const lg = Uint8Array.from({ length: 256 }, (_, v) => clamp(g(v)));
  const lb = Uint8Array.from({ length: 256 }, (_, v) => clamp(b(v)));
  return mapPixels(img, (rv, gv, bv, _p, out) => {
    out[0] = lr[rv]!;
    out[1] = lg[gv]!;
    out[2] = lb[bv]!;
  });
}

/** A smooth S-curve: amount 0 is the identity, 1 a strong contrast. */
export const sCurve = (amount: number) => (v: number) => {
  const t = v / 255;
  const s = t * t * (3 - 2 * t);
  return (t + (s - t) * amount * 2) * 255;
};

/** Screen blend (lightens): 1 - (1-a)(1-b). */
export const screen = (a: number, b: number) => 255 - ((255 - a) * (255 - b)) / 255;

/** What an effect may read beside the pixels: the subject (white = 1), given or the centre ellipse. */
export interface EffectContext {
  subject: Float32Array;
}

/** One effect at full strength; the caller mixes it with the source by strength. */
export type EffectFn = (img: Rgb, ctx: EffectContext) => Rgb | Promise<Rgb>;
