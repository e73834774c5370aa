import { readFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { applyEffects } from './index.ts';
import { EffectPool } from './pool.ts';
import { renderEffects } from './render.ts';

const photo = readFileSync(path.join(import.meta.dirname, '../../../test-support/photos/astronaut.jpg'));
const pixels = (png: Buffer) => sharp(png).raw().toBuffer();

describe('effect pool', () => {
  const pool = new EffectPool(2);
  afterAll(() => pool.close());

  it('renders on its threads exactly what the calling thread renders, several requests side by side', async () => {
    const looks = [['vivid', 'hdr'], ['cartoon'], ['watercolour', 'golden-hour'], ['vignette']];
    const pooled = await Promise.all(looks.map((ids) => pool.run({ image: photo, effectIds: ids, options: { strength: 0.6 } })));
    expect(pool.startedThreads).toBe(2);
    for (const [i, ids] of looks.entries()) {
      const here = await renderEffects(photo, ids, { strength: 0.6 });
      expect((await pixels(pooled[i]!)).equals(await pixels(here))).toBe(true);
    }
    expect(threadId).toBe(0);
  });

  it('answers a render that fails with its reason, and goes on', async () => {
    await expect(pool.run({ image: Buffer.from('not an image'), effectIds: ['vivid'], options: {} })).rejects.toThrow(/The effect failed/);
    const ok = await pool.run({ image: photo, effectIds: ['sepia'], options: {} });
    expect((await sharp(ok).metadata()).format).toBe('png');
  });

  it('refuses an unknown effect before anything is sent to a thread', async () => {
    await expect(applyEffects(photo, ['vivid', 'no-such-look'])).rejects.toThrow(RangeError);
  });

  it('fails the request of a thread that dies, and replaces the thread for the next one', async () => {
    const dying = new EffectPool(1, new URL("data:text/javascript,import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => process.exit(3));"));
    await expect(dying.run({ image: photo, effectIds: ['vivid'], options: {} })).rejects.toThrow(/stopped while working \(exit code 3\)/);
    await expect(dying.run({ image: photo, effectIds: ['vivid'], options: {} })).rejects.toThrow(/exit code 3/);
    expect(dying.startedThreads).toBe(2);
    await dying.close();
  });

  it('fails the running and the waiting requests when it is closed', async () => {
    const closing = new EffectPool(1);
    const running = closing.run({ image: photo, effectIds: ['vivid'], options: {} }).catch((err: Error) => err);
    const waiting = closing.run({ image: photo, effectIds: ['vivid'], options: {} }).catch((err: Error) => err);
    await closing.close();
    expect(String(await waiting)).toMatch(/shut down/);
    expect(String(await running)).toMatch(/stopped while working/);
  });
});
