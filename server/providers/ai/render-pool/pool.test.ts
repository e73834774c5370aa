import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { applyEffects } from '../effects/index.ts';
import { renderEffects } from '../effects/render.ts';
import { renderThumbnail, renderThumbnailHere } from '../local/thumbnail.ts';
import { asBuffer, RenderPool } from './pool.ts';

const photo = readFileSync(path.join(import.meta.dirname, '../../../test-support/photos/astronaut.jpg'));
const pixels = (png: Uint8Array) => sharp(png).raw().toBuffer();
const effects = (effectIds: string[], image: Buffer = photo) => ({ image, effectIds, options: { strength: 0.6 } });

describe('render pool', () => {
  const pool = new RenderPool(2);
  afterAll(() => pool.close());

  it('renders effects on its threads exactly as the calling thread does, several requests side by side', async () => {
    const looks = [['vivid', 'hdr'], ['cartoon'], ['watercolour', 'golden-hour'], ['vignette']];
    const pooled = await Promise.all(looks.map((ids) => pool.run<Uint8Array>('effects', effects(ids))));
    expect(pool.startedThreads).toBe(2);
    for (const [i, ids] of looks.entries()) {
      const here = await renderEffects(photo, ids, { strength: 0.6 });
      expect((await pixels(pooled[i]!)).equals(await pixels(here))).toBe(true);
    }
  });

  it('renders a whole thumbnail as the calling thread does (the shared pool behind renderThumbnail)', async () => {
    const input = { image: photo, faces: [], style: 'viral-bold' as const, realism: 2, prompt: 'make it noir', text: 'New gear day' };
    const [pooled, here] = await Promise.all([renderThumbnail(input), renderThumbnailHere(input)]);
    expect(Buffer.isBuffer(pooled.data)).toBe(true);
    expect({ ...pooled, data: null }).toEqual({ ...here, data: null });
    expect((await pixels(pooled.data)).equals(await pixels(here.data))).toBe(true);
  });

  it('answers a render that fails with its reason, and goes on', async () => {
    await expect(pool.run('effects', effects(['vivid'], Buffer.from('not an image')))).rejects.toThrow(/The render failed/);
    const ok = await pool.run<Uint8Array>('effects', effects(['sepia']));
    expect((await sharp(asBuffer(ok)).metadata()).format).toBe('png');
  });

  it('refuses an unknown effect before anything is sent to a thread', async () => {
    await expect(applyEffects(photo, ['vivid', 'no-such-look'])).rejects.toThrow(RangeError);
  });

  it('fails the request of a thread that dies, and replaces the thread for the next one', async () => {
    const dying = new RenderPool(1, new URL("data:text/javascript,import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => process.exit(3));"));
    await expect(dying.run('effects', effects(['vivid']))).rejects.toThrow(/stopped while working \(exit code 3\)/);
    await expect(dying.run('effects', effects(['vivid']))).rejects.toThrow(/exit code 3/);
    expect(dying.startedThreads).toBe(2);
    await dying.close();
  });

  it('fails the running and the waiting requests when it is closed', async () => {
    const closing = new RenderPool(1);
    const running = closing.run('effects', effects(['vivid'])).catch((err: Error) => err);
    const waiting = closing.run('effects', effects(['vivid'])).catch((err: Error) => err);
    await closing.close();
    expect(String(await waiting)).toMatch(/shut down/);
    expect(String(await running)).toMatch(/stopped while working/);
  });
});
