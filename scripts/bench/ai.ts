/**
 * AI benchmark.
 * 1. Local upscale x2 (standard: ESRGAN slim) of a 512 px image through our API (HTTP inject, credits, files,
 *    worker thread) against a direct call of the same upscaler (the overhead ratio).
 * 2. API latency of GET /api/auth/profile while that upscale runs, against idle (p50/p99 and the ratio):
 *    the model runs in a worker thread, so the event loop should stay free.
 * 3. Local vision (@vladmandic/human on wasm, in its worker thread): the cold first call (worker start + models),
 *    then the median of BENCH_VISION_RUNS warm calls: the headshot face check (faces of astronaut.jpg), the person
 *    mask (selfie segmentation) and object detection (centernet) on the test photos.
 * 4. The local engine's effect library: each effect on a 1024 px photo (median of EFFECT_RUNS=5, after a warm-up).
 * 5. Local mockups: each of the 12 styles at 1600x900 (median of MOCKUP_RUNS=3, after a warm-up).
 * 6. Headshots (scripts/bench/headshot.ts): the face check as the use case sees it and the local headshot's time.
 * 7. Thumbnails (scripts/bench/thumbnail.ts): the local thumbnail, 1280x720 from a 1024 px photo, and the whole request.
 * 8. Captions: the local composer on coffee.jpg (colours + objects + templates), vision warm.
 * 9. Photoshoot: one local variation of astronaut.jpg at 1:1 and 16:9 (framing around the face + an effect), vision warm.
 * Run: `node --import tsx scripts/bench/ai.ts` (BENCH_RUNS=3 upscales each way, BENCH_VISION_RUNS=7).
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { MOCKUP_STYLES } from '../../contract/ai.ts';
import { applyEffect, EFFECTS } from '../../server/providers/ai/effects/index.ts';
import { createLocalUpscaler } from '../../server/providers/ai/local-upscaler/index.ts';
import { sharedLocalVision } from '../../server/providers/ai/local-vision/index.ts';
import { renderMockup } from '../../server/providers/ai/mockup-templates.ts';
import { makeTestImage } from '../../server/providers/ai/local-upscaler/test-image.ts';
import { createTestApp } from '../../server/test-support/app.ts';
import { benchHeadshot } from './headshot.ts';
import { benchThumbnail } from './thumbnail.ts';
import { fmt, percentile, ratioOf, report, table, timeEach } from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

// Effects: each on astronaut.jpg scaled to 1024x1024 (one warm-up run, then the median).
{
  const photo = await sharp(await readFile('server/test-support/photos/astronaut.jpg')).resize(1024, 1024).png().toBuffer();
  const runs = Number(process.env.EFFECT_RUNS ?? 5);
  const rows = [];
  for (const effect of EFFECTS) {
    await applyEffect(photo, effect.id);
    const { samples } = await timeEach(runs, () => applyEffect(photo, effect.id));
    rows.push({ effect: effect.name, 'median ms': fmt(percentile(samples, 50), 0) });
  }
  console.log(`Local effects on a 1024x1024 photo (PNG in and out), median of ${runs}\n\n${table(rows)}\n`);
}

// Mockups on the local engine: each style drawn at 1600x900 (landscape) with shadow, from a 1024 px photo
// (one warm-up run, then the median): the product drawn in perspective, the artwork warped onto it.
{
  const artwork = await sharp(await readFile('server/test-support/photos/chelsea.jpg')).resize(1024).png().toBuffer();
  const runs = Number(process.env.MOCKUP_RUNS ?? 3);
  const rows = [];
  for (const style of MOCKUP_STYLES) {
    const options = { artwork, style, customStyle: 'a neutral print', background: 'photo-studio', dimensions: 'landscape', shadow: true } as const;
    await renderMockup(options);
    const { samples } = await timeEach(runs, () => renderMockup(options));
    rows.push({ style, 'median ms': fmt(percentile(samples, 50), 0) });
  }
  console.log(`Local mockups at 1600x900 (PNG out), median of ${runs}\n\n${table(rows)}\n`);
}

const VISION_RUNS = Number(process.env.BENCH_VISION_RUNS ?? 7);
const png = await makeTestImage(512, 512);

// Local vision first, while nothing else is loaded: its cold start is what the first headshot after a restart pays.
const vision = sharedLocalVision();
const photo = (name: string) => readFile(new URL(`../../server/test-support/photos/${name}`, import.meta.url));
const [astronaut, coffee] = await Promise.all([photo('astronaut.jpg'), photo('coffee.jpg')]);
const rssBefore = process.memoryUsage().rss;
const coldStarted = performance.now();
await vision.faces(astronaut);
const coldMs = performance.now() - coldStarted;
const visionInfo = await vision.worker.info();
await vision.personMask(astronaut); // first runs of each model compile its kernels
await vision.objects(coffee);
const visionRows = [
  { what: 'face check: faces(astronaut.jpg 512x512)', run: () => vision.faces(astronaut) },
  { what: 'person mask: personMask(astronaut.jpg), PNG out', run: () => vision.personMask(astronaut) },
  { what: 'objects: objects(coffee.jpg 600x400)', run: () => vision.objects(coffee) },
];
const visionTimes = [];
for (const row of visionRows) visionTimes.push({ what: row.what, samples: (await timeEach(VISION_RUNS, row.run)).samples });
const rssAfter = process.memoryUsage().rss;

// Captions on the local engine: the composer's whole work on coffee.jpg (dominant colours + objects + templates),
// with the vision worker warm, as every caption after the first pays it.
{
  const { composeCaption, imageFacts } = await import('../../server/providers/ai/local/caption.ts');
  const settings = { platform: 'Instagram', length: 'Long', tone: 'Friendly', language: 'English', context: 'Morning coffee', additionalHashtags: ['latteart'] } as const;
  const { samples } = await timeEach(VISION_RUNS, async () => composeCaption(settings, await imageFacts(coffee, vision)));
  console.log(`Local caption of coffee.jpg (colours + objects + composer), median of ${VISION_RUNS}: ${fmt(percentile(samples, 50), 0)} ms (min ${fmt(Math.min(...samples), 0)}, max ${fmt(Math.max(...samples), 0)})\n`);
}
// Photoshoot on the local engine: one variation (the face found, reframed, an effect), with the vision worker warm.
{
  const { renderLocalPhotoshoot } = await import('../../server/providers/ai/local/photoshoot.ts');
  for (const outputRatio of ['1:1', '16:9'] as const) {
    const input = { images: [astronaut], prompt: '', changeOptions: ['Pose' as const, 'Lighting' as const], variety: 'Creative' as const, outputRatio, index: 1, salt: 0, vision };
    await renderLocalPhotoshoot(input);
    const { samples } = await timeEach(VISION_RUNS, () => renderLocalPhotoshoot(input));
    console.log(`Local photoshoot variation ${outputRatio} of astronaut.jpg, median of ${VISION_RUNS}: ${fmt(percentile(samples, 50), 0)} ms`);
  }
  console.log('');
}
await benchHeadshot(vision, VISION_RUNS);
await benchThumbnail(vision, VISION_RUNS);
await vision.close();

// Direct: the upscaler on its own (the same shared worker and models the app uses).
const direct = createLocalUpscaler();
await direct.upscale({ image: { data: png, mime: 'image/png' }, scale: 2, tier: 'standard' }); // warm: worker + model
const directTimes = await timeEach(RUNS, () => direct.upscale({ image: { data: png, mime: 'image/png' }, scale: 2, tier: 'standard' }));

const t = await createTestApp({ RATE_LIMIT_AI_PER_MINUTE: '1000', SIGNUP_BONUS_CREDITS: '100' });
try {
  const s = await t.signIn('bench-ai@example.com');
  const source = await t.app.services.files.save({ userId: s.userId, data: png, entityType: 'generated_image', toolName: 'image-variator' });
  const upscale = async () => {
    const res = await t.call('POST', '/api/ai/upscale-image', { session: s, body: { image_uuid: source.id, scale_factor: 2, quality_tier: 'standard', provider: 'local' } });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res;
  };
  const check = await upscale();
  const out = await sharp((await t.call('GET', (check.json() as { data: { image: string } }).data.image, { session: s })).rawPayload).metadata();
  const viaApi = await timeEach(RUNS, upscale);

  // Profile latency: idle, then while upscales run back to back.
  const profile = () => t.call('GET', '/api/auth/profile', { session: s });
  const samplesDuring: number[] = [];
  const idle = await timeEach(200, profile);
  let running = true;
  const load = (async () => {
    while (running) await upscale();
  })();
  await new Promise((r) => setTimeout(r, 300));
  const deadline = Date.now() + 8000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    await profile();
    samplesDuring.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  running = false;
  await load;

  const median = (xs: number[]) => percentile(xs, 50);
  console.log(`Local upscale x2 (standard, ESRGAN slim) of a 512x512 image -> ${out.width}x${out.height}, median of ${RUNS}\n`);
  console.log(
    table([
      { path: 'direct upscaler call (baseline)', 'median s': fmt(median(directTimes.samples) / 1000), ratio: '1.00' },
      { path: 'POST /api/ai/upscale-image (hold, file in, upscale, file + thumbnail out, capture)', 'median s': fmt(median(viaApi.samples) / 1000), ratio: fmt(median(viaApi.samples) / median(directTimes.samples)) },
    ]),
  );
  console.log(`\nGET /api/auth/profile latency, idle vs while upscales run (${samplesDuring.length} samples during)\n`);
  console.log(
    table([
      { when: 'idle (baseline)', 'p50 ms': fmt(percentile(idle.samples, 50)), 'p99 ms': fmt(percentile(idle.samples, 99)), 'p99 ratio': '1.00' },
      { when: 'during upscale', 'p50 ms': fmt(percentile(samplesDuring, 50)), 'p99 ms': fmt(percentile(samplesDuring, 99)), 'p99 ratio': fmt(percentile(samplesDuring, 99) / percentile(idle.samples, 99)) },
    ]),
  );
  const directS = median(directTimes.samples) / 1000;
  const apiS = median(viaApi.samples) / 1000;
  const idleP99 = percentile(idle.samples, 99);
  const duringP99 = percentile(samplesDuring, 99);
  const apiRatio = ratioOf(apiS, directS, 'lower');
  const latencyRatio = ratioOf(duringP99, idleP99, 'lower');
  report([
    { benchmark: 'ai', measure: 'local upscale x2 of 512 px through POST /api/ai/upscale-image (median)', value: apiS, unit: 's', anchor: 'direct upscaler call', anchorValue: directS, ratio: apiRatio, better: 'lower', goal: 'ratio ≥ 0.85 (API adds ≤ ~15%)', met: apiRatio >= 0.85 },
    { benchmark: 'ai', measure: 'GET /api/auth/profile p99 while upscales run', value: duringP99, unit: 'ms', anchor: 'idle p99', anchorValue: idleP99, ratio: latencyRatio, better: 'lower', goal: 'ratio ≥ 0.50 (p99 at most doubles)', met: latencyRatio >= 0.5 },
    { benchmark: 'ai', measure: 'local vision cold start (worker + wasm + models + first faces())', value: coldMs, unit: 'ms', better: 'lower' },
  ]);
  console.log(`\nLocal vision (@vladmandic/human ${visionInfo.human} on tfjs ${visionInfo.tfjs} ${visionInfo.backend}, worker thread), median of ${VISION_RUNS} warm calls\n`);
  console.log(
    table([
      { call: 'cold first call: worker start + wasm + 4 models + faces(astronaut)', ms: fmt(coldMs, 0) },
      { call: `  of which model load (in the worker)`, ms: fmt(visionInfo.loadMs ?? 0, 0) },
      ...visionTimes.map((v) => ({ call: v.what, ms: `${fmt(median(v.samples), 0)} (min ${fmt(Math.min(...v.samples), 0)}, max ${fmt(Math.max(...v.samples), 0)})` })),
      { call: 'process RSS growth (worker + models + runs)', ms: `${fmt((rssAfter - rssBefore) / 1e6, 0)} MB` },
    ]),
  );
} finally {
  await t.close();
  await direct.close();
}
process.exit(0);
