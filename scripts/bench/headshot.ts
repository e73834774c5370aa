/**
 * Headshot bench (part of scripts/bench/ai.ts, run with the vision worker warm):
 * - the face check as the use case sees it: POST /api/ai/generate-image (ai-headshot) with coffee.jpg, refused with
 *   400 before any hold: base64 decode + re-encode (checkedImage) + faces(); then faces() alone for comparison;
 * - the local headshot: renderHeadshot on astronaut.jpg (crop, person mask, plate, grade, 1024 px PNG) per background,
 *   and the whole request through the API (face check, hold, render, store, capture).
 */
import { readFile } from 'node:fs/promises';
import { HEADSHOT_BACKGROUNDS, HEADSHOT_MESSAGES } from '../../contract/headshot.ts';
import { renderHeadshot } from '../../server/providers/ai/local/headshot.ts';
import type { LocalVision } from '../../server/providers/ai/local-vision/index.ts';
import { createTestApp } from '../../server/test-support/app.ts';
import { fmt, percentile, table, timeEach } from './stats.ts';

export async function benchHeadshot(vision: LocalVision, runs: number): Promise<void> {
  const photo = (name: string) => readFile(new URL(`../../server/test-support/photos/${name}`, import.meta.url));
  const [astronaut, coffee] = await Promise.all([photo('astronaut.jpg'), photo('coffee.jpg')]);
  const [face] = await vision.faces(astronaut);
  if (!face) throw new Error('no face in astronaut.jpg');
  const ms = (samples: number[]) => `${fmt(percentile(samples, 50), 0)} (min ${fmt(Math.min(...samples), 0)}, max ${fmt(Math.max(...samples), 0)})`;
  const rows: Array<{ what: string; 'median ms': string }> = [];

  for (const background of HEADSHOT_BACKGROUNDS) {
    const input = { image: astronaut, face, style: 'Professional', background: background.id, customBackground: 'navy', vision } as const;
    await renderHeadshot(input); // first use draws and caches the plate
    rows.push({ what: `renderHeadshot(astronaut.jpg), ${background.name}, 1024 px PNG`, 'median ms': ms((await timeEach(runs, () => renderHeadshot(input))).samples) });
  }

  const t = await createTestApp({ RATE_LIMIT_AI_PER_MINUTE: '1000' });
  try {
    const s = await t.make.user();
    const call = (image: Buffer, status: number) => async () => {
      const res = await t.call('POST', '/api/ai/generate-image', { session: s, body: { toolName: 'ai-headshot', imageData: image.toString('base64'), style: 'Professional', background: 'office' } });
      if (res.statusCode !== status) throw new Error(res.body);
      if (status === 400 && !res.body.includes(HEADSHOT_MESSAGES.noFace)) throw new Error(res.body);
    };
    await call(coffee, 400)();
    rows.push({ what: 'face check in the use case: POST coffee.jpg 600x400 -> 400 no face (decode + faces)', 'median ms': ms((await timeEach(runs, call(coffee, 400))).samples) });
    rows.push({ what: '  faces(coffee.jpg) alone', 'median ms': ms((await timeEach(runs, () => vision.faces(coffee))).samples) });
    rows.push({ what: '  faces(astronaut.jpg 512x512) alone', 'median ms': ms((await timeEach(runs, () => vision.faces(astronaut))).samples) });
    await call(astronaut, 200)();
    rows.push({ what: 'POST astronaut.jpg -> local headshot (check, hold, render, store, capture)', 'median ms': ms((await timeEach(runs, call(astronaut, 200))).samples) });
  } finally {
    await t.close();
  }
  console.log(`Headshot on the local engine (vision worker warm), median of ${runs}\n\n${table(rows)}\n`);
}
