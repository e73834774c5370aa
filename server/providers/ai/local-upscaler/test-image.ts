/**
 * Test images and quality measures for the local upscaler's tests and benchmarks: a "real-looking"
 * picture drawn with sharp (gradients, shapes, thin lines, text from an SVG overlay, a little grain)
 * and PSNR computed over 8-bit RGB.
 */
import sharp from 'sharp';

/** A PNG of the given size: sky gradient, sun, hills, a house, thin lines, text, light grain. */
export async function makeTestImage(width: number, height: number): Promise<Buffer> {
  const w = width;
  const h = height;
  const u = Math.min(w, h) / 100;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1d3b8f"/><stop offset="0.6" stop-color="#7fb2e6"/><stop offset="1" stop-color="#f3d9a4"/>
    </linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#fff7c2"/><stop offset="1" stop-color="#ff9d2e"/></radialGradient>
    <pattern id="bricks" width="${8 * u}" height="${4 * u}" patternUnits="userSpaceOnUse">
      <rect width="${8 * u}" height="${4 * u}" fill="#a0522d"/>
      <path d="M0 ${2 * u} H${8 * u} M${4 * u} 0 V${2 * u} M0 ${2 * u} V${4 * u}" stroke="#e8d8c8" stroke-width="${0.5 * u}"/>
    </pattern>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${0.78 * w}" cy="${0.22 * h}" r="${12 * u}" fill="url(#sun)"/>
  <path d="M0 ${0.72 * h} Q ${0.25 * w} ${0.5 * h} ${0.5 * w} ${0.7 * h} T ${w} ${0.66 * h} V ${h} H 0 Z" fill="#3f7d3a"/>
  <path d="M0 ${0.85 * h} Q ${0.4 * w} ${0.72 * h} ${w} ${0.88 * h} V ${h} H 0 Z" fill="#2c5e2a"/>
  <rect x="${0.12 * w}" y="${0.5 * h}" width="${0.26 * w}" height="${0.24 * h}" fill="url(#bricks)" stroke="#222" stroke-width="${0.6 * u}"/>
  <polygon points="${0.1 * w},${0.5 * h} ${0.25 * w},${0.36 * h} ${0.4 * w},${0.5 * h}" fill="#8b1e1e" stroke="#222" stroke-width="${0.6 * u}"/>
  <rect x="${0.2 * w}" y="${0.6 * h}" width="${0.06 * w}" height="${0.14 * h}" fill="#4a2f1a"/>
  <g stroke="#111" stroke-width="${0.3 * u}">
    ${Array.from({ length: 12 }, (_, i) => `<line x1="${0.5 * w + i * 2 * u}" y1="${0.08 * h}" x2="${0.62 * w + i * 2.6 * u}" y2="${0.42 * h}"/>`).join('')}
  </g>
  <text x="${0.05 * w}" y="${0.14 * h}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${11 * u}" fill="#ffffff" stroke="#000" stroke-width="${0.3 * u}">Ampkit</text>
  <text x="${0.05 * w}" y="${0.24 * h}" font-family="DejaVu Serif, serif" font-size="${6 * u}" fill="#fffbe6">Upscale 2x · 4x</text>
  <text x="${0.52 * w}" y="${0.95 * h}" font-family="DejaVu Sans Mono, monospace" font-size="${4 * u}" fill="#f0f0f0">ESRGAN 0123456789</text>
</svg>`;
  const grain = await sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 6 } } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .resize(w, h, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .composite([{ input: grain, blend: 'soft-light' }])
    .removeAlpha()
    .png()
    .toBuffer();
}

/** 8-bit RGB pixels of an image (alpha dropped). */
export async function rawRgb(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Peak signal-to-noise ratio in dB between two equal-length 8-bit buffers (Infinity if equal). */
export function psnr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`PSNR of buffers of different lengths (${a.length} vs ${b.length})`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  const mse = sum / a.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** PSNR of two images of the same size, decoded to RGB. */
export async function imagePsnr(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all([rawRgb(a), rawRgb(b)]);
  if (ra.width !== rb.width || ra.height !== rb.height) {
    throw new Error(`PSNR of images of different sizes (${ra.width}×${ra.height} vs ${rb.width}×${rb.height})`);
  }
  return psnr(ra.data, rb.data);
}
