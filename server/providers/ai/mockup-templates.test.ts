import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MOCKUP_DIMENSIONS, MOCKUP_STYLES, type MockupDimension } from '../../../contract/ai.ts';
import { buildScene } from './mockup-devices.ts';
import { renderMockup, type MockupOptions } from './mockup-templates.ts';
import { templateFor } from './mockup-style.ts';

const solid = (width: number, height: number, background: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const base = { background: 'plain-color', color1: '#ffffff', dimensions: 'landscape', shadow: false } as const;
const raw = async (png: Buffer) => sharp(png).raw().toBuffer({ resolveWithObject: true });

describe('renderMockup', () => {
  it('draws the artwork on every product: the centre of its screen, cover or label shows the artwork', async () => {
    const magenta = await solid(800, 600, { r: 255, g: 0, b: 255 });
    for (const style of MOCKUP_STYLES) {
      const drawn = await renderMockup({ ...base, artwork: magenta, style, customStyle: style === 'custom' ? 'anything' : undefined });
      const { data, info } = await raw(drawn.image);
      const print = buildScene(templateFor(style, 'anything').template, { width: info.width, height: info.height, accent: '#ff00ff', artAspect: 800 / 600 }).prints[0]!;
      const [x, y] =
        print.kind === 'cylinder'
          ? [print.cylinder.cx, (print.cylinder.top + print.cylinder.bottom) / 2]
          : [print.quad.reduce((s, p) => s + p[0], 0) / 4, print.quad.reduce((s, p) => s + p[1], 0) / 4];
      const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      // Magenta, give or take the surface's light and glare: red and blue high, green low.
      expect({ style, magenta: r > 150 && b > 150 && g < 90 }).toEqual({ style, magenta: true });
    }
  });

  it('has the requested dimensions', async () => {
    const art = await solid(300, 200, { r: 20, g: 120, b: 200 });
    for (const dimensions of Object.keys(MOCKUP_DIMENSIONS) as MockupDimension[]) {
      const { image } = await renderMockup({ ...base, artwork: art, style: 'phone-display', dimensions });
      const meta = await sharp(image).metadata();
      expect([meta.width, meta.height]).toEqual([MOCKUP_DIMENSIONS[dimensions].width, MOCKUP_DIMENSIONS[dimensions].height]);
    }
  });

  it('never draws the custom description: two descriptions choosing the same template give identical pixels', async () => {
    const art = await solid(400, 300, { r: 200, g: 80, b: 40 });
    const render = (customStyle: string) => renderMockup({ ...base, background: 'photo-studio', shadow: true, artwork: art, style: 'custom', customStyle });
    const [a, b] = await Promise.all([render('A moody scene WITH BIG LETTERS'), render('zzz')]);
    expect(a.template).toBe('canvas');
    expect(Buffer.compare((await raw(a.image)).data, (await raw(b.image)).data)).toBe(0);
    const [mugA, mugB] = await Promise.all([render('my logo on a mug in a cafe'), render('MUG')]);
    expect([mugA.template, mugA.fromDescription]).toEqual(['coffee-mug', true]);
    expect(Buffer.compare((await raw(mugA.image)).data, (await raw(mugB.image)).data)).toBe(0);
    // And the same template chosen directly draws the same picture: nothing of the description is added.
    const direct = await renderMockup({ ...base, background: 'photo-studio', shadow: true, artwork: art, style: 'coffee-mug' });
    expect(Buffer.compare((await raw(direct.image)).data, (await raw(mugA.image)).data)).toBe(0);
  });

  it('draws a shadow under the product only when asked, and keeps the background colours', async () => {
    const art = await solid(400, 300, { r: 30, g: 30, b: 30 });
    const options: MockupOptions = { ...base, artwork: art, style: 'laptop-screen' };
    const plain = await raw((await renderMockup(options)).image);
    const shaded = await raw((await renderMockup({ ...options, shadow: true })).image);
    expect(Buffer.compare(plain.data, shaded.data)).not.toBe(0);
    // The corner is the plain colour asked for, with or without the shadow.
    expect([...plain.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    const gradient = await raw((await renderMockup({ ...options, background: 'gradient', color1: '#ff0000', color2: '#0000ff' })).image);
    const last = (gradient.info.width * gradient.info.height - 1) * gradient.info.channels;
    expect(gradient.data[0]).toBeGreaterThan(240);
    expect(gradient.data[last + 2]).toBeGreaterThan(240);
  });
});
