import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../test-support/media.ts';
import { chooseGrade, createLocalImageEditor } from './local-engine.ts';

const editor = createLocalImageEditor();
const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
};

describe('local image editor', () => {
  it('chooses the grade the prompt names, and a stable one otherwise', () => {
    expect(chooseGrade('make it black and white').name).toBe('black and white');
    expect(chooseGrade('A VINTAGE poster').name).toBe('vintage');
    expect(chooseGrade('a cat on a mat').name).toBe(chooseGrade('a cat on a mat').name);
  });

  it('returns a PNG of the same size, labelled as the local engine', async () => {
    const result = await editor.editImage({ images: [{ data: await makePng(120, 80), mime: 'image/png' }], prompt: 'black and white', variability: 5 });
    const meta = await sharp(result.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 120, 80]);
    expect(result.provider).toBe('Local engine');
    expect(result.text).toMatch(/black and white look at variability 5/);
    const [r, g, b] = await pixel(result.data, 60, 40);
    expect(r).toBe(g);
    expect(g).toBe(b);
  });

  it('fills green extension areas from their surroundings, leaving no green', async () => {
    const source = await makePng(100, 100);
    const extended = await sharp(source).extend({ right: 100, background: { r: 0, g: 255, b: 0 } }).png().toBuffer();
    const result = await editor.editImage({ images: [{ data: extended, mime: 'image/png' }], prompt: 'soft', variability: 1 });
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    let green = 0;
    for (let p = 0; p < info.width * info.height; p++) {
      const i = p * info.channels;
      if (data[i + 1]! > 200 && data[i]! < 80 && data[i + 2]! < 80) green++;
    }
    expect(green).toBe(0);
    expect(result.text).toMatch(/repainted 50% of the image/);
  });

  it('repaints only the masked area', async () => {
    const source = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .composite([{ input: { create: { width: 16, height: 16, channels: 3, background: { r: 0, g: 0, b: 255 } } }, left: 24, top: 24 }])
      .png()
      .toBuffer();
    const mask = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'black' } })
      .composite([{ input: { create: { width: 20, height: 20, channels: 3, background: 'white' } }, left: 22, top: 22 }])
      .png()
      .toBuffer();
    const result = await editor.editImage({ images: [{ data: source, mime: 'image/png' }], mask: { data: mask, mime: 'image/png' }, prompt: 'vivid', variability: 1 });
    const [r, , b] = await pixel(result.data, 32, 32);
    expect(r).toBeGreaterThan(b!); // the blue square is painted over with the red around it
  });
});

describe('local image editor on large images', () => {
  it('fills a wide extension of a 1536 px image from its surroundings, leaving no green', async () => {
    const source = await makePng(768, 1024);
    const extended = await sharp(source).extend({ right: 768, background: { r: 0, g: 255, b: 0 } }).png().toBuffer();
    const result = await editor.editImage({ images: [{ data: extended, mime: 'image/png' }], prompt: 'soft', variability: 1 });
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1536, 1024]);
    let green = 0;
    for (let p = 0; p < info.width * info.height; p++) {
      const i = p * info.channels;
      if (data[i + 1]! > 200 && data[i]! < 80 && data[i + 2]! < 80) green++;
    }
    expect(green).toBe(0);
    // The fill continues the edge: next to the seam it is close to the source's last column.
    const seam = await pixel(result.data, 770, 512);
    const edge = await pixel(result.data, 765, 512);
    for (let c = 0; c < 3; c++) expect(Math.abs(seam[c]! - edge[c]!)).toBeLessThan(40);
  });
});
