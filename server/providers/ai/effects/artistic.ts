import { saturate } from './colour.ts';
import { blurChannel, edges, type EffectFn, grain, grainBytes, luminance, mapPixels, type Rgb, screen, vips } from './pixels.ts';

/**
 * Painting and drawing effects: each rebuilds the picture in a medium's own marks (washes, strokes, lines, dots),
 * from libvips filters and a few pixel passes. They render at full strength; index.ts mixes by strength.
 */

const side = (img: Rgb) => Math.max(img.width, img.height);

/** Smooths into flat areas: a median filter at a reduced size, scaled back up. */
async function flatten(img: Rgb, factor: number, median: number): Promise<Rgb> {
  const w = Math.max(16, Math.round(img.width / factor));
  const h = Math.max(16, Math.round(img.height / factor));
  const small = await vips(img, (s) => s.resize(w, h, { fit: 'fill' }).median(median));
  return vips(small, (s) => s.resize(img.width, img.height, { fit: 'fill', kernel: 'cubic' }));
}

/** Ink lines where a pixel is darker than its neighbourhood (an adaptive threshold): 1 = ink. */
async function inkLines(img: Rgb, offset: number, reach = 0.008): Promise<Uint8Array> {
  const lum = luminance(img);
  const [fine, local] = await Promise.all([
    blurChannel(lum, img.width, img.height, 1),
    blurChannel(lum, img.width, img.height, side(img) * reach),
  ]);
  return fine.map((v, p) => (v < local[p]! - offset ? 1 : 0));
}

/** Halftone dots on a 45-degree grid, bigger where the image is darker: 1 = dot. */
async function halftone(img: Rgb, cell: number): Promise<Uint8Array> {
  const { width, height } = img;
  const lum = await blurChannel(luminance(img), width, height, cell / 2);
  const out = new Uint8Array(width * height);
  const k = Math.SQRT1_2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = (x + y) * k, v = (x - y) * k;
      const cu = (Math.floor(u / cell) + 0.5) * cell, cv = (Math.floor(v / cell) + 0.5) * cell;
      const sx = Math.min(width - 1, Math.max(0, Math.round((cu + cv) * k)));
      const sy = Math.min(height - 1, Math.max(0, Math.round((cu - cv) * k)));
      const darkness = 1 - lum[sy * width + sx]! / 255;
      out[y * width + x] = Math.hypot(u - cu, v - cv) < cell * 0.62 * Math.sqrt(darkness) ? 1 : 0;
    }
  }
  return out;
}

export const watercolour: EffectFn = async (img) => {
  const washes = saturate(await vips(await flatten(img, 3, 7), (s) => s.blur(Math.max(1, side(img) * 0.003))), 1.3);
  const pooled = edges(luminance(washes), img.width, img.height);
  const lines = edges(await blurChannel(luminance(img), img.width, img.height, 1), img.width, img.height);
  const paper = await blurChannel(grainBytes(img.width * img.height, 11), img.width, img.height, 1.5);
  // Transparent pigment on white paper: colours lightened towards the paper, darker where washes meet
  // (pigment pools at a wash's edge), a faint pencil line under them and the paper's grain over all.
  return mapPixels(washes, (r, g, b, p, out) => {
    const edge = 1 - Math.min(0.5, (pooled[p]! * 2.5) / 255);
    const pencil = 1 - Math.min(0.45, Math.max(0, lines[p]! - 12) / 90);
    const tooth = 0.86 + (paper[p]! / 255) * 0.14;
    const lift = (v: number) => (252 - (252 - v) * 0.62) * edge * pencil * tooth;
    out[0] = lift(r);
    out[1] = lift(g);
    out[2] = lift(b * 0.95 + 14);
  });
};

export const pencilSketch: EffectFn = async (img) => {
  // The classic colour dodge: the grey image divided by a blurred inverse leaves only its edges and shading.
  const lum = luminance(img);
  const inverse = await blurChannel(
    lum.map((v) => 255 - v),
    img.width,
    img.height,
    side(img) * 0.012,
  );
  const hatch = grain(img.width, img.height, 5);
  return mapPixels(img, (_r, _g, _b, p, out) => {
    const dodge = Math.min(255, (lum[p]! * 256) / (256 - inverse[p]!));
    const v = Math.pow(dodge / 255, 2.2) * (0.96 + hatch[p]! * 0.04);
    out[0] = v * 246;
    out[1] = v * 243;
    out[2] = v * 236;
  });
};

export const cartoon: EffectFn = async (img) => {
  // Flat cel colours: smoothed, then six brightness levels that keep each area's hue; black outlines.
  const flat = saturate(await flatten(img, 2, 5), 1.4);
  const lines = await inkLines(await flatten(img, 1.5, 3), 8, 0.006);
  const lum = luminance(flat);
  return mapPixels(flat, (r, g, b, p, out) => {
    const l = Math.max(1, lum[p]!);
    const k = lines[p] ? 0.05 : (Math.round((l / 255) * 5 + 0.3) * 51) / l;
    out[0] = r * k;
    out[1] = g * k;
    out[2] = b * k;
  });
};

export const oilPaint: EffectFn = async (img) => {
  // Kuwahara filter (flat strokes that keep edges), diagonal brush streaks, and a light from the upper left on
  // the paint's relief.
  const { width, height } = img;
  const painted = kuwahara(img, Math.max(3, Math.round(side(img) / 70)));
  const noise = grainBytes(width * height * 3, 9);
  const diagonal = Array.from({ length: 49 }, (_, i) => (i % 8 === 0 ? 1 : 0)); // a 7 px stroke, top left to bottom right
  const streaks = await vips({ data: noise, width, height }, (s) => s.convolve({ width: 7, height: 7, kernel: diagonal, scale: 7 }));
  const lum = luminance(painted);
  return mapPixels(saturate(painted, 1.35), (r, g, b, p, out) => {
    const before = p > width ? lum[p - width - 1]! : lum[p]!;
    const after = p + width + 1 < lum.length ? lum[p + width + 1]! : lum[p]!;
    const relief = (before - after) * 1.2;
    const stroke = (streaks.data[p * 3]! - 128) * 0.35 + relief;
    out[0] = r + stroke;
    out[1] = g + stroke;
    out[2] = b + stroke;
  });
};

export const popArt: EffectFn = async (img) => {
  // Four flat inks by brightness, halftone dots and black outlines, as a screen print.
  const lum = await blurChannel(luminance(img), img.width, img.height, 1.5);
  const inks = [[30, 25, 95], [235, 30, 125], [0, 185, 235], [255, 230, 40]] as const;
  const dots = await halftone(img, Math.max(5, side(img) / 90));
  const lines = await inkLines(img, 12);
  return mapPixels(img, (_r, _g, _b, p, out) => {
    const ink = inks[Math.min(3, Math.floor((lum[p]! / 256) * 4))]!;
    const k = lines[p] ? 0 : dots[p] ? 0.7 : 1;
    out[0] = ink[0] * k;
    out[1] = ink[1] * k;
    out[2] = ink[2] * k;
  });
};

export const comicInk: EffectFn = async (img) => {
  // Black ink on cream paper: solid shadows, outlines, and halftone dots for the middle tones.
  const smooth = await flatten(img, 1.5, 3);
  const lum = luminance(smooth);
  const dots = await halftone(smooth, Math.max(4, side(img) / 110));
  const lines = await inkLines(img, 8);
  return mapPixels(img, (_r, _g, _b, p, out) => {
    const v = lum[p]!;
    const ink = v < 55 || lines[p] || (v < 185 && dots[p]);
    out[0] = ink ? 20 : 250;
    out[1] = ink ? 18 : 244;
    out[2] = ink ? 24 : 226;
  });
};

export const neon: EffectFn = async (img) => {
  // Outlines as glowing tubes (magenta to cyan across the frame) over a near-black version of the picture.
  const { width, height } = img;
  const outline = edges(await blurChannel(luminance(img), width, height, 1.2), width, height);
  const tubes = mapPixels(img, (_r, _g, _b, p, out) => {
    const e = Math.min(1, Math.max(0, outline[p]! - 12) / 40);
    const t = ((p % width) / width + Math.floor(p / width) / height) / 2;
    out[0] = e * (255 - 235 * t);
    out[1] = e * (40 + 190 * t);
    out[2] = e * 255;
  });
  const glow = await vips(tubes, (s) => s.blur(Math.max(1, side(img) * 0.008)));
  return mapPixels(img, (r, g, b, p, out) => {
    const base = [r * 0.1, g * 0.08, b * 0.18 + 10];
    for (let c = 0; c < 3; c++) out[c] = screen(screen(base[c]!, tubes.data[p * 3 + c]!), Math.min(255, glow.data[p * 3 + c]! * 2.5));
  });
};

/** Kuwahara filter: each pixel takes the mean colour of the least varied of its four quadrants (summed-area tables). */
function kuwahara(img: Rgb, radius: number): Rgb {
  const { width: w, height: h, data } = img;
  const W = w + 1;
  const [sr, sg, sb, sl, sq] = [0, 1, 2, 3, 4].map(() => new Float64Array(W * (h + 1))) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  for (let y = 0; y < h; y++) {
    let r = 0, g = 0, b = 0, l = 0, q = 0;
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3, at = (y + 1) * W + x + 1, above = y * W + x + 1;
      const luma = data[i]! * 0.299 + data[i + 1]! * 0.587 + data[i + 2]! * 0.114;
      r += data[i]!; g += data[i + 1]!; b += data[i + 2]!; l += luma; q += luma * luma;
      sr[at] = sr[above]! + r; sg[at] = sg[above]! + g; sb[at] = sb[above]! + b; sl[at] = sl[above]! + l; sq[at] = sq[above]! + q;
    }
  }
  const box = (t: Float64Array, x0: number, y0: number, x1: number, y1: number) => t[y1 * W + x1]! - t[y0 * W + x1]! - t[y1 * W + x0]! + t[y0 * W + x0]!;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < h; y++) {
    const top = Math.max(0, y - radius), bottom = Math.min(h, y + radius + 1);
    for (let x = 0; x < w; x++) {
      const left = Math.max(0, x - radius), right = Math.min(w, x + radius + 1);
      let best = Infinity, bx0 = 0, by0 = 0, bx1 = 1, by1 = 1;
      for (let k = 0; k < 4; k++) {
        const x0 = k & 1 ? x : left, x1 = k & 1 ? right : x + 1;
        const y0 = k & 2 ? y : top, y1 = k & 2 ? bottom : y + 1;
        const n = (x1 - x0) * (y1 - y0);
        const mean = box(sl, x0, y0, x1, y1) / n;
        const variance = box(sq, x0, y0, x1, y1) / n - mean * mean;
        if (variance < best) {
          best = variance; bx0 = x0; by0 = y0; bx1 = x1; by1 = y1;
        }
      }
      const n = (bx1 - bx0) * (by1 - by0), o = (y * w + x) * 3;
      out[o] = box(sr, bx0, by0, bx1, by1) / n;
      out[o + 1] = box(sg, bx0, by0, bx1, by1) / n;
      out[o + 2] = box(sb, bx0, by0, bx1, by1) / n;
    }
  }
  return { data: out, width: w, height: h };
}
