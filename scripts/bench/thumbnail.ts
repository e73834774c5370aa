/**
 * Thumbnail bench (part of scripts/bench/ai.ts, run with the vision worker warm): the local thumbnail from a 1024 px
 * photo (astronaut.jpg scaled to 1024x1024) to 1280x720:
 * - findFaces + renderThumbnail (face crop, the style's grade, the text in Anton), by realism (Very Stylized adds a
 *   drawn look, the slowest effects) and with an edit prompt's extra effect;
 * - the whole request through the API (decode, hold, faces, render, store, capture) with the browser's 1280x720 frame.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { findFaces, renderThumbnail } from '../../server/providers/ai/local/thumbnail.ts';
import type { LocalVision } from '../../server/providers/ai/local-vision/index.ts';
import { createTestApp } from '../../server/test-support/app.ts';
import { fmt, percentile, table, timeEach } from './stats.ts';

export async function benchThumbnail(vision: LocalVision, runs: number): Promise<void> {
  const astronaut = await readFile(new URL('../../server/test-support/photos/astronaut.jpg', import.meta.url));
  const photo = await sharp(astronaut).resize(1024, 1024).jpeg({ quality: 92 }).toBuffer();
  const frame = await sharp(photo).resize(1280, 720, { fit: 'cover' }).png().toBuffer();
  const ms = (samples: number[]) => `${fmt(percentile(samples, 50), 0)} (min ${fmt(Math.min(...samples), 0)}, max ${fmt(Math.max(...samples), 0)})`;
  const rows: Array<{ what: string; 'median ms': string }> = [];

  const cases = [
    { what: 'Viral Bold, Realistic (4), text', style: 'viral-bold', realism: 4, text: 'I went to space', prompt: '' },
    { what: 'Gaming Neon, Very Stylized (1), text', style: 'gaming-neon', realism: 1, text: 'Insane clutch in ranked', prompt: '' },
    { what: 'Cinematic Story, Balanced (3), text + prompt (watercolour)', style: 'cinematic-story', realism: 3, text: 'The long way home', prompt: 'watercolour' },
    { what: 'Podcast Minimal, Very Realistic (5), no text', style: 'podcast-minimal', realism: 5, text: '', prompt: '' },
  ] as const;
  const render = (c: (typeof cases)[number]) => async () => renderThumbnail({ image: photo, faces: await findFaces(vision, photo), style: c.style, realism: c.realism, text: c.text, prompt: c.prompt });
  await render(cases[0])(); // font parse, first libvips pipelines
  for (const c of cases) rows.push({ what: `faces + renderThumbnail(1024 px photo -> 1280x720): ${c.what}`, 'median ms': ms((await timeEach(runs, render(c))).samples) });

  const t = await createTestApp({ RATE_LIMIT_AI_PER_MINUTE: '1000' });
  try {
    const s = await t.make.user();
    const call = async () => {
      const res = await t.call('POST', '/api/ai/generate-image', {
        session: s,
        body: { toolName: 'thumbnail-generator', imageData: frame.toString('base64'), mimeType: 'image/png', style: 'viral-bold', realism: 4, addText: true, thumbnailText: 'I went to space' },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
    };
    await call();
    rows.push({ what: 'POST 1280x720 PNG frame -> local thumbnail (decode, hold, faces, render, store, capture)', 'median ms': ms((await timeEach(runs, call)).samples) });
  } finally {
    await t.close();
  }
  console.log(`Thumbnail on the local engine (vision worker warm), median of ${runs}\n\n${table(rows)}\n`);
}
