import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LOCAL_PREVIEW_NOTE } from '../../../contract/ai.ts';
import { makePng } from '../../test-support/media.ts';
import { applyEffect } from './effects/index.ts';
import { chooseLocalEffects, createLocalImageEditor } from './local-engine.ts';

const editor = createLocalImageEditor();
const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
};

describe('local image editor', () => {
  it('chooses the effects the prompt names, and a stable one otherwise', () => {
    expect(chooseLocalEffects('make it black and white', 1).map((e) => e.id)).toEqual(['black-and-white']);
    expect(chooseLocalEffects('A VINTAGE poster', 1).map((e) => e.id)).toEqual(['vintage-film']);
    expect(chooseLocalEffects('Turn it into a watercolour painting at golden hour', 1).map((e) => e.id)).toEqual(['watercolour', 'golden-hour']);
    expect(chooseLocalEffects('a cat on a mat', 7)).toEqual(chooseLocalEffects('a cat on a mat', 7));
  });

  it("reads the user's own words (userPrompt), never the instruction written for generative models ('Paint every pure green…')", async () => {
    const instruction =
      'Create a variation of the provided image. Keep the subject recognisable; composition, lighting and details may change. ' +
      'Paint every pure green (#00FF00) area as a seamless, natural continuation of the image; no green may remain.';
    const image = { data: await makePng(64, 48), mime: 'image/png' };
    const noir = await editor.editImage({ images: [image], prompt: `${instruction} The user asks: make it noir`, userPrompt: 'make it noir' });
    expect(noir.text).toContain('Applied the Noir effect');
    // No wish at all: the image picks, never the instruction's words (its 'Paint' would choose Watercolour).
    const none = await editor.editImage({ images: [image], prompt: instruction, userPrompt: '' });
    expect(none.text).toContain(`Applied the ${chooseLocalEffects('', image.data.length)[0]!.name} effect`);
  });

  it('returns a PNG of the same size, labelled as the local engine, naming the effect it applied', async () => {
    const result = await editor.editImage({ images: [{ data: await makePng(120, 80), mime: 'image/png' }], prompt: 'black and white', variability: 5 });
    const meta = await sharp(result.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 120, 80]);
    expect(result.provider).toBe('Local engine');
    expect(result.text).toMatch(new RegExp(`^${LOCAL_PREVIEW_NOTE}\\. Applied the Black and white effect in full, as your prompt asked\\.`));
  });

  it('applies a named effect in full at every variability: black and white is grey at 1 to 10, sepia, noir and duotone match their full look', async () => {
    const photo = await sharp(await makePng(96, 64)).png().toBuffer();
    const raw = (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();
    const full: Record<string, Buffer> = {};
    for (const [prompt, id] of [['sepia tones please', 'sepia'], ['film noir', 'noir'], ['a duotone poster', 'duotone']] as const) {
      full[prompt] = await raw(await applyEffect(photo, id, { strength: 1 }));
    }
    for (let variability = 1; variability <= 10; variability++) {
      const grey = await raw((await editor.editImage({ images: [{ data: photo, mime: 'image/png' }], prompt: 'make it black and white', variability })).data);
      let saturation = 0;
      for (let i = 0; i < grey.length; i += 3) saturation = Math.max(saturation, Math.max(grey[i]!, grey[i + 1]!, grey[i + 2]!) - Math.min(grey[i]!, grey[i + 1]!, grey[i + 2]!));
      expect(saturation, `black and white at variability ${variability}`).toBeLessThanOrEqual(1);
      for (const prompt of Object.keys(full)) {
        const out = await raw((await editor.editImage({ images: [{ data: photo, mime: 'image/png' }], prompt, variability })).data);
        let diff = 0;
        for (let i = 0; i < out.length; i++) diff += Math.abs(out[i]! - full[prompt]![i]!);
        expect(diff / out.length, `${prompt} at variability ${variability}`).toBeLessThan(0.5);
      }
    }
  });

  it('lets variability set the strength of an effect the engine chose itself', async () => {
    const photo = await sharp(await makePng(96, 64)).png().toBuffer();
    const [low, high] = await Promise.all([1, 10].map((variability) => editor.editImage({ images: [{ data: photo, mime: 'image/png' }], prompt: 'a cat on a mat', variability })));
    expect(low!.text).toContain('at variability 1.');
    const [a, b, source] = await Promise.all([low!.data, high!.data, photo].map((png) => sharp(png).removeAlpha().raw().toBuffer()));
    let fromLow = 0, fromHigh = 0;
    for (let i = 0; i < source!.length; i++) {
      fromLow += Math.abs(a![i]! - source![i]!);
      fromHigh += Math.abs(b![i]! - source![i]!);
    }
    expect(fromHigh).toBeGreaterThan(fromLow);
  });

  it('applies both effects a prompt names, and different prompts give different images', async () => {
    const photo = await sharp(await makePng(160, 120)).png().toBuffer();
    const both = await editor.editImage({ images: [{ data: photo, mime: 'image/png' }], prompt: 'Turn it into a watercolour painting at golden hour', variability: 6 });
    expect(both.text).toContain('Applied the Watercolour and Golden hour effects in full, as your prompt asked.');
    const noir = await editor.editImage({ images: [{ data: photo, mime: 'image/png' }], prompt: 'film noir', variability: 6 });
    expect(noir.text).toContain('Applied the Noir effect');
    const [a, b] = await Promise.all([sharp(both.data).raw().toBuffer(), sharp(noir.data).raw().toBuffer()]);
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs(a[i]! - b[i]!);
    expect(diff / a.length).toBeGreaterThan(20);
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
    expect(result.text).toMatch(/Repainted 50% of the image from its surroundings/);
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
