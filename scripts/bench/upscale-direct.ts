/**
 * Local upscaler benchmark: ESRGAN slim (standard) and medium (high quality) ×2 of a 512 px image
 * through our wrapper (PNG in → worker thread → PNG out), against direct calls of the same model in
 * this thread without the wrapper:
 *   - our tiling (engine.upscaleRgb) on raw RGB, same patches, no worker, no PNG;
 *   - upscaler's own Upscaler class (getUpscaler on @tensorflow/tfjs), same patchSize/padding;
 *   - the whole image through model.predict at once (no patches).
 * Then PSNR against a ground truth for every tier and lanczos3 at ×2 and ×4.
 * Times are printed, not asserted. Run: `node --import tsx scripts/bench/upscale-direct.ts`
 * (BENCH_RUNS=2 warm runs each, BENCH_SIZE=512, BENCH_FAMILIES=slim,medium, BENCH_PSNR=0 to skip PSNR).
 */
import sharp from 'sharp';
import { createLibraryUpscaler, initBackend, ModelCache, tf, upscaleRgb, upscaleRgbWhole } from '../../server/providers/ai/local-upscaler/engine.ts';
import {
  createLocalUpscaler,
  DEFAULT_PATCH_PADDING,
  DEFAULT_PATCH_SIZE,
} from '../../server/providers/ai/local-upscaler/index.ts';
import type { ModelFamily } from '../../server/providers/ai/local-upscaler/models.ts';
import { imagePsnr, makeTestImage, rawRgb } from '../../server/providers/ai/local-upscaler/test-image.ts';
import { fmt, percentile, ratioOf, report, table, timeEach, type BenchResult } from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const SIZE = Number(process.env.BENCH_SIZE ?? 512);
const FAMILIES = (process.env.BENCH_FAMILIES ?? 'slim,medium').split(',') as ModelFamily[];
const TIER: Record<ModelFamily, 'standard' | 'high_quality'> = { slim: 'standard', medium: 'high_quality' };
const patch = { patchSize: DEFAULT_PATCH_SIZE, padding: DEFAULT_PATCH_PADDING };

const png = await makeTestImage(SIZE, SIZE);
const rgb = await rawRgb(png);
const seconds = (ms: number) => fmt(ms / 1000, 2);
const median = (samples: number[]) => percentile(samples, 50);

console.log(`Local upscaler ×2 of ${SIZE}×${SIZE} (patch ${patch.patchSize}, padding ${patch.padding}); ${RUNS} warm runs each, median seconds.`);
await initBackend();
const cache = new ModelCache();
const upscaler = createLocalUpscaler();
const rows: Array<Record<string, string>> = [];
const results: BenchResult[] = [];

for (const family of FAMILIES) {
  const tier = TIER[family];
  // Wrapper: the first call also starts the worker and loads the model.
  const coldStart = performance.now();
  await upscaler.upscale({ image: { data: png, mime: 'image/png' }, scale: 2, tier });
  const cold = performance.now() - coldStart;
  const wrapper = await timeEach(RUNS, () => upscaler.upscale({ image: { data: png, mime: 'image/png' }, scale: 2, tier }));

  // Direct calls in this thread.
  const { model } = await cache.get(family, 2);
  await upscaleRgb(model, 2, rgb.data, rgb.width, rgb.height, patch); // warm-up
  const ourTiling = await timeEach(RUNS, () => upscaleRgb(model, 2, rgb.data, rgb.width, rgb.height, patch));

  const library = createLibraryUpscaler((await cache.get(family, 2)).resolved);
  await library.ready;
  const runLibrary = async () => {
    const out = await library.upscale(tf.tensor3d(rgb.data, [rgb.height, rgb.width, 3], 'float32'), { output: 'tensor', ...patch });
    await out.data();
    out.dispose();
  };
  await runLibrary(); // warm-up
  const lib = await timeEach(RUNS, runLibrary);
  await library.dispose();

  const whole = await timeEach(RUNS, () => upscaleRgbWhole(model, rgb.data, rgb.width, rgb.height));

  const base = median(lib.samples);
  const add = (what: string, samples: number[]) =>
    rows.push({ model: `${family} ×2`, what, 'median s': seconds(median(samples)), 'vs upscaler': fmt(median(samples) / base) });
  add('our wrapper: PNG → worker → PNG', wrapper.samples);
  const wrapperS = median(wrapper.samples) / 1000;
  const ratio = ratioOf(wrapperS, base / 1000, 'lower');
  results.push({ benchmark: 'upscale-direct', measure: `${family} x2 of ${SIZE} px through our wrapper (PNG → worker → PNG)`, value: wrapperS, unit: 's', anchor: "upscaler's own Upscaler.upscale, same patches", anchorValue: base / 1000, ratio, better: 'lower', goal: 'ratio ≥ 0.80', met: ratio >= 0.8 });
  rows.push({ model: `${family} ×2`, what: 'our wrapper, first call (worker start + model load)', 'median s': seconds(cold), 'vs upscaler': fmt(cold / base) });
  add('direct: our tiling, raw RGB, this thread', ourTiling.samples);
  add('direct: upscaler Upscaler.upscale, same patches', lib.samples);
  add('direct: whole image, one model.predict', whole.samples);
}
console.log(table(rows));
report(results);

if (process.env.BENCH_PSNR !== '0') {
  // Ground truth SIZE px; bicubic downscale by the factor, upscale back, PSNR against the truth.
  const psnrRows: Array<Record<string, string>> = [];
  for (const scale of [2, 4] as const) {
    const small = await sharp(png).resize(SIZE / scale, SIZE / scale, { kernel: 'cubic' }).png().toBuffer();
    const lanczos = await sharp(small).resize(SIZE, SIZE, { kernel: 'lanczos3' }).png().toBuffer();
    const row: Record<string, string> = { scale: `×${scale} (${SIZE / scale} → ${SIZE})`, lanczos3: fmt(await imagePsnr(png, lanczos)) };
    for (const tier of ['fast', 'standard', 'high_quality'] as const) {
      const result = await upscaler.upscale({ image: { data: small, mime: 'image/png' }, scale, tier });
      row[tier] = fmt(await imagePsnr(png, result.data));
    }
    psnrRows.push(row);
  }
  console.log('\nPSNR against the ground truth (dB, higher is better):');
  console.log(table(psnrRows));
}
await upscaler.worker.close();
