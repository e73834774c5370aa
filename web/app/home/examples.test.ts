import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, HERO_BACKDROP, HERO_IMAGES, type SiteImage } from './examples.ts';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');

/** The file's real size and weight: the width and height the page declares must be the image's own. */
async function measure(image: SiteImage) {
  const data = await readFile(path.join(publicDir, image.src));
  const meta = await sharp(data).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, bytes: data.length };
}

describe('site images (scripts/make-site-images.ts)', () => {
  it('lists hero-1 to hero-N in order, each a small WebP of its declared size', async () => {
    expect(HERO_IMAGES.length).toBeGreaterThanOrEqual(12);
    expect(HERO_IMAGES.map((i) => i.src)).toEqual(HERO_IMAGES.map((_, n) => `/hero/hero-${n + 1}.webp`));
    for (const image of [...HERO_IMAGES, HERO_BACKDROP]) {
      const real = await measure(image);
      expect({ src: image.src, ...real }).toMatchObject({ src: image.src, width: image.width, height: image.height, format: 'webp' });
      expect(real.bytes, image.src).toBeLessThan(30 * 1024);
    }
  });

  it('keeps every wall tile at most 176 px square, so none can be a larger paint than the hero heading', () => {
    // A browser caps an image's largest-contentful-paint size at its own pixels; the heading is ~41 000 px².
    for (const { src, width, height } of HERO_IMAGES) expect({ src, area: width * height <= 176 * 176 }).toEqual({ src, area: true });
  });

  it('pairs each example as two WebPs of one declared size, each under 80 KB', async () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(4);
    for (const { before, after } of EXAMPLES) {
      expect([before.width, before.height]).toEqual([after.width, after.height]);
      for (const image of [before, after]) {
        const real = await measure(image);
        expect({ src: image.src, ...real }).toMatchObject({ src: image.src, width: image.width, height: image.height, format: 'webp' });
        expect(real.bytes, image.src).toBeLessThan(80 * 1024);
        expect(image.alt).not.toBe('');
      }
    }
  });

  it('never credits a generative provider in a caption', () => {
    for (const { caption } of EXAMPLES) {
      expect(caption).toMatch(/local engine|local ESRGAN/);
      expect(caption).not.toMatch(/Gemini|OpenAI|Replicate|DALL|Stable Diffusion|generative AI/i);
    }
  });
});
