/**
 * Event-loop lag while the local upscaler works: a 10 ms timer's delay (what a request arriving meanwhile
 * waits) during a standard ×2 upscale in the worker thread, and during the same model on the main thread.
 * The absolute figures live here; worker.test.ts asserts only the ratio against its in-test control, so a
 * loaded machine cannot fail it. Times are printed, not asserted.
 * Run: `node --import tsx scripts/bench/event-loop-lag.ts` (BENCH_SIZE=256).
 */
import { initBackend, ModelCache, upscaleRgbWhole } from '../../server/providers/ai/local-upscaler/engine.ts';
import { createLocalUpscaler } from '../../server/providers/ai/local-upscaler/index.ts';
import { makeTestImage, rawRgb } from '../../server/providers/ai/local-upscaler/test-image.ts';
import { lagsDuring } from '../../server/test-support/timing.ts';
import { fmt, percentile, ratioOf, report, table } from './stats.ts';

const SIZE = Number(process.env.BENCH_SIZE ?? 256);
/** Lags while `work` runs, with its duration in seconds. */
async function measure(work: () => Promise<unknown>) {
  const { lags, elapsedMs } = await lagsDuring(work);
  return { seconds: elapsedMs / 1000, lags };
}

const png = await makeTestImage(SIZE, SIZE);
const rgb = await rawRgb(png);
const upscaler = createLocalUpscaler();
await upscaler.upscale({ image: { data: await makeTestImage(24, 16), mime: 'image/png' }, scale: 2, tier: 'standard' });
const inWorker = await measure(() => upscaler.upscale({ image: { data: png, mime: 'image/png' }, scale: 2, tier: 'standard' }));
await upscaler.close();

await initBackend();
const { model } = await new ModelCache().get('slim', 2);
const onMain = await measure(() => upscaleRgbWhole(model, new Uint8Array(rgb.data), rgb.width, rgb.height));

const row = (where: string, m: typeof inWorker) => ({
  where,
  seconds: fmt(m.seconds),
  samples: m.lags.length,
  'p50 ms': fmt(percentile(m.lags, 50), 1),
  'p99 ms': fmt(percentile(m.lags, 99), 1),
  'max ms': fmt(Math.max(...m.lags), 1),
});
console.log(`event-loop lag during ESRGAN slim ×2 of ${SIZE}×${SIZE}`);
console.log(table([row('worker thread', inWorker), row('main thread', onMain)]));
const workerP99 = percentile(inWorker.lags, 99);
const mainP99 = percentile(onMain.lags, 99);
report([
  {
    benchmark: 'event-loop-lag',
    measure: `event-loop lag p99 during an ESRGAN slim x2 of ${SIZE} px in the worker thread`,
    value: workerP99,
    unit: 'ms',
    anchor: 'the same model on the main thread',
    anchorValue: mainP99,
    ratio: ratioOf(workerP99, mainP99, 'lower'),
    better: 'lower',
    goal: 'p99 < 50 ms',
    met: workerP99 < 50,
  },
]);
