import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyEffect, applyEffects, EFFECTS } from './index.ts';

const photo = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../test-support/photos', name));

/** Mean absolute difference per channel value (0..255) of two images, compared at 128 px. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (img: Buffer) => sharp(img).resize(128, 128, { fit: 'fill' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

/** Below this mean difference two results would look like the same effect at a glance. */
const DISTINCT = 10;

describe('effect library on a real photo', () => {
  const source = photo('astronaut.jpg');
  const results = new Map<string, Buffer>();

  beforeAll(async () => {
    for (const effect of EFFECTS) results.set(effect.id, await applyEffect(source, effect.id));
  }, 120_000);

  it('has at least 22 effects, with unique ids and names', () => {
    expect(EFFECTS.length).toBeGreaterThanOrEqual(22);
    expect(new Set(EFFECTS.map((e) => e.id)).size).toBe(EFFECTS.length);
    expect(new Set(EFFECTS.map((e) => e.name)).size).toBe(EFFECTS.length);
  });

  it('every effect returns a PNG of the input size that differs visibly from the input', async () => {
    const faint: string[] = [];
    for (const effect of EFFECTS) {
      const out = results.get(effect.id)!;
      const meta = await sharp(out).metadata();
      expect([effect.id, meta.format, meta.width, meta.height]).toEqual([effect.id, 'png', 512, 512]);
      const d = await difference(source, out);
      if (d < DISTINCT) faint.push(`${effect.id}: ${d.toFixed(1)}`);
    }
    expect(faint).toEqual([]);
  });

  it('every effect differs visibly from every other effect', async () => {
    const close: string[] = [];
    for (let i = 0; i < EFFECTS.length; i++) {
      for (let j = i + 1; j < EFFECTS.length; j++) {
        const a = EFFECTS[i]!.id, b = EFFECTS[j]!.id;
        const d = await difference(results.get(a)!, results.get(b)!);
        if (d < DISTINCT) close.push(`${a} ~ ${b}: ${d.toFixed(1)}`);
      }
    }
    expect(close).toEqual([]);
  });

  it('renders a contact sheet of every effect (test-results/screens/effects-contact-sheet.png)', async () => {
    const cell = 256, label = 28, columns = 6;
    const tiles = [{ id: 'source', name: 'Source', data: source }, ...EFFECTS.map((e) => ({ ...e, data: results.get(e.id)! }))];
    const rows = Math.ceil(tiles.length / columns);
    const composites = await Promise.all(
      tiles.flatMap((tile, i) => {
        const left = (i % columns) * cell, top = Math.floor(i / columns) * (cell + label);
        const caption = Buffer.from(
          `<svg width="${cell}" height="${label}"><rect width="100%" height="100%" fill="#fff"/><text x="8" y="20" font-family="sans-serif" font-size="16">${tile.name}</text></svg>`,
        );
        return [
          sharp(tile.data).resize(cell, cell).png().toBuffer().then((input) => ({ input, left, top })),
          Promise.resolve({ input: caption, left, top: top + cell }),
        ];
      }),
    );
    const dir = path.join(process.cwd(), 'test-results/screens');
    mkdirSync(dir, { recursive: true });
    const sheet = await sharp({ create: { width: columns * cell, height: rows * (cell + label), channels: 3, background: '#ffffff' } })
      .composite(composites)
      .png()
      .toFile(path.join(dir, 'effects-contact-sheet.png'));
    expect(sheet.width).toBe(columns * cell);
  });
});

describe('effect options', () => {
  const source = photo('coffee.jpg');

  it('strength moves the result from near the source towards the full effect', async () => {
    const weak = await applyEffect(source, 'sepia', { strength: 0 });
    const strong = await applyEffect(source, 'sepia', { strength: 1 });
    expect(await difference(source, strong)).toBeGreaterThan((await difference(source, weak)) * 2);
  });

  it('blur background keeps the given subject sharp and blurs the rest', async () => {
    const { width, height } = await sharp(source).metadata();
    // Subject: the left half only.
    const mask = await sharp({ create: { width: width!, height: height!, channels: 3, background: 'black' } })
      .composite([{ input: { create: { width: width! / 2, height: height!, channels: 3, background: 'white' } }, left: 0, top: 0 }])
      .grayscale()
      .png()
      .toBuffer();
    const out = await applyEffect(source, 'blur-background', { strength: 1, subjectMask: mask });
    const half = (img: Buffer, left: number) => sharp(img).extract({ left, top: 0, width: width! / 2, height: height! }).png().toBuffer();
    expect(await difference(await half(source, 0), await half(out, 0))).toBeLessThan(1);
    expect(await difference(await half(source, width! / 2), await half(out, width! / 2))).toBeGreaterThan(5);
  });

  it('applies a list of effects in order, on greyscale input too, keeping the size', async () => {
    const grey = await sharp(photo('camera.jpg')).resize(300, 200).grayscale().png().toBuffer();
    const both = await applyEffects(grey, ['watercolour', 'golden-hour']);
    const one = await applyEffects(grey, ['watercolour']);
    const meta = await sharp(both).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([300, 200, 3]);
    expect(await difference(both, one)).toBeGreaterThan(5);
  });

  it('rejects an unknown effect id', async () => {
    await expect(applyEffect(source, 'lava-lamp')).rejects.toThrow(/Unknown effect 'lava-lamp'/);
  });
});
